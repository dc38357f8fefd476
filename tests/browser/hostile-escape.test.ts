// Hostile pages that try to leave the sandbox: navigate the app, open windows, reach the
// network, read the app's DOM or storage, forge messages to the app, or sabotage the
// agent's DOM APIs. A local server on another port stands for the internet and must get
// no request (except where the one known gap, self-navigation, is documented).
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appUrl, launchBrowser, openApp } from './harness.ts';
import { appAnswers, externalServer, fixturePage, replayPage, sandboxFrames, seen, task } from './run-support.ts';

let browser: Browser;
let page: Page;
let context: BrowserContext;
let ext: Awaited<ReturnType<typeof externalServer>>;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, context } = await openApp(browser));
  ext = await externalServer();
});
afterAll(async () => {
  await ext?.close();
  await browser?.close();
});
afterEach(async () => {
  expect(page.url().startsWith(appUrl())).toBe(true);
  expect(await sandboxFrames(page)).toBe(0);
  expect(await appAnswers(page)).toBe(true);
});

const hostile = (name: string) => fixturePage(`hostile/${name}`).replaceAll('{{EXTERNAL}}', ext.url);

test('top navigation (top.location, parent.location, open _top) is refused; the app stays on its page', async () => {
  const out = await replayPage(page, hostile('top-nav.html'), task([{ type: 'Click', description: "Click 'Leave'" }]), {
    inspect: ['#out'],
  });
  expect(out.summary.done, out.summary.reason).toBe(1);
  expect(seen(out, 0)).not.toMatch(/top:assigned|parent:assigned/);
  expect(ext.hits).toEqual([]);
});

test('window.open and target=_blank links open nothing and are recorded', async () => {
  const out = await replayPage(
    page,
    hostile('window-open.html'),
    task([
      { type: 'Click', description: "Click 'Open window'" },
      { type: 'Click', description: "Click the 'External link'" },
    ]),
    { inspect: ['#out'] },
  );
  expect(out.summary.done, out.summary.reason).toBe(2);
  expect(seen(out, 1)).toBe('open returned null');
  expect(out.records[1]?.opened).toEqual([`${ext.url}/popup`]);
  expect(out.records[2]?.blocked.some((b) => b.url === `${ext.url}/link-blank`)).toBe(true);
  expect(context.pages()).toHaveLength(1);
  expect(ext.hits).toEqual([]);
});

test('fetch, XHR, img, script, CSS, iframe, beacon, WebSocket, EventSource and form posts to another host are blocked and counted', async () => {
  const out = await replayPage(
    page,
    hostile('network.html'),
    task([
      { type: 'Click', description: "Click 'Load more'" },
      { type: 'Click', description: "Click 'Send form'" },
    ]),
    { inspect: ['#out'] },
  );
  expect(out.summary.done, out.summary.reason).toBe(2);
  const loadBlocked = out.records[0]!.blocked.map((b) => b.directive);
  for (const d of ['connect-src', 'img-src', 'script-src-elem', 'style-src-elem', 'frame-src']) expect(loadBlocked, d).toContain(d);
  expect(out.records[1]!.blocked.length).toBeGreaterThanOrEqual(2);
  expect(out.records[2]!.blocked.map((b) => b.directive)).toContain('form-action');
  expect(out.summary.events.blocked).toBeGreaterThanOrEqual(10);
  expect(seen(out, 0)).toContain('fetch:TypeError');
  expect(ext.hits).toEqual([]);
});

test('reading parent/top DOM or the app API fails inside the frame; cookies read as on a file:// page (empty, writes ignored)', async () => {
  const out = await replayPage(page, hostile('read-parent.html'), task([]), { inspect: ['#out'] });
  const text = seen(out, 0) ?? '';
  expect(text).toContain('parentDoc:SecurityError');
  expect(text).toContain('topDoc:SecurityError');
  expect(text).toMatch(/parentIwr:(SecurityError|undefined)/);
  expect(text).toContain('frameElement:null');
  expect(text).toContain('cookie:""');
  expect(text).toContain('cookieWrite:""');
  expect(text).toContain('origin:null');
});

