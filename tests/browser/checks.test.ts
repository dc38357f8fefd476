// Judge-free checks in a real replay (src/checks, src/agent/observe.ts, src/run/checks.ts):
// every check kind passing and failing on a live page, with its evidence; a page that throws,
// loops or removes the element fails the check with a reason and never hangs the run; two
// runs give the same verdicts.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './harness.ts';
import { appAnswers, fixturePage, replayPage, task, type StepSpec } from './run-support.ts';
import type { Check, CheckEntry } from '../../src/checks/types.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openApp(browser));
});
afterAll(async () => {
  await browser?.close();
});

const entry = (step: number, check: Check): CheckEntry => ({
  step,
  assertion: `assertion ${step}`,
  check,
  provenance: { by: 'hand', created: '2026-12-01' },
});

/** A task whose steps carry the assertion texts the entries were written for. */
function withAssertions(steps: StepSpec[]) {
  const t = task(steps);
  t.action_sequence.forEach((s, i) => ((s as { logical_assertion: string | null }).logical_assertion = `assertion ${i}`));
  return t;
}

const shopSteps: StepSpec[] = [
  { type: 'Click', description: "Click the 'Add to basket' button" },
  { type: 'Click', description: "Click the 'Add two' button" },
  { type: 'Click', description: "Tick the 'I agree to the terms' checkbox" },
  { type: 'Type', description: "Type 'Ada' into the 'Full name' field", text: 'Ada' },
  { type: 'Click', description: "Click the 'Details' button" },
  { type: 'Click', description: "Click 'Filter to the sea'" },
  { type: 'Click', description: "Click 'Finish the order'" },
  { type: 'Click', description: "Click 'Remove the badge'" },
  { type: 'Click', description: "Click the 'Add to basket' button" },
  { type: 'Click', description: "Click 'Pick me'" },
  { type: 'Click', description: "Click the 'Add two' button" },
];

const shopChecks: CheckEntry[] = [
  // A number that went up by one, found by text; and the text itself.
  entry(0, {
    all: [
      { kind: 'number', target: { text: 'Cart' }, op: '=', change: 1 },
      { kind: 'text', text: 'Cart 1' },
    ],
  }),
  // The same check after a step that adds two: fails, with both numbers in the evidence.
  entry(1, { kind: 'number', target: { description: 'the cart count in the header' }, op: '=', change: 1 }),
  entry(2, { kind: 'state', target: { text: 'I agree to the terms' }, state: 'checked' }),
  entry(3, { kind: 'value', target: { description: "the 'Full name' field" }, equals: 'Ada' }),
  entry(4, {
    all: [
      { kind: 'state', target: { selector: '#toggle' }, state: 'expanded' },
      { kind: 'visible', target: { text: 'Weight 2.1 kg' } },
      { kind: 'changed' },
    ],
  }),
  entry(5, {
    all: [
      { kind: 'count', text: 'Ocean', op: '=', value: 3 },
      { kind: 'text', text: 'Forest Walk', present: false },
    ],
  }),
  entry(6, {
    all: [
      { kind: 'hash', equals: '#done' },
      { kind: 'title', contains: 'done' },
    ],
  }),
  // Far below the fold: on the page, not in view; the badge is gone, so it counts as hidden.
  entry(7, {
    all: [
      { kind: 'text', text: 'Far below the fold', where: 'page' },
      { not: { kind: 'text', text: 'Far below the fold' } },
      { kind: 'visible', target: { text: 'Cart' }, visible: false },
    ],
  }),
  // The element a check names no longer exists.
  entry(8, { kind: 'number', target: { selector: '#badge' }, op: '=', value: 1 }),
  // Highlighted by the click (not by its focus ring), and a button that stays as it was.
  entry(9, { kind: 'restyled', target: { text: 'Pick me' } }),
  entry(10, { kind: 'restyled', target: { description: "the 'Add two' button" } }),
];

