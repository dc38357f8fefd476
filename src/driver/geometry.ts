// Relations and geometry between snapshot elements: containment by XPath, "next to",
// "below", "on the right of", positions on the screen, landmark regions, sections.
// Pure functions of boxes and paths; every curve's numbers are in weights.ts.
import type { Box, ElementSnapshot, PageSnapshot } from './snapshot.ts';
import type { Region, Relation, TargetQuery } from './parse.ts';
import type { Info } from './candidates.ts';
import * as W from './weights.ts';

export function isInside(inner: ElementSnapshot, outer: ElementSnapshot): boolean {
  const o = outer.xpath;
  // No joined string: this runs for every pair of candidates.
  return inner.xpath.length > o.length && inner.xpath.charCodeAt(o.length) === 47 && inner.xpath.startsWith(o);
}

/** Number of leading xpath steps two absolute xpaths share (0 when only the root). Hot: no split. */
export function commonDepth(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let d = 0;
  let i = 0;
  for (; i < n && a.charCodeAt(i) === b.charCodeAt(i); i++) if (a.charCodeAt(i) === 47) d++;
  // The step in progress counts only when it ended in both paths ("div[1]" is not "div[10]").
  if ((i === a.length || a.charCodeAt(i) === 47) && (i === b.length || b.charCodeAt(i) === 47)) d++;
  return d - 1;
}

export const parentPath = (e: ElementSnapshot): string => e.xpath.slice(0, e.xpath.lastIndexOf('/'));

export function likeSiblings(a: ElementSnapshot, b: ElementSnapshot): boolean {
  return a.tag === b.tag && parentPath(a) === parentPath(b) && a.classes.some((c) => b.classes.includes(c));
}

const clamp01 = (n: number) => Math.max(0, Math.min(1, n));

/**
 * 0..1: how well the element sits where the step says ("top right"), in the viewport, or in
 * `frame` (an anchor's box: "the 8 in the middle box of the board").
 */
export function positionFit(
  pos: NonNullable<TargetQuery['position']>,
  e: ElementSnapshot,
  snapshot: PageSnapshot,
  frame: Box = { x: 0, y: 0, ...snapshot.viewport },
): number {
  const cx = (e.box.x + e.box.width / 2 - frame.x) / Math.max(1, frame.width);
  const cy = (e.box.y + e.box.height / 2 - frame.y) / Math.max(1, frame.height);
  const fits: number[] = [];
  // Past the frame's edge every candidate fits fully; a trace of the distance beyond it
  // still tells the lower of two off-screen cells from the other ("the bottom right cell").
  const beyond = (v: number) => W.POSITION_BEYOND * Math.max(0, v - 1);
  if (pos.v === 'top') fits.push(clamp01(1 - cy) + beyond(1 - cy));
  if (pos.v === 'bottom') fits.push(clamp01(cy) + beyond(cy));
  if (pos.v === 'middle') fits.push(clamp01(1 - 2 * Math.abs(cy - 0.5)));
  if (pos.h === 'left') fits.push(clamp01(1 - cx));
  if (pos.h === 'right') fits.push(clamp01(cx));
  if (pos.h === 'center') fits.push(clamp01(1 - 2 * Math.abs(cx - 0.5)));
  if (!fits.length) return 0;
  // A product: "top right" wants both, so the extreme corner clearly beats the top middle.
  return fits.reduce((a, b) => a * b, 1);
}

/** The element (and landmark) each region is written as: `<nav>`, `<aside>` for a sidebar, `<dialog>` for a modal. */
const REGION_TAGS: Record<Region, string> = {
  header: 'header',
  footer: 'footer',
  nav: 'nav',
  sidebar: 'aside',
  modal: 'dialog',
  main: 'main',
  form: 'form',
};

