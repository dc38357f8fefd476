// Real tesseract.js in the app's OCR worker pool, in real Chromium: a rendered page is
// screenshotted and read back; reference OCR is cached in IndexedDB and never repeated.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WORDS = ['booking', 'confirmed', 'tuesday', 'harbour', 'lighthouse', 'seventeen', 'orange', 'umbrella', 'checkout', 'newsletter'];

async function screenshotOf(html: string, size = { width: 1280, height: 720 }): Promise<string> {
  const page = await browser.newPage({ viewport: size });
  await page.setContent(html);
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png.toString('base64');
}

const pageHtml = (words: string[]) => `<!doctype html><body style="margin:40px;font:32px/1.5 sans-serif;color:#111;background:#fff">
  <h1 style="font-size:48px">${words.slice(0, 2).join(' ')}</h1>
  <p>${words.slice(2, 6).join(' ')}</p>
  <button style="font-size:28px;padding:10px 20px">${words[6]}</button>
  <p>${words.slice(7).join(' ')}</p></body>`;

async function ocr(page: Page, b64: string): Promise<{ text: string; engine: string }> {
  return page.evaluate((img) => window.iwr.ocr(img), b64);
}

test('OCR of a rendered page finds its words, joined with spaces and lower-cased', async () => {
  const { page, context } = await openApp(browser);
  const shot = await screenshotOf(pageHtml(WORDS.map((w, i) => (i % 2 ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)))));
  const { text, engine } = await ocr(page, shot);
  console.log(`OCR (${engine}): "${text}"`);
  expect(text).toBe(text.toLowerCase());
  expect(text).not.toMatch(/\n|\s{2,}|^\s|\s$/);
  const found = WORDS.filter((w) => text.split(' ').includes(w));
  expect(found, `words found: ${found.join(', ')}`).toHaveLength(WORDS.length);
  // The same image read twice scores 1; a page with other words scores clearly lower.
  const again = await ocr(page, shot);
  expect(await page.evaluate(([a, b]) => window.iwr.ocrSimilarity(a!, b!), [text, again.text])).toBe(1);
  const other = await ocr(
    page,
    await screenshotOf(
      pageHtml(['invoice', 'overdue', 'monday', 'garden', 'kitchen', 'twelve', 'purple', 'bicycle', 'subscribe', 'footer']),
    ),
  );
  const sim = await page.evaluate(([a, b]) => window.iwr.ocrSimilarity(a!, b!), [text, other.text]);
  expect(sim).toBeLessThan(0.6);
  expect(sim).toBeGreaterThanOrEqual(0);
  await context.close();
});

test('several images at once go through the pool and come back in order', async () => {
  const { page, context } = await openApp(browser);
  const shots = await Promise.all(
    [
      ['alpha', 'river'],
      ['bravo', 'mountain'],
      ['charlie', 'forest'],
    ].map((w) => screenshotOf(pageHtml([...w, ...WORDS.slice(2)]))),
  );
  const texts = await page.evaluate((imgs) => Promise.all(imgs.map((i) => window.iwr.ocr(i).then((r) => r.text))), shots);
  expect(texts[0]).toContain('alpha river');
  expect(texts[1]).toContain('bravo mountain');
  expect(texts[2]).toContain('charlie forest');
  await context.close();
});

test('a reference checkpoint is OCRed once per task and engine, even across page loads', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const shot = await screenshotOf(pageHtml(WORDS));
  const first = (await openApp(browser, { context })).page;
  const [a, b] = await first.evaluate(async (img) => {
    // Two concurrent requests for the same reference share one OCR run.
    const r = await Promise.all([window.iwr.referenceOcr('task-7', 0, img), window.iwr.referenceOcr('task-7', 0, img)]);
    return r;
  }, shot);
  expect(a!.text).toBe(b!.text);
  expect(await first.evaluate(() => window.iwr.engineStats().ocrCalls)).toBe(1);
  await first.evaluate((img) => window.iwr.referenceOcr('task-7', 0, img), shot);
  expect(await first.evaluate(() => window.iwr.engineStats().ocrCalls)).toBe(1);
  // Another checkpoint of the same task is a different reference.
  await first.evaluate((img) => window.iwr.referenceOcr('task-7', 1, img), shot);
  expect(await first.evaluate(() => window.iwr.engineStats().ocrCalls)).toBe(2);
  await first.close();
  // A new page in the same profile reads IndexedDB and OCRs nothing.
  const second = (await openApp(browser, { context })).page;
  const c = await second.evaluate((img) => window.iwr.referenceOcr('task-7', 0, img), shot);
  expect(c.text).toBe(a!.text);
  expect(await second.evaluate(() => window.iwr.engineStats().ocrCalls)).toBe(0);
  await context.close();
});

test('damaged language data: OCR fails at once with a message that names the files and what to do', async () => {
  // The same bytes cut in half, as an interrupted download leaves them. No service worker, so
  // the request reaches the route (the app's offline cache would serve its own good copy).
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.route('**/vendor/tesseract/lang/**', async (route) => {
    const res = await route.fetch();
    const body = await res.body();
    await route.fulfill({ response: res, body: body.subarray(0, body.length >> 1) });
  });
  const { page } = await openApp(browser, { context });
  const png = await screenshotOf(pageHtml(WORDS));
  const t0 = Date.now();
  const err = await page.evaluate(async (b64) => {
    try {
      await window.iwr.ocr(b64);
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }, png);
  expect(err).toMatch(/The OCR engine could not start/);
  expect(err).toMatch(/vendor\/tesseract/);
  console.log(`damaged language data: failed after ${Date.now() - t0} ms: ${err?.slice(0, 160)}`);
  await context.close();
});
