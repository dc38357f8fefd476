// Box fixes on snapdom's clone: where the clone's boxes come out at other sizes or places
// than the page's. Each runs in snapdom's afterClone hook, with the clone and the map from
// clone element to source element.
import { call, type Saved } from '../saved.ts';
import { XHTML_NS as XHTML } from '../dom.ts';

export interface CloneContext {
  clone?: HTMLElement | SVGElement | null;
  nodeMap?: unknown;
}

export function nodeMapOf(context: CloneContext): Map<Element, Element> | null {
  return context.nodeMap instanceof Map ? (context.nodeMap as Map<Element, Element>) : null;
}

/** A clone snapdom pinned as an absolute box at its source's place on screen (fixed or sticky). */
const pinned = (style: CSSStyleDeclaration, computed: CSSStyleDeclaration): boolean =>
  style.position === 'absolute' && /^(fixed|sticky|-webkit-sticky)$/.test(computed.position);

// Fixes needed because snapdom treats the root as an ordinary element:
// - it zeroes the edge margins along the first/last-child chain (body, its first child),
//   so a first child's top margin, which in the page collapses through the body and
//   moves everything down, is lost: those margins are put back from the source; so is
//   every <pre>'s top margin, which snapdom zeroes wherever the <pre> is (Picnic's hero
//   drew its install line and everything under it 23 px too high);
// - a canvas/video becomes an <img> that keeps its borders but not its box sizing;
// - the root always establishes a block formatting context, so margins never escape it;
//   the clone is a plain block inside snapdom's wrapper: flow-root restores the BFC.
export function restoreEdgeMargins(s: Saved, context: CloneContext): void {
  const clone = context.clone as HTMLElement | null | undefined;
  if (clone?.style) clone.style.setProperty('display', 'flow-root', 'important');
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    if (c === clone || !(c as HTMLElement).style) continue;
    const style = (c as HTMLElement).style;
    // A canvas or video frame becomes an <img> sized to the source's border box while
    // keeping its borders: without border-box it grows by the border width.
    if ((src.tagName === 'CANVAS' || src.tagName === 'VIDEO') && c.tagName === 'IMG') style.setProperty('box-sizing', 'border-box');
    const computed = s.getComputedStyle(src);
    // snapdom pins a fixed or sticky element as an absolute box at its border box's place, and
    // zeroes its margins for that: given them back, it moved by its margin (System.css's docs
    // sidebar, sticky with an 18 px margin, was drawn 18 px low).
    if (pinned(style, computed)) continue;
    // snapdom writes the <pre> zero as margin-block-start too, after the page's own inline
    // margin: in horizontal writing that is the top margin, and the later declaration wins.
    const horizontal = computed.writingMode === 'horizontal-tb';
    for (const [side, block] of [
      ['margin-top', 'margin-block-start'],
      ['margin-bottom', 'margin-block-end'],
    ] as const) {
      const zeroed = style.getPropertyValue(side) === '0px' || (horizontal && style.getPropertyValue(block) === '0px');
      if (zeroed && computed.getPropertyValue(side) !== '0px') {
        if (horizontal) style.removeProperty(block);
        style.setProperty(side, computed.getPropertyValue(side));
      }
    }
  }
}

const COLLAPSING_DISPLAY = new Set(['block', 'list-item']);
const FORMATTING_PARENT = /flex|grid/;

/** A box that is displayed and not out of flow (it may float). */
const laidOut = (cs: CSSStyleDeclaration): boolean => cs.display !== 'none' && cs.position !== 'absolute' && cs.position !== 'fixed';

/** A box that takes part in block layout (CSS 2.2 §9.4.1): displayed, not floated, not out of flow. */
const inFlow = (cs: CSSStyleDeclaration): boolean => laidOut(cs) && cs.float === 'none';

/**
 * The first or last child that takes part in block layout (CSS 2.2 §9.4.1: not floated, not
 * out of flow); none when text that is not blank comes before (after) it: that text sits in an
 * anonymous block, which is first (last).
 */
function edgeInFlowChild(s: Saved, el: Element, side: 'top' | 'bottom'): Element | null {
  const top = side === 'top';
  for (let n = top ? el.firstChild : el.lastChild; n; n = top ? n.nextSibling : n.previousSibling) {
    if (n.nodeType === 3) {
      if ((n.nodeValue ?? '').trim()) return null;
      continue;
    }
    if (n.nodeType !== 1) continue;
    if (inFlow(s.getComputedStyle(n as Element))) return n as Element;
  }
  return null;
}

/**
 * Whether the top (bottom) margin of `child`, the first (last) in-flow child of `el`, adjoins
 * `el`'s own (CSS 2.2 §8.3.1), as the page lays them out: `el` is a block that starts no
 * formatting context, with no padding or border on that side, and the two border boxes share
 * that edge.
 */
function marginsAdjoin(s: Saved, el: Element, child: Element, side: 'top' | 'bottom'): boolean {
  const cs = s.getComputedStyle(el);
  if (!COLLAPSING_DISPLAY.has(cs.display) || cs.overflowX !== 'visible' || cs.overflowY !== 'visible') return false;
  if (cs.position === 'absolute' || cs.position === 'fixed' || cs.float !== 'none' || cs.contain !== 'none') return false;
  const top = side === 'top';
  if (parseFloat(top ? cs.paddingTop : cs.paddingBottom) !== 0) return false;
  if (parseFloat(top ? cs.borderTopWidth : cs.borderBottomWidth) !== 0) return false;
  const parent = el.parentElement;
  if (parent && FORMATTING_PARENT.test(s.getComputedStyle(parent).display)) return false;
  const a = call(s.getBoundingClientRect, el);
  const b = call(s.getBoundingClientRect, child);
  return Math.abs(top ? a.top - b.top : a.bottom - b.bottom) <= 0.01;
}

