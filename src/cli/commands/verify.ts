// `iwr verify`: checks a published result bundle (<results>/<task>/<model dir>/ with index.html
// and, when published, eval.json and evalpoints/) three ways, and writes
// <results>/verify/<NAME>.md and .json: published vs recomputed, each difference with its cause.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EvaluateOutput } from '../../api/pipeline.ts';
import type { ScoreCheckpointsOutput } from '../../api/verify.ts';
import type { EvalRecord } from '../../scoring/eval-record.ts';
import { parseEvalJson } from '../../scoring/evaljson.ts';
import { mean, taskScores, truncate, type Scores } from '../../scoring/metrics.ts';
import { modelDirName, reportStem } from '../../scoring/model-names.ts';
import { formatProblem } from '../../task/types.ts';
import { UsageError, type Command } from '../command.ts';
import { applyEngines, attachData, dataArg, dataMounts, datasetTasks, enginesArg } from '../data.ts';
import { ensureRefStore, refStoreArg } from '../ref-store.ts';
import { applyResolver, resolverArg } from '../resolver-option.ts';
import { evaluateInSession } from '../evaluate.ts';
import { EVAL_OPTION_SPEC, EVAL_OPTION_USAGE, evalOptions } from '../options.ts';
import { BrowserPool, type Slot } from '../batch/pool.ts';
import { taskDir } from '../batch/outputs.ts';
import { pickTasks } from '../batch/tasks.ts';
import { checkAggregate, checkEvalpoints, checkReplay, parseReportMarkdown, type Finding, type Rescored } from '../batch/verify-compare.ts';

const USAGE = `Usage: iwr verify --data DIR --results DIR --model NAME [--tasks LIST] [--no-replay] [options]

For a published result bundle: <results>/<task>/<model dir>/index.html, and when published
eval.json, evalpoints/ and <results>/reports/<NAME>_metrics.md. Per task:
  A. the official aggregate recomputed from their eval.json (src/scoring), against the
     record's own aggregate fields and the published report row;
  B. OCR and DINO recomputed from their evalpoints/ against the reference checkpoints;
  C. their index.html replayed and scored by our pipeline (skip with --no-replay).
Writes <results>/verify/<NAME>.md and <NAME>.json: published vs recomputed, each difference
with its cause (driver disagreement at step k, OCR engine or DINO model difference, judge
missing, edited record...). Differences are findings, not errors.

${EVAL_OPTION_USAGE}

Exit codes: 0 verified (with or without differences), 1 some tasks could not be verified
(listed), 2 bad arguments or data.`;

type Fig = Pick<Scores, 'IFS' | 'ocr_score' | 'dino_score' | 'LFS' | 'HFS' | 'VFS' | 'Final'>;

interface TaskVerification {
  task: string;
  folder: string;
  published: { eval_json: boolean; evalpoints: number; report_row: boolean };
  /** A: the official aggregate from their eval.json. */
  aggregate: Fig | null;
  /** B: OCR and DINO means (cut to success_step + 1) from their evalpoints. */
  rescored: { ocr_score: number; dino_score: number; per_checkpoint: Rescored[] } | null;
  /** C: our replay of their index.html. */
  replay: (Fig & { success_step: number; total_step: number }) | null;
  findings: Finding[];
  error: string | null;
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? 'n/a' : (v * 100).toFixed(2));
const figs = (s: Scores): Fig => ({
  IFS: s.IFS,
  ocr_score: s.ocr_score,
  dino_score: s.dino_score,
  LFS: s.LFS,
  HFS: s.HFS,
  VFS: s.VFS,
  Final: s.Final,
});

