// Where a command's --data points, and how the app in the session reaches it: the built-in
// samples by source id, a local folder through the session's /local-data/ mount and the
// app's ordinary URL source.
import { existsSync, statSync } from 'node:fs';
import { dirname, basename, resolve } from 'node:path';
import { UsageError } from './command.ts';
import { repoRoot, type AppSession } from './session.ts';

export const SAMPLES_DATASET = `${repoRoot}public/samples/dataset`;
export const SAMPLES_RESULTS = `${repoRoot}public/samples/results`;

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
export async function attachData(session: AppSession, data: DataArg): Promise<string> {
  if (data.kind === 'samples') return 'samples';
  const url = `${session.url}local-data/`;
  return session.page.evaluate(async (u) => (await window.iwr.addUrlSource(u)).id, url);
}

export interface DinoArg {
  mounts: Record<string, string>;
  /** Path of the model under the session URL, or an absolute URL; null: the app's configured model. */
  url: (session: AppSession) => string | null;
}

/** --dino-model PATH|URL: a local file is served by the session; a URL is used as it is. */
export function dinoArg(value: string | undefined): DinoArg {
  if (!value) return { mounts: {}, url: () => null };
  if (/^https?:\/\//.test(value)) return { mounts: {}, url: () => value };
  const file = resolve(value);
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`--dino-model ${value}: no such file`);
  return { mounts: { '/local-model/': dirname(file) }, url: (s) => `${s.url}local-model/${encodeURIComponent(basename(file))}` };
}

export async function loadDinoInSession(session: AppSession, dino: DinoArg): Promise<{ modelId: string; sha256: string } | null> {
  const url = dino.url(session);
  if (!url) return null;
  return session.page.evaluate(async (u) => window.iwr.useDinoModel(u), url);
}
