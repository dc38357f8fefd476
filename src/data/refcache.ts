// Reference checkpoints are scored against every candidate of a task, so their OCR text and
// DINO embedding are computed once per (task, engine or model hash, checkpoint) and kept in
// the `refcache` store. Concurrent requests for the same key share one computation.
import { sha256Hex } from './bytes.ts';
import { getDb, guardedWrite } from './db.ts';
import { sharedStore as sharedRefStore } from './shared-store.ts';
import { dinoCacheId, type DinoPrecision } from '../shared/dino-id.ts';

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
  /** Absent in entries made before the float16 option: those are float32. */
  precision?: DinoPrecision;
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

/**
 * The shared store's key: a content address, so that only the same image scored by the same
 * engine (OCR engine id, or the DINO model's hash) can hit, whatever the dataset or task.
 */
export async function sharedRefKey(engine: string, image: Blob): Promise<string> {
  return `v1|${engine}|${await imageHash(image)}`;
}

/** Each image is hashed once, though its OCR and its embedding both ask for its key. */
const hashes = new WeakMap<Blob, Promise<string>>();
function imageHash(image: Blob): Promise<string> {
  let h = hashes.get(image);
  if (!h) {
    h = sha256Hex(image);
    hashes.set(image, h);
    h.catch(() => hashes.delete(image));
  }
  return h;
}

/** JSON for the shared store: the embedding as plain numbers (float32 values survive the trip exactly). */
function toShared(e: RefEntry): unknown {
  return e.kind === 'dino' ? { ...e, embedding: Array.from(e.embedding) } : e;
}

function fromShared(v: unknown): RefEntry | null {
  const e = v as { kind?: unknown; embedding?: unknown } | null;
  const entry =
    e?.kind === 'dino' && Array.isArray(e.embedding) && e.embedding.every((n) => typeof n === 'number')
      ? { ...e, embedding: Float32Array.from(e.embedding as number[]) }
      : v;
  return valid(entry) ? entry : null;
}

const inflight = new Map<string, Promise<RefEntry>>();
/** The last shared-store lookup (or computation) per image content; see byContent(). */
const contentTurns = new Map<string, Promise<unknown>>();

/**
 * Runs `f` after every earlier call for the same content key has ended. Two requests for
 * one image at the same moment (a screenshot identical to its reference, OCRed side by side)
 * then go as they would one after the other: the second finds the first one's entry in the
 * shared store instead of scoring the image again.
 */
async function byContent<T>(skey: string, f: () => Promise<T>): Promise<T> {
  const before = contentTurns.get(skey) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(f);
  const turn = mine.catch(() => {});
  contentTurns.set(skey, turn);
  try {
    return await mine;
  } finally {
    if (contentTurns.get(skey) === turn) contentTurns.delete(skey);
  }
}

/**
 * The cached entry for `key`, or `compute()`'s result, stored before it is returned. With
 * `sharedKey` and a shared store present, the store is asked before computing and given
 * what was computed; a failing store costs the reuse, never the score.
 */
export function cachedRef<T extends RefEntry>(key: string, compute: () => Promise<T>, sharedKey?: () => Promise<string>): Promise<T> {
  const running = inflight.get(key);
  if (running) return running as Promise<T>;
  const computeAndKeep = async (store: ReturnType<typeof sharedRefStore>, skey: string | null): Promise<T> => {
    const fresh = await compute();
    await putRef(key, fresh);
    if (store && skey) {
      try {
        await store.put(skey, toShared(fresh));
      } catch (err) {
        console.warn(`reference cache: could not keep ${key}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return fresh;
  };
  const p = (async () => {
    const hit = await getRef(key);
    if (hit) return hit as T;
    const store = sharedKey ? sharedRefStore() : null;
    if (!store || !sharedKey) return computeAndKeep(null, null);
    let skey: string;
    try {
      skey = await sharedKey();
    } catch (err) {
      console.warn(`reference cache: ${err instanceof Error ? err.message : String(err)}`);
      return computeAndKeep(null, null);
    }
    return byContent(skey, async () => {
      try {
        const found = fromShared(await store.get(skey));
        // The key names the engine; an entry made by another one is not this entry.
        if (found && skey.startsWith(`v1|${found.kind === 'dino' ? dinoCacheId(found) : found.engine}|`)) {
          await putRef(key, found);
          return found as T;
        }
      } catch (err) {
        console.warn(`reference cache: ${err instanceof Error ? err.message : String(err)}`);
      }
      return computeAndKeep(store, skey);
    });
  })();
  inflight.set(key, p);
  const forget = () => {
    inflight.delete(key);
  };
  p.then(forget, forget);
  return p;
}
