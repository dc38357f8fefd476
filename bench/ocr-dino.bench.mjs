#!/usr/bin/env node
// OCR and DINO speed: the app's workers in Chromium against native engines on the same inputs.
//   OCR : ms per 1920x1080 screenshot, tesseract.js worker vs the `tesseract` CLI (PSM 3, both).
//   DINO: ms per image, random-weight ViT-B/14 (models/random-vitb14.onnx from
//         `npm run make-test-model -- --full`) in onnxruntime-web (WASM; WebGPU when an adapter
//         exists) vs onnxruntime-node with the same thread count. Both include preprocessing.
//   Precision options: float16 and int8 against float32 on the sample checkpoints, ms per
//         image and the change of the pair cosines (max and mean |delta|).
// Run: npm run bench:scoring   (IWR_BENCH_DIST=<built app> skips the build; RUNS=n repeats;
//   OCR=0 and WEBGPU=0 skip those parts; BENCH_PRECISIONS=int8 measures only that option)
// Results: bench/out/ocr-dino.json and bench/out/ocr-dino.md. Timings are noisy on a shared machine.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import * as ort from 'onnxruntime-node';
import { startServer } from '../scripts/serve.mjs';
import { chromiumArgs, findChromium } from '../scripts/find-chromium.mjs';
import { preprocessDino } from '../workers/dino-preprocess.ts';
import { ocrSimilarity, joinOcrText } from '../src/engines/ocr-sim.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const out = `${repo}bench/out`;
const RUNS = Number(process.env.RUNS ?? 3);
const MODEL = `${repo}models/random-vitb14.onnx`;
mkdirSync(out, { recursive: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const log = (...a) => console.error('[bench]', ...a);

async function builtApp() {
  if (process.env.IWR_BENCH_DIST) return process.env.IWR_BENCH_DIST;
  const dist = mkdtempSync(join(tmpdir(), 'iwr-bench-'));
  const { build } = await import('vite');
  await build({ root: repo, logLevel: 'warn', configFile: `${repo}vite.config.ts`, build: { outDir: dist, emptyOutDir: true } });
  return dist;
}

// Text-heavy pages like the benchmark's screenshots: nav, headings, cards, paragraphs.
function page(i) {
  const words =
    'order delivery account settings pricing features contact support booking hotel flight search results filter review rating weekend summer collection checkout basket newsletter privacy terms'.split(
      ' ',
    );
  const w = (k, n) => Array.from({ length: n }, (_, j) => words[(k * 7 + j * 3 + i) % words.length]).join(' ');
  const cards = Array.from(
    { length: 9 },
    (_, k) =>
      `<div style="border:1px solid #ddd;border-radius:8px;padding:16px"><h3>${w(k, 3)}</h3><p>${w(k + 1, 18)}</p><button>${w(k, 1)}</button></div>`,
  ).join('');
  return `<body style="margin:0;font:18px/1.5 sans-serif;color:#222"><nav style="background:#0f172a;color:#fff;padding:16px 32px;display:flex;gap:32px">${w(
    i,
    6,
  )
    .split(' ')
    .map((x) => `<span>${x}</span>`)
    .join('')}</nav>
  <h1 style="margin:32px">${w(i + 2, 5)}</h1><main style="display:grid;grid-template-columns:repeat(3,1fr);gap:24px;margin:0 32px">${cards}</main></body>`;
}

const results = { machine: { cores: availableParallelism(), node: process.version, runs: RUNS }, ocr: {}, dino: {} };
const dist = await builtApp();
const server = await startServer({
  root: dist,
  crossOriginIsolated: true,
  mounts: { '/bench-models/': `${repo}models`, '/bench-out/': out },
});
const executablePath = findChromium();
if (!executablePath) throw new Error('bench: no Chromium found');

// ---- OCR --------------------------------------------------------------------------------
if (process.env.OCR === '0') results.ocr = { skipped: 'OCR=0' };
else {
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs() });
  const shotPage = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  const images = [];
  for (let i = 0; i < 3; i++) {
    await shotPage.setContent(page(i));
    const file = `${out}/ocr-${i}.png`;
    writeFileSync(file, await shotPage.screenshot({ type: 'png' }));
    images.push(file);
  }
  const app = await (await browser.newContext()).newPage();
  await app.goto(server.url);
  await app.waitForFunction(() => window.iwr?.ready === true);
  log('OCR: warming the worker pool');
  await app.evaluate(() => window.iwr.ocr('bench-out/ocr-0.png'));
  const web = [];
  const cli = [];
  const sims = [];
  for (let i = 0; i < images.length; i++) {
    for (let r = 0; r < RUNS; r++) {
      const res = await app.evaluate(async (url) => {
        const blob = await (await fetch(url)).blob();
        const t0 = performance.now();
        const o = await window.iwr.ocr(blob);
        return { ms: performance.now() - t0, text: o.text };
      }, `bench-out/ocr-${i}.png`);
      web.push(res.ms);
      const t0 = performance.now();
      // One OpenMP thread: with its default team on this 2-core machine the CLI spends most of its
      // time spinning in the kernel (9.9 s instead of 1.2 s per image), an unfair anchor.
      const native = execFileSync('tesseract', [images[i], '-', '-l', 'eng', '--psm', '3'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      });
      cli.push(performance.now() - t0);
      if (r === 0) sims.push(ocrSimilarity(res.text, joinOcrText(native)));
    }
  }
  const cliVersion = execFileSync('tesseract', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  results.ocr = {
    images: images.length,
    size: '1920x1080',
    webMs: median(web),
    cliMs: median(cli),
    cliVersion,
    textSimilarityWebVsCli: sims,
    poolSize: await app.evaluate(() => navigator.hardwareConcurrency),
  };
  log('OCR', results.ocr);
  await browser.close();
}

// ---- DINO -------------------------------------------------------------------------------
if (!existsSync(MODEL)) {
  log(`DINO skipped: ${MODEL} is missing; run \`npm run make-test-model -- --full\``);
  results.dino = { skipped: 'models/random-vitb14.onnx missing' };
} else {
  const threads = Math.min(4, availableParallelism());
  const png = readFileSync(`${out}/ocr-0.png`);

  // onnxruntime-node on the same pixels as the browser decodes them: the PNG is decoded in
  // Chromium once, then preprocessed here with the same pure code the worker runs.
  const decoder = await chromium.launch({ executablePath, headless: true, args: chromiumArgs() });
  const dec = await (
    await decoder.newPage()
  ).evaluate(async (b64) => {
    const bmp = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob(), {
      colorSpaceConversion: 'none',
      premultiplyAlpha: 'none',
    });
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(bmp, 0, 0);
    const d = ctx.getImageData(0, 0, bmp.width, bmp.height);
    let s = '';
    for (let i = 0; i < d.data.length; i += 0x8000) s += String.fromCharCode(...d.data.subarray(i, i + 0x8000));
    return { b64: btoa(s), width: d.width, height: d.height };
  }, png.toString('base64'));
  await decoder.close();
  const rgba = { data: new Uint8Array(Buffer.from(dec.b64, 'base64')), width: dec.width, height: dec.height };
  // The browser gets `threads` WASM threads when cross-origin isolated (this server is).
  const session = await ort.InferenceSession.create(MODEL, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
  const runNode = async () => {
    const t0 = performance.now();
    await session.run({ pixel_values: new ort.Tensor('float32', preprocessDino(rgba), [1, 3, 224, 224]) });
    return performance.now() - t0;
  };
  await runNode(); // warm-up

  /** @param {boolean} webgpu @param {number} limitMs @param {null | (() => Promise<unknown>)} between */
  async function web(webgpu, limitMs = 0, between = null) {
    const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs({ webgpu }) });
    // Closing the browser at the deadline makes the pending evaluate reject, ending this run.
    const timer = limitMs ? setTimeout(() => void browser.close(), limitMs) : null;
    try {
      const app = await browser.newPage();
      await app.goto(server.url);
      await app.waitForFunction(() => window.iwr?.ready === true);
      const backend = webgpu ? 'webgpu' : 'wasm';
      // Which adapter WebGPU gets: headless Chromium without a GPU offers SwiftShader, a CPU
      // rasteriser, whose timings say nothing about a GPU; the table says so.
      const adapter = webgpu
        ? await app.evaluate(async () => {
            const a = await navigator.gpu?.requestAdapter?.();
            if (!a) return null;
            const i = a.info ?? {};
            return {
              vendor: i.vendor ?? '',
              architecture: i.architecture ?? '',
              description: i.description ?? '',
              fallback: !!i.isFallbackAdapter,
            };
          })
        : null;
      if (webgpu && !adapter) return { skipped: 'no GPU found: navigator.gpu gave no adapter' };
      const software =
        !!adapter && (adapter.fallback || /swiftshader/i.test(`${adapter.vendor} ${adapter.architecture} ${adapter.description}`));
      const t0 = Date.now();
      const loaded = await app.evaluate(
        (be) => window.iwr.loadDinoModel({ url: 'bench-models/random-vitb14.onnx', backend: be, keep: false }),
        backend,
      );
      log(`DINO ${backend}: model loaded in ${Date.now() - t0} ms`, loaded.session);
      const runs = webgpu ? Math.min(RUNS, 2) : RUNS;
      const once = () =>
        app.evaluate(async () => {
          const blob = await (await fetch('bench-out/ocr-0.png')).blob();
          const t1 = performance.now();
          await window.iwr.dinoEmbed(blob);
          const total = performance.now() - t1;
          // The worker decodes the PNG first (createImageBitmap + getImageData); the native run
          // gets decoded pixels, so the same decode is timed here to report the ratio without it.
          const t2 = performance.now();
          const bmp = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
          const c = new OffscreenCanvas(bmp.width, bmp.height);
          const g = c.getContext('2d', { willReadFrequently: true });
          g.drawImage(bmp, 0, 0);
          g.getImageData(0, 0, bmp.width, bmp.height);
          bmp.close();
          return { total, decode: performance.now() - t2 };
        });
      await once(); // warm-up
      const ms = [];
      const decode = [];
      // The native run goes right after each browser run, so both see the same machine load.
      for (let i = 0; i < runs; i++) {
        const r = await once();
        ms.push(r.total);
        decode.push(r.decode);
        if (between) await between();
      }
      return { ms: median(ms), all: ms, decodeMs: median(decode), session: loaded.session, ...(adapter ? { adapter, software } : {}) };
    } finally {
      if (timer) clearTimeout(timer);
      await browser.close();
    }
  }

  log('DINO: onnxruntime-web WASM, interleaved with onnxruntime-node');
  const nodeMs = [];
  const wasm = await web(false, 0, async () => nodeMs.push(await runNode()));
  log('DINO: onnxruntime-web WebGPU');
  // Headless WebGPU is SwiftShader (a CPU rasteriser): a ViT-B run can take many minutes, so
  // it is bounded (WEBGPU_TIMEOUT_S, default 300) and can be turned off with WEBGPU=0.
  const gpuLimit = Number(process.env.WEBGPU_TIMEOUT_S ?? 300) * 1000;
  const gpu =
    process.env.WEBGPU === '0'
      ? { skipped: 'WEBGPU=0' }
      : await web(true, gpuLimit).catch((e) => ({
          skipped: `stopped after ${gpuLimit / 1000} s or failed: ${String(e).split('\n')[0]?.slice(0, 120)}`,
        }));
  await session.release();

  // The precision options, float16 (the harness on a CUDA GPU, emulated) and int8 (ours,
  // fast): each one's deviation from float32 on the same pairs of images, and its cost. Pairs:
  // consecutive checkpoints of each sample task (close states) and the first checkpoints of
  // neighbouring tasks (different pages).
  log('DINO: float16 and int8 against float32 on the sample checkpoints (WASM)');
  const REDUCED = (process.env.BENCH_PRECISIONS ?? 'float16,int8').split(',').filter((p) => p === 'float16' || p === 'int8');
  const precisions = await (async () => {
    const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs() });
    try {
      const app = await browser.newPage();
      await app.goto(server.url);
      await app.waitForFunction(() => window.iwr?.ready === true);
      const data = `${dist}/samples/dataset/data`;
      const tasks = readdirSync(data).sort((a, b) => Number(a) - Number(b));
      const images = tasks.flatMap((t) =>
        readdirSync(`${data}/${t}/checkpoints`)
          .filter((f) => /^step_\d+\.png$/.test(f))
          .sort((a, b) => Number(a.match(/\d+/)[0]) - Number(b.match(/\d+/)[0]))
          .map((f) => `samples/dataset/data/${t}/checkpoints/${f}`),
      );
      // Two rounds, every precision in turn each time, so all see the same load over the run:
      // the first round embeds every image (the deviation), the second a few (time).
      const byPrecision = Object.fromEntries(['float32', ...REDUCED].map((p) => [p, { embeddings: [], ms: [] }]));
      for (const round of [0, 1]) {
        for (const precision of ['float32', ...REDUCED]) {
          const r = await app.evaluate(
            async ({ precision, images }) => {
              await window.iwr.loadDinoModel({ url: 'bench-models/random-vitb14.onnx', backend: 'wasm', keep: false, precision });
              const out = [];
              const ms = [];
              for (const url of images) {
                const blob = await (await fetch(url)).blob();
                const t0 = performance.now();
                out.push((await window.iwr.dinoEmbed(blob)).embedding);
                ms.push(performance.now() - t0);
              }
              return { embeddings: out, ms };
            },
            { precision, images: round === 0 ? images : images.slice(0, 12) },
          );
          if (round === 0) byPrecision[precision].embeddings = r.embeddings;
          byPrecision[precision].ms.push(...r.ms);
        }
      }
      const cos = (a, b) => {
        let ab = 0;
        let aa = 0;
        let bb = 0;
        for (let i = 0; i < a.length; i++) {
          ab += a[i] * b[i];
          aa += a[i] * a[i];
          bb += b[i] * b[i];
        }
        return Math.min(1, Math.max(0, ab / Math.sqrt(aa * bb)));
      };
      const pairs = [];
      for (let i = 0; i + 1 < images.length; i++) {
        const [ta, tb] = [images[i].split('/')[3], images[i + 1].split('/')[3]];
        const firstOfNext = images[i + 1].endsWith('step_0.png');
        if (ta === tb || firstOfNext) pairs.push([i, i + 1]);
      }
      const full = byPrecision.float32;
      return Object.fromEntries(
        REDUCED.map((p) => {
          const e = byPrecision[p].embeddings;
          const deltas = pairs.map(([i, j]) => Math.abs(cos(e[i], e[j]) - cos(full.embeddings[i], full.embeddings[j])));
          return [
            p,
            {
              images: images.length,
              pairs: pairs.length,
              maxAbsDeltaCosine: Math.max(...deltas),
              meanAbsDeltaCosine: deltas.reduce((n, d) => n + d, 0) / deltas.length,
              minCosineVsFloat32SameImage: Math.min(...images.map((_, i) => cos(e[i], full.embeddings[i]))),
              ms: median(byPrecision[p].ms),
              float32Ms: median(full.ms),
            },
          ];
        }),
      );
    } finally {
      await browser.close();
    }
  })().catch((e) => ({ skipped: String(e).split('\n')[0]?.slice(0, 160) }));
  log('DINO precisions', precisions);
  results.dino = {
    precisions,
    model: 'random ViT-B/14 (85.7M params)',
    threads: wasm.session?.threads,
    crossOriginIsolated: wasm.session?.crossOriginIsolated,
    wasm,
    webgpu: gpu,
    nodeMs: median(nodeMs),
    nodeAll: nodeMs,
  };
  log('DINO', results.dino);
}
await server.close();

