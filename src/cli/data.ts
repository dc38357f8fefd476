// Where a command's --data points, and how the app in the session reaches it: the built-in
// samples by source id, a local folder through the session's /local-data/ mount and the
// app's ordinary URL source.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { TaskRecord } from '../task/types.ts';
import { dirname, basename, resolve } from 'node:path';
import { UsageError } from './command.ts';
import { repoRoot, type AppSession } from './session.ts';
import { DINO_PRECISIONS, isDinoPrecision, type DinoPrecision } from '../shared/dino-id.ts';

export const SAMPLES_DATASET = `${repoRoot}public/samples/dataset`;

export interface DataArg {
  /** 'samples' or an absolute folder holding data.jsonl. */
  kind: 'samples' | 'folder';
  dir: string;
}

export function dataArg(value: string | undefined): DataArg {
  if (!value) throw new UsageError('--data DIR is required (a folder with data.jsonl, or "samples")');
  if (value === 'samples') return { kind: 'samples', dir: SAMPLES_DATASET };
  const dir = resolve(value);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--data ${value}: no such folder`);
  if (!existsSync(`${dir}/data.jsonl`)) throw new UsageError(`--data ${value}: not a dataset (no data.jsonl in ${dir})`);
  return { kind: 'folder', dir };
}

export function dataMounts(data: DataArg): Record<string, string> {
  return data.kind === 'folder' ? { '/local-data/': data.dir } : {};
}

/** The app-side source id of the dataset (adding the mounted folder as a URL source). */
export async function attachData(session: Pick<AppSession, 'url' | 'page'>, data: DataArg): Promise<string> {
  if (data.kind === 'samples') return 'samples';
  const url = `${session.url}local-data/`;
  return session.page.evaluate(async (u) => (await window.iwr.addUrlSource(u)).id, url);
}

export interface DinoArg {
  mounts: Record<string, string>;
  /** --dino-precision; absent: the app's setting (float32 unless changed). */
  precision?: DinoPrecision;
  /** Path of the model under the session URL, or an absolute URL; null: the app's configured model. */
  url: (session: Pick<AppSession, 'url'>) => string | null;
  /** Session URL -> what eval.json records instead (the file name), see portableEvalJson. */
  rewrites: (session: Pick<AppSession, 'url'>) => Record<string, string>;
}

/** --dino-model PATH|URL: a local file is served by the session; a URL is used as it is. --dino-precision. */
export function dinoArg(value: string | undefined, precisionArg?: string): DinoArg {
  if (precisionArg !== undefined && !isDinoPrecision(precisionArg))
    throw new UsageError(`--dino-precision ${precisionArg}: expected one of ${DINO_PRECISIONS.join(', ')}`);
  const precision = precisionArg ? { precision: precisionArg as DinoPrecision } : {};
  if (!value) return { mounts: {}, url: () => null, rewrites: () => ({}), ...precision };
  if (/^https?:\/\//.test(value)) return { mounts: {}, url: () => value, rewrites: () => ({}), ...precision };
  const file = resolve(value);
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`--dino-model ${value}: no such file`);
  const url = (s: Pick<AppSession, 'url'>) => `${s.url}local-model/${encodeURIComponent(basename(file))}`;
  return { mounts: { '/local-model/': dirname(file) }, url, rewrites: (s) => ({ [url(s)]: `file:${basename(file)}` }), ...precision };
}

export async function loadDinoInSession(
  session: Pick<AppSession, 'url' | 'page'>,
  dino: DinoArg,
): Promise<{ modelId: string; sha256: string } | null> {
  if (dino.precision) await session.page.evaluate(async (p) => window.iwr.setDinoPrecision(p), dino.precision);
  const url = dino.url(session);
  if (!url) return null;
  return session.page.evaluate(async (u) => window.iwr.useDinoModel(u), url);
}

/** Where the session serves the samples from: the built app's copy, which the app reads. */
function samplesDataJsonl(): string {
  const built = `${process.env.IWR_DIST ?? `${repoRoot}dist`}/samples/dataset/data.jsonl`;
  return existsSync(built) ? built : `${SAMPLES_DATASET}/data.jsonl`;
}

export interface DatasetTask {
  id: string;
  /** Number of steps (for progress weights and watchdog limits). */
  steps: number;
}

/**
 * The tasks of the dataset, in file order (lines that are not JSON or have no id are left to
 * `iwr validate`; the app reports them when such a task is evaluated).
 */
export function datasetTasks(data: DataArg): DatasetTask[] {
  const file = data.kind === 'samples' ? samplesDataJsonl() : `${data.dir}/data.jsonl`;
  const out = new Map<string, DatasetTask>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const t = JSON.parse(line) as { id?: unknown; action_sequence?: unknown };
      const steps = Array.isArray(t.action_sequence) ? t.action_sequence.length : 0;
      if ((typeof t.id === 'number' || typeof t.id === 'string') && !out.has(String(t.id)))
        out.set(String(t.id), { id: String(t.id), steps });
    } catch {
      // not ours to report
    }
  }
  return [...out.values()];
}

/** One task line of the dataset, read in Node; a bad line names its number. */
export function findTask(dataDir: string, id: string): TaskRecord {
  const file = `${dataDir}/data.jsonl`;
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let rec: TaskRecord;
    try {
      rec = JSON.parse(line) as TaskRecord;
    } catch (e) {
      throw new UsageError(`${file} line ${i + 1}: not JSON (${(e as Error).message})`);
    }
    if (String(rec.id) === id) return rec;
  }
  throw new UsageError(`task ${id} is not in ${file}`);
}

/** Asset name -> URL the app in the session fetches it from (the samples, or the /local-data/ mount). */
export function taskAssetUrls(session: Pick<AppSession, 'url'>, data: DataArg, taskId: string): Record<string, string> {
  const assetDir = `${data.dir}/data/${taskId}/assets`;
  const names = existsSync(assetDir)
    ? readdirSync(assetDir)
        .filter((n) => !n.startsWith('.'))
        .sort()
    : [];
  const base = data.kind === 'samples' ? `${session.url}samples/dataset/` : `${session.url}local-data/`;
  return Object.fromEntries(names.map((n) => [n, `${base}data/${encodeURIComponent(taskId)}/assets/${encodeURIComponent(n)}`]));
}
