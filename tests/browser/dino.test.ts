// The DINOv2 path in real Chromium with the committed test model
// (public/models/test-dinov2-tiny.onnx, from `npm run make-test-model`), loaded through the
// real paths: a URL served by the app (downloaded once, kept in IndexedDB) and a local file.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import { launchBrowser, openApp } from './harness.ts';
import { startServer } from '../../scripts/serve.mjs';
import { preprocessDino } from '../../workers/dino-preprocess.ts';
import { halfPrecisionModel, roundToHalf } from '../../workers/onnx-half.ts';
import { int8Model } from '../../workers/onnx-int8.ts';

const MODEL_FILE = 'public/models/test-dinov2-tiny.onnx';
const MODEL_URL = 'models/test-dinov2-tiny.onnx';
const MODEL_SHA = createHash('sha256').update(readFileSync(MODEL_FILE)).digest('hex');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function screenshotOf(b: Browser, html: string): Promise<string> {
  const page = await b.newPage({ viewport: { width: 1280, height: 720 } });
  await page.setContent(html);
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png.toString('base64');
}
const shopPage = `<body style="margin:0;font:24px sans-serif"><header style="background:#1d4ed8;color:#fff;padding:24px">Shop</header>
  <main style="display:grid;grid-template-columns:repeat(4,1fr);gap:16px;padding:24px">${'<div style="height:180px;background:#f59e0b;border-radius:12px"></div>'.repeat(8)}</main></body>`;
const articlePage = `<body style="margin:60px;font:20px/1.6 serif;background:#fafaf9">${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>'.repeat(12)}</body>`;

/** The PNG's RGBA pixels as the browser decodes them (what the worker preprocesses). */
async function decodedPixels(page: Page, b64png: string): Promise<{ data: Uint8Array; width: number; height: number }> {
  const px = await page.evaluate(async (b64) => {
    const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
    const bmp = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bmp, 0, 0);
    const d = ctx.getImageData(0, 0, bmp.width, bmp.height);
    let s = '';
    for (let i = 0; i < d.data.length; i += 0x8000) s += String.fromCharCode(...d.data.subarray(i, i + 0x8000));
    return { b64: btoa(s), width: d.width, height: d.height };
  }, b64png);
  return { data: new Uint8Array(Buffer.from(px.b64, 'base64')), width: px.width, height: px.height };
}

async function loadByUrl(page: Page, backend: 'wasm' | 'webgpu' | 'auto' = 'wasm') {
  return page.evaluate(([url, be]) => window.iwr.loadDinoModel({ url: url!, backend: be as 'wasm' }), [MODEL_URL, backend]);
}

