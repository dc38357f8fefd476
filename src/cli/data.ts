// Where a command's --data points, and how the app in the session reaches it: the built-in
// samples by source id, a local folder through the session's /local-data/ mount and the
// app's ordinary URL source.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { TaskRecord } from '../task/types.ts';
import { dirname, basename, join, resolve } from 'node:path';
import { OCR_PSMS, type OcrPsm } from '../shared/ocr-id.ts';
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

/** --ocr-data FILE and --ocr-psm N; null members: the app's default (4.0.0_best_int, PSM 3). */
export interface OcrArg {
  mounts: Record<string, string>;
  data: { id: string; gzip: boolean } | null;
  psm: OcrPsm | null;
}

const OCR_DATA_DIR = '/ocr-data/';

/**
 * --ocr-data: an English traineddata file (tesseract.js reads eng.traineddata, or
 * eng.traineddata.gz, from a folder), named in the engine id by its SHA-256 so that only the
 * same file's scores share a cache entry. --ocr-psm: 3 (default), 4, 6 or 11.
 */
export function ocrArg(dataValue: string | undefined, psmValue: string | undefined): OcrArg {
  let psm: OcrPsm | null = null;
  if (psmValue !== undefined) {
    const n = Number(psmValue);
    if (!OCR_PSMS.includes(n as OcrPsm)) throw new UsageError(`--ocr-psm ${psmValue}: expected one of ${OCR_PSMS.join(', ')}`);
    psm = n as OcrPsm;
  }
  if (dataValue === undefined) return { mounts: {}, data: null, psm };
  const file = resolve(dataValue);
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`--ocr-data ${dataValue}: no such file`);
  const gzip = /\.gz$/i.test(file);
  const bytes = readFileSync(file);
  if (gzip ? bytes[0] !== 0x1f || bytes[1] !== 0x8b : bytes.length < 1024)
    throw new UsageError(`--ocr-data ${dataValue}: not a traineddata file${gzip ? ' (gzip)' : ''}`);
  // tesseract.js asks for eng.traineddata[.gz] by that name: a folder holding a link to the file.
  const dir = mkdtempSync(join(tmpdir(), 'iwr-ocr-data-'));
  symlinkSync(file, join(dir, gzip ? 'eng.traineddata.gz' : 'eng.traineddata'));
  const sha = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return { mounts: { [OCR_DATA_DIR]: dir }, data: { id: `file-${sha}`, gzip }, psm };
}

async function applyOcrInSession(session: Pick<AppSession, 'url' | 'page'>, ocr: OcrArg): Promise<void> {
  if (!ocr.data && ocr.psm === null) return;
  const choice = {
    ...(ocr.data ? { data: { ...ocr.data, folderUrl: `${session.url}${OCR_DATA_DIR.slice(1)}` } } : {}),
    ...(ocr.psm !== null ? { psm: ocr.psm } : {}),
  };
  await session.page.evaluate((c) => window.iwr.setOcrEngine(c), choice);
}

/** --dino-model PATH|URL: a local file is served by the session; a URL is used as it is. --dino-precision. */
export function dinoArg(value: string | undefined, precisionArg?: string): DinoArg {
  if (precisionArg !== undefined && !isDinoPrecision(precisionArg))
    throw new UsageError(`--dino-precision ${precisionArg}: expected one of ${DINO_PRECISIONS.join(', ')}`);
  const extra = precisionArg ? { precision: precisionArg as DinoPrecision } : {};
  if (!value) return { mounts: {}, url: () => null, rewrites: () => ({}), ...extra };
  if (/^https?:\/\//.test(value)) return { mounts: {}, url: () => value, rewrites: () => ({}), ...extra };
  const file = resolve(value);
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`--dino-model ${value}: no such file`);
  const url = (s: Pick<AppSession, 'url'>) => `${s.url}local-model/${encodeURIComponent(basename(file))}`;
  return {
    mounts: { '/local-model/': dirname(file) },
    url,
    rewrites: (s) => ({ [url(s)]: `file:${basename(file)}` }),
    ...extra,
  };
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

/** The scoring engines a command runs with: --dino-model and --dino-precision, --ocr-data and --ocr-psm. */
export interface EnginesArg {
  dino: DinoArg;
  ocr: OcrArg;
  /** Folders the session serves for them (a local model file, a traineddata file). */
  mounts: Record<string, string>;
}

export function enginesArg(values: Readonly<Record<string, unknown>>): EnginesArg {
  const str = (k: string) => values[k] as string | undefined;
  const dino = dinoArg(str('dino-model'), str('dino-precision'));
  const ocr = ocrArg(str('ocr-data'), str('ocr-psm'));
  return { dino, ocr, mounts: { ...dino.mounts, ...ocr.mounts } };
}

/** Sets both engines up in a session before it scores; the DINO model's id when one was named. */
export async function applyEngines(
  session: Pick<AppSession, 'url' | 'page'>,
  engines: EnginesArg,
): Promise<{ modelId: string; sha256: string } | null> {
  await applyOcrInSession(session, engines.ocr);
  return loadDinoInSession(session, engines.dino);
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
