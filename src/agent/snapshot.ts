// Collects the page snapshot the resolver works on: every element a step could target
// (interactive tags and roles, class btn, own cursor:pointer, listeners, on* attributes,
// contenteditable, labelled icons) plus the text-bearing elements steps refer to for
// relations and context (headings, labels, list items, cells, cards, short texts), and small
// empty shapes painted in their own colour ("the red square"). Controls carry the headings
// of the sections they lie in.
//
// Cost on huge pages is capped (numbers below): at most MAX_ELEMENTS elements are kept,
// computed style is read for the first MAX_STYLED elements visited only (after that,
// cursor:pointer is unknown and visibility comes from the box alone), and hit-testing
// runs for at most MAX_HIT_TESTS elements. `snapshot.truncated` says a cap was reached.
import type { ElementSnapshot, Look, PageSnapshot } from '../driver/snapshot.ts';
import { classifyGlyph, polygonSpellings, shapeKey, type Primitive } from '../driver/glyphs.ts';
import { iconName } from './icon-names.ts';
import { XHTML_NS } from './dom.ts';
import { iconFontWords } from '../driver/icon-fonts.ts';

export const MAX_ELEMENTS = 4000;
export const MAX_STYLED = 25000;
export const MAX_HIT_TESTS = 800;
/** Pseudo-element styles read per snapshot (two per element): only elements with little text of their own. */
export const MAX_PSEUDO_READS = 400;
const MAX_TEXT = 200;

/** DOM functions the collector calls, captured before the candidate can replace them. */
export interface SnapshotDom {
  getBoundingClientRect: (el: Element) => DOMRect;
  getComputedStyle: (el: Element, pseudo?: string) => CSSStyleDeclaration;
  elementFromPoint: (x: number, y: number) => Element | null;
  querySelector: (root: Element, sel: string) => Element | null;
  getAttribute: (el: Element, name: string) => string | null;
  getAttributeNames: (el: Element) => string[];
  contains: (a: Node, b: Node | null) => boolean;
}

/**
 * Captures the DOM functions the collector uses. Call it when the agent is installed
 * (before candidate code runs) and pass the result as `dom` to every collectSnapshot.
 */
export function captureSnapshotDom(win: Window): SnapshotDom {
  const w = win as Window & typeof globalThis;
  const apply = Reflect.apply;
  const gbcr = w.Element.prototype.getBoundingClientRect;
  const gcs = w.getComputedStyle;
  const efp = w.Document.prototype.elementFromPoint;
  const qs = w.Element.prototype.querySelector;
  const ga = w.Element.prototype.getAttribute;
  const gan = w.Element.prototype.getAttributeNames;
  const contains = w.Node.prototype.contains;
  const doc = w.document;
  return {
    getBoundingClientRect: (el) => apply(gbcr, el, []) as DOMRect,
    getComputedStyle: (el, pseudo) => apply(gcs, w, pseudo ? [el, pseudo] : [el]) as CSSStyleDeclaration,
    elementFromPoint: (x, y) => apply(efp, doc, [x, y]) as Element | null,
    querySelector: (root, sel) => apply(qs, root, [sel]) as Element | null,
    getAttribute: (el, name) => apply(ga, el, [name]) as string | null,
    getAttributeNames: (el) => apply(gan, el, []) as string[],
    contains: (a, b) => apply(contains, a, [b]) as boolean,
  };
}

export interface CollectOptions {
  doc: Document;
  win: Window;
  /** From installListenerTracking; without it, only on* attributes count as listeners. */
  listenersOf?: (el: Element) => string[];
  /** From captureSnapshotDom at install time; captured now when omitted. */
  dom?: SnapshotDom;
  /**
   * Read colours, borders, rounding and strike-through (default true). Those reads are about a
   * third of a snapshot's cost; weight and size (headings by look) are always read.
   */
  look?: boolean;
}

export interface CollectResult {
  snapshot: PageSnapshot;
  /** Parallel to snapshot.elements: the agent acts on elements[index]. */
  elements: Element[];
}

const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'meta',
  'link',
  'title',
  'iframe',
  'object',
  'embed',
  'br',
  'wbr',
]);
const INTERACTIVE_TAGS = new Set(['button', 'select', 'textarea', 'summary', 'option']);
const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'slider',
  'spinbutton',
  'treeitem',
  'gridcell',
]);
const TEXT_TAGS = new Set([
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'label',
  'li',
  'td',
  'th',
  'legend',
  'caption',
  'figcaption',
  'dt',
  'dd',
  'tr',
  'article',
  'img',
  'svg',
  'canvas',
  'video',
  'picture',
]);
const CONTAINER_HEADS = new Set([
  'card',
  'tile',
  'item',
  'product',
  'listing',
  'result',
  'post',
  'cell',
  'square',
  'slot',
  'row',
  'entry',
  'hotel',
  'plan',
  'option',
  'tab',
  'chip',
  'tag',
  'pill',
  'badge',
  'icon',
  'title',
  'name',
  'label',
  'price',
  'heading',
]);
const IMPLICIT_ROLES: Record<string, string> = {
  button: 'button',
  a: 'link',
  select: 'combobox',
  textarea: 'textbox',
  img: 'img',
  nav: 'navigation',
  header: 'banner',
  footer: 'contentinfo',
  main: 'main',
  aside: 'complementary',
  form: 'form',
  dialog: 'dialog',
  li: 'listitem',
  ul: 'list',
  ol: 'list',
  table: 'table',
  tr: 'row',
  td: 'cell',
  th: 'columnheader',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  option: 'option',
  article: 'article',
  summary: 'button',
  label: 'label',
};
const INPUT_ROLES: Record<string, string> = {
  checkbox: 'checkbox',
  radio: 'radio',
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  range: 'slider',
  search: 'searchbox',
  number: 'spinbutton',
};
const LANDMARK_TAGS: Record<string, string> = {
  header: 'header',
  nav: 'nav',
  main: 'main',
  footer: 'footer',
  aside: 'aside',
  form: 'form',
  dialog: 'dialog',
};
const LANDMARK_ROLES: Record<string, string> = {
  banner: 'header',
  navigation: 'nav',
  main: 'main',
  contentinfo: 'footer',
  complementary: 'aside',
  form: 'form',
  search: 'form',
  dialog: 'dialog',
  alertdialog: 'dialog',
};
const LANDMARK_CLASS: Record<string, string> = {
  header: 'header',
  navbar: 'nav',
  nav: 'nav',
  navigation: 'nav',
  topbar: 'header',
  sidebar: 'aside',
  footer: 'footer',
  modal: 'dialog',
  dialog: 'dialog',
  popup: 'dialog',
  overlay: 'dialog',
  drawer: 'aside',
  menu: 'nav',
  toolbar: 'header',
};
/**
 * Class/id words naming a region a step may use as an anchor ("of the board", "on the
 * carousel", "in the seat map"): such containers are kept even without text of their own.
 */
