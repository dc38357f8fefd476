// A results zip -> stored runs. Accepts our exports (with iwr-export.json: records restored
// exactly, every file checked against its sha256) and official results folders zipped as they
// are (`<task>/<model dir>/eval.json` + `evalpoints/` + `index.html`, optionally under one top
// folder): records are rebuilt from eval.json. Zip-bomb limits are those of task sources
// (readZipDirectory). Everything is validated before anything is written, and every error
// names the file inside the zip.
//
// Existing runs are never lost: an import only adds. A run id already stored is skipped by
// default (`onConflict: 'skip'`) or overwritten with the zip's version (`'replace'`). Runs
// from an official folder get a stable id from their eval.json hash, so importing the same
// zip twice does not duplicate them.
//
// Judge-free checks in our manifest (`checks`: a task's checks.json text saved in the
// exporting browser) follow the same rule: restored for a task with none saved here, left
// alone when the same text is saved, and, when this browser holds different checks for the
// task, skipped (default) or replaced with `onConflict: 'replace'`.
import { getRun, isRunRecord, putRunWithBlobs, RUN_FILE_PREFIX, RUN_HTML, type RunRecord } from '../data/runs.ts';
import { mimeOf, normalizeEntryPath } from '../shared/candidate-files.ts';
import { readZipDirectory, readZipEntry, type ZipEntry } from '../sources/zip.ts';
import { parseEvalJson } from '../scoring/evaljson.ts';
import type { EvalRecord } from '../scoring/eval-record.ts';
import { taskScores } from '../scoring/metrics.ts';
import { modelDirName } from '../scoring/model-names.ts';
import {
  ExchangeError,
  isPng,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  MANIFEST_SCHEMA,
  runDir,
  type ManifestChecks,
  type ManifestRun,
} from './manifest.ts';
import { sha256Hex } from '../data/bytes.ts';
import { getSavedChecks, readChecksText, saveChecks } from '../data/checks.ts';

export interface ImportOptions {
  /** What to do with a run id that is already stored. Default 'skip'. */
  onConflict?: 'skip' | 'replace';
  /** Source id recorded on runs rebuilt from an official folder (they name no source). Default 'imported'. */
  sourceId?: string;
  /** Names the zip in messages, e.g. the file name. */
  label?: string;
}

export interface ImportSummary {
  withManifest: boolean;
  imported: Array<{ runId: string; task: string; model: string }>;
  replaced: string[];
  skipped: Array<{ runId: string; reason: string }>;
  /** Judge-free checks from the manifest, by task key. */
  checks: {
    imported: string[];
    replaced: string[];
    /** Already saved here: the same text ('unchanged'), or different and kept (see onConflict). */
    skipped: Array<{ taskKey: string; reason: string }>;
  };
  warnings: string[];
}

interface Folder {
  task: string;
  modelDir: string;
  files: Map<string, ZipEntry>;
}

interface Prepared {
  run: RunRecord;
  blobs: Array<{ name: string; blob: Blob }>;
}