/**
 * snapdom pins every box to its computed height. The bottom margin of a last in-flow child
 * collapses through its parent only while the parent's height is 'auto' (CSS 2.2 §8.3.1);
 * pinned, the margin stays inside the parent and the space after it is lost. A sidebar
 * list whose links carry `margin-bottom: 3.2px` drifted by that much per item (AdminLTE).
 * Where the page shows the collapse (a block parent without bottom padding or border,
 * not a formatting-context root, whose border box ends where its last child's border box
 * ends while that child has a bottom margin, its own or one collapsed through it), the
 * clone's height goes back to auto: with the children pinned, auto gives the same height
 * and lets the margin through, as in the page.
 */
export function releaseCollapsedMargins(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  const root = s.doc.documentElement;
  const memo = new Map<Element, boolean>();
  // Whether a margin leaves through the bottom of `el` in the page (memoised: a chain of
  // nested blocks passes one child's margin all the way up).
  const passes = (el: Element): boolean => {
    const known = memo.get(el);
    if (known !== undefined) return known;
    memo.set(el, false);
    if (el === root || el === s.doc.body) return false;
    const child = el.lastElementChild ? edgeInFlowChild(s, el, 'bottom') : null;
    if (!child) return false;
    if (!(parseFloat(s.getComputedStyle(child).marginBottom) > 0) && !passes(child)) return false;
    if (!marginsAdjoin(s, el, child, 'bottom')) return false;
    memo.set(el, true);
    return true;
  };
  for (const [c, src] of map) {
    const style = (c as HTMLElement).style as CSSStyleDeclaration | undefined;
    if (style && src.lastElementChild && passes(src)) style.setProperty('height', 'auto');
  }
}

/** The tags whose height snapdom 3.1.1 drops to let their text reflow (its own list). */
const REFLOWED_TAGS = new Set(['div', 'section', 'article', 'main', 'aside', 'header', 'footer', 'nav']);

/** Whether anything in `el` takes part in block layout: text that is not blank, or a child neither floated nor out of flow. */
function hasInFlowContent(s: Saved, el: Element): boolean {
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3) {
      if ((n.nodeValue ?? '').trim()) return true;
      continue;
    }
    if (n.nodeType !== 1) continue;
    const cs = s.getComputedStyle(n as Element);
    if (cs.display !== 'contents' && inFlow(cs)) return true;
  }
  return false;
}

/**
 * snapdom drops the height of a plain block (div, header, nav, ...) when its in-flow content is
 * as tall, so that text can reflow. A block whose only children float has no in-flow content:
 * snapdom's comparison then gives NaN and drops the height anyway, so the box collapses to
 * 0 px (Elevator Saga's 60 px header of a floated title and floated links; everything under it
 * was drawn 60 px too high). Where the page sets the height (Typed OM: not `auto`) and no child
 * is in flow, the clone keeps the page's height.
 */
export function keepFloatOnlyHeights(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    const style = (c as HTMLElement).style as CSSStyleDeclaration | undefined;
    if (!style || !src.firstElementChild || !REFLOWED_TAGS.has(src.localName)) continue;
    if (!heightDroppedBySnapdom(s, src) || hasInFlowContent(s, src) || specifiedHeightIsAuto(src)) continue;
    style.setProperty('height', s.getComputedStyle(src).height);
  }
}

/**
 * Where snapdom's reflow rule applies at all (its own conditions): a static or relative block,
 * not flex or grid nor a flex or grid item, untransformed, not clipping, with no background,
 * vertical border or padding. Elsewhere it keeps the height, and so must this fix (Picnic's
 * fixed 3em nav bar of floats was drawn a fraction of a pixel shorter when pinned again).
 */
function heightDroppedBySnapdom(s: Saved, el: Element): boolean {
  const cs = s.getComputedStyle(el);
  if (FORMATTING_PARENT.test(cs.display) || (cs.position !== 'static' && cs.position !== 'relative') || cs.transform !== 'none')
    return false;
  if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible' || cs.visibility === 'hidden' || cs.opacity === '0') return false;
  if (cs.backgroundImage !== 'none' || (cs.backgroundColor !== 'rgba(0, 0, 0, 0)' && cs.backgroundColor !== 'transparent')) return false;
  for (const v of [cs.borderTopWidth, cs.borderBottomWidth, cs.paddingTop, cs.paddingBottom]) if (parseFloat(v) > 0) return false;
  const parent = el.parentElement;
  return !(parent && FORMATTING_PARENT.test(s.getComputedStyle(parent).display));
}

const FORM_CONTROLS = new Set(['button', 'input', 'select', 'textarea', 'meter', 'progress']);

/**
 * Form controls, as the page draws them:
 * - snapdom's base style sets `appearance: none` on every tag and copies only values that
 *   differ from its own defaults, so a native-looking button lost its theme and was drawn
 *   from its computed fallback border (2 px outset grey): the page's appearance goes back
 *   (and nativeButtons below lets Chromium draw it natively);
 * - snapdom's base style makes a <textarea>'s overflow visible and leaves the browser's
 *   default `auto` out, and Chromium draws the resize grip only on a box that clips: the
 *   grip was missing; the page's overflow and resize go back;
 * - a <textarea> is pinned to its border-box size while keeping `box-sizing: content-box`,
 *   so it grew by its padding and border (18 x 14 px on a typical form): border-box;
 * - a one-line field is pinned to its height in px, and Chromium lays out the text of a
 *   field whose height is not `auto` differently: its inner editor drops the field's
 *   line-height for `normal` and is centred, so with `line-height: 1.5` the text sat one
 *   pixel row lower than in the page (Volt's and Bootstrap 5's fields; tesseract then read
 *   the settings page in another order, OCR 0.29). A field whose height the page left
 *   `auto` keeps `auto`, held at its size by min- and max-height.
 */