function markdown(model: string, rows: TaskVerification[]): string {
  const out = [
    `# verify: ${reportStem(model)}`,
    '',
    'Published (from their eval.json, official aggregate) vs recomputed: OCR/DINO from their evalpoints, and our replay of their index.html. Percent.',
    '',
  ];
  out.push(
    '| task | published IFS | OCR | DINO | Final | rescored OCR | rescored DINO | replay IFS | replay OCR | replay DINO | replay Final | differences |',
  );
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const a = r.aggregate;
    const p = r.replay;
    out.push(
      `| ${r.task} | ${pct(a?.IFS)} | ${pct(a?.ocr_score)} | ${pct(a?.dino_score)} | ${pct(a?.Final)} | ${pct(r.rescored?.ocr_score)} | ${pct(r.rescored?.dino_score)} | ${pct(p?.IFS)} | ${pct(p?.ocr_score)} | ${pct(p?.dino_score)} | ${pct(p?.Final)} | ${r.error ? 'error' : r.findings.length} |`,
    );
  }
  const withAgg = rows.filter((r) => r.aggregate);
  const withReplay = rows.filter((r) => r.replay);
  if (withAgg.length || withReplay.length) {
    const avg = (xs: TaskVerification[], f: (r: TaskVerification) => number | null | undefined) => {
      const v = xs.map(f).filter((x): x is number => typeof x === 'number');
      return v.length ? mean(v) : null;
    };
    out.push(
      `| avg | ${pct(avg(withAgg, (r) => r.aggregate?.IFS))} | ${pct(avg(withAgg, (r) => r.aggregate?.ocr_score))} | ${pct(avg(withAgg, (r) => r.aggregate?.dino_score))} | ${pct(avg(withAgg, (r) => r.aggregate?.Final))} | ${pct(avg(rows, (r) => r.rescored?.ocr_score))} | ${pct(avg(rows, (r) => r.rescored?.dino_score))} | ${pct(avg(withReplay, (r) => r.replay?.IFS))} | ${pct(avg(withReplay, (r) => r.replay?.ocr_score))} | ${pct(avg(withReplay, (r) => r.replay?.dino_score))} | ${pct(avg(withReplay, (r) => r.replay?.Final))} | ${rows.reduce((n, r) => n + r.findings.length, 0)} |`,
    );
  }
  out.push('', '## Differences', '');
  const any = rows.filter((r) => r.findings.length || r.error);
  if (!any.length) out.push('None: every recomputed figure matches the published one within tolerance.');
  for (const r of any) {
    out.push(`### task ${r.task}`, '');
    if (r.error) out.push(`- could not verify: ${r.error}`);
    for (const f of r.findings)
      out.push(`- ${f.what}: published ${String(f.published)}, recomputed ${String(f.recomputed)}. Cause: ${f.cause}`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

export const verify: Command = {
  name: 'verify',
  summary: 'check a published result bundle: aggregate, OCR/DINO from evalpoints, replay',
  usage: USAGE,
  async run(argv) {
    let values: Record<string, string | boolean | undefined>;
    try {
      values = parseArgs({
        args: argv,
        strict: true,
        options: {
          data: { type: 'string' },
          results: { type: 'string' },
          model: { type: 'string' },
          tasks: { type: 'string' },
          'no-replay': { type: 'boolean' },
          ...EVAL_OPTION_SPEC,
        },
      }).values;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const data = dataArg(values.data as string | undefined);
    const model = values.model as string | undefined;
    if (!values.results || !model) throw new UsageError('--results DIR and --model NAME are required');
    const results = resolve(values.results as string);
    if (!existsSync(results) || !statSync(results).isDirectory())
      throw new UsageError(`--results ${String(values.results)}: no such folder`);
    const options = evalOptions(values);
    const engines = enginesArg(values);
    const refStore = refStoreArg(values['ref-cache'] as string | undefined);
    const resolver = resolverArg(values);
    const inData = datasetTasks(data).map((t) => t.id);
    const mdir = modelDirName(model);
    const present = readdirSync(results).filter((t) => existsSync(join(results, t, mdir)));
    const ids = pickTasks(inData, values.tasks as string | undefined).filter((t) => present.includes(t));
    const strangers = present.filter((t) => !inData.includes(t));
    if (!ids.length) throw new UsageError(`${results}: no <task>/${mdir}/ for a task of the dataset`);
    const reportFile = join(results, 'reports', `${reportStem(model)}_metrics.md`);
    const reportRows = existsSync(reportFile) ? parseReportMarkdown(readFileSync(reportFile, 'utf8')) : new Map();

    const pool = await BrowserPool.open({
      mounts: { ...dataMounts(data), ...engines.mounts },
      viewport: { width: 1920, height: 1200 },
      prepare: async (s) => {
        const id = await attachData(s, data);
        await applyEngines(s, engines);
        if (refStore) await ensureRefStore(s.page, refStore);
        await applyResolver(s.page, resolver);
        return id;
      },
      onLog: (l) => process.stderr.write(`${l}\n`),
    });
    const rows: TaskVerification[] = [];
    let slot: Slot | null = null;
    try {
      for (const task of ids) {
        const dir = taskDir(results, task, model);
        process.stderr.write(`verify: task ${task}\n`);
        const row: TaskVerification = {
          task,
          folder: dir,
          published: {
            eval_json: existsSync(join(dir, 'eval.json')),
            evalpoints: existsSync(join(dir, 'evalpoints')) ? readdirSync(join(dir, 'evalpoints')).length : 0,
            report_row: reportRows.has(task),
          },
          aggregate: null,
          rescored: null,
          replay: null,
          findings: [],
          error: null,
        };
        rows.push(row);
        try {
          slot ??= await pool.newSlot();
          const s = slot;
          let pub: EvalRecord | null = null;
          if (row.published.eval_json) {
            const file = join(dir, 'eval.json');
            const parsed = parseEvalJson(readFileSync(file, 'utf8'), file);
            const errs = parsed.problems.filter((p) => p.severity === 'error');
            if (!parsed.record || errs.length) throw new Error(errs.map(formatProblem).join('; '));
            pub = parsed.record;
            const a = checkAggregate(pub, reportRows.get(task));
            row.aggregate = figs(a.scores);
            row.findings.push(...a.findings);

            // B. Their evalpoints: the j-th scored path meets checkpoints/step_<j>.png.
            const files = pub.screenshot_paths_to_eval.map((p) => `evalpoints/${basename(p)}`);
            const have = files.map((f) => existsSync(join(dir, f)));
            const scored = (await s.page.evaluate((input) => window.iwr.scoreCheckpoints(input), {
              sourceId: s.sourceId,
              taskId: task,
              pairs: files.flatMap((f, j) =>
                have[j] ? [{ screenshotB64: readFileSync(join(dir, f)).toString('base64'), checkpoint: j }] : [],
              ),
            })) as ScoreCheckpointsOutput;
            const byJ = new Map(scored.pairs.map((p) => [p.checkpoint, p]));
            const rescored: Rescored[] = files.map((file, j) => {
              const p = byJ.get(j);
              return p
                ? { checkpoint: j, ocr: p.ocr, dino: p.dino, ocrTexts: p.ocrTexts, file }
                : { checkpoint: j, ocr: null, dino: null, file };
            });
            const ok = rescored.filter((r) => r.ocr !== null);
            if (ok.length) {
              row.rescored = {
                ocr_score: mean(
                  truncate(
                    rescored.map((r) => r.ocr ?? 0),
                    pub.success_step,
                  ),
                ),
                dino_score: mean(
                  truncate(
                    rescored.map((r) => r.dino ?? 0),
                    pub.success_step,
                  ),
                ),
                per_checkpoint: rescored,
              };
            }
            row.findings.push(
              ...checkEvalpoints(pub, rescored, {
                ocrEngine: scored.ocrEngine,
                dinoSha256: scored.dino.sha256,
                dinoId: scored.dino.modelId,
                dinoPrecision: scored.dino.precision,
              }),
            );
          }
          // C. Our replay of their page.
          if (!values['no-replay']) {
            const html = join(dir, 'index.html');
            if (!existsSync(html))
              row.findings.push({ what: 'replay', published: null, recomputed: null, cause: `no index.html at ${html}: not replayed` });
            else {
              const out: EvaluateOutput = await evaluateInSession(s, {
                sourceId: s.sourceId,
                taskId: task,
                html: readFileSync(html, 'utf8'),
                model,
                options,
              });
              const ours = JSON.parse(out.evalJson) as EvalRecord;
              row.replay = { ...figs(taskScores(ours)), success_step: ours.success_step, total_step: ours.total_step };
              if (pub) row.findings.push(...checkReplay(pub, ours));
            }
          }
        } catch (e) {
          row.error = (e instanceof Error ? e.message : String(e)).replace(/^page\.evaluate: (Error: )?/, '').split('\n')[0] ?? '';
          if (!pool.connected || slot?.crashed) {
            await slot?.close();
            slot = null;
          }
        }
      }
    } finally {
      await slot?.close();
      await pool.close();
    }
    if (refStore) process.stderr.write(`${refStore.summary()}\n`);

    const outDir = join(results, 'verify');
    await mkdir(outDir, { recursive: true });
    const stem = reportStem(model);
    await writeFile(
      join(outDir, `${stem}.json`),
      `${JSON.stringify({ model, results, tasks: rows, not_in_dataset: strangers }, null, 2)}\n`,
    );
    await writeFile(join(outDir, `${stem}.md`), markdown(model, rows));
    const diffs = rows.reduce((n, r) => n + r.findings.length, 0);
    const errors = rows.filter((r) => r.error);
    console.log(
      `verify: ${rows.length} tasks, ${diffs} differences, ${errors.length} not verified; wrote ${join(outDir, `${stem}.md`)} and .json`,
    );
    for (const t of strangers) console.error(`warning: ${join(results, t, mdir)}: task ${t} is not in the dataset; skipped`);
    for (const r of errors) console.error(`not verified: task ${r.task} (${r.folder}): ${r.error}`);
    return errors.length ? 1 : 0;
  },
};
