// Screenshot of exactly the viewport (scroll position honoured), rasterised from the DOM
// by snapdom inside the frame (modern-screenshot throws there: it reaches for the parent).
// snapdom clones the page with each element's computed style, serialises the clone into an
// SVG foreignObject and lets the browser draw that image. The clone differs from the page
// in ways that show; the hooks below correct them, one file per cause under capture/, each
// with its reason and the page that showed it. The parity check (npm run capture-parity,
// tests/browser/capture-parity.test.ts, tests/browser/run-capture.test.ts) measures the
// result against real pixels; the README lists what stays unmatched. The output canvas
// is filled with the canvas background colour first (capture/canvas-background.ts).
import { snapdom } from '@zumer/snapdom';
import type { CaptureResult } from './protocol.ts';
import { call, type Saved } from './saved.ts';
import {
  clipStickyToScrollports,
  exactStandInSizes,
  keepTableColumns,
  lineClampBoxes,
  exactLengths,
  unitlessLineHeights,
  keepEmptyPseudoBoxes,
  releaseCollapsedMargins,
  usedPercentRowGaps,
  keepFloatOnlyHeights,
  nativeButtons,
  currentColorBorders,
  hiddenTableBorders,
  restoreEdgeMargins,
  restoreFixedOrder,
  restoreFormControls,
  restoreTextBoxWidths,
  restoreAutoMinSizes,
  undoFixedPadding,
  type CloneContext,
} from './capture/boxes.ts';
import { dropAuthorStyles } from './capture/author-css.ts';
import { embedIconFonts, iconGlyphsAsText } from './capture/icons.ts';
import { HIDE_SCROLLBARS_CSS } from './capture/scrollbars.ts';
import { fieldPartsCss } from './capture/field-parts.ts';
import { exactColors } from './capture/colors.ts';
import { canvasBackground, clearCanvasBackgroundSource, paintCanvasBackground } from './capture/canvas-background.ts';
import { keepBrokenImages, restoreBrokenImageSizes } from './capture/images.ts';
import { svgVariables } from './capture/svg-variables.ts';
import { svgOutlines } from './capture/svg-outlines.ts';
import { dropNonXmlAttributes } from './capture/attribute-names.ts';

/**
 * snapdom works in one task (the frame is frozen meanwhile), about 0.4 ms per element in
 * view (5k in view 4 s on 2 cores). Off screen it keeps a hidden box of each subtree's size
 * (clip: 'viewport'), about 0.04 ms per element (session 20, 2 cores, the `huge-dom` feature
 * page: 20k elements 0.6–1.1 s, 50k 1.6–2.4 s, 100k 3.7–5.5 s; 2–3x that beside a test run).
 * Past these sizes a capture would near CAPTURE_TIMEOUT_MS, so it is refused with a reason
 * instead (the 'cdp' backend has no such limit). The total was 15k when off-screen elements
 * cost ten times more; an icon gallery of 20k elements was refused.
 */
export const MAX_ELEMENTS_IN_VIEW = 6000;
export const MAX_ELEMENTS_TOTAL = 60000;

function elementsInView(s: Saved, limit: number): number {
  const all = s.doc.getElementsByTagName('*');
  if (all.length <= limit) return all.length;
  const vw = s.win.innerWidth;
  const vh = s.win.innerHeight;
  let n = 0;
  for (let i = 0; i < all.length; i++) {
    const r = call(s.getBoundingClientRect, all[i]!);
    if (r.bottom > 0 && r.right > 0 && r.top < vh && r.left < vw) n++;
  }
  return n;
}

/**
 * PNG bytes of a canvas, encoded synchronously. Not toBlob/convertToBlob: Chromium encodes
 * those in idle periods and waits up to 1 s for one to start and 5.7 s for it to finish
 * (CanvasAsyncBlobCreator's kIdleTaskStartTimeoutDelayMs / kIdleTaskCompleteTimeoutDelayMs).
 * A sandboxed frame in a headless or background tab rarely gets idle periods, so most
 * captures stalled ~6.8 s in the encode phase; toDataURL encodes at once (~10 ms at
 * 1280x720, ~20 ms at 1920x1080 on 2 cores).
 */