test('every check kind on a live page: verdicts and evidence', async () => {
  const out = await replayPage(page, fixturePage('checks.html'), withAssertions(shopSteps), { checks: shopChecks } as never);
  expect(out.summary.failedAt).toBeNull();
  const verdicts = out.records.slice(1).map((r) => r.check);
  expect(verdicts.map((v) => v?.result)).toEqual(['Yes', 'No', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'No', 'Yes', 'No']);
  expect(verdicts[0]?.evidence.map((e) => e.seen)).toEqual([expect.stringContaining('0 -> 1'), '"Cart 1" seen in view']);
  expect(verdicts[1]?.evidence[0]?.seen).toMatch(/^1 -> 3 in <span#badge> "cart 3": changed by 2 \(needs = 1\)$/);
  expect(verdicts[2]?.evidence[0]?.seen).toMatch(/^checked in <label>/);
  expect(verdicts[3]?.evidence[0]?.seen).toMatch(/^value "Ada" in <input#name>/);
  expect(verdicts[4]?.evidence.map((e) => e.kind)).toEqual(['state', 'visible', 'changed']);
  expect(verdicts[5]?.evidence[0]?.seen).toBe('3 visible element(s) containing "Ocean" (needs = 3)');
  expect(verdicts[6]?.evidence.map((e) => e.seen)).toEqual(['hash "#done"', 'title "Order done"']);
  expect(verdicts[7]?.evidence.map((e) => e.pass)).toEqual([true, false, true]);
  expect(verdicts[8]?.summary).toContain('#badge not found');
  expect(verdicts[9]?.evidence[0]?.seen).toMatch(/^restyled in <button#pick.on> "pick me" \(rgb/);
  expect(verdicts[10]?.evidence[0]?.seen).toMatch(/^looks the same in <button#add2>/);
  // Each record says how long its check took.
  expect(out.records[1]?.timings.checkMs).toBeGreaterThanOrEqual(0);
});

test('two runs give the same verdicts', async () => {
  const run = async () =>
    (await replayPage(page, fixturePage('checks.html'), withAssertions(shopSteps), { checks: shopChecks } as never)).records.map(
      (r) => r.check ?? null,
    );
  const [a, b] = [await run(), await run()];
  expect(JSON.stringify(b)).toBe(JSON.stringify(a));
});

test('a page that breaks the DOM functions the agent reads with: that read fails with the reason, the others answer', async () => {
  const out = await replayPage(
    page,
    fixturePage('hostile/checks-throw.html'),
    withAssertions([{ type: 'Click', description: "Click 'Break the page'" }]),
    {
      checks: [
        entry(0, {
          all: [
            { kind: 'text', text: 'Broken' },
            { kind: 'title', equals: 'Throws' },
          ],
        }),
      ],
    } as never,
  );
  expect(out.records[1]?.status).toBe('ok');
  const v = out.records[1]?.check;
  expect(v?.result).toBe('No');
  expect(v?.evidence.map((e) => [e.pass, e.seen])).toEqual([
    [false, 'could not be read: createTreeWalker is broken on purpose'],
    [true, 'title "Throws"'],
  ]);
});

test('a page that spins forever after the step: the check fails on its time limit, the run ends, the app answers', async () => {
  const out = await replayPage(
    page,
    fixturePage('hostile/checks-loop.html'),
    withAssertions([
      { type: 'Click', description: "Click 'Start'" },
      { type: 'Click', description: "Click 'Start'" },
    ]),
    { checks: [entry(0, { kind: 'text', text: 'Started' })], stepTimeoutMs: 3000, captureTimeoutMs: 1500 } as never,
  );
  expect(out.records[1]?.check?.result).toBe('No');
  expect(out.records[1]?.check?.summary).toContain('did not answer');
  expect(out.summary.failedAt).toBe(1);
  expect(await appAnswers(page)).toBe(true);
}, 60_000);