const REGION_HEADS = new Set([
  'board',
  'grid',
  'carousel',
  'slider',
  'slideshow',
  'gallery',
  'calendar',
  'map',
  'picker',
  'pager',
  'pagination',
  'minefield',
  'playfield',
  'keyboard',
  'keypad',
  'reviews',
  'comments',
  'video',
  'player',
  'hero',
  'photo',
  'stepper',
  'counter',
  'list',
  'column',
  'panel',
  'toolbar',
  'controls',
  'dots',
  'thumbs',
  'thumbnails',
  'tabs',
  'menu',
  'sidebar',
  'feed',
  'alert',
  'toast',
  'callout',
  'notice',
  'notification',
  'banner',
  'modal',
  'dialog',
  'popup',
  'dropdown',
  'accordion',
  'navbar',
  'nav',
  'card',
  'timeline',
  'table',
  'form',
  'footer',
  'header',
  'section',
  'widget',
  'lane',
  'kanban',
  'post',
  'article',
  'pricing',
  'plan',
]);
/** Roles of a box that groups others; with an author's label it is a named place. */
const NAMED_REGION_ROLES = new Set(['application', 'region', 'group', 'toolbar', 'menubar', 'tablist', 'radiogroup', 'figure']);
/** A drawn shape covers at most this share of the viewport to be kept for itself. */
const DRAWN_SHAPE_MAX_SCREEN = 0.1;
const smallShape = (r: DOMRect, screen: number): boolean =>
  r.width > 0 && r.height > 0 && r.width * r.height <= screen * DRAWN_SHAPE_MAX_SCREEN;
/** A card's size: big enough to hold a few parts, well under the screen (not a panel or a page band). */
const cardSized = (r: DOMRect, vw: number, vh: number): boolean =>
  r.width >= 80 && r.height >= 40 && r.width <= vw * 0.6 && r.width * r.height <= vw * vh * 0.25;
/** Headings kept per element, innermost first. */
const MAX_SECTIONS = 3;
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const CONTEXT_SELECTOR = 'h1,h2,h3,h4,h5,h6,legend,[class*="title"],[class*="name"],[class*="heading"],[class*="label"],strong';
/** Leaves kept for other reasons or never drawn as a shape: media, form parts, line breaks, SVG parts. */
const DRAWN_SHAPE_EXCLUDED = new Set([
  'img',
  'svg',
  'video',
  'canvas',
  'iframe',
  'input',
  'textarea',
  'select',
  'option',
  'br',
  'hr',
  'wbr',
  'col',
  'colgroup',
  'source',
  'track',
  'script',
  'style',
  'link',
  'meta',
  'path',
  'rect',
  'circle',
  'use',
  'line',
  'polygon',
  'polyline',
  'ellipse',
  'g',
]);
const ICON_HINT_TAGS = new Set(['i', 'svg', 'use', 'span', 'img', 'em']);
/** Class words of icon sets: an <i>/<span> carrying one is an icon even with no text and no listener. */
const ICON_SET_WORDS = new Set([
  'fa',
  'fas',
  'far',
  'fab',
  'fal',
  'fad',
  'bi',
  'icon',
  'icons',
  'material',
  'mdi',
  'ti',
  'glyphicon',
  'ion',
  'ionicon',
  'feather',
  'lucide',
  'la',
  'las',
  'lab',
  'ri',
  'octicon',
  'codicon',
  'symbol',
]);
const SVG_SHAPES = new Set(['path', 'line', 'polyline', 'polygon', 'circle', 'rect', 'ellipse']);

function isTransparentColour(c: string): boolean {
  return !c || c === 'transparent' || /rgba\([^)]*,\s*0(\.0+)?\)$/.test(c);
}

/**
 * Whether the page itself scrolls sideways: the viewport takes the root's overflow-x, or the
 * body's when the root's is visible, and hidden or clip there cuts off what is past the edge.
 */
function canScrollSideways(doc: Document, dom: SnapshotDom, vw: number): boolean {
  const scrollEl = doc.scrollingElement ?? doc.documentElement;
  if (!scrollEl || scrollEl.scrollWidth <= vw) return false;
  try {
    const rootX = dom.getComputedStyle(doc.documentElement).overflowX;
    const x = rootX === 'visible' && doc.body ? dom.getComputedStyle(doc.body).overflowX : rootX;
    return x !== 'hidden' && x !== 'clip';
  } catch {
    return true;
  }
}

/** An element that scrolls its own content (either way). */
function scrolls(style: CSSStyleDeclaration): boolean {
  const x = style.overflowX;
  const y = style.overflowY;
  return x === 'auto' || x === 'scroll' || y === 'auto' || y === 'scroll';
}

/** The canvas behind a page that paints no background of its own: white, or dark under `color-scheme: dark` alone. */
function canvasColour(rootStyle: CSSStyleDeclaration): string {
  return rootStyle.colorScheme.trim() === 'dark' ? 'rgb(18, 18, 18)' : 'rgb(255, 255, 255)';
}

/** The colour an element paints behind its content: its background colour, else a gradient's first colour. */
function ownBackground(style: CSSStyleDeclaration): string {
  if (!isTransparentColour(style.backgroundColor)) return style.backgroundColor;
  const img = style.backgroundImage;
  if (img && img !== 'none' && img.includes('gradient')) {
    const m = /rgba?\([^)]*\)/.exec(img);
    if (m && !isTransparentColour(m[0])) return m[0];
  }
  return '';
}

