// SVG paint written as custom properties: TypeDoc's kind icons are <use> references to a
// hidden sprite whose shapes say fill="var(--color-icon-background)" and
// stroke="var(--color-ts-class)". The page's style sheets, which define those properties, are
// taken out of the clone (author-css.ts), so in the clone var() resolves to nothing, the fill
// falls back to black and the stroke to none: each icon a black blot over its letter (its
// class page read OCR 0.34). The values the page uses are written into the attributes, and
// the sprite's letters get the font they are drawn in.
import type { Saved } from '../saved.ts';
import { nodeMapOf, type CloneContext } from './boxes.ts';

/** Presentation attributes that take a paint, colour, length or number (all may hold var()). */
const ATTRS = [
  'fill',
  'stroke',
  'stop-color',
  'flood-color',
  'lighting-color',
  'color',
  'stroke-width',
  'opacity',
  'fill-opacity',
  'stroke-opacity',
];
const SELECTOR = ATTRS.map((a) => `[${a}*="var("]`).join(',');
const VAR = /var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*))?\)/g;

/** `value` with each var() replaced by `lookup(name)`, else its fallback, else nothing (innermost first). */
export function resolveVars(value: string, lookup: (name: string) => string): string {
  let out = value;
  for (let round = 0; round < 8 && out.includes('var('); round++)
    out = out.replace(VAR, (_, name: string, fallback: string | undefined) => lookup(name) || (fallback ?? '').trim());
  return out.trim();
}

/** Font properties a sprite's text takes from where it is used. */
const FONT_PROPS = ['font-family', 'font-size', 'font-weight', 'font-style'];

export function svgVariables(s: Saved, context: CloneContext): void {
  const clone = context.clone as Element | null | undefined;
  if (!clone) return;
  const shapes = clone.querySelectorAll(SELECTOR);
  const letters = clone.querySelectorAll('symbol text, defs text');
  if (!shapes.length && !letters.length) return;
  const sources = nodeMapOf(context);
  // What a sprite's shape inherits where no source maps to it: the body's properties.
  const fallback = s.doc.body ?? s.doc.documentElement;
  for (const el of shapes) {
    const style = s.getComputedStyle(sources?.get(el) ?? fallback);
    for (const a of ATTRS) {
      const v = el.getAttribute(a);
      if (v?.includes('var('))
        el.setAttribute(
          a,
          resolveVars(v, (name) => style.getPropertyValue(name).trim()),
        );
    }
  }
  // The sprite's letters ("C" for a class) carry no computed style, unlike the clone's other
  // elements, and snapdom's rule of tag defaults (`svg,text,... { font-family: "Times New
  // Roman"; ... }`) then beats what they inherit: serif letters in sans-serif icons. Their font
  // and fill are written inline, where they beat that rule.
  for (const el of letters) {
    const style = s.getComputedStyle(sources?.get(el) ?? fallback);
    const own = FONT_PROPS.map((p) => `${p}:${style.getPropertyValue(p)}`);
    const fill = el.getAttribute('fill');
    if (fill) own.push(`fill:${fill}`);
    el.setAttribute('style', `${el.getAttribute('style') ?? ''};${own.join(';')}`);
  }
}
