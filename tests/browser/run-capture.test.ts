// The 'dom' capture (snapdom in the frame) against real pixels (Playwright's screenshot of
// the iframe element, device scale factor 1): same size, and only a small fraction of
// pixels may differ (text anti-aliasing and sub-pixel positions), with the scroll
// position honoured, canvas content, the canvas background and collapsed margins.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './harness.ts';
import { pixelDiff, pngDataUrl, webmDataUrl } from './run-support.ts';

/** At most this fraction of pixels may differ by more than the tolerance. */
const MAX_DIFF_FRACTION = 0.02;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openApp(browser, { viewport: { width: 1000, height: 800 } }));
});
afterAll(async () => {
  await browser?.close();
});

const PAGE = `<!doctype html><html><head><style>
  body { background: #eef; font-family: sans-serif; }
  h1 { margin: 40px 20px; color: #236; }
  .card { width: 300px; padding: 12px; margin: 10px; background: #fff; border: 2px solid #889; border-radius: 8px; }
  .tall { height: 1200px; background: linear-gradient(#f00, #00f); width: 200px; margin: 10px; }
  canvas { border: 1px solid #000; }
</style></head><body>
  <h1>Capture check</h1>
  <div class="card">A card with a border and rounded corners</div>
  <canvas id="c" width="200" height="100"></canvas>
  <div class="tall"></div>
  <script>const g = document.getElementById('c').getContext('2d'); g.fillStyle = '#0a0'; g.fillRect(10, 10, 120, 60);</script>
</body></html>`;

async function compare(scrollFirst: boolean): Promise<{ fraction: number; sizeMatch: boolean }> {
  const { id } = await page.evaluate((html) => window.iwr.sandbox.open({ html, width: 800, height: 600 }), PAGE);
  try {
    if (scrollFirst) {
      const r = (await page.evaluate(
        (id) => window.iwr.sandbox.request(id, { cmd: 'act', action: { type: 'Scroll', mode: 'official' } }),
        id,
      )) as { code: string };
      expect(r.code).toBe('done');
    }
    const shot = (await page.evaluate((id) => window.iwr.sandbox.request(id, { cmd: 'capture' }), id)) as {
      png: string;
      width: number;
      height: number;
    };
    expect([shot.width, shot.height]).toEqual([800, 600]);
    const real = (await (await page.$('iframe[data-iwr-sandbox]'))!.screenshot()).toString('base64');
    return await pixelDiff(page, shot.png, real);
  } finally {
    await page.evaluate((id) => window.iwr.sandbox.close(id), id);
  }
}

test('capture at the top of the page matches real pixels (margins collapse, body background fills the viewport, canvas drawn)', async () => {
  const d = await compare(false);
  expect(d.sizeMatch).toBe(true);
  expect(d.fraction).toBeLessThan(MAX_DIFF_FRACTION);
});

test('capture after a scroll shows the scrolled viewport', async () => {
  const d = await compare(true);
  expect(d.sizeMatch).toBe(true);
  expect(d.fraction).toBeLessThan(MAX_DIFF_FRACTION);
});

test('fixed boxes keep their real size: a fixed header and flex-centred boxes of fractional height land on the real pixel rows', async () => {
  // snapdom pads fixed boxes by a pixel or two (see undoFixedPadding); centred content then
  // snaps one pixel row off. Flat colours only, so any pixel off shows.
  const boxes = [40.25, 40.5, 41, 41.75, 120.5, 241.25].map((h) => `<div style="width:60px;height:${h}px;background:#fff"></div>`).join('');
  const html = `<!doctype html><html><body style="margin:0;background:#345">
<header style="position:fixed;top:0;left:0;right:0;height:50.5px;display:flex;align-items:center;justify-content:center;background:#123"><div style="width:101px;height:21.5px;background:#fc0"></div></header>
<div style="position:fixed;left:0;right:0;top:80px;bottom:0;display:flex;align-items:center;justify-content:center;gap:13px;background:rgba(0,0,0,.5)">${boxes}</div></body></html>`;
  const { id } = await page.evaluate((html) => window.iwr.sandbox.open({ html, width: 800, height: 600 }), html);
  try {
    const shot = (await page.evaluate((id) => window.iwr.sandbox.request(id, { cmd: 'capture' }), id)) as { png: string };
    const real = (await (await page.$('iframe[data-iwr-sandbox]'))!.screenshot()).toString('base64');
    const d = await pixelDiff(page, shot.png, real);
    expect(d.sizeMatch).toBe(true);
    expect(d.fraction * 800 * 600, 'pixels off').toBe(0);
  } finally {
    await page.evaluate((id) => window.iwr.sandbox.close(id), id);
  }
});

