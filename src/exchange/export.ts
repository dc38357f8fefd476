// Stored runs -> one zip in the official results layout (see manifest.ts). One run, the runs
// of some models, or the whole leaderboard: the latest finished run per (task, model folder),
// because the layout holds one result per folder. Keys for remote judges never leave: the
// manifest carries shareableSettings() only, every record passes through redactDeep(), and
// every file is scanned for the configured key before it is zipped (the export is refused,
// naming the file, rather than written with it).
import { zipSync, type ZipOptions } from 'fflate';
import { getRun, listRunBlobs, listRuns, RUN_FILE_PREFIX, RUN_HTML, type RunRecord } from '../data/runs.ts';
import { loadSettings, shareableSettings } from '../data/settings.ts';
import { getResolverKey } from '../resolvers/config.ts';
import { getJudgeKey } from '../judge/config.ts';
import { redactDeep, registerSecret } from '../chat/secrets.ts';
import { serializeEvalRecord } from '../scoring/evaljson.ts';
import { modelDirName, reportStem } from '../scoring/model-names.ts';
import { buildReport, compareTaskIds, reportCsv, reportJson, reportMarkdown, taskRow } from '../scoring/report.ts';
import {
  containsBytes,
  ExchangeError,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  MANIFEST_SCHEMA,
  runDir,
  type ExportManifest,
  type ManifestChecks,
  type ManifestRun,
} from './manifest.ts';
import { sha256Hex } from '../data/bytes.ts';
import { getSavedChecks } from '../data/checks.ts';

export interface ExportOptions {
  /** Exactly these runs (each must be finished, and no two may share a task/model folder). */
  runIds?: string[];
  /** All finished runs of these model names, latest per task. Ignored when runIds is given. */
  models?: string[];
}

export interface ExportResult {
  zip: Uint8Array;
  /** A file name to offer when saving. */
  fileName: string;
  manifest: ExportManifest;
  /** Runs of the selection that were left out, and why (older duplicates, failed runs). */
  skipped: Array<{ runId: string; reason: string }>;
  /** Exported runs with something missing, e.g. runs stored before the HTML was kept. */
  warnings: string[];
}

// Fixed timestamps make the zip bytes depend on the contents only (fflate's default is now).
const ZIP_MTIME = new Date('2020-01-01T00:00:00Z');
const PNG_OPTS: ZipOptions = { level: 0, mtime: ZIP_MTIME };
const TEXT_OPTS: ZipOptions = { level: 6, mtime: ZIP_MTIME };

type Exportable = RunRecord & { eval: NonNullable<RunRecord['eval']> };
const exportable = (r: RunRecord): r is Exportable => r.status === 'done' && !!r.eval;
const folderOf = (r: RunRecord): string => runDir(r.taskId, modelDirName(r.model));

async function selectRuns(opts: ExportOptions): Promise<{ runs: Exportable[]; skipped: ExportResult['skipped'] }> {
  const skipped: ExportResult['skipped'] = [];
  if (opts.runIds?.length) {
    const runs: Exportable[] = [];
    const byFolder = new Map<string, string>();
    for (const id of opts.runIds) {
      const r = await getRun(id);
      if (!r) throw new ExchangeError(`run ${id} does not exist (deleted, or never stored)`);
      if (!exportable(r))
        throw new ExchangeError(
          `run ${id} (task ${r.taskId}, ${r.model}) did not finish${r.error ? ` (${r.error})` : ''}: it has no eval.json to export`,
        );
      const other = byFolder.get(folderOf(r));
      if (other)
        throw new ExchangeError(
          `runs ${other} and ${id} both belong in ${folderOf(r)}/; the results layout holds one run per task and model, so export them separately`,
        );
      byFolder.set(folderOf(r), id);
      runs.push(r);
    }
    return { runs, skipped };
  }
  const wanted = opts.models?.length ? new Set(opts.models) : null;
  const all = (await listRuns()).filter((r) => !wanted || wanted.has(r.model));
  if (wanted) {
    const missing = [...wanted].filter((m) => !all.some((r) => r.model === m));
    if (missing.length) throw new ExchangeError(`no stored runs for model ${missing.map((m) => `"${m}"`).join(', ')}`);
  }
  // listRuns is newest first, so the first run seen per folder is the latest.
  const latest = new Map<string, Exportable>();
  for (const r of all) {
    if (!exportable(r)) {
      skipped.push({ runId: r.id, reason: 'did not finish (no eval.json)' });
      continue;
    }
    const kept = latest.get(folderOf(r));
    if (kept) skipped.push({ runId: r.id, reason: `older than run ${kept.id} for ${folderOf(r)}/` });
    else latest.set(folderOf(r), r);
  }
  if (!latest.size)
    throw new ExchangeError(wanted ? 'the selected models have no finished runs to export' : 'there are no finished runs to export');
  return { runs: [...latest.values()], skipped };
}

/** Every key this browser knows for a remote model: the stored judge and resolver keys and the in-memory (CLI) ones. */
async function judgeKeys(): Promise<string[]> {
  const stored = await loadSettings();
  const live = await getJudgeKey().catch(() => '');
  const liveResolver = await getResolverKey().catch(() => '');
  const keys = [stored.judge.apiKey, stored.resolver.apiKey, live, liveResolver].filter((k) => k.length >= 6);
  for (const k of keys) registerSecret(k);
  return [...new Set(keys)];
}