function lookOf(
  style: CSSStyleDeclaration,
  bgAround: string,
  box: { width: number; height: number },
  struckAround: boolean,
  full: boolean,
  svg = false,
): Look {
  if (!full) {
    const basic: Look = {};
    if (Number(style.fontWeight) >= 600) basic.bold = true;
    const px = parseFloat(style.fontSize);
    if (px) basic.fontPx = px;
    return basic;
  }
  const look: Look = { fg: style.color };
  // An SVG paints its shapes in its fill ("the black GitHub corner": fill black, colour white).
  const bg = ownBackground(style) || (svg && /^rgba?\(/.test(style.fill) && !isTransparentColour(style.fill) ? style.fill : '');
  if (bg) look.bg = bg;
  if (bgAround && bgAround !== bg) look.bgAround = bgAround;
  const bw = parseFloat(style.borderTopWidth) || parseFloat(style.borderLeftWidth);
  if (bw > 0 && style.borderTopStyle !== 'none' && !isTransparentColour(style.borderTopColor)) look.border = style.borderTopColor;
  if (Number(style.fontWeight) >= 600) look.bold = true;
  // text-decoration is not inherited as a value, but a struck ancestor strikes its text visibly.
  if (struckAround || (style.textDecorationLine || '').includes('line-through')) look.strike = true;
  const radius = parseFloat(style.borderTopLeftRadius);
  if (radius > 0 && box.width > 0 && radius >= Math.min(box.width, box.height) / 2 - 1) look.round = true;
  const px = parseFloat(style.fontSize);
  if (px) look.fontPx = px;
  return look;
}

/** Text or icon-font words CSS draws in the element's ::before and ::after, or ''. */
function pseudoOf(el: Element, dom: SnapshotDom): string {
  const out: string[] = [];
  for (const which of ['::before', '::after']) {
    let st: CSSStyleDeclaration;
    try {
      st = dom.getComputedStyle(el, which);
    } catch {
      continue;
    }
    const c = st.content;
    if (!c || c === 'none' || c === 'normal' || st.display === 'none') continue;
    // The computed value is a quoted string (or counters, attr(): not read).
    const m = /^"((?:[^"\\]|\\.)*)"$/.exec(c);
    if (!m) continue;
    const text = (m[1] as string).replace(/\\(.)/g, '$1').trim();
    if (!text) continue;
    const icon = iconFontWords(text, st.fontFamily);
    if (icon) out.push(icon);
    else if (/[\p{L}\p{N}\p{S}\p{P}]/u.test(text) && !/[\u{E000}-\u{F8FF}]/u.test(text)) out.push(text);
  }
  return collapse(out.join(' ')).slice(0, 80);
}

/**
 * What a control is wired to do, as its markup says: data-*toggle* / data-action values and
 * the ids it controls ("fullscreen", "sidebar", "dropdown"); and for a checkbox, its wrapper's
 * classes ("form-switch": it is drawn as a switch).
 */
