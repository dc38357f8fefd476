// CSS outlines on SVG shapes: Frappe Gantt draws each task bar as an SVG rect whose only
// border is `outline: 1px solid var(--g-row-border-color)` from its style sheet. snapdom gives
// the clone of an element inside an SVG only the SVG presentation properties (fill, stroke,
// opacity, ...), and the page's style sheets are out of the clone (author-css.ts), so the
// outline was lost: white bars on a white chart, with no edge to show their length.
import type { Saved } from '../saved.ts';
import { SVG_NS as SVG } from '../dom.ts';
import { nodeMapOf, type CloneContext } from './boxes.ts';

const OUTLINE = ['outline-style', 'outline-width', 'outline-color', 'outline-offset'];

export function svgOutlines(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    if (src.namespaceURI !== SVG || src.tagName === 'svg') continue;
    const style = (c as SVGElement).style as CSSStyleDeclaration | undefined;
    if (!style || style.outlineStyle) continue;
    const cs = s.getComputedStyle(src);
    if (cs.outlineStyle === 'none' || !(parseFloat(cs.outlineWidth) > 0)) continue;
    for (const p of OUTLINE) style.setProperty(p, cs.getPropertyValue(p));
  }
}
