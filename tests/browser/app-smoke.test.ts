import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openApp } from './harness.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

test('the built app loads and exposes its API', async () => {
  const { page, context } = await openApp(browser);
  expect(await page.evaluate(() => window.iwr.version)).toMatch(/^\d+\.\d+\.\d+/);
  await expect(page.locator('h1')).toBeDefined();
  expect(await page.textContent('h1')).toBe('IWR Studio');
  await context.close();
});
