// The first thing a visitor sees: the built app opens on the sample gallery with every sample
// task, its navigation works, and nothing on the way logs an error.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openApp } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ serviceWorkers: true });
});
afterAll(async () => {
  await browser?.close();
});

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const sampleTasks = readFileSync('public/samples/dataset/data.jsonl', 'utf8')
  .split('\n')
  .filter((l) => l.trim()).length;

test('the built app opens on the gallery of sample tasks, with a working menu and no errors', async () => {
  const { page, context } = await openApp(browser);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  expect(await page.evaluate(() => window.iwr.version)).toBe(version);
  expect(await page.locator('h1').textContent()).toBe('IWR Studio');
  // Every sample task has a card, named by what it shows (task id, site, size, steps).
  const cards = page.getByRole('link', { name: /^Task #\d+ / });
  await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(sampleTasks);
  expect(await page.getByRole('link', { name: /^Task #1 tiny-tally\.example L2 interaction .* 640×400 3 steps/ }).count()).toBe(1);
  // The main menu reaches each screen: the link becomes the current page and the screen changes.
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('link');
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(4);
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    await link.click();
    await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
    await page
      .locator('#main .loading')
      .waitFor({ state: 'detached' })
      .catch(() => {});
    seen.add((await page.locator('#main').innerText()).slice(0, 200));
  }
  expect(seen.size).toBe(count); // every link shows a different screen
  expect(errors).toEqual([]);
  await context.close();
});
