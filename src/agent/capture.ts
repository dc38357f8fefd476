// Screenshot of exactly the viewport, rasterised from the DOM by snapdom inside the frame.
// Two corrections make it match real pixels (tests/browser/run-capture.test.ts):
// - the canvas background: browsers paint the root's background (or, when the root has
//   none, the body's) over the whole canvas; snapdom paints only the element box;
// - margin collapse: the body's first child's top margin collapses through the body in
//   the real page; captured as a detached clone it does not, so content is shifted. We
//   capture the root element and place it by its real viewport offset.
import { snapdom } from '@zumer/snapdom';
import type { CaptureResult } from './protocol.ts';
import type { Saved } from './saved.ts';

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

// The root element always establishes a block formatting context, so a child's top margin
// never escapes it; snapdom's clone of the root is an ordinary block inside its own
// wrapper, where the margin escapes and the content moves up. flow-root restores the BFC.
const rootAsBfc = {
  name: 'iwr-root-bfc',
  afterClone(context: { clone?: HTMLElement | SVGElement | null }) {
    const clone = context.clone as HTMLElement | null | undefined;
    if (clone?.style) clone.style.setProperty('display', 'flow-root', 'important');
  },
};

export async function captureViewport(s: Saved): Promise<CaptureResult> {
  const t0 = s.now();
  const w = s.win;
  const width = w.innerWidth;
  const height = w.innerHeight;
  const root = s.doc.documentElement;
  const out = s.doc.createElement('canvas');
  out.width = width;
  out.height = height;
  const g = out.getContext('2d');
  if (!g) throw new Error('no 2d context for the capture canvas');
  g.fillStyle = canvasBackground(s);
  g.fillRect(0, 0, width, height);
  const shot = await snapdom(root, { clip: 'viewport', embedFonts: 'auto', dpr: 1, scale: 1, cache: 'soft', plugins: [rootAsBfc] });
  const canvas = await shot.toCanvas({ dpr: 1 });
  (s.consoleMethods.log ?? (() => {}))('IWRDEBUG', JSON.stringify(shot.meta), decodeURIComponent(shot.toRaw()).replace(/<style[\s\S]*?<\/style>/g, '').replace(/style="[^"]{200,}"/g, 'style=LONG').slice(0, 3000));
  g.drawImage(canvas, 0, 0);
  const png = await new Promise<Blob>((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob gave nothing'))), 'image/png'));
  return { png, width, height, ms: Math.round(s.now() - t0) };
}