describe('DINO with the test model', () => {
  let shop: string;
  let article: string;
  beforeAll(async () => {
    shop = await screenshotOf(browser, shopPage);
    article = await screenshotOf(browser, articlePage);
  });

  test('loaded from a URL served by the app: identical images 1.0, different pages < 1, hash recorded', async () => {
    const { page, context } = await openApp(browser);
    const loaded = await loadByUrl(page);
    expect(loaded.model.sha256).toBe(MODEL_SHA);
    expect(loaded.model.modelId).toBe('test-dinov2-tiny');
    expect(loaded.fromCache).toBe(false);
    expect(loaded.session.backend).toBe('wasm');
    expect(loaded.session.embeddingSize).toBe(32);
    const same = await page.evaluate(([a]) => window.iwr.dinoSimilarity(a!, a!), [shop]);
    expect(same.similarity).toBeCloseTo(1, 6);
    expect(same.model.sha256).toBe(MODEL_SHA);
    const diff = await page.evaluate(([a, b]) => window.iwr.dinoSimilarity(a!, b!), [shop, article]);
    console.log(`test model: similarity(shop, article) = ${diff.similarity.toFixed(4)}`);
    expect(diff.similarity).toBeLessThan(0.999);
    expect(diff.similarity).toBeGreaterThanOrEqual(0);
    // Kept in IndexedDB: a new page in the same profile does not download it again.
    const again = (await openApp(browser, { context })).page;
    expect((await loadByUrl(again)).fromCache).toBe(true);
    await context.close();
  });

  test('the browser embedding equals preprocessing + onnxruntime-node on the same pixels', async () => {
    const { page, context } = await openApp(browser);
    await loadByUrl(page);
    const { embedding } = await page.evaluate(([a]) => window.iwr.dinoEmbed(a!), [shop]);
    // The pixels as the browser decodes them, then the pure preprocessing and the Node runtime.
    const px = await decodedPixels(page, shop);
    const session = await ort.InferenceSession.create(MODEL_FILE);
    const out = await session.run({
      pixel_values: new ort.Tensor('float32', preprocessDino(px), [1, 3, 224, 224]),
    });
    const node = Array.from((out.last_hidden_state!.data as Float32Array).slice(0, 32));
    const maxDiff = Math.max(...node.map((v, i) => Math.abs(v - embedding[i]!)));
    console.log(`browser (ort-web wasm) vs onnxruntime-node CLS: max abs diff ${maxDiff.toExponential(2)}`);
    expect(maxDiff).toBeLessThan(1e-4);
    await session.release();
    await context.close();
  });

  test('setWorkerThreads (iwr batch --threads): DINO on one thread and one OCR engine give the same embedding and text', async () => {
    // WASM threads need a cross-origin isolated page, as the CLI serves the app.
    const server = await startServer({ root: inject('distDir'), crossOriginIsolated: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => window.iwr?.ready === true, null, { timeout: 30_000 });
      await loadByUrl(page);
      const read = () =>
        page.evaluate(
          async ([a]) => {
            const { embedding } = await window.iwr.dinoEmbed(a!);
            const { text } = await window.iwr.ocr(a!);
            const threads = window.iwr.dinoBackend()?.session?.threads;
            return { embedding, text, threads, ocrEngines: window.iwr.engineStats().ocrEngines, count: window.iwr.workerThreads() };
          },
          [article],
        );
      const cores = await page.evaluate(() => (crossOriginIsolated ? Math.min(4, navigator.hardwareConcurrency) : 0));
      expect(cores).toBeGreaterThan(1); // else this test would compare one thread with one thread
      const every = await read();
      expect([every.count, every.threads, every.ocrEngines]).toEqual([cores, cores, cores]);
      await page.evaluate(() => window.iwr.setWorkerThreads(1));
      const one = await read();
      expect([one.count, one.threads, one.ocrEngines]).toEqual([1, 1, 1]);
      expect(one.embedding).toEqual(every.embedding);
      expect(one.text).toBe(every.text);
      expect(one.text).toContain('lorem ipsum');
      await expect(page.evaluate(() => window.iwr.setWorkerThreads(0))).rejects.toThrow(/expected an integer 1\.\.4, got 0/);
    } finally {
      await context.close();
      await server.close();
    }
  });

  test('loaded from a local file (File from an <input type=file>) gives the same hash and embedding', async () => {
    const { page, context } = await openApp(browser);
    await loadByUrl(page);
    const byUrl = await page.evaluate(([a]) => window.iwr.dinoEmbed(a!), [shop]);
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'model-file';
      document.body.append(input);
    });
    await page.setInputFiles('#model-file', MODEL_FILE);
    const loaded = await page.evaluate(() =>
      window.iwr.loadDinoModel({ bytes: (document.getElementById('model-file') as HTMLInputElement).files![0]!, backend: 'wasm' }),
    );
    expect(loaded.model.sha256).toBe(MODEL_SHA);
    expect(loaded.model.source).toBe('file:test-dinov2-tiny.onnx');
    const byFile = await page.evaluate(([a]) => window.iwr.dinoEmbed(a!), [shop]);
    expect(byFile.model.source).toBe('file:test-dinov2-tiny.onnx');
    expect(byFile.embedding).toEqual(byUrl.embedding);
    await context.close();
  });

  test('offline with no cached model: a clear error and no DINO figure', async () => {
    const { page, context } = await openApp(browser);
    await context.setOffline(true);
    const res = await page.evaluate(
      async ([a]) => {
        try {
          const r = await window.iwr.dinoSimilarity(a!, a!);
          return { similarity: r.similarity };
        } catch (e) {
          return { name: (e as Error).name, message: (e as Error).message };
        }
      },
      [shop],
    );
    expect(res).not.toHaveProperty('similarity');
    expect(res).toMatchObject({ name: 'DinoModelUnavailableError' });
    expect((res as { message: string }).message).toMatch(/not in this browser's cache.*could not be reached.*--dino-model/s);
    expect(await page.evaluate(() => window.iwr.dinoBackend())).toBeNull();
    await context.close();
  });

  test('a reference is embedded once per task and model, even across page loads', async () => {
    const context = await browser.newContext();
    const first = (await openApp(browser, { context })).page;
    await loadByUrl(first);
    const r = await first.evaluate(
      ([a]) => Promise.all([window.iwr.referenceEmbedding('task-3', 0, a!), window.iwr.referenceEmbedding('task-3', 0, a!)]),
      [shop],
    );
    expect(r[0]!.model.sha256).toBe(MODEL_SHA);
    expect(await first.evaluate(() => window.iwr.engineStats().dinoImagesEmbedded)).toBe(1);
    await first.evaluate(([a]) => window.iwr.referenceEmbedding('task-3', 0, a!), [shop]);
    expect(await first.evaluate(() => window.iwr.engineStats().dinoImagesEmbedded)).toBe(1);
    await first.close();
    const second = (await openApp(browser, { context })).page;
    await loadByUrl(second);
    const cached = await second.evaluate(([a]) => window.iwr.referenceEmbedding('task-3', 0, a!), [shop]);
    expect(cached.embedding).toEqual(r[0]!.embedding);
    expect(await second.evaluate(() => window.iwr.engineStats().dinoImagesEmbedded)).toBe(0);
    await context.close();
  });
});

