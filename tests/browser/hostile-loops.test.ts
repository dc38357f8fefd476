// Hostile pages that hog the frame: loops, dialog storms, memory and DOM bombs. Each must
// end with the step failed or succeeded honestly, with a reason, the frame torn down,
// and the app still answering (Chromium runs the opaque-origin frame in its own process).
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './harness.ts';
import { appAnswers, appAnswersBefore, fixturePage, replayPage, sandboxFrames, seen, task } from './run-support.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openApp(browser));
});
afterAll(async () => {
  await browser?.close();
});

test('infinite loop at load: the load step fails on the watchdog, the frame is torn down, the app answers', async () => {
  const running = replayPage(page, fixturePage('hostile/loop-load.html'), task([{ type: 'Click', description: 'Click anything' }]), {
    stepTimeoutMs: 4000,
  });
  await new Promise((r) => setTimeout(r, 1500));
  expect(await appAnswersBefore(page, running)).toBe(true);
  const out = await running;
  expect(out.summary.failedAt).toBe(-1);
  expect(out.records).toHaveLength(1);
  expect(out.records[0]?.status).toBe('failed');
  expect(out.records[0]?.reason).toMatch(/load: step exceeded its 4 s limit: the page did not answer "load"/);
  expect(await sandboxFrames(page)).toBe(0);
  expect(await appAnswers(page)).toBe(true);
});

test('infinite loop on click: that step fails on the watchdog; screenshot 0 was taken', async () => {
  const running = replayPage(
    page,
    fixturePage('hostile/loop-click.html'),
    task([
      { type: 'Click', description: "Click 'Start'" },
      { type: 'Click', description: "Click 'Start'" },
    ]),
    { stepTimeoutMs: 4000 },
  );
  await new Promise((r) => setTimeout(r, 3000));
  expect(await appAnswersBefore(page, running)).toBe(true);
  const out = await running;
  expect(out.records[0]?.status).toBe('ok');
  expect(out.records[0]?.screenshot).toBeTruthy();
  expect(out.summary.failedAt).toBe(0);
  expect(out.records[1]?.reason).toMatch(/step exceeded its 4 s limit: the page did not answer "act"/);
  expect(out.records).toHaveLength(2);
  expect(await sandboxFrames(page)).toBe(0);
});

test('alert storm (5000 at load, 5000 on click): nothing blocks, dialogs are answered and recorded up to a cap', async () => {
  const out = await replayPage(
    page,
    fixturePage('hostile/alert-storm.html'),
    task([{ type: 'Click', description: "Click 'Show alerts'" }]),
    { inspect: ['#out'] },
  );
  expect(out.summary.done, out.summary.reason).toBe(1);
  expect(out.records[0]?.dialogs.length).toBe(200);
  expect(out.records[0]?.dialogs[0]).toEqual({ dialog: 'alert', message: 'load 0', answer: null });
  expect(out.records[0]?.console.some((c) => /more than 200 dialog events/.test(c.text))).toBe(true);
  // confirm answers true and prompt its default text, like the official harness's accept().
  expect(seen(out, 1)).toBe('confirm=true prompt=Ann');
  expect(await appAnswers(page)).toBe(true);
});

test('50 MB string allocation loop on click: the step fails (frame out of memory or watchdog) with a reason', async () => {
  const out = await replayPage(page, fixturePage('hostile/alloc.html'), task([{ type: 'Click', description: "Click 'Allocate'" }]), {
    stepTimeoutMs: 8000,
  });
  expect(out.records[0]?.status).toBe('ok');
  expect(out.summary.failedAt).toBe(0);
  expect(out.records[1]?.reason).toMatch(/did not answer "act"/);
  expect(await sandboxFrames(page)).toBe(0);
  expect(await appAnswers(page)).toBe(true);
});

test('100k DOM nodes: the page loads, the step resolves and clicks; each screenshot is taken or its absence explained', async () => {
  const out = await replayPage(
    page,
    fixturePage('hostile/many-nodes.html'),
    task([{ type: 'Click', description: "Click the 'Top button'" }]),
    { inspect: ['#out'], captureTimeoutMs: 10_000 },
  );
  expect(out.records[0]?.status, out.records[0]?.reason).toBe('ok');
  expect(out.summary.done, out.summary.reason).toBe(1);
  expect(seen(out, 1)).toBe('top clicked');
  for (const r of out.records) {
    if (!r.screenshot) expect(r.captureError).toMatch(/screenshot not taken: .*(too many elements|did not answer "capture")/);
  }
  expect(await appAnswers(page)).toBe(true);
});