export function restoreFormControls(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    if (!FORM_CONTROLS.has(src.localName)) continue;
    const style = (c as HTMLElement).style;
    if (!style) continue;
    const cs = s.getComputedStyle(src);
    if (cs.appearance !== 'none') style.setProperty('appearance', cs.appearance);
    if (src.localName === 'textarea') {
      for (const p of ['overflow-x', 'overflow-y', 'resize']) style.setProperty(p, cs.getPropertyValue(p));
      if (cs.boxSizing === 'content-box' && style.width) {
        const r = call(s.getBoundingClientRect, src);
        if (Math.abs(parseFloat(style.width) - r.width) < 0.01) style.setProperty('box-sizing', 'border-box');
      }
    }
    if (src.localName === 'input' && cs.height.endsWith('px') && specifiedHeightIsAuto(src)) {
      style.setProperty('height', 'auto');
      style.setProperty('min-height', cs.height);
      style.setProperty('max-height', cs.height);
    }
  }
}

/** The computed (not resolved) height: Typed OM keeps `auto` where getComputedStyle gives px. */
function specifiedHeightIsAuto(el: Element): boolean {
  try {
    return String(el.computedStyleMap().get('height')) === 'auto';
  } catch {
    return false;
  }
}

/**
 * Chromium draws a button or a field natively only while no author style sets its border or
 * background; snapdom's copy sets both (the computed fallbacks: 2 px outset and #efefef for
 * buttons, 2 px inset for fields) and its background inlining adds background longhands to
 * the style attribute. A control whose four borders are all `outset` or all `inset` (the
 * fallbacks; authors do not write those borders) gets
 * its borders, their radii (an author radius counts too: snapdom's base style sets 0) and
 * its background reverted to the browser's own, after snapdom's last style pass: runs
 * before render.
 */
export function nativeButtons(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    if (!FORM_CONTROLS.has(src.localName)) continue;
    const style = (c as HTMLElement).style;
    const cs = s.getComputedStyle(src);
    const sides = [cs.borderTopStyle, cs.borderRightStyle, cs.borderBottomStyle, cs.borderLeftStyle];
    const fallback = sides.every((b) => b === 'outset') || sides.every((b) => b === 'inset') || defaultField(src, cs);
    if (!style || cs.appearance === 'none' || !fallback) continue;
    replaceBackground(style, 'revert');
    style.setProperty('border', 'revert', 'important');
    style.setProperty('border-radius', 'revert', 'important');
  }
}

const SHADED_BORDERS = new Set(['inset', 'outset', 'groove', 'ridge']);

/**
 * Adds declarations (";prop:value...") to the end of an element's style attribute, as text:
 * after snapdom's last style pass, and without the CSSOM rounding or dropping what it cannot read.
 */
function appendStyle(c: Element, extra: string): void {
  if (extra) c.setAttribute('style', `${c.getAttribute('style') ?? ''}${extra}`);
}

/**
 * Chromium shades an inset, outset, groove or ridge border whose colour is `currentcolor`
 * (the initial value) with its own fixed greys, 154 and 238 whatever the text colour, and
 * one given as a colour from that colour (rgb(128, 128, 128): 44 and 128). snapdom writes
 * the computed colour, so a plain `<hr>` (1 px inset, colour gray) came out a dark line
 * where the page draws a faint one. A shaded side whose computed colour is the element's
 * text colour gets `currentcolor` back (written as text, after snapdom's last style pass:
 * runs before render). Form controls are left to nativeButtons.
 */
export function currentColorBorders(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    if (FORM_CONTROLS.has(src.localName) || !(c as HTMLElement).style) continue;
    const cs = s.getComputedStyle(src);
    let extra = '';
    for (const side of ['top', 'right', 'bottom', 'left']) {
      if (!SHADED_BORDERS.has(cs.getPropertyValue(`border-${side}-style`))) continue;
      if (cs.getPropertyValue(`border-${side}-color`) === cs.color) extra += `;border-${side}-color:currentcolor`;
    }
    appendStyle(c, extra);
  }
}

/**
 * In a table with collapsing borders a `hidden` border wins over every border it meets (CSS 2.2
 * §17.6.2.1): FullCalendar hides its inner tables' outer edges, so the cells' own 1 px edges
 * there are never drawn. A hidden border is 0 px wide, and snapdom replaces the borders of a box
 * whose four widths are 0 with `border: none`, the weakest style instead of the strongest: each
 * edge cell got its border back and every cell's content moved by half a pixel or a pixel (the
 * calendar's day headers and time labels, OCR 0.616). Hidden sides get their style back.
 */
export function hiddenTableBorders(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    if (!(c as HTMLElement).style) continue;
    const cs = s.getComputedStyle(src);
    if (cs.borderCollapse !== 'collapse') continue;
    let extra = '';
    for (const side of ['top', 'right', 'bottom', 'left'])
      if (cs.getPropertyValue(`border-${side}-style`) === 'hidden') extra += `;border-${side}-style:hidden`;
    appendStyle(c, extra);
  }
}

/** Sets the whole background, dropping the longhands snapdom's inlining left in the style attribute. */
export function replaceBackground(style: CSSStyleDeclaration, value: string): void {
  for (const p of [...style]) if (p.startsWith('background')) style.removeProperty(p);
  style.setProperty('background', value, 'important');
}

/** The fills Chromium's own style gives each control whose 1 px #767676 border it draws natively (enabled, disabled). */
const UA_FIELD_FILLS: Record<string, readonly string[]> = {
  select: ['rgb(239, 239, 239)'],
  textarea: ['rgb(255, 255, 255)', 'rgba(239, 239, 239, 0.3)'],
};

/**
 * A <select> or <textarea> with Chromium's own computed border and fill (1 px solid #767676,
 * square, on #efefef for a select and white for a textarea; the border at 30 % when disabled,
 * and a textarea's fill too): drawn natively in the page (rounded corners, a select white),
 * but square and, for a select, grey once snapdom's copy sets them (DataTables' "Show 10
 * entries"; a disabled select came out a grey box with a faint border, and OCR read its faint
 * text another way; jsGanttImproved's tooltip template field lost its rounded corners, five
 * pixels that made tesseract read the form beside it in another order). Authors do not write
 * exactly these values.
 */
