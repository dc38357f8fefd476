// The zip layout shared by export and import: the official results layout
// (`<task>/<model dir>/index.html`, `evalpoints/<k>.png`, `eval.json`, `reports/<stem>_metrics.*`)
// plus our manifest `iwr-export.json` at the root. Official tools ignore the manifest; our
// import uses it to restore each run record exactly (steps, checkpoints, timings, ids) and to
// check every file against its sha256.
import type { RunRecord } from '../data/runs.ts';

export const MANIFEST_NAME = 'iwr-export.json';
export const MANIFEST_FORMAT = 'iwr-studio-export';
export const MANIFEST_SCHEMA = 1;

export interface ManifestRun {
  id: string;
  /** `<task>/<model dir>`: the folder of this run in the zip. */
  dir: string;
  /** The stored run record without `eval` (that is the folder's eval.json). */
  record: Omit<RunRecord, 'eval'>;
}

/** A task's judge-free checks saved in the exporting browser (src/data/checks.ts), as checks.json text. */
export interface ManifestChecks {
  /** `${sourceId}/${taskId}`, as the runs' taskKey. */
  taskKey: string;
  text: string;
  savedAt: number;
}

export interface ExportManifest {
  format: typeof MANIFEST_FORMAT;
  schema: typeof MANIFEST_SCHEMA;
  app_version: string;
  exported_at: string;
  /** The app settings at export time, without the judge key. */
  settings: unknown;
  runs: ManifestRun[];
  /**
   * The checks saved in this browser for the exported runs' tasks (absent when none; older
   * exports have none). Not files of the results layout: official tools never see them.
   */
  checks?: ManifestChecks[];
  /** Every other file of the zip, path -> sha256 (hex). */
  files: Record<string, string>;
}

export class ExchangeError extends Error {
  override name = 'ExchangeError';
}

/** Folder of a run inside the zip. */
export const runDir = (taskId: string, modelDir: string): string => `${taskId}/${modelDir}`;

/** Whether `needle` occurs in `hay` (a plain scan: exports are a few MB and this runs once per file). */
export function containsBytes(hay: Uint8Array, needle: Uint8Array): boolean {
  const n = needle.length;
  if (n === 0 || n > hay.length) return false;
  const first = needle[0];
  for (let i = hay.indexOf(first as number); i !== -1 && i <= hay.length - n; i = hay.indexOf(first as number, i + 1)) {
    let j = 1;
    while (j < n && hay[i + j] === needle[j]) j++;
    if (j === n) return true;
  }
  return false;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Kept under these names for the exchange modules. */
export { bytesToBase64 as toBase64, base64ToBytes as fromBase64 } from '../data/bytes.ts';
