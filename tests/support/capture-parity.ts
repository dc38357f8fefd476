// The capture-parity check (issue 14): each page of the corpus opened in the app's sandbox,
// captured by the DOM rasteriser (snapdom in the frame, src/agent/capture.ts) and as real
// pixels (a protocol screenshot of the frame's rectangle, exactly as `--capture cdp`), after
// load and after the official scroll of half a viewport; the two images compared by pixels,
// OCR (the official similarity) and DINO. Shared by `npm run capture-parity` (the table) and
// tests/browser/capture-parity.test.ts (the bounds).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { listCorpus, SPLITS, type Split } from './real-pages.ts';
import { CDP_SCREENSHOT } from '../../src/cli/evaluate.ts';

export const PARITY_DIR = fileURLToPath(new URL('../fixtures/capture-parity/', import.meta.url));

/**
 * Where a page comes from: made for one rendering feature, a real page of the tuning,
 * held-out or held-out-2 split of the resolver's corpus, or a real page gathered for the
 * capture (tuning-2, tests/fixtures/capture-parity/tuning-2/, used while fixing; the
 * resolver corpus's tuning-2 split has steps on the same files, read from here), or a page
 * of the resolver corpus's tuning-3 split (session 16: new families to find new causes on).
 * Held-out pages are measured only, never opened or debugged. tuning-2, tuning-3,
 * tuning-4 to tuning-14 and held-out-2 to held-out-7 are measured by the script, not by the browser test (CI time).
 */
export type ParitySplit = 'feature' | Split;
/** The feature pages, then every split of the resolver's real-page corpus, in its order. */
export const PARITY_SPLITS: readonly ParitySplit[] = ['feature', ...SPLITS];
/** What tests/browser/capture-parity.test.ts checks. */
export const TESTED_PARITY_SPLITS: readonly ParitySplit[] = ['feature', 'tuning', 'held-out'];

/** Done-when bounds of issue 14, per page and state. */
export const MAX_DIFF_FRACTION = 0.02;
export const MIN_OCR_SIMILARITY = 0.97;

/**
 * Pixel tolerance: a pixel of one image matches when some pixel of the other within
 * SHIFT_PX (the 3x3 neighbourhood) has every channel within CHANNEL_TOLERANCE. 48/255 is
 * pixelDiff's tolerance (tests/browser/run-support.ts): anti-aliasing of the same glyph or
 * edge drawn through another path stays under it, a missing glyph or a wrong fill does not.
 * The one-pixel shift forgives an edge snapped to the neighbouring pixel row.
 */
export const CHANNEL_TOLERANCE = 48;
export const SHIFT_PX = 1;

export interface ParityPage {
  split: ParitySplit;
  name: string;
  html: string;
  viewport: { width: number; height: number };
  /** JS run in the page after load, before the first capture (the corpus page's setup). */
  setup?: string;
  /** Asset name -> path under tests/fixtures/ (served by the app's test server at /fixtures/). */
  assets?: Record<string, string>;
  /** What the page exercises (feature pages). */
  cause?: string;
}

interface FeatureEntry {
  name: string;
  viewport: { width: number; height: number };
  cause: string;
  setup?: string;
  assets?: Record<string, string>;
}

/** The feature pages, from tests/fixtures/capture-parity/pages.json. */
export function featurePages(split: 'feature' | 'tuning-2' = 'feature'): ParityPage[] {
  const dir = split === 'feature' ? PARITY_DIR : join(PARITY_DIR, split);
  const manifest = JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8')) as { pages: FeatureEntry[] };
  return manifest.pages.map((e) => ({
    split,
    name: e.name,
    html: readFileSync(join(dir, `${e.name}.html`), 'utf8'),
    viewport: e.viewport,
    setup: e.setup,
    assets: e.assets,
    cause: e.cause,
  }));
}

/** Every page of the parity corpus in the given splits, in split then name order. */
export function parityPages(splits: readonly ParitySplit[] = PARITY_SPLITS): ParityPage[] {
  const out: ParityPage[] = [];
  if (splits.includes('feature')) out.push(...featurePages());
  if (splits.includes('tuning-2')) out.push(...featurePages('tuning-2'));
  const real = splits.filter((s): s is Exclude<ParitySplit, 'feature' | 'tuning-2'> => s !== 'feature' && s !== 'tuning-2');
  if (real.length) {
    const { pages, problems } = listCorpus(real);
    if (problems.length) throw new Error(`real-page corpus problems:\n${problems.join('\n')}`);
    for (const p of pages) out.push({ split: p.split, name: p.name, html: p.html, viewport: p.viewport, setup: p.setup });
  }
  return out;
}

