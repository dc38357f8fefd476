// Screenshot of exactly the viewport (scroll position honoured), rasterised from the DOM
// by snapdom inside the frame (modern-screenshot throws there: it reaches for the parent).
// Corrections that make it match real pixels (tests/browser/run-capture.test.ts):
// - the canvas background: browsers paint the root's background (or, when the root has
//   none, the body's) over the whole viewport; snapdom paints only element boxes, so
//   the output canvas is filled with that colour first;
// - margins and box sizes of the clone, fixed in restoreEdgeMargins() below;
// - fixed and sticky boxes, which snapdom pads by a pixel or two: undoFixedPadding().
import { snapdom } from '@zumer/snapdom';
import type { CaptureResult } from './protocol.ts';
import { call, type Saved } from './saved.ts';

function isTransparent(color: string): boolean {
  return color === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(color);
}

/** The colour the browser paints behind everything (CSS Backgrounds 3, "root element"). */
export function canvasBackground(s: Saved): string {
  const root = s.doc.documentElement;
  const rootBg = s.getComputedStyle(root).backgroundColor;
  if (!isTransparent(rootBg)) return rootBg;
  const body = s.doc.body;
  if (body) {
    const bodyBg = s.getComputedStyle(body).backgroundColor;
    if (!isTransparent(bodyBg)) return bodyBg;
  }
  return '#ffffff';
}

// Two clone fixes, both needed because snapdom treats the root as an ordinary element:
// - it zeroes the edge margins along the first/last-child chain (body, its first child),
//   so a first child's top margin, which in the page collapses through the body and
//   moves everything down, is lost: those margins are put back from the source;
// - a canvas/video becomes an <img> that keeps its borders but not its box sizing;
// - the root always establishes a block formatting context, so margins never escape it;
//   the clone is a plain block inside snapdom's wrapper: flow-root restores the BFC.
interface CloneContext {
  clone?: HTMLElement | SVGElement | null;
  nodeMap?: unknown;
}

export function restoreEdgeMargins(s: Saved, context: CloneContext): void {
  const clone = context.clone as HTMLElement | null | undefined;
  if (clone?.style) clone.style.setProperty('display', 'flow-root', 'important');
  const map = context.nodeMap;
  if (!(map instanceof Map)) return;
  for (const [c, src] of map as Map<Element, Element>) {
    if (c === clone || src.tagName === 'PRE' || !(c as HTMLElement).style) continue;
    const style = (c as HTMLElement).style;
    // A canvas or video frame becomes an <img> sized to the source's border box while
    // keeping its borders: without border-box it grows by the border width.
    if ((src.tagName === 'CANVAS' || src.tagName === 'VIDEO') && c.tagName === 'IMG') style.setProperty('box-sizing', 'border-box');
    const computed = s.getComputedStyle(src);
    for (const side of ['margin-top', 'margin-bottom'] as const) {
      if (style.getPropertyValue(side) === '0px' && computed.getPropertyValue(side) !== '0px') {
        style.setProperty(side, computed.getPropertyValue(side));
      }
    }
  }
}

/**
 * snapdom pins fixed and sticky elements as absolute boxes at their viewport position but
 * pads them: 2 px wider, and 1 px up (or left) and 1 px taller (or wider) when they touch
 * the viewport's top (or left) edge. Content laid out inside moves with the padding: a
 * dialog flex-centred in a full-screen backdrop sits 0.5 px higher and snaps to the pixel
 * row above the real one, which OCR notices. Boxes carrying exactly that padding, and no
 * transform of their own, get the element's real box back; anything else stays as is.
 */
export function undoFixedPadding(s: Saved, context: CloneContext): void {
  const map = context.nodeMap;
  if (!(map instanceof Map)) return;
  const root = s.doc.documentElement;
  const k = call(s.getBoundingClientRect, root);
  const near = (a: number, b: number) => Math.abs(a - b) < 0.01;
  for (const [c, src] of map as Map<Element, Element>) {
    const style = (c as HTMLElement).style as CSSStyleDeclaration | undefined;
    if (!style || style.position !== 'absolute' || src === root) continue;
    if (style.transform && style.transform !== 'none') continue;
    const position = s.getComputedStyle(src).position;
    if (position !== 'fixed' && position !== 'sticky') continue;
    const u = call(s.getBoundingClientRect, src);
    const x = u.left - k.left - root.clientLeft;
    const y = u.top - k.top - root.clientTop;
    const [left, top, width, height] = [style.left, style.top, style.width, style.height].map((v) => parseFloat(v)) as [number, number, number, number];
    const horizontal = (near(left, x) && near(width, u.width + 2)) || (near(left, x - 1) && near(width, u.width + 3));
    const vertical = (near(top, y) && near(height, u.height)) || (near(top, y - 1) && near(height, u.height + 1));
    if (!horizontal || !vertical) continue;
    style.left = `${x}px`;
    style.top = `${y}px`;
    style.width = `${u.width}px`;
    style.height = `${u.height}px`;
  }
}

/**
 * snapdom works in one task (the frame is frozen meanwhile) at about 0.45 ms per element
 * of the document even off screen, plus about 0.4 ms per element in view (measured on 2
 * cores: 20k elements off screen 9 s, 5k in view 4 s, 100k mixed 57 s). Past these
 * sizes a capture would take many seconds, so it is refused with a reason instead (the
 * 'cdp' backend has no such limit).
 */
export const MAX_ELEMENTS_IN_VIEW = 6000;
export const MAX_ELEMENTS_TOTAL = 15000;

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

export async function captureViewport(s: Saved): Promise<CaptureResult> {
  const t0 = s.now();
  const w = s.win;
  const width = w.innerWidth;
  const height = w.innerHeight;
  const root = s.doc.documentElement;
  const total = s.doc.getElementsByTagName('*').length;
  if (total > MAX_ELEMENTS_TOTAL) throw new Error(`too many elements for the DOM rasteriser (${total} > ${MAX_ELEMENTS_TOTAL})`);
  const inView = elementsInView(s, MAX_ELEMENTS_IN_VIEW);
  if (inView > MAX_ELEMENTS_IN_VIEW) throw new Error(`too many elements in view for the DOM rasteriser (${inView} > ${MAX_ELEMENTS_IN_VIEW})`);
  const out = s.doc.createElement('canvas');
  out.width = width;
  out.height = height;
  const g = out.getContext('2d');
  if (!g) throw new Error('no 2d context for the capture canvas');
  g.fillStyle = canvasBackground(s);
  g.fillRect(0, 0, width, height);
  const t1 = s.now();
  const shot = await snapdom(root, { clip: 'viewport', embedFonts: 'auto', dpr: 1, scale: 1, cache: 'soft', plugins: [{ name: 'iwr-real-boxes', afterClone: (c: CloneContext) => { restoreEdgeMargins(s, c); undoFixedPadding(s, c); if ((globalThis as any).__DBG_NOSTYLE) for (const [cl, src] of c.nodeMap as Map<Element, Element>) { if (src.tagName === 'STYLE' || src.tagName === 'LINK') cl.remove(); } } }], ...((globalThis as any).__DBG_OPTS ?? {}) });
  const t2 = s.now();
  const canvas = await shot.toCanvas({ dpr: 1 });
  g.drawImage(canvas, 0, 0);
  const t3 = s.now();
  const png = encodePng(out);
  const t4 = s.now();
  return { png, width, height, ms: Math.round(t4 - t0), phases: { prepare: Math.round(t1 - t0), clone: Math.round(t2 - t1), raster: Math.round(t3 - t2), encode: Math.round(t4 - t3) } };
}
