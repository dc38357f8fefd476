// Capture parity on the corpus (issue 14): every page and state of tests/fixtures/capture-parity/
// and of the real-page corpus (tests/fixtures/real-pages/), captured by the DOM rasteriser and
// as real pixels in the app's sandbox, must differ in under 2 % of pixels (tolerance 48/255 and
// one pixel of shift); a few captures where OCR used to break are also held to OCR >= 0.97,
// and a few to exact pixels.
// The full table with OCR and DINO on every capture is `npm run capture-parity`.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launchBrowser, openApp } from './harness.ts';
import {
  appViewport,
  capturePage,
  comparePixels,
  MAX_DIFF_FRACTION,
  MIN_OCR_SIMILARITY,
  ocrParity,
  parityPages,
  TESTED_PARITY_SPLITS,
  type PageShots,
} from '../support/capture-parity.ts';

/**
 * Captures known to stay outside the pixel bound, each with its measured figure and cause.
 * Each must STILL be outside it: the test fails and asks for the entry to go once fixed.
 * Held-out pages are measured, never debugged, so their causes are unknown here.
 */
const KNOWN: Record<string, string> = {
  // None today: held-out/mdn-wildlife-article after the scroll (8.40 %) came inside with session
  // 37's stand-in margins (a <br> sibling's gap is no margin), found on tuning-12's Gantt demo.
};

/**
 * Captures whose OCR similarity is checked too (OCR costs about a second per image). Not
 * native-buttons: tesseract reads its grid of one-digit buttons differently on every small
 * change, and the page's own bold monospace digits are drawn a pixel apart from run to run
 * (0.701 and 1.000 on the same build). Not a-adminlte-kanban: 1.000 when captured alone (npm run capture-parity), 0.943 at 0.00 % of
 * pixels when seven pages capture at once here; the table in the README has its figure.
 */
const OCR_CHECKED = new Set([
  'feature/broken-images load', // alt text and icons instead of grey "img" boxes: 0.517 before
  'feature/faint-text load', // light grey captions, a light placeholder
  'feature/icon-font-pseudo load', // icon glyphs in a sidebar: 0.807 before
  'tuning/b-docsify-quickstart scrolled', // scrollbars over a sidebar reordered the reading: 0.438 before
  'feature/downscaled-images load', // snapdom's re-encoded copy of a photo drawn small: 0.905 before
  'tuning/c-volt-settings scrolled', // fields' text a row low and a re-encoded photo: 0.285 before
  'feature/default-selects load', // a disabled select drawn as a grey box: 0.940 before
  'feature/svg-sprite-variables load', // sprite icons painted with var(): black blots, serif letters: 0.865 before
  'feature/sticky-in-scroller load', // a sticky date row ran past its scroll container over the titles: 0.660 before
]);

/**
 * Captures held to exact pixels (no shift, channel tolerance 48/255): causes that move text
 * by one pixel row pass the shifted bound but change what tesseract reads on a full page.
 */
const STRICT_CHECKED: Record<string, number> = {
  'feature/field-text-offset load': 0.0001, // fields' text a row low (height not auto): 0.53 % before
  'feature/pinned-margins scrolled': 0.0001, // a stuck sidebar drawn its margin low: 1.21 % before
  'feature/unitless-line-height scrolled': 0.0001, // lines of text a row low: 2.97 % before
  'feature/svg-sprite-variables load': 0.0001, // sprite icons painted with var(): 0.37 % before
  // A handful of pixels on the dashed circle's antialiased dashes differ (0.01 %): 0.55 % before.
  'feature/svg-outline load': 0.001, // SVG bars' CSS outline lost
  'feature/icon-font-ligature load': 0.0001, // icon-font ligatures in ::after left empty: 0.33 % before
};

/**
 * App pages capturing at once: most of a page's time is waiting (its load, its setup's
 * timers, web fonts, finite animations), so several share two cores well (about 150 s one
 * at a time, 50 s seven at a time on this 2-core machine, for 75 pages and 114 captures).
 */
const WORKERS = 7;

