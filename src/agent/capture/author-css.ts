// The page's own style sheets, taken out of snapdom's clone.
import type { CloneContext } from './boxes.ts';
import { nodeMapOf } from './boxes.ts';
import { XHTML_NS } from '../dom.ts';

/**
 * Capturing <html> clones <head> too, with every <style> and <link rel=stylesheet> in it
 * (and those in <body>). snapdom already writes each element's computed style into a class
 * of its own (one class, specificity 0,1,0), so in the SVG image the author rules apply a
 * second time, and win wherever their selectors are more specific. They are evaluated
 * there against another viewport: in the image, `100vw`, `100vh` and media queries follow
 * the hidden frame snapdom decodes it in (0x0), not the page. On AdminLTE,
 * `.sidebar-expand-lg.layout-fixed .app-main { max-width: 100vw }` became 0 and the whole
 * main column vanished. Removing them leaves what the page computed. (Keeping only the
 * rules for parts snapdom does not copy, such as ::placeholder or ::-webkit-slider-thumb,
 * was tried: their selector lists also name the elements, and their values use custom
 * properties the clone no longer defines; Pico's buttons broke.) Style elements inside
 * inline SVG stay (snapdom copies only presentation attributes of SVG content), and so do
 * snapdom's own (shadow-root scopes, placeholder colours), which have no source element.
 */
export function dropAuthorStyles(context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    if (src.localName === 'style' && src.namespaceURI === XHTML_NS && !src.closest('svg')) c.remove();
    else if (src.localName === 'link' && /\bstylesheet\b/i.test(src.getAttribute('rel') ?? '')) c.remove();
  }
}