test("the app's localStorage and IndexedDB are out of reach and untouched; the frame's own storage lives in its memory", async () => {
  await page.evaluate(async () => {
    localStorage.setItem('iwr-test-key', 'app value');
    await new Promise<void>((resolve, reject) => {
      const q = indexedDB.open('iwr-hostile-check', 1);
      q.onupgradeneeded = () => q.result.createObjectStore('s');
      q.onsuccess = () => {
        const tx = q.result.transaction('s', 'readwrite');
        tx.objectStore('s').put('kept', 'k');
        tx.oncomplete = () => {
          q.result.close();
          resolve();
        };
      };
      q.onerror = () => reject(q.error);
    });
  });
  const out = await replayPage(page, hostile('storage.html'), task([]), { inspect: ['#out'] });
  const text = seen(out, 0) ?? '';
  // Web storage as a file:// page in a fresh profile has it: empty at first, then the frame's own.
  expect(text).toContain('lsRead:null');
  expect(text).toContain('lsWrite:done');
  expect(text).toContain('lsReadBack:pwned');
  expect(text).toContain('ssWrite:done');
  expect(text).toContain('idbDelete:SecurityError');
  const after = await page.evaluate(async () => {
    const value = await new Promise<unknown>((resolve, reject) => {
      const q = indexedDB.open('iwr-hostile-check', 1);
      q.onsuccess = () => {
        const r = q.result.transaction('s').objectStore('s').get('k');
        r.onsuccess = () => {
          q.result.close();
          resolve(r.result);
        };
      };
      q.onerror = () => reject(q.error);
    });
    return { ls: localStorage.getItem('iwr-test-key'), idb: value };
  });
  expect(after).toEqual({ ls: 'app value', idb: 'kept' });
});

test('forged postMessage to the app (fake replies, fake unload, fake hello) changes nothing', async () => {
  await page.evaluate(() => {
    (window as unknown as { __appMessages: number }).__appMessages = 0;
    window.addEventListener('message', () => {
      (window as unknown as { __appMessages: number }).__appMessages++;
    });
  });
  const out = await replayPage(
    page,
    hostile('forge.html'),
    task([
      { type: 'Click', description: "Click the 'Real button'" },
      { type: 'Click', description: "Click the 'Real button'" },
    ]),
    { inspect: ['#out'] },
  );
  // The forgeries did arrive at the app window...
  expect(await page.evaluate(() => (window as unknown as { __appMessages: number }).__appMessages)).toBeGreaterThan(100);
  // ...and were ignored: the run saw only the agent's real answers.
  expect(out.summary.done, out.summary.reason).toBe(2);
  expect(seen(out, 1)).toBe('real clicked');
  expect(out.records[1]?.element?.text).toBe('Real button');
  expect(out.records[1]?.attempts).toEqual([{ code: 'done', atMs: expect.any(Number) as number }]);
});

test('a page overriding dispatchEvent, click, focus, getBoundingClientRect, elementFromPoint, event classes and setTimeout still gets real input', async () => {
  const out = await replayPage(
    page,
    hostile('override.html'),
    task([
      { type: 'Click', description: "Click 'Press me'" },
      { type: 'Type', description: 'Type "Zoe" into your name', text: 'Zoe' },
      { type: 'Press', description: 'Press Enter', key: 'Enter' },
    ]),
    { inspect: ['#out', '#typed'] },
  );
  expect(out.summary.done, out.summary.reason).toBe(3);
  expect(seen(out, 1)).toBe('clicked 1');
  expect(seen(out, 2, 1)).toBe('Zoe');
});

test('known gap, detected: a page that navigates its own frame away sends that one request; the step fails with a reason', async () => {
  ext.hits.length = 0;
  const out = await replayPage(
    page,
    hostile('self-nav.html'),
    task([
      { type: 'Click', description: "Click the 'External link'" },
      { type: 'Click', description: "Click 'Go elsewhere'" },
    ]),
    { inspect: ['#out'] },
  );
  // Links are guarded by the agent: blocked, reported, no request.
  expect(out.records[1]?.status).toBe('ok');
  expect(out.records[1]?.blocked.some((b) => b.directive === 'navigation (link)')).toBe(true);
  // location.href cannot be stopped from inside a tab (CSP has no navigation directive).
  expect(out.summary.failedAt).toBe(1);
  expect(out.records[2]?.reason).toMatch(/navigated its frame away/);
  await new Promise((r) => setTimeout(r, 300));
  expect(ext.hits.filter((h) => h.includes('/self-nav')).length).toBeLessThanOrEqual(1);
  expect(ext.hits.filter((h) => !h.includes('/self-nav'))).toEqual([]);
  ext.hits.length = 0;
});

test("the 'allowed' network policy lets the page's requests through, and the run records the policy", async () => {
  ext.hits.length = 0;
  const html = `<!doctype html><html><body><p id="out">none</p><script>
    fetch('${ext.url}/allowed-fetch').then((r) => r.text()).then((t) => { document.getElementById('out').textContent = 'fetched ' + t; }, (e) => { document.getElementById('out').textContent = 'failed ' + e.name; });
  </script></body></html>`;
  const out = await replayPage(page, html, task([]), { policy: 'allowed', inspect: ['#out'] });
  expect(out.summary.policy).toBe('allowed');
  expect(seen(out, 0)).toBe('fetched ok');
  expect(ext.hits).toEqual(['GET /allowed-fetch']);
  expect(out.records[0]?.blocked).toEqual([]);
  const blocked = await replayPage(page, html, task([]), { inspect: ['#out'] });
  expect(blocked.summary.policy).toBe('blocked');
  expect(seen(blocked, 0)).toBe('failed TypeError');
  expect(ext.hits).toEqual(['GET /allowed-fetch']);
  ext.hits.length = 0;
});
