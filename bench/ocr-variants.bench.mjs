#!/usr/bin/env node
// OCR language data and page segmentation (issue 19, item 3): tesseract.js 7 in headless Chromium
// with each English model it can load, at several PSMs, against the native `tesseract` CLI on the
// sample suite's reference checkpoints, for speed and for text similarity.
//   Variants: best_int (the app's data today), tessdata-4.0.0 (legacy + LSTM, run LSTM only) and
//             fast (Debian's eng.traineddata, the very file the CLI reads).
//   PSMs    : 3 (AUTO, the app's), 11 (SPARSE_TEXT), 4 (SINGLE_COLUMN), 6 (SINGLE_BLOCK).
// One worker per variant (as the single-process CLI). Each browser recognition is followed by
// the CLI on the same image with the same PSM, and the variants take turns image by image, so
// all of them and the CLI see the same machine load. Similarity is the app's: ocrSimilarity on
// joinOcrText of both texts, against (a) the CLI with the app's settings (fast, PSM 3) and (b)
// the CLI with the same PSM.
// Run: npx tsx bench/ocr-variants.bench.mjs
//   IMAGES=all takes every checkpoint (default: the first and last of each task, 24 images, about
//   6 minutes on 2 cores); VARIANTS=best_int,fast and PSMS=3,11 narrow the run.
// Results: bench/out/ocr-variants.json and .md. Timings are noisy on a shared machine.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../scripts/serve.mjs';
import { chromiumArgs, findChromium } from '../scripts/find-chromium.mjs';
import { joinOcrText, ocrSimilarity } from '../src/engines/ocr-sim.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const nm = `${repo}node_modules/`;
const out = `${repo}bench/out`;
const DATA = `${repo}public/samples/dataset/data`;
const TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';
/** A variant that has not finished loading by then is reported as skipped. */
const LOAD_TIMEOUT_MS = 180_000;

/** `dir` is served as the worker's langPath; tesseract.js fetches eng.traineddata(.gz) from it. */
const ALL_VARIANTS = [
  { id: 'best_int', dir: `${nm}@tesseract.js-data/eng/4.0.0_best_int`, gzip: true, what: 'app today: tessdata_best, integerised' },
  { id: 'tessdata-4.0.0', dir: `${nm}@tesseract.js-data/eng/4.0.0`, gzip: true, what: 'tessdata: legacy + integer LSTM' },
  { id: 'fast', dir: TESSDATA, gzip: false, what: "tessdata_fast, the CLI's own file" },
];
const ALL_PSMS = [3, 11, 4, 6];
const PSM_NAMES = { 3: 'AUTO', 4: 'SINGLE_COLUMN', 6: 'SINGLE_BLOCK', 11: 'SPARSE_TEXT' };
/** The app's configuration, the anchor every browser text is also compared with. */
const APP_PSM = 3;

const envList = (name, all, parse = String) => (process.env[name] ? process.env[name].split(',').map((s) => parse(s.trim())) : all);
const VARIANTS = envList(
  'VARIANTS',
  ALL_VARIANTS.map((v) => v.id),
).map((id) => {
  const v = ALL_VARIANTS.find((x) => x.id === id);
  if (!v) throw new Error(`bench: unknown variant ${id} (known: ${ALL_VARIANTS.map((x) => x.id).join(', ')})`);
  return v;
});
const PSMS = envList('PSMS', ALL_PSMS, Number);
if (!PSMS.includes(APP_PSM)) PSMS.unshift(APP_PSM); // the anchor's native texts come from the PSM 3 pass

const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
const mean = (xs) => (xs.length ? xs.reduce((n, x) => n + x, 0) / xs.length : NaN);
const log = (...a) => console.error('[bench]', ...a);
const byNumber = (a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]);

/**
 * The reference checkpoints as paths under DATA, ordered by task then step. The default subset
 * (the first and the last checkpoint of every task: all 12 pages, each in two states) keeps the
 * 12 configurations under ~10 minutes on 2 cores; IMAGES=all takes every checkpoint.
 */
function checkpointImages() {
  const tasks = readdirSync(DATA).sort(byNumber);
  return tasks.flatMap((t) => {
    const steps = readdirSync(`${DATA}/${t}/checkpoints`)
      .filter((f) => /^step_\d+\.png$/.test(f))
      .sort(byNumber)
      .map((f) => `${t}/checkpoints/${f}`);
    return process.env.IMAGES === 'all' ? steps : [...new Set([steps[0], steps[steps.length - 1]])];
  });
}

/**
 * One CLI run, timed from process start: what the CLI costs per image, model load included.
 * One OpenMP thread, as in ocr-dino.bench.mjs: its default team spins on this 2-core machine,
 * and the browser side is one single-threaded worker.
 */