/**
 * Appended to the page: after load, the page setup, web fonts and finite animations,
 * `data-iwr-parity` on the root says which scroll position is settled. After each scroll
 * the same wait runs again (a scroll handler may start a transition: a header shrinking).
 * Infinite animations never end: once the rest has settled they are paused where they are, so
 * that the DOM capture and the real pixels show one moment (a news page's floating cards and
 * ticker: its load capture read OCR 0.867 with the two images a few pixels apart, 1.000 paused).
 * Motion driven by script (a clock) is left to the retries below.
 */
function readyScript(setup: string | undefined): string {
  const body = `
(() => {
  const settle = async () => {
    await new Promise((r) => requestAnimationFrame(() => r()));
    const finite = document.getAnimations().filter((a) => {
      const t = a.effect && a.effect.getComputedTiming();
      return t && Number.isFinite(Number(t.endTime)) && a.playState === 'running';
    });
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
    for (const a of document.getAnimations()) if (a.playState === 'running') a.pause();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
  };
  let generation = 0;
  const mark = async () => {
    const g = ++generation;
    document.documentElement.removeAttribute('data-iwr-parity');
    await settle();
    if (g === generation) document.documentElement.setAttribute('data-iwr-parity', String(Math.round(scrollY)));
  };
  // Images and the first frame of each video, as a person watching would see them.
  const media = () => Promise.race([
    Promise.all([...document.images].filter((i) => !i.complete).map((i) => new Promise((r) => { i.addEventListener('load', r, { once: true }); i.addEventListener('error', r, { once: true }); }))
      .concat([...document.querySelectorAll('video')].filter((v) => v.readyState < 2 && !v.error).map((v) => new Promise((r) => { v.addEventListener('loadeddata', r, { once: true }); v.addEventListener('error', r, { once: true }); })))),
    new Promise((r) => setTimeout(r, 3000)),
  ]);
  addEventListener('load', async () => {
    try { await document.fonts.ready; } catch (e) {}
    await media();
    // The document is written in one go, so DOMContentLoaded and load come in one task: what
    // a page starts from DOMContentLoaded in a later task (jQuery runs its ready callbacks in a
    // setTimeout) has not run yet. The official harness waits a second after load; a few tasks do here.
    await new Promise((r) => setTimeout(r, 50));
    try { await (0, eval)(${JSON.stringify(setup ?? '')}); } catch (e) {
      // A page whose setup fails is not in the state its cases describe: no capture of it.
      document.title = 'parity setup failed: ' + e;
      document.documentElement.setAttribute('data-iwr-parity-error', '');
      return;
    }
    try { await document.fonts.ready; } catch (e) {}
    addEventListener('scroll', () => { mark(); }, { passive: true });
    await mark();
  });
})();`;
  return `<script>${body.replace(/<\/(script)/gi, '<\\/$1')}</script>`;
}

export interface StateShot {
  state: 'load' | 'scrolled';
  /** base64 PNGs */
  dom: string;
  real: string;
  domMs: number;
  /** False when the page kept changing its pixels for STILL_CAP_MS (the captures may show different moments). */
  still: boolean;
}

export interface PageShots {
  page: ParityPage;
  shots: StateShot[];
  /** Why the scrolled state is missing ('' when taken): the page does not scroll. */
  noScroll: string;
  error?: string;
}