function defaultField(src: Element, cs: CSSStyleDeclaration): boolean {
  const fills = UA_FIELD_FILLS[src.localName];
  if (!fills) return false;
  const sides = [cs.borderTop, cs.borderRight, cs.borderBottom, cs.borderLeft];
  return (
    (sides.every((b) => b === '1px solid rgb(118, 118, 118)') || sides.every((b) => b === '1px solid rgba(118, 118, 118, 0.3)')) &&
    fills.includes(cs.backgroundColor) &&
    cs.backgroundImage === 'none' &&
    ['0px', '0px 0px'].includes(cs.borderRadius || '0px')
  );
}

/**
 * snapdom's base rules give every element `min-width: 0px; min-height: 0px` (their value
 * outside flex and grid layout) and leave out a computed `auto` as a default. For a flex or
 * grid item `auto` is its content's minimum size, and it decides how free space is shared:
 * in Flat UI's `.col` row a column holding a 220 px select was 250 px wide in the page and
 * 242.5 px in the clone, and everything in it moved right by 7.5 px. Flex and grid items whose
 * minimum size is `auto` in the page get `auto` back.
 */
export function restoreAutoMinSizes(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  const laysOut = new Map<Element, boolean>();
  for (const [c, src] of map) {
    const style = (c as HTMLElement).style;
    const parent = src.parentElement;
    if (!style || !parent) continue;
    let container = laysOut.get(parent);
    if (container === undefined) {
      const display = s.getComputedStyle(parent).display;
      container = display.includes('flex') || display.includes('grid');
      laysOut.set(parent, container);
    }
    if (!container) continue;
    const cs = s.getComputedStyle(src);
    if (cs.position === 'absolute' || cs.position === 'fixed') continue;
    for (const prop of ['min-width', 'min-height'] as const)
      if (cs.getPropertyValue(prop) === 'auto' && !style.getPropertyValue(prop)) style.setProperty(prop, 'auto');
  }
}

/**
 * The legacy line clamp (`display: -webkit-box; -webkit-box-orient: vertical;
 * -webkit-line-clamp: 2`), drawn by the browser in the clone as in the page:
 * - snapdom emulates the clamp by cutting the element's text character by character until it
 *   fits, with "…" after the cut, where Chromium ends the last line after its last whole word:
 *   "season needs warm soil, pl…" for the page's "season needs warm soil,…". The clone gets
 *   the page's whole text back;
 * - Chromium reports that display as `flow-root`, and snapdom copies it, so the clone's box is
 *   an ordinary block that clips without the ellipsis (elFinder's file names:
 *   "quarterly-review…" came out "quarterly-review", and tesseract read the file grid in
 *   another order, OCR 0.920). A clamped box gets its `-webkit-box` back.
 */
export function lineClampBoxes(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    const cs = s.getComputedStyle(src);
    if (cs.display !== 'flow-root' || cs.getPropertyValue('-webkit-line-clamp') === 'none') continue;
    if (cs.getPropertyValue('-webkit-box-orient') !== 'vertical') continue;
    appendStyle(c, ';display:-webkit-box');
    const text = src.textContent ?? '';
    if (!c.firstElementChild && !src.firstElementChild && c.textContent !== text && c.textContent?.endsWith('\u2026')) c.textContent = text;
  }
}

/** Tags whose width snapdom leaves out when they hold text (its `bn`), unless they are tables. */
const CONTENT_SIZED = new Set(['span', 'small', 'em', 'strong', 'b', 'i', 'u', 's', 'code', 'cite', 'mark', 'sub', 'sup']);

/**
 * snapdom leaves the width out of the style it copies for a text-holding <span>, <i>, <b>,
 * ... and for every pseudo-element it turns into a <span> (it fears text re-wrapping under
 * a fallback font), so a box the page sized is shrink-wrapped instead: a `width: 20px;
 * text-align: center` icon column collapsed to its glyph and every label after it moved
 * left. Boxes that are not inline get the page's computed width back; the fonts are the
 * page's own here, so the text fits as it does there. Transformed pseudo-elements also get
 * their transform-origin back.
 */
export function restoreTextBoxWidths(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  const root = context.clone as Element | null | undefined;
  if (!map || !root) return;
  const apply = (el: HTMLElement, cs: CSSStyleDeclaration) => {
    if (!el.style || el.style.width || cs.display === 'inline' || cs.display === 'none' || !cs.width.endsWith('px')) return;
    el.style.width = cs.width;
  };
  for (const span of root.querySelectorAll<HTMLElement>('[data-snapdom-pseudo="::before"], [data-snapdom-pseudo="::after"]')) {
    const host = span.parentElement ? map.get(span.parentElement) : undefined;
    if (!host) continue;
    const cs = s.getComputedStyle(host, span.dataset.snapdomPseudo);
    apply(span, cs);
    // The copied style has the pseudo-element's transform but not its origin, so a
    // rotated chevron turned about the span's corner instead of its centre.
    if (cs.transform !== 'none' && !span.style.transformOrigin) span.style.transformOrigin = cs.transformOrigin;
  }
  for (const [c, src] of map) {
    if (CONTENT_SIZED.has(src.localName) && src.namespaceURI === XHTML) apply(c as HTMLElement, s.getComputedStyle(src));
  }
}

/**
 * snapdom turns a pseudo-element into a box only when it shows something (text, a
 * background, a size, a border, ...), so an empty `content: ""` box was dropped. Empty
 * boxes still lay out: the clearfix `::after { content: ""; display: table; clear: both }`
 * makes a container of floats as tall as its floats, and `::before { display: table }`
 * keeps a child's top margin inside. Without them Skeleton's header shrank from 374 px to
 * 121 px and every section below moved up. Such pseudo-elements of block containers with
 * children come back as empty boxes with their display, clear and float.
 */
