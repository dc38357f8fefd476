// What the app keeps in this browser, store by store, and how to free it. Sizes are counted
// from the stored records (src/data/usage.ts); the total comes from navigator.storage.estimate().
import type { StoreName } from '../../data/db.ts';
import { storeSize } from '../../data/usage.ts';

export { clearStore, isPersisted, requestPersistence, storageEstimate } from '../../data/usage.ts';

export interface StoreUsage {
  store: StoreName;
  label: string;
  count: number;
  /** Bytes of blobs and strings counted in the records; an estimate. */
  bytes: number;
  /** Why freeing it is safe, or what it costs. */
  note: string;
}

const LABELS: Partial<Record<StoreName, { label: string; note: string }>> = {
  files: { label: 'Cached task files', note: 'URL sources download them again; folder sources need the folder again' },
  runs: { label: 'Runs', note: 'scores and step logs of every evaluation; the leaderboard is built from them' },
  blobs: { label: 'Run screenshots', note: 'screenshots of stored runs; results lose their images' },
  candidates: { label: 'Candidates', note: 'your index.html drafts and imports' },
  judgments: { label: 'Judge replies', note: 'cached judge answers; re-judging calls the judge again' },
  refcache: { label: 'Reference OCR/DINO cache', note: 'recomputed on the next run' },
  models: { label: 'Models', note: 'the DINOv2 file is downloaded again when needed' },
  resolutions: { label: 'Resolver answers', note: 'cached model picks of the LLM resolver; asked again when needed' },
  checks: {
    label: 'Checks written here',
    note: "judge-free checks edited, approved or imported in this browser; the tasks' own checks.json apply again (export runs first to keep them)",
  },
  builds: { label: 'Project builds', note: 'outputs of projects built here (WebContainer); a project dropped again is built again' },
};

export async function storeUsage(): Promise<StoreUsage[]> {
  const out: StoreUsage[] = [];
  for (const [store, meta] of Object.entries(LABELS) as [StoreName, { label: string; note: string }][])
    out.push({ store, ...meta, ...(await storeSize(store)) });
  return out;
}
