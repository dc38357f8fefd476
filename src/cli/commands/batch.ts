// `iwr batch`: every task of a results tree for one model, in one headless Chromium with K
// pages, official outputs next to each index.html, then the model's report.
import { existsSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { reportStem } from '../../scoring/model-names.ts';
import { UsageError, type Command } from '../command.ts';
import { MAX_WORKER_THREADS, shareOfCores } from '../../shared/worker-threads.ts';
import { dataArg, datasetTasks, enginesArg } from '../data.ts';
import { refStoreArg } from '../ref-store.ts';
import { resolverArg } from '../resolver-option.ts';
import { checksArg, EVAL_OPTION_SPEC, EVAL_OPTION_USAGE, evalOptions } from '../options.ts';
import { incompleteReason, taskDir } from '../batch/outputs.ts';
import { Progress } from '../batch/progress.ts';
import { runBatch, type BatchJob, type TaskOutcome } from '../batch/run.ts';
import { parseShard, pickTasks, shardTasks, type Shard } from '../batch/tasks.ts';
import { report } from './report.ts';
import { BUILD_OPTION_SPEC, BUILD_OPTION_USAGE, buildArg } from '../build.ts';

const USAGE = `Usage: iwr batch --data DIR --results DIR --model NAME [options]

Evaluates <results>/<task>/<model dir>/index.html for every task of the dataset (model dir:
NAME lower-cased, "/" -> "__"; the folder may hold the files index.html loads, or a project
with a package.json "build" script, built first with its log in build.log), writes eval.json and evalpoints/ next to each, then
<results>/reports/<NAME>_metrics.md (as iwr report) and <NAME>_batch.json (per-task status,
time and stage timings). A task without index.html is listed as failed.

  --data DIR         dataset folder with data.jsonl, or "samples"
  --results DIR      results tree holding <task>/<model dir>/index.html
  --model NAME       model name
  --tasks LIST       only these task ids, e.g. 1,5,9 or 1-4,9
  --shard I/N        only shard I of N: the tasks at positions I-1, I-1+N, ... of the sorted
                     list (round robin; the N shards cover every task once). Join the shards'
                     trees with iwr merge.
  --concurrency K    pages evaluating in parallel in the one browser (default 1)
  --threads N        scoring threads per page: DINO's WASM threads and OCR engines (1..4;
                     default: the cores divided among the pages, at least 1); scores do not
                     change with it
  --resume           skip tasks whose eval.json is complete (valid, with its evalpoints/)
  --no-overlap       score each task before the page replays the next one (default: a page
                     replays its next task while the one before is scored; same scores)
${EVAL_OPTION_USAGE}
${BUILD_OPTION_USAGE}

Progress goes to stderr (a bar with ETA on a terminal, one line per task otherwise). Ctrl-C or
a crash loses at most the tasks in progress (eval.json is written last, atomically); run again
with --resume. A browser that dies is relaunched and its tasks retried once.

Exit codes: 0 every task done, 1 some tasks failed (listed with task, step and file),
2 bad arguments or data, 130 interrupted.`;

export const BATCH_OPTION_SPEC = {
  data: { type: 'string' },
  results: { type: 'string' },
  model: { type: 'string' },
  tasks: { type: 'string' },
  shard: { type: 'string' },
  concurrency: { type: 'string' },
  threads: { type: 'string' },
  resume: { type: 'boolean' },
  'no-overlap': { type: 'boolean' },
  ...EVAL_OPTION_SPEC,
  ...BUILD_OPTION_SPEC,
} as const;

function clock(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

export function batchSummaryPath(results: string, model: string, shard: Shard | null): string {
  return join(results, 'reports', `${reportStem(model)}_batch${shard ? `.shard${shard.index}of${shard.count}` : ''}.json`);
}

export function describeFailure(o: TaskOutcome): string {
  const where = [o.step !== null ? `step ${o.step}` : null, o.stage ? `stage ${o.stage}` : null].filter(Boolean).join(', ');
  return `task ${o.task}${where ? ` (${where})` : ''}, ${o.file}: ${o.reason ?? o.status}`;
}

/**
 * --threads: scoring threads per page. By default the cores are divided among the pages: K
 * pages that each used every core would oversubscribe the machine (src/engines/threads.ts).
 */
export function threadsArg(value: string | undefined, concurrency: number, cores: number): number {
  if (value === undefined) return shareOfCores(cores, concurrency);
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < 1 || n > MAX_WORKER_THREADS)
    throw new UsageError(`--threads ${value}: expected an integer 1..${MAX_WORKER_THREADS}`);
  return n;
}

export const batch: Command = {
  name: 'batch',
  summary: 'evaluate a model on every task of a results tree, then write its report',
  usage: USAGE,
  async run(argv) {
    let values: Record<string, string | boolean | undefined>;
    try {
      values = parseArgs({ args: argv, strict: true, options: BATCH_OPTION_SPEC }).values;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const data = dataArg(values.data as string | undefined);
    const resultsArg = values.results as string | undefined;
    const model = values.model as string | undefined;
    if (!resultsArg) throw new UsageError('--results DIR is required');
    if (!model) throw new UsageError('--model NAME is required');
    const results = resolve(resultsArg);
    if (!existsSync(results) || !statSync(results).isDirectory()) throw new UsageError(`--results ${resultsArg}: no such folder`);
    const concurrency = Number(values.concurrency ?? 1);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
      throw new UsageError(`--concurrency ${String(values.concurrency)}: expected an integer 1..16`);
    const threads = threadsArg(values.threads as string | undefined, concurrency, availableParallelism());
    const options = evalOptions(values);
    const build = buildArg(values);
    const checksFor = checksArg(values);
    const engines = enginesArg(values);
    const refStore = refStoreArg(values['ref-cache'] as string | undefined);
    const resolver = resolverArg(values);
    const shard = parseShard(values.shard as string | undefined);
    const all = datasetTasks(data);
    if (!all.length) throw new UsageError(`--data ${String(values.data)}: data.jsonl has no tasks`);
    const steps = new Map(all.map((t) => [t.id, t.steps]));
    const ids = shardTasks(
      pickTasks(
        all.map((t) => t.id),
        values.tasks as string | undefined,
      ),
      shard,
    );

    const jobs: BatchJob[] = [];
    const skipped: string[] = [];
    for (const task of ids) {
      const outDir = taskDir(results, task, model);
      if (values.resume && incompleteReason(outDir) === null) {
        skipped.push(task);
        continue;
      }
      jobs.push({ task, steps: steps.get(task) ?? 0, html: outDir, outDir });
    }
    const head = `iwr batch: ${model}, ${ids.length} task${ids.length === 1 ? '' : 's'}${shard ? ` (shard ${shard.index}/${shard.count})` : ''}`;
    process.stderr.write(
      `${head}${skipped.length ? `, ${skipped.length} already complete (--resume): ${skipped.join(',')}` : ''}; concurrency ${concurrency}, ${threads} scoring thread${threads === 1 ? '' : 's'} per page${values['no-overlap'] ? ', no overlap' : ''}\n`,
    );

    const progress = new Progress({ total: jobs.length, weights: new Map(jobs.map((j) => [j.task, j.steps + 1])) });
    const abort = new AbortController();
    const onSignal = (sig: NodeJS.Signals) => {
      if (abort.signal.aborted) process.exit(130); // a second Ctrl-C: no more waiting
      progress.line(`${sig}: stopping; finished tasks are kept, run again with --resume`);
      abort.abort();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    let run;
    try {
      run = jobs.length
        ? await runBatch({
            data,
            engines,
            model,
            options,
            ...(checksFor ? { checksFor } : {}),
            refStore,
            resolver,
            build,
            jobs,
            concurrency,
            threads,
            overlap: !values['no-overlap'],
            progress,
            signal: abort.signal,
          })
        : { outcomes: [], restarts: 0, wallMs: 0, pages: [] };
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      progress.close();
    }

    const outcomes = [...run.outcomes].sort((a, b) => ids.indexOf(a.task) - ids.indexOf(b.task));
    const failed = outcomes.filter((o) => o.status === 'failed');
    const interrupted = abort.signal.aborted;
    const summaryFile = batchSummaryPath(results, model, shard);
    await mkdir(join(results, 'reports'), { recursive: true });
    const summary = {
      model,
      data: data.kind === 'samples' ? 'samples' : data.dir,
      shard: shard ? `${shard.index}/${shard.count}` : null,
      concurrency,
      threads,
      overlap: !values['no-overlap'],
      options,
      tasks: ids,
      skipped,
      wall_ms: run.wallMs,
      pages: run.pages.map((p) => ({ start_ms: p.startMs, ready_ms: p.readyMs })),
      browser_restarts: run.restarts,
      ref_cache: refStore ? { dir: refStore.dir, ...refStore.counts } : null,
      interrupted,
      outcomes,
    };
    await writeFile(`${summaryFile}.tmp`, `${JSON.stringify(summary, null, 2)}\n`);
    await rename(`${summaryFile}.tmp`, summaryFile);

    const done = outcomes.filter((o) => o.status === 'done').length;
    console.log(
      `batch: ${ids.length} tasks: ${done} done, ${failed.length} failed, ${skipped.length} skipped (complete)` +
        `${interrupted ? `, ${jobs.length - done - failed.length} not finished (interrupted)` : ''} in ${clock(run.wallMs)}` +
        `${run.restarts ? `; browser relaunched ${run.restarts}x` : ''}`,
    );
    if (refStore) process.stderr.write(`${refStore.summary()}\n`);
    for (const o of failed) console.error(`failed: ${describeFailure(o)}`);
    if (interrupted) return 130;

    const anyDone = ids.some((t) => incompleteReason(taskDir(results, t, model)) === null) || done > 0;
    if (anyDone) {
      try {
        await report.run(['--results', results, '--model', model]);
      } catch (e) {
        console.error(`iwr batch: the report was not written: ${e instanceof Error ? e.message : String(e)}`);
        return 1;
      }
    }
    return failed.length ? 1 : 0;
  },
};