function nativeOcr(file, psm) {
  const t0 = performance.now();
  const text = execFileSync('tesseract', [file, '-', '--tessdata-dir', TESSDATA, '-l', 'eng', '--oem', '1', '--psm', String(psm)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  });
  return { ms: performance.now() - t0, text };
}

/** A blank page on the bench server that has loaded tesseract.js's browser bundle. */
async function tesseractPage(browser, url) {
  const page = await browser.newPage();
  // Which core build the worker fetched (relaxed-SIMD, SIMD or plain), for the record.
  const cores = [];
  page.on('request', (r) => {
    if (r.url().includes('/core/')) cores.push(r.url().split('/').pop());
  });
  // A bad traineddata aborts inside the wasm without rejecting createWorker; what the worker
  // printed is the only explanation a skipped variant can give.
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => typeof window.Tesseract?.createWorker === 'function');
  return { page, cores, errors };
}

/** Rejects after `ms`; the caller closes the page, which ends whatever evaluate is pending. */
function withTimeout(promise, ms, what) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** Starts one worker with the app's options, this variant's langPath, and the app's parameters. */
function startWorker(page, variant) {
  return page.evaluate(
    async ({ id, gzip, psm }) => {
      const T = window.Tesseract;
      const t0 = performance.now();
      const worker = await T.createWorker('eng', T.OEM.LSTM_ONLY, {
        workerPath: new URL('tesseract/worker.min.js', location.href).href,
        corePath: new URL('core/', location.href).href,
        langPath: new URL(`lang/${id}`, location.href).href,
        gzip,
        cacheMethod: 'none',
        workerBlobURL: false,
      });
      await worker.setParameters({ tessedit_pageseg_mode: String(psm), debug_file: '/dev/null' });
      window.benchWorker = worker;
      return performance.now() - t0;
    },
    { id: variant.id, gzip: variant.gzip, psm: APP_PSM },
  );
}

/** One timed recognition; the PNG is fetched first so only the OCR is on the clock, as in the app. */
function browserOcr(page, image) {
  return page.evaluate(async (url) => {
    const blob = await (await fetch(url)).blob();
    const t0 = performance.now();
    const { data } = await window.benchWorker.recognize(blob);
    return { ms: performance.now() - t0, text: data.text };
  }, `images/${image}`);
}

/** A 10x10 white PNG (a screenshot of a blank page): the CLI's time on it is its start-up cost. */
async function tinyPng(browser, dir) {
  const page = await browser.newPage({ viewport: { width: 10, height: 10 } });
  const file = join(dir, 'tiny-10x10.png');
  writeFileSync(file, await page.screenshot({ type: 'png' }));
  await page.close();
  return file;
}

/**
 * One variant's page and worker, warmed up by one recognition (wasm compile, first allocations).
 * Resolves to { skipped } when its data is missing or does not load.
 */
async function openVariant(browser, url, variant, warmUpImage) {
  const file = join(variant.dir, variant.gzip ? 'eng.traineddata.gz' : 'eng.traineddata');
  if (!existsSync(file)) return { variant, skipped: `${file} is missing` };
  const { page, cores, errors } = await tesseractPage(browser, url);
  try {
    const loadMs = await withTimeout(startWorker(page, variant), LOAD_TIMEOUT_MS, `${variant.id} load`).catch((e) => {
      const printed = errors
        .filter((x) => !/Estimating resolution/.test(x))
        .slice(-2)
        .join(' / ');
      throw new Error(`load failed: ${String(e?.message ?? e).split('\n')[0]}${printed ? ` (worker: ${printed})` : ''}`);
    });
    await browserOcr(page, warmUpImage);
    log(`${variant.id}: worker ready in ${loadMs.toFixed(0)} ms (core ${cores.join(', ') || '?'})`);
    return { variant, page, loadMs, core: cores.find((c) => c.endsWith('.js')) ?? null, byPsm: {} };
  } catch (e) {
    await closeVariant({ page });
    return { variant, skipped: String(e?.message ?? e).slice(0, 200) };
  }
}

async function closeVariant(v) {
  if (!v.page) return;
  await v.page.evaluate(() => window.benchWorker?.terminate()).catch(() => {});
  await v.page.close().catch(() => {});
  v.page = null;
}

/**
 * Every PSM over every image. Per image, each variant in turn: its browser run, then the CLI on
 * the same image with the same PSM, then the CLI on the 10x10 image (its start-up cost). Variants
 * are interleaved image by image too, so a change in the machine's load (it is shared) hits them
 * all alike instead of whichever variant happened to run then.
 */
