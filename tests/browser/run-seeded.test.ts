// Math.random is seeded per (task, run seed): a 2048-style game replays identically.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './harness.ts';
import { fixturePage, pixelDiff, replayPage, seen, task } from './run-support.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openApp(browser));
});
afterAll(async () => {
  await browser?.close();
});

const moves = task(
  [
    { type: 'Press', description: 'Press the left arrow', key: 'ArrowLeft' },
    { type: 'Press', description: 'Press the up arrow', key: 'ArrowUp' },
    { type: 'Press', description: 'Press the right arrow', key: 'ArrowRight' },
    { type: 'Click', description: "Click 'New Game'" },
  ],
  '640x480',
  2048,
);

test('two runs with the same seed give identical boards and identical screenshots', async () => {
  const html = fixturePage('game2048.html');
  const a = await replayPage(page, html, moves, { seed: 7, inspect: ['#state'] });
  const b = await replayPage(page, html, moves, { seed: 7, inspect: ['#state'] });
  expect(a.summary.done, a.summary.reason).toBe(4);
  expect(b.summary.done, b.summary.reason).toBe(4);
  expect(a.summary.pageSeed).toBe(b.summary.pageSeed);
  for (let k = 0; k <= 4; k++) {
    expect(seen(b, k)).toBe(seen(a, k));
    const d = await pixelDiff(page, a.records[k]!.screenshot!, b.records[k]!.screenshot!, 0);
    expect(d.sizeMatch).toBe(true);
    expect(d.fraction, `screenshot ${k} differs`).toBe(0);
  }
  // The game really moved and spawned tiles between screenshots.
  expect(new Set(a.records.map((r) => r.inspect?.[0]?.text)).size).toBeGreaterThan(2);
});

test('another seed (or another task id) gives another game', async () => {
  const html = fixturePage('game2048.html');
  const a = await replayPage(page, html, moves, { seed: 7, inspect: ['#state'] });
  const c = await replayPage(page, html, moves, { seed: 8, inspect: ['#state'] });
  const d = await replayPage(page, html, { ...moves, id: 2049 }, { seed: 7, inspect: ['#state'] });
  const boards = (o: typeof a) => o.records.map((r) => r.inspect?.[0]?.text).join(' / ');
  expect(boards(c)).not.toBe(boards(a));
  expect(boards(d)).not.toBe(boards(a));
});
