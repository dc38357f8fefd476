// `npm run bench:load`: what a visitor downloads. The built app is served by
// scripts/serve.mjs and opened in headless system Chromium, each screen in a fresh browser
// profile (cold; the gallery and Try it also reloaded in the same profile: warm), BENCH_RUNS
// times (default 3; medians shown), then one visit from a fresh profile that picks the
// built-in test model in Settings and runs the sample reference from Try it to its results.
// Per row: requests (and how many of them the browser's cache answered), bytes on the wire
// (headers + bodies; the server gzips text), of which JavaScript gzipped, failed requests,
// console errors, and the time to the row's mark (first gallery card, editor...). The service
// worker's background precache (offline use) is left out of each screen's row and shown as a
// row of its own, as measured during the gallery's cold loads.
// Uses IWR_DIST (a built app folder) when set, else builds the app into a temp folder first.
// BENCH_SKIP_RUN=1 leaves out the test-model run (a minute or two on 2 cores).
// BENCH_DETAIL=N prints each row's N largest requests (URL, bytes, by the page or the worker).
import { chromium } from 'playwright-core';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startServer } from '../scripts/serve.mjs';
import { chromiumArgs, findChromium, NO_BROWSER_MESSAGE } from '../scripts/find-chromium.mjs';
import { failedRequests, pageRequests, totalBytes, watchContext } from './load-probe.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const VIEWPORT = { width: 1280, height: 720 };
/** Each screen is loaded this many times (a fresh profile each); the table shows medians. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KB = 1024;
const DETAIL = Number(process.env.BENCH_DETAIL ?? 0);

const PRECACHE_ROW = 'offline precache (service worker, in the background after the first load)';

/** The targets of issue 20, in bytes. */
const TARGETS = { galleryTotal: 500 * KB, galleryJsGzip: 300 * KB, testRun: 20 * KB * KB, warmReload: 50 * KB };

/**
 * The screens a visitor reaches from the navigation, each with what "shown" means: `mark`
 * is the element whose appearance is timed, `ready` what must be there before the network
 * is left to settle.
 */
const SCREENS = [
  { name: 'gallery', path: '#/tasks', mark: 'a.task-card', ready: 'a.task-card .thumb img' },
  { name: 'task', path: '#/task/samples/1', mark: '.video-frame video', ready: '.video-frame video' },
  { name: 'try', path: '#/task/samples/1/try', mark: '.cm-content', ready: '.preview-status' },
  { name: 'leaderboard', path: '#/leaderboard', mark: '.app-main h2', ready: '.app-main h2' },
  { name: 'judge', path: '#/judge', mark: '.app-main h2', ready: '.app-main h2' },
  { name: 'settings', path: '#/settings', mark: '.app-main h2', ready: '.dino-status' },
  { name: 'sources', path: '#/sources', mark: '.app-main h2', ready: '.app-main h2' },
];

/** gzip size of each built JS file, by URL path under the app (what a compressing host sends). */
function jsGzipSizes(dist) {
  /** @type {Map<string, number>} */
  const cache = new Map();
  return (/** @type {string} */ url) => {
    const path = decodeURIComponent(new URL(url).pathname).replace(/^\//, '');
    if (!/\.m?js$/.test(path)) return 0;
    if (!cache.has(path)) {
      let bytes;
      try {
        bytes = gzipSync(readFileSync(join(dist, path))).length;
      } catch {
        bytes = 0; // not a file of the build (a mounted folder's)
      }
      cache.set(path, bytes);
    }
    return cache.get(path) ?? 0;
  };
}

/** @param {string} dist */
async function withApp(dist) {
  const server = await startServer({ root: dist });
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_BROWSER_MESSAGE);
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs() });
  return { server, browser };
}

/** @param {number} ms */
const seconds = (ms) => (ms / 1000).toFixed(2);
/** @param {number} b */
const size = (b) => (b >= KB * KB ? `${(b / KB / KB).toFixed(2)} MB` : `${(b / KB).toFixed(1)} KB`);

