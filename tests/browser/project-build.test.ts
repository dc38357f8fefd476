// Issue 18 item 2: project candidates built in the tab. The app is served cross-origin isolated,
// as a WebContainer needs. With no network here, StackBlitz's service cannot answer: dropping a
// project really boots @webcontainer/api (its frame asks stackblitz.com, which this test
// refuses), and after the boot limit one message says why and names the CLI, with no candidate
// added. A build of the same files kept from before (the builds store, by the project's tree
// hash) opens at once with no WebContainer; its run records the build in eval.json. The build
// steps themselves are tested with the real Node and npm in cli-project.test.ts.
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { startServer } from '../../scripts/serve.mjs';
import { treeHash, type BuildRecord } from '../../src/build/project-build.ts';
import { launchBrowser } from './harness.ts';
import { SAMPLE_RESULTS } from './cli-support.ts';
import { axeProblems } from './axe.ts';

let browser: Browser;
let server: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ root: inject('distDir'), crossOriginIsolated: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A Vite-style project, one folder down in its zip as a folder drop would be. */
const SOURCES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'tally', private: true, type: 'module', scripts: { build: 'vite build' } }),
  'index.html': '<!doctype html><div id="app"></div><script type="module" src="/src/main.js"></script>',
  'src/main.js': "document.querySelector('#app').textContent = 'Counter';",
};
const projectZip = () => Buffer.from(zipSync(Object.fromEntries(Object.entries(SOURCES).map(([p, t]) => [`tally/${p}`, strToU8(t)]))));

async function openTry(
  path: string,
  opts: { serviceWorkers?: 'allow' } = {},
): Promise<{ page: Page; asked: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...opts });
  const asked: string[] = [];
  // Nothing may leave this machine; what the WebContainer library asks for is recorded.
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  await page.goto(`${server.url}${path}`);
  await page.waitForFunction(() => (window as unknown as { iwr?: { ready?: boolean } }).iwr?.ready === true, null, { timeout: 30_000 });
  return { page, asked, close: () => context.close() };
}

const candidates = (page: Page) => page.getByLabel('Candidate', { exact: true }).locator('option').allInnerTexts();

test("without StackBlitz's service the boot ends in one message naming the CLI; no candidate is added", async () => {
  // Service workers allowed: a WebContainer needs them (its preview server is one).
  const { page, asked, close } = await openTry('?wc-boot-timeout=3000#/task/samples/1/try', { serviceWorkers: 'allow' });
  try {
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    await page.locator('.cm-content').waitFor();
    const before = await candidates(page);
    await page.locator('input[type=file]').setInputFiles({ name: 'tally.zip', mimeType: 'application/zip', buffer: projectZip() });
    const build = page.getByRole('region', { name: 'Project build' });
    await expect
      .poll(() => build.innerText(), { timeout: 10_000 })
      .toMatch(/Building the project tally.*Starting the WebContainer \(StackBlitz\)/s);
    await expect
      .poll(() => build.innerText(), { timeout: 30_000 })
      .toMatch(/The project tally was not built.*StackBlitz's service did not start the WebContainer within 3 s.*npx iwr eval --html/s);
    // The real library tried: its runtime frame is StackBlitz's headless page.
    expect(asked.some((u) => u.startsWith('https://stackblitz.com/headless'))).toBe(true);
    expect(await candidates(page)).toEqual(before);
    // The panel with its log is part of the screen: no serious or critical axe violation.
    expect(await axeProblems(page)).toEqual([]);
    await build.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => build.count()).toBe(0);
  } finally {
    await close();
  }
}, 90_000);