const cosine = (a: number[], b: number[]) => a.reduce((n, v, i) => n + v * b[i]!, 0) / Math.hypot(...a) / Math.hypot(...b);

describe('the float16 option (the harness on a CUDA GPU)', () => {
  test('float16 embeddings: half values, the same model file, its own cache entries, equal to the rewritten model in onnxruntime-node', async () => {
    const shop = await screenshotOf(browser, shopPage);
    const { page, context } = await openApp(browser);
    await loadByUrl(page);
    const full = await page.evaluate(([a]) => window.iwr.referenceEmbedding('task-9', 0, a!), [shop]);
    expect(full.model.precision).toBe('float32');
    // Switching reloads the loaded model in half precision.
    await page.evaluate(() => window.iwr.setDinoPrecision('float16'));
    const backend = await page.evaluate(() => window.iwr.dinoBackend());
    expect(backend?.model.precision).toBe('float16');
    expect(backend?.model.sha256).toBe(MODEL_SHA);
    expect(backend?.session?.precision).toBe('float16');
    const half = await page.evaluate(([a]) => window.iwr.dinoEmbed(a!), [shop]);
    expect(half.model.precision).toBe('float16');
    for (const v of half.embedding) expect(roundToHalf(v)).toBe(v);
    expect(half.embedding).not.toEqual(full.embedding);
    const cos = cosine(half.embedding, full.embedding);
    console.log(`test model, float16 vs float32 CLS: 1 - cosine = ${(1 - cos).toExponential(2)}`);
    expect(cos).toBeGreaterThan(0.999);
    // The reference cache keeps the two apart: the float32 entry is not reused for float16.
    const before = await page.evaluate(() => window.iwr.engineStats().dinoImagesEmbedded);
    const ref16 = await page.evaluate(([a]) => window.iwr.referenceEmbedding('task-9', 0, a!), [shop]);
    expect(await page.evaluate(() => window.iwr.engineStats().dinoImagesEmbedded)).toBe(before + 1);
    expect(ref16.model.precision).toBe('float16');
    expect(ref16.embedding).toEqual(half.embedding);
    // The same rewrite in onnxruntime-node on the same preprocessed pixels gives the same vector.
    const px = await decodedPixels(page, shop);
    const session = await ort.InferenceSession.create(halfPrecisionModel(readFileSync(MODEL_FILE)).bytes);
    const out = await session.run({ pixel_values: new ort.Tensor('float32', preprocessDino(px), [1, 3, 224, 224]) });
    const node = Array.from((out.last_hidden_state!.data as Float32Array).slice(0, 32));
    // Half values: one unit in the last place of a half is about 1e-3 of the value.
    const maxDiff = Math.max(...node.map((v, i) => Math.abs(v - half.embedding[i]!) / Math.max(1e-3, Math.abs(v))));
    expect(maxDiff).toBeLessThan(2e-3);
    await session.release();
    // And back: float32 again gives the float32 vector exactly.
    await page.evaluate(() => window.iwr.setDinoPrecision('float32'));
    expect((await page.evaluate(([a]) => window.iwr.dinoEmbed(a!), [shop])).embedding).toEqual(full.embedding);
    await context.close();
  });
});

