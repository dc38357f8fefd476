// Scrollbars in the capture.

/**
 * The official harness screenshots headless Chromium under Playwright, which starts it with
 * --hide-scrollbars: no scroll container shows a bar, styled or not, and none reserves room
 * for one. In snapdom's SVG image every scroll container of the clone (a docs sidebar, a
 * dashboard's nav) draws a classic 15 px bar over its content, which also broke OCR's
 * reading order (docsify: 0.31). `scrollbar-width: none` takes them out, room included, and
 * overrides any ::-webkit-scrollbar styling.
 */
export const HIDE_SCROLLBARS_CSS = '*{scrollbar-width:none!important}';