test('Cancel ends a build that is waiting for the WebContainer at once', async () => {
  const { page, close } = await openTry('?wc-boot-timeout=120000#/task/samples/1/try', { serviceWorkers: 'allow' });
  try {
    await page.locator('.cm-content').waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'tally.zip', mimeType: 'application/zip', buffer: projectZip() });
    const build = page.getByRole('region', { name: 'Project build' });
    await expect.poll(() => build.innerText(), { timeout: 10_000 }).toContain('Starting the WebContainer (StackBlitz)');
    await build.getByRole('button', { name: 'Cancel build' }).click();
    // Well before the 120 s boot limit.
    await expect.poll(() => build.innerText(), { timeout: 5_000 }).toMatch(/The project tally was not built.*The build was cancelled\./s);
  } finally {
    await close();
  }
}, 60_000);

test('a build of the same files kept from before opens without a WebContainer, and its run records the build in eval.json', async () => {
  const { page, asked, close } = await openTry('#/settings');
  try {
    await page.getByLabel(/Built-in test model \(NOT DINOv2/).check();
    await page.goto(page.url().replace(/#.*$/, '#/task/samples/1/try'));
    await page.locator('.cm-content').waitFor();
    // The output an earlier build wrote: task 1's reference page. Kept as the tab keeps a build.
    const html = readFileSync(`${SAMPLE_RESULTS}/1/reference/index.html`, 'utf8');
    const files = new Map(Object.entries(SOURCES).map(([p, t]) => [p, strToU8(t)]));
    const projectHash = await treeHash(files);
    const record: BuildRecord = {
      tool: 'webcontainer',
      node: 'v20.19.1',
      npm: '10.8.2',
      script: 'vite build',
      install: 'npm install',
      out_dir: 'dist',
      project_hash: projectHash,
      output_hash: await treeHash(new Map([['index.html', strToU8(html)]])),
      ms: 4321,
    };
    await page.evaluate(
      async ({ projectHash, html, record }) => {
        const db = await new Promise<IDBDatabase>((res, rej) => {
          const r = indexedDB.open('iwr-studio');
          r.onsuccess = () => res(r.result);
          r.onerror = () => rej(r.error);
        });
        await new Promise((res, rej) => {
          const tx = db.transaction('builds', 'readwrite');
          tx.objectStore('builds').put(
            { projectHash, outputs: { 'index.html': new Blob([html], { type: 'text/html' }) }, record, savedAt: Date.now() },
            projectHash,
          );
          tx.oncomplete = res;
          tx.onerror = () => rej(tx.error);
        });
        db.close();
      },
      { projectHash, html, record },
    );
    await page.locator('input[type=file]').setInputFiles({ name: 'tally.zip', mimeType: 'application/zip', buffer: projectZip() });
    const build = page.getByRole('region', { name: 'Project build' });
    await expect
      .poll(() => build.innerText(), { timeout: 15_000 })
      .toMatch(/Built tally \(an earlier build of the same files, reused\); it is the current candidate.*reused the build of/s);
    await expect.poll(() => page.getByLabel('Candidate', { exact: true }).locator('option:checked').innerText()).toBe('tally (file)');
    await expect.poll(() => page.locator('.cm-content').innerText()).toContain('Counter');
    expect(asked).toEqual([]);

    await page.getByRole('tab', { name: 'Run & score' }).click();
    await page.getByRole('button', { name: /Run & score/ }).click();
    await page.getByRole('link', { name: /See the results/ }).click({ timeout: 300_000 });
    await expect
      .poll(() => page.locator('.app-main').innerText(), { timeout: 15_000 })
      .toContain('project built with webcontainer (vite build)');
    const stored = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open('iwr-studio');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const runs = await new Promise<unknown[]>((res, rej) => {
        const q = db.transaction('runs').objectStore('runs').getAll();
        q.onsuccess = () => res(q.result as unknown[]);
        q.onerror = () => rej(q.error);
      });
      db.close();
      return runs.map((r) => (r as { eval: { iwr_studio?: { build?: unknown } } }).eval.iwr_studio?.build);
    });
    expect(stored).toEqual([record]);
  } finally {
    await close();
  }
}, 400_000);
