// Assets reach the opaque-origin sandbox: the app fetches them, sends the bytes over the
// port, and the agent rewrites __PLACEHOLDER_ASSETS_BASE_DIR__/<name> and assets/<name>
// to blob: URLs made inside the frame.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './harness.ts';
import { fixturePage, fontDataUrl, pngDataUrl, replayPage, task, webmDataUrl } from './run-support.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openApp(browser));
});
afterAll(async () => {
  await browser?.close();
});

test('img, srcset, relative path, script-set src, CSS and inline-style backgrounds, video and @font-face all load; a missing asset is named', async () => {
  const assetUrls = {
    'red.png': pngDataUrl(40, 30, [220, 20, 20]),
    'bg.png': pngDataUrl(120, 60, [20, 20, 220]),
    'face.ttf': fontDataUrl(),
    'clip.webm': await webmDataUrl(page),
  };
  const out = await replayPage(
    page,
    fixturePage('assets.html'),
    task([], '800x600'),
    { inspect: ['#status'], timing: 'official' },
    assetUrls,
  );
  const load = out.records[0]!;
  expect(load.status, load.reason).toBe('ok');
  expect(load.missingAssets).toEqual(['missing_logo.png']);
  const status = load.inspect?.[0]?.text ?? '';
  expect(status).toContain('img=40');
  expect(status).toContain('rel=40');
  expect(status).toContain('set=40');
  expect(status).toContain('js=40');
  expect(status).toContain('hero=blob:120');
  expect(status).toContain('inline=blob');
  expect(status).toMatch(/video=64x48/);
  expect(status).toContain('font=true');
  // Asset loads are not network requests: nothing was blocked.
  expect(load.blocked).toEqual([]);
});

test('a page that derives a folder from one asset URL and appends another name (setter, setAttribute, innerHTML) gets its images', async () => {
  // Written the way generated pages do it: with the official file paths this works, so it must here.
  const html = `<!doctype html><body>
<img id="logo" src="__PLACEHOLDER_ASSETS_BASE_DIR__/red.png" width="40" height="30">
<div id="list"></div><p id="status">waiting</p>
<script>
  const base = document.getElementById('logo').src.replace(/red\\.png$/, '');
  const a = new Image(); a.id = 'a'; a.src = base + 'bg.png'; document.body.append(a);
  const b = document.createElement('img'); b.id = 'b'; b.setAttribute('src', base + 'bg.png'); document.body.append(b);
  document.getElementById('list').innerHTML = '<img id="c" src="' + base + 'bg.png">';
  window.addEventListener('load', () => setTimeout(() => {
    document.getElementById('status').textContent = ['a', 'b', 'c'].map((id) => id + '=' + document.getElementById(id).naturalWidth).join(' ');
  }, 100));
</script></body>`;
  const assetUrls = { 'red.png': pngDataUrl(40, 30, [220, 20, 20]), 'bg.png': pngDataUrl(120, 60, [20, 20, 220]) };
  const out = await replayPage(page, html, task([], '400x300'), { inspect: ['#status'], timing: 'official' }, assetUrls);
  const load = out.records[0]!;
  expect(load.status, load.reason).toBe('ok');
  expect(load.inspect?.[0]?.text).toBe('a=120 b=120 c=120');
});
