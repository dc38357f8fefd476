// The canvas background: what the browser paints behind the whole page.
import { call, type Saved } from '../saved.ts';
import { replaceBackground, type CloneContext } from './boxes.ts';
import { asDataUrl } from './inline-url.ts';

function isTransparent(color: string): boolean {
  return color === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(color);
}

interface Source {
  el: Element;
  cs: CSSStyleDeclaration;
  /** The body's background, moved to the canvas because the root has none. */
  fromBody: boolean;
}

/**
 * Whose background the canvas gets (CSS Backgrounds 3 §2.11.2): the root element's; when
 * the root is <html> and has neither a colour nor an image, the body's, which the body
 * then no longer paints itself.
 */
function backgroundSource(s: Saved): Source | null {
  const root = s.doc.documentElement;
  const has = (cs: CSSStyleDeclaration) => !isTransparent(cs.backgroundColor) || cs.backgroundImage !== 'none';
  const rcs = s.getComputedStyle(root);
  if (has(rcs)) return { el: root, cs: rcs, fromBody: false };
  const body = s.doc.body;
  if (root.localName !== 'html' || !body || body.localName !== 'body') return null;
  const bcs = s.getComputedStyle(body);
  return has(bcs) ? { el: body, cs: bcs, fromBody: true } : null;
}

/** The colour under everything: the propagated background colour, else white. */
export function canvasBackground(s: Saved): string {
  const src = backgroundSource(s);
  return src && !isTransparent(src.cs.backgroundColor) ? src.cs.backgroundColor : '#ffffff';
}

/** Splits a computed list at top-level commas ("linear-gradient(a, b), url(x)"). */
export function splitLayers(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(value.slice(start).trim());
  return out;
}

/** A length or percentage of `full` (px, %, calc(% + px)); null when not understood. */
export function resolveLength(v: string, full: number): number | null {
  const t = v.trim();
  let m = /^(-?[\d.]+)px$/.exec(t);
  if (m) return parseFloat(m[1]!);
  m = /^(-?[\d.]+)%$/.exec(t);
  if (m) return (parseFloat(m[1]!) / 100) * full;
  m = /^calc\((-?[\d.]+)%\s*([+-])\s*([\d.]+)px\)$/.exec(t);
  if (m) return (parseFloat(m[1]!) / 100) * full + (m[2] === '-' ? -1 : 1) * parseFloat(m[3]!);
  return null;
}

/** A computed background-position-x/y ("50%", "10px", "right 10px") as an offset in px. */
export function resolvePosition(v: string, free: number): number {
  const t = v.trim();
  const edge = /^(left|top|right|bottom|center)(?:\s+(.+))?$/.exec(t);
  if (edge) {
    const off = edge[2] ? (resolveLength(edge[2], free) ?? 0) : 0;
    if (edge[1] === 'center') return free / 2;
    return edge[1] === 'right' || edge[1] === 'bottom' ? free - off : off;
  }
  return resolveLength(t, free) ?? 0;
}

async function naturalSize(url: string): Promise<{ w: number; h: number } | null> {
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img.naturalWidth && img.naturalHeight ? { w: img.naturalWidth, h: img.naturalHeight } : null;
  } catch {
    return null;
  }
}

/** Tile size of one layer (CSS Backgrounds 3 §3.9) in a positioning area of w x h. */
async function tileSize(image: string, size: string, w: number, h: number): Promise<{ tw: number; th: number; image: string } | null> {
  let natural: { w: number; h: number } | null = null;
  let img = image;
  const url = /^url\(\s*"?([^")]*)"?\s*\)$/.exec(image)?.[1];
  if (url) {
    const data = await asDataUrl(url, 'image/png');
    if (!data) return null;
    img = `url("${data}")`;
    natural = await naturalSize(data);
    if (!natural) return null;
  } else if (!/gradient\(/.test(image)) return null;
  const ratio = natural ? natural.w / natural.h : null;
  const t = size.trim();
  if (t === 'cover' || t === 'contain') {
    if (!ratio) return { tw: w, th: h, image: img };
    const byW = { tw: w, th: w / ratio };
    const fits = t === 'cover' ? byW.th >= h : byW.th <= h;
    return fits ? { ...byW, image: img } : { tw: h * ratio, th: h, image: img };
  }
  const [a = 'auto', b = 'auto'] = t.split(/\s+/);
  let tw = a === 'auto' ? null : resolveLength(a, w);
  let th = b === 'auto' ? null : resolveLength(b, h);
  if (tw === null && th === null) return natural ? { tw: natural.w, th: natural.h, image: img } : { tw: w, th: h, image: img };
  if (tw === null) tw = ratio ? th! * ratio : w;
  if (th === null) th = ratio ? tw / ratio : h;
  return { tw, th, image: img };
}

/**
 * snapdom paints a background only inside its element's box, so a gradient on a body
 * shorter than the viewport stopped at the body and the canvas colour filled the rest.
 * The browser paints the root background over the whole canvas: its positioning area is
 * the root element's padding box (the viewport for `background-attachment: fixed`), and
 * repeated tiles go on past it; a `linear-gradient` on a short body therefore repeats in
 * bands as tall as the page. Each layer becomes a box at the back of the clone's root,
 * covering the viewport with whole tiles laid from the layer's own origin, and the clone's
 * root (and a body whose background moved to the canvas) paints nothing itself. The
 * colour is the capture canvas's fill (canvasBackground).
 */
