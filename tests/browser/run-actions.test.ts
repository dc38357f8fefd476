// Every action type on a plain page, a real React page (controlled inputs) and a canvas
// page, plus the official scroll rule, its failure on a short page, and the directional option.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openApp } from './harness.ts';
import { appAnswers, fixturePage, replayPage, seen, task } from './run-support.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openApp(browser));
});
afterAll(async () => {
  await browser?.close();
});

async function reactPage(): Promise<string> {
  const entry = fileURLToPath(new URL('../fixtures/pages/react-app.jsx', import.meta.url));
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const js = out.outputFiles[0]!.text.replace(/<\/(script)/gi, '<\\/$1');
  return `<!doctype html><html><head><meta charset="utf-8"><title>react</title></head><body><div id="root"></div><script>${js}</script></body></html>`;
}

test('plain page: click through an inner span, label retargets to its checkbox; a disabled button is fallback-clicked (official) or fails (strict)', async () => {
  const html = fixturePage('plain.html');
  const ok = await replayPage(
    page,
    html,
    task([
      { type: 'Click', description: "Click the 'Add to cart' button" },
      { type: 'Click', description: "Click the 'Add to cart' button" },
      { type: 'Click', description: "Click 'I agree to the terms'" },
    ]),
    { inspect: ['#out', '#agree'] },
  );
  expect(ok.summary.done, ok.summary.reason).toBe(3);
  expect(seen(ok, 1)).toBe('added 1');
  expect(seen(ok, 2)).toBe('added 2');
  expect(ok.records[3]?.inspect?.[1]?.checked).toBe(true);
  expect(seen(ok, 3)).toBe('agree=true');
  expect(ok.records[1]?.element?.tag).toBe('button');
  expect(ok.records[1]?.element?.xpath).toMatch(/^\/html\[1\]\/body\[1\]\/button\[1\]$/);

  // Officially a failed real click falls back to element.click(), which on a disabled button
  // does nothing: the step counts as done and nothing happens. Strict mode fails it instead.
  const checkout = task([{ type: 'Click', description: "Click the 'Checkout' button" }]);
  const official = await replayPage(page, html, checkout, { inspect: ['#out'] });
  expect(official.summary.done, official.summary.reason).toBe(1);
  expect(official.records[1]?.attempts[0]?.code).toBe('error:notenabled');
  expect(official.records[1]?.attempts.at(-1)?.detail).toMatch(/^fallback element\.click\(\)/);
  expect(seen(official, 1)).toBe('ready');
  const strict = await replayPage(page, html, checkout, { inspect: ['#out'], clickFallback: false });
  expect(strict.summary.done).toBe(0);
  expect(strict.records[1]?.status).toBe('failed');
  expect(strict.records[1]?.reason ?? '').toMatch(/error:notenabled: <button#off.btn> is disabled \(after \d+ attempts\)/);
  expect(seen(strict, 1)).toBe('ready');
});

test('plain page: Type fires input per character, Press Enter submits the form, keys carry key/code/keyCode, Tab moves focus', async () => {
  const html = fixturePage('plain.html');
  const out = await replayPage(
    page,
    html,
    task([
      { type: 'Type', description: 'Type "lamp" into the search box', text: 'lamp' },
      { type: 'Press', description: 'Press Enter', key: 'Enter' },
      { type: 'Press', description: 'Press the up arrow', key: 'ArrowUp' },
      { type: 'Press', description: 'Press Tab', key: 'Tab' },
      { type: 'Type', description: 'Type into the notes', text: 'line one' },
      { type: 'Type', description: 'Type into the rich editor', text: 'Bold move' },
    ]),
    { inspect: ['#out', '#keys', '#q', '#notes', '#editor'] },
  );
  expect(out.summary.done, out.summary.reason).toBe(6);
  expect(seen(out, 1)).toBe('typed lamp');
  expect(out.records[1]?.inspect?.[2]?.value).toBe('lamp');
  expect(seen(out, 2)).toBe('submitted lamp');
  expect(seen(out, 3, 1)).toBe('ArrowUp|ArrowUp|38|38|q');
  // Tab from the search field goes to the form's Go button.
  expect(out.records[4]?.inspect?.[0]?.focused).toMatch(/^<button/);
  expect(out.records[5]?.inspect?.[3]?.value).toBe('line one');
  expect(seen(out, 6, 4)).toBe('Bold move');
});

test('real React page: controlled inputs accept typed text, Enter and a div button update state', async () => {
  const out = await replayPage(
    page,
    await reactPage(),
    task([
      { type: 'Type', description: 'Type "milk" into the new todo field', text: 'milk' },
      { type: 'Press', description: 'Press Enter', key: 'Enter' },
      { type: 'Type', description: 'Type "eggs" into the new todo field', text: 'eggs' },
      { type: 'Click', description: "Click 'Add todo'" },
      { type: 'Type', description: 'Type "hey" into the shout field', text: 'hey' },
    ]),
    { inspect: ['#state', '#name', '#upper'] },
  );
  expect(out.summary.done, out.summary.reason).toBe(5);
  expect(seen(out, 1)).toBe('name=milk;upper=;items=;last=k');
  expect(seen(out, 2)).toBe('name=;upper=;items=milk;last=Enter');
  expect(seen(out, 4)).toBe('name=;upper=;items=milk|eggs;last=s');
  expect(seen(out, 5)).toContain('upper=HEY');
  expect(out.records[5]?.inspect?.[2]?.value).toBe('HEY');
});

test('canvas page: a click lands at the canvas centre and arrow keys reach document listeners', async () => {
  const out = await replayPage(
    page,
    fixturePage('canvas.html'),
    task([
      { type: 'Click', description: 'Click the game board' },
      { type: 'Press', description: 'Press the right arrow', key: 'ArrowRight' },
      { type: 'Press', description: 'Press the right arrow', key: 'ArrowRight' },
      { type: 'Press', description: 'Press the down arrow', key: 'ArrowDown' },
    ]),
    { inspect: ['#status'] },
  );
  expect(out.summary.done, out.summary.reason).toBe(4);
  expect(seen(out, 1)).toBe('x=0 y=0 clicks=1 at 200,150');
  expect(seen(out, 4)).toBe('x=2 y=1 clicks=1 at 200,150');
  expect(out.records[4]?.screenshot).not.toBe(out.records[0]?.screenshot);
});

test('official scroll: half a viewport on a long page; fails on a short page, as officially', async () => {
  const long = await replayPage(
    page,
    fixturePage('plain.html'),
    task([
      { type: 'Scroll', description: 'Scroll up to the top', direction: 'up' },
      { type: 'Scroll', description: 'Scroll down' },
    ]),
    { inspect: ['body'] },
  );
  expect(long.summary.done, long.summary.reason).toBe(2);
  // Direction is ignored officially: "up" scrolls down half of the 600 px viewport.
  expect(long.records[1]?.inspect?.[0]?.scrollY).toBe(300);
  expect(long.records[2]?.inspect?.[0]?.scrollY).toBe(600);

  const short = await replayPage(page, fixturePage('short.html'), task([{ type: 'Scroll', description: 'Scroll down' }]));
  expect(short.summary.done).toBe(0);
  expect(short.summary.failedAt).toBe(0);
  expect(short.records[1]?.reason).toMatch(/did not scroll/);
  expect(short.records).toHaveLength(2);
});

test('official scroll reads the position 1 s after scrolling (IWR-SPEC): a page that scrolls itself back in that second fails the step', async () => {
  const springBack = `<!doctype html><html><body style="margin:0"><div style="height:3000px">tall</div><script>
    addEventListener('scroll', () => { if (scrollY > 0) setTimeout(() => scrollTo(0, 0), 300); });</script></body></html>`;
  const t0 = Date.now();
  const out = await replayPage(page, springBack, task([{ type: 'Scroll', description: 'Scroll down' }]));
  expect(out.summary.failedAt).toBe(0);
  expect(out.records[1]?.reason).toMatch(/did not scroll \(moved 0 px/);
  expect(out.records[1]?.timings.actMs).toBeGreaterThanOrEqual(1000);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(2000);
});

test('directional scroll option honours direction and scrolls the nearest container', async () => {
  const out = await replayPage(
    page,
    fixturePage('plain.html'),
    task([
      { type: 'Scroll', description: 'Scroll down the page', direction: 'down', scroll_page: true },
      { type: 'Scroll', description: 'Scroll up', direction: 'up', scroll_page: true },
      { type: 'Scroll', description: 'Scroll up', direction: 'up', scroll_page: true },
    ]),
    { scroll: 'directional', inspect: ['body'] },
  );
  expect(out.records[1]?.inspect?.[0]?.scrollY).toBe(600);
  expect(out.records[2]?.inspect?.[0]?.scrollY).toBe(0);
  // Already at the top: nothing moves, the step fails with the distance in the reason.
  expect(out.summary.failedAt).toBe(2);
  expect(out.records[3]?.reason).toMatch(/window up 0 px/);
  expect(await appAnswers(page)).toBe(true);
});

test('an app-shell page (body does not scroll): official scroll fails, the directional option scrolls the container', async () => {
  const html = fixturePage('app-shell.html');
  const official = await replayPage(page, html, task([{ type: 'Scroll', description: 'Scroll down' }]));
  expect(official.summary.failedAt).toBe(0);
  const directional = await replayPage(page, html, task([{ type: 'Scroll', description: 'Scroll down', direction: 'down' }]), {
    scroll: 'directional',
    inspect: ['main'],
  });
  expect(directional.summary.done, directional.summary.reason).toBe(1);
  expect(directional.records[1]?.attempts[0]?.detail).toMatch(/^<main#main> down 300 px/);
});

test('targets out of view are scrolled into view and clicked where they now are: one real click each, no retry, no fallback', async () => {
  // A sticky header covers the top of the viewport: aiming with the box from before the
  // scroll would land on the header (or outside the viewport) and need the fallback.
  const say = (t: string) => `document.getElementById('out').textContent='${t}'`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;font-family:sans-serif} header{position:sticky;top:0;height:60px;background:#123;color:#fff} .gap{height:1500px}</style></head>
<body><header>Shop</header><button id="top" onclick="${say('top clicked')}">Top offer</button><div class="gap"></div><button id="far" onclick="${say('far clicked')}">Far away</button><div class="gap"></div><p id="out">ready</p></body></html>`;
  const out = await replayPage(
    page,
    html,
    task([
      { type: 'Click', description: "Click 'Far away'" },
      { type: 'Click', description: "Click 'Top offer'" },
    ]),
    { inspect: ['#out'] },
  );
  expect(out.summary.done, out.summary.reason).toBe(2);
  expect(seen(out, 1)).toBe('far clicked');
  expect(seen(out, 2)).toBe('top clicked');
  for (const k of [1, 2])
    expect(
      out.records[k]?.attempts.map((a) => a.code),
      `step ${k}`,
    ).toEqual(['done']);
});

test('a covered button: real clicks are retried on a fixed backoff with each reason logged, then the official element.click() fallback', async () => {
  const out = await replayPage(page, fixturePage('overlay.html'), task([{ type: 'Click', description: "Click 'Buy now'" }]), {
    inspect: ['#out'],
  });
  expect(out.summary.done, out.summary.reason).toBe(1);
  expect(seen(out, 1)).toBe('bought');
  const attempts = out.records[1]!.attempts;
  expect(attempts.length).toBeGreaterThan(2);
  for (const a of attempts.slice(0, -1)) {
    expect(a.code).toBe('error:obscured');
    expect(a.detail).toMatch(/<div#veil> is on top of <button#buy/);
  }
  expect(attempts.at(-1)?.code).toBe('done');
  expect(attempts.at(-1)?.detail).toMatch(/^fallback element\.click\(\) on <button#buy/);
  const strict = await replayPage(page, fixturePage('overlay.html'), task([{ type: 'Click', description: "Click 'Buy now'" }]), {
    inspect: ['#out'],
    clickFallback: false,
  });
  expect(strict.summary.failedAt).toBe(0);
  expect(strict.records[1]?.reason).toMatch(/^error:obscured: <div#veil> is on top of <button#buy/);
  expect(seen(strict, 1)).toBe('none');
});

test("timing 'settle' waits for the DOM to go quiet (capped) instead of the fixed 0.5 s", async () => {
  const html = fixturePage('busy-dom.html');
  const steps = task([{ type: 'Click', description: "Click 'Load results'" }]);
  const official = await replayPage(page, html, steps, { inspect: ['#out'] });
  const settled = await replayPage(page, html, steps, { inspect: ['#out'], timing: 'settle', settleQuietMs: 800, settleCapMs: 8000 });
  // 12 rows 100 ms apart: the fixed 0.5 s catches the list half-built, settling sees it done.
  expect(seen(official, 1)).toBe('idle');
  expect(seen(settled, 1)).toBe('done 12');
  expect(settled.summary.timing).toBe('settle');
});

test('an unknown action type fails the step, as officially', async () => {
  const out = await replayPage(page, fixturePage('short.html'), task([{ type: 'Hover', description: 'Hover the title' }]));
  expect(out.summary.failedAt).toBe(0);
  expect(out.records[1]?.reason).toMatch(/unknown action type "Hover"/);
});