export function inRegion(region: Region, e: ElementSnapshot, snapshot: PageSnapshot): number {
  // Landmarks containing the element, innermost first ("form header").
  const lms = (e.landmark ?? '').toLowerCase().split(' ');
  const has = (l: string) => lms.includes(l);
  const pageY = e.box.y + snapshot.scroll.y;
  // A nav down the side (a sidebar menu) is a nav, and only half "the header".
  if (region === 'header' && has('nav') && !has('header') && pageY + e.box.height / 2 >= W.HEADER_BAND_PX) return W.SIDE_NAV_AS_HEADER;
  if ((region === 'nav' || region === 'header') && (has('nav') || has('header'))) return 1;
  if (has(region) || has(REGION_TAGS[region])) return 1;
  // "at the bottom of the sidebar" where the side menu is a nav of divs (elFinder's folder tree):
  // a nav down the left or right side, below the header band, is the sidebar by its place.
  if (region === 'sidebar' && has('nav') && pageY + e.box.height / 2 >= W.HEADER_BAND_PX) {
    const cx = (e.box.x + e.box.width / 2) / Math.max(1, snapshot.viewport.width);
    if (cx < W.SIDE_BAND || cx > 1 - W.SIDE_BAND) return W.REGION_BY_PLACE_FIT;
  }
  if ((region === 'header' || region === 'nav') && pageY + e.box.height / 2 < W.HEADER_BAND_PX) return W.REGION_BY_PLACE_FIT;
  if (region === 'footer' && pageY > snapshot.scroll.maxY + snapshot.viewport.height - W.FOOTER_BAND_PX) return W.REGION_BY_PLACE_FIT;
  return 0;
}

/**
 * "in the first navigation bar", "the second footer": the region's elements counted in page
 * order, as the XPath prefix of the one the ordinal names (negative from the end), or undefined
 * when the page writes fewer than two (one region is what `inRegion` already reads).
 */
export function regionInstance(region: Region, ordinal: number, infos: Info[]): string | undefined {
  const seg = new RegExp(`^(.*/${REGION_TAGS[region]}\\[\\d+\\])(?:/|$)`);
  const first = new Map<string, number>();
  for (const { e } of infos) {
    if (!e.visible) continue;
    const m = seg.exec(e.xpath);
    if (m && !first.has(m[1] as string)) first.set(m[1] as string, e.order);
  }
  if (first.size < 2) return undefined;
  const ordered = [...first.entries()].sort((a, b) => a[1] - b[1]).map(([p]) => p);
  return ordered[ordinal > 0 ? ordinal - 1 : ordered.length + ordinal];
}

/** Two boxes drawn at the same place (a copy of a heading over it). */
const sameSpot = (p: Box, q: Box) => Math.abs(p.x - q.x) < 1 && Math.abs(p.y - q.y) < 1;

/**
 * The section a heading or label titles, when the heading is not itself a control, as an
 * XPath depth: an element is in the section when it shares at least that many steps with the
 * heading. The section is the largest ancestor holding no other heading like it (same tag,
 * and the same classes or the same look), so "the Done list" is the whole column and "the
 * Basic plan" the whole card. Layout containers are rarely in the snapshot, so this is read
 * from the paths, not from snapshot ancestors.
 */
export function sectionDepth(a: Info, infos: Info[]): number | undefined {
  // A real heading opens its section even when it listens for clicks (a kanban column's
  // title that renames on click); a label or caption that is interactive is a control's.
  const realHeading = /^h[1-6]$/.test(a.e.tag) || a.e.role === 'heading';
  const heading = a.kinds.has('heading') || ['label', 'legend', 'dt', 'caption', 'figcaption'].includes(a.e.tag);
  if (!heading && captionsOneList(a, infos)) return a.depth - 1;
  if (!heading || (a.e.interactive && !realHeading)) return undefined;
  const key = `${a.e.tag}|${a.e.classes.join('.')}`;
  const looks = (o: Info) => o.e.look?.fontPx === a.e.look?.fontPx && !!o.e.look?.bold === !!a.e.look?.bold;
  let shared = -1;
  for (const o of infos) {
    // A like heading with the same words opens a section of its own where it stands apart (four
    // footer columns each titled "Categories"); one drawn over the same place is a copy of it.
    if (o === a || o.e.tag !== a.e.tag || (o.e.text === a.e.text && sameSpot(o.e.box, a.e.box))) continue;
    if (`${o.e.tag}|${o.e.classes.join('.')}` !== key && !looks(o)) continue;
    shared = Math.max(shared, commonDepth(o.e.xpath, a.e.xpath));
  }
  // No heading like it: the section is what shares the heading's parent. Else one step below
  // what the heading shares with its nearest like, at most SECTION_MAX_LEVELS above it.
  if (shared < 0) return a.depth - 1;
  const depth = Math.max(shared + 1, a.depth - 1 - W.SECTION_MAX_LEVELS);
  return depth < a.depth - 1 ? depth : a.depth - 1;
}

/**
 * Plain words set before the one list their parent holds title that list, as a heading would:
 * a docs menu's group `<li><span>Shortcodes</span><ul>…</ul></li>`, whose "last item under
 * Shortcodes" is the list's last, however far below the words it is.
 */
