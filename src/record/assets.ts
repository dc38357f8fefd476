// Asset anonymisation for a recorded task (pure): every file the page references is given
// the official anonymous name (asset_001.png, asset_002.svg ... in order of first use) and
// each reference becomes `__PLACEHOLDER_ASSETS_BASE_DIR__/asset_NNN.ext`, the form the
// benchmark asks models to write and the sandbox resolves. Files the page never names are
// not part of the task.

export const PLACEHOLDER = '__PLACEHOLDER_ASSETS_BASE_DIR__';

export interface Anonymised {
  html: string;
  /** Original path (relative to the page, '/'-separated) -> anonymous name, in numbering order. */
  names: Map<string, string>;
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The extension an anonymous name keeps (lower case; "bin" when the file has none). */
function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : 'bin';
}

/** The ways a page may write a reference to `path`: as is, URL-encoded, after "./" or the placeholder. */
function referencePattern(path: string): RegExp {
  const forms = [...new Set([path, encodeURI(path)])].map(escapeRe).join('|');
  // Before: a quote, "(", "=", a comma (srcset), whitespace or the start; after: the same family or ? and #.
  return new RegExp(`(^|["'(=,\\s])(?:\\./)?(?:${escapeRe(PLACEHOLDER)}/)?(?:${forms})(?=["')\\s?#,]|$)`, 'g');
}

/**
 * Finds which of `paths` the page references and rewrites those references. Longer paths are
 * matched first, so "img/a.png" is not taken for "a.png". Numbering follows the first
 * reference in the page.
 */
export function anonymiseAssets(html: string, paths: readonly string[]): Anonymised {
  const firstUse: { path: string; at: number }[] = [];
  for (const path of paths) {
    const m = referencePattern(path).exec(html);
    if (m) firstUse.push({ path, at: m.index + m[1]!.length });
  }
  firstUse.sort((a, b) => a.at - b.at || a.path.localeCompare(b.path));
  const names = new Map<string, string>();
  firstUse.forEach((u, i) => names.set(u.path, `asset_${String(i + 1).padStart(3, '0')}.${extensionOf(u.path)}`));
  // Rewrite longest first, each to a marker that no path can match, then the markers to names.
  const marker = (i: number) => `\u0000${i}\u0000`;
  const order = [...names.keys()].sort((a, b) => b.length - a.length);
  let out = html;
  order.forEach((path, i) => {
    out = out.replace(referencePattern(path), (_m, before: string) => `${before}${marker(i)}`);
  });
  order.forEach((path, i) => {
    out = out.split(marker(i)).join(`${PLACEHOLDER}/${names.get(path)}`);
  });
  return { html: out, names };
}

/** Original file names that still appear in a text (a check that the export leaks none). */
export function leakedNames(text: string, originals: readonly string[]): string[] {
  return originals.filter((p) => {
    const base = p.slice(p.lastIndexOf('/') + 1);
    return !/^asset_\d{3}\.[a-z0-9]+$/i.test(base) && text.includes(base);
  });
}

/** Files that are never a page's assets (pages, data and notes next to it). */
export const isAssetPath = (path: string): boolean => !/\.(html?|json|md|txt)$/i.test(path);
