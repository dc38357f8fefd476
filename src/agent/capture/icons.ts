// Icon-font glyphs drawn by ::before/::after (Font Awesome, Bootstrap Icons, ...), as text in
// their own font instead of snapdom's small raster.
import type { Saved } from '../saved.ts';
import { nodeMapOf, type CloneContext } from './boxes.ts';
import { asDataUrl } from './inline-url.ts';

/**
 * snapdom's test for an icon font (its `Mt`): families it never embeds and whose one-glyph
 * pseudo-elements it replaces by a picture. Kept in step with @zumer/snapdom 3.1.
 */
const ICON_FAMILY = [
  /font\s*awesome/i,
  /material\s*icons/i,
  /ionicons/i,
  /glyphicons/i,
  /feather/i,
  /bootstrap\s*icons/i,
  /remix\s*icons/i,
  /heroicons/i,
  /layui/i,
  /lucide/i,
  /icon/i,
  /glyph/i,
  /symbols/i,
  /fontawesome/i,
];

export function isIconFamily(family: string): boolean {
  return ICON_FAMILY.some((r) => r.test(family));
}

/** The text of a computed `content` that is one plain string (`"\f101"` -> the character). */
export function contentText(content: string): string | null {
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(content.trim());
  if (!m) return null;
  return m[1]!.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (_, e: string) =>
    /^[0-9a-fA-F]/.test(e) ? String.fromCodePoint(parseInt(e, 16)) : e,
  );
}

/**
 * snapdom draws a one-character pseudo-element in an icon font onto a canvas and puts the
 * picture in the clone: sized from the integer font size, placed by `textBaseline: top`
 * and `vertical-align: middle`, and it turns the icon's host into `display: inline`. The
 * result lands a pixel or two off the browser's glyph, changes the host's box (a flex
 * icon box becomes inline), and OCR reads the pictures differently (AdminLTE's sidebar,
 * every "+ Add card"). Here the picture becomes the glyph again, in the pseudo-element's
 * own box and font, and the host its own display; `embedIconFonts` below puts the font
 * into the image. Returns the icon families used, those of glyphs written as an element's
 * own text included (snapdom keeps that text but not its font: a fallback glyph showed).
 */
export function iconGlyphsAsText(s: Saved, context: CloneContext): Set<string> {
  const used = new Set<string>();
  const map = nodeMapOf(context);
  const root = context.clone as Element | null | undefined;
  if (!map || !root) return used;
  for (const host of root.querySelectorAll('[data-snapdom-has-icon]')) {
    const src = map.get(host);
    if (!src) continue;
    let restored = 0;
    for (const span of host.children) {
      const pseudo = (span as HTMLElement).dataset?.snapdomPseudo;
      if ((pseudo !== '::before' && pseudo !== '::after') || span.children.length !== 1 || span.firstElementChild?.localName !== 'img')
        continue;
      const cs = s.getComputedStyle(src, pseudo);
      const text = contentText(cs.content);
      if (!text) continue;
      span.textContent = text;
      used.add(firstFamily(cs.fontFamily));
      restored++;
    }
    // snapdom has already made the host inline and middle-aligned for its picture: the
    // host gets its own display and vertical-align back.
    if (restored) {
      const hs = s.getComputedStyle(src);
      (host as HTMLElement).style.display = hs.display;
      (host as HTMLElement).style.verticalAlign = hs.verticalAlign;
      host.removeAttribute('data-snapdom-has-icon');
    }
  }
  // A ligature (Framework7's `content: "chevron_left_ios"`: several letters the font draws as
  // one glyph) is not one character, so snapdom leaves its pseudo-element empty: the back
  // arrow of a chat page was missing. The text goes back, and the font with it.
  for (const span of root.querySelectorAll('[data-snapdom-pseudo="::before"],[data-snapdom-pseudo="::after"]')) {
    const pseudo = (span as HTMLElement).dataset.snapdomPseudo as string;
    const src = span.parentElement && map.get(span.parentElement);
    if (!src || span.firstChild) continue;
    const cs = s.getComputedStyle(src, pseudo);
    const family = firstFamily(cs.fontFamily);
    const text = contentText(cs.content);
    if (!text || text.length < 2 || !isIconFamily(family)) continue;
    span.textContent = text;
    used.add(family);
  }
  // Glyphs written as an element's own text (<i class="fa">&#xf0e0;</i>) stay text in
  // the clone, but snapdom does not embed their font either.
  for (const [, src] of map) {
    let text = false;
    for (let n = src.firstChild; n && !text; n = n.nextSibling) text = n.nodeType === 3 && !!(n.nodeValue ?? '').trim();
    if (!text) continue;
    const family = firstFamily(s.getComputedStyle(src).fontFamily);
    if (isIconFamily(family)) used.add(family);
  }
  return used;
}

function firstFamily(list: string): string {
  return (list.split(',')[0] ?? '')
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
}

function fontFaceRules(rules: CSSRuleList, out: CSSFontFaceRule[]): void {
  for (const r of rules) {
    if (r instanceof CSSFontFaceRule) out.push(r);
    else if ('cssRules' in r && (r as CSSGroupingRule).cssRules) fontFaceRules((r as CSSGroupingRule).cssRules, out);
  }
}

/**
 * The @font-face rules of the given families, with every source a data: URL: an SVG image
 * loads nothing else (snapdom leaves icon families out of its own font embedding). Only
 * faces the page has loaded are taken, so the image carries the files the page shows.
 */
export async function embedIconFonts(s: Saved, families: Set<string>): Promise<string> {
  if (!families.size) return '';
  const loaded = new Set<string>();
  for (const f of s.doc.fonts) if (f.status === 'loaded') loaded.add(`${firstFamily(f.family)}|${f.weight}|${f.style}`);
  const rules: CSSFontFaceRule[] = [];
  for (const sheet of s.doc.styleSheets) {
    try {
      fontFaceRules(sheet.cssRules, rules);
    } catch {
      /* a sheet we may not read */
    }
  }
  const css: string[] = [];
  for (const r of rules) {
    const family = firstFamily(r.style.getPropertyValue('font-family'));
    if (!families.has(family)) continue;
    const weight = r.style.getPropertyValue('font-weight') || 'normal';
    const style = r.style.getPropertyValue('font-style') || 'normal';
    const w = weight === 'normal' ? '400' : weight === 'bold' ? '700' : weight;
    if (!loaded.has(`${family}|${w}|${style}`) && !loaded.has(`${family}|${weight}|${style}`)) continue;
    let text = r.cssText;
    for (const m of text.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/g)) {
      const url = m[2]!;
      if (url.startsWith('data:')) continue;
      const base = r.parentStyleSheet?.href ?? s.doc.baseURI;
      let abs: string;
      try {
        abs = new URL(url, base).href;
      } catch {
        continue;
      }
      const data = await asDataUrl(abs, 'font/woff2');
      if (data) text = text.replace(m[0], `url("${data}")`);
    }
    css.push(text);
  }
  return css.join('\n');
}