function captionsOneList(a: Info, infos: Info[]): boolean {
  if (a.e.interactive || !a.e.text.trim() || a.e.text.length > W.CAPTION_MAX_CHARS) return false;
  const parent = parentPath(a.e);
  let list: string | undefined;
  for (const o of infos) {
    if (o.e.order <= a.e.order || !o.e.xpath.startsWith(`${parent}/`)) continue;
    const m = /^\/(?:ul|ol)\[\d+\](?=\/|$)/.exec(o.e.xpath.slice(parent.length));
    if (!m) continue;
    if (list !== undefined && list !== m[0]) return false;
    list = m[0];
  }
  return list !== undefined;
}

/**
 * A flat section: the heading's like headings sit beside it under one parent, each followed
 * by its own content ("Personal details", its list, "Application details", its list). Its
 * section is what comes after it and before the next like heading: the document order where
 * that section ends (Infinity after the last), or undefined when the heading has no like
 * sibling and its section is a box of its own.
 */
export function flatSectionEnd(a: Info, infos: Info[]): number | undefined {
  const key = `${a.e.tag}|${a.e.classes.join('.')}`;
  const parent = parentPath(a.e);
  let end: number | undefined;
  for (const o of infos) {
    if (o === a || o.e.tag !== a.e.tag || o.e.text === a.e.text || parentPath(o.e) !== parent) continue;
    if (`${o.e.tag}|${o.e.classes.join('.')}` !== key) continue;
    end ??= Infinity;
    if (o.e.order > a.e.order && o.e.order < end) end = o.e.order;
  }
  return end;
}

function gap(a: number, b: number): number {
  return Math.max(0, a - b);
}

/** Fit of a directional relation that holds: strong when adjacent, decaying with the gap, weaker off-axis or in another group. */
function directional(gapPx: number, aligned: boolean, offAxis: number, lcaFit: number): number {
  return (
    (W.DIR_FLOOR + (1 - W.DIR_FLOOR) * 0.5 ** (gapPx / W.NEAR_HALF_DISTANCE)) *
    (aligned ? 1 : offAxis) *
    (1 - W.DIR_GROUP_SHARE + W.DIR_GROUP_SHARE * lcaFit)
  );
}

/** Share of the candidate's width inside the anchor's horizontal span. */
function hShare(cb: { x: number; width: number }, ab: { x: number; width: number }): number {
  const o = Math.min(cb.x + cb.width, ab.x + ab.width) - Math.max(cb.x, ab.x);
  return cb.width > 0 ? Math.max(0, o) / cb.width : 0;
}

/**
 * "in the Pro column", "of the Instagram row" where the anchor is the column's header or a
 * cell of the row (a table, a board): the candidate lies under it, or level with it.
 */
function lineFit(container: string | undefined, c: Info, a: Info): number {
  const cb = c.e.box;
  const ab = a.e.box;
  if (container === 'column') return hShare(cb, ab) >= 0.5 && cb.y >= ab.y - W.DIR_SLACK_PX ? W.SAME_COLUMN_FIT : 0;
  if (container === 'row') {
    // Level with the anchor, and in the same table: a neighbouring table's row is level too.
    const cy = cb.y + cb.height / 2;
    // A tree drawn as nested tables ("the null row" of a JSON tree) writes the name in a table
    // inside a cell of the row: the candidate's own row holds the anchor.
    const row = /^.*\/tr\[\d+\]/.exec(c.e.xpath)?.[0];
    const sameTable = commonDepth(c.e.xpath, a.e.xpath) >= a.depth - 3 || (!!row && a.e.xpath.startsWith(`${row}/`));
    return sameTable && cy >= ab.y && cy <= ab.y + ab.height ? W.SAME_ROW_FIT : 0;
  }
  return 0;
}

