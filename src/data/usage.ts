// What each store holds, counted record by record (IndexedDB has no per-store quota figure),
// and the browser-level storage facts: the estimate, and persistence against eviction.
import { getDb, storageEstimate, type StoreName } from './db.ts';

export { storageEstimate };

/** Bytes of blobs, strings and buffers in a record; an estimate (nested up to 6 levels). */
export function approximateSize(v: unknown, depth = 0): number {
  if (v instanceof Blob) return v.size;
  if (typeof v === 'string') return v.length * 2;
  if (v instanceof ArrayBuffer) return v.byteLength;
  if (ArrayBuffer.isView(v)) return v.byteLength;
  if (typeof v === 'number' || typeof v === 'boolean') return 8;
  if (depth > 6 || v === null || typeof v !== 'object') return 0;
  let n = 0;
  for (const x of Object.values(v as Record<string, unknown>)) n += approximateSize(x, depth + 1);
  return n;
}

export async function storeSize(store: StoreName): Promise<{ count: number; bytes: number }> {
  const db = await getDb();
  let count = 0;
  let bytes = 0;
  let cursor = await db.transaction(store).store.openCursor();
  while (cursor) {
    count++;
    bytes += approximateSize(cursor.value);
    cursor = await cursor.continue();
  }
  return { count, bytes };
}

export async function clearStore(store: StoreName): Promise<void> {
  await (await getDb()).clear(store);
}

/** Asks the browser not to evict our data under storage pressure (a prompt in some browsers). */
export async function requestPersistence(): Promise<boolean | null> {
  if (!navigator.storage?.persist) return null;
  return navigator.storage.persist();
}

export async function isPersisted(): Promise<boolean | null> {
  if (!navigator.storage?.persisted) return null;
  return navigator.storage.persisted();
}
