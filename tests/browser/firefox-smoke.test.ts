// The visitor flow in Firefox, the second browser visitors use: the system Firefox (Debian's
// firefox-esr, installed by .ci/run) driven through WebDriver BiDi by puppeteer-core, since
// Playwright's Firefox needs its own patched build and nothing here downloads a browser.
// One launch: gallery -> sample task 1 (the video plays) -> Settings (built-in test DINO model)
// -> Try it (the sample reference) -> Run & score -> results with every judge-free number; OCR
// ran in its worker, DINO on WebAssembly (Firefox has no WebGPU here), and after a reload the
// run is read back from IndexedDB. Any page error, console error or failed request fails it.
// Without Firefox the test is skipped and says why; IWR_REQUIRE_FIREFOX=1 (set by .ci/run)
// turns that into a failure.
import { afterAll, beforeAll, expect, test } from 'vitest';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { mkdirSync } from 'node:fs';
import { appUrl, artifactPath } from './harness.ts';
import { findFirefox, NO_FIREFOX_MESSAGE } from '../../scripts/find-firefox.mjs';

const LONG = 600_000;
const firefox = findFirefox();
let browser: Browser | undefined;
beforeAll(async () => {
  if (!firefox) return;
  mkdirSync(artifactPath('screens'), { recursive: true });
  // A run's wait for its results link is one long BiDi call: the protocol's own deadline
  // (180 s by default) must not end it before the test's.
  browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefox, headless: true, protocolTimeout: LONG });
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath(`screens/firefox-${name}.png`) as `${string}.png` });
const textOf = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);