export function keepEmptyPseudoBoxes(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    if (!src.firstElementChild || src.namespaceURI !== XHTML || !(c as HTMLElement).style) continue;
    for (const pseudo of ['::before', '::after'] as const) {
      const cs = s.getComputedStyle(src, pseudo);
      if (
        cs.content === 'none' ||
        cs.content === 'normal' ||
        cs.display === 'none' ||
        cs.display === 'inline' ||
        cs.position === 'absolute' ||
        cs.position === 'fixed'
      )
        continue;
      const kids = c.children;
      const present =
        pseudo === '::before'
          ? (kids[0] as HTMLElement | undefined)?.dataset?.snapdomPseudo === pseudo
          : (kids[kids.length - 1] as HTMLElement | undefined)?.dataset?.snapdomPseudo === pseudo;
      if (present) continue;
      const box = s.doc.createElement('span');
      box.dataset.snapdomPseudo = pseudo;
      box.style.cssText = `display:${cs.display};clear:${cs.clear};float:${cs.float};margin:0;padding:0;border:0`;
      if (pseudo === '::before') c.insertBefore(box, c.firstChild);
      else c.appendChild(box);
    }
  }
}

/** Where snapdom's stand-ins are looked for: each has `visibility: hidden` in its style attribute. */
const STAND_IN_SELECTOR = '[style*="visibility: hidden"]';

/** A stand-in: a hidden, border-box sized copy that snapdom made and did not map to a source. */
const isStandIn = (map: Map<Element, Element>, c: HTMLElement): boolean =>
  !map.has(c) && c.style.visibility === 'hidden' && c.style.boxSizing === 'border-box';

/**
 * With `clip: 'viewport'` snapdom stands an empty, hidden box in for each element wholly
 * outside the viewport, sized from offsetWidth/offsetHeight (whole pixels) or a rect cut to
 * six digits. Each stand-in above the viewport moves what follows by its rounding (43.2 px
 * list items became 43),
 * so after a scroll the content in view sits a fraction of a pixel off, and text whose
 * baseline lands on the other side of a pixel boundary is drawn a row higher or lower
 * (SB Admin 2: two progress labels a row off, and OCR read the card in another order).
 * The stand-ins get the element's exact border box (untransformed elements only: the
 * bounding box of a transformed one is not its layout size). Choices.js's intro paragraphs
 * showed that a run of stand-ins must be matched in order: the second `<p>` had been
 * matched to the first, kept 22 px for 22.39, and the page in view sat 0.39 px high.
 */
export function exactStandInSizes(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  const root = context.clone as Element | null | undefined;
  if (!map || !root) return;
  // Stand-ins are not in snapdom's node map; each is a shallow copy of its element, so it
  // is found among the source siblings after the one its mapped neighbour came from, or
  // after the source of the stand-in just before it (a run of stand-ins of one tag: the
  // second paragraph above the viewport is not the first).
  const sourceOf = new Map<Element, Element>();
  for (const c of root.querySelectorAll<HTMLElement>(STAND_IN_SELECTOR)) {
    const style = c.style;
    if (!isStandIn(map, c)) continue;
    const parent = c.parentElement ? map.get(c.parentElement) : undefined;
    if (!parent) continue;
    let prev = c.previousElementSibling;
    while (prev && !map.has(prev) && !sourceOf.has(prev)) prev = prev.previousElementSibling;
    let src = prev ? (map.get(prev) ?? sourceOf.get(prev)!).nextElementSibling : parent.firstElementChild;
    // The copy carries the element's classes plus snapdom's own style class.
    const same = (e: Element) => e.localName === c.localName && [...e.classList].every((k) => c.classList.contains(k));
    while (src && !same(src)) src = src.nextElementSibling;
    if (!src) continue;
    sourceOf.set(c, src);
    const h = src as HTMLElement;
    if (typeof h.offsetWidth !== 'number' || s.getComputedStyle(h).transform !== 'none') continue;
    const r = call(s.getBoundingClientRect, h);
    // snapdom writes offsetWidth/offsetHeight (whole pixels) or a rect size cut to six
    // significant digits; either is within a pixel of the exact size. The exact size goes
    // into the style attribute's text: through the CSSOM it would be cut to six digits again.
    let extra = '';
    const set = (prop: 'width' | 'height', exact: number) => {
      const value = style.getPropertyValue(prop);
      const copied = parseFloat(value);
      if (!value.endsWith('px') || style.getPropertyValue(`min-${prop}`) !== value || !(Math.abs(exact - copied) < 1)) return;
      if (Math.abs(exact - copied) < 1e-6) return;
      for (const p of [prop, `min-${prop}`, `max-${prop}`]) extra += `;${p}:${exact}px`;
    };
    set('width', r.width);
    set('height', r.height);
    extra += standInMargins(s, h);
    appendStyle(c, extra);
  }
}

/**
 * A table's columns come from its cells: in fixed layout from the first row's specified
 * widths, spread over the table's width; in auto layout from every row's content. A
 * stand-in cell (or row) no longer says what its source said: it is pinned to the width the
 * column ended up with, or, as an empty row, says nothing. jsGanttImproved's chart is a
 * 5071 px fixed-layout table whose first-row cells ask for 36 px and are drawn 39 px wide;
 * with the cells right of the viewport pinned at 39 px, the 13 in view kept 36 px and shared
 * what was left, and the chart's grid lines were drawn 2-3 px left of the page's (OCR 0.88
 * with no pixel differing beyond the tolerance). So each cell the clone keeps, in a table that
 * holds stand-ins, is given the width the page used for it, in its own box-sizing terms (what
 * getComputedStyle reports for a rendered cell): the columns then add up to the table's
 * width as they did in the page, in either layout.
 */
export function keepTableColumns(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  const root = context.clone as Element | null | undefined;
  if (!map || !root) return;
  const tables = new Set<Element>();
  for (const c of root.querySelectorAll<HTMLElement>(STAND_IN_SELECTOR)) {
    if (!/^(tr|td|th|tbody|thead|tfoot)$/.test(c.localName) || !isStandIn(map, c)) continue;
    const table = c.parentElement?.closest('table');
    if (table && map.has(table)) tables.add(table);
  }
  for (const table of tables) {
    for (const cell of table.querySelectorAll<HTMLElement>('td, th')) {
      const src = map.get(cell);
      if (!src || cell.parentElement?.closest('table') !== table) continue;
      const cs = s.getComputedStyle(src);
      if (cs.display === 'table-cell' && cs.width.endsWith('px')) cell.style.setProperty('width', cs.width);
    }
  }
}