const pages = parityPages(TESTED_PARITY_SPLITS);
let browser: Browser;
let apps: Page[] = [];
let app: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  apps = await Promise.all(Array.from({ length: WORKERS }, async () => (await openApp(browser, { viewport: appViewport(pages) })).page));
  app = apps[0]!;
});
afterAll(async () => {
  await browser?.close();
});

describe('capture parity', () => {
  test('every page and state is within the bounds, or listed as a known difference that still exceeds them', async () => {
    const outside: string[] = [];
    const rows: string[] = [];
    const seen = new Set<string>();
    const forOcr: { key: string; dom: string; real: string }[] = [];
    const check = async (page: Page, p: (typeof pages)[number]) => {
      const shots: PageShots = await capturePage(page, appUrl(), p);
      if (shots.error) {
        outside.push(`${p.split}/${p.name}: ${shots.error}`);
        return;
      }
      for (const s of shots.shots) {
        const key = `${p.split}/${p.name} ${s.state}`;
        seen.add(key);
        const px = await comparePixels(page, s.dom, s.real);
        let line = `${key}: ${(px.fraction * 100).toFixed(2)} %`;
        const problems: string[] = [];
        if (!px.sizeMatch) problems.push('sizes differ');
        if (!(px.fraction < MAX_DIFF_FRACTION)) problems.push(`${(px.fraction * 100).toFixed(2)} % of pixels differ`);
        const strictBound = STRICT_CHECKED[key];
        if (strictBound !== undefined && !(px.strict < strictBound))
          problems.push(`${(px.strict * 100).toFixed(2)} % of pixels differ exactly (bound ${strictBound * 100} %)`);
        if (OCR_CHECKED.has(key)) forOcr.push({ key, dom: s.dom, real: s.real });
        if (!s.still) line += ' (page still moving)';
        rows.push(line);
        if (KNOWN[key] !== undefined) {
          if (!problems.length) outside.push(`${key}: listed as known (${KNOWN[key]}) but now within the bounds: remove it from KNOWN`);
        } else if (problems.length) outside.push(`${key}: ${problems.join('; ')}`);
      }
    };
    const queue = [...pages];
    await Promise.all(
      apps.map(async (page) => {
        for (let p = queue.shift(); p; p = queue.shift()) await check(page, p);
      }),
    );
    // OCR afterwards, in one app page: one OCR worker starts instead of one per page.
    for (const o of forOcr) {
      const ocr = await ocrParity(app, o.dom, o.real);
      rows.push(`${o.key}: OCR ${ocr.similarity.toFixed(3)}`);
      if (!(ocr.similarity >= MIN_OCR_SIMILARITY)) outside.push(`${o.key}: OCR similarity ${ocr.similarity.toFixed(3)}`);
    }
    for (const key of Object.keys(KNOWN)) if (!seen.has(key)) outside.push(`${key}: listed as known but not captured`);
    for (const key of OCR_CHECKED) if (!seen.has(key)) outside.push(`${key}: OCR-checked but not captured`);
    for (const key of Object.keys(STRICT_CHECKED)) if (!seen.has(key)) outside.push(`${key}: strictly checked but not captured`);
    console.log(rows.sort().join('\n'));
    expect(pages.filter((p) => p.split === 'feature').length).toBeGreaterThanOrEqual(20);
    expect(
      outside,
      `outside the bounds (< ${MAX_DIFF_FRACTION * 100} % pixels, OCR >= ${MIN_OCR_SIMILARITY}):\n${outside.join('\n')}`,
    ).toEqual([]);
  }, 300_000);

  test('the bound can fail: the same page captured in another state differs by more than the bound', async () => {
    const p = pages.find((x) => x.split === 'feature' && x.name === 'fixed-sticky')!;
    const shots = await capturePage(app, appUrl(), p);
    const [load, scrolled] = shots.shots;
    expect(load && scrolled, shots.error ?? shots.noScroll).toBeTruthy();
    expect((await comparePixels(app, load!.dom, scrolled!.real)).fraction).toBeGreaterThan(MAX_DIFF_FRACTION);
  });
});