test('a paused <video> frame is captured as shown', async () => {
  const clip = await webmDataUrl(page);
  const html = `<!doctype html><html><head><style>body{margin:0;background:#fff} video{display:block;margin:30px;width:320px;height:240px}</style></head><body>
    <video id="v" src="__PLACEHOLDER_ASSETS_BASE_DIR__/clip.webm" muted preload="auto"></video>
    <p id="s">waiting</p>
    <script>const v = document.getElementById('v'); v.addEventListener('loadeddata', () => { document.getElementById('s').textContent = 'frame ready'; });</script></body></html>`;
  const { id } = await page.evaluate(
    ({ html, clip }) => window.iwr.sandbox.open({ html, width: 640, height: 400, assetUrls: { 'clip.webm': clip } }),
    { html, clip },
  );
  try {
    let state = '';
    for (let i = 0; i < 50 && state !== 'frame ready'; i++) {
      state = ((await page.evaluate((id) => window.iwr.sandbox.request(id, { cmd: 'inspect', selector: '#s' }), id)) as { text: string })
        .text;
      if (state !== 'frame ready') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('frame ready');
    const shot = (await page.evaluate((id) => window.iwr.sandbox.request(id, { cmd: 'capture' }), id)) as { png: string };
    const real = (await (await page.$('iframe[data-iwr-sandbox]'))!.screenshot()).toString('base64');
    const d = await pixelDiff(page, shot.png, real);
    expect(d.sizeMatch).toBe(true);
    expect(d.fraction).toBeLessThan(MAX_DIFF_FRACTION);
    // The frame is really there (320x240 of 640x400 is 30% of the image), not blank in both.
    const white = pngDataUrl(640, 400, [255, 255, 255]).split(',')[1]!;
    expect((await pixelDiff(page, shot.png, white)).fraction).toBeGreaterThan(0.25);
  } finally {
    await page.evaluate((id) => window.iwr.sandbox.close(id), id);
  }
});

test('the bound can fail: a capture of another page state differs by more than the bound', async () => {
  const { id } = await page.evaluate((html) => window.iwr.sandbox.open({ html, width: 800, height: 600 }), PAGE);
  const top = (await page.evaluate((id) => window.iwr.sandbox.request(id, { cmd: 'capture' }), id)) as { png: string };
  await page.evaluate((id) => window.iwr.sandbox.request(id, { cmd: 'act', action: { type: 'Scroll', mode: 'official' } }), id);
  const real = (await (await page.$('iframe[data-iwr-sandbox]'))!.screenshot()).toString('base64');
  await page.evaluate((id) => window.iwr.sandbox.close(id), id);
  expect((await pixelDiff(page, top.png, real)).fraction).toBeGreaterThan(MAX_DIFF_FRACTION);
});

/** The DOM capture and the frame's real pixels of `html` (optionally after the official scroll), compared exactly. */
async function exactPixelsOff(html: string, opts: { scroll?: boolean; tolerance?: number } = {}): Promise<number> {
  const { id } = await page.evaluate((html) => window.iwr.sandbox.open({ html, width: 800, height: 600 }), html);
  try {
    if (opts.scroll) {
      const r = (await page.evaluate(
        (id) => window.iwr.sandbox.request(id, { cmd: 'act', action: { type: 'Scroll', mode: 'official' } }),
        id,
      )) as { code: string };
      expect(r.code).toBe('done');
    }
    const shot = (await page.evaluate((id) => window.iwr.sandbox.request(id, { cmd: 'capture' }), id)) as { png: string };
    const real = (await (await page.$('iframe[data-iwr-sandbox]'))!.screenshot()).toString('base64');
    const d = await pixelDiff(page, shot.png, real, opts.tolerance ?? 0);
    expect(d.sizeMatch).toBe(true);
    return Math.round(d.fraction * 800 * 600);
  } finally {
    await page.evaluate((id) => window.iwr.sandbox.close(id), id);
  }
}

/** Horizontal bars of fractional heights in two colours: any fraction of a pixel moved shows as a row off. */
const STRIPES = Array.from(
  { length: 60 },
  (_, i) => `<div style="height:${(7 + (i % 5) * 0.3).toFixed(1)}px;background:${i % 2 ? '#0a4' : '#fd2'}"></div>`,
).join('');

test('colour-mixed fills half way between two 8-bit levels are painted at the page level, not one below', async () => {
  // getComputedStyle writes 175.5/255 as 0.688235 (175.49993), which paints 175 where the page paints 176.
  const mixes = ['#eaeaea 75%, black', '#005F75 90%, black', '#005F75 95%, black', '#eaeaea 65%, black', '#ff0000 50%, #0000ff'];
  const html = `<!doctype html><html><body style="margin:0;background:#fff">${mixes
    .map(
      (m) =>
        `<div style="height:40px;margin:4px;background:color-mix(in srgb, ${m});border:3px solid color-mix(in srgb, ${m.split(' ')[0]} 50%, white)"></div>`,
    )
    .join('')}</body></html>`;
  expect(await exactPixelsOff(html)).toBe(0);
});

test('after a scroll, a run of same-tag boxes above the viewport keeps their exact heights (the content in view is not moved a fraction of a pixel)', async () => {
  // snapdom's stand-ins for the three paragraphs: each must take its own element's height.
  const html = `<!doctype html><html><body style="margin:0;background:#fff">
<p style="margin:0;height:67.171875px;background:#c00"></p><p style="margin:0;height:22.390625px;background:#0c0"></p><p style="margin:0;height:22.390625px;background:#00c"></p>
<section style="height:200px"></section><section>${STRIPES}</section><section style="height:600px"></section></body></html>`;
  expect(await exactPixelsOff(html, { scroll: true })).toBe(0);
});

test("a flex item's automatic minimum size is kept: free space is shared as in the page", async () => {
  // flex: 1 0 0% columns; the second holds a 300 px box, so its minimum is 300 and the first gets the rest.
  const html = `<!doctype html><html><body style="margin:0;background:#fff"><div style="display:flex;width:500px;margin:20px">
<div style="flex:1 0 0%;height:60px;background:#39c"></div><div style="flex:1 0 0%;height:60px;background:#fc3"><div style="width:300px;height:20px;background:#333"></div></div>
</div><div style="display:grid;grid-template-columns:1fr 1fr;width:400px;margin:20px"><div style="height:40px;background:#c39"></div><div style="height:40px;background:#3c9"><div style="width:300px;height:10px;background:#000"></div></div></div></body></html>`;
  expect(await exactPixelsOff(html)).toBe(0);
});

test("a search field whose page CSS hides the clear button has that button's room for its text in the capture", async () => {
  // Chromium lays out the (invisible while empty) clear button unless page CSS hides it; the
  // clone had lost that rule and cut a right-to-left placeholder's first letter.
  const html = `<!doctype html><html><head><style>
  input { font: 16px sans-serif; border: 0; padding: 0; margin: 8px; width: 330px; height: 24px; background: #fff; color: #000; outline: 0 }
  input::placeholder { color: #000 }
  .bare::-webkit-search-cancel-button, .bare::-webkit-search-decoration { display: none }
  .bare::-webkit-inner-spin-button { -webkit-appearance: none; display: none }
  @media (min-width: 1px) { .wide::-webkit-search-cancel-button { display: none } }
</style></head><body style="margin:0;background:#fff">
  <input class="bare" type="search" dir="rtl" placeholder="Wide text that fills the whole search field">
  <input class="bare" type="search" placeholder="MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM">
  <input class="wide" type="search" placeholder="WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW">
  <input class="bare" type="number" value="12345678901234567890123456789012345678">
</body></html>`;
  expect(await exactPixelsOff(html, { tolerance: 48 })).toBe(0);
});

test('a disabled select left to the browser is drawn natively, as the page draws it', async () => {
  // Its computed border is 30 % grey: without the native look the clone drew a grey box (244 where the page has 250).
  const html = `<!doctype html><html><body style="margin:20px;background:#fff;font:16px sans-serif">
  <select disabled style="margin:10px"><option>ascending</option></select><select disabled style="margin:10px;width:300px;height:60px"><option>descending</option></select></body></html>`;
  expect(await exactPixelsOff(html, { tolerance: 3 })).toBe(0);
});

test('a textarea left to the browser is drawn natively, with its rounded corners and its resize grip', async () => {
  // Its computed border (1 px #767676, square) is the browser's own: set by the clone, it drew
  // square corners; and snapdom's base style made it overflow visibly, which drops the grip.
  const html = `<!doctype html><html><body style="margin:20px;background:#fff;font:16px sans-serif">
  <textarea style="width:210px;height:54px">Name: {{pName}}</textarea><textarea disabled>Start</textarea></body></html>`;
  expect(await exactPixelsOff(html, { tolerance: 3 })).toBe(0);
});

test("inset and outset borders in the current colour keep the browser's own shading (a plain <hr>)", async () => {
  // Chromium shades a currentcolor inset border with fixed greys (154 / 238), a given colour from that colour (44 / 128 for gray).
  const html = `<!doctype html><html><body style="margin:20px;background:#fff">
  <hr><hr style="color:red"><div style="border:3px outset;height:20px;margin:10px 0;color:#357"></div>
  <div style="border:2px inset rgb(128,128,128);height:20px"></div><div style="border:4px groove;height:20px;margin:10px 0"></div></body></html>`;
  expect(await exactPixelsOff(html)).toBe(0);
});

test('a sticky element inside a z-indexed box stays above that box (FullCalendar event titles)', async () => {
  // snapdom pins sticky elements at the end of the clone; the event box, positioned with a
  // z-index, then painted over its own title.
  const html = `<!doctype html><html><body style="margin:0;background:#fff;font:bold 20px sans-serif">
  <div style="position:relative;z-index:2;margin:20px;width:400px;height:60px;background:#3788d8;color:#fff;overflow:hidden">
    <div style="position:sticky;left:0;top:0;padding:10px">Long Event</div></div>
  <div style="position:relative;z-index:1;margin:20px;width:400px;height:60px;background:#0a4;color:#fff">
    <span style="position:sticky;top:0;display:inline-block;padding:10px;background:#c00">Conference</span></div></body></html>`;
  expect(await exactPixelsOff(html, { tolerance: 48 })).toBe(0);
});

test("a <pre>'s top margin is kept (snapdom zeroes it wherever the <pre> is)", async () => {
  const html = `<!doctype html><html><body style="margin:0;background:#fff;font:16px sans-serif">
  <div style="padding:10px;background:#b9dbff"><p style="margin:0">Lightweight and beautiful library</p>
  <pre style="margin:1.3em auto .3em;max-width:400px;padding:5px;background:#f5f5f5">&lt;link rel="stylesheet"&gt;</pre>
  <p style="margin:0;background:#333;color:#fff">CDN | Download | GitHub</p></div></body></html>`;
  expect(await exactPixelsOff(html, { tolerance: 48 })).toBe(0);
});