/**
 * The margins of a stand-in. snapdom sets a stand-in's top (bottom) margin to the gap between
 * its border box and its previous (next) in-flow sibling's as they are drawn, which keeps
 * collapsed margins and clearance (chota's clearfix after a container of floats). Three cases
 * are wrong:
 * - an inline-level box (a <select> in a line of text), or a block whose sibling on that side
 *   is inline-level (a <br> starting the text after it): the gap to the sibling's box is no
 *   margin (the <br>'s box starts below the line's half-leading), yet it became one and made a
 *   line or the gap taller; jsGanttImproved's options form was drawn 5-6 px low after the
 *   scroll (OCR 0.82). That side gets the element's own margin;
 * - a sibling drawn away from its place in the flow (sticky, relatively offset, transformed):
 *   a news page's top bar, above the viewport after the scroll, measured 364 px to the sticky
 *   header stuck at the top of the viewport, and everything after it was drawn 364 px low (64 %
 *   of pixels). That side gets the element's own margin, which collapses with the sibling's in
 *   the clone as in the page;
 * - no sibling on that side: the element's own margin is kept, but a stand-in is empty, so the
 *   margin of a first (last) child that collapses through the element (CSS 2.2 §8.3.1) no
 *   longer reaches it: a pricing page's headline block lost its h1's 24 px top margin, and the
 *   page in view was drawn 24 px high (8 % of pixels). That side gets the collapsed margin (the
 *   largest positive plus the most negative of the chain), also when it goes on collapsing up
 *   to the root (chota's first container, 11 px: until the <br> gaps above were read as
 *   margins, they had made up for it, and the margin was left out).
 */
function standInMargins(s: Saved, el: Element): string {
  let extra = '';
  const cs = s.getComputedStyle(el);
  const parent = el.parentElement;
  const measured =
    !!parent &&
    !/flex|grid|table/.test(s.getComputedStyle(parent).display) &&
    /^(static|relative)$/.test(cs.position) &&
    !cs.display.startsWith('inline');
  for (const side of ['top', 'bottom'] as const) {
    const sibling = inFlowSibling(s, el, side);
    const scs = sibling ? s.getComputedStyle(sibling) : null;
    if (scs && measured && !displaced(scs) && !scs.display.startsWith('inline')) continue;
    const prop = side === 'top' ? 'marginTop' : 'marginBottom';
    const own = parseFloat(cs[prop]) || 0;
    let [pos, neg, through] = [Math.max(own, 0), Math.min(own, 0), false];
    for (let e = el, child = edgeInFlowChild(s, e, side); child; e = child, child = edgeInFlowChild(s, e, side)) {
      const ccs = s.getComputedStyle(child);
      // Only block-level boxes have vertical margins in block layout.
      if (ccs.display.startsWith('inline') || ccs.display === 'contents' || !marginsAdjoin(s, e, child, side)) break;
      const m = parseFloat(ccs[prop]) || 0;
      [pos, neg, through] = [Math.max(pos, m), Math.min(neg, m), through || m !== 0];
    }
    extra += `;margin-${side}:${through ? `${pos + neg}px` : cs[prop]}`;
  }
  return extra;
}

/** The element sibling before (after) `el` that snapdom measures a stand-in's gap to: displayed, not absolute or fixed. */
function inFlowSibling(s: Saved, el: Element, side: 'top' | 'bottom'): Element | null {
  const next = (n: Element) => (side === 'top' ? n.previousElementSibling : n.nextElementSibling);
  for (let n = next(el); n; n = next(n)) if (laidOut(s.getComputedStyle(n))) return n;
  return null;
}

/** Whether a box is drawn away from its place in the flow. */
const displaced = (cs: CSSStyleDeclaration): boolean =>
  cs.position === 'sticky' ||
  cs.transform !== 'none' ||
  cs.translate !== 'none' ||
  (cs.position === 'relative' && [cs.top, cs.bottom].some((v) => v !== 'auto' && parseFloat(v) !== 0));

/**
 * A percentage row gap resolves against the flex container's height, and to 0 where that
 * height is indefinite (CSS Box Alignment §8.3: `height: 100%` inside a parent of auto height).
 * snapdom pins every box to its height in px, which makes it definite: a restaurant page's
 * column with `gap: 5%` spaced its heading and text 22 px apart in the clone and not at all in
 * the page (the text drawn 44 px low after the scroll). For a single-line flex column packed
 * at its start, the gap the page used is measured between its first two in-flow items and
 * written in px.
 */
export function usedPercentRowGaps(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    const style = (c as HTMLElement).style as CSSStyleDeclaration | undefined;
    if (!style) continue;
    const cs = s.getComputedStyle(src);
    if (!cs.rowGap.endsWith('%') || !/flex/.test(cs.display) || cs.flexDirection !== 'column' || cs.flexWrap !== 'nowrap') continue;
    if (!/^(normal|flex-start|start)$/.test(cs.justifyContent)) continue;
    const items: Element[] = [];
    for (let n = src.firstElementChild; n && items.length < 2; n = n.nextElementSibling) if (laidOut(s.getComputedStyle(n))) items.push(n);
    if (items.length < 2) continue;
    const [a, b] = items as [Element, Element];
    const gap =
      call(s.getBoundingClientRect, b).top -
      (parseFloat(s.getComputedStyle(b).marginTop) || 0) -
      call(s.getBoundingClientRect, a).bottom -
      (parseFloat(s.getComputedStyle(a).marginBottom) || 0);
    if (gap >= 0) style.setProperty('row-gap', `${Math.round(gap * 64) / 64}px`);
  }
}

