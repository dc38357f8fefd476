// Phones: the app at 390x844 and 412x915 in real Chromium. No screen scrolls sideways, targets
// are at least 24 px, the collapsed navigation reaches every screen, and a visitor opens sample
// task 1, runs it with the built-in test DINO model and reads the results; axe finds nothing
// serious on the way; the menu closes on Escape and on a press outside it. 360x640, the narrowest width supported, is checked for fit only. At 390x844
// each screen is saved to test-artifacts/screens/phone-*.png for a visual check.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { artifactPath, launchBrowser, openApp, solidPngs } from './harness.ts';
import { axeProblems } from './axe.ts';

const LONG = 600_000;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(artifactPath('screens'), { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** How far the page scrolls sideways (0 when it fits). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Controls shown smaller than 24x24 px (WCAG 2.5.8). A checkbox, radio or slider counts by its
 * label when it has one (the label is what a finger hits); links inside running text are exempt
 * by the rule's inline exception, so only links styled as buttons are measured.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, [role="tab"], select, input, textarea, a.btn, summary')) {
      let r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
      if (el instanceof HTMLInputElement && ['checkbox', 'radio', 'range'].includes(el.type))
        r = el.closest('label')?.getBoundingClientRect() ?? r;
      if (r.width < 24 || r.height < 24)
        out.push(
          `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent || el.getAttribute('aria-label') || '').slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`,
        );
    }
    return out;
  });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 412, height: 915 },
]) {
  describe(`at ${viewport.width}x${viewport.height}`, () => {
    const shot = async (page: Page, name: string) => {
      if (viewport.width === 390) await page.screenshot({ path: artifactPath(`screens/phone-${name}.png`) });
    };
    /** Per screen: how far it scrolls sideways and its serious accessibility problems, if any. */
    const found: Record<string, unknown> = {};
    const check = async (page: Page, name: string) => {
      await page
        .locator('#main .loading')
        .waitFor({ state: 'detached' })
        .catch(() => {});
      const over = await sideways(page);
      if (over > 0) found[`${name} scrolls sideways by`] = over;
      const small = await smallTargets(page);
      if (small.length) found[`${name} targets under 24 px`] = small;
      const axe = await axeProblems(page);
      if (axe.length) found[`${name} axe`] = axe;
      await shot(page, name);
    };

    test(
      'the menu reaches every screen; a task opens, runs with the test model and its results read; nothing scrolls sideways',
      async () => {
        const { page, context } = await openApp(browser, { viewport, path: '#/tasks' });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));

        // Gallery: one column of cards.
        const cards = page.locator('a.task-card');
        await cards.first().locator('.thumb img').waitFor();
        const lefts = new Set(await cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left))));
        expect(lefts.size).toBe(1);
        await check(page, 'gallery');

        // The navigation is one button that opens the menu; each link shows its screen and closes it.
        const menu = page.getByRole('button', { name: 'Menu' });
        // Hidden while the menu is closed, so found with includeHidden to read aria-current.
        const navLink = (name: string) => page.locator('#main-nav').getByRole('link', { name, exact: true, includeHidden: true });
        for (const name of ['Leaderboard', 'Judge', 'Sources', 'Record', 'Settings', 'Tasks']) {
          expect(await menu.getAttribute('aria-expanded')).toBe('false');
          const link = navLink(name);
          expect(await link.isVisible()).toBe(false);
          await menu.click();
          expect(await menu.getAttribute('aria-expanded')).toBe('true');
          expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').count()).toBe(6);
          if (name === 'Leaderboard') {
            await check(page, 'menu');
            // Escape closes it and gives focus back to the button.
            await link.focus();
            await page.keyboard.press('Escape');
            expect(await menu.getAttribute('aria-expanded')).toBe('false');
            expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
            // Escape closes it from anywhere, not only from inside the header.
            await menu.click();
            await page.locator('#main').focus();
            await page.keyboard.press('Escape');
            expect(await menu.getAttribute('aria-expanded')).toBe('false');
            expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
            // A press outside it (the header's empty middle, nothing there to click) closes it too.
            await menu.click();
            const header = (await page.locator('.app-header').boundingBox())!;
            const at = { x: viewport.width / 2, y: header.y + header.height / 2 };
            expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.className, at)).toBe('app-header');
            await page.mouse.click(at.x, at.y);
            expect(await menu.getAttribute('aria-expanded')).toBe('false');
            expect(await link.isVisible()).toBe(false);
            await menu.click();
          }
          await link.click();
          await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
          expect(await menu.getAttribute('aria-expanded')).toBe('false');
          await check(page, name.toLowerCase());
          if (name === 'Settings') await page.getByLabel(/Built-in test model \(NOT DINOv2/).check();
        }

        // Task page: step markers are 44 px targets.
        await cards.filter({ hasText: 'tiny-tally.example' }).click();
        await page.locator('h2', { hasText: 'tiny-tally.example' }).waitFor();
        await page.waitForFunction(() => ((document.querySelector('.video-frame video') as HTMLVideoElement | null)?.duration ?? 0) > 0);
        const marks = await page
          .locator('.timeline-mark')
          .evaluateAll((els) => els.map((e) => [e.getBoundingClientRect().width, e.getBoundingClientRect().height]));
        expect(marks).toHaveLength(3);
        for (const [w, h] of marks) expect(Math.min(w!, h!)).toBeGreaterThanOrEqual(44);
        await check(page, 'task');

        // Try it: editor, preview and run are tabs; the preview frame is scaled to the width.
        await page
          .getByRole('link', { name: /Try it/ })
          .first()
          .click();
        const editor = page.locator('.cm-content');
        await editor.waitFor();
        await check(page, 'try');
        await page.getByLabel('Load a sample candidate').selectOption('reference');
        await expect.poll(() => page.getByLabel('Candidate', { exact: true }).locator('option:checked').innerText()).toContain('reference');
        await page.getByRole('tab', { name: 'Live preview' }).click();
        expect(await editor.isVisible()).toBe(false);
        await page.locator('.preview-status', { hasText: 'Loaded' }).waitFor();
        const stage = await page.locator('.preview-stage').boundingBox();
        expect(stage!.x).toBeGreaterThanOrEqual(0);
        expect(stage!.x + stage!.width).toBeLessThanOrEqual(viewport.width);
        expect(stage!.width / stage!.height).toBeCloseTo(640 / 400, 1);
        await check(page, 'try-preview');
        await page.getByRole('tab', { name: 'Step through' }).click();
        await page.getByRole('button', { name: 'Start: load the page' }).click();
        await page.getByRole('button', { name: /Run step 1 of 3/ }).click();
        await page.locator('.rec-ok, .rec-failed').nth(1).waitFor({ timeout: 60_000 });
        await check(page, 'try-step-through');
        await page.getByRole('button', { name: 'Stop' }).click();

        // Run: when it finishes, focus moves to the results link and the result is announced.
        await page.getByRole('tab', { name: 'Run & score' }).click();
        await page.getByRole('button', { name: /Run & score/ }).click();
        await page.getByRole('button', { name: 'Cancel' }).waitFor();
        await page.locator('.run-shot img').waitFor({ timeout: 120_000 });
        await check(page, 'run-live');
        const seeResults = page.getByRole('link', { name: /See the results/ });
        await seeResults.waitFor({ timeout: 300_000 });
        await expect.poll(() => seeResults.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await page.locator('[aria-live] >> text=/Run finished/').count()).toBeGreaterThan(0);
        await check(page, 'run-done');
        await seeResults.click();

        // Results: the scores read, and the checkpoint comparison fits the width.
        const scores = page.getByRole('list', { name: 'Scores' });
        await scores.waitFor();
        expect(await scores.innerText()).toMatch(/Final \(partial\)\s+\d+\.\d\d%/);
        expect(await scores.innerText()).toMatch(/IFS \(checks\)\s+100\.00%/);
        await check(page, 'results');
        await page.getByRole('tab', { name: /Checkpoints/ }).click();
        await page.locator('.compare-stage img').first().waitFor();
        const cmp = await page.locator('.compare-stage').boundingBox();
        expect(cmp!.x + cmp!.width).toBeLessThanOrEqual(viewport.width);
        await check(page, 'results-checkpoint');
        await page.getByRole('tab', { name: /Console/ }).click();
        await check(page, 'results-console');

        // Leaderboard with the run: the wide table scrolls inside its card, not the page.
        await page.getByRole('button', { name: 'Menu' }).click();
        await navLink('Leaderboard').click();
        await page.locator('.lb-table tr', { hasText: 'reference' }).first().waitFor();
        const table = page.locator('.lb-table');
        expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        await check(page, 'leaderboard-run');

        // The judge queue with a question waiting: the two pictures stack.
        const pictures = await solidPngs(page, ['#3366cc', '#cc6633'], { width: 640, height: 400 });
        await page.evaluate(async ([a, b]) => {
          await window.iwr.configureJudge({ kind: 'human' });
          void window.iwr.judgeVisual(a!, b!);
        }, pictures);
        await page.getByRole('button', { name: 'Menu' }).click();
        await navLink('Judge').click();
        await page.locator('.judge-pair img').nth(1).waitFor();
        await check(page, 'judge-question');
        expect(found).toEqual({});
        expect(errors).toEqual([]);
        await context.close();
      },
      LONG,
    );
  });
}

