// The page's own style sheets in snapdom's clone.
import type { Saved } from '../saved.ts';
import type { CloneContext } from './boxes.ts';
import { nodeMapOf } from './boxes.ts';

/**
 * Parts of elements that snapdom does not turn into boxes of their own, and so does not
 * copy a style for: for these the page's own rules are still needed (Volt sets
 * `line-height: normal` on ::placeholder; without it the placeholder sat a pixel lower and
 * OCR read the form in another order).
 */
const UNCOPIED_PARTS = /::(?:placeholder|-webkit-[\w-]+|-moz-[\w-]+|file-selector-button|selection)/i;

/** The rules of `rules` for those parts, with media and supports conditions decided in the page. */
function partRules(s: Saved, rules: CSSRuleList, out: string[]): void {
  for (const r of rules) {
    if (r instanceof CSSStyleRule) {
      if (UNCOPIED_PARTS.test(r.selectorText)) out.push(r.cssText);
    } else if (r instanceof CSSMediaRule) {
      if (s.win.matchMedia(r.media.mediaText).matches) partRules(s, r.cssRules, out);
    } else if (r instanceof CSSSupportsRule || (typeof CSSLayerBlockRule !== 'undefined' && r instanceof CSSLayerBlockRule)) {
      partRules(s, (r as CSSGroupingRule).cssRules, out);
    }
  }
}

/**
 * Capturing <html> clones <head> too, with every <style> and <link rel=stylesheet> in it
 * (and those in <body>). snapdom already writes each element's computed style into a class
 * of its own (one class, specificity 0,1,0), so in the SVG image the author rules apply a
 * second time, and win wherever their selectors are more specific. They are evaluated
 * there against another viewport: in the image, `100vw`, `100vh` and media queries follow
 * the hidden frame snapdom decodes it in (0x0), not the page. On AdminLTE,
 * `.sidebar-expand-lg.layout-fixed .app-main { max-width: 100vw }` became 0 and the whole
 * main column vanished. Each sheet is replaced by its rules for the parts snapdom does not
 * copy (placeholders, scrollbar and form-control parts), with media queries decided in the
 * page. Style elements inside inline SVG stay (snapdom copies only presentation attributes
 * of SVG content), and so do snapdom's own (shadow-root scopes, placeholder colours), which
 * have no source element.
 */
export function dropAuthorStyles(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    const isStyle = src.localName === 'style' && src.namespaceURI === 'http://www.w3.org/1999/xhtml' && !src.closest('svg');
    const isLink = src.localName === 'link' && /\bstylesheet\b/i.test(src.getAttribute('rel') ?? '');
    if (!isStyle && !isLink) continue;
    const kept: string[] = [];
    try {
      const sheet = (src as HTMLStyleElement | HTMLLinkElement).sheet;
      if (sheet) partRules(s, sheet.cssRules, kept);
    } catch { /* a sheet we may not read */ }
    if (!kept.length) { c.remove(); continue; }
    const style = s.doc.createElement('style');
    style.textContent = kept.join('\n');
    c.replaceWith(style);
  }
}