/** Box lengths that layout keeps in 1/64 px units (LayoutUnit) and snapdom copies as computed. */
const EXACT_LENGTHS = [
  'width',
  'height',
  'min-width',
  'min-height',
  'max-width',
  'max-height',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'top',
  'right',
  'bottom',
  'left',
] as const;

/**
 * getComputedStyle writes numbers with six significant digits and snapdom copies those, while
 * layout keeps box lengths in 1/64 px: a button 93.78125 px wide came back 93.7812 px, which
 * layout floors to 93.765625, and its right border was drawn a pixel column further left; a
 * row of such boxes drifts by 1/64 px each, and text crossing a pixel boundary is drawn a
 * column or a row off (a row of native buttons: OCR read the board in another order). A
 * six-digit length is snapped back to its 1/64 px value and written after snapdom's own
 * styles, into the style attribute: the clone's CSSOM would round it again when the clone is
 * serialised. Lengths the clone does not carry are left out (width and height of inline
 * boxes and of the text tags snapdom sizes by content, unless a fix above gave them one),
 * and so are lengths set on the clone to another value (snapdom's moves of fixed boxes).
 */
export function exactLengths(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    const el = c as HTMLElement;
    if (!el.style || el.namespaceURI !== XHTML) continue;
    const cs = s.getComputedStyle(src);
    if (cs.display === 'none' || cs.display === 'contents') continue;
    const inline = cs.display === 'inline';
    const sized = !CONTENT_SIZED.has(src.localName) || !!el.style.width;
    let extra = '';
    for (const prop of EXACT_LENGTHS) {
      if ((prop === 'width' || prop === 'height') && (inline || !sized)) continue;
      const value = cs.getPropertyValue(prop);
      // A value set on the clone itself (snapdom's moves of fixed boxes, the fixes above) stays.
      const own = el.style.getPropertyValue(prop);
      if (own && own !== value) continue;
      const exact = exactLength(value);
      if (exact !== null) extra += `;${prop}:${exact}px`;
    }
    appendStyle(el, extra);
  }
}

/** A px length of six significant digits, as its nearest 1/64 px value when that has more digits. */
export function exactLength(value: string): string | null {
  const m = /^(-?)(\d+)\.(\d+)px$/.exec(value);
  if (!m || m[2]!.replace(/^0+/, '').length + m[3]!.length < 6) return null;
  const v = parseFloat(value);
  // Past 8192 px the sixth digit is coarser than 1/128 px and the nearest 1/64 is a guess.
  if (Math.abs(v) >= 8192) return null;
  const snapped = Math.round(v * 64) / 64;
  // Only a value that rounds to what was written: half a unit of its sixth digit.
  const halfUnit = 0.5 * 10 ** (Math.floor(Math.log10(Math.abs(v))) - 5) + 1e-9;
  const text = String(snapped);
  return Math.abs(snapped - v) <= halfUnit && text !== String(v) ? text : null;
}

/**
 * Layout floors a unitless line height (`line-height: 1.5`, the font size times the number) to
 * 1/64 px but rounds a length to it, and snapdom writes the computed length: 1.5 at 17.6 px is
 * 26.390625 px in the page and `26.4px`, laid out as 26.40625, in the clone. Each line came
 * 1/64 px lower than the one before it, and a line far enough down a block was drawn a pixel
 * row low (Picnic's code sample after the scroll: its third line, OCR 0.952 with no pixel
 * differing but that row). Where the length is not a whole 1/64 px, the page's number goes
 * back, appended to the style attribute as exactLengths does (Typed OM gives the number; Firefox
 * has none and keeps snapdom's length).
 */
export function unitlessLineHeights(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  for (const [c, src] of map) {
    const el = c as HTMLElement;
    if (!el.style || el.namespaceURI !== XHTML || typeof src.computedStyleMap !== 'function') continue;
    // `normal` gives NaN; a whole 1/64 px is laid out the same either way.
    const px = parseFloat(s.getComputedStyle(src).lineHeight);
    if (!Number.isFinite(px) || Number.isInteger(px * 64)) continue;
    const value = src.computedStyleMap().get('line-height') as { unit?: string; value?: number } | null | undefined;
    if (value?.unit !== 'number' || typeof value.value !== 'number') continue;
    appendStyle(el, `;line-height:${value.value}`);
  }
}

/**
 * snapdom moves a fixed element to the end of the root (after the body), so it comes later
 * in tree order, and with it in painting order among boxes of the same z-index (CSS 2.2
 * Appendix E): a Tailwind backdrop `fixed inset-0 z-10` placed before a `z-10` header covered
 * the header instead of lying under it (Windmill, 6.9 % of pixels). Where its own parent gives
 * it the same containing block, the clone goes back there, before the clone of the sibling
 * that follows its element in the page; elsewhere it takes its ancestors' stacking level,
 * the body's included: out of a `position: relative; z-index: 2` body it painted under the
 * whole page (TourNest's scroll-fixed header, 9.7 % of pixels, OCR 0.40).
 */
