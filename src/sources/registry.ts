// The live task sources of this tab, rebuilt from IndexedDB after a reload. The API
// (src/api/tasks.ts) and the sources panel both go through these functions, so a source
// added by either is seen by both.
import { storageEstimate, StorageFullError } from '../data/db.ts';
import {
  deleteSourceFiles,
  deleteSourceRecord,
  getCachedFile,
  getSourceRecord,
  listSourceRecords,
  putCachedFile,
  putSourceRecord,
  sourceStorageBytes,
  ZIP_BLOB_PATH,
  type SourceKind,
  type SourceRecord,
} from '../data/sources.ts';
import type { ParsedDataset } from '../task/parse.ts';
import type { Task } from '../task/types.ts';
import { formatBytes, NotADatasetError, SourceError, ZipTooLargeError } from './errors.ts';
import { FolderSource, type FileMap } from './folder.ts';
import { findDatasetRoot, underRoot } from './layout.ts';
import { loadDataset, openTaskFolder, type OpenedTask } from './loader.ts';
import type { DatasetSource, TaskProgress } from './types.ts';
import { normaliseBaseUrl, UrlSource } from './url.ts';
import { readZipDirectory } from './zip.ts';
import { ZipSource } from './zipSource.ts';

export const SAMPLES_ID = 'samples';

export interface SourceInfo {
  id: string;
  kind: SourceKind;
  label: string;
  url?: string;
  addedAt: number;
  /** Bytes this source keeps in IndexedDB (cache, or the zip itself). */
  storedBytes: number;
  /** folder: whether files not yet cached can be read (false after a reload until the folder is added again). */
  attached: boolean;
}

const live = new Map<string, DatasetSource>();
const datasets = new Map<string, ParsedDataset>();

type ProgressListener = (sourceId: string, p: TaskProgress) => void;
const progressListeners = new Set<ProgressListener>();
export function onTaskProgress(l: ProgressListener): () => void {
  progressListeners.add(l);
  return () => progressListeners.delete(l);
}