async function measure(open, images, native, tiny) {
  for (const psm of PSMS) {
    for (const v of open) {
      if (v.skipped) continue;
      await v.page.evaluate((p) => window.benchWorker.setParameters({ tessedit_pageseg_mode: String(p) }), psm);
      v.byPsm[psm] = [];
    }
    for (const image of images) {
      for (const v of open) {
        if (v.skipped) continue;
        const web = await browserOcr(v.page, image).catch((e) => ({ error: String(e?.message ?? e).split('\n')[0] }));
        if (web.error) {
          v.skipped = `PSM ${psm}, ${image}: ${web.error}`.slice(0, 200);
          log(`${v.variant.id}: skipped: ${v.skipped}`);
          await closeVariant(v);
          continue;
        }
        const cli = nativeOcr(`${DATA}/${image}`, psm);
        const startupMs = nativeOcr(tiny, APP_PSM).ms;
        // The CLI is deterministic; a text that differs between passes would make (b) ambiguous.
        const key = `${psm}:${image}`;
        if (native.texts.has(key) && native.texts.get(key) !== cli.text) native.unstable.add(key);
        native.texts.set(key, cli.text);
        v.byPsm[psm].push({ image, webMs: web.ms, cliMs: cli.ms, startupMs, webText: web.text });
      }
    }
    for (const v of open.filter((x) => !x.skipped)) {
      const rows = v.byPsm[psm];
      log(
        `${v.variant.id} PSM ${psm}: median ${median(rows.map((r) => r.webMs)).toFixed(0)} ms browser, ${median(rows.map((r) => r.cliMs)).toFixed(0)} ms CLI`,
      );
    }
  }
}

/** The per-(variant, PSM) summary; similarities are the app's, on joined lower-cased texts. */
function summarise(rows, psm, nativeTexts) {
  const joined = (key) => joinOcrText(nativeTexts.get(key) ?? '');
  const simApp = rows.map((r) => ocrSimilarity(joinOcrText(r.webText), joined(`${APP_PSM}:${r.image}`)));
  const simSame = rows.map((r) => ocrSimilarity(joinOcrText(r.webText), joined(`${psm}:${r.image}`)));
  const webMs = median(rows.map((r) => r.webMs));
  const cliMs = median(rows.map((r) => r.cliMs));
  const sum = (k) => rows.reduce((n, r) => n + r[k], 0);
  return {
    webMs,
    cliMs,
    cliStartupMs: median(rows.map((r) => r.startupMs)),
    ratio: webMs / cliMs,
    // The browser worker loads its model once, the CLI once per image. Totals, not medians:
    // on the small screenshots recognition is a sliver next to start-up, and a per-image
    // difference would be mostly noise.
    ratioWithoutCliStartup: sum('webMs') / Math.max(1, sum('cliMs') - sum('startupMs')),
    simAppMean: mean(simApp),
    simAppMin: Math.min(...simApp),
    simSameMean: mean(simSame),
    simSameMin: Math.min(...simSame),
    perImage: rows.map((r, i) => ({
      image: r.image,
      webMs: r.webMs,
      cliMs: r.cliMs,
      cliStartupMs: r.startupMs,
      simApp: simApp[i],
      simSame: simSame[i],
    })),
  };
}

/** How far the CLI itself moves when only the PSM changes: the floor for (a) at that PSM. */
function nativePsmDrift(images, nativeTexts) {
  const drift = {};
  for (const psm of PSMS) {
    const sims = images.map((im) =>
      ocrSimilarity(joinOcrText(nativeTexts.get(`${psm}:${im}`) ?? ''), joinOcrText(nativeTexts.get(`${APP_PSM}:${im}`) ?? '')),
    );
    drift[psm] = { mean: mean(sims), min: Math.min(...sims) };
  }
  return drift;
}

