// Reference checkpoints are scored against every candidate of a task, so their OCR text and
// DINO embedding are computed once per (task, engine or model hash, checkpoint) and kept in
// the `refcache` store. Concurrent requests for the same key share one computation.
import { getDb, guardedWrite } from './db.ts';

export interface RefOcr {
  kind: 'ocr';
  text: string;
  engine: string;
  savedAt: number;
}

export interface RefEmbedding {
  kind: 'dino';
  embedding: Float32Array;
  modelId: string;
  sha256: string;
  savedAt: number;
}

export type RefEntry = RefOcr | RefEmbedding;

/** `${taskKey}|${engine}|${checkpoint}`, as documented on the store in db.ts. */
export function refKey(taskKey: string, engine: string, checkpoint: number | string): string {
  return `${taskKey}|${engine}|${checkpoint}`;
}

function valid(v: unknown): v is RefEntry {
  const e = v as { kind?: unknown; text?: unknown; engine?: unknown; embedding?: unknown; sha256?: unknown } | undefined;
  if (!e) return false;
  if (e.kind === 'ocr') return typeof e.text === 'string' && typeof e.engine === 'string';
  if (e.kind === 'dino') return e.embedding instanceof Float32Array && e.embedding.length > 0 && typeof e.sha256 === 'string';
  return false;
}

export async function getRef(key: string): Promise<RefEntry | null> {
  const v: unknown = await (await getDb()).get('refcache', key);
  return valid(v) ? v : null;
}

export async function putRef(key: string, entry: RefEntry): Promise<void> {
  await guardedWrite(`the reference cache entry ${key}`, async () => {
    await (await getDb()).put('refcache', entry as unknown as Record<string, unknown>, key);
  });
}

const inflight = new Map<string, Promise<RefEntry>>();

/** The cached entry for `key`, or `compute()`'s result, stored before it is returned. */
export function cachedRef<T extends RefEntry>(key: string, compute: () => Promise<T>): Promise<T> {
  const running = inflight.get(key);
  if (running) return running as Promise<T>;
  const p = (async () => {
    const hit = await getRef(key);
    if (hit) return hit as T;
    const fresh = await compute();
    await putRef(key, fresh);
    return fresh;
  })();
  inflight.set(key, p);
  const forget = () => { inflight.delete(key); };
  p.then(forget, forget);
  return p;
}

export async function clearRefsForTask(taskKey: string): Promise<number> {
  const db = await getDb();
  const range = IDBKeyRange.bound(`${taskKey}|`, `${taskKey}|\uffff`);
  const keys = await db.getAllKeys('refcache', range);
  const tx = db.transaction('refcache', 'readwrite');
  await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
  return keys.length;
}
