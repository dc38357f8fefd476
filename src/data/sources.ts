// Typed helpers for the `sources` (remembered task sources) and `files` (their cached bytes)
// stores. A source's record is validated on load; a record that no longer fits is dropped
// with a console warning rather than breaking the list.
import { getDb, guardedWrite } from './db.ts';

export type SourceKind = 'samples' | 'folder' | 'zip' | 'url';

export interface SourceRecord {
  id: string;
  kind: SourceKind;
  /** What the user sees: folder name, zip file name or URL. */
  label: string;
  /** url / samples: the dataset's base URL, ending in "/". */
  url?: string;
  /** folder / zip: the folder inside the dataset that holds data.jsonl ("" or "name/"). */
  root?: string;
  /** folder / zip: every file path of the dataset (relative to `root`), known when added. */
  paths?: string[];
  /** url: whether `<base>manifest.json` exists (checked once). */
  manifest?: 'present' | 'absent';
  /** url: listings of task folders already found (by manifest, hub tree or folder listing), by task id. */
  listings?: Record<string, string[]>;
  /** Which probe list found them (a listing from an older list is found again). */
  listingsFormat?: number;
  /** zip: size of the stored archive, bytes. */
  size?: number;
  /** folder (File System Access): the directory handle, kept so a later visit can ask again. */
  handle?: unknown;
  addedAt: number;
}

/** The zip archive itself is stored under this path of its source. */
export const ZIP_BLOB_PATH = '#zip';
/** A task's gallery thumbnail, made once from its checkpoint 0 (no dataset path starts with '#'). */
export const thumbnailPath = (taskId: string): string => `#thumb/${taskId}`;

const KINDS: readonly SourceKind[] = ['samples', 'folder', 'zip', 'url'];

function validRecord(v: unknown): v is SourceRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.id === 'string' && typeof r.label === 'string' && KINDS.includes(r.kind as SourceKind) && typeof r.addedAt === 'number';
}

export async function putSourceRecord(record: SourceRecord): Promise<void> {
  const db = await getDb();
  await guardedWrite(`the source "${record.label}"`, () => db.put('sources', { ...record }, record.id));
}

export async function getSourceRecord(id: string): Promise<SourceRecord | undefined> {
  const db = await getDb();
  const v = await db.get('sources', id);
  return validRecord(v) ? v : undefined;
}

export async function listSourceRecords(): Promise<SourceRecord[]> {
  const db = await getDb();
  const all = await db.getAll('sources');
  const ok = (all as unknown[]).filter(validRecord);
  if (ok.length !== all.length)
    console.warn(`IWR Studio: ${all.length - ok.length} stored source record(s) had an unknown shape and were ignored.`);
  return ok.sort((a, b) => a.addedAt - b.addedAt);
}

/** Deletes a source and every file stored for it, in one transaction. */
export async function deleteSourceRecord(id: string): Promise<void> {
  const db = await getDb();
  const tx = db.transaction(['sources', 'files'], 'readwrite');
  await tx.objectStore('sources').delete(id);
  let cursor = await tx.objectStore('files').index('bySource').openKeyCursor(IDBKeyRange.only(id));
  while (cursor) {
    await tx.objectStore('files').delete(cursor.primaryKey);
    cursor = await cursor.continue();
  }
  await tx.done;
}

/** Every file kept for a source, but the one at `keep` (a path) when given. */
export async function deleteSourceFiles(id: string, keep?: string): Promise<void> {
  const db = await getDb();
  const tx = db.transaction('files', 'readwrite');
  let cursor = await tx.store.index('bySource').openKeyCursor(IDBKeyRange.only(id));
  while (cursor) {
    const [, path] = cursor.primaryKey as unknown as [string, string];
    if (path !== keep) await tx.store.delete(cursor.primaryKey);
    cursor = await cursor.continue();
  }
  await tx.done;
}

export async function getCachedFile(sourceId: string, path: string): Promise<Blob | undefined> {
  const db = await getDb();
  return (await db.get('files', [sourceId, path]))?.blob;
}

export async function putCachedFile(sourceId: string, path: string, blob: Blob): Promise<void> {
  const db = await getDb();
  await guardedWrite(path, () => db.put('files', { sourceId, path, blob, size: blob.size }, [sourceId, path]));
}

/** Bytes stored for one source (cached files plus, for a zip, the archive). */
export async function sourceStorageBytes(sourceId: string): Promise<number> {
  const db = await getDb();
  const rows = await db.getAllFromIndex('files', 'bySource', sourceId);
  return rows.reduce((n, r) => n + r.size, 0);
}
