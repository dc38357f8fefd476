// Images that failed to load.
import { call, type Saved } from '../saved.ts';
import type { CloneContext } from './boxes.ts';
import { nodeMapOf } from './boxes.ts';

/** A source no image decoder accepts: the image in snapdom's SVG fails the same way. */
const BROKEN_SRC = 'data:,';
const MARK = 'data-iwr-broken';

function isBroken(el: Element): el is HTMLImageElement {
  if (el.localName !== 'img') return false;
  const img = el as HTMLImageElement;
  // An empty src counts (it fails like a missing file); an img without any source is left
  // to snapdom, which keeps it as it is, and renders as in the page.
  return img.complete && img.naturalWidth === 0 && (img.hasAttribute('src') || !!img.getAttribute('srcset'));
}

/**
 * snapdom tries to fetch a failed image again and, failing, puts a grey box with the word
 * "img" in its place. The browser renders a failed image its own way (HTML "images" rules,
 * Chromium's alt-text fallback): with alt text and no box of its own, the text flows inline
 * after a 16 px broken-image icon; with a size and no alt, a bordered box with the icon;
 * with neither, the icon alone; `alt=""`, nothing. Model-written pages often point at
 * assets that do not exist, so this is common. The clone's image gets a source that fails
 * to decode, so the SVG image takes the same fallback path as the page. Runs after clone.
 */
export function keepBrokenImages(context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    if (!isBroken(src)) continue;
    c.setAttribute('src', BROKEN_SRC);
    c.removeAttribute('srcset');
    c.removeAttribute('sizes');
    c.setAttribute(MARK, '');
  }
}

/**
 * snapdom gives every image it keeps width and height attributes (its natural size, else
 * 100), which would size a failed one: the page's own attributes go back. Runs before render.
 */
export function restoreBrokenImageSizes(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  const root = context.clone as Element | null | undefined;
  if (!map || !root) return;
  for (const c of root.querySelectorAll(`img[${MARK}]`)) {
    const src = map.get(c);
    c.removeAttribute(MARK);
    if (!src) continue;
    for (const a of ['width', 'height']) {
      const v = src.getAttribute(a);
      if (v === null) c.removeAttribute(a);
      else c.setAttribute(a, v);
    }
    // An unsized image without alt text shows just the 16 px icon. Pinned to 16 x 16 it
    // would count as sized, and Chromium hides the icon in boxes under 18 px (16 for the
    // icon, 2 for its inset).
    const r = call(s.getBoundingClientRect, src);
    if (
      !src.getAttribute('alt') &&
      src.getAttribute('width') === null &&
      src.getAttribute('height') === null &&
      r.width === 16 &&
      r.height === 16
    ) {
      const st = (c as HTMLElement).style;
      for (const p of ['width', 'height']) st.setProperty(p, 'auto', 'important');
      for (const p of ['min-width', 'min-height']) st.setProperty(p, '0px', 'important');
    }
  }
}
