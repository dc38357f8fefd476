// The app's screens in real Chromium at 1280x720: gallery (filter, keyboard), task page
// (video timeline, steps, assets), Try it (editor, live preview, persistence, step through),
// settings (persisted), results and leaderboard (from a run the pipeline made), judge and sources.
// Each main screen is saved to test-artifacts/screens/<name>.png for a visual check.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { appUrl, artifactPath, launchBrowser, openApp, solidPngs } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(artifactPath('screens'), { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath(`screens/${name}.png`) });

/** Fails the test on any uncaught page error (a crashed screen). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('gallery and task page', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, context } = await openApp(browser, { path: '#/tasks' }));
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  test('lists the sample tasks with their labels, filters and searches', async () => {
    const card = page.locator('a.task-card', { hasText: 'tiny-tally.example' });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('#1');
    expect(text).toContain('640×400');
    expect(text).toContain('3 steps');
    expect(text).toContain('L2 interaction');
    const total = await page.locator('a.task-card').count();
    expect(total).toBeGreaterThan(1);
    // Checkpoint 0 becomes the card's picture.
    await card.locator('.thumb img').waitFor();
    await shot(page, 'gallery');

    await page.getByRole('searchbox', { name: 'Search' }).fill('tally');
    await expect.poll(() => page.locator('a.task-card').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => page.locator('a.task-card').count()).toBe(total);
    await page.locator('.filters').getByLabel('Interaction').selectOption('L2');
    const l2 = await page.locator('a.task-card').allInnerTexts();
    expect(l2.length).toBeGreaterThan(0);
    for (const t of l2) expect(t).toContain('L2 interaction');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
  });

  test('moves between cards with the arrow keys and opens one with Enter', async () => {
    const cards = page.locator('a.task-card');
    await cards.first().focus();
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(focused).toBe(await cards.nth(1).getAttribute('href'));
    await page.keyboard.press('ArrowLeft');
    const first = await cards.first().getAttribute('href');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(first);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash.startsWith('#/task/'));
    expect(await page.evaluate(() => location.hash)).toBe(first);
  });

  test('task page: video with one marker per step, steps, assets and sheets', async () => {
    await page.goto(page.url().replace(/#.*$/, '#/task/samples/1'));
    await page.locator('h2', { hasText: 'tiny-tally.example' }).waitFor();
    const video = page.locator('.video-frame video');
    await video.waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector('.video-frame video') as HTMLVideoElement | null;
      return !!v && v.duration > 0;
    });
    expect(await page.locator('.timeline-mark').count()).toBe(3);
    expect(await page.locator('.timeline-legend').innerText()).toContain('spread evenly');
    // Clicking step 3 seeks past the middle of the recording; the step list follows.
    await page.locator('.timeline-mark', { hasText: '3' }).click();
    await page.waitForFunction(() => {
      const v = document.querySelector('.video-frame video') as HTMLVideoElement;
      return v.currentTime > v.duration / 2;
    });
    await expect.poll(() => page.locator('.step-compact li.step-on').innerText()).toContain('Press Enter');

    const full = page.locator('.step-full');
    expect(await full.innerText()).toContain("Type 'Ada' into the name field");
    expect(await full.innerText()).toContain("The counter should read 'Count: 1'");
    await full.locator('.step-cp img').first().waitFor();
    await shot(page, 'task');

    await page.getByRole('tab', { name: /Assets/ }).click();
    const asset = page.locator('button.asset').first();
    await asset.waitFor();
    await expect.poll(() => asset.locator('.asset-size').innerText()).toMatch(/\d+(\.\d)? (B|KB|MB)/);
    await asset.click();
    await page.locator('dialog.modal[open] img').waitFor();
    await shot(page, 'task-asset');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /Stitched sheets/ }).click();
    await page.locator('.sheet img').first().waitFor();
    await page.getByRole('tab', { name: /Reference checkpoints/ }).click();
    expect(await page.locator('.cp').count()).toBe(3);
    expect(errors).toEqual([]);
  });
});

describe('Try it', () => {
  test('edits, previews live, keeps the draft across a reload, loads a sample candidate, steps through', async () => {
    const { page, context } = await openApp(browser, { path: '#/task/samples/1/try' });
    const errors = watchErrors(page);
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    // The live preview is a sandboxed iframe at the task resolution, scaled to fit.
    const frame = page.locator('.preview-stage iframe[sandbox="allow-scripts allow-forms"]');
    await frame.waitFor();
    expect(await frame.getAttribute('width')).toBe('640');
    await page.locator('.preview-status', { hasText: 'Loaded' }).waitFor();

    // Replace the document and check that the preview reloads with it.
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(
      '<!doctype html><html><body><h1 id="t">Hello from the test</h1><button class="btn">Add one</button></body></html>',
    );
    await page.locator('.save-state', { hasText: 'Saved' }).waitFor();
    await page.waitForFunction(() => {
      const f = document.querySelectorAll('.preview-stage iframe');
      return f.length === 1;
    });
    await page.locator('.preview-status', { hasText: 'Loaded' }).waitFor();
    await shot(page, 'try');

    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true);
    await page.locator('.cm-content').waitFor();
    await expect.poll(() => page.locator('.cm-content').innerText()).toContain('Hello from the test');

    // A sample candidate becomes a new candidate named after its model.
    await page.getByLabel('Load a sample candidate').selectOption('reference');
    await expect.poll(() => page.getByLabel('Candidate', { exact: true }).locator('option:checked').innerText()).toContain('reference');
    await expect.poll(() => page.getByLabel('Candidate', { exact: true }).locator('option').count()).toBe(2);

    // Step through: load, then step 1 shows the picked element with its confidence.
    await page.getByRole('tab', { name: 'Step through' }).click();
    await page.getByRole('button', { name: 'Start: load the page' }).click();
    await page.locator('.rec', { hasText: 'Load' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /Run step 1 of 3/ }).click();
    const rec1 = page.locator('.rec-ok, .rec-failed').nth(1);
    await rec1.waitFor({ timeout: 60_000 });
    const text = await rec1.innerText();
    expect(text).toContain('Picked');
    expect(text).toMatch(/confidence \d\.\d\d/);
    expect(text.toLowerCase()).toContain('add one');
    await shot(page, 'try-step-through');
    await page.getByRole('button', { name: 'Stop' }).click();

    await page.getByRole('tab', { name: 'Run & score' }).click();
    await page.getByRole('button', { name: /Run & score/ }).waitFor();
    await shot(page, 'try-run');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('settings', () => {
  test('persist across a reload; the storage table lists the stores', async () => {
    const { page, context } = await openApp(browser, { path: '#/settings' });
    await page.getByLabel(/Model \(OpenAI-compatible API\)/).check();
    await page.getByLabel('Endpoint (base URL)').fill('http://127.0.0.1:9/v1');
    await page.getByLabel('Model', { exact: true }).fill('judge-model-x');
    await page.getByRole('textbox', { name: /API key/ }).fill('sk-test-123456');
    await page.getByLabel(/^Improved/).check();
    await page.getByLabel(/Honour the scroll direction/).check();
    // DINO: the built-in test model, in the float16 option (a choice of its own: picking the
    // model first and the precision second, or the other way round, keeps both).
    await page.getByLabel(/float16, emulated/).check();
    await page.locator('#settings-dino input[value="test"]').check();
    await page.locator('#settings-storage table').waitFor();
    const storage = await page.locator('#settings-storage').innerText();
    for (const store of ['Candidates', 'Runs', 'Resolver answers']) expect(storage).toContain(store);
    await shot(page, 'settings');
    await page.waitForTimeout(600); // saves are debounced (300 ms); this waits for the write, it asserts nothing about speed
    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true);
    await expect.poll(() => page.getByLabel('Model', { exact: true }).inputValue()).toBe('judge-model-x');
    expect(await page.getByLabel('Endpoint (base URL)').inputValue()).toBe('http://127.0.0.1:9/v1');
    expect(await page.getByRole('textbox', { name: /API key/ }).getAttribute('type')).toBe('password');
    expect(await page.getByLabel(/Honour the scroll direction/).isChecked()).toBe(true);
    expect(await page.getByLabel(/float16, emulated/).isChecked()).toBe(true);
    // The DINO engine reads them: the configured model, loaded in float16.
    const dino = await page.evaluate(() => window.iwr.dinoEnsureModel());
    expect(dino.model.modelId).toBe('test-dinov2-tiny');
    expect(dino.model.precision).toBe('float16');
    expect(dino.session?.precision).toBe('float16');
    // The judge engine reads the same settings.
    const cfg = await page.evaluate(() => window.iwr.judgeConfig());
    expect(cfg.model).toBe('judge-model-x');
    expect(cfg.hasKey).toBe(true);
    expect(JSON.stringify(cfg)).not.toContain('sk-test-123456');
    await context.close();
  });

  test('a change made just before the settings are read again (the judge screen reads them when it opens) is kept', async () => {
    // The judge screen first, so its code is loaded and it opens at once the second time.
    const { page, context } = await openApp(browser, { path: '#/judge' });
    await page.locator('h2', { hasText: 'Human judge' }).waitFor();
    await page.evaluate(() => (location.hash = '#/settings'));
    const improved = page.getByLabel(/^Improved/);
    expect(await improved.isChecked()).toBe(false);
    // Within the save's 300 ms debounce, so storage still holds the old value when the judge screen reads it.
    await improved.check();
    await page.evaluate(() => (location.hash = '#/judge'));
    await page.locator('h2', { hasText: 'Human judge' }).waitFor();
    await page.waitForTimeout(600); // the judge screen's read and the debounced write are both done; nothing is timed
    await page.evaluate(() => (location.hash = '#/settings'));
    expect(await improved.isChecked()).toBe(true);
    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true);
    await expect.poll(() => improved.isChecked()).toBe(true);
    await context.close();
  });
});

describe('results and leaderboard', () => {
  test('show a run the pipeline stored: cards as computed, partial without a judge, steps, checkpoint comparison, log, grouping by model', async () => {
    const { page, context } = await openApp(browser, { path: '#/tasks' });
    const errors = watchErrors(page);
    // The sample reference of task 1, plus a request the network policy blocks and a console
    // error, so the log tab has something to show. Test DINO model, no judge.
    const reference = await (await fetch(`${appUrl()}samples/results/1/reference/index.html`)).text();
    const html = reference.replace(
      '</body>',
      '<script src="https://cdn.example/x.js"></script><script>console.error("boom at line 3")</script></body>',
    );
    await page.evaluate((url) => window.iwr.useDinoModel(url), `${appUrl()}models/test-dinov2-tiny.onnx`);
    const out = await page.evaluate(
      (h) =>
        window.iwr.evaluate({ sourceId: 'samples', taskId: '1', html: h, model: 'ui-test-model', options: { judge: 'none' }, save: true }),
      html,
    );
    const runId = out.runId!;
    expect(runId).toBeTruthy();

    await page.goto(page.url().replace(/#.*$/, `#/results/${runId}`));
    const cards = page.getByRole('list', { name: 'Scores' });
    await cards.waitFor();
    const t = await cards.innerText();
    // The cards show what the pipeline computed, to the report's two decimals.
    const s = out.scores as unknown as Record<string, number | null>;
    for (const c of ['IFS', 'ocr_score', 'dino_score', 'LFS', 'Final']) expect(t, c).toContain(`${((s[c] as number) * 100).toFixed(2)}%`);
    expect(s.HFS).toBeNull();
    expect(t).toMatch(/HFS[\s\S]*—[\s\S]*no judge ran/);
    expect(t).toMatch(/VFS \(partial\)/);
    expect(t).toMatch(/Final \(partial\)/);
    // The DINO card names the model, and says the test model is not DINOv2.
    expect(t).toContain('test-dinov2-tiny');
    expect(t).toContain('NOT DINOv2');
    const steps = await page.locator('.step-table').innerText();
    expect(steps).toContain('/html[1]/body[1]');
    expect(steps.toLowerCase()).toContain('add one');
    await shot(page, 'results');

    await page.getByRole('tab', { name: /Checkpoints/ }).click();
    await page.locator('.compare-stage img').first().waitFor();
    await page.getByText('Difference', { exact: true }).click();
    await expect
      .poll(() => page.locator('.compare-shot figcaption').innerText(), { timeout: 20_000 })
      .toMatch(/^\d+\.\d% of pixels differ/);
    expect(await page.locator('.ocr-diff').innerText()).toMatch(/tally/i);
    await page.locator('.cp-item').nth(1).click();
    await expect
      .poll(() => page.locator('.compare-shot figcaption').innerText(), { timeout: 20_000 })
      .toMatch(/^\d+\.\d% of pixels differ/);
    await shot(page, 'results-checkpoint');
    await page.getByRole('tab', { name: /Console/ }).click();
    const log = await page.locator('.log-table').innerText();
    expect(log).toContain('https://cdn.example/x.js');
    expect(log).toContain('boom at line 3');

    await page.goto(page.url().replace(/#.*$/, '#/leaderboard'));
    const row = page.locator('.lb-table tr', { hasText: 'ui-test-model' });
    await row.waitFor();
    expect(await row.innerText()).toContain(`${((s.Final as number) * 100).toFixed(2)}%`);
    expect(await row.innerText()).toContain('partial');
    expect(await page.locator('tr.row-ref', { hasText: 'GPT-5' }).innerText()).toContain('36.35%');
    await page.locator('.level-chart canvas').waitFor();
    await row.getByRole('button', { name: /ui-test-model/ }).click();
    expect(await page.locator('tr.lb-sub', { hasText: 'Level L2' }).count()).toBe(1);
    await shot(page, 'leaderboard');
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});

describe('human judge screen', () => {
  test('answers an assertion with Y and a rubric with number keys and Enter; the judge then reuses the answers', async () => {
    const { page, context } = await openApp(browser, { path: '#/tasks' });
    const errors = watchErrors(page);
    const pictures = await solidPngs(page, ['#3366cc', '#cc6633'], { width: 320, height: 200 });
    const urls = await page.evaluate(async ([a, b]) => {
      await window.iwr.configureJudge({ kind: 'human' });
      const v1 = await window.iwr.judgeAssertion(a!, b!, 'The panel should turn orange');
      const v2 = await window.iwr.judgeVisual(a!, b!);
      return { a: a!, b: b!, statuses: [v1.status, v2.status] };
    }, pictures);
    expect(urls.statuses).toEqual(['pending', 'pending']);
    await page.goto(page.url().replace(/#.*$/, '#/judge'));
    await page.getByText('Question 1 of 2 waiting').waitFor();
    await shot(page, 'judge-question');
    for (let i = 0; i < 2; i++) {
      const q = page.locator('.judge-card');
      await q.waitFor();
      if ((await q.getAttribute('aria-label')) === 'Assertion question') {
        expect(await q.innerText()).toContain('The panel should turn orange');
        await page.keyboard.press('y');
      } else {
        await page.locator('.judge-pair img').nth(1).waitFor();
        await shot(page, 'judge-rubric');
        // Layout 8/10, Elements 12/15 (8 tenths), Content 36/40, Style 9/15 (6 tenths), Overall 14/20.
        for (const k of ['8', '8', '9', '6', '7']) await page.keyboard.press(k);
        await expect.poll(() => page.locator('.rubric-total').innerText()).toBe('79 / 100');
        await page.keyboard.press('Enter');
      }
      await page.waitForFunction(
        (n) => !document.querySelector('.judge-nav') || document.querySelector('.judge-nav')?.textContent?.includes(`of ${n} waiting`),
        1 - i,
      );
    }
    await page.getByText('Nothing to judge').waitFor();
    const again = await page.evaluate(
      async ({ a, b }) => [await window.iwr.judgeAssertion(a, b, 'The panel should turn orange'), await window.iwr.judgeVisual(a, b)],
      urls,
    );
    expect((again[0] as { result: string }).result).toBe('Yes');
    expect((again[1] as { score: number }).score).toBeCloseTo(0.79, 6);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('judge and sources screens', () => {
  test('render and say what to do', async () => {
    const { page, context } = await openApp(browser, { path: '#/judge' });
    await page.locator('h2', { hasText: 'Human judge' }).waitFor();
    await page
      .getByText(/Nothing to judge|Question \d+ of/)
      .first()
      .waitFor();
    await shot(page, 'judge');
    await page.getByRole('link', { name: 'Sources' }).click();
    await page.locator('[data-testid="sources-panel"]').waitFor();
    await shot(page, 'sources');
    expect(await page.locator('nav a[aria-current="page"]').innerText()).toBe('Sources');
    await context.close();
  });
});