export function encodePng(canvas: HTMLCanvasElement): Blob {
  const url = canvas.toDataURL('image/png');
  const bin = atob(url.slice(url.indexOf(',') + 1));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

/** Every correction of snapdom's clone, in order (each says why in its own file). */
async function afterClone(s: Saved, c: CloneContext): Promise<void> {
  dropAuthorStyles(c);
  svgVariables(s, c);
  svgOutlines(s, c);
  keepBrokenImages(c);
  restoreEdgeMargins(s, c);
  keepEmptyPseudoBoxes(s, c);
  releaseCollapsedMargins(s, c);
  keepFloatOnlyHeights(s, c);
  exactStandInSizes(s, c);
  keepTableColumns(s, c);
  restoreTextBoxWidths(s, c);
  lineClampBoxes(s, c);
  restoreAutoMinSizes(s, c);
  usedPercentRowGaps(s, c);
  restoreFormControls(s, c);
  undoFixedPadding(s, c);
  restoreFixedOrder(s, c);
  clipStickyToScrollports(s, c);
  await paintCanvasBackground(s, c);
  const iconCss = await embedIconFonts(s, iconGlyphsAsText(s, c));
  if (c.clone) {
    const style = s.doc.createElement('style');
    style.textContent = `${HIDE_SCROLLBARS_CSS}\n${fieldPartsCss(s)}\n${iconCss}`;
    c.clone.insertBefore(style, c.clone.firstChild);
  }
}

/** Corrections after snapdom's own late passes (image inlining, background inlining). */
function beforeRender(s: Saved, c: CloneContext): void {
  restoreBrokenImageSizes(s, c);
  nativeButtons(s, c);
  currentColorBorders(s, c);
  hiddenTableBorders(s, c);
  exactLengths(s, c);
  unitlessLineHeights(s, c);
  clearCanvasBackgroundSource(s, c);
  exactColors(c);
  dropNonXmlAttributes(c);
}

/** snapdom's capture of the viewport with the corrections above (its `url` is the SVG). */
export function snapViewport(s: Saved) {
  return snapdom(s.doc.documentElement, {
    clip: 'viewport',
    embedFonts: 'auto',
    dpr: 1,
    scale: 1,
    cache: 'soft',
    // Not in snapdom's types: its "automatic" image optimisation shrinks an embedded image
    // that is drawn smaller than its natural size and re-encodes it (JPEG 0.92). The page
    // draws the original, scaled by the compositor; the re-encoded copy differs in every
    // pixel of the image, and on Volt's settings page that alone (a 500x333 photo shown at
    // 128x128) made tesseract read the whole page in another order (OCR 0.29).
    ...({ compress: false } as object),
    plugins: [
      { name: 'iwr-real-pixels', afterClone: (c: CloneContext) => afterClone(s, c), beforeRender: (c: CloneContext) => beforeRender(s, c) },
    ],
  });
}

export async function captureViewport(s: Saved): Promise<CaptureResult> {
  const t0 = s.now();
  const w = s.win;
  const width = w.innerWidth;
  const height = w.innerHeight;
  const total = s.doc.getElementsByTagName('*').length;
  if (total > MAX_ELEMENTS_TOTAL) throw new Error(`too many elements for the DOM rasteriser (${total} > ${MAX_ELEMENTS_TOTAL})`);
  const inView = elementsInView(s, MAX_ELEMENTS_IN_VIEW);
  if (inView > MAX_ELEMENTS_IN_VIEW)
    throw new Error(`too many elements in view for the DOM rasteriser (${inView} > ${MAX_ELEMENTS_IN_VIEW})`);
  const out = s.doc.createElement('canvas');
  out.width = width;
  out.height = height;
  const g = out.getContext('2d');
  if (!g) throw new Error('no 2d context for the capture canvas');
  g.fillStyle = canvasBackground(s);
  g.fillRect(0, 0, width, height);
  const t1 = s.now();
  const shot = await snapViewport(s);
  const t2 = s.now();
  const canvas = await shot.toCanvas({ dpr: 1 });
  g.drawImage(canvas, 0, 0);
  const t3 = s.now();
  const png = encodePng(out);
  const t4 = s.now();
  return {
    png,
    width,
    height,
    ms: Math.round(t4 - t0),
    phases: { prepare: Math.round(t1 - t0), clone: Math.round(t2 - t1), raster: Math.round(t3 - t2), encode: Math.round(t4 - t3) },
  };
}
