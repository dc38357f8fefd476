// --capture cdp grabs real pixels with the caret hidden: a focused field's caret blinks, so a
// grab that draws it gives different pixels from one moment to the next, and OCR reads the caret
// as a character (CI 8: a checkpoint at OCR 0.929 one run, 1.000 the next). The grabber is the
// CLI's own binding (ensureGrabber); the control takes the same grabs with the caret drawn, to
// show the caret does blink in this browser, so the test can fail.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createHash } from 'node:crypto';
import { CDP_SCREENSHOT, ensureGrabber } from '../../src/cli/evaluate.ts';
import { launchBrowser } from './harness.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 320, height: 120 } });
  await page.setContent('<input id="f" style="font: 30px sans-serif" value="Ada">');
  await page.focus('#f');
  await ensureGrabber(page);
});
afterAll(async () => {
  await browser?.close();
});

const RECT = { x: 0, y: 0, width: 320, height: 120 };
const sha = (png: Buffer) => createHash('sha256').update(png).digest('hex');

/** Distinct pictures among 10 grabs spread over 1.7 s (Chromium's caret blinks every ~0.5 s). */
async function distinct(grab: () => Promise<Buffer>): Promise<number> {
  const seen = new Set<string>();
  for (let i = 0; i < 10; i++) {
    seen.add(sha(await grab()));
    await page.waitForTimeout(170);
  }
  return seen.size;
}

test('a focused field gives the same pixels at every moment; with the caret drawn it would not', async () => {
  const grab = () =>
    page.evaluate((rect) => (window as unknown as { iwrCdpGrab: (r: typeof rect) => Promise<string> }).iwrCdpGrab(rect), RECT);
  expect(await distinct(async () => Buffer.from(await grab(), 'base64'))).toBe(1);
  expect(await distinct(() => page.screenshot({ clip: RECT, ...CDP_SCREENSHOT, caret: 'initial' }))).toBeGreaterThan(1);
  // Still focused: the grabs did not blur the field (the caret was hidden, not removed).
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('f');
});