test(
  'Firefox: gallery, task, Try it, a run with the test model, results; the run is still there after a reload',
  // One retry in a fresh page: the run sometimes stalls in Firefox with OCR at 0/3 (README, Limits).
  { timeout: LONG, retry: 1 },
  async (ctx) => {
    if (!firefox) {
      if (process.env.IWR_REQUIRE_FIREFOX === '1') throw new Error(NO_FIREFOX_MESSAGE);
      console.warn(`Firefox smoke test skipped. ${NO_FIREFOX_MESSAGE}`);
      ctx.skip(NO_FIREFOX_MESSAGE);
    }
    // A fresh user context per attempt: a retry in the same profile would find every OCR text
    // and embedding of the first attempt in IndexedDB and run no engine at all.
    const context = await browser!.createBrowserContext();
    const page = await context.newPage();
    // puppeteer's setViewport sends the viewport and a screen orientation override together;
    // Firefox 140 ESR (Debian's) does not know emulation.setScreenOrientationOverride. The
    // viewport itself is applied, which the size check below confirms.
    await page.setViewport({ width: 1280, height: 720 }).catch((e: unknown) => {
      if (!/setScreenOrientationOverride/.test(String(e))) throw e;
    });
    const problems: string[] = [];
    let driverNoise = 0;
    page.on('pageerror', (e) => {
      const message = e instanceof Error ? e.message : String(e);
      // Firefox 140 ESR's remote agent reports its own failures to reach into the app's
      // sandboxed (opaque-origin) frames while puppeteer polls a selector: "__bidi_args" is
      // its argument slot, and "length" is read on the cross-origin frame window. The app
      // only posts messages to those frames (src/sandbox/host.ts); these are not its errors.
      if (/^(\w*Error: )?Permission denied to access property "(__bidi_args|length)"/.test(message)) driverNoise++;
      else problems.push(`page error: ${message}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    const go = async (hash: string) => {
      await page.goto(appUrl() + hash);
      await page.waitForFunction(() => window.iwr?.ready === true, { timeout: 30_000 });
    };

    // Gallery -> task 1; its video plays.
    await go('#/tasks');
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([1280, 720]);
    await page.waitForSelector('a.task-card .thumb img');
    expect(await page.$$eval('a.task-card', (els) => els.length)).toBeGreaterThan(1);
    await shot(page, 'gallery');
    await page.locator('a.task-card ::-p-text(tiny-tally.example)').click();
    await page.waitForSelector('h2 ::-p-text(tiny-tally.example)');
    await page.waitForFunction(() => ((document.querySelector('.video-frame video') as HTMLVideoElement | null)?.duration ?? 0) > 0, {
      timeout: 30_000,
    });
    await page.$eval('.video-frame video', (v) => {
      (v as HTMLVideoElement).muted = true;
      return (v as HTMLVideoElement).play();
    });
    await page.waitForFunction(() => (document.querySelector('.video-frame video') as HTMLVideoElement).currentTime > 0.2, {
      timeout: 20_000,
    });
    await shot(page, 'task');

    // Settings: the built-in test model (the test has no network for the hub model).
    await page.locator('a.nav-link[href="#/settings"]').click();
    await page.locator('input[type="radio"][value="test"]').click();
    await page.locator('::-p-text(Load now)').click();
    await page.waitForFunction(
      () => /Loaded now\s+test-dinov2-tiny/.test((document.querySelector('.dino-status') as HTMLElement | null)?.innerText ?? ''),
      {
        timeout: 60_000,
      },
    );

    // Try it with the sample reference, then Run & score.
    await page.locator('a.nav-link[href="#/tasks"]').click();
    await page.locator('a.task-card ::-p-text(tiny-tally.example)').click();
    await page.locator('a ::-p-text(Try it)').click();
    await page.waitForSelector('.cm-content');
    await page.waitForSelector('select[aria-label="Load a sample candidate"]');
    await page.select('select[aria-label="Load a sample candidate"]', 'reference');
    await page.waitForFunction(() =>
      /reference/.test((document.querySelector('select[aria-label="Candidate"] option:checked') as HTMLElement | null)?.innerText ?? ''),
    );
    await page.waitForSelector('.preview-status ::-p-text(Loaded)');
    await shot(page, 'try');
    await page.locator('[role="tab"] ::-p-text(Run & score)').click();
    await page.locator('.run-head button ::-p-text(Run & score)').click();
    await page.waitForSelector('.run-shot img', { timeout: 120_000 });
    await page.waitForSelector('a ::-p-text(See the results)', { timeout: 180_000 }).catch(async (err: unknown) => {
      // Say where the run stood: the panel's stages and steps, and a picture of it.
      await shot(page, 'run-stuck');
      throw new Error(`The run did not finish: ${(await textOf(page, '.run-panel')).replace(/\s+/g, ' ')}`, { cause: err });
    });
    await shot(page, 'run-done');
    const session = await page.evaluate(() => window.iwr.dinoBackend()?.session ?? null);
    expect(session?.backend).toBe('wasm');
    expect((await page.evaluate(() => window.iwr.engineStats())).ocrCalls).toBeGreaterThan(0);
    await page.locator('a ::-p-text(See the results)').click();

    // Results: a number on every judge-free card, the test model named.
    await page.waitForSelector('[aria-label="Scores"]');
    const scores = await textOf(page, '[aria-label="Scores"]');
    expect(scores).toMatch(/IFS \(checks\)\s+100\.00%/);
    for (const label of ['OCR', 'DINO', 'LFS']) expect(scores).toMatch(new RegExp(`${label}\\s+\\d+\\.\\d\\d%`));
    expect(scores).toMatch(/Final \(partial\)\s+\d+\.\d\d%/);
    expect(scores).toContain('test-dinov2-tiny');
    expect(await page.$$eval('.step-table tbody tr', (rows) => rows.length)).toBe(4);
    await shot(page, 'results');

    // A reload reads the run back from IndexedDB.
    const final = /Final \(partial\)\s+(\d+\.\d\d%)/.exec(scores)![1]!;
    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true, { timeout: 30_000 });
    await page.waitForSelector('[aria-label="Scores"]');
    expect(await textOf(page, '[aria-label="Scores"]')).toContain(final);
    if (driverNoise) console.log(`Firefox remote agent: ${driverNoise} cross-origin access error(s) of its own ignored`);
    expect(problems).toEqual([]);
    await context.close();
  },
);