export async function paintCanvasBackground(s: Saved, context: CloneContext): Promise<void> {
  const clone = context.clone as HTMLElement | null | undefined;
  const src = backgroundSource(s);
  if (!clone?.style || !src) return;
  const root = s.doc.documentElement;
  const rr = call(s.getBoundingClientRect, root);
  const rcs = s.getComputedStyle(root);
  const bl = parseFloat(rcs.borderLeftWidth) || 0;
  const bt = parseFloat(rcs.borderTopWidth) || 0;
  // Coordinates: the clone root's padding box (its containing block for absolute boxes).
  const vw = s.win.innerWidth;
  const vh = s.win.innerHeight;
  const vx = -(rr.left + bl);
  const vy = -(rr.top + bt);
  const pw = rr.width - bl - (parseFloat(rcs.borderRightWidth) || 0);
  const ph = rr.height - bt - (parseFloat(rcs.borderBottomWidth) || 0);
  const cs = src.cs;
  const images = splitLayers(cs.backgroundImage);
  const pick = (list: string[], i: number) => list[i % list.length] ?? '';
  const sizes = splitLayers(cs.backgroundSize);
  const repeats = splitLayers(cs.backgroundRepeat);
  const px = splitLayers(cs.backgroundPositionX);
  const py = splitLayers(cs.backgroundPositionY);
  const attach = splitLayers(cs.backgroundAttachment);
  const origins = splitLayers(cs.backgroundOrigin);
  const layers: HTMLElement[] = [];
  if (cs.backgroundImage !== 'none') {
    for (let i = 0; i < images.length; i++) {
      let area = { x: 0, y: 0, w: pw, h: ph };
      if (pick(attach, i) === 'fixed') area = { x: vx, y: vy, w: vw, h: vh };
      else if (pick(origins, i) === 'border-box') area = { x: -bl, y: -bt, w: rr.width, h: rr.height };
      else if (pick(origins, i) === 'content-box') {
        const pl = parseFloat(rcs.paddingLeft) || 0;
        const pt = parseFloat(rcs.paddingTop) || 0;
        area = { x: pl, y: pt, w: pw - pl - (parseFloat(rcs.paddingRight) || 0), h: ph - pt - (parseFloat(rcs.paddingBottom) || 0) };
      }
      const tile = await tileSize(images[i]!, pick(sizes, i), area.w, area.h);
      if (!tile || tile.tw <= 0 || tile.th <= 0) continue;
      // 'space' and 'round' are taken as 'repeat'.
      const rep = pick(repeats, i).split(/\s+/);
      const [ax, ay] =
        rep.length === 2
          ? rep
          : rep[0] === 'repeat-x'
            ? ['repeat', 'no-repeat']
            : rep[0] === 'repeat-y'
              ? ['no-repeat', 'repeat']
              : [rep[0], rep[0]];
      const rxx = ax !== 'no-repeat';
      const ry = ay !== 'no-repeat';
      const ox = area.x + resolvePosition(pick(px, i), area.w - tile.tw);
      const oy = area.y + resolvePosition(pick(py, i), area.h - tile.th);
      // Whole tiles from the layer's origin, back to before the viewport and on past it.
      const x0 = rxx ? ox - Math.ceil((ox - vx) / tile.tw) * tile.tw : ox;
      const y0 = ry ? oy - Math.ceil((oy - vy) / tile.th) * tile.th : oy;
      const w = rxx ? Math.ceil((vx + vw - x0) / tile.tw) * tile.tw : tile.tw;
      const h = ry ? Math.ceil((vy + vh - y0) / tile.th) * tile.th : tile.th;
      const d = s.doc.createElement('div');
      d.style.cssText = `position:absolute;left:${x0}px;top:${y0}px;width:${w}px;height:${h}px;margin:0;padding:0;border:0;z-index:-2147483647;pointer-events:none;background-image:${tile.image};background-size:${tile.tw}px ${tile.th}px;background-position:0 0;background-repeat:${rxx ? 'repeat' : 'no-repeat'} ${ry ? 'repeat' : 'no-repeat'}`;
      layers.push(d);
    }
  }
  // The first layer is on top, so it must come last among them: each goes in at the front.
  for (const d of layers) clone.insertBefore(d, clone.firstChild);
  clearCanvasBackgroundSource(s, context);
}

/**
 * The clone's root, and a body whose background moved to the canvas, paint nothing
 * themselves. Run again before render: snapdom's late image pass writes an inlined
 * `background-image` back into the style attribute, and Backbone's docs (a noise PNG tiled
 * on <body>) came out tiled from the body's box, 8 px and 40 px off the page's, in every
 * pixel of the background.
 */
export function clearCanvasBackgroundSource(s: Saved, context: CloneContext): void {
  const clone = context.clone as HTMLElement | null | undefined;
  const src = backgroundSource(s);
  if (!clone?.style || !src) return;
  replaceBackground(clone.style, 'none');
  if (src.fromBody) {
    const body = [...clone.children].find((c) => c.localName === 'body') as HTMLElement | undefined;
    if (body?.style) replaceBackground(body.style, 'none');
  }
}
