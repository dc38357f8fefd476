#!/usr/bin/env node
// Batch scale: what `iwr batch` costs on the sample suite, and what the full benchmark would.
//   1. Whole-suite `iwr batch` (model "reference"): --no-overlap, then the default (overlap) at
//      concurrency 1 and 2, then warm (--ref-cache): wall time, and peak memory = max over
//      time of the summed RSS of the batch's process tree (node + Chromium; shared pages
//      counted per process, so an upper bound), sampled every 250 ms.
//   2. N evaluations in a row on one page (default 100, task 1): RSS of the tree after each;
//      drift = mean of the last 10 / mean of the first 10 - 1 (target < 10%).
//   3. Projection for the full benchmark (113 tasks, 1,001 steps, 620 checkpoints, no judge)
//      from a --no-overlap run's per-task overhead, per-step replay and per-checkpoint
//      scoring costs, divided by the measured speed-up of the default (overlap) at concurrency
//      1 and 2; warm: scaled by a run with the filled --ref-cache (targets 25 / 15 min).
//   Native anchor: the `tesseract` CLI on the same checkpoints, against our OCR per image.
// Run: npm run bench:batch. Env: IWR_DIST=<built app> skips the build; BENCH_DINO=<onnx>
// (default models/random-vitb14.onnx when present: dinov2-base's cost, else the tiny test
// model); BENCH_TASKS=1,4 (default all); BENCH_EVALS=100; BENCH_SKIP=suite|soak.
// Results: bench/out/batch.json and bench/out/batch.md. Timings are noisy on a shared machine.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { treeRss } from '../src/cli/batch/proc.ts';
import { BrowserPool } from '../src/cli/batch/pool.ts';
import { attachData, dataArg, dinoArg, loadDinoInSession } from '../src/cli/data.ts';
import { evaluateInSession } from '../src/cli/evaluate.ts';
import { evalOptions } from '../src/cli/options.ts';
import { BEST_PUBLISHED_IFS, projectFull } from './projection.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const out = `${repo}bench/out`;
mkdirSync(out, { recursive: true });
const log = (...a) => console.error('[bench]', ...a);
const BIG = `${repo}models/random-vitb14.onnx`;
const DINO = process.env.BENCH_DINO ?? (existsSync(BIG) ? BIG : `${repo}public/models/test-dinov2-tiny.onnx`);
const EVALS = Number(process.env.BENCH_EVALS ?? 100);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const mb = (b) => Math.round(b / 2 ** 20);

if (!process.env.IWR_DIST) {
  const dist = mkdtempSync(join(tmpdir(), 'iwr-bench-'));
  log('building the app into', dist);
  const { build } = await import('vite');
  await build({ root: repo, logLevel: 'warn', configFile: `${repo}vite.config.ts`, build: { outDir: dist, emptyOutDir: true } });
  process.env.IWR_DIST = dist;
}

function scratch() {
  const dir = mkdtempSync(join(tmpdir(), 'iwr-bench-results-'));
  const src = `${repo}public/samples/results`;
  for (const t of readdirSync(src))
    if (existsSync(join(src, t, 'reference', 'index.html')))
      cpSync(join(src, t, 'reference', 'index.html'), join(dir, t, 'reference', 'index.html'));
  return dir;
}

async function suite(concurrency, refCache, overlap = true, filling = false) {
  const dir = scratch();
  const args = [
    `${repo}bin/iwr.mjs`,
    'batch',
    '--data',
    'samples',
    '--results',
    dir,
    '--model',
    'reference',
    '--dino-model',
    DINO,
    '--concurrency',
    String(concurrency),
  ];
  if (process.env.BENCH_TASKS) args.push('--tasks', process.env.BENCH_TASKS);
  if (refCache) args.push('--ref-cache', refCache);
  if (!overlap) args.push('--no-overlap');
  const t0 = Date.now();
  const child = spawn(process.execPath, args, { cwd: repo, env: process.env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (d) => process.stderr.write(d));
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(child.pid));
  }, 250);
  const code = await new Promise((r) => child.on('exit', r));
  clearInterval(timer);
  const wall = Date.now() - t0;
  const summary = JSON.parse(readFileSync(join(dir, 'reports', 'reference_batch.json'), 'utf8'));
  return {
    concurrency,
    overlap,
    // The first run with the folder fills it (its own identical images count as reused).
    refCache: refCache ? (filling ? 'filled' : 'warm') : null,
    code,
    wallMs: wall,
    peakRssMb: mb(peak),
    outcomes: summary.outcomes,
    dir,
  };
}