export function restoreFixedOrder(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  const body = s.doc.body;
  let cloneOf: Map<Element, Element> | null = null;
  for (const [c, src] of map) {
    const parent = src.parentElement;
    if (!parent || !c.parentElement) continue;
    const cs = s.getComputedStyle(src);
    const sticky = cs.position === 'sticky' || cs.position === '-webkit-sticky';
    if (cs.position !== 'fixed' && !sticky) continue;
    if (parent === body) {
      // Its place among the body's children is lost, but not the body's stacking level.
      const z = outerZ(s, body);
      if (z !== null) (c as HTMLElement).style.zIndex = z;
      continue;
    }
    cloneOf ??= new Map([...map].map(([k, v]) => [v, k]));
    const home = cloneOf.get(parent);
    if (!home || home === c.parentElement) continue;
    // snapdom pins a sticky element the same way, where it is drawn now (stuck or not), and
    // leaves a hidden stand-in in its place: it too paints at its ancestors' level
    // (FullCalendar's event titles are sticky inside z-indexed event boxes, which covered them).
    // With the same containing block it goes home like a fixed one: left after the body, it
    // covered a later fixed box of its z-index that had gone home (Furo's Back to top pill).
    const sameBlock = sameContainingBlock(s, parent);
    if (sticky && !sameBlock) {
      const z = cs.zIndex === 'auto' ? outerZ(s, parent) : null;
      if (z !== null) (c as HTMLElement).style.zIndex = z;
      continue;
    }
    if (!sameBlock) {
      // It stays where snapdom put it, but paints at the level of the outermost positioned,
      // z-indexed ancestor it belonged to (Volt's "Upgrade to Pro" button, fixed inside a
      // `z-index: 100` sidebar, fell under that sidebar and vanished).
      const z = outerZ(s, parent);
      if (z !== null) (c as HTMLElement).style.zIndex = z;
      continue;
    }
    let next = src.nextElementSibling;
    while (next && cloneOf.get(next)?.parentElement !== home) next = next.nextElementSibling;
    home.insertBefore(c, next ? cloneOf.get(next)! : null);
  }
}

/**
 * A sticky element is in flow, so every ancestor that clips its overflow clips it too; snapdom
 * pins it as an absolute box (at the end of the root, or back home without those ancestors as
 * its containing block), where nothing clips it. Frappe Gantt's date row is sticky inside a
 * chart that scrolls sideways: it ran across the whole page over the titles beside the chart
 * (OCR 0.40). The clone is clipped to the intersection of those ancestors' padding boxes,
 * measured on the page (sides no ancestor clips stay open).
 */
export function clipStickyToScrollports(s: Saved, context: CloneContext): void {
  const map = nodeMapOf(context);
  if (!map) return;
  const { documentElement: root, body } = s.doc;
  for (const [c, src] of map) {
    const style = (c as HTMLElement).style as CSSStyleDeclaration | undefined;
    if (!style || src === root) continue;
    const cs = s.getComputedStyle(src);
    if (!pinned(style, cs) || cs.position === 'fixed' || cs.transform !== 'none' || cs.clipPath !== 'none') continue;
    let [top, right, bottom, left] = [-Infinity, Infinity, Infinity, -Infinity];
    for (let a = src.parentElement; a && a !== body && a !== root; a = a.parentElement) {
      const as = s.getComputedStyle(a);
      // A box-less ancestor clips nothing, whatever its overflow says (TypeDoc's sidebar column
      // is `display: contents; overflow: auto`: its empty rect hid the whole side menu).
      if (as.display === 'contents' || as.display === 'inline') continue;
      const clipsX = as.overflowX !== 'visible';
      const clipsY = as.overflowY !== 'visible';
      if (!clipsX && !clipsY) continue;
      const r = call(s.getBoundingClientRect, a);
      const x = r.left + a.clientLeft;
      const y = r.top + a.clientTop;
      if (clipsX) [left, right] = [Math.max(left, x), Math.min(right, x + a.clientWidth)];
      if (clipsY) [top, bottom] = [Math.max(top, y), Math.min(bottom, y + a.clientHeight)];
    }
    if (top === -Infinity && left === -Infinity) continue;
    const u = call(s.getBoundingClientRect, src);
    const open = -1e5;
    const inset = [top - u.top, u.right - right, u.bottom - bottom, left - u.left].map((v) =>
      Number.isFinite(v) ? `${v}px` : `${open}px`,
    );
    style.setProperty('clip-path', `inset(${inset.join(' ')})`);
  }
}

/** The z-index of the outermost positioned ancestor that has one, the body included (not the root). */
function outerZ(s: Saved, from: Element): string | null {
  let z: string | null = null;
  for (let a: Element | null = from; a && a !== s.doc.documentElement; a = a.parentElement) {
    const cs = s.getComputedStyle(a);
    if (cs.position !== 'static' && cs.zIndex !== 'auto') z = cs.zIndex;
  }
  return z;
}

/**
 * snapdom pins a fixed element as an absolute box placed for the body's containing block;
 * it can go back into its own parent only if no ancestor between them makes a containing
 * block for absolute boxes (CSS Position 3 §2.1, CSS Transforms 1 §2).
 */
function sameContainingBlock(s: Saved, from: Element): boolean {
  for (let a: Element | null = from; a && a !== s.doc.body; a = a.parentElement) {
    const cs = s.getComputedStyle(a);
    if (
      cs.position !== 'static' ||
      cs.transform !== 'none' ||
      cs.filter !== 'none' ||
      cs.perspective !== 'none' ||
      cs.contain !== 'none' ||
      /transform|filter|perspective/.test(cs.willChange) ||
      cs.backdropFilter !== 'none'
    )
      return false;
  }
  return true;
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
  const map = nodeMapOf(context);
  if (!map) return;
  const root = s.doc.documentElement;
  const k = call(s.getBoundingClientRect, root);
  const near = (a: number, b: number) => Math.abs(a - b) < 0.01;
  for (const [c, src] of map) {
    const style = (c as HTMLElement).style as CSSStyleDeclaration | undefined;
    if (!style || src === root || !pinned(style, s.getComputedStyle(src))) continue;
    if (style.transform && style.transform !== 'none') continue;
    const u = call(s.getBoundingClientRect, src);
    const x = u.left - k.left - root.clientLeft;
    const y = u.top - k.top - root.clientTop;
    const [left, top, width, height] = [style.left, style.top, style.width, style.height].map((v) => parseFloat(v)) as [
      number,
      number,
      number,
      number,
    ];
    const horizontal = (near(left, x) && near(width, u.width + 2)) || (near(left, x - 1) && near(width, u.width + 3));
    const vertical = (near(top, y) && near(height, u.height)) || (near(top, y - 1) && near(height, u.height + 1));
    if (!horizontal || !vertical) continue;
    style.left = `${x}px`;
    style.top = `${y}px`;
    style.width = `${u.width}px`;
    style.height = `${u.height}px`;
  }
}