const newId = (kind: SourceKind) => `${kind}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function samplesRecord(stored?: SourceRecord): SourceRecord {
  // The app may be served from another address than last time: the base always follows the page.
  const url = new URL('samples/dataset/', document.baseURI).href;
  const same = stored?.url === url;
  // The build ships the samples' manifest.json (scripts/build/samples-files.mjs): a state
  // remembered by an older version, which had none, must not send the source to folder listings.
  const { manifest: _shipped, ...kept } = same && stored ? stored : ({} as Partial<SourceRecord>);
  return { ...kept, id: SAMPLES_ID, kind: 'samples', label: 'Built-in samples', url, addedAt: 0 };
}

function sourceFromRecord(record: SourceRecord): DatasetSource {
  switch (record.kind) {
    case 'url':
    case 'samples':
      return new UrlSource(record);
    case 'zip':
      return new ZipSource(record);
    case 'folder':
      return new FolderSource(record, null);
  }
}

export async function getSource(id: string): Promise<DatasetSource> {
  const known = live.get(id);
  if (known) return known;
  const record = id === SAMPLES_ID ? samplesRecord(await getSourceRecord(id)) : await getSourceRecord(id);
  if (!record) throw new SourceError(`no source with id "${id}"`);
  const source = sourceFromRecord(record);
  live.set(id, source);
  return source;
}

async function info(record: SourceRecord): Promise<SourceInfo> {
  const source = live.get(record.id);
  return {
    id: record.id,
    kind: record.kind,
    label: record.label,
    ...(record.url ? { url: record.url } : {}),
    addedAt: record.addedAt,
    storedBytes: await sourceStorageBytes(record.id),
    attached: record.kind !== 'folder' || (source instanceof FolderSource && source.attached),
  };
}

export async function listSources(): Promise<SourceInfo[]> {
  const records = await listSourceRecords();
  const samples = samplesRecord(records.find((r) => r.id === SAMPLES_ID));
  return Promise.all([samples, ...records.filter((r) => r.id !== SAMPLES_ID)].map(info));
}

export async function addUrlSource(url: string, opts: { timeoutMs?: number } = {}): Promise<SourceInfo> {
  const base = normaliseBaseUrl(url, document.baseURI);
  const existing = (await listSourceRecords()).find((r) => r.kind === 'url' && r.url === base);
  if (existing) return info(existing);
  const record: SourceRecord = { id: newId('url'), kind: 'url', label: base, url: base, addedAt: Date.now() };
  const source = new UrlSource(record, { cache: true, persist: true, ...opts });
  try {
    datasets.set(record.id, await loadDataset(source));
  } catch (err) {
    await deleteSourceFiles(record.id);
    if (err instanceof NotADatasetError) throw new NotADatasetError(`${base} is not a dataset: ${base}data.jsonl was not found`);
    throw err;
  }
  await putSourceRecord(record);
  live.set(record.id, source);
  return info(record);
}

export async function addZipSource(file: Blob, name = file instanceof File ? file.name : 'dataset.zip'): Promise<SourceInfo> {
  return storeZip({ id: newId('zip'), kind: 'zip', label: name, addedAt: Date.now() }, file);
}

/**
 * A zip source's archive replaced by a new one under the same id (a recorded task added to
 * it): links to its tasks keep working, and what was cached from the old archive is dropped.
 */
export async function replaceZipSource(id: string, file: Blob): Promise<SourceInfo> {
  const record = await getSourceRecord(id);
  if (!record || record.kind !== 'zip') throw new SourceError(`no zip source with id "${id}"`);
  return storeZip(record, file, true);
}

/** The archive a zip source keeps. */
export async function zipSourceBytes(id: string): Promise<Blob> {
  const record = await getSourceRecord(id);
  const blob = record?.kind === 'zip' ? await getCachedFile(id, ZIP_BLOB_PATH) : undefined;
  if (!blob) throw new SourceError(`no zip source with id "${id}"`);
  return blob;
}

/** Reads the archive's listing, checks the space, then keeps the archive and the record. */
async function storeZip(base: SourceRecord, file: Blob, replacing = false): Promise<SourceInfo> {
  const name = base.label;
  const dir = await readZipDirectory(file, name);
  const all = dir.entries.map((e) => e.name);
  const root = findDatasetRoot(all);
  if (root === null) throw new NotADatasetError(`${name} is not a dataset: it holds no data.jsonl`);
  const tooLarge = (free: number) =>
    new ZipTooLargeError(
      `${name} is ${formatBytes(file.size)}, more than this browser will store for this site (${formatBytes(Math.max(0, free))} free). Unpack it and add the folder instead (a folder is read in place), or remove other sources to free space.`,
    );
  const { usage, quota } = await storageEstimate();
  const freed = replacing ? (base.size ?? 0) : 0;
  if (quota > 0 && file.size > quota - usage + freed) throw tooLarge(quota - usage + freed);
  const record: SourceRecord = { ...base, root, paths: underRoot(all, root), size: file.size };
  try {
    // Replacing: the new archive overwrites the old in one write (a write that fails leaves
    // the old one, so recorded tasks are never lost), then what was read from the old goes.
    await putCachedFile(record.id, ZIP_BLOB_PATH, file);
    if (replacing) await deleteSourceFiles(record.id, ZIP_BLOB_PATH);
    await putSourceRecord(record);
  } catch (err) {
    if (!replacing) await deleteSourceRecord(record.id).catch(() => {});
    if (err instanceof StorageFullError) {
      const now = await storageEstimate();
      throw tooLarge(now.quota - now.usage);
    }
    throw err;
  }
  const source = new ZipSource(record, file);
  live.set(record.id, source);
  datasets.delete(record.id);
  return info(record);
}

/** A picked or dropped folder. Adding a folder with the same name again re-attaches it. */
export async function addFolderSource(name: string, files: FileMap, handle?: unknown): Promise<SourceInfo> {
  const root = findDatasetRoot(files.keys());
  if (root === null) throw new NotADatasetError(`The folder "${name}" is not a dataset: it has no data.jsonl`);
  const paths = underRoot(files.keys(), root);
  const label = root ? `${name}/${root.slice(0, -1)}` : name;
  const existing = (await listSourceRecords()).find((r) => r.kind === 'folder' && r.label === label);
  const record: SourceRecord = existing
    ? { ...existing, root, paths, ...(handle ? { handle } : {}) }
    : { id: newId('folder'), kind: 'folder', label, root, paths, addedAt: Date.now(), ...(handle ? { handle } : {}) };
  if (existing) await deleteSourceFiles(record.id); // the folder may have changed since it was cached
  const source = new FolderSource(record, files);
  datasets.set(record.id, await loadDataset(source));
  await putSourceRecord(record);
  live.set(record.id, source);
  return info(record);
}

export async function removeSource(id: string): Promise<void> {
  live.delete(id);
  datasets.delete(id);
  // The samples stay listed (they ship with the app): removing them only frees their cache.
  await deleteSourceRecord(id);
}

export async function loadSource(id: string): Promise<ParsedDataset> {
  const dataset = await loadDataset(await getSource(id));
  datasets.set(id, dataset);
  return dataset;
}

export async function findTask(sourceId: string, taskId: string): Promise<Task> {
  const dataset = datasets.get(sourceId) ?? (await loadSource(sourceId));
  const task = dataset.tasks.find((t) => t.id === String(taskId));
  if (!task) throw new SourceError(`task ${taskId} is not in ${(await getSource(sourceId)).label}`);
  return task;
}

export async function openTask(
  sourceId: string,
  taskId: string,
  opts: { signal?: AbortSignal; onProgress?: (p: TaskProgress) => void } = {},
): Promise<OpenedTask> {
  const source = await getSource(sourceId);
  const task = await findTask(sourceId, taskId);
  return openTaskFolder(source, task, {
    readAll: true,
    ...(opts.signal ? { signal: opts.signal } : {}),
    onProgress: (p) => {
      opts.onProgress?.(p);
      for (const l of progressListeners) l(sourceId, p);
    },
  });
}

export async function getTaskFile(sourceId: string, taskId: string, path: string): Promise<Blob> {
  const source = await getSource(sourceId);
  const full = `data/${taskId}/${path.replace(/^\/+/, '')}`;
  const blob = await source.readFile(full);
  if (!blob) throw new SourceError(`${full} does not exist in ${source.label}`);
  return blob;
}