const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;
const SAFE_SEGMENT = /^(?!\.{1,2}$)[^/\\\0]+$/;
const EVALPOINT = /^evalpoints\/(\d+)\.png$/;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function importRuns(zip: Blob, opts: ImportOptions = {}): Promise<ImportSummary> {
  const label = opts.label ?? 'the imported zip';
  const at = (path: string): string => `${label}: ${path}`;
  const { entries } = await readZipDirectory(zip, label);
  const files = entries.filter((e) => !e.name.endsWith('/') && !IGNORED.test(e.name));
  const bytesOf = async (e: ZipEntry): Promise<Uint8Array> => new Uint8Array(await (await readZipEntry(zip, e, label)).arrayBuffer());
  const textOf = async (e: ZipEntry): Promise<string> => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(await bytesOf(e));
    } catch (err) {
      if (err instanceof TypeError) throw new ExchangeError(`${at(e.name)} is not UTF-8 text`);
      throw err;
    }
  };

  // Where the results folder starts: the folder holding <task>/<model>/eval.json.
  const evals = files.filter((e) => /(^|\/)[^/]+\/[^/]+\/eval\.json$/.test(e.name));
  if (!evals.length)
    throw new ExchangeError(
      `${label} holds no <task>/<model>/eval.json: it is not a results zip (official layout or an IWR Studio export)`,
    );
  const prefixes = new Set(evals.map((e) => e.name.split('/').slice(0, -3).join('/')));
  if (prefixes.size > 1)
    throw new ExchangeError(
      `${label} mixes results folders (${[...prefixes].map((p) => p || '(top)').join(', ')}); zip one results folder at a time`,
    );
  const prefix = [...prefixes][0] ? `${[...prefixes][0] as string}/` : '';
  const rel = (e: ZipEntry): string | null => (e.name.startsWith(prefix) ? e.name.slice(prefix.length) : null);

  const byRel = new Map<string, ZipEntry>();
  for (const e of files) {
    const r = rel(e);
    if (r !== null) byRel.set(r, e);
  }
  const folders = new Map<string, Folder>();
  for (const e of evals) {
    const [task, modelDir] = (rel(e) as string).split('/') as [string, string];
    for (const seg of [task, modelDir])
      if (!SAFE_SEGMENT.test(seg)) throw new ExchangeError(`${at(e.name)}: "${seg}" is not a usable folder name`);
    folders.set(runDir(task, modelDir), { task, modelDir, files: new Map() });
  }
  const warnings: string[] = [];
  for (const [r, e] of byRel) {
    const parts = r.split('/');
    const folder = parts.length >= 3 ? folders.get(`${parts[0]}/${parts[1]}`) : undefined;
    if (folder) folder.files.set(parts.slice(2).join('/'), e);
  }

  // Our manifest: every listed file must be there with the listed hash.
  const manifestEntry = byRel.get(MANIFEST_NAME);
  const manifestRuns = new Map<string, { run: ManifestRun; index: number }>();
  let manifestChecks: ManifestChecks[] = [];
  if (manifestEntry) {
    const m = parseManifest(await textOf(manifestEntry), at(manifestEntry.name));
    manifestChecks = m.checks;
    for (const [path, want] of Object.entries(m.files)) {
      const e = byRel.get(path);
      if (!e) throw new ExchangeError(`${at(prefix + path)} is listed in ${MANIFEST_NAME} but missing from the zip`);
      const got = await sha256Hex(await bytesOf(e));
      if (got !== want) throw new ExchangeError(`${at(e.name)} was changed after export: sha256 ${got} but ${MANIFEST_NAME} says ${want}`);
    }
    for (const r of byRel.keys())
      if (r !== MANIFEST_NAME && !(r in m.files))
        warnings.push(`${at(prefix + r)} is not listed in ${MANIFEST_NAME} (added after export?)`);
    m.runs.forEach((run, index) => {
      if (!folders.has(run.dir))
        throw new ExchangeError(`${at(MANIFEST_NAME)}: runs[${index}] names folder ${run.dir}/, which has no eval.json in the zip`);
      manifestRuns.set(run.dir, { run, index });
    });
  }

  // Official reports spell the model's case (the folder name is lower-cased): use them.
  const reportModels = new Map<string, string>();
  for (const r of byRel.keys()) {
    const m = /^reports\/(.+)_metrics\.md$/.exec(r);
    if (m?.[1]) reportModels.set(modelDirName(m[1].replaceAll('__', '/')), m[1].replaceAll('__', '/'));
  }

  const prepared: Prepared[] = [];
  const problems: string[] = [];
  for (const [dir, folder] of [...folders].sort(([a], [b]) => (a < b ? -1 : 1))) {
    try {
      prepared.push(
        await prepareFolder(dir, folder, manifestRuns.get(dir), {
          at,
          prefix,
          bytesOf,
          textOf,
          warnings,
          reportModels,
          sourceId: opts.sourceId ?? 'imported',
        }),
      );
    } catch (err) {
      if (!(err instanceof ExchangeError)) throw err;
      problems.push(err.message);
    }
  }
  if (problems.length) throw new ExchangeError(problems.join('\n'));
  const ids = new Set<string>();
  for (const p of prepared) {
    if (ids.has(p.run.id)) throw new ExchangeError(`${label}: run id ${p.run.id} appears twice`);
    ids.add(p.run.id);
  }

  const summary: ImportSummary = {
    withManifest: !!manifestEntry,
    imported: [],
    replaced: [],
    skipped: [],
    checks: { imported: [], replaced: [], skipped: [] },
    warnings,
  };
  for (const p of prepared) {
    const existing = await getRun(p.run.id);
    if (existing && opts.onConflict !== 'replace') {
      summary.skipped.push({
        runId: p.run.id,
        reason: `already stored (task ${existing.taskId}, ${existing.model}); import with onConflict 'replace' to overwrite it`,
      });
      continue;
    }
    await putRunWithBlobs(p.run, p.blobs);
    if (existing) summary.replaced.push(p.run.id);
    summary.imported.push({ runId: p.run.id, task: p.run.taskId, model: p.run.model });
  }
  for (const c of manifestChecks) {
    const existing = await getSavedChecks(c.taskKey);
    if (existing?.text === c.text) {
      summary.checks.skipped.push({ taskKey: c.taskKey, reason: 'unchanged: the same checks are already saved in this browser' });
      continue;
    }
    if (existing && opts.onConflict !== 'replace') {
      summary.checks.skipped.push({
        taskKey: c.taskKey,
        reason: `this browser holds other checks for task ${c.taskKey} (saved ${new Date(existing.savedAt).toISOString()}); they are kept. Import with onConflict 'replace' to overwrite them`,
      });
      continue;
    }
    await saveChecks(c.taskKey, c.text, c.savedAt);
    (existing ? summary.checks.replaced : summary.checks.imported).push(c.taskKey);
  }
  return summary;
}

