// Judge-free checks during a replay (src/checks): the facts a step's check needs are read
// from the live page by the agent ('observe'), before the step for comparisons with the state
// before it, and after the step's wait and screenshot; the verdict is pure (checks/verdict.ts).
// A page that throws, hangs or removes the element fails the check with the reason; the
// replay itself goes on (a check is an assertion, not a step).
import type { PageSnapshot } from '../driver/snapshot.ts';
import { needsLook } from '../driver/parse.ts';
import { resolveStep } from '../driver/resolve.ts';
import type { Observation, Probe, ProbeTarget, Target, CheckEntry, CheckVerdict } from '../checks/types.ts';
import { decide, leavesOf, probesFor, targetOf, type Leaf } from '../checks/verdict.ts';
import type { Step } from '../task/types.ts';
import type { SandboxHost } from '../sandbox/host.ts';

/** One observe call's limit: reads are synchronous in the page, so a live page answers in ms. */
export const CHECK_TIMEOUT_MS = 5000;

/** Pixels whose largest channel difference is above this count as changed (PNG noise stays below). */
const PIXEL_THRESHOLD = 24;

const asStep = (description: string): Step => ({ type: 'Click', parameters: { description } }) as unknown as Step;

/** Resolves description targets on one snapshot, as a Click step with that description would. */
function targetResolver(snap: PageSnapshot | null): (t: Target) => ProbeTarget | string {
  return (t) => {
    if (!('description' in t)) return t;
    if (!snap) return `no snapshot to find "${t.description}" in`;
    const r = resolveStep(asStep(t.description), snap);
    return r.ok ? { index: r.index } : `no element matches "${t.description}" (${r.reason})`;
  };
}

const hasDescriptions = (leaves: readonly Leaf[]): boolean =>
  leaves.some((l) => {
    const t = targetOf(l.check);
    return !!t && 'description' in t;
  });

const needsLookFor = (leaves: readonly Leaf[]): boolean =>
  leaves.some((l) => {
    const t = targetOf(l.check);
    return !!t && 'description' in t && needsLook(asStep(t.description));
  });

export interface CheckReads {
  observations: Map<string, Observation>;
  unresolved: Map<string, string>;
}

/** Reads what the leaves need now ('before': only comparisons with the state before the step). */
export async function readChecks(
  host: SandboxHost,
  entry: CheckEntry,
  phase: 'before' | 'after',
  signal?: AbortSignal,
): Promise<CheckReads> {
  const leaves = leavesOf(entry.check);
  const observations = new Map<string, Observation>();
  const wanted = probesFor(leaves, () => ({ index: -1 }), phase).probes;
  if (!wanted.length) return { observations, unresolved: new Map() };
  try {
    const needsSnap = hasDescriptions(leaves.filter((l) => wanted.some((p) => p.id === l.path)));
    const snap = needsSnap
      ? await host.request<PageSnapshot>({ cmd: 'snapshot', look: needsLookFor(leaves) }, CHECK_TIMEOUT_MS, signal)
      : null;
    const { probes, unresolved } = probesFor(leaves, targetResolver(snap), phase);
    const seen = probes.length ? await host.request<Observation[]>({ cmd: 'observe', probes }, CHECK_TIMEOUT_MS, signal) : [];
    for (const o of Array.isArray(seen) ? seen : []) if (o && typeof o.id === 'string') observations.set(o.id, o);
    return { observations, unresolved };
  } catch (err) {
    if (signal?.aborted) throw err;
    const why = `the page did not answer the check (${err instanceof Error ? err.message : String(err)})`;
    for (const p of wanted as Probe[]) observations.set(p.id, { id: p.id, found: false, error: why });
    return { observations, unresolved: new Map() };
  }
}

/** The fraction of pixels that differ between two screenshots, in a region (CSS px = image px). */
export async function changedFraction(
  before: Blob,
  after: Blob,
  region?: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const [a, b] = await Promise.all([createImageBitmap(before), createImageBitmap(after)]);
  try {
    const w = Math.min(a.width, b.width);
    const h = Math.min(a.height, b.height);
    const x0 = Math.max(0, Math.min(w, Math.floor(region?.x ?? 0)));
    const y0 = Math.max(0, Math.min(h, Math.floor(region?.y ?? 0)));
    const x1 = Math.max(x0, Math.min(w, Math.ceil(region ? region.x + region.width : w)));
    const y1 = Math.max(y0, Math.min(h, Math.ceil(region ? region.y + region.height : h)));
    const rw = x1 - x0;
    const rh = y1 - y0;
    if (rw === 0 || rh === 0) return 0;
    const pixels = (img: ImageBitmap) => {
      const c = new OffscreenCanvas(rw, rh);
      const ctx = c.getContext('2d');
      if (!ctx) throw new Error('no 2d canvas to compare screenshots');
      ctx.drawImage(img, x0, y0, rw, rh, 0, 0, rw, rh);
      return ctx.getImageData(0, 0, rw, rh).data;
    };
    const pa = pixels(a);
    const pb = pixels(b);
    let changed = 0;
    for (let i = 0; i < pa.length; i += 4) {
      const d = Math.max(Math.abs(pa[i]! - pb[i]!), Math.abs(pa[i + 1]! - pb[i + 1]!), Math.abs(pa[i + 2]! - pb[i + 2]!));
      if (d > PIXEL_THRESHOLD) changed++;
    }
    return changed / (rw * rh);
  } finally {
    a.close();
    b.close();
  }
}

/** The step's verdict from what was read before and after, and the two screenshots. */
export async function checkVerdict(
  entry: CheckEntry,
  before: CheckReads | null,
  after: CheckReads,
  shots: { before?: Blob; after?: Blob },
): Promise<CheckVerdict> {
  const changed = new Map<string, number | null>();
  for (const l of leavesOf(entry.check)) {
    if (l.check.kind !== 'changed') continue;
    changed.set(
      l.path,
      shots.before && shots.after ? await changedFraction(shots.before, shots.after, l.check.region).catch(() => null) : null,
    );
  }
  return decide(entry.check, {
    after: after.observations,
    ...(before ? { before: before.observations } : {}),
    changed,
    // A target not found before the step shows as "no number before the step".
    unresolved: after.unresolved,
  });
}