describe('the int8 option (ours, fast and approximate)', () => {
  test('int8 embeddings: the same model file, its own cache entries, equal to the rewritten model in onnxruntime-node', async () => {
    const shop = await screenshotOf(browser, shopPage);
    const { page, context } = await openApp(browser);
    await loadByUrl(page);
    const full = await page.evaluate(([a]) => window.iwr.referenceEmbedding('task-9', 0, a!), [shop]);
    await page.evaluate(() => window.iwr.setDinoPrecision('int8'));
    const backend = await page.evaluate(() => window.iwr.dinoBackend());
    expect(backend?.model.precision).toBe('int8');
    expect(backend?.model.sha256).toBe(MODEL_SHA);
    expect(backend?.session?.precision).toBe('int8');
    const q = await page.evaluate(([a]) => window.iwr.dinoEmbed(a!), [shop]);
    expect(q.model.precision).toBe('int8');
    expect(q.embedding).not.toEqual(full.embedding);
    const cos = cosine(q.embedding, full.embedding);
    console.log(`test model, int8 vs float32 CLS: 1 - cosine = ${(1 - cos).toExponential(2)}`);
    expect(cos).toBeGreaterThan(0.99);
    // Cached apart from float32 and reused as int8.
    const before = await page.evaluate(() => window.iwr.engineStats().dinoImagesEmbedded);
    const ref8 = await page.evaluate(([a]) => window.iwr.referenceEmbedding('task-9', 0, a!), [shop]);
    expect(await page.evaluate(() => window.iwr.engineStats().dinoImagesEmbedded)).toBe(before + 1);
    expect(ref8.model.precision).toBe('int8');
    expect(ref8.embedding).toEqual(q.embedding);
    // The same rewrite in onnxruntime-node on the same pixels: the same vector up to the
    // kernels' own rounding (WASM and native integer kernels may round the rescale differently).
    const px = await decodedPixels(page, shop);
    const session = await ort.InferenceSession.create(int8Model(readFileSync(MODEL_FILE)).bytes);
    const out = await session.run({ pixel_values: new ort.Tensor('float32', preprocessDino(px), [1, 3, 224, 224]) });
    const node = Array.from((out.last_hidden_state!.data as Float32Array).slice(0, 32));
    const nodeCos = cosine(node, q.embedding);
    expect(nodeCos).toBeGreaterThan(0.9999);
    await session.release();
    await context.close();
  });
});

describe('WebGPU and WASM agree', () => {
  test('embeddings within 1e-3 when a WebGPU adapter exists', async (ctx) => {
    const gpuBrowser = await launchBrowser({ webgpu: true });
    try {
      const { page } = await openApp(gpuBrowser);
      const adapter = await page.evaluate(async () => {
        const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
        if (!gpu) return 'navigator.gpu is missing';
        return (await gpu.requestAdapter()) ? 'ok' : 'requestAdapter() returned null';
      });
      if (adapter !== 'ok') {
        console.log(`SKIPPED WebGPU vs WASM: no WebGPU adapter in this Chromium (${adapter})`);
        ctx.skip();
        return;
      }
      // The input image comes from the ordinary browser: a screenshot in the WebGPU-flagged one
      // sometimes fails ("Unable to capture screenshot") when it is the first thing it draws.
      const shot = await screenshotOf(browser, shopPage);
      await loadByUrl(page, 'wasm');
      const wasm = await page.evaluate(([a]) => window.iwr.dinoEmbed(a!), [shot]);
      const gpuLoad = await loadByUrl(page, 'webgpu');
      expect(gpuLoad.session.backend).toBe('webgpu');
      const gpu = await page.evaluate(([a]) => window.iwr.dinoEmbed(a!), [shot]);
      expect(gpu.session.backend).toBe('webgpu');
      const maxDiff = Math.max(...wasm.embedding.map((v, i) => Math.abs(v - gpu.embedding[i]!)));
      console.log(`WebGPU vs WASM CLS embedding: max abs diff ${maxDiff.toExponential(2)}`);
      expect(maxDiff).toBeLessThan(1e-3);
    } finally {
      await gpuBrowser.close();
    }
  });
});
