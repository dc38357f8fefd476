// Read-through cache of source files in IndexedDB (`files` store). A failed cache write
// never fails the read itself (the bytes are in hand); it is reported to listeners so the
// UI can say that the next visit will need the network or the folder again.
import { getCachedFile, putCachedFile } from '../data/sources.ts';
import { errorMessage } from './errors.ts';

type CacheFailureListener = (sourceId: string, path: string, message: string) => void;
const listeners = new Set<CacheFailureListener>();

export function onCacheFailure(listener: CacheFailureListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function readThrough(sourceId: string, path: string, read: () => Promise<Blob | null>): Promise<Blob | null> {
  const cached = await getCachedFile(sourceId, path);
  if (cached) return cached;
  const blob = await read();
  if (blob) {
    try {
      await putCachedFile(sourceId, path, blob);
    } catch (err) {
      console.warn(`IWR Studio: could not cache ${path}: ${errorMessage(err)}`);
      for (const l of listeners) l(sourceId, path, errorMessage(err));
    }
  }
  return blob;
}
