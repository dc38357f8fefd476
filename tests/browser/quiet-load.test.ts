// A visitor's fresh load makes no noise (issue 20): every main screen, opened in a fresh
// browser profile, makes no request that fails (no 404 from guessing at file names, no
// aborted request) and logs no console error; nor does a run with the built-in test model,
// which also downloads each engine file once and only the WASM build of onnxruntime-web;
// nor does the Results screen of that run opened fresh. The service worker's background
// precache (offline use, tests/browser/offline.test.ts) runs in each of these profiles: its
// requests must not fail either, and are left out where the page's own are counted.
// Bench: `npm run bench:load`.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { appUrl, launchBrowser } from './harness.ts';
import { failedRequests, pageRequests, watchContext, type RequestRecord } from '../../bench/load-probe.mjs';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ serviceWorkers: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Each main screen and what shows it has finished loading. */
const SCREENS = [
  { path: '#/tasks', ready: 'a.task-card .thumb img' },
  { path: '#/task/samples/1', ready: '.video-frame video' },
  { path: '#/task/samples/1/try', ready: '.preview-status' },
  { path: '#/leaderboard', ready: '.app-main h2' },
  { path: '#/judge', ready: '.app-main h2' },
  { path: '#/settings', ready: '.dino-status' },
  { path: '#/sources', ready: '.app-main h2' },
] as const;

const describe = (requests: RequestRecord[]) => requests.map((r) => `${r.method} ${r.url} -> ${r.failure ?? r.status}`);

async function loadQuietly(context: BrowserContext, path: string, ready: string) {
  const watch = watchContext(context);
  const page = await context.newPage();
  await page.goto(appUrl() + path);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await watch.settled();
  const got = watch.take();
  await page.close();
  return got;
}

for (const screen of SCREENS) {
  test(`${screen.path}: a fresh load makes no failed request and logs no console error`, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const got = await loadQuietly(context, screen.path, screen.ready);
      expect(got.requests.length).toBeGreaterThan(0); // the watch sees the app's own requests
      expect(describe(failedRequests(got.requests))).toEqual([]);
      expect(got.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test("the gallery shows the samples' build-time thumbnails, never a full checkpoint", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const watch = watchContext(context);
    const page = await context.newPage();
    await page.goto(appUrl() + '#/tasks');
    const imgs = page.locator('a.task-card .thumb img');
    await imgs.first().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('a.task-card .thumb img')].every((i) => i.complete));
    // Decoded by the browser at the width they were made (a broken JPEG has naturalWidth 0).
    const widths = await imgs.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).naturalWidth));
    expect(widths.length).toBeGreaterThan(3);
    expect(new Set(widths)).toEqual(new Set([360]));
    await watch.settled();
    // The page's own requests: the service worker's precache takes every sample file, checkpoints included.
    const paths = pageRequests(watch.take().requests).map((r) => new URL(r.url).pathname);
    expect(paths.filter((p) => p.includes('/checkpoints/'))).toEqual([]);
    expect(paths.filter((p) => /\/assets\/thumbs\/\d+-[0-9a-f]+\.jpg$/.test(p)).length).toBe(widths.length);
  } finally {
    await context.close();
  }
});