function costs(run) {
  const done = run.outcomes.filter((o) => o.status === 'done');
  const steps = done.reduce((a, o) => a + o.executed + 1, 0); // + 1: the load
  const cks = done.reduce((a, o) => a + o.checkpoints, 0);
  const replay = done.reduce((a, o) => a + o.timings.replay, 0);
  const ocr = done.reduce((a, o) => a + o.timings.ocr, 0);
  const dino = done.reduce((a, o) => a + o.timings.dino, 0);
  const staged = done.reduce((a, o) => a + Object.values(o.timings).reduce((x, y) => x + y, 0), 0);
  const total = done.reduce((a, o) => a + o.ms, 0);
  return {
    tasks: done.length,
    steps,
    checkpoints: cks,
    replayPerStep: replay / steps,
    ocrPerCheckpoint: ocr / cks,
    dinoPerCheckpoint: dino / cks,
    overheadPerTask: (total - staged) / done.length,
  };
}

function nativeOcrMs(dir) {
  try {
    execFileSync('tesseract', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const files = [];
  for (const t of readdirSync(dir).filter((x) => /^\d+$/.test(x))) {
    const ep = join(dir, t, 'reference', 'evalpoints');
    if (existsSync(ep))
      files.push(
        ...readdirSync(ep)
          .slice(0, 2)
          .map((f) => join(ep, f)),
      );
  }
  const sample = files.slice(0, 8);
  const t0 = Date.now();
  for (const f of sample)
    execFileSync('tesseract', [f, 'stdout', '--psm', '3', '-l', 'eng'], {
      stdio: ['ignore', 'ignore', 'ignore'],
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
  return sample.length ? (Date.now() - t0) / sample.length : null;
}

async function soak(n) {
  const data = dataArg('samples');
  const dino = dinoArg(DINO);
  const pool = await BrowserPool.open({
    mounts: dino.mounts,
    viewport: { width: 1920, height: 1200 },
    prepare: async (s) => {
      const id = await attachData(s, data);
      await loadDinoInSession(s, dino);
      return id;
    },
  });
  const slot = await pool.newSlot();
  const html = readFileSync(`${repo}public/samples/results/1/reference/index.html`, 'utf8');
  const rss = [];
  const ms = [];
  try {
    for (let i = 0; i < n; i++) {
      const t0 = Date.now();
      await evaluateInSession(slot, { sourceId: slot.sourceId, taskId: '1', html, model: 'reference', options: evalOptions({}) });
      ms.push(Date.now() - t0);
      rss.push(treeRss(process.pid));
      if (i % 10 === 9) log(`soak ${i + 1}/${n}: ${mb(rss.at(-1))} MB, ${ms.at(-1)} ms`);
    }
  } finally {
    await slot.close();
    await pool.close();
  }
  const k = Math.min(10, Math.floor(n / 2));
  const first = mean(rss.slice(0, k));
  const last = mean(rss.slice(-k));
  return {
    evaluations: n,
    window: k,
    firstMb: mb(first),
    lastMb: mb(last),
    drift: last / first - 1,
    msFirst: mean(ms.slice(0, k)),
    msLast: mean(ms.slice(-k)),
  };
}

const result = {
  when: new Date().toISOString(),
  cores: availableParallelism(),
  dino: DINO.replace(repo, ''),
  runs: [],
  soak: null,
  projection: null,
  nativeOcrMs: null,
};
if (!SKIP.has('suite')) {
  // The costs come from a run that scores task after task (--no-overlap), where each stage's
  // time is its own; the default (overlap: a page replays its next task while the one before
  // is scored) at concurrency 1 and 2 gives the speed-ups that scale them. The first run fills
  // a --ref-cache folder; the last reuses it, as every model after the first would: its wall
  // time against the cold run with the same settings scales the projection.
  const refCache = mkdtempSync(join(tmpdir(), 'iwr-bench-refcache-'));
  for (const [c, cache, overlap] of [
    [1, refCache, false],
    [1, undefined, true],
    [2, undefined, true],
    [1, refCache, true],
  ]) {
    log(`whole-suite batch, concurrency ${c}${overlap ? '' : ', no overlap'}${cache ? ' with --ref-cache' : ''}`);
    result.runs.push(await suite(c, cache, overlap, cache !== undefined && !result.runs.some((r) => r.refCache)));
  }
  const [serial, c1, c2, warm] = result.runs;
  const k = costs(serial);
  const speedupC1 = serial.wallMs / c1.wallMs;
  const speedup = serial.wallMs / c2.wallMs;
  // The default's figures: concurrency 1 with overlap, unless concurrency 2 measured faster.
  const best = Math.max(speedupC1, speedup);
  const published = { ifs: BEST_PUBLISHED_IFS, speedup: best };
  result.projection = {
    costs: k,
    serialMin: projectFull(k).minutes,
    speedupC1Overlap: speedupC1,
    projectedMinC1: projectFull(k, { speedup: speedupC1 }).minutes,
    speedupC2: speedup,
    projectedMinC2: projectFull(k, { speedup }).minutes,
    bestSpeedup: best,
    projectedMinBest: projectFull(k, { speedup: best }).minutes,
    warmRatio: warm.wallMs / c1.wallMs,
    // The cost model's warm figure (references' OCR and DINO cached), beside the measured ratio.
    modelMinWarm: projectFull(k, { speedup: best, warm: true }).minutes,
    publishedIfs: BEST_PUBLISHED_IFS,
    publishedMin: projectFull(k, published).minutes,
    publishedMinWarm: projectFull(k, { ...published, warm: true }).minutes,
  };
  result.projection.projectedMinWarm = result.projection.projectedMinC1 * result.projection.warmRatio;
  result.nativeOcrMs = nativeOcrMs(serial.dir);
  // ours per OCR call: a fresh batch OCRs each reference once and each screenshot once.
  result.ourOcrPerImageMs = k.ocrPerCheckpoint / 2;
}
if (!SKIP.has('soak')) result.soak = await soak(EVALS);

const f = (x, d = 0) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const lines = ['| measure | value | note |', '|---|---:|---|'];
for (const r of result.runs)
  lines.push(
    `| suite wall, concurrency ${r.concurrency}${r.overlap ? '' : ', no overlap'}${r.refCache === 'warm' ? ', warm --ref-cache' : ''} | ${f(r.wallMs / 1000, 1)} s | ${r.outcomes.filter((o) => o.status === 'done').length}/${r.outcomes.length} tasks done, exit ${r.code} |`,
    `| suite peak RSS (tree), concurrency ${r.concurrency}${r.overlap ? '' : ', no overlap'} | ${r.peakRssMb} MB | node + Chromium, summed |`,
  );
if (result.projection) {
  const p = result.projection;
  lines.push(
    `| replay per step (incl. official waits) | ${f(p.costs.replayPerStep)} ms | ${p.costs.steps} steps incl. loads; from the no-overlap run |`,
    `| OCR per checkpoint (reference + screenshot) | ${f(p.costs.ocrPerCheckpoint)} ms | ${p.costs.checkpoints} checkpoints |`,
    `| DINO per checkpoint (reference + screenshot) | ${f(p.costs.dinoPerCheckpoint)} ms | ${result.dino} |`,
    `| per-task overhead (page, task load, writes) | ${f(p.costs.overheadPerTask)} ms | |`,
    `| speed-up against no overlap: concurrency 1 / 2 with overlap | ${f(p.speedupC1Overlap, 2)}x / ${f(p.speedupC2, 2)}x | |`,
    `| projected full benchmark, no overlap / concurrency 1 / 2 | ${f(p.serialMin, 1)} / ${f(p.projectedMinC1, 1)} / ${f(p.projectedMinC2, 1)} min | 113 tasks, 1,001 steps, 620 checkpoints, no judge; target < 25 min cold |`,
    `| projected, each further model (warm --ref-cache), concurrency 1 | ${f(p.projectedMinWarm, 1)} min | cold projection x suite wall warm / cold (${f(p.warmRatio, 2)}); the cost model says ${f(p.modelMinWarm, 1)} min; target < 15 min |`,
    `| projected, a model with the best published IFS (${f(p.publishedIfs * 100, 1)} %), cold / warm | ${f(p.publishedMin, 1)} / ${f(p.publishedMinWarm, 1)} min | it stops early: checkpoint 0 of every task and about ${f(p.publishedIfs * 100, 0)} % of the other steps and checkpoints |`,
    `| OCR per image: ours / native tesseract CLI | ${f(result.ourOcrPerImageMs)} / ${f(result.nativeOcrMs)} ms = ${f(result.ourOcrPerImageMs / result.nativeOcrMs, 2)}x | ours: stage wall time per image, the pool's workers reading side by side; the CLI one at a time, process start included (engine against engine: bench:scoring) |`,
  );
}
if (result.soak) {
  const s = result.soak;
  lines.push(
    `| ${s.evaluations} evaluations in a row: RSS first ${s.window} / last ${s.window} | ${s.firstMb} / ${s.lastMb} MB | drift ${f(s.drift * 100, 1)}% (target < 10%); ${f(s.msFirst)} / ${f(s.msLast)} ms per eval |`,
  );
}
const md = `${lines.join('\n')}\n\n${result.when}, ${result.cores} cores; a shared machine: timings are noisy.\n`;
writeFileSync(
  `${out}/batch.json`,
  JSON.stringify(
    result,
    (k, v) =>
      k === 'outcomes'
        ? v.map((o) => ({ task: o.task, status: o.status, ms: o.ms, timings: o.timings, executed: o.executed, checkpoints: o.checkpoints }))
        : v,
    2,
  ),
);
writeFileSync(`${out}/batch.md`, md);
console.log(md);
