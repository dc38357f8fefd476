// The one loader every source feeds: data.jsonl -> tasks, and a task folder -> its files and
// problems. A broken task only collects problems; it never stops the others from loading.
import { applyMetadata, checkTaskFiles, classifyTaskFiles, taskDir } from '../task/folder.ts';
import { parseDataJsonl, type ParsedDataset } from '../task/parse.ts';
import type { Problem, Task, TaskFiles } from '../task/types.ts';
import { errorMessage, NotADatasetError, UrlUnreachableError } from './errors.ts';
import type { DatasetSource, TaskProgress } from './types.ts';

export async function loadDataset(source: DatasetSource, signal?: AbortSignal): Promise<ParsedDataset> {
  const blob = await source.readFile('data.jsonl', { signal });
  if (!blob) throw new NotADatasetError(`${source.label} is not a dataset: it has no data.jsonl`);
  return parseDataJsonl(await blob.text(), 'data.jsonl');
}

export interface OpenedTask {
  /** The task with its resolution settled (metadata.json applied) and every problem known. */
  task: Task;
  files: TaskFiles;
  /** Parse problems of its data.jsonl line, then the folder's. */
  problems: Problem[];
}

export interface OpenOptions {
  signal?: AbortSignal;
  onProgress?: (p: TaskProgress) => void;
  /**
   * true (opening a task to work on it): read every file, so it is cached for offline use.
   * false (validation): read only what is checked: checkpoints, stitched sheets, metadata.json.
   */
  readAll?: boolean;
}

const CONCURRENCY = 4;

async function decodes(blob: Blob): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(blob);
    bitmap.close();
    return null;
  } catch (err) {
    return errorMessage(err) || 'unknown decoding error';
  }
}

export async function openTaskFolder(source: DatasetSource, task: Task, opts: OpenOptions = {}): Promise<OpenedTask> {
  const { signal, onProgress } = opts;
  const listing = await source.listTaskFiles(task.id, { signal });
  const folderProblems = checkTaskFiles(task, listing);
  const readProblems: Problem[] = [];
  const files = classifyTaskFiles(listing);
  const dir = taskDir(task.id);
  const mustDecode = new Set([...files.checkpoints, ...files.stitched]);
  const toRead = (opts.readAll ?? true) ? listing : [...mustDecode, ...(files.metadata ? [files.metadata] : [])];

  let resolved: Task = { ...task, problems: [...task.problems] };
  let done = 0;
  let bytes = 0;
  const report = (file?: string) => onProgress?.({ taskId: task.id, done, total: toRead.length, bytes, ...(file ? { file } : {}) });
  report();

  const readOne = async (rel: string) => {
    const path = dir + rel;
    let counted = 0;
    const blob = await source
      .readFile(path, {
        signal,
        onBytes: (loaded) => {
          bytes += loaded - counted;
          counted = loaded;
          report(path);
        },
      })
      .catch((err: unknown) => {
        if (err instanceof UrlUnreachableError || signal?.aborted) throw err;
        readProblems.push({ severity: 'error', file: path, message: `cannot be read: ${errorMessage(err)}` });
        return undefined;
      });
    if (blob === null) readProblems.push({ severity: 'error', file: path, message: 'is listed but missing (not found)' });
    if (blob) {
      if (!counted) bytes += blob.size;
      if (mustDecode.has(rel)) {
        const why = await decodes(blob);
        if (why) readProblems.push({ severity: 'error', file: path, message: `is not a readable image (${why})` });
      }
      if (rel === files.metadata) {
        const meta = applyMetadata(resolved, await blob.text());
        readProblems.push(...meta.problems);
        if (meta.resolutionFrom === 'metadata.json' && resolved.resolutionFrom !== 'metadata.json') {
          // metadata.json supplies what data.jsonl lacked: the "missing, using 1920x1080" warning no longer holds.
          resolved = {
            ...resolved,
            resolution: meta.resolution,
            resolutionFrom: 'metadata.json',
            problems: resolved.problems.filter((p) => !(p.path === 'recording_details.resolution' && p.severity === 'warning')),
          };
        }
      }
    }
    done++;
    report(path);
  };

  const queue = [...toRead];
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
      for (let rel = queue.shift(); rel !== undefined; rel = queue.shift()) await readOne(rel);
    }),
  );

  // Problems in a stable order whatever order the reads finished in.
  readProblems.sort((a, b) => (a.file === b.file ? 0 : a.file < b.file ? -1 : 1));
  const problems = [...resolved.problems, ...folderProblems, ...readProblems];
  return { task: { ...resolved, problems }, files, problems };
}
