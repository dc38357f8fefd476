// The visitor flow in real Chromium at 1280x720 on sample task 1 (640x400, 3 steps): gallery ->
// task page (video plays, seek by step) -> Settings (built-in test DINO model) -> Try it
// (paste the sample reference) -> Run & score -> results (numbers, partial labels without a
// judge) -> export the run as a zip -> delete it -> import the zip -> leaderboard; then a
// reload keeps the candidate, the run and the leaderboard. Each screen is saved to
// test-artifacts/screens/visitor-*.png for a visual check.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { appUrl, artifactPath, launchBrowser, openApp } from './harness.ts';
import { startChatServer } from '../support/chat-server.ts';

const LONG = 600_000;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(artifactPath('screens'), { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath(`screens/visitor-${name}.png`) });
const sha = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

test(
  'gallery, task, try, run, results, export, import, leaderboard; all there after a reload',
  async () => {
    const { page, context } = await openApp(browser, { path: '#/tasks' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const reference = await (await fetch(`${appUrl()}samples/results/1/reference/index.html`)).text();
    // A marker only this candidate has, to find it in the editor after the reload.
    const html = reference.replace('<h1>Tiny Tally</h1>', '<h1>Tiny Tally</h1><!-- visitor-flow candidate -->');

    // Gallery -> task 1.
    const card = page.locator('a.task-card', { hasText: 'tiny-tally.example' });
    await card.locator('.thumb img').waitFor();
    await shot(page, 'gallery');
    await card.click();
    await page.locator('h2', { hasText: 'tiny-tally.example' }).waitFor();

    // Watch: the video plays, and a step marker seeks it; the step list follows.
    await page.waitForFunction(() => {
      const v = document.querySelector('.video-frame video') as HTMLVideoElement | null;
      return !!v && v.duration > 0;
    });
    await page.evaluate(() => {
      const v = document.querySelector('.video-frame video') as HTMLVideoElement;
      v.muted = true;
      return v.play();
    });
    await page.waitForFunction(() => (document.querySelector('.video-frame video') as HTMLVideoElement).currentTime > 0.2, null, {
      timeout: 20_000,
    });
    await page.evaluate(() => (document.querySelector('.video-frame video') as HTMLVideoElement).pause());
    await page.locator('.timeline-mark', { hasText: '2' }).click();
    await expect.poll(() => page.locator('.step-compact li.step-on').innerText()).toContain("Type 'Ada'");
    await page.locator('.timeline-mark', { hasText: '3' }).click();
    await expect.poll(() => page.locator('.step-compact li.step-on').innerText()).toContain('Press Enter');
    await shot(page, 'task');
    await page.getByRole('button', { name: 'Generate with a model…' }).click();
    await page.locator('dialog.modal[open] .gen-panel').waitFor();
    await shot(page, 'task-generate');
    await page.keyboard.press('Escape');

    // Settings: the built-in test model (the test has no network for the hub model).
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel(/Built-in test model \(NOT DINOv2/).check();
    await page.getByRole('button', { name: 'Load now' }).click();
    await expect.poll(() => page.locator('.dino-status').innerText(), { timeout: 60_000 }).toMatch(/Loaded now\s+test-dinov2-tiny/);
    await shot(page, 'settings');

    // Try it: paste the candidate into the editor.
    await page.goto(page.url().replace(/#.*$/, '#/task/samples/1/try'));
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate((h) => navigator.clipboard.writeText(h), html);
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+V');
    await expect.poll(() => editor.innerText()).toContain('visitor-flow candidate');
    await page.locator('.save-state', { hasText: 'Saved' }).waitFor();
    await page.locator('.preview-status', { hasText: 'Loaded' }).waitFor();
    await shot(page, 'try');

    // Run.
    await page.getByRole('tab', { name: 'Run & score' }).click();
    await page.getByRole('button', { name: /Run & score/ }).click();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.locator('.run-shot img').waitFor({ timeout: 120_000 });
    await shot(page, 'run-live');
    const seeResults = page.getByRole('link', { name: /See the results/ });
    await seeResults.waitFor({ timeout: 300_000 });
    await shot(page, 'run-done');
    await seeResults.click();

    // Results: numbers on every card but HFS; partial labels without a judge. With no judge the
    // task's judge-free checks answer the assertions (Settings > Judge: automatic), and say so.
    const cards = page.getByRole('list', { name: 'Scores' });
    await cards.waitFor();
    const runId = decodeURIComponent(/#\/results\/([^?]+)/.exec(page.url())![1]!);
    // The run is named after the candidate (the first draft's name).
    const candidateName = /^(.+?) on tiny-tally/.exec(await page.locator('.results h2').innerText())![1]!;
    const t = await cards.innerText();
    expect(t).toMatch(/IFS \(checks\)\s+100\.00%/);
    for (const label of ['OCR', 'DINO', 'LFS']) expect(t).toMatch(new RegExp(`${label}\\s+\\d+\\.\\d\\d%`));
    expect(t).toMatch(/HFS[\s\S]*—[\s\S]*no judge ran/);
    expect(t).toMatch(/VFS \(partial\)\s+\d+\.\d\d%/);
    expect(t).toMatch(/Final \(partial\)\s+\d+\.\d\d%/);
    expect(t).toContain('test-dinov2-tiny');
    expect(t).toContain('NOT DINOv2');
    const final = /Final \(partial\)\s+(\d+\.\d\d%)/.exec(t)![1]!;
    expect(await page.locator('.step-table tbody tr').count()).toBe(4);
    expect(await page.locator('.step-table').innerText()).toContain('by the check: holds: "Count: 1" seen in view');
    await shot(page, 'results');
    await page.getByRole('tab', { name: /Checkpoints/ }).click();
    await page.locator('.compare-stage img').first().waitFor();
    await shot(page, 'results-checkpoint');

    // Export the run: the zip holds the pasted page, byte for byte, in the official layout.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export this run (.zip)' }).click(),
    ]);
    const zipPath = artifactPath('visitor-export.zip');
    await download.saveAs(zipPath);
    const zipBytes = readFileSync(zipPath);
    const files = unzipSync(new Uint8Array(zipBytes));
    const dir = `1/${candidateName.toLowerCase()}`;
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['iwr-export.json', `${dir}/index.html`, `${dir}/eval.json`, `${dir}/evalpoints/0.png`]),
    );
    expect(sha(files[`${dir}/index.html`]!)).toBe(sha(html));
    await page.locator('.export-note', { hasText: 'Saved' }).waitFor();

    // Delete it, then import the zip: the run is back under its id, on the leaderboard.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForFunction(() => location.hash === '#/leaderboard');
    await page.locator('h2', { hasText: 'Leaderboard' }).waitFor();
    await expect.poll(() => page.locator('.lb-table tr', { hasText: candidateName }).count()).toBe(0);
    await page.locator('[data-testid="import-file"]').setInputFiles(zipPath);
    await page.locator('.import-note', { hasText: '1 run imported' }).waitFor({ timeout: 60_000 });
    const row = page.locator('.lb-table tr', { hasText: candidateName });
    await row.waitFor();
    expect(await row.innerText()).toContain(final);
    expect(await row.innerText()).toContain('partial');
    await shot(page, 'leaderboard');

    // After a reload: leaderboard, run and candidate are still there.
    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true);
    await page.locator('.lb-table tr', { hasText: candidateName }).waitFor();
    await page.goto(page.url().replace(/#.*$/, `#/results/${encodeURIComponent(runId)}`));
    await page.getByRole('list', { name: 'Scores' }).waitFor();
    expect(await page.getByRole('list', { name: 'Scores' }).innerText()).toContain(final);
    await page.goto(page.url().replace(/#.*$/, '#/task/samples/1/try'));
    await expect.poll(() => page.locator('.cm-content').innerText()).toContain('visitor-flow candidate');
    await page.goto(page.url().replace(/#.*$/, '#/sources'));
    await page.locator('[data-testid="sources-panel"]').waitFor();
    await shot(page, 'sources');
    expect(errors).toEqual([]);
    await context.close();
  },
  LONG,
);

test(
  'a fresh visitor with no network: the Run panel says why there is no DINO model and runs with the test model in one click',
  async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    // The model hub is unreachable, as offline.
    await context.route(/huggingface\.co/, (route) => route.abort('internetdisconnected'));
    const { page } = await openApp(browser, { context, path: '#/task/samples/1/try' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.locator('.cm-content').waitFor();
    await page.getByLabel('Load a sample candidate').selectOption('reference');
    await expect.poll(() => page.getByLabel('Candidate', { exact: true }).locator('option:checked').innerText()).toContain('reference');
    await page.getByRole('tab', { name: 'Run & score' }).click();
    await page.getByRole('button', { name: /Run & score/ }).click();
    const panel = page.locator('.error-panel', { hasText: 'No DINO model is available' });
    await panel.waitFor({ timeout: 60_000 });
    expect(await panel.innerText()).toMatch(/could not be reached|could not be loaded/);
    expect(await panel.getByRole('link', { name: /Settings/ }).getAttribute('href')).toBe('#/settings/dino');
    await shot(page, 'run-no-dino');
    await panel.getByRole('button', { name: /Use the built-in test model/ }).click();
    await page.getByRole('link', { name: /See the results/ }).click({ timeout: 300_000 });
    const cards = page.getByRole('list', { name: 'Scores' });
    await cards.waitFor();
    expect(await cards.innerText()).toMatch(/DINO\s+\d+\.\d\d%[\s\S]*test-dinov2-tiny\s+NOT DINOv2/);
    expect(errors).toEqual([]);
    await context.close();
  },
  LONG,
);

test(
  'a run of the Run button survives a reload: the app resumes it on start with a progress banner',
  async () => {
    const { page, context } = await openApp(browser, { path: '#/settings' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.getByLabel(/Built-in test model \(NOT DINOv2/).check();
    await page.goto(page.url().replace(/#.*$/, '#/task/samples/1/try'));
    await page.locator('.cm-content').waitFor();
    await page.getByLabel('Load a sample candidate').selectOption('reference');
    await expect.poll(() => page.getByLabel('Candidate', { exact: true }).locator('option:checked').innerText()).toContain('reference');
    await page.getByRole('tab', { name: 'Run & score' }).click();
    await page.getByRole('button', { name: /Run & score/ }).click();
    // Reload once the replay is under way (its progress is stored as it goes).
    await expect
      .poll(
        async () => {
          const p = await page.evaluate(() => window.iwr.pendingRuns());
          return p.length === 1 && p[0]!.progress.steps >= 1;
        },
        { timeout: 120_000, interval: 100 },
      )
      .toBe(true);
    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true);
    const banner = page.getByTestId('resume-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/Resuming 1 unfinished evaluation[\s\S]*Task 1 · reference/);
    await shot(page, 'resume-banner');
    await banner.getByRole('link', { name: 'see the results' }).click({ timeout: 300_000 });
    await page.getByRole('list', { name: 'Scores' }).waitFor();
    expect(await page.locator('.results h2').innerText()).toContain('reference');
    expect(await page.evaluate(() => window.iwr.pendingRuns())).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  },
  LONG,
);

test(
  'Generate with a model: the frames sent are shown, the reply streams in, the page is saved and opens in Try it',
  async () => {
    const server = await startChatServer();
    try {
      server.script({
        name: 'page',
        reply: 'Here it is.\n```html\n<!doctype html><html><body><h1>Generated by the mock model</h1></body></html>\n```',
        chunkSize: 5,
      });
      const { page, context } = await openApp(browser, { path: '#/task/samples/1' });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.getByRole('button', { name: 'Generate with a model…' }).click({ timeout: 30_000 });
      const dialog = page.locator('dialog.modal[open]');
      await dialog.getByLabel(/^Endpoint \(base URL/).fill(server.baseUrl);
      await dialog.getByLabel('Model to generate with').fill('Mock/Gen-1');
      await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
      await dialog.getByText(/Saved as candidate “mock__gen-1”/).waitFor({ timeout: 120_000 });
      const frames = await dialog.locator('.gen-frames img').count();
      expect(frames).toBeGreaterThan(0);
      expect(server.requests).toHaveLength(1);
      const req = server.requests[0]!;
      expect(req.stream).toBe(true);
      // Sheets first, then exactly the frames shown.
      expect(req.images.length).toBe(frames + 1);
      await shot(page, 'task-generated');
      await dialog.getByRole('button', { name: /Open in Try it/ }).click();
      await expect.poll(() => page.locator('.cm-content').innerText(), { timeout: 30_000 }).toContain('Generated by the mock model');
      expect(await page.getByLabel('Candidate', { exact: true }).locator('option:checked').innerText()).toContain('mock__gen-1');
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.close();
    }
  },
  LONG,
);
