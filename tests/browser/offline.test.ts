// Issue 18 item 3: offline after one visit. The built app, served from a sub-path with the
// cross-origin-isolation headers, is opened once; when the service worker says it is ready the
// browser goes offline and reloads (still isolated), picks the built-in test DINO model and runs
// a sample task from Try it to complete results, with no request failing. Cache Storage then
// holds exactly the build's precache list (nothing the run fetched, no candidate page, no API
// answer), and Chromium finds it installable. Back online, a new build on the server is
// detected: the update prompt shows, and its button brings the new version in.
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { failedRequests, watchContext } from '../../bench/load-probe.mjs';
import { launchBrowser } from './harness.ts';

let browser: Browser;
let server: { url: string; close: () => Promise<void> };
let dir: string;
beforeAll(async () => {
  browser = await launchBrowser({ serviceWorkers: true });
  // A copy of the build (the update below changes it), under /studio/ as a project page is, with
  // the cross-origin-isolation headers (the cached answers must keep them, or WASM loses threads).
  dir = mkdtempSync(join(tmpdir(), 'iwr-offline-'));
  cpSync(inject('distDir'), dir, { recursive: true });
  server = await startServer({ root: join(dir, 'assets'), mounts: { '/studio/': dir }, crossOriginIsolated: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The URLs sw.js precaches, relative to the app folder. */
function precacheList(swSource: string): string[] {
  return [...swSource.matchAll(/\{url:"([^"]+)",revision:(?:"[^"]*"|null)\}/g)].map((m) => m[1]!).sort();
}

test('offline after one visit: a sample task runs to complete results; a new build prompts an update', async () => {
  const app = `${server.url}studio/`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await page.goto(`${app}#/tasks`);
    await page.locator('a.task-card').first().waitFor();
    const notice = page.getByTestId('offline-notice');
    await expect.poll(() => notice.innerText().catch(() => ''), { timeout: 120_000 }).toContain('Ready to work offline');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(app);
    // Installable: Chromium finds nothing wrong with the manifest, its icons or the worker, but
    // that a test context is incognito (where it never offers to install).
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    await cdp.detach();
    // The default DINO model (the hub's, 347 MB) is not precached, and the notice says it is not kept yet.
    await expect.poll(() => notice.innerText()).toContain('The DINO model facebook/dinov2-base is not saved yet');

    // Offline: the reload, the samples, the engines and the model come from the worker's cache.
    await context.setOffline(true);
    const watch = watchContext(context);
    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true, null, { timeout: 30_000 });
    expect(await page.evaluate(() => [navigator.serviceWorker.controller !== null, self.crossOriginIsolated])).toEqual([true, true]);
    await page.goto(`${app}#/settings`);
    await page.getByLabel(/Built-in test model \(NOT DINOv2/).check();
    await page.getByRole('button', { name: 'Load now' }).click();
    await expect.poll(() => page.locator('.dino-status').innerText(), { timeout: 60_000 }).toMatch(/Loaded now\s+test-dinov2-tiny/);
    await page.goto(`${app}#/task/samples/1/try`);
    await page.locator('.cm-content').waitFor();
    await page.getByLabel('Load a sample candidate').selectOption('reference');
    await page.locator('.save-state', { hasText: 'Saved' }).waitFor();
    await page.getByRole('tab', { name: 'Run & score' }).click();
    await page.getByRole('button', { name: /Run & score/ }).click();
    const seeResults = page.getByRole('link', { name: /See the results/ });
    await seeResults.waitFor({ timeout: 300_000 });
    await seeResults.click();
    const cards = page.getByRole('list', { name: 'Scores' });
    await cards.waitFor();
    const scores = await cards.innerText();
    expect(scores).toMatch(/IFS \(checks\)\s+100\.00%/);
    for (const label of ['OCR', 'DINO', 'LFS']) expect(scores).toMatch(new RegExp(`${label}\\s+\\d+\\.\\d\\d%`));
    expect(scores).toMatch(/Final \(partial\)\s+\d+\.\d\d%/);
    await watch.settled();
    const offline = watch.take();
    expect(offline.requests.length).toBeGreaterThan(0);
    expect(failedRequests(offline.requests).map((r) => `${r.method} ${r.url} -> ${r.failure ?? r.status}`)).toEqual([]);
    expect(offline.errors).toEqual([]);

    // The worker stores only its precache list: nothing the run fetched or produced.
    const cached = await page.evaluate(async () => {
      const out: Record<string, string[]> = {};
      for (const name of await caches.keys())
        out[name] = (await (await caches.open(name)).keys()).map((r) => {
          const u = new URL(r.url);
          u.searchParams.delete('__WB_REVISION__');
          return u.href;
        });
      return out;
    });
    const names = Object.keys(cached);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^workbox-precache/);
    const expected = [...new Set(precacheList(readFileSync(join(dir, 'sw.js'), 'utf8')))].map((p) => new URL(p, app).href).sort();
    expect(expected.length).toBeGreaterThan(100);
    expect([...cached[names[0]!]!].sort()).toEqual(expected);

    // tesseract's fallback cores (for browsers without relaxed SIMD; this Chromium has it and
    // the run above used the precached relaxed-SIMD core) are not precached: the worker keeps
    // each the first time it is fetched online and answers it offline from then on.
    const core = (f: string) => new URL(`vendor/tesseract/tesseract-core-${f}.wasm.js`, app).href;
    const fallback = [core('lstm'), core('simd-lstm')];
    expect(expected).toContain(core('relaxedsimd-lstm'));
    for (const u of fallback) expect(expected).not.toContain(u);
    const fetchFallback = () =>
      page.evaluate(
        (urls) =>
          Promise.all(
            urls.map(async (u) => {
              try {
                const r = await fetch(u);
                return r.ok ? (await r.arrayBuffer()).byteLength : -r.status;
              } catch {
                return -1;
              }
            }),
          ),
        fallback,
      );
    expect(await fetchFallback()).toEqual([-1, -1]);
    await context.setOffline(false);
    const online = await fetchFallback();
    expect(online.every((n) => n > 1_000_000)).toBe(true);
    await context.setOffline(true);
    expect(await fetchFallback()).toEqual(online);

    // Back online, a new build is deployed: here the same files with index.html marked, and
    // sw.js naming the new revision (any change to sw.js is a new version to the browser).
    await context.setOffline(false);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    writeFileSync(join(dir, 'index.html'), html.replace('<head>', '<head>\n    <meta name="iwr-build" content="2" />'));
    const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
    const withNewRevision = sw.replace(/\{url:"index\.html",revision:"[^"]*"\}/, '{url:"index.html",revision:"build-2"}');
    expect(withNewRevision).not.toBe(sw);
    writeFileSync(join(dir, 'sw.js'), withNewRevision);
    await page.goto(`${app}#/tasks`);
    await page.reload();
    const prompt = page.getByTestId('update-notice');
    await prompt.waitFor({ timeout: 60_000 });
    expect(await prompt.innerText()).toContain('A new version of IWR Studio is available');
    expect(await page.locator('meta[name="iwr-build"]').count()).toBe(0);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload to update' }).click()]);
    await expect.poll(() => page.locator('meta[name="iwr-build"]').count(), { timeout: 30_000 }).toBe(1);
  } finally {
    await context.close();
  }
}, 600_000);

test("the precache reads Vite's content-named files through the HTTP cache, and fetches the others past it", () => {
  // Workbox fetches an entry with a revision using cache: 'reload' and one without using the
  // HTTP cache: onnxruntime's WASM (3.5 MB gzipped) was downloaded twice on a first visit while
  // every entry carried a revision.
  const entries = [...readFileSync(join(dir, 'sw.js'), 'utf8').matchAll(/\{url:"([^"]+)",revision:("[^"]*"|null)\}/g)].map((m) => ({
    url: m[1]!,
    revision: m[2]!,
  }));
  const assets = entries.filter((e) => e.url.startsWith('assets/'));
  expect(assets.some((e) => /^assets\/ort-wasm-simd-threaded-[\w-]+\.wasm$/.test(e.url))).toBe(true);
  expect(assets.filter((e) => e.revision !== 'null')).toEqual([]);
  // Files whose names do not change with their content (vendor/, samples/, index.html) keep a revision.
  const others = entries.filter((e) => !e.url.startsWith('assets/'));
  expect(others.length).toBeGreaterThan(50);
  expect(others.filter((e) => e.revision === 'null')).toEqual([]);
});