async function waitReady(app: Page, id: number, scrollY: number | null, timeoutMs = 30_000): Promise<void> {
  const ready = scrollY === null ? 'html[data-iwr-parity]' : `html[data-iwr-parity="${Math.round(scrollY)}"]`;
  const selector = `${ready}, html[data-iwr-parity-error]`;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = (await app.evaluate(({ id, selector }) => window.iwr.sandbox.request(id, { cmd: 'inspect', selector }), {
      id,
      selector,
    })) as { found: boolean; title: string };
    if (r.found && r.title.startsWith('parity setup failed: ')) throw new Error(r.title);
    if (r.found) return;
    if (Date.now() > end) throw new Error(`the page did not settle within ${timeoutMs / 1000} s (${ready})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Real pixels as the CLI's 'cdp' backend takes them (src/cli/evaluate.ts): a clip of the
 * app page at the frame's rectangle, nothing injected into the frame (caret 'initial'). */
async function realPixels(app: Page, viewport: { width: number; height: number }): Promise<string> {
  const box = await app.evaluate(() => {
    const r = document.querySelector('iframe[data-iwr-sandbox]')!.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  });
  if (Math.round(box.width) !== viewport.width || Math.round(box.height) !== viewport.height)
    throw new Error(`frame is ${box.width}x${box.height}, not ${viewport.width}x${viewport.height}`);
  return (await app.screenshot({ clip: box, ...CDP_SCREENSHOT })).toString('base64');
}

/** How long a page may keep changing its pixels (a chart drawing itself, a jQuery fade). */
const STILL_CAP_MS = 4000;
const STILL_STEP_MS = 150;

/**
 * Both captures of one state: real pixels, the DOM capture, real pixels again. When the two
 * real shots differ the page was still changing (script animations such as Chart.js or a
 * jQuery fade are invisible to getAnimations and to mutation observers, and a capture taken
 * mid-animation measures the animation, not the rasteriser): wait and take all three again,
 * up to STILL_CAP_MS.
 */
async function shoot(app: Page, id: number, state: StateShot['state'], viewport: { width: number; height: number }): Promise<StateShot> {
  const end = Date.now() + STILL_CAP_MS;
  for (;;) {
    const before = await realPixels(app, viewport);
    const dom = (await app.evaluate((id) => window.iwr.sandbox.request(id, { cmd: 'capture' }), id)) as { png: string; ms: number };
    const real = await realPixels(app, viewport);
    const still = real === before;
    if (still || Date.now() > end) return { state, dom: dom.png, real, domMs: dom.ms, still };
    await new Promise((r) => setTimeout(r, STILL_STEP_MS));
  }
}

/** The app page must be at least as large as the largest viewport of the pages it opens. */
export function appViewport(pages: ParityPage[]): { width: number; height: number } {
  return { width: Math.max(800, ...pages.map((p) => p.viewport.width)), height: Math.max(600, ...pages.map((p) => p.viewport.height)) };
}

/** Opens a page in the app's sandbox and takes both captures of each state. */
export async function capturePage(app: Page, appUrl: string, p: ParityPage, opts: { scroll?: boolean } = {}): Promise<PageShots> {
  const assetUrls = Object.fromEntries(
    Object.entries(p.assets ?? {}).map(([name, path]) => [name, new URL(`fixtures/${path}`, appUrl).href]),
  );
  const html = p.html + readyScript(p.setup);
  const { id } = await app.evaluate(
    ({ html, vp, assetUrls }) => window.iwr.sandbox.open({ html, width: vp.width, height: vp.height, fit: false, assetUrls }),
    { html, vp: p.viewport, assetUrls },
  );
  const out: PageShots = { page: p, shots: [], noScroll: '' };
  try {
    await waitReady(app, id, null);
    out.shots.push(await shoot(app, id, 'load', p.viewport));
    if (opts.scroll !== false) {
      const r = (await app.evaluate(
        (id) => window.iwr.sandbox.request(id, { cmd: 'act', action: { type: 'Scroll', mode: 'official' } }),
        id,
      )) as { code: string; scrollAfter?: number; detail?: string };
      if (r.code === 'done') {
        await waitReady(app, id, r.scrollAfter ?? null);
        out.shots.push(await shoot(app, id, 'scrolled', p.viewport));
      } else {
        out.noScroll = r.detail ?? r.code;
      }
    }
  } catch (err) {
    out.error = err instanceof Error ? err.message : String(err);
  } finally {
    await app.evaluate((id) => window.iwr.sandbox.close(id), id);
  }
  return out;
}

export interface PixelCompare {
  /** Share of pixels with no match within the tolerance and the one-pixel shift (either direction). */
  fraction: number;
  /** The same without the shift (pixelDiff's measure), for reference. */
  strict: number;
  sizeMatch: boolean;
  /** A diff image (base64 PNG): the real capture faded, differing pixels red. Only when asked. */
  diffPng?: string;
}

/** Compares two PNGs (base64) in the app page. */
export async function comparePixels(app: Page, a: string, b: string, opts: { diffImage?: boolean } = {}): Promise<PixelCompare> {
  return app.evaluate(
    async ({ a, b, tol, shift, diffImage }) => {
      const load = async (b64: string) => createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
      const [ia, ib] = await Promise.all([load(a), load(b)]);
      const w = Math.min(ia.width, ib.width);
      const h = Math.min(ia.height, ib.height);
      const read = (img: ImageBitmap) => {
        const c = new OffscreenCanvas(w, h);
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, w, h).data;
      };
      const da = read(ia);
      const db = read(ib);
      const close = (x: Uint8ClampedArray, i: number, y: Uint8ClampedArray, j: number) =>
        Math.abs(x[i]! - y[j]!) <= tol && Math.abs(x[i + 1]! - y[j + 1]!) <= tol && Math.abs(x[i + 2]! - y[j + 2]!) <= tol;
      const matched = (x: Uint8ClampedArray, y: Uint8ClampedArray, px: number, py: number) => {
        for (let dy = -shift; dy <= shift; dy++) {
          const qy = py + dy;
          if (qy < 0 || qy >= h) continue;
          for (let dx = -shift; dx <= shift; dx++) {
            const qx = px + dx;
            if (qx < 0 || qx >= w) continue;
            if (close(x, (py * w + px) * 4, y, (qy * w + qx) * 4)) return true;
          }
        }
        return false;
      };
      let diff = 0;
      let strict = 0;
      const mask = diffImage ? new Uint8Array(w * h) : null;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const i = (y * w + x) * 4;
          if (close(da, i, db, i)) continue;
          strict++;
          if (!matched(da, db, x, y) || !matched(db, da, x, y)) {
            diff++;
            if (mask) mask[y * w + x] = 1;
          }
        }
      }
      let diffPng: string | undefined;
      if (mask) {
        const c = new OffscreenCanvas(w, h);
        const g = c.getContext('2d')!;
        const img = g.createImageData(w, h);
        for (let k = 0; k < w * h; k++) {
          const i = k * 4;
          if (mask[k]) {
            img.data[i] = 255;
            img.data[i + 1] = 0;
            img.data[i + 2] = 0;
          } else {
            const v = 255 - Math.round((255 - (db[i]! + db[i + 1]! + db[i + 2]!) / 3) * 0.25);
            img.data[i] = v;
            img.data[i + 1] = v;
            img.data[i + 2] = v;
          }
          img.data[i + 3] = 255;
        }
        g.putImageData(img, 0, 0);
        const blob = await c.convertToBlob({ type: 'image/png' });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let s = '';
        for (let k = 0; k < bytes.length; k += 0x8000) s += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
        diffPng = btoa(s);
      }
      return { fraction: diff / (w * h), strict: strict / (w * h), sizeMatch: ia.width === ib.width && ia.height === ib.height, diffPng };
    },
    { a, b, tol: CHANNEL_TOLERANCE, shift: SHIFT_PX, diffImage: opts.diffImage ?? false },
  );
}

/** OCR of both images with the app's engine and the official text similarity. */
export async function ocrParity(app: Page, a: string, b: string): Promise<{ similarity: number; dom: string; real: string }> {
  return app.evaluate(
    async ({ a, b }) => {
      const [x, y] = await Promise.all([window.iwr.ocr(a), window.iwr.ocr(b)]);
      return { similarity: window.iwr.ocrSimilarity(x.text, y.text), dom: x.text, real: y.text };
    },
    { a, b },
  );
}

/** The project's test DINO model (public/models/test-dinov2-tiny.onnx), loaded once per app page. */
export async function loadTestDino(app: Page): Promise<void> {
  await app.evaluate(() => window.iwr.loadDinoModel({ url: 'models/test-dinov2-tiny.onnx', backend: 'wasm' }));
}

export async function dinoParity(app: Page, a: string, b: string): Promise<number> {
  return app.evaluate(async ({ a, b }) => (await window.iwr.dinoSimilarity(a, b)).similarity, { a, b });
}

export interface ParityRow {
  split: ParitySplit;
  page: string;
  state: StateShot['state'];
  viewport: string;
  diff: number;
  strict: number;
  ocr: number | null;
  dino: number | null;
  domMs: number;
  /** The page's pixels did not change across the captures (see shoot). */
  still: boolean;
  /** Why this row fails the bounds ('' when it passes). */
  fails: string;
}

export function verdict(diff: number, ocr: number | null): string {
  const why: string[] = [];
  if (!(diff < MAX_DIFF_FRACTION)) why.push(`${(diff * 100).toFixed(2)} % pixels differ (bound < ${MAX_DIFF_FRACTION * 100} %)`);
  if (ocr !== null && !(ocr >= MIN_OCR_SIMILARITY)) why.push(`OCR similarity ${ocr.toFixed(3)} (bound >= ${MIN_OCR_SIMILARITY})`);
  return why.join('; ');
}

/** A markdown table of rows, one section per split. */
export function parityTable(rows: ParityRow[]): string {
  const lines: string[] = [];
  for (const split of PARITY_SPLITS) {
    const rs = rows.filter((r) => r.split === split);
    if (!rs.length) continue;
    const title = split === 'feature' ? 'feature pages' : `${split} real pages`;
    const fails = rs.filter((r) => r.fails).length;
    lines.push(
      `**${title}**: ${rs.length} captures, ${fails} outside the bounds; worst differing pixels ${(Math.max(...rs.map((r) => r.diff)) * 100).toFixed(2)} %, lowest OCR ${rs.some((r) => r.ocr !== null) ? Math.min(...rs.filter((r) => r.ocr !== null).map((r) => r.ocr!)).toFixed(3) : '-'}`,
      '',
    );
    lines.push(
      '| page | state | viewport | pixels differing | OCR similarity | DINO (test model) | DOM capture ms |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const r of rs) {
      const mark = r.fails ? ' ✗' : '';
      lines.push(
        `| ${r.page}${r.still ? '' : ' (still moving)'} | ${r.state} | ${r.viewport} | ${(r.diff * 100).toFixed(2)} %${mark} | ${r.ocr === null ? '-' : r.ocr.toFixed(3)} | ${r.dino === null ? '-' : r.dino.toFixed(4)} | ${r.domMs} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}
