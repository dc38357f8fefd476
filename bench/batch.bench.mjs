#!/usr/bin/env node
// Batch scale: what `iwr batch` costs on the sample suite, and what the full benchmark would.
//   1. Whole-suite `iwr batch` (model "reference", each page marked by a 2-pixel dot so its
//      screenshots are not its references' bytes): --no-overlap, then the default (overlap)
//      at concurrency 1 and 2 (one scoring thread per page on 2 cores; and every core per
//      page, the oversubscribed way), then a further model (another dot colour) with the
//      --ref-cache the first run filled: wall time, and peak memory = max over
//      time of the summed RSS of the batch's process tree (node + Chromium; shared pages
//      counted per process, so an upper bound), sampled every 250 ms.
//   2. N evaluations in a row on one page (default 100, task 1): RSS of the tree after each;
//      drift = mean of the last 10 / mean of the first 10 - 1 (target < 10%).
//   3. Projection for the full benchmark (113 tasks, 1,001 steps, 620 checkpoints, no judge)
//      from a --no-overlap run's per-task overhead, per-step replay and per-checkpoint
//      scoring costs, divided by the measured speed-up of the default (overlap) at concurrency
//      1 and 2, plus each run's fixed start-up (browser, pages, DINO model), which a 12-task
//      suite would otherwise spread over its few tasks; warm: the cold projection at the same
//      concurrency scaled by the further model's run against the cold one (targets 25 / 15 min).
//   Native anchor: the `tesseract` CLI on the same checkpoints, against our OCR per image.
// Run: npm run bench:batch. Env: IWR_DIST=<built app> skips the build; BENCH_DINO=<onnx>
// (default models/random-vitb14.onnx when present: dinov2-base's cost, else the tiny test
// model); BENCH_TASKS=1,4 (default all); BENCH_EVALS=100; BENCH_SKIP=suite|soak.
// Results: bench/out/batch.json and bench/out/batch.md. Timings are noisy on a shared machine.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * A results tree with the sample references as the candidates, each marked by a 2-pixel dot of
 * `marker` in the corner. Without it a screenshot would be byte for byte its reference (the
 * samples' checkpoints were captured by this app), the content-addressed cache would score
 * each checkpoint once instead of twice, and the costs would be half a real model's. A second
 * marker colour plays a further model: new screenshots, the same references.
 */
function scratch(marker) {
  const dir = mkdtempSync(join(tmpdir(), 'iwr-bench-results-'));
  const src = `${repo}public/samples/results`;
  const dot = `<div style="position:fixed;right:0;bottom:0;width:2px;height:2px;background:${marker};z-index:2147483647;pointer-events:none"></div>`;
  for (const t of readdirSync(src)) {
    const file = join(src, t, 'reference', 'index.html');
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    mkdirSync(join(dir, t, 'reference'), { recursive: true });
    writeFileSync(join(dir, t, 'reference', 'index.html'), /<\/body>/i.test(html) ? html.replace(/<\/body>/i, (m) => dot + m) : html + dot);
  }
  return dir;
}

async function suite(run) {
  const { concurrency, refCache, overlap = true, threads, marker = '#ff00ff' } = run;
  // The first run with the folder fills it; the others find the references there.
  const cache = refCache ? (run.filling ? 'filled' : 'warm') : null;
  log(`whole-suite batch, ${describeRun({ ...run, refCache: cache })}`);
  const dir = scratch(marker);
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
  if (threads) args.push('--threads', String(threads));
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
  const setupMs = firstReady(summary.pages);
  return {
    concurrency,
    threads: summary.threads,
    overlap,
    refCache: cache,
    code,
    wallMs: wall,
    // The first page's set-up, inside the batch's own wall time and its first task's time.
    setupMs,
    fixedMs: wall - summary.wall_ms + setupMs,
    peakRssMb: mb(peak),
    outcomes: summary.outcomes,
    dir,
  };
}

/**
 * Paid once: until the first page is ready (process and browser start, the app loaded, the
 * DINO model read), nothing is evaluated; the rest of the wall time grows with the work. With
 * two pages, the second one's set-up (about as long: both read the model at once) stays in the
 * growing part, so concurrency 2 is projected on the safe side.
 */
function firstReady(pages) {
  const initial = pages.filter((p) => p.start_ms < 1000).map((p) => p.ready_ms);
  return initial.length ? Math.min(...initial) : 0;
}

function costs(run) {
  const done = run.outcomes.filter((o) => o.status === 'done');
  const steps = done.reduce((a, o) => a + o.executed + 1, 0); // + 1: the load
  const cks = done.reduce((a, o) => a + o.checkpoints, 0);
  const replay = done.reduce((a, o) => a + o.timings.replay, 0);
  const ocr = done.reduce((a, o) => a + o.timings.ocr, 0);
  const dino = done.reduce((a, o) => a + o.timings.dino, 0);
  const staged = done.reduce((a, o) => a + Object.values(o.timings).reduce((x, y) => x + y, 0), 0);
  // The first task's time includes its page's set-up from the moment the task started (a
  // fixed cost, in run.fixedMs).
  const firstStart = Math.min(...run.outcomes.map((o) => o.startedMs));
  const total = done.reduce((a, o) => a + o.ms, 0) - Math.max(0, run.setupMs - firstStart);
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
  // a --ref-cache folder; the last two reuse it, as every model after the first would: their
  // wall time against the cold run with the same settings scales the projection.
  const refCache = mkdtempSync(join(tmpdir(), 'iwr-bench-refcache-'));
  const plan = [
    { concurrency: 1, refCache, overlap: false, filling: true },
    { concurrency: 1 },
    // The default share: one scoring thread per page on two cores.
    { concurrency: 2 },
    // Each page with every core, as before --threads: the two pages oversubscribe the cores.
    { concurrency: 2, threads: Math.min(4, availableParallelism()) },
  ];
  for (const run of plan) result.runs.push(await suite(run));
  const [serial, c1, c2, c2All] = result.runs;
  // Further models with the references in the cache, at concurrency 1 and 2: each its own dot
  // colour, so neither finds its screenshots in the cache (only the references).
  const warmC1 = await suite({ concurrency: 1, refCache, marker: '#00ffff' });
  result.runs.push(warmC1);
  const warmC2 = await suite({ concurrency: 2, refCache, marker: '#ffff00' });
  result.runs.push(warmC2);
  const k = costs(serial);
  // The wall time that grows with the work: the fixed start-up is paid once in a full run too.
  const steady = (r) => r.wallMs - r.fixedMs;
  const speedupOf = (r) => steady(serial) / steady(r);
  const coldMin = (r, o = {}) => projectFull(k, { ...o, speedup: speedupOf(r), fixedMs: r.fixedMs }).minutes;
  // Warm: the cold projection at the same concurrency, its growing part scaled by warm / cold.
  const warmMin = (w, cold) => (coldMin(cold) - cold.fixedMs / 60000) * (steady(w) / steady(cold)) + w.fixedMs / 60000;
  const bestCold = coldMin(c2) < coldMin(c1) ? c2 : c1;
  const bestWarm = warmMin(warmC2, c2) < warmMin(warmC1, c1) ? { w: warmC2, c: c2 } : { w: warmC1, c: c1 };
  const published = { ifs: BEST_PUBLISHED_IFS };
  result.projection = {
    costs: k,
    fixedMs: { serial: serial.fixedMs, c1: c1.fixedMs, c2: c2.fixedMs },
    serialMin: coldMin(serial),
    speedupC1Overlap: speedupOf(c1),
    projectedMinC1: coldMin(c1),
    speedupC2: speedupOf(c2),
    speedupC2AllThreads: speedupOf(c2All),
    projectedMinC2: coldMin(c2),
    bestConcurrency: bestCold.concurrency,
    projectedMinBest: coldMin(bestCold),
    projectedMinWarmC1: warmMin(warmC1, c1),
    projectedMinWarmC2: warmMin(warmC2, c2),
    warmConcurrency: bestWarm.c.concurrency,
    projectedMinWarm: warmMin(bestWarm.w, bestWarm.c),
    // The cost model's warm figure (references' OCR and DINO cached), beside the measured one.
    modelMinWarm: coldMin(bestCold, { warm: true }),
    publishedIfs: BEST_PUBLISHED_IFS,
    publishedMin: coldMin(bestCold, published),
    publishedMinWarm: coldMin(bestCold, { ...published, warm: true }),
  };
  result.nativeOcrMs = nativeOcrMs(serial.dir);
  // ours per OCR call: a fresh batch OCRs each reference once and each screenshot once.
  result.ourOcrPerImageMs = k.ocrPerCheckpoint / 2;
}
if (!SKIP.has('soak')) result.soak = await soak(EVALS);

/** r.refCache: 'filled', 'warm' or null. */
function describeRun(r) {
  const cache = r.refCache === 'filled' ? ', filling --ref-cache' : r.refCache === 'warm' ? ', warm --ref-cache' : '';
  const threads = r.threads ? `, ${r.threads} scoring thread${r.threads === 1 ? '' : 's'} per page` : '';
  return `concurrency ${r.concurrency}${threads}${r.overlap === false ? ', no overlap' : ''}${cache}`;
}

const f = (x, d = 0) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const lines = ['| measure | value | note |', '|---|---:|---|'];
for (const r of result.runs)
  lines.push(
    `| suite wall, ${describeRun(r)} | ${f(r.wallMs / 1000, 1)} s | ${r.outcomes.filter((o) => o.status === 'done').length}/${r.outcomes.length} tasks done, exit ${r.code} |`,
    `| suite peak RSS (tree), ${describeRun(r)} | ${r.peakRssMb} MB | node + Chromium, summed |`,
  );
if (result.projection) {
  const p = result.projection;
  lines.push(
    `| replay per step (incl. official waits) | ${f(p.costs.replayPerStep)} ms | ${p.costs.steps} steps incl. loads; from the no-overlap run |`,
    `| OCR per checkpoint (reference + screenshot) | ${f(p.costs.ocrPerCheckpoint)} ms | ${p.costs.checkpoints} checkpoints |`,
    `| DINO per checkpoint (reference + screenshot) | ${f(p.costs.dinoPerCheckpoint)} ms | ${result.dino} |`,
    `| per-task overhead (page, task load, writes) | ${f(p.costs.overheadPerTask)} ms | |`,
    `| fixed start-up (browser, pages ready, DINO model loaded): no overlap / concurrency 1 / 2 | ${f(p.fixedMs.serial / 1000, 1)} / ${f(p.fixedMs.c1 / 1000, 1)} / ${f(p.fixedMs.c2 / 1000, 1)} s | paid once; taken out before scaling to the full benchmark |`,
    `| speed-up against no overlap (after start-up): concurrency 1 / 2 with overlap | ${f(p.speedupC1Overlap, 2)}x / ${f(p.speedupC2, 2)}x | concurrency 2 with each page's share of the cores; every core per page: ${f(p.speedupC2AllThreads, 2)}x |`,
    `| projected full benchmark, no overlap / concurrency 1 / 2 | ${f(p.serialMin, 1)} / ${f(p.projectedMinC1, 1)} / ${f(p.projectedMinC2, 1)} min | 113 tasks, 1,001 steps, 620 checkpoints, no judge; target < 25 min cold |`,
    `| projected, each further model (warm --ref-cache), concurrency 1 / 2 | ${f(p.projectedMinWarmC1, 1)} / ${f(p.projectedMinWarmC2, 1)} min | the cold projection at the same concurrency x suite wall warm / cold (after start-up); the cost model says ${f(p.modelMinWarm, 1)} min; target < 15 min |`,
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