test("another source's thumbnail is made once and kept: shown again without its checkpoint", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const watch = watchContext(context);
    const page = await context.newPage();
    await page.goto(appUrl() + '#/sources');
    await page.waitForFunction(() => (window as unknown as { iwr?: { ready?: boolean } }).iwr?.ready === true);
    // A mounted folder: the test server generates its manifest.json.
    const source = await page.evaluate((u) => window.iwr.addUrlSource(u), `${appUrl()}fixtures/datasets/clean/`);
    // Its card comes after the samples' twelve: scrolled to, as a thumbnail loads when in view.
    const thumb = async (p: typeof page) => {
      const card = p.locator(`a.task-card[href="#/task/${source.id}/1"]`);
      await card.scrollIntoViewIfNeeded();
      const img = card.locator('.thumb img');
      await img.waitFor();
      return img;
    };
    const stored = (p: typeof page) =>
      p.evaluate(
        (sid) =>
          new Promise<Record<string, number>>((resolve, reject) => {
            const req = indexedDB.open('iwr-studio');
            req.onerror = () => reject(req.error);
            req.onsuccess = () => {
              const all = req.result.transaction('files').objectStore('files').getAll();
              all.onsuccess = () =>
                resolve(
                  Object.fromEntries(
                    (all.result as Array<{ sourceId: string; path: string; size: number }>)
                      .filter((r) => r.sourceId === sid)
                      .map((r) => [r.path, r.size]),
                  ),
                );
            };
          }),
        source.id,
      );
    await page.goto(appUrl() + '#/tasks');
    await thumb(page);
    await expect.poll(async () => (await stored(page))['#thumb/1'] ?? 0).toBeGreaterThan(0);
    const files = await stored(page);
    expect(files['#thumb/1']).toBeLessThan(files['data/1/checkpoints/step_0.png']!);
    // Without the cached checkpoint (and with its URL unreachable), the card still has its picture.
    await page.evaluate(
      (sid) =>
        new Promise<void>((resolve, reject) => {
          const req = indexedDB.open('iwr-studio');
          req.onsuccess = () => {
            const tx = req.result.transaction('files', 'readwrite');
            tx.objectStore('files').delete([sid, 'data/1/checkpoints/step_0.png']);
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      source.id,
    );
    // The source's checkpoint only: the service worker's precache asks for the samples' own.
    await context.route('**/fixtures/**/checkpoints/step_0.png', (route) => route.abort());
    await watch.settled();
    watch.take();
    const again = await context.newPage();
    await again.goto(appUrl() + '#/tasks');
    const shown = await thumb(again);
    await expect.poll(() => shown.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(360);
    await watch.settled();
    const got = watch.take();
    expect(describe(failedRequests(got.requests))).toEqual([]);
    // A checkpoint file (a code chunk may be named after the scoring module "checkpoints").
    expect(pageRequests(got.requests).filter((r) => r.url.includes('/checkpoints/'))).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the watch sees a request for a missing file and its console error', async () => {
  // The bound above can fail: a page that asks for a file that is not there is caught.
  const context = await browser.newContext();
  try {
    const watch = watchContext(context);
    const page = await context.newPage();
    await page.goto(appUrl() + '#/sources');
    await page.evaluate((u) => fetch(u), `${appUrl()}samples/dataset/data/1/video.mp4`);
    await watch.settled();
    const got = watch.take();
    expect(describe(failedRequests(got.requests))).toEqual([`GET ${appUrl()}samples/dataset/data/1/video.mp4 -> 404`]);
    expect(got.errors.some((e) => e.includes('404'))).toBe(true);
  } finally {
    await context.close();
  }
});

/** `work`, or an error naming `what` once `ms` have passed. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

test('a test-model run downloads each engine file once, onnxruntime-web WASM-only, and its results load quietly', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const watch = watchContext(context);
    const page = await context.newPage();
    await page.goto(appUrl() + '#/sources');
    await page.waitForFunction(() => (window as unknown as { iwr?: { ready?: boolean } }).iwr?.ready === true);
    const html = await (await fetch(`${appUrl()}samples/results/1/reference/index.html`)).text();
    await page.evaluate((url) => window.iwr.useDinoModel(url), `${appUrl()}models/test-dinov2-tiny.onnx`);
    // Bounded, so a stall names its phase instead of running into the test's timeout (CI saw one, once).
    const run = await within(
      300_000,
      'window.iwr.evaluate of sample task 1',
      page.evaluate(
        (h) => window.iwr.evaluate({ sourceId: 'samples', taskId: '1', html: h, model: 'quiet', options: { judge: 'none' }, save: true }),
        html,
      ),
    );
    expect(run.runId).toBeTruthy();
    await watch.settled();
    const got = watch.take();
    expect(describe(failedRequests(got.requests))).toEqual([]);
    expect(got.errors).toEqual([]);
    const own = pageRequests(got.requests);
    const urls = own.filter((r) => r.method === 'GET').map((r) => new URL(r.url).pathname);
    // The JSEP/WebGPU build (27 MB) is only for WebGPU, which this headless Chromium has not.
    expect(urls.filter((u) => u.includes('jsep'))).toEqual([]);
    expect(urls.filter((u) => /ort-wasm-simd-threaded[^/]*\.wasm$/.test(u))).toHaveLength(1);
    // The OCR engine's core and its language data: the page asks for one core build and the data,
    // and downloads each at most once, whatever the number of engines (a later engine's request
    // is answered by the HTTP cache: a few hundred bytes). The service worker's precache fetches
    // every core build once, bypassing the HTTP cache (Workbox's cache: 'reload' for files
    // without a hash in their name), so on a first visit a file the page already had can cross
    // the wire a second time; a page asking after it gets a 304 from the cache it filled.
    const engine = got.requests.filter((r) => /tesseract-core.*\.wasm\.js$|eng\.traineddata/.test(r.url));
    const path = (r: RequestRecord) => new URL(r.url).pathname;
    expect(new Set(pageRequests(engine).map(path)).size).toBe(2);
    for (const who of [pageRequests(engine), engine.filter((r) => r.byServiceWorker)]) {
      const downloads = who.filter((r) => r.bytes > 100_000).map(path);
      expect(new Set(downloads).size).toBe(downloads.length);
    }
    // The service worker's precache: the app's own files, never the WebGPU build.
    const precached = got.requests.filter((r) => r.byServiceWorker).map((r) => r.url);
    expect(precached.length).toBeGreaterThan(0);
    expect(precached.filter((u) => !u.startsWith(appUrl()) || u.includes('jsep'))).toEqual([]);
    await page.close();

    const results = await loadQuietly(context, `#/results/${encodeURIComponent(run.runId!)}`, '.results h2');
    expect(describe(failedRequests(results.requests))).toEqual([]);
    expect(results.errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 600_000);
