// The deterministic resolver on real public pages (tests/fixtures/real-pages/): each page is
// loaded in Chromium at its viewport with the agent's collector, every case's target is
// checked to be one visible element on top at its centre, and the pure resolver runs here.
// Every case is its own test, so a regression names its case. Cases the resolver misses today
// are listed in known-misses.json: they must still fail (a fixed one asks to be removed from
// the list), and the accuracy of each split must stay at or above its floor.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './harness.ts';
import { resolveStep } from '../../src/driver/resolve.ts';
import {
  corpusFixtures,
  isWithheld,
  judgeCase,
  knownMisses,
  listCorpus,
  SPLITS,
  stepOf,
  type CaseFixture,
  type Split,
} from '../support/real-pages.ts';

/**
 * Accuracy floors per split: today's figures, so any regression fails. The issue's targets
 * are 97 % (tuning) and 95 % (held-out); the README gives the current figures. held-out-2's
 * floor is about 3 points under its accuracy when it was written (never tuned on); so is
 * tuning-2's (measured once after its steps were written blind: 105/157, 66.9 %; 106/157,
 * 67.5 %, once an ambiguous step was made unambiguous), and tuning-3's (117/160, 73.1 %,
 * when written blind in session 16), held-out-3's (97/123, 78.9 %, when written blind in
 * session 17, with the resolver of that session's start and of its end alike), tuning-4's
 * (78/111, 70.3 %, written blind in session 17) and held-out-4's (93/128, 72.7 %, written blind
 * in session 20), tuning-5's (75/94, 79.8 %, written blind in session 23), tuning-6's (76/96, 79.2 %)
 * and held-out-5's (84/112, 75.0 %), both written blind in session 25, tuning-7's (71/96,
 * 74.0 %, written blind in session 28) and tuning-8's (85/96, 88.5 %, written blind in session 29) and tuning-9's (65/96, 67.7 %, written
 * blind in session 30) and tuning-10's (79/96, 82.3 %, written blind in session 31) and tuning-11's (67/96, 69.8 %, written
 * blind in session 35) and tuning-12's (68/96, 70.8 %) and held-out-6's (56/80, 70.0 %), both written blind in session 36,
 * and tuning-13's (44/64, 68.8 %, written blind in session 37), and tuning-14's (54/80, 67.5 %) and held-out-7's
 * (70/80, 87.5 %), both written blind in session 40.
 */
const FLOOR: Record<Split, number> = {
  tuning: 0.9,
  'tuning-2': 0.75,
  'tuning-3': 0.7,
  'tuning-4': 0.67,
  'tuning-5': 0.76,
  'tuning-6': 0.76,
  'tuning-7': 0.71,
  'tuning-8': 0.85,
  'tuning-9': 0.65,
  'tuning-10': 0.8,
  'tuning-11': 0.66,
  'tuning-12': 0.67,
  'tuning-13': 0.65,
  'tuning-14': 0.64,
  'held-out': 0.79,
  'held-out-2': 0.78,
  'held-out-3': 0.75,
  'held-out-4': 0.69,
  'held-out-5': 0.72,
  'held-out-6': 0.67,
  'held-out-7': 0.84,
};

const { pages, problems } = listCorpus();
const cases = pages.flatMap((p) => p.cases.map((c) => `${p.split}/${p.name} ${c.id}`));
const misses = knownMisses();
const fixtures = new Map<string, CaseFixture>();
const verdicts = new Map<string, boolean>();
let browser: Browser;

// Every page of every split is loaded once (164 pages since session 40, 200-odd loads with the cases
// that have a setup of their own): about 3.5 minutes (at 90 pages) on a two-core machine that runs other tests
// too (5 minutes while each load had a browser context of its own).
beforeAll(async () => {
  browser = await launchBrowser();
  for (const f of await corpusFixtures(browser, pages)) fixtures.set(f.key, f);
}, 900_000);
afterAll(async () => {
  await browser?.close();
});

/** The held-out splits' share of the pages (issue 13 asks for at least 30 %); held-out-2, -3 and -4 count as held out. */
const HELD_OUT_SHARE = 0.3;

test('the corpus is well formed: at least 20 pages, 250 steps, 10 families, held-out splits of 30 % of the pages or more', () => {
  expect(problems).toEqual([]);
  expect(pages.length).toBeGreaterThanOrEqual(20);
  expect(cases.length).toBeGreaterThanOrEqual(250);
  expect(new Set(pages.map((p) => p.family)).size).toBeGreaterThanOrEqual(10);
  expect(pages.filter((p) => isWithheld(p.split)).length / pages.length).toBeGreaterThanOrEqual(HELD_OUT_SHARE);
  for (const m of misses) expect(cases, `known-misses.json names ${m}, which is not a case`).toContain(m);
});

describe.each(SPLITS)('%s', (split) => {
  test.each(cases.filter((k) => k.startsWith(`${split}/`)))('%s', (key) => {
    const f = fixtures.get(key);
    expect(f, 'no fixture (page failed to load?)').toBeDefined();
    if (!f) return;
    expect(f.problem, 'the case itself is invalid').toBe('');
    const v = judgeCase(f, resolveStep(stepOf(f.c), f.snapshot));
    verdicts.set(key, v.pass);
    if (misses.has(key)) expect(v.pass, 'a known miss now passes: remove it from known-misses.json').toBe(false);
    // Held-out cases fail without their description or the resolver's reasons: those splits are not for tuning.
    else
      expect(v.pass, isWithheld(split) ? `${split} case no longer resolves (details withheld)` : `"${f.c.description}": ${v.why}`).toBe(
        true,
      );
  });

  test(`${split} accuracy stays at or above its floor`, () => {
    const keys = cases.filter((k) => k.startsWith(`${split}/`));
    const right = keys.filter((k) => verdicts.get(k) === true).length;
    console.log(`resolver on real pages, ${split}: ${right}/${keys.length} (${((right / keys.length) * 100).toFixed(1)} %)`);
    expect(right / keys.length).toBeGreaterThanOrEqual(FLOOR[split]);
  });
});