function assertNoKey(path: string, bytes: Uint8Array, keys: readonly Uint8Array[]): void {
  if (keys.some((k) => containsBytes(bytes, k)))
    throw new ExchangeError(
      `the export was refused: ${path} contains an API key (judge or resolver). Remove the key from that file (or from the candidate HTML) and export again.`,
    );
}

export async function exportRuns(opts: ExportOptions = {}): Promise<ExportResult> {
  const { runs, skipped } = await selectRuns(opts);
  runs.sort((a, b) => compareTaskIds(a.taskId, b.taskId) || (folderOf(a) < folderOf(b) ? -1 : 1));
  const enc = new TextEncoder();
  const keys = (await judgeKeys()).map((k) => enc.encode(k));
  const files = new Map<string, Uint8Array>();
  const warnings: string[] = [];
  const add = (path: string, bytes: Uint8Array): void => {
    assertNoKey(path, bytes, keys);
    files.set(path, bytes);
  };

  const manifestRuns: ManifestRun[] = [];
  for (const run of runs) {
    const dir = folderOf(run);
    const blobs = await listRunBlobs(run.id);
    const html = blobs.find((b) => b.name === RUN_HTML);
    if (html) add(`${dir}/index.html`, new Uint8Array(await html.blob.arrayBuffer()));
    else warnings.push(`run ${run.id} was stored without its candidate HTML (before runs kept it): ${dir}/index.html is missing`);
    for (const b of blobs) if (/^evalpoints\/\d+\.png$/.test(b.name)) add(`${dir}/${b.name}`, new Uint8Array(await b.blob.arrayBuffer()));
    // A multi-file candidate's other files beside its index.html, as the CLI's results tree holds them.
    for (const b of blobs)
      if (b.name.startsWith(RUN_FILE_PREFIX))
        add(`${dir}/${b.name.slice(RUN_FILE_PREFIX.length)}`, new Uint8Array(await b.blob.arrayBuffer()));
    add(`${dir}/eval.json`, enc.encode(serializeEvalRecord(run.eval)));
    const { eval: _eval, ...record } = run;
    manifestRuns.push({ id: run.id, dir, record: redactDeep(record) });
  }

  // One report per model name; rows from eval.json so an import without our manifest
  // (scores recomputed from eval.json) writes the same report again.
  const byModel = new Map<string, Exportable[]>();
  for (const r of runs) byModel.set(r.model, [...(byModel.get(r.model) ?? []), r]);
  for (const [model, list] of [...byModel].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const rows = list.map((r) => taskRow(r.taskId, r.eval)).sort((a, b) => compareTaskIds(a.task, b.task));
    const rep = buildReport(model, rows);
    const stem = `reports/${reportStem(model)}_metrics`;
    add(`${stem}.md`, enc.encode(reportMarkdown(rep)));
    add(`${stem}.csv`, enc.encode(reportCsv(rep)));
    add(`${stem}.json`, enc.encode(reportJson(rep)));
  }

  // The checks written in this browser for the exported tasks travel in the manifest.
  const checks: ManifestChecks[] = [];
  for (const taskKey of [...new Set(runs.map((r) => r.taskKey))].sort()) {
    const saved = await getSavedChecks(taskKey);
    if (saved) checks.push({ taskKey, text: saved.text, savedAt: saved.savedAt });
  }

  const paths = [...files.keys()].sort();
  const hashes: Record<string, string> = {};
  for (const p of paths) hashes[p] = await sha256Hex(files.get(p) as Uint8Array);
  const manifest: ExportManifest = {
    format: MANIFEST_FORMAT,
    schema: MANIFEST_SCHEMA,
    app_version: __APP_VERSION__,
    exported_at: new Date().toISOString(),
    settings: redactDeep(shareableSettings(await loadSettings())),
    runs: manifestRuns,
    ...(checks.length ? { checks } : {}),
    files: hashes,
  };
  const manifestBytes = enc.encode(`${JSON.stringify(manifest, null, 2)}\n`);
  assertNoKey(MANIFEST_NAME, manifestBytes, keys);

  const entries: Record<string, [Uint8Array, ZipOptions]> = { [MANIFEST_NAME]: [manifestBytes, TEXT_OPTS] };
  for (const p of paths) entries[p] = [files.get(p) as Uint8Array, p.endsWith('.png') ? PNG_OPTS : TEXT_OPTS];
  const zip = zipSync(entries);
  // Stored (level 0) entries keep their bytes verbatim; this is the last line of defence.
  assertNoKey('the zip file', zip, keys);

  const models = [...byModel.keys()];
  const what =
    opts.runIds?.length === 1 && runs[0]
      ? `${runs[0].taskId}-${modelDirName(runs[0].model)}`
      : models.length === 1
        ? modelDirName(models[0] as string)
        : 'leaderboard';
  const day = manifest.exported_at.slice(0, 10).replaceAll('-', '');
  return { zip, fileName: `iwr-results-${what.replace(/[^A-Za-z0-9._-]+/g, '_')}-${day}.zip`, manifest, skipped, warnings };
}