function actionHint(el: Element, dom: SnapshotDom, inForm: boolean): string {
  const out: string[] = [];
  for (const name of dom.getAttributeNames(el)) {
    if ((name.startsWith('data-') && /toggle|action|widget|target|dismiss/.test(name)) || name === 'aria-controls') {
      const v = dom.getAttribute(el, name);
      if (v && v.length < 40) out.push(v.replace(/^[#.]/, ''));
    }
  }
  // A toolbar button's value says which variant it applies (Quill: class ql-script, value "super").
  if (el.localName === 'button') {
    const v = dom.getAttribute(el, 'value');
    if (v && v.length < 20) out.push(v);
  }
  // "Submit the reservation": the button that submits its form, whatever its words ("Book table").
  const type = (dom.getAttribute(el, 'type') ?? '').toLowerCase();
  if (inForm && ((el.localName === 'button' && (type === '' || type === 'submit')) || (el.localName === 'input' && type === 'submit')))
    out.push('submit');
  if (el.localName === 'input' && el.parentElement) {
    const t = (dom.getAttribute(el, 'type') ?? '').toLowerCase();
    if (t === 'checkbox' || t === 'radio') out.push(dom.getAttribute(el.parentElement, 'class') ?? '');
  }
  return collapse(out.join(' ')).slice(0, 120);
}

/**
 * The header text of a cell's column (first row of its table) and its row's first cell. An ARIA
 * grid drawn with divs (SlickGrid, AG Grid) counts too: its column headers are the children of
 * the first column header's parent, in the cells' order.
 */
function cellHeaders(el: Element, dom: SnapshotDom): { column?: string; row?: string } | undefined {
  const tr = el.parentElement;
  if (
    tr &&
    tr.localName !== 'tr' &&
    /^(gridcell|cell)$/.test(dom.getAttribute(el, 'role') ?? '') &&
    dom.getAttribute(tr, 'role') === 'row'
  ) {
    const grid = el.closest('[role="grid"], [role="treegrid"], [role="table"]');
    const firstHead = grid ? dom.querySelector(grid, '[role="columnheader"]') : null;
    if (!firstHead?.parentElement) return undefined;
    return headersIn(el, tr, firstHead.parentElement, dom);
  }
  if (!tr || tr.localName !== 'tr') return undefined;
  const table = el.closest('table');
  if (!table) return undefined;
  const head = dom.querySelector(table, 'tr');
  return headersIn(el, tr, head && head !== tr ? head : undefined, dom);
}

/** The cell's column header (the header row's child at the cell's index) and its row's first cell, by their text. */
function headersIn(
  el: Element,
  row: Element,
  headRow: Element | undefined,
  dom: SnapshotDom,
): { column?: string; row?: string } | undefined {
  const index = Array.prototype.indexOf.call(row.children, el) as number;
  const out: { column?: string; row?: string } = {};
  const h = headRow?.children[index];
  let t = h && h !== el ? boundedText(h, 60) : '';
  // A calendar's "Sat" heading spells itself out in its <abbr title="Saturday">: the column is
  // named both ways ("the Saturday column", "the Sat column").
  const abbr = t && h ? dom.querySelector(h, 'abbr[title]') : null;
  const full = abbr ? dom.getAttribute(abbr, 'title') : null;
  if (full && full.length < 40 && !t.includes(full)) t = `${t} ${full}`;
  if (t) out.column = t;
  const first = row.firstElementChild;
  if (first && first !== el) {
    const r = boundedText(first, 60);
    if (r) out.row = r;
  }
  return out.column || out.row ? out : undefined;
}

/**
 * Names of the first inline SVG's shape: its icon set's name for it when its exact geometry is
 * a well-known set's icon (a Heroicons trash can), and what a simple one draws (a line icon with
 * no label), or ''.
 */
function svgShapeOf(el: Element, dom: SnapshotDom): string {
  const svg = el.localName === 'svg' ? el : dom.querySelector(el, 'svg');
  if (!svg) return '';
  const prims: Primitive[] = [];
  const num = (e: Element, a: string) => Number(dom.getAttribute(e, a) ?? 0) || 0;
  let seen = 0;
  const walk = (n: Element, depth: number) => {
    for (let c = n.firstElementChild; c && seen < 30; c = c.nextElementSibling) {
      seen++;
      const t = c.localName;
      if (t === 'g' && depth < 3) {
        walk(c, depth + 1);
        continue;
      }
      if (!SVG_SHAPES.has(t)) continue;
      if (t === 'path') prims.push({ kind: 'path', d: dom.getAttribute(c, 'd') ?? '' });
      else if (t === 'line') prims.push({ kind: 'line', x1: num(c, 'x1'), y1: num(c, 'y1'), x2: num(c, 'x2'), y2: num(c, 'y2') });
      else if (t === 'polyline' || t === 'polygon') prims.push({ kind: 'polyline', points: dom.getAttribute(c, 'points') ?? '' });
      else if (t === 'circle') prims.push({ kind: 'circle', cx: num(c, 'cx'), cy: num(c, 'cy'), r: num(c, 'r') });
      else if (t === 'ellipse') prims.push({ kind: 'circle', cx: num(c, 'cx'), cy: num(c, 'cy'), r: Math.max(num(c, 'rx'), num(c, 'ry')) });
      else prims.push({ kind: 'rect', x: num(c, 'x'), y: num(c, 'y'), width: num(c, 'width'), height: num(c, 'height') });
    }
  };
  walk(svg, 0);
  if (!prims.length) return '';
  const known =
    iconName(shapeKey(prims)) ??
    polygonSpellings(prims)
      .map((alt) => iconName(shapeKey(alt)))
      .find(Boolean) ??
    '';
  if (prims.length > 12) return known;
  const vb = (dom.getAttribute(svg, 'viewBox') ?? '').split(/[\s,]+/).map(Number);
  const viewBox = vb.length === 4 && vb.every(Number.isFinite) ? { width: vb[2] as number, height: vb[3] as number } : undefined;
  return `${known} ${classifyGlyph(prims, viewBox).join(' ')}`.trim();
}

/** "site-header" is a page header; "card-header" is not: a part-of prefix rules a class out. */
const PART_PREFIXES = new Set([
  'card',
  'modal',
  'panel',
  'section',
  'table',
  'list',
  'item',
  'product',
  'widget',
  'box',
  'content',
  'chat',
  'form',
  'column',
  'col',
  'group',
  'cart',
  'post',
  'tab',
  'accordion',
  'dropdown',
  'sub',
]);
function classLandmark(classes: string[]): string | undefined {
  for (const c of classes) {
    const words = splitClass(c);
    const head = words.at(-1) ?? '';
    // Own keys only: an id or class "constructor" must not read Object.prototype.
    const lm = Object.hasOwn(LANDMARK_CLASS, head) ? LANDMARK_CLASS[head] : undefined;
    if (!lm) continue;
    if (words.length > 1 && PART_PREFIXES.has(words[0] as string) && lm !== 'dialog') continue;
    return lm;
  }
  return undefined;
}

/** What the walk needs from a class attribute; pages repeat a few class strings, so it is parsed once per snapshot. */
interface ClassInfo {
  classes: string[];
  words: string[];
  heads: string[];
  landmark: string | undefined;
  containerHead: boolean;
}

function classInfoOf(classAttr: string): ClassInfo {
  const classes = classAttr ? classAttr.split(/\s+/).filter(Boolean) : [];
  const split = classes.map(splitClass);
  const heads = split.map((w) => w.at(-1) ?? '');
  return {
    classes,
    words: split.flat(),
    heads,
    landmark: classLandmark(classes),
    containerHead: heads.some((h) => CONTAINER_HEADS.has(h)),
  };
}

function splitClass(c: string): string[] {
  return c
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Visible-ish text of a subtree, stopping after `max` characters (cheap on huge containers). */
function boundedText(el: Element, max: number): string {
  let out = '';
  const walk = (n: Node): boolean => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) {
        out += c.nodeValue ?? '';
        if (out.length > max * 2) return true;
      } else if (c.nodeType === 1) {
        const tag = (c as Element).localName;
        if (SKIP.has(tag)) continue;
        if (tag === 'input' || tag === 'select' || tag === 'textarea') continue;
        out += ' ';
        if (walk(c)) return true;
      }
    }
    return false;
  };
  walk(el);
  const t = collapse(out);
  return t.length > max ? t.slice(0, max) : t;
}

function hasOwnText(el: Element): boolean {
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3 && /\S/.test(c.nodeValue ?? '')) return true;
  return false;
}

/**
 * Attributes icon libraries name an icon by, on the element itself or in its subtree: UIkit's
 * `uk-icon="icon: cart; ratio: .75"`, Feather's and Lucide's `data-feather` / `data-lucide`,
 * Iconify's `<iconify-icon icon="mdi:home">`, Ionicons' `<ion-icon name>` (read below as `name`).
 */
const ICON_NAME_ATTRS = ['uk-icon', 'data-feather', 'data-lucide', 'icon'];