// ---- table ------------------------------------------------------------------------------
const f = (x) => (typeof x === 'number' ? x.toFixed(0) : '-');
const rows = [
  '| measure | ours (browser) | native | ratio (ours / native) | target |',
  '|---|---|---|---|---|',
  results.ocr.skipped
    ? '| OCR | skipped | | | |'
    : `| OCR ms per 1920x1080 screenshot (tesseract.js 7 worker vs ${results.ocr.cliVersion}) | ${f(results.ocr.webMs)} | ${f(results.ocr.cliMs)} | ${(results.ocr.webMs / results.ocr.cliMs).toFixed(2)}x | <= 2x |`,
];
if (results.dino.wasm) {
  const d = results.dino;
  rows.push(
    `| DINO ms per image, ViT-B/14, WASM ${d.threads} thread(s) vs onnxruntime-node ${d.threads} thread(s) | ${f(d.wasm.ms)} | ${f(d.nodeMs)} | ${(d.wasm.ms / d.nodeMs).toFixed(2)}x | <= 2.5x |`,
  );
  if (d.wasm.decodeMs)
    rows.push(
      `| the same without the PNG decode (${f(d.wasm.decodeMs)} ms; the native run starts from decoded pixels) | ${f(d.wasm.ms - d.wasm.decodeMs)} | ${f(d.nodeMs)} | ${((d.wasm.ms - d.wasm.decodeMs) / d.nodeMs).toFixed(2)}x | <= 2.5x |`,
    );
  rows.push(
    d.webgpu?.ms
      ? `| DINO ms per image, ViT-B/14, WebGPU (${d.webgpu.software ? `no GPU found: the ${d.webgpu.adapter?.architecture || d.webgpu.adapter?.vendor || 'software'} adapter, a CPU rasteriser` : `${d.webgpu.adapter?.vendor ?? ''} ${d.webgpu.adapter?.architecture ?? ''}`.trim()}) vs onnxruntime-node, beside WASM above | ${f(d.webgpu.ms)} | ${f(d.nodeMs)} | ${(d.webgpu.ms / d.nodeMs).toFixed(2)}x | - |`
      : `| DINO WebGPU | skipped: ${d.webgpu?.skipped ?? '?'} | | | |`,
  );
}
if (results.dino.precisions?.skipped) rows.push(`| DINO float16 and int8 | skipped: ${results.dino.precisions.skipped} | | | |`);
else
  for (const [p, h] of Object.entries(results.dino.precisions ?? {}))
    rows.push(
      `| DINO ${p} option ms per image vs float32, WASM | ${f(h.ms)} | ${f(h.float32Ms)} (float32) | ${(h.ms / h.float32Ms).toFixed(2)}x | - |`,
      `| DINO ${p} vs float32: abs change of the pair cosine over ${h.pairs} checkpoint pairs (${h.images} images), max / mean | ${h.maxAbsDeltaCosine.toFixed(5)} / ${h.meanAbsDeltaCosine.toFixed(5)} | | | - |`,
    );
const table = rows.join('\n');
const note = `OCR text similarity tesseract.js vs CLI per image: ${(results.ocr.textSimilarityWebVsCli ?? []).map((s) => s.toFixed(3)).join(', ')}. Medians of ${RUNS} runs; ${results.machine.cores} cores; the CLI time includes process start and model load.`;
writeFileSync(`${out}/ocr-dino.json`, JSON.stringify(results, null, 2));
writeFileSync(`${out}/ocr-dino.md`, `${table}\n\n${note}\n`);
console.log(`${table}\n\n${note}`);