function table(results) {
  const f0 = (x) => (Number.isFinite(x) ? x.toFixed(0) : '-');
  const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '-');
  const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : '-');
  const rows = [
    '| variant | PSM | browser ms/image (median) | CLI ms/image, same PSM (median) | CLI start-up ms (median) | browser / CLI | browser / (CLI - start-up), totals | sim vs CLI app config (mean / min) | sim vs CLI same PSM (mean / min) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const v of results.variants) {
    if (v.skipped) {
      rows.push(`| ${v.id} | - | skipped: ${v.skipped.replace(/\|/g, '/')} | | | | | | |`);
      continue;
    }
    for (const psm of PSMS) {
      const s = v.byPsm[psm];
      const app = v.id === 'best_int' && psm === APP_PSM ? ' (app today)' : '';
      rows.push(
        `| ${v.id}${app} | ${psm} ${PSM_NAMES[psm] ?? ''} | ${f0(s.webMs)} | ${f0(s.cliMs)} | ${f0(s.cliStartupMs)} | ${f2(s.ratio)}x | ${f2(s.ratioWithoutCliStartup)}x | ${f3(s.simAppMean)} / ${f3(s.simAppMin)} | ${f3(s.simSameMean)} / ${f3(s.simSameMin)} |`,
      );
    }
  }
  const drift = PSMS.map((p) => `PSM ${p} ${f3(results.nativePsmDrift[p].mean)} / ${f3(results.nativePsmDrift[p].min)}`).join(', ');
  const loads = results.variants
    .filter((v) => !v.skipped)
    .map((v) => `${v.id} ${f0(v.loadMs)} ms (${v.core ?? 'core ?'})`)
    .join(', ');
  const m = results.machine;
  const notes = [
    `${results.images.length} images (${results.imageSet}); ${m.cores} cores, load average ${m.loadBefore.map(f2).join(' ')} before and ${m.loadAfter.map(f2).join(' ')} after; ${results.cliVersion}, OMP_THREAD_LIMIT=1; tesseract.js ${results.tesseractJs}, 1 worker per variant.`,
    `CLI start-up: the CLI on a 10x10 image (process start and model load) after every image; median over the run ${f0(results.cliStartupMs)} ms.`,
    `CLI same PSM vs CLI PSM 3, mean / min: ${drift}.`,
    `Worker load (core + data + init): ${loads}.`,
    results.nativeUnstable.length
      ? `CLI text differed between passes on: ${results.nativeUnstable.join(', ')}.`
      : 'CLI texts were identical in every pass.',
    'Timings are noisy: the machine is shared.',
  ];
  return `${rows.join('\n')}\n\n${notes.map((n) => `- ${n}`).join('\n')}`;
}

// ---- run --------------------------------------------------------------------------------
const executablePath = findChromium();
if (!executablePath) throw new Error('bench: no Chromium found');
mkdirSync(out, { recursive: true });
const images = checkpointImages();
// A blank page for the bundle; everything else is mounted from where it already is.
const root = mkdtempSync(join(tmpdir(), 'iwr-ocr-variants-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><meta charset="utf-8"><script src="tesseract/tesseract.min.js"></script>\n');
const server = await startServer({
  root,
  mounts: {
    '/tesseract/': `${nm}tesseract.js/dist`,
    '/core/': `${nm}tesseract.js-core`,
    '/images/': DATA,
    ...Object.fromEntries(VARIANTS.map((v) => [`/lang/${v.id}/`, v.dir])),
  },
});
const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs() });
const results = {
  machine: { cores: availableParallelism(), loadBefore: loadavg() },
  cliVersion: execFileSync('tesseract', ['--version'], { encoding: 'utf8' }).split('\n')[0],
  tesseractJs: JSON.parse(readFileSync(`${nm}tesseract.js/package.json`, 'utf8')).version,
  imageSet: process.env.IMAGES === 'all' ? 'every reference checkpoint' : 'first and last reference checkpoint of each sample task',
  images,
  psms: PSMS,
  variants: [],
};
try {
  const tiny = await tinyPng(browser, root);
  log(`${images.length} images, ${VARIANTS.length} variants, PSMs ${PSMS.join(', ')}`);
  const native = { texts: new Map(), unstable: new Set() };
  // One worker per variant, all open at once (each alone in its page, used one at a time).
  const open = [];
  for (const variant of VARIANTS) {
    const v = await openVariant(browser, server.url, variant, images[0]);
    if (v.skipped) log(`${variant.id}: skipped: ${v.skipped}`);
    open.push(v);
  }
  try {
    await measure(open, images, native, tiny);
  } finally {
    for (const v of open) await closeVariant(v);
  }
  const ran = open.filter((v) => !v.skipped);
  results.cliStartupMs = median(ran.flatMap((v) => Object.values(v.byPsm).flatMap((rows) => rows.map((x) => x.startupMs))));
  results.nativePsmDrift = nativePsmDrift(images, native.texts);
  results.nativeUnstable = [...native.unstable];
  for (const v of open) {
    const { id, what } = v.variant;
    if (v.skipped) results.variants.push({ id, what, skipped: v.skipped });
    else {
      const byPsm = Object.fromEntries(PSMS.map((psm) => [psm, summarise(v.byPsm[psm], psm, native.texts)]));
      results.variants.push({ id, what, loadMs: v.loadMs, core: v.core, byPsm });
    }
  }
  results.machine.loadAfter = loadavg();
  // The texts themselves, to look at what a variant gets wrong.
  results.texts = {
    native: Object.fromEntries(native.texts),
    browser: Object.fromEntries(
      ran.map((v) => [v.variant.id, Object.fromEntries(PSMS.map((p) => [p, v.byPsm[p].map((row) => row.webText)]))]),
    ),
  };
  const md = table(results);
  writeFileSync(`${out}/ocr-variants.json`, JSON.stringify(results, null, 2));
  writeFileSync(`${out}/ocr-variants.md`, `${md}\n`);
  console.log(md);
} finally {
  await browser.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