/** 0..1 fit of a candidate to a relation with one anchor (`container`: the anchor's region noun, e.g. "column"). */
export function relationFit(type: Relation['type'], c: Info, a: Info, lcaFit: number, container?: string): number {
  const cb = c.e.box;
  const ab = a.e.box;
  // "the badge with the number 3": the element showing it is the one that has it.
  if (c === a) return type === 'group' ? W.SELF_ANCHOR_FIT : type === 'contains' ? 1 : 0;
  if ((type === 'inside' || type === 'group') && (container === 'column' || container === 'row') && !isInside(c.e, a.e)) {
    const line = lineFit(container, c, a);
    if (line > 0) return line;
    // Off the row or column: "Bradley Greer's office" is not the Office header above his row.
    if (c.e.tag === 'th' || c.e.tag === 'td') return W.OFF_LINE_CELL_FIT * relationFit(type, c, a, lcaFit);
  }
  const domInside = isInside(c.e, a.e);
  // Drawn over the anchor (an arrow or heart positioned on a photo) counts as on/in it.
  const ccx = cb.x + cb.width / 2;
  const ccy = cb.y + cb.height / 2;
  const overlay =
    !domInside &&
    !isInside(a.e, c.e) &&
    ab.width > cb.width &&
    ab.height > cb.height &&
    ccx > ab.x &&
    ccx < ab.x + ab.width &&
    ccy > ab.y &&
    ccy < ab.y + ab.height;
  const inside = domInside;
  // "the arrow on the right of the photo" when the arrow sits on the photo: a side of the anchor.
  if ((domInside || overlay) && (type === 'left' || type === 'right' || type === 'above' || type === 'below')) {
    const rx = (ccx - ab.x) / Math.max(1, ab.width);
    const ry = (ccy - ab.y) / Math.max(1, ab.height);
    const side = type === 'left' ? 1 - rx : type === 'right' ? rx : type === 'above' ? 1 - ry : ry;
    return clamp01((side - W.SIDE_START) / W.SIDE_SPAN) * W.SIDE_OF_ANCHOR_FIT;
  }
  const dx = Math.max(gap(ab.x, cb.x + cb.width), gap(cb.x, ab.x + ab.width));
  const dy = Math.max(gap(ab.y, cb.y + cb.height), gap(cb.y, ab.y + ab.height));
  const near = 0.5 ** (Math.hypot(dx, dy) / W.NEAR_HALF_DISTANCE);
  const hOverlap = cb.x < ab.x + ab.width && ab.x < cb.x + cb.width;
  const vOverlap = cb.y < ab.y + ab.height && ab.y < cb.y + cb.height;
  const slack = W.DIR_SLACK_PX;
  switch (type) {
    case 'inside':
      // An icon holds nothing but its own drawing: the svg of the menu icon is not "in the menu".
      if (inside && (a.kinds.get('icon') ?? 0) >= 1 && cb.width * cb.height >= W.ICON_DRAWING_SHARE * ab.width * ab.height) return 0;
      return inside ? 1 : overlay ? W.OVERLAY_INSIDE_FIT : W.INSIDE_BY_GROUP_FIT * lcaFit * (0.5 + 0.5 * near);
    case 'contains':
      return isInside(a.e, c.e) ? 1 : 0;
    case 'group':
    case 'near':
      if (inside) return type === 'near' ? W.NEAR_INSIDE_FIT : 1;
      if (overlay && type === 'group') return W.OVERLAY_INSIDE_FIT;
      // "the email from Kian Franecki": a card or row holding the name is the one from it.
      if (type === 'group' && isInside(a.e, c.e) && (c.kinds.has('card') || c.kinds.has('item') || c.kinds.has('row')))
        return W.HOLDER_OF_ANCHOR_FIT;
      // Beside means sharing a line with it: a box off both of the anchor's spans sits at a corner.
      return W.GROUP_LCA_SHARE * lcaFit + (1 - W.GROUP_LCA_SHARE) * near * (hOverlap || vOverlap ? 1 : W.NEAR_DIAGONAL_FACTOR);
    case 'below':
      if (cb.y + slack < ab.y + ab.height) return W.WRONG_SIDE_FIT_V * lcaFit;
      return directional(cb.y - ab.y - ab.height, hOverlap, W.DIR_OFF_AXIS_V, lcaFit);
    case 'above':
      if (cb.y + cb.height > ab.y + slack) return W.WRONG_SIDE_FIT_V * lcaFit;
      return directional(ab.y - cb.y - cb.height, hOverlap, W.DIR_OFF_AXIS_V, lcaFit);
    case 'left':
      if (cb.x + cb.width > ab.x + slack) return W.WRONG_SIDE_FIT_H * lcaFit;
      return directional(ab.x - cb.x - cb.width, vOverlap, W.DIR_OFF_AXIS_H, lcaFit);
    case 'right':
      if (cb.x + slack < ab.x + ab.width) return W.WRONG_SIDE_FIT_H * lcaFit;
      return directional(cb.x - ab.x - ab.width, vOverlap, W.DIR_OFF_AXIS_H, lcaFit);
  }
}
