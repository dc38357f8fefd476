// Recorded tasks collected into one dataset zip (the layout the app opens as a source and
// `iwr validate` reads): data.jsonl gains the task's line and data/<id>/ its files. Ids follow
// the largest one already there, so tasks recorded one after another get consecutive ids.
import { unzipSync, zipSync } from 'fflate';
import { nextTaskId } from '../record/task.ts';
import type { TaskRecord } from '../task/types.ts';

export interface DatasetZip {
  /** The folder inside the zip that holds data.jsonl ("" or "name/"). */
  root: string;
  entries: Record<string, Uint8Array>;
  jsonl: string;
}

/** An empty dataset (a new one), or the one in a zip. */
export function readDatasetZip(bytes: Uint8Array | null, label: string): DatasetZip {
  if (!bytes) return { root: '', entries: {}, jsonl: '' };
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (err) {
    throw new Error(`${label} could not be read as a zip: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const jsonlPath = Object.keys(entries)
    .filter((p) => p === 'data.jsonl' || p.endsWith('/data.jsonl'))
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  if (jsonlPath === undefined) throw new Error(`${label} is not a dataset: it holds no data.jsonl`);
  return { root: jsonlPath.slice(0, -'data.jsonl'.length), entries, jsonl: new TextDecoder().decode(entries[jsonlPath]) };
}

/** The id the next recorded task gets in this dataset. */
export const nextRecordedId = (d: DatasetZip): number => nextTaskId(d.jsonl);

/** The dataset with one more task, zipped. Refuses an id the dataset has already. */
export async function datasetWithTask(d: DatasetZip, record: TaskRecord, files: ReadonlyMap<string, Blob>): Promise<Uint8Array> {
  const taken = d.jsonl.split('\n').some((l) => l.trim() && safeId(l) === record.id);
  if (taken || Object.keys(d.entries).some((p) => p.startsWith(`${d.root}data/${record.id}/`)))
    throw new Error(`the dataset has a task ${record.id} already: record the task again to give it the next id`);
  const entries: Record<string, Uint8Array> = { ...d.entries };
  const before = d.jsonl && !d.jsonl.endsWith('\n') ? `${d.jsonl}\n` : d.jsonl;
  entries[`${d.root}data.jsonl`] = new TextEncoder().encode(`${before}${JSON.stringify(record)}\n`);
  for (const [path, blob] of files) entries[`${d.root}${path}`] = new Uint8Array(await blob.arrayBuffer());
  // PNG and video are compressed already: stored, so zipping costs no time.
  return zipSync(entries, { level: 0 });
}

function safeId(line: string): unknown {
  try {
    return (JSON.parse(line) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
}