async function main() {
  let dist = process.env.IWR_DIST;
  let own = false;
  if (!dist) {
    dist = mkdtempSync(join(tmpdir(), 'iwr-dist-bench-'));
    own = true;
    const { build } = await import('vite');
    await build({ root: repo, logLevel: 'warn', configFile: `${repo}vite.config.ts`, build: { outDir: dist, emptyOutDir: true } });
  }
  const gz = jsGzipSizes(dist);
  const { server, browser } = await withApp(dist);
  /** @type {Array<{ row: string, requests: number, cached: number, bytes: number, js: number, failed: number, errors: number, ms?: number, mark?: string }>} */
  const rows = [];
  /** @type {string[]} */
  const problems = [];
  /** @param {string} row @param {ReturnType<ReturnType<typeof watchContext>['take']>} got @param {number} [ms] @param {string} [mark] */
  const record = (row, got, ms, mark) => {
    const failed = failedRequests(got.requests);
    for (const f of failed) problems.push(`${row}: ${f.status || f.failure} ${f.url}`);
    for (const e of got.errors) problems.push(`${row}: console: ${e}`);
    const own = pageRequests(got.requests);
    /** @param {string} name @param {typeof own} requests @param {number} errors */
    const push = (name, requests, errors) =>
      rows.push({
        row: name,
        requests: requests.length,
        bytes: totalBytes(requests),
        // A response from the browser's cache or the service worker's has no bytes on the wire.
        cached: requests.filter((r) => r.bytes === 0).length,
        js: requests.reduce((s, r) => s + (r.status === 200 && r.bytes > 0 ? gz(r.url) : 0), 0),
        failed: failedRequests(requests).length,
        errors,
        ...(ms !== undefined && requests === own ? { ms } : {}),
        ...(mark && requests === own ? { mark } : {}),
      });
    push(row, own, got.errors.length);
    if (DETAIL > 0)
      console.log(
        `${row}: largest requests\n${[...got.requests]
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, DETAIL)
          .map((r) => `  ${size(r.bytes).padStart(10)} ${r.byServiceWorker ? 'worker' : 'page  '} ${r.url.replace(server.url, '')}`)
          .join('\n')}`,
      );
    const precache = got.requests.filter((r) => r.byServiceWorker);
    if (row === 'gallery, cold') push(PRECACHE_ROW, precache, 0);
    // The run's visit is a first visit too: its precache ran alongside, and answered part of what the run fetched.
    if (row.startsWith('test-model run')) push(`${row}: with the precache of the same visit`, got.requests, 0);
  };
  try {
    for (let run = 0; run < RUNS; run++)
      for (const screen of SCREENS) {
        const context = await browser.newContext({ viewport: VIEWPORT });
        const watch = watchContext(context);
        const page = await context.newPage();
        const started = Date.now();
        await page.goto(server.url + screen.path);
        await page.locator(screen.mark).first().waitFor({ timeout: 60_000 });
        const ms = Date.now() - started;
        await page.locator(screen.ready).first().waitFor({ timeout: 60_000 });
        // The gallery's row also measures the offline precache: it starts once the page is idle.
        if (screen.name === 'gallery') await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await watch.settled();
        record(`${screen.name}, cold`, watch.take(), ms, screen.mark);
        if (screen.name === 'gallery' || screen.name === 'try') {
          const again = Date.now();
          await page.reload();
          await page.locator(screen.mark).first().waitFor({ timeout: 60_000 });
          const warm = Date.now() - again;
          await page.locator(screen.ready).first().waitFor({ timeout: 60_000 });
          await watch.settled();
          record(`${screen.name}, warm (reload)`, watch.take(), warm, screen.mark);
        }
        await context.close();
      }
    if (process.env.BENCH_SKIP_RUN !== '1') {
      // Everything from a fresh profile: Settings (the test model chosen), Try it, the run, results.
      const context = await browser.newContext({ viewport: VIEWPORT });
      const watch = watchContext(context);
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${server.url}#/settings`);
      await page.getByLabel(/Built-in test model \(NOT DINOv2/).check();
      await page.goto(`${server.url}#/task/samples/1/try`);
      await page.locator('.cm-content').waitFor();
      await page.getByLabel('Load a sample candidate').selectOption('reference');
      await page.locator('.save-state', { hasText: 'Saved' }).waitFor();
      await page.getByRole('tab', { name: 'Run & score' }).click();
      await page.getByRole('button', { name: /Run & score/ }).click();
      const results = page.getByRole('link', { name: /See the results/ });
      await results.waitFor({ timeout: 600_000 });
      await results.click();
      await page.getByRole('list', { name: 'Scores' }).waitFor();
      await watch.settled();
      record('test-model run: Settings, Try it, run, results', watch.take(), Date.now() - started, 'results');
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
    if (own) rmSync(dist, { recursive: true, force: true });
  }

  // One row per screen: the median of its runs, times as "median (fastest-slowest)".
  /** @type {Map<string, typeof rows>} */
  const byRow = new Map();
  for (const r of rows) byRow.set(r.row, [...(byRow.get(r.row) ?? []), r]);
  const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
  const merged = [...byRow.values()].map((runs) => {
    const first = runs[0] ?? rows[0];
    if (!first) throw new Error('no rows');
    const pick = (/** @type {(r: typeof first) => number} */ f) => median(runs.map(f));
    const times = runs.map((r) => r.ms ?? 0);
    return {
      ...first,
      requests: pick((r) => r.requests),
      cached: pick((r) => r.cached),
      bytes: pick((r) => r.bytes),
      js: pick((r) => r.js),
      failed: Math.max(...runs.map((r) => r.failed)),
      errors: Math.max(...runs.map((r) => r.errors)),
      ms: first.ms !== undefined ? median(times) : undefined,
      spread: runs.length > 1 ? ` (${seconds(Math.min(...times))}–${seconds(Math.max(...times))})` : '',
    };
  });
  const lines = [
    '| screen | requests (from cache) | bytes | of which JS, gzipped | failed | console errors | time to |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...merged.map(
      (r) =>
        `| ${r.row} | ${r.requests} (${r.cached}) | ${size(r.bytes)} | ${size(r.js)} | ${r.failed} | ${r.errors} | ${r.ms !== undefined ? `${r.mark === 'results' ? 'results' : `\`${r.mark}\``} ${seconds(r.ms)} s${r.spread}` : ''} |`,
    ),
  ];
  const gallery = merged.find((r) => r.row === 'gallery, cold');
  const warm = merged.find((r) => r.row === 'gallery, warm (reload)');
  const run = merged.find((r) => r.row.startsWith('test-model run'));
  /** @param {string} what @param {number | undefined} got @param {number} limit */
  const target = (what, got, limit) =>
    got === undefined ? `${what}: not measured` : `${what}: ${size(got)} (target < ${size(limit)}: ${got < limit ? 'met' : 'NOT met'})`;
  const verdicts = [
    target('gallery first load', gallery?.bytes, TARGETS.galleryTotal),
    target('gallery JS gzipped', gallery?.js, TARGETS.galleryJsGzip),
    target('test-model run', run?.bytes, TARGETS.testRun),
    target('gallery warm reload', warm?.bytes, TARGETS.warmReload),
  ];
  const out = [
    ...lines,
    '',
    ...verdicts.map((v) => `- ${v}`),
    ...(problems.length ? ['', 'Problems:', ...problems.map((p) => `- ${p}`)] : []),
  ];
  console.log(out.join('\n'));
  mkdirSync(`${repo}bench/out`, { recursive: true });
  writeFileSync(`${repo}bench/out/load.md`, `${out.join('\n')}\n`);
}

await main();