/** Class names, ids, data-icon, <use href> and ligature text of a small subtree: "fa fa-cart". */
function iconHintOf(el: Element, dom: SnapshotDom): string {
  const parts: string[] = [];
  for (const a of ICON_NAME_ATTRS) {
    const v = dom.getAttribute(el, a);
    if (v && v.length < 60) parts.push(v);
  }
  let seen = 0;
  const walk = (n: Element, depth: number) => {
    for (let c = n.firstElementChild; c && seen < 12; c = c.nextElementSibling) {
      seen++;
      const cls = dom.getAttribute(c, 'class');
      // A deeper <div> is read only when its class says it is an icon, and the walk goes on
      // through the others: a sprite icon is often a div naming the picture in a wrapper
      // (x-spreadsheet's drop-down > header > icon > "x-spreadsheet-icon-img bgcolor").
      if (!ICON_HINT_TAGS.has(c.localName) && depth > 0 && !(cls && /icon/i.test(cls))) {
        if (depth < 3) walk(c, depth + 1);
        continue;
      }
      if (cls) parts.push(cls);
      for (const a of ['data-icon', 'aria-label', 'title', 'alt', 'href', 'xlink:href', 'name', ...ICON_NAME_ATTRS]) {
        const v = dom.getAttribute(c, a);
        if (v && v.length < 60) parts.push(v.replace(/^.*#/, ''));
      }
      if (c.localName === 'title' && c.textContent) parts.push(c.textContent);
      // Material icons and similar fonts: the ligature name is the element's text.
      if (cls && /icon|symbol/.test(cls) && c.textContent && c.textContent.length < 40) parts.push(c.textContent);
      if (depth < 3) walk(c, depth + 1);
    }
  };
  walk(el, 0);
  return collapse(parts.join(' ')).slice(0, 200);
}

/** An SVG at least this big (px) that writes text is a drawing (a Gantt chart), not an icon or a logo. */
const DRAWING_MIN = { width: 200, height: 100 };
function isDrawing(svg: Element, dom: SnapshotDom): boolean {
  const r = dom.getBoundingClientRect(svg);
  // Its words are <text>, or HTML in a <foreignObject> (My Mind's topics, diagram editors' labels).
  return r.width >= DRAWING_MIN.width && r.height >= DRAWING_MIN.height && dom.querySelector(svg, 'text, foreignObject') !== null;
}

interface Frame {
  el: Element;
  xpath: string;
  parent: number;
  landmark: string;
  parentPointer: boolean;
  depth: number;
  /** Has a sibling with the same tag and classes: a list entry, card or row of some kind. */
  repeated: boolean;
  /** The parent listens for clicks: its repeated children are delegated targets (game boards, lists). */
  parentClick: boolean;
  /** The background colour painted behind this element by its ancestors ('' when none). */
  bgAround: string;
  /** An ancestor strikes its text through. */
  struck: boolean;
  /** An ancestor is fully transparent (a closed dropdown's list at opacity 0): nothing inside shows. */
  transparent: boolean;
  /** An ancestor is position: fixed: scrolling the page never moves it into view. */
  pinned: boolean;
  /** An ancestor below the body scrolls (overflow auto or scroll) and is itself within reach: scrolling it can bring its content into view. */
  inScroller: boolean;
  /** Inside an SVG drawing (a chart, not an icon): its groups and labels are kept like HTML. */
  drawing: boolean;
}

/**
 * Walks the document once (pre-order, so snapshot order is document order) and returns
 * the snapshot plus the live elements parallel to it. Never throws on odd pages: an
 * element whose style or box cannot be read is kept with what could be read.
 */
export function collectSnapshot(opts: CollectOptions): CollectResult {
  const { doc, win } = opts;
  const dom = opts.dom ?? captureSnapshotDom(win);
  const listenersOf = opts.listenersOf ?? (() => []);
  const vw = win.innerWidth;
  const vh = win.innerHeight;
  const fullLook = opts.look !== false;
  const elements: Element[] = [];
  const snaps: ElementSnapshot[] = [];
  const labelFor = new Map<string, string>();
  for (const l of Array.from(doc.querySelectorAll('label[for]')).slice(0, 2000)) {
    const f = dom.getAttribute(l, 'for');
    if (f && !labelFor.has(f)) labelFor.set(f, boundedText(l, MAX_TEXT));
  }
  const contextCache = new Map<Element, string | null>();
  /** The headings in force at this point of the document, by level (1..6): the sections an element is in. */
  const headings: string[] = [];
  const classCache = new Map<string, ClassInfo>();
  let visited = 0;
  let styled = 0;
  let pseudoReads = 0;
  /** Transparent inputs kept provisionally: visible only if the hit-test finds them on top (custom checkboxes). */
  const ghosts = new Set<number>();
  let truncated = false;
  const root = doc.documentElement;
  if (!root)
    return { snapshot: { viewport: { width: vw, height: vh }, scroll: { x: 0, y: 0, maxY: 0 }, focused: -1, elements: [] }, elements: [] };
  const stack: Frame[] = [
    {
      el: root,
      xpath: `/${root.localName}[1]`,
      parent: -1,
      landmark: '',
      parentPointer: false,
      depth: 0,
      repeated: false,
      parentClick: false,
      // What shows through when neither html nor body paints a background: the canvas, white in
      // a light colour scheme ("the white button" on a plain page is a transparent one).
      bgAround: fullLook ? canvasColour(dom.getComputedStyle(root)) : '',
      struck: false,
      transparent: false,
      pinned: false,
      inScroller: false,
      drawing: false,
    },
  ];
  const pageScrollsX = canScrollSideways(doc, dom, vw);
  // Past an edge no scrolling of the page reaches: sideways when the page cannot scroll that
  // way (or the box is fixed), above or below the viewport when fixed, above the page's top.
  const outOfReach = (box: { x: number; y: number; width: number; height: number }, pinned: boolean): boolean =>
    ((box.x >= vw || box.x + box.width <= 0) && (pinned || !pageScrollsX)) ||
    (pinned && (box.y >= vh || box.y + box.height <= 0)) ||
    box.y + box.height <= -win.scrollY;
  const reachable = (el: Element, pinned: boolean): boolean => {
    try {
      return !outOfReach(dom.getBoundingClientRect(el), pinned);
    } catch {
      return true;
    }
  };

  while (stack.length) {
    const f = stack.pop() as Frame;
    const el = f.el;
    visited++;
    const tag = el.localName;
    const attr = (n: string) => dom.getAttribute(el, n);
    const classAttr = attr('class') ?? '';
    let ci = classCache.get(classAttr);
    if (!ci) {
      ci = classInfoOf(classAttr);
      classCache.set(classAttr, ci);
    }
    const { classes, words: classWords } = ci;
    const roleAttr = (attr('role') ?? '').trim().split(/\s+/)[0] ?? '';
    const inputType = tag === 'input' ? (attr('type') ?? 'text').toLowerCase() : undefined;

    let style: CSSStyleDeclaration | undefined;
    if (styled < MAX_STYLED) {
      styled++;
      try {
        style = dom.getComputedStyle(el);
      } catch {
        style = undefined;
      }
    } else truncated = true;
    const displayNone = style?.display === 'none';
    const pinned = f.pinned || style?.position === 'fixed';
    const pointerHere = style ? style.cursor === 'pointer' : false;

    // Landmarks, innermost first; a dialog marks everything in it.
    let landmark = f.landmark;
    // An id names a region as a class does: older pages lay out <div id="sidebar">, <div id="header">.
    const idAttr = attr('id');
    const lmOwn =
      LANDMARK_TAGS[tag] ??
      LANDMARK_ROLES[roleAttr] ??
      (attr('aria-modal') === 'true' ? 'dialog' : undefined) ??
      ci.landmark ??
      (idAttr ? classLandmark([idAttr]) : undefined);
    if (lmOwn && !landmark.split(' ').includes(lmOwn)) landmark = landmark ? `${lmOwn} ${landmark}` : lmOwn;

    // Interactive signals, cheapest first.
    const ownListeners = listenersOf(el);
    const onAttrs: string[] = [];
    for (const name of dom.getAttributeNames(el)) if (name.startsWith('on')) onAttrs.push(name.slice(2));
    const listeners =
      onAttrs.length === 0 && ownListeners.length <= 1 ? ownListeners.slice() : [...new Set([...ownListeners, ...onAttrs])].sort();
    const contentEditable = (el as HTMLElement).isContentEditable === true && attr('contenteditable') !== null;
    const tabindex = attr('tabindex');
    const interactive =
      INTERACTIVE_TAGS.has(tag) ||
      (tag === 'a' && attr('href') !== null) ||
      (tag === 'input' && inputType !== 'hidden') ||
      INTERACTIVE_ROLES.has(roleAttr) ||
      classWords.includes('btn') ||
      classWords.includes('button') ||
      listeners.length > 0 ||
      contentEditable ||
      (tabindex !== null && Number(tabindex) >= 0 && tag !== 'div'
        ? true
        : tabindex !== null && Number(tabindex) >= 0 && listeners.length > 0) ||
      (pointerHere && !f.parentPointer) ||
      (f.parentClick && f.repeated) ||
      // A label for a control toggles or focuses it when clicked (custom switches and checkboxes are labels).
      (tag === 'label' && (attr('for') !== null || dom.querySelector(el, 'input,select,textarea') !== null));
    const iconEl =
      ICON_HINT_TAGS.has(tag) &&
      tag !== 'img' &&
      tag !== 'use' &&
      classWords.some((w) => ICON_SET_WORDS.has(w) || w.startsWith('icon')) &&
      !hasOwnText(el);
    // One box read per element, shared by the shape and card checks and the snapshot's own box.
    let rect: DOMRect | undefined;
    const rectOf = (): DOMRect => (rect ??= dom.getBoundingClientRect(el));
    // "The red square on the board", "the thin white line across the player": an empty element
    // that paints a colour of its own is a shape a person sees and names, with no text or class to go by.
    // A large one is a backdrop or a banner's fill, not a shape one points at.
    const drawnShape =
      !!style &&
      el.childElementCount === 0 &&
      !DRAWN_SHAPE_EXCLUDED.has(tag) &&
      !!ownBackground(style) &&
      !hasOwnText(el) &&
      smallShape(rectOf(), vw * vh);
    // "The orange-to-pink card": a box painted apart from what is around it (a colour or a
    // gradient of its own) that holds a few parts is a card a person sees and names, even when
    // no sibling repeats it (each stat card alone in its grid column).
    const cardPaint = fullLook && style && el.childElementCount >= 2 ? ownBackground(style) : '';
    const paintedCard = !!cardPaint && cardPaint !== f.bgAround && cardSized(rectOf(), vw, vh);
    const idWords = splitClass(attr('id') ?? '');
    const regionWords = [...classWords, ...idWords];
    // A table of contents is a region even when one list fills it ("the contents list on the right"),
    // and so is a box an id names as one (`#cookieBanner` around its one row of columns): an id is
    // the page's own name for that one box, where a class may sit on every wrapper.
    const regionBox =
      (el.childElementCount >= 2 && regionWords.some((w) => REGION_HEADS.has(w))) ||
      (el.childElementCount >= 1 && idWords.some((w) => REGION_HEADS.has(w))) ||
      (el.childElementCount >= 1 && (regionWords.includes('toc') || (regionWords.includes('table') && regionWords.includes('contents'))));
    const textBearing =
      regionBox ||
      paintedCard ||
      drawnShape ||
      iconEl ||
      TEXT_TAGS.has(tag) ||
      hasOwnText(el) ||
      (f.repeated && el.childElementCount >= 2) ||
      ci.containerHead ||
      roleAttr === 'heading' ||
      roleAttr === 'img' ||
      roleAttr === 'row' ||
      roleAttr === 'dialog' ||
      // A box the page's author named as a region ("media player", "Text formatting") is a
      // place a step names, even with no text or class of its own to go by.
      (NAMED_REGION_ROLES.has(roleAttr) &&
        el.childElementCount >= 1 &&
        (attr('aria-label') ?? attr('aria-labelledby') ?? '').trim() !== '');

    let index = f.parent;
    if (!displayNone && (interactive || textBearing) && tag !== 'html' && tag !== 'body') {
      if (snaps.length >= MAX_ELEMENTS) {
        truncated = true;
        break;
      }
      let r: DOMRect | undefined;
      try {
        r = rectOf();
      } catch {
        r = undefined;
      }
      const box = r
        ? {
            x: Math.round(r.x * 10) / 10,
            y: Math.round(r.y * 10) / 10,
            width: Math.round(r.width * 10) / 10,
            height: Math.round(r.height * 10) / 10,
          }
        : { x: 0, y: 0, width: 0, height: 0 };
      const shown = box.width > 0 && box.height > 0 && (!style || (style.visibility !== 'hidden' && style.visibility !== 'collapse'));
      // A transparent input over a drawn control (custom checkboxes) is what a click hits.
      const ghost = shown && !!style && Number(style.opacity) === 0 && tag === 'input' && interactive && box.width >= 8 && box.height >= 8;
      const visible = shown && !f.transparent && (!style || Number(style.opacity) > 0 || ghost);
      const inViewport = visible && box.x < vw && box.y < vh && box.x + box.width > 0 && box.y + box.height > 0;
      const offCanvas = visible && !f.inScroller && outOfReach(box, pinned);
      const text = tag === 'svg' ? '' : boundedText(el, MAX_TEXT);
      const s: ElementSnapshot = {
        order: snaps.length,
        xpath: f.xpath,
        tag,
        role:
          roleAttr ||
          (tag === 'input'
            ? (INPUT_ROLES[inputType ?? ''] ?? 'textbox')
            : tag === 'a' && attr('href') === null
              ? ''
              : (IMPLICIT_ROLES[tag] ?? '')),
        name: '',
        text,
        classes,
        pointer: pointerHere,
        listeners,
        box,
        visible,
        inViewport,
        disabled: (el as HTMLButtonElement).disabled === true || attr('aria-disabled') === 'true',
        editable:
          contentEditable ||
          tag === 'textarea' ||
          (tag === 'input' &&
            !['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'hidden', 'range', 'color', 'file'].includes(inputType ?? '')),
        parent: f.parent,
        interactive,
      };
      if (offCanvas) s.offCanvas = true;
      if (inputType) s.inputType = inputType;
      const id = attr('id');
      if (id) s.id = id;
      const href = attr('href');
      if (href !== null && tag === 'a') s.href = href;
      const placeholder = attr('placeholder');
      if (placeholder) s.placeholder = placeholder;
      const alt = attr('alt');
      if (alt) s.alt = alt;
      const title = attr('title');
      if (title) s.title = title;
      const ariaLabel = attr('aria-label');
      if (ariaLabel) s.ariaLabel = ariaLabel;
      if (tag === 'input' || tag === 'textarea' || tag === 'select') {
        const v = (el as HTMLInputElement).value;
        if (typeof v === 'string' && v)
          s.value = tag === 'select' ? boundedText((el as HTMLSelectElement).selectedOptions?.[0] ?? el, 80) || v : v;
      }
      // Kept from people while CSS still draws it: a widget (Choices.js, select2) hides the
      // original field this way beside the one it made for typing.
      if ((tag === 'input' || tag === 'textarea' || tag === 'select') && (attr('hidden') !== null || attr('aria-hidden') === 'true'))
        s.concealed = true;
      if (inputType === 'checkbox' || inputType === 'radio') s.checked = (el as HTMLInputElement).checked === true;
      else if (attr('aria-checked') !== null) s.checked = attr('aria-checked') === 'true';
      if (landmark) s.landmark = landmark;
      if (tag === 'td' || tag === 'th' || attr('role') === 'gridcell' || attr('role') === 'cell') {
        const cell = cellHeaders(el, dom);
        if (cell) s.cell = cell;
      }
      s.name = accessibleName(el, s, doc, dom, labelFor);
      if (style) s.look = lookOf(style, f.bgAround, box, f.struck, fullLook, tag === 'svg');
      // Its own text only: a row with font-size 0 whose children set their own size (the
      // inline-block gap trick) shows its children's text.
      if (
        s.text &&
        style &&
        (parseFloat(style.fontSize) === 0 || isTransparentColour(style.color)) &&
        Array.prototype.every.call(el.children, (c: Element) => !c.textContent?.trim())
      )
        s.textHidden = true;
      const inForm = landmark.split(' ').includes('form');
      const fewLetters = s.textHidden === true || s.text.replace(/[^\p{L}]/gu, '').length < 2;
      if ((interactive || iconEl || tag === 'svg') && s.text.replace(/[^\p{L}\p{N}]/gu, '').length < 3) {
        const shape = svgShapeOf(el, dom);
        const hint = collapse(`${iconHintOf(el, dom)} ${shape} ${actionHint(el, dom, inForm)}`);
        if (hint) s.iconHint = hint;
      } else if (interactive) {
        const hint = actionHint(el, dom, inForm);
        if (hint) s.iconHint = hint;
      }
      // Text and icons drawn by CSS, read on elements with little text of their own (a
      // pseudo-element style costs a style resolution: not for every element).
      if (fewLetters && visible && pseudoReads < MAX_PSEUDO_READS) {
        pseudoReads++;
        const p = pseudoOf(el, dom);
        if (p) s.pseudo = p;
      }
      if (ghost) ghosts.add(snaps.length);
      if (interactive || ci.containerHead || tag === 'li' || tag === 'img') {
        const ctx = contextOf(el, s.text, dom, contextCache);
        if (ctx) s.context = ctx;
        const sections = headings.filter((h, level) => level > 0 && h && h !== s.text && h !== ctx).reverse();
        if (sections.length) s.sections = sections.slice(0, MAX_SECTIONS);
      }
      if (visible && s.text && (HEADING_TAGS.has(tag) || roleAttr === 'heading')) {
        // An outline: a heading ends the sections of its level and below.
        const level = HEADING_TAGS.has(tag) ? Number(tag[1]) : Math.min(6, Math.max(1, Number(attr('aria-level')) || 2));
        headings[level] = s.text.slice(0, 80);
        headings.length = level + 1;
      }
      index = snaps.length;
      snaps.push(s);
      elements.push(el);
    }
    if (displayNone) continue;

    // Children in reverse so the stack pops them in document order; XPath indexes count
    // same-name siblings (SVG and other foreign elements need a name() test in XPath).
    const kids: Element[] = [];
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) kids.push(c);
    const counts = new Map<string, number>();
    const sigs = new Map<string, number>();
    const kidSigs: string[] = new Array(kids.length);
    const parts: string[] = new Array(kids.length);
    for (let k = 0; k < kids.length; k++) {
      const c = kids[k] as Element;
      const name = c.localName;
      const n = (counts.get(name) ?? 0) + 1;
      counts.set(name, n);
      parts[k] = c.namespaceURI === XHTML_NS ? `${name}[${n}]` : `*[name()='${name}'][${n}]`;
      if (kids.length > 1) {
        const sig = `${name}.${dom.getAttribute(c, 'class') ?? ''}`;
        kidSigs[k] = sig;
        sigs.set(sig, (sigs.get(sig) ?? 0) + 1);
      }
    }
    const childPointer = style ? pointerHere : f.parentPointer;
    const bgAround = fullLook ? (style && ownBackground(style)) || f.bgAround : '';
    const struck = fullLook && (f.struck || (!!style && (style.textDecorationLine || '').includes('line-through')));
    const transparent = f.transparent || (!!style && Number(style.opacity) === 0);
    const drawing = f.drawing || (tag === 'svg' && isDrawing(el, dom));
    const inScroller = f.inScroller || (tag !== 'html' && tag !== 'body' && !!style && scrolls(style) && reachable(el, pinned));
    // A table body listening for clicks delegates to its cells, one row element further down.
    const parentClick =
      listeners.some((l) => l === 'click' || l === 'mousedown' || l === 'pointerdown' || l === 'mouseup') ||
      (f.parentClick && tag === 'tr');
    for (let k = kids.length - 1; k >= 0; k--) {
      const c = kids[k] as Element;
      if (SKIP.has(c.localName)) continue;
      // Foreign content (SVG) is one target: an icon's inner shapes are never step targets.
      if (!drawing && c.namespaceURI !== XHTML_NS && el.namespaceURI !== XHTML_NS) continue;
      const repeated = kids.length > 1 && (sigs.get(kidSigs[k] as string) ?? 0) > 1;
      stack.push({
        el: c,
        xpath: `${f.xpath}/${parts[k] as string}`,
        parent: index,
        landmark,
        parentPointer: childPointer,
        depth: f.depth + 1,
        repeated,
        parentClick,
        bgAround,
        struck,
        transparent,
        pinned,
        inScroller,
        drawing,
      });
    }
  }

  // Hit-test: is the element really on top at its centre (e.g. not behind a modal)?
  let tests = 0;
  for (let i = 0; i < snaps.length && tests < MAX_HIT_TESTS; i++) {
    const s = snaps[i] as ElementSnapshot;
    if (!s.interactive || !s.inViewport) continue;
    tests++;
    const cx = Math.min(vw - 1, Math.max(0, s.box.x + s.box.width / 2));
    const cy = Math.min(vh - 1, Math.max(0, s.box.y + s.box.height / 2));
    const hit = dom.elementFromPoint(cx, cy);
    const el = elements[i] as Element;
    s.onTop = hit !== null && (hit === el || dom.contains(el, hit) || dom.contains(hit, el));
  }
  for (const i of ghosts) {
    const s = snaps[i] as ElementSnapshot;
    if (s.onTop !== true) {
      s.visible = false;
      s.inViewport = false;
    }
  }

  const active = doc.activeElement;
  const focused = active && active !== doc.body ? elements.indexOf(active) : -1;
  const scrollEl = doc.scrollingElement ?? root;
  const snapshot: PageSnapshot = {
    viewport: { width: vw, height: vh },
    scroll: { x: win.scrollX, y: win.scrollY, maxY: Math.max(0, scrollEl.scrollHeight - vh) },
    focused,
    elements: snaps,
    scanned: visited,
    totalElements: doc.getElementsByTagName('*').length,
    truncated,
  };
  return { snapshot, elements };
}

/** Labelable elements other than the form fields (HTML: a <label for> names them too). */
const LABELABLE = new Set(['button', 'meter', 'output', 'progress']);

/** Accessible name, simplified from accname: labelledby, aria-label, labels, alt, value, text, title, placeholder. */
function accessibleName(el: Element, s: ElementSnapshot, doc: Document, dom: SnapshotDom, labelFor: Map<string, string>): string {
  const labelledby = dom.getAttribute(el, 'aria-labelledby');
  if (labelledby) {
    const t = labelledby
      .split(/\s+/)
      .map((id) => {
        const r = doc.getElementById(id);
        return r ? boundedText(r, MAX_TEXT) : '';
      })
      .filter(Boolean)
      .join(' ');
    if (t) return t;
  }
  if (s.ariaLabel && s.ariaLabel.trim()) return collapse(s.ariaLabel);
  const tag = s.tag;
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    if (s.inputType && ['button', 'submit', 'reset'].includes(s.inputType))
      return s.value || (s.inputType === 'submit' ? 'Submit' : s.inputType === 'reset' ? 'Reset' : '');
    if (s.id && labelFor.has(s.id)) return labelFor.get(s.id) as string;
    const wrap = el.closest('label');
    if (wrap) {
      const t = boundedText(wrap, MAX_TEXT);
      if (t) return t;
    }
    if (s.inputType === 'image' && s.alt) return s.alt;
    return s.title || s.placeholder || '';
  }
  if (tag === 'img' || (tag === 'input' && s.inputType === 'image')) return s.alt || s.title || '';
  // A button is labelable too (HTML-AAM: its <label for> names it before its content): a
  // custom switch or radio drawn as an empty <button> is named by the label beside it.
  if (LABELABLE.has(tag) && s.id && labelFor.has(s.id)) return labelFor.get(s.id) as string;
  if (s.text) return s.text;
  if (s.title) return s.title;
  // Icon-only: a labelled child (img alt, svg title, aria-label) names the control.
  const inner = dom.querySelector(el, 'img[alt], [aria-label], svg title, [title]');
  // aria-label names an image before its alt (accname), and alt="..." placeholders name nothing.
  if (inner)
    return collapse(
      dom.getAttribute(inner, 'aria-label') ??
        dom.getAttribute(inner, 'alt') ??
        dom.getAttribute(inner, 'title') ??
        inner.textContent ??
        '',
    ).replace(/^\.+$/, '');
  return '';
}

/** Text of the nearest heading/title that describes the group (card, form row) the element is in. */
function contextOf(el: Element, ownText: string, dom: SnapshotDom, cache: Map<Element, string | null>): string | undefined {
  // "<span>Passengers</span><div class=dd>": a short text just before the control labels it;
  // "<span>Color</span><button/><button/>": so it does the blank controls of a row after it.
  let prev = el.previousElementSibling;
  for (let k = 0; prev && k < 8 && prev.localName === el.localName && !ownText && !boundedText(prev, 1); k++)
    prev = prev.previousElementSibling;
  if (prev && prev.childElementCount <= 1) {
    const t = boundedText(prev, 60);
    if (t && t.length <= 40 && t !== ownText) return t;
  }
  let a: Element | null = el.parentElement;
  for (let level = 0; a && level < 4 && a.localName !== 'body'; level++, a = a.parentElement) {
    let t = cache.get(a);
    if (t === undefined) {
      const h = dom.querySelector(a, CONTEXT_SELECTOR);
      t = h ? boundedText(h, 80) || null : null;
      cache.set(a, t);
    }
    if (t && t !== ownText && !ownText.startsWith(t)) return t;
  }
  return undefined;
}