test('at 360x640, the narrowest phone width supported, every screen fits; the Try page goes back to two panels when widened', async () => {
  const { page, context } = await openApp(browser, { viewport: { width: 360, height: 640 }, path: '#/tasks' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const found: Record<string, unknown> = {};
  for (const hash of [
    '#/tasks',
    '#/task/samples/1',
    '#/task/samples/1/try',
    '#/leaderboard',
    '#/judge',
    '#/settings',
    '#/sources',
    '#/record',
  ]) {
    await page.goto(page.url().replace(/#.*$/, hash));
    await page
      .locator('#main .loading')
      .waitFor({ state: 'detached' })
      .catch(() => {});
    await page.locator('#main h2').first().waitFor({ state: 'attached' });
    const over = await sideways(page);
    if (over > 0) found[`${hash} scrolls sideways by`] = over;
    const small = await smallTargets(page);
    if (small.length) found[`${hash} targets under 24 px`] = small;
  }
  expect(found).toEqual({});

  // Try it, narrow: one panel at a time. Widened: the editor beside the preview, as on a desktop.
  await page.goto(page.url().replace(/#.*$/, '#/task/samples/1/try'));
  await page.locator('.cm-content').waitFor();
  expect(await page.locator('.preview-stage').count()).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.locator('.preview-status', { hasText: 'Loaded' }).waitFor();
  expect(await page.locator('.cm-content').isVisible()).toBe(true);
  expect(await page.getByRole('tab', { name: 'Editor' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
  expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').count()).toBe(6);
  expect(errors).toEqual([]);
  await context.close();
});