function parseManifest(text: string, where: string): { runs: ManifestRun[]; files: Record<string, string>; checks: ManifestChecks[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ExchangeError(`${where} is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!isObj(data)) throw new ExchangeError(`${where}: expected a JSON object`);
  if (data.format !== MANIFEST_FORMAT)
    throw new ExchangeError(`${where}: format must be "${MANIFEST_FORMAT}", got ${JSON.stringify(data.format)}`);
  if (data.schema !== MANIFEST_SCHEMA)
    throw new ExchangeError(
      `${where}: schema ${JSON.stringify(data.schema)} is not supported (this app reads schema ${MANIFEST_SCHEMA}); update the app`,
    );
  const files = data.files;
  if (!isObj(files) || !Object.values(files).every((h) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h)))
    throw new ExchangeError(`${where}: files must map each path to a sha256 hex string`);
  if (!Array.isArray(data.runs)) throw new ExchangeError(`${where}: runs must be a list`);
  const runs = data.runs.map((r: unknown, i): ManifestRun => {
    if (!isObj(r) || typeof r.id !== 'string' || typeof r.dir !== 'string' || !isObj(r.record))
      throw new ExchangeError(`${where}: runs[${i}] must be an object with string id, string dir and a record`);
    return r as unknown as ManifestRun;
  });
  return { runs, files: files as Record<string, string>, checks: parseManifestChecks(data.checks, where) };
}

/** The manifest's checks, each a checks.json whose every entry must read (nothing is written otherwise). */
function parseManifestChecks(raw: unknown, where: string): ManifestChecks[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new ExchangeError(`${where}: checks must be a list`);
  const seen = new Set<string>();
  return raw.map((c: unknown, i): ManifestChecks => {
    if (!isObj(c) || typeof c.taskKey !== 'string' || !c.taskKey || typeof c.text !== 'string')
      throw new ExchangeError(`${where}: checks[${i}] must be an object with a string taskKey and the text of a checks.json`);
    if (seen.has(c.taskKey)) throw new ExchangeError(`${where}: checks[${i}]: task ${c.taskKey} has checks twice`);
    seen.add(c.taskKey);
    const problem = readChecksText(c.taskKey, c.text).problems[0];
    if (problem)
      throw new ExchangeError(
        `${where}: checks[${i}] (task ${c.taskKey}): ${problem.path ? `${problem.path} ` : ''}${problem.message.replace(/; entry skipped$/, '')}`,
      );
    const savedAt = typeof c.savedAt === 'number' && Number.isFinite(c.savedAt) ? c.savedAt : Date.now();
    return { taskKey: c.taskKey, text: c.text, savedAt };
  });
}

interface FolderContext {
  at: (path: string) => string;
  prefix: string;
  bytesOf: (e: ZipEntry) => Promise<Uint8Array>;
  textOf: (e: ZipEntry) => Promise<string>;
  warnings: string[];
  reportModels: Map<string, string>;
  sourceId: string;
}

async function prepareFolder(
  dir: string,
  folder: Folder,
  fromManifest: { run: ManifestRun; index: number } | undefined,
  cx: FolderContext,
): Promise<Prepared> {
  const evalEntry = folder.files.get('eval.json') as ZipEntry;
  const evalText = await cx.textOf(evalEntry);
  const parsed = parseEvalJson(evalText, cx.at(evalEntry.name));
  const errors = parsed.problems.filter((p) => p.severity === 'error');
  if (!parsed.record || errors.length)
    throw new ExchangeError(errors.map((p) => `${p.file}: ${p.path ? `${p.path} ` : ''}${p.message}`).join('\n'));
  for (const w of parsed.problems) if (w.severity === 'warning') cx.warnings.push(`${w.file}: ${w.path ?? ''} ${w.message}`);
  const record = parsed.record;

  const blobs: Array<{ name: string; blob: Blob }> = [];
  const shots: number[] = [];
  let html: Uint8Array | null = null;
  for (const [name, e] of folder.files) {
    const k = EVALPOINT.exec(name);
    if (k) {
      const bytes = await cx.bytesOf(e);
      if (!isPng(bytes)) throw new ExchangeError(`${cx.at(e.name)} is not a PNG image`);
      blobs.push({ name, blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }) });
      shots.push(Number(k[1]));
    } else if (name === RUN_HTML) {
      html = await cx.bytesOf(e);
      blobs.push({ name, blob: new Blob([html as Uint8Array<ArrayBuffer>], { type: 'text/html' }) });
    } else if (name !== 'eval.json') {
      // Anything else beside index.html is a file of a multi-file candidate, if its path stays inside the folder.
      const path = normalizeEntryPath(name);
      if (path.ok && !/^evalpoints\//.test(path.path)) {
        const bytes = await cx.bytesOf(e);
        blobs.push({ name: RUN_FILE_PREFIX + path.path, blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeOf(path.path) }) });
      } else cx.warnings.push(`${cx.at(e.name)}: ${path.ok ? 'not part of the results layout' : path.reason}; ignored`);
    }
  }
  if (!html) cx.warnings.push(`${cx.at(`${cx.prefix}${dir}/index.html`)} is missing: the run is imported without its candidate page`);
  for (const p of record.screenshot_paths_to_eval) {
    const k = /(?:^|\/)(?:evalpoints\/)?(\d+)\.png$/.exec(p);
    if (k && !shots.includes(Number(k[1]))) cx.warnings.push(`${cx.at(evalEntry.name)}: screenshot ${p} is not in ${dir}/evalpoints/`);
  }

  if (fromManifest) {
    const where = cx.at(`${MANIFEST_NAME}: runs[${fromManifest.index}]`);
    const run = { ...fromManifest.run.record, eval: record } as unknown;
    if (!isRunRecord(run) || run.id !== fromManifest.run.id)
      throw new ExchangeError(`${where}: the record is not a valid run (needs id, taskKey, model, steps and status done/failed)`);
    if (run.taskId !== folder.task || modelDirName(run.model) !== folder.modelDir)
      throw new ExchangeError(`${where}: the record is task ${run.taskId}, model ${run.model}, but its folder is ${dir}/`);
    return { run, blobs };
  }
  return { run: await officialRun(folder, record, evalText, html, cx), blobs };
}

/** A run record rebuilt from an official folder: scores from eval.json, no step log. */
async function officialRun(
  folder: Folder,
  record: EvalRecord,
  evalText: string,
  html: Uint8Array | null,
  cx: FolderContext,
): Promise<RunRecord> {
  const model = cx.reportModels.get(folder.modelDir) ?? folder.modelDir.replaceAll('__', '/');
  const hash = await sha256Hex(new TextEncoder().encode(evalText));
  const checkpoints: RunRecord['checkpoints'] = record.screenshot_paths_to_eval.map((p, n) => {
    const k = /(\d+)\.png$/.exec(p);
    const hfs = record.all_mllm_scores[n];
    const texts = record.all_ocr_texts[n];
    return {
      screenshot: k ? Number(k[1]) : n,
      checkpoint: n,
      step: null,
      ocr: record.all_ocr_scores[n] ?? 0,
      dino: record.all_dino_scores[n] ?? 0,
      hfs: hfs ?? 'unjudged',
      hfsStatus: typeof hfs === 'number' ? 'ok' : 'unjudged',
      ocrTexts: { reference: texts?.checkpoint_text ?? '', candidate: texts?.screenshot_text ?? '' },
    };
  });
  return {
    id: `imported-${folder.task}-${folder.modelDir}-${hash.slice(0, 12)}`.replace(/[^A-Za-z0-9._-]+/g, '_'),
    taskKey: `${cx.sourceId}/${folder.task}`,
    sourceId: cx.sourceId,
    taskId: folder.task,
    model,
    candidateHash: html ? await sha256Hex(html) : '',
    createdAt: Date.now(),
    status: 'done',
    settings: { imported: 'official results folder' },
    eval: record,
    scores: taskScores(record),
    steps: [],
    checkpoints,
    timings: {},
  };
}
