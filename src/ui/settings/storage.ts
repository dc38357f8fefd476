// What the app keeps in this browser, store by store, and how to free it. Sizes are
// counted from the stored blobs (IndexedDB has no per-store quota figure); the total comes
// from navigator.storage.estimate().
import { getDb, storageEstimate, type StoreName } from '../../data/db.ts';

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
};

function sizeOf(v: unknown, depth = 0): number {
  if (v instanceof Blob) return v.size;
  if (typeof v === 'string') return v.length * 2;
  if (v instanceof ArrayBuffer) return v.byteLength;
  if (ArrayBuffer.isView(v)) return v.byteLength;
  if (typeof v === 'number' || typeof v === 'boolean') return 8;
  if (depth > 6 || v === null || typeof v !== 'object') return 0;
  let n = 0;
  for (const x of Object.values(v as Record<string, unknown>)) n += sizeOf(x, depth + 1);
  return n;
}

export async function storeUsage(): Promise<StoreUsage[]> {
  const db = await getDb();
  const out: StoreUsage[] = [];
  for (const [store, meta] of Object.entries(LABELS) as [StoreName, { label: string; note: string }][]) {
    let count = 0;
    let bytes = 0;
    let cursor = await db.transaction(store).store.openCursor();
    while (cursor) {
      count++;
      bytes += sizeOf(cursor.value);
      cursor = await cursor.continue();
    }
    out.push({ store, ...meta, count, bytes });
  }
  return out;
}

export async function clearStore(store: StoreName): Promise<void> {
  const db = await getDb();
  await db.clear(store);
}

export { storageEstimate };

/** Asks the browser not to evict our data under storage pressure (a prompt in some browsers). */
export async function requestPersistence(): Promise<boolean | null> {
  if (!navigator.storage?.persist) return null;
  return navigator.storage.persist();
}

export async function isPersisted(): Promise<boolean | null> {
  if (!navigator.storage?.persisted) return null;
  return navigator.storage.persisted();
}
