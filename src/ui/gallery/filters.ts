// Gallery filtering and search, pure so it can be tested without a browser.
import type { Task } from '../../task/types.ts';

export interface GalleryFilter {
  query: string;
  interaction: string; // '' = all
  visual: string;
  domain: string;
  device: '' | 'desktop' | 'mobile';
}

export const EMPTY_FILTER: GalleryFilter = { query: '', interaction: '', visual: '', domain: '', device: '' };

/** Portrait recordings are the mobile ones (the dataset has 19 resolutions, 10.6% mobile). */
export const isMobile = (t: Task): boolean => t.resolution.height > t.resolution.width;

export function matches(t: Task, f: GalleryFilter): boolean {
  const c = t.record.classification ?? {};
  if (f.interaction && c.interaction_complexity !== f.interaction) return false;
  if (f.visual && c.visual_complexity !== f.visual) return false;
  if (f.domain && c.domain !== f.domain) return false;
  if (f.device === 'mobile' && !isMobile(t)) return false;
  if (f.device === 'desktop' && isMobile(t)) return false;
  const q = f.query.trim().toLowerCase();
  if (!q) return true;
  const hay = [
    t.id,
    t.record.source_website,
    c.domain,
    c.sub_domain,
    c.interaction_complexity,
    c.visual_complexity,
    ...t.record.action_sequence.map((s) => s.parameters?.description ?? ''),
  ]
    .filter((x): x is string => typeof x === 'string')
    .join('\n')
    .toLowerCase();
  return q.split(/\s+/).every((word) => hay.includes(word));
}

/** Distinct values of a classification field, sorted naturally (L1 < L2 < L10). */
export function facet(tasks: readonly Task[], key: 'interaction_complexity' | 'visual_complexity' | 'domain'): string[] {
  const set = new Set<string>();
  for (const t of tasks) {
    const v = t.record.classification?.[key];
    if (typeof v === 'string' && v) set.add(v);
  }
  return [...set].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** "L3" out of "L3: complex interaction" or "L3"; the gallery shows the short level. */
export function levelShort(v: string | undefined): string {
  if (!v) return '?';
  const m = /^\s*(L\d+)/i.exec(v);
  return m ? m[1]!.toUpperCase() : v;
}
