// Accessibility by test: axe-core over every main screen of the app at 1280x720, and over the
// states worth checking (a run in progress, a finished run, results with each tab, the
// leaderboard with a run, the judge queue with an assertion and a rubric waiting). Fails on any
// serious or critical violation. The first test shows the check can fail.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeProblems } from './axe.ts';
import { launchBrowser, openApp, solidPngs } from './harness.ts';

const LONG = 600_000;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const go = async (page: Page, hash: string) => {
  await page.goto(page.url().replace(/#.*$/, hash));
  await page
    .locator('#main .loading')
    .waitFor({ state: 'detached' })
    .catch(() => {});
};

test('the check catches what the issue found: a label without its visible text, and the old faint colour', async () => {
  const page = await browser.newPage();
  await page.setContent(
    '<html lang="en"><head><title>axe self-check</title></head><body style="background:#0f1115"><main><h1>x</h1>' +
      '<a href="#a" aria-label="Task 1, 640 by 400">#1 tiny-tally.example</a>' +
      '<p style="color:#6d7686">faint text</p></main></body></html>',
  );
  const ids = (await axeProblems(page)).map((p) => p.id).sort();
  expect(ids).toEqual(['color-contrast', 'label-content-name-mismatch']);
  await page.close();
});

test(
  'no serious or critical violation on any main screen, nor while a run goes, once it is done, or with the judge waiting',
  async () => {
    const { page, context } = await openApp(browser, { path: '#/tasks' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const found: Record<string, unknown> = {};
    const check = async (name: string) => {
      const p = await axeProblems(page);
      if (p.length) found[name] = p;
    };

    await page.locator('a.task-card .thumb img').first().waitFor();
    await check('gallery');

    await go(page, '#/task/samples/1');
    await page.locator('.step-full .step-cp img').first().waitFor();
    await check('task');
    await page.getByRole('tab', { name: /Assets/ }).click();
    await page.locator('button.asset').first().waitFor();
    await check('task assets');
    await page.getByRole('tab', { name: /Reference checkpoints/ }).click();
    await check('task checkpoints');
    await page.getByRole('button', { name: 'Generate with a model…' }).click();
    await page.locator('dialog.modal[open] .gen-panel').waitFor();
    await check('task, generate dialog');
    await page.keyboard.press('Escape');

    await go(page, '#/settings');
    await page.locator('#settings-storage table').waitFor();
    await check('settings');
    await page.getByLabel(/Built-in test model \(NOT DINOv2/).check();

    await go(page, '#/sources');
    await page.locator('[data-testid="sources-panel"]').waitFor();
    await check('sources');

    await go(page, '#/record');
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    await check('record, setup');

    await go(page, '#/judge');
    await page.getByText('Nothing to judge').waitFor();
    await check('judge, empty');

    await go(page, '#/leaderboard');
    await page.locator('.lb-table').waitFor();
    await check('leaderboard');

    await go(page, '#/task/samples/1/try');
    await page.locator('.cm-content').waitFor();
    await page.locator('.preview-status', { hasText: 'Loaded' }).waitFor();
    await check('try, editor and preview');
    await page.getByLabel('Load a sample candidate').selectOption('reference');
    await expect.poll(() => page.getByLabel('Candidate', { exact: true }).locator('option:checked').innerText()).toContain('reference');
    await page.getByRole('tab', { name: 'Run & score' }).click();
    const run = page.getByRole('button', { name: /Run & score/ });
    await run.click();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.locator('.run-steps li').first().waitFor({ timeout: 120_000 });
    await check('run in progress');
    const seeResults = page.getByRole('link', { name: /See the results/ });
    await seeResults.waitFor({ timeout: 300_000 });
    // The button that started the run is gone: focus is on the results link, and the end is announced.
    await expect.poll(() => seeResults.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.locator('[role="status"]', { hasText: /Run finished/ }).count()).toBe(1);
    await check('run done');

    await seeResults.click();
    await page.getByRole('list', { name: 'Scores' }).waitFor();
    await check('results');
    await page.getByRole('tab', { name: /Checkpoints/ }).click();
    await page.locator('.compare-stage img').first().waitFor();
    await check('results, checkpoints');
    await page.getByText('Side by side', { exact: true }).click();
    await check('results, side by side');
    await page.getByRole('tab', { name: /Console/ }).click();
    await check('results, console');

    await go(page, '#/leaderboard');
    await page.locator('.lb-table tr', { hasText: 'reference' }).first().waitFor();
    await check('leaderboard with a run');

    // The judge queue with one assertion and one rubric waiting.
    const pictures = await solidPngs(page, ['#3366cc', '#cc6633'], { width: 320, height: 200 });
    await page.evaluate(async ([a, b]) => {
      await window.iwr.configureJudge({ kind: 'human' });
      void window.iwr.judgeAssertion(a!, b!, 'The panel should turn orange');
      void window.iwr.judgeVisual(a!, b!);
    }, pictures);
    await go(page, '#/judge');
    await page.getByText(/Question 1 of 2 waiting/).waitFor();
    await page.locator('.judge-pair img').nth(1).waitFor();
    await check('judge, first question');
    // Answer it (Y for an assertion, number keys and Enter for a rubric) to see the other kind.
    if ((await page.locator('.judge-card').getAttribute('aria-label')) === 'Assertion question') await page.keyboard.press('y');
    else for (const k of ['8', '8', '9', '6', '7', 'Enter']) await page.keyboard.press(k);
    await page.getByText(/Question 1 of 1 waiting/).waitFor();
    await check('judge, second question');

    expect(found).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  },
  LONG,
);
