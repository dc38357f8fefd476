// The resolver: maps one step (description, text, key, element_index) to one element of
// a page snapshot. Pure and deterministic: same inputs, same answer; ties go to document
// order. Every score term is a named weight in weights.ts; every result carries the
// reasons behind it and the runner-ups, so a failed or surprising step can say why.
import type { Step } from '../task/types.ts';
import type { ElementSnapshot, PageSnapshot } from './snapshot.ts';
import { bestKindFit, elementKinds, type Kind } from './kinds.ts';
import { parseStep, type ParsedStep, type Relation, type TargetQuery } from './parse.ts';
import { contentTokens, hintSimilarity, hintTokens, normalize, stem, textSimilarity } from './text.ts';
import * as W from './weights.ts';

export interface Alternative {
  index: number;
  xpath: string;
  score: number;
  reasons: string[];
}

export interface ResolveOk {
  ok: true;
  action: string;
  /**
   * Snapshot index of the target. -1 when the step needs none: Scroll (official rule:
   * the window), Press with no named element and nothing focused (keys go to the body).
   */
  index: number;
  xpath: string;
  /** 0..1: how sure the resolver is (score level and lead over the runner-up). */
  confidence: number;
  /** Type: the text to enter (the `text` parameter, else taken from the description). */
  typed?: string;
  /** Press: a Playwright key name ("Enter", "ArrowUp", "Space", "a"). */
  key?: string;
  /** Scroll: direction read from `direction` or the description (used by the non-official mode only). */
  direction?: 'up' | 'down' | 'left' | 'right';
  alternatives: Alternative[];
  reasons: string[];
}

export interface ResolveFail {
  ok: false;
  action: string;
  reason: string;
  alternatives: Alternative[];
}

export type ResolveResult = ResolveOk | ResolveFail;

interface Info {
  e: ElementSnapshot;
  kinds: Map<Kind, number>;
  hints: string[];
  depth: number;
  /** Wraps an interactive descendant with the same text (a card around its only button, a div around a button). */
  wrapper: boolean;
}

interface Scored {
  i: number;
  score: number;
  reasons: string[];
  /** Misses a quoted label: stays below MIN_SCORE whatever relations add. */
  ruledOut?: boolean;
}

const fmt = (n: number): string => (Math.round(n * 100) / 100).toString();

function prepare(snapshot: PageSnapshot): Info[] {
  const infos: Info[] = snapshot.elements.map((e) => ({
    e,
    kinds: elementKinds(e),
    hints: [...hintTokens(e.classes.join(' ')), ...hintTokens(e.id ?? ''), ...hintTokens(e.iconHint ?? '')],
    depth: e.xpath.split('/').length - 1,
    wrapper: false,
  }));
  // Repeated siblings with content (same tag and classes under one parent, each holding
  // other snapshot elements) are items even with unknown class names: "the first dish".
  const hasKids = new Set<number>();
  for (const info of infos) if (info.e.parent >= 0) hasKids.add(info.e.parent);
  const siblings = new Map<string, number[]>();
  infos.forEach((info, i) => {
    if (!hasKids.has(i)) return;
    const e = info.e;
    const key = `${e.xpath.slice(0, e.xpath.lastIndexOf('/'))}|${e.tag}|${[...e.classes].sort().join('.')}`;
    const list = siblings.get(key) ?? [];
    list.push(i);
    siblings.set(key, list);
  });
  for (const list of siblings.values()) {
    if (list.length < 2) continue;
    for (const i of list) {
      const k = (infos[i] as Info).kinds;
      if (!k.has('card') && !k.has('row') && !k.has('item')) k.set('item', 0.8);
    }
  }
  // A table row made of <th> is a header: "the second row" counts data rows.
  for (const info of infos) {
    const p = infos[info.e.parent];
    if (info.e.tag === 'th' && p && p.e.tag === 'tr') p.kinds.set('row', 0.4);
  }
  for (const info of infos) {
    if (!info.e.interactive) continue;
    const t = normalize(info.e.text || info.e.name);
    let p = info.e.parent;
    let guard = 0;
    while (p >= 0 && guard++ < 50) {
      const up = infos[p];
      if (!up) break;
      if (normalize(up.e.text || up.e.name) !== t) break;
      up.wrapper = true;
      p = up.e.parent;
    }
  }
  return infos;
}

/** Best text similarity of `query` with the element's visible/accessible strings, and where. */
function textMatch(query: string, info: Info): { s: number; via: string } {
  const e = info.e;
  let best = { s: 0, via: '' };
  const fields: [string, string | undefined][] = [
    ['name', e.name], ['text', e.text], ['value', e.value], ['placeholder', e.placeholder], ['alt', e.alt], ['title', e.title], ['aria-label', e.ariaLabel],
  ];
  for (const [via, v] of fields) {
    if (!v) continue;
    const s = textSimilarity(query, v);
    if (s > best.s) best = { s, via };
  }
  const qWords = contentTokens(query);
  const h = hintSimilarity(qWords, info.hints) * W.HINT_MATCH_FACTOR;
  if (h > best.s) best = { s: h, via: 'class/id/icon' };
  // Words split between text and class ("the In Progress column": text "In Progress", class "column").
  if (qWords.length > 1) {
    const u = hintSimilarity(qWords, [...info.hints, ...contentTokens(e.name)]) * W.UNION_MATCH_FACTOR;
    if (u > best.s) best = { s: u, via: 'text+class' };
  }
  return best;
}

function extraTextPenalty(query: string, e: ElementSnapshot): number {
  const extra = Math.max(0, (e.text || e.name).length - query.length);
  return Math.max(W.EXTRA_TEXT_PENALTY_CAP, (W.W_EXTRA_TEXT_PER_100 * extra) / 100);
}

function inRegion(region: string, info: Info, snapshot: PageSnapshot): number {
  const e = info.e;
  // Landmarks containing the element, innermost first ("form header").
  const lms = (e.landmark ?? '').toLowerCase().split(' ');
  const has = (l: string) => lms.includes(l);
  if ((region === 'nav' || region === 'header') && (has('nav') || has('header'))) return 1;
  if (has(region)) return 1;
  if (region === 'modal' && has('dialog')) return 1;
  if (region === 'sidebar' && has('aside')) return 1;
  const pageY = e.box.y + snapshot.scroll.y;
  if ((region === 'header' || region === 'nav') && pageY + e.box.height / 2 < 90) return 0.6;
  if (region === 'footer' && pageY > snapshot.scroll.maxY + snapshot.viewport.height - 150) return 0.6;
  return 0;
}

function positionFit(pos: NonNullable<TargetQuery['position']>, e: ElementSnapshot, snapshot: PageSnapshot): number {
  const cx = (e.box.x + e.box.width / 2) / Math.max(1, snapshot.viewport.width);
  const cy = (e.box.y + e.box.height / 2) / Math.max(1, snapshot.viewport.height);
  const clamp = (n: number) => Math.max(0, Math.min(1, n));
  const fits: number[] = [];
  if (pos.v === 'top') fits.push(clamp(1 - cy));
  if (pos.v === 'bottom') fits.push(clamp(cy));
  if (pos.v === 'middle') fits.push(clamp(1 - 2 * Math.abs(cy - 0.5)));
  if (pos.h === 'left') fits.push(clamp(1 - cx));
  if (pos.h === 'right') fits.push(clamp(cx));
  if (pos.h === 'center') fits.push(clamp(1 - 2 * Math.abs(cx - 0.5)));
  if (!fits.length) return 0;
  // A product: "top right" wants both, so the extreme corner clearly beats the top middle.
  return fits.reduce((a, b) => a * b, 1);
}

/** Scores one element for a query, without ordinals, grids or relations. */
function scoreBase(i: number, info: Info, q: TargetQuery, step: ParsedStep, snapshot: PageSnapshot, asAnchor: boolean): Scored {
  const e = info.e;
  const reasons: string[] = [];
  let score = 0;
  let named = false;
  let labelMiss = false;
  for (const label of q.labels) {
    const m = textMatch(label, info);
    if (m.s < 0.3) labelMiss = true;
    let s = m.s * W.W_LABEL / q.labels.length;
    if (m.s > 0) {
      named = true;
      reasons.push(`label "${label}" ~ ${m.via} (${fmt(m.s)})`);
      if (m.via !== 'class/id/icon') s += extraTextPenalty(label, e) / q.labels.length;
    } else if (e.context && textSimilarity(label, e.context) > 0.6) {
      s = W.W_CONTEXT * textSimilarity(label, e.context);
      reasons.push(`label "${label}" in group "${e.context}"`);
    }
    score += s;
  }
  if (q.words.length) {
    const phrase = q.words.join(' ');
    const m = textMatch(phrase, info);
    const weight = q.labels.length ? W.W_WORDS / 2 : W.W_WORDS;
    if (m.s > 0) {
      named = true;
      score += m.s * weight;
      reasons.push(`words "${phrase}" ~ ${m.via} (${fmt(m.s)})`);
      if (!q.labels.length && m.via !== 'class/id/icon') score += extraTextPenalty(phrase, e) / 2;
    } else if (e.context) {
      const c = textSimilarity(phrase, e.context);
      if (c > 0.4) { score += W.W_CONTEXT * c; reasons.push(`words "${phrase}" in group "${e.context}"`); }
    }
  }
  if (q.container && asAnchor && info.hints.includes(q.container)) {
    score += W.W_CONTEXT;
    reasons.push(`a ${q.container}`);
  }
  if (q.kinds.length) {
    const fit = bestKindFit(q.kinds, info.kinds);
    if (fit > 0) { score += W.W_KIND * fit; reasons.push(`kind ${q.kinds.join('/')} (${fmt(fit)})`); }
    else { score += W.W_KIND_MISMATCH; reasons.push(`not a ${q.kinds.join('/')}`); }
  }
  if (!asAnchor) {
    if (step.action === 'Type') {
      if (e.editable) score += W.W_EDITABLE_FOR_TYPE;
      else { score += W.W_NOT_EDITABLE_FOR_TYPE; reasons.push('not editable'); }
    } else if (e.interactive) {
      score += W.W_INTERACTIVE;
      reasons.push('interactive');
    } else score += W.W_NOT_INTERACTIVE;
    if (e.classes.includes('btn')) score += W.W_BTN_CLASS;
    if (!e.visible) { score += W.W_INVISIBLE; reasons.push('not visible'); }
    else if (!e.inViewport) { score += W.W_OFFSCREEN; reasons.push('outside the viewport'); }
    if (e.onTop === false && e.visible) { score += W.W_COVERED; reasons.push('covered by another element'); }
    if (e.disabled) { score += W.W_DISABLED; reasons.push('disabled'); }
    if (info.wrapper && step.action !== 'Type') { score += W.W_WRAPPER_OF_TARGET; reasons.push('wraps a control with the same text'); }
  } else if (!e.visible) {
    score += W.W_INVISIBLE / 2;
  }
  if (q.position) {
    const fit = positionFit(q.position, e, snapshot);
    score += W.W_POSITION * fit;
    reasons.push(`position ${[q.position.v, q.position.h].filter(Boolean).join(' ')} (${fmt(fit)})`);
  }
  if (q.empty) {
    const blank = !/[\p{L}\p{N}\p{S}]/u.test(e.text) && !e.value;
    score += blank ? W.W_EMPTY : -W.W_EMPTY;
    if (blank) reasons.push('empty');
  }
  if (q.region) {
    const fit = inRegion(q.region, info, snapshot);
    if (fit > 0) { score += W.W_REGION * fit; reasons.push(`in ${q.region}`); }
  }
  // A quoted label the element does not carry rules it out, whatever else fits (relations
  // added later included: see scoreQuery).
  if (labelMiss && !asAnchor) score = Math.min(score, W.MIN_SCORE - 0.5);
  // With no name, no kind and no place there is nothing to go on.
  if (!named && !q.kinds.length && !q.position && !q.region && !q.grid && q.ordinal === undefined) score = Math.min(score, 0);
  return { i, score, reasons, ruledOut: labelMiss && !asAnchor };
}

function isInside(inner: ElementSnapshot, outer: ElementSnapshot): boolean {
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

function gap(a: number, b: number): number {
  return Math.max(0, a - b);
}

/** 0..1 fit of a candidate to a relation with one anchor. */
function relationFit(type: Relation['type'], c: Info, a: Info, lcaFit: number): number {
  const cb = c.e.box;
  const ab = a.e.box;
  if (c === a) return type === 'group' ? W.SELF_ANCHOR_FIT : 0;
  const domInside = isInside(c.e, a.e);
  // Drawn over the anchor (an arrow or heart positioned on a photo) counts as on/in it.
  const ccx = cb.x + cb.width / 2;
  const ccy = cb.y + cb.height / 2;
  const overlay = !domInside && !isInside(a.e, c.e) && ab.width > cb.width && ab.height > cb.height &&
    ccx > ab.x && ccx < ab.x + ab.width && ccy > ab.y && ccy < ab.y + ab.height;
  const inside = domInside;
  // "the arrow on the right of the photo" when the arrow sits on the photo: a side of the anchor.
  if ((domInside || overlay) && (type === 'left' || type === 'right' || type === 'above' || type === 'below')) {
    const rx = (ccx - ab.x) / Math.max(1, ab.width);
    const ry = (ccy - ab.y) / Math.max(1, ab.height);
    const side = type === 'left' ? 1 - rx : type === 'right' ? rx : type === 'above' ? 1 - ry : ry;
    return Math.max(0, Math.min(1, (side - 0.35) / 0.5)) * 0.9;
  }
  const half = W.NEAR_HALF_DISTANCE;
  const dx = Math.max(gap(ab.x, cb.x + cb.width), gap(cb.x, ab.x + ab.width));
  const dy = Math.max(gap(ab.y, cb.y + cb.height), gap(cb.y, ab.y + ab.height));
  const near = 0.5 ** (Math.hypot(dx, dy) / half);
  const hOverlap = cb.x < ab.x + ab.width && ab.x < cb.x + cb.width;
  const vOverlap = cb.y < ab.y + ab.height && ab.y < cb.y + cb.height;
  switch (type) {
    case 'inside':
      return inside ? 1 : overlay ? W.OVERLAY_INSIDE_FIT : 0.7 * lcaFit * (0.5 + 0.5 * near);
    case 'contains':
      return isInside(a.e, c.e) ? 1 : 0;
    case 'group':
    case 'near':
      if (inside) return type === 'near' ? 0.6 : 1;
      if (overlay && type === 'group') return W.OVERLAY_INSIDE_FIT;
      return 0.6 * lcaFit + 0.4 * near;
    case 'below': {
      if (inside) return 0.9;
      if (cb.y + 4 < ab.y + ab.height) return 0.2 * lcaFit;
      return (0.35 + 0.65 * 0.5 ** ((cb.y - ab.y - ab.height) / half)) * (hOverlap ? 1 : 0.6) * (0.6 + 0.4 * lcaFit);
    }
    case 'above': {
      if (cb.y + cb.height > ab.y + 4) return 0.2 * lcaFit;
      return (0.35 + 0.65 * 0.5 ** ((ab.y - cb.y - cb.height) / half)) * (hOverlap ? 1 : 0.6) * (0.6 + 0.4 * lcaFit);
    }
    case 'left': {
      if (cb.x + cb.width > ab.x + 4) return 0.1 * lcaFit;
      return (0.35 + 0.65 * 0.5 ** ((ab.x - cb.x - cb.width) / half)) * (vOverlap ? 1 : 0.5) * (0.6 + 0.4 * lcaFit);
    }
    case 'right': {
      if (cb.x + 4 < ab.x + ab.width) return 0.1 * lcaFit;
      return (0.35 + 0.65 * 0.5 ** ((cb.x - ab.x - ab.width) / half)) * (vOverlap ? 1 : 0.5) * (0.6 + 0.4 * lcaFit);
    }
  }
}

/**
 * The like candidates an ordinal or grid counts over: split by signature (tag + classes,
 * e.g. all "div.tile"), keep the partition with the best score, the larger on a tie. So
 * "the first tile" counts board tiles, not the score boxes that also look like cells.
 */
function likeMembers(group: Scored[], infos: Info[]): Scored[] {
  const parts = partitionLike(dedupeNested(group, infos), infos);
  // Partitions within W_PARTITION_SLACK of the best count as equally good; the larger wins
  // (an interactive bonus must not let three buttons outvote a 64-cell board).
  const tops = parts.map((list) => ({ list, top: Math.max(...list.map((g) => g.score)) }));
  const bestTop = Math.max(...tops.map((t) => t.top));
  let best: Scored[] = [];
  for (const t of tops) if (t.top >= bestTop - W.PARTITION_SLACK && t.list.length > best.length) best = t.list;
  // Inside a partition, members clearly worse than its best (a header row among data rows) do not count.
  const top = Math.max(...best.map((g) => g.score));
  return best.filter((g) => g.score >= top - 1.5);
}

/** Classes generated pages put on every control: sharing them says nothing about being alike. */
const GENERIC_CLASSES = new Set(['btn', 'button', 'clickable', 'interactive']);

const parentPath = (e: ElementSnapshot): string => e.xpath.slice(0, e.xpath.lastIndexOf('/'));

/**
 * Splits candidates into kinds of thing by tag and classes, where state classes do not make
 * a new kind: "dot" and "dot on", "cell" and "cell o win", "tile" and "tile revealed n3" are
 * one series. Two signatures join when one's classes are a subset of the other's, or when
 * they share a class and a parent (siblings of one list, whatever marks each carries).
 */
function partitionLike(group: Scored[], infos: Info[]): Scored[][] {
  const sigs: { tag: string; classes: Set<string>; parents: Set<string>; members: Scored[] }[] = [];
  for (const g of group) {
    const e = (infos[g.i] as Info).e;
    const classes = new Set(e.classes);
    const key = [...classes].sort().join('.');
    let sig = sigs.find((x) => x.tag === e.tag && [...x.classes].sort().join('.') === key);
    if (!sig) { sig = { tag: e.tag, classes, parents: new Set(), members: [] }; sigs.push(sig); }
    sig.parents.add(parentPath(e));
    sig.members.push(g);
  }
  const root = sigs.map((_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i] as number)));
  // b is a as marked by state: a's classes (more than a generic "btn") plus one or two more.
  const stateVariant = (a: Set<string>, b: Set<string>) =>
    [...a].some((c) => !GENERIC_CLASSES.has(c)) && [...a].every((c) => b.has(c)) && b.size - a.size <= 2;
  for (let i = 0; i < sigs.length; i++) {
    for (let j = i + 1; j < sigs.length; j++) {
      const a = sigs[i] as (typeof sigs)[number];
      const b = sigs[j] as (typeof sigs)[number];
      if (a.tag !== b.tag) continue;
      const shareClass = [...a.classes].some((c) => b.classes.has(c));
      const shareParent = [...a.parents].some((p) => b.parents.has(p));
      if (stateVariant(a.classes, b.classes) || stateVariant(b.classes, a.classes) || (shareParent && (shareClass || (!a.classes.size && !b.classes.size)))) {
        root[find(j)] = find(i);
      }
    }
  }
  const out = new Map<number, Scored[]>();
  sigs.forEach((sig, i) => {
    const r = find(i);
    out.set(r, [...(out.get(r) ?? []), ...sig.members]);
  });
  return [...out.values()];
}

/** Some element shows the number as its whole text or names it after the noun ("7", "Slide 4: Kyoto"). */
function showsNumber(numbered: { noun: string; n: number }, infos: Info[], asAnchor: boolean): boolean {
  const n = String(numbered.n);
  const nounNumber = new RegExp(`(^| )${numbered.noun}s? ${n}( |$)`);
  return infos.some((info) => {
    if (!info.e.visible || (!asAnchor && !info.e.interactive)) return false;
    if (nounNumber.test(normalize(info.e.name)) || nounNumber.test(normalize(info.e.text))) return true;
    // A bare "7" counts when the element is one of the nouns (class "seat", title "Seat 7").
    const noun = stem(numbered.noun);
    return normalize(info.e.text) === n && (info.hints.includes(noun) || contentTokens(`${info.e.name} ${info.e.title ?? ''}`).includes(noun));
  });
}

function likeSiblings(a: ElementSnapshot, b: ElementSnapshot): boolean {
  return a.tag === b.tag && parentPath(a) === parentPath(b) && a.classes.some((c) => b.classes.includes(c));
}

/** The element a heading or label titles: its parent, when the heading is not itself a control. */
function sectionOf(a: Info, infos: Info[]): Info | undefined {
  const heading = a.kinds.has('heading') || ['label', 'legend', 'dt', 'caption', 'figcaption'].includes(a.e.tag);
  if (!heading || a.e.interactive) return undefined;
  const p = infos[a.e.parent];
  return p && p.e.box.height > a.e.box.height ? p : undefined;
}

/** Applies an ordinal among a group of like candidates; returns the chosen index or undefined. */
function pickOrdinal(group: Scored[], ordinal: number, infos: Info[]): Scored | undefined {
  const members = likeMembers(group, infos).sort((a, b) => a.i - b.i);
  const k = ordinal > 0 ? ordinal - 1 : members.length + ordinal;
  return members[k];
}

/** Drops group members nested in another member; keeps the better-scored (ties: the outer one). */
function dedupeNested(group: Scored[], infos: Info[]): Scored[] {
  return group.filter((g) => {
    const ge = (infos[g.i] as Info).e;
    return !group.some((o) => {
      if (o === g) return false;
      const oe = (infos[o.i] as Info).e;
      if (isInside(ge, oe)) return o.score >= g.score;
      if (isInside(oe, ge)) return o.score > g.score;
      return false;
    });
  });
}

/**
 * Every cell of the grid the chosen members belong to, whatever each shows: elements of the
 * same tag under the same parents (or under like parents of one grandparent: table rows,
 * seat rows) sharing a class with the members. A cell holding a mark scores lower than an
 * empty one, but it still takes its place in the layout.
 */
function gridCells(members: Scored[], all: Scored[], infos: Info[]): Scored[] {
  const es = members.map((g) => (infos[g.i] as Info).e);
  const tag = es[0]?.tag;
  const parents = new Set(es.map(parentPath));
  const grands = new Set([...parents].map((p) => p.slice(0, p.lastIndexOf('/'))));
  // Classes every member carries ("cell"): the mark classes ("o", "win", "past") vary.
  const shared = new Set(es[0]?.classes.filter((c) => es.every((e) => e.classes.includes(c))) ?? []);
  const seen = new Set(members.map((g) => g.i));
  const out = [...members];
  for (const s of all) {
    if (seen.has(s.i)) continue;
    const e = (infos[s.i] as Info).e;
    if (e.tag !== tag || !e.visible) continue;
    const p = parentPath(e);
    const underLikeParent = grands.has(p.slice(0, p.lastIndexOf('/'))) && [...parents].some((q) => q.replace(/\[\d+\]$/, '') === p.replace(/\[\d+\]$/, ''));
    if (!parents.has(p) && !underLikeParent) continue;
    if ([...shared].some((c) => !e.classes.includes(c))) continue;
    out.push(s);
    seen.add(s.i);
  }
  return out;
}

function pickGrid(group: Scored[], grid: { row: number; col: number }, infos: Info[], all: Scored[]): Scored | undefined {
  const members = gridCells(likeMembers(group, infos), all, infos).filter((g) => (infos[g.i] as Info).e.visible);
  if (!members.length) return undefined;
  const box = (g: Scored) => (infos[g.i] as Info).e.box;
  const heights = members.map((g) => box(g).height).sort((a, b) => a - b);
  const tol = Math.max(4, (heights[Math.floor(heights.length / 2)] ?? 20) / 2);
  const sorted = [...members].sort((a, b) => box(a).y + box(a).height / 2 - (box(b).y + box(b).height / 2) || a.i - b.i);
  const rows: Scored[][] = [];
  let rowY = -Infinity;
  for (const g of sorted) {
    const cy = box(g).y + box(g).height / 2;
    if (cy - rowY > tol) { rows.push([]); rowY = cy; }
    (rows[rows.length - 1] as Scored[]).push(g);
  }
  const row = rows[grid.row - 1];
  if (!row) return undefined;
  row.sort((a, b) => box(a).x - box(b).x || a.i - b.i);
  return row[grid.col - 1];
}

function byScore(a: Scored, b: Scored): number {
  return b.score - a.score || a.i - b.i;
}

/**
 * Scores every element for a query: base terms, then relations (anchors resolved
 * recursively), then ordinal/grid choice among the like candidates.
 */
function scoreQuery(q0: TargetQuery, relations: Relation[], step: ParsedStep, snapshot: PageSnapshot, infos: Info[], asAnchor: boolean, depth = 0): Scored[] {
  // "the first hotel", "the second one": an ordinal counts entities, so with no kind named
  // the things counted are items (cards, list items, rows), not the words' text matches.
  // "seat 7" on a seat map whose seats show "7": the number is a name, not a count.
  if (q0.numbered && showsNumber(q0.numbered, infos, asAnchor)) {
    q0 = { ...q0, ordinal: undefined, labels: [...q0.labels, String(q0.numbered.n)], numbered: undefined };
  }
  // Words that name a series themselves ("the fourth dot": class dot) are counted as they are.
  const wordsName = q0.words.length > 0 && infos.some((info) => textMatch(q0.words.join(' '), info).s >= 0.6);
  const q = q0.ordinal !== undefined && !q0.kinds.length && !wordsName && (asAnchor || !q0.labels.length) ? { ...q0, kinds: ['item' as Kind] } : q0;
  const scored = infos.map((info, i) => scoreBase(i, info, q, step, snapshot, asAnchor));
  let lateOrdinal: number | undefined;
  for (const rel of relations) {
    if (depth > 2) break;
    const anchorScores = scoreQuery(rel.anchor, [], step, snapshot, infos, true, depth + 1).sort(byScore);
    const bestA = anchorScores[0];
    if (!bestA || bestA.score < W.MIN_ANCHOR_SCORE) {
      for (const s of scored) s.reasons.push(`anchor ${describeQuery(rel.anchor)} not found`);
      // "the dot for slide 4" with no slide on the page: the number counts the dots.
      if (rel.anchor.ordinal !== undefined && q.ordinal === undefined && (rel.type === 'group' || rel.type === 'inside')) lateOrdinal = rel.anchor.ordinal;
      continue;
    }
    const anchors = anchorScores.filter((a) => a.score >= bestA.score * W.ANCHOR_GROUP_RATIO).slice(0, 8);
    // "Next to" and "for" prefer the candidate sharing the smallest group with the anchor.
    const lcaDepths = new Map<number, number>();
    for (const s of scored) {
      let d = 0;
      for (const a of anchors) d = Math.max(d, commonDepth((infos[s.i] as Info).e.xpath, (infos[a.i] as Info).e.xpath));
      lcaDepths.set(s.i, d);
    }
    const contenders = scored.filter((s) => s.score >= W.MIN_SCORE);
    const maxLca = Math.max(1, ...contenders.map((s) => lcaDepths.get(s.i) ?? 0));
    for (const s of scored) {
      let best = 0;
      let via = -1;
      const c = infos[s.i] as Info;
      for (const a of anchors) {
        const ai = infos[a.i] as Info;
        const ownLca = commonDepth(c.e.xpath, ai.e.xpath);
        const lcaFit = Math.max(0, 1 - (maxLca - ownLca) * 0.25);
        let fit = relationFit(rel.type, c, ai, lcaFit);
        if (c === ai && rel.type === 'group') fit = rel.anchor.ordinal !== undefined ? W.SELF_ANCHOR_FIT : 0;
        // "the dot for slide 4" where the anchor is itself a dot: its siblings are not "for" it.
        else if (rel.type === 'group' && rel.anchor.ordinal !== undefined && likeSiblings(c.e, ai.e)) fit = Math.min(fit, 0.2);
        // A heading or label names the section it opens: "in the Tic-tac-toe panel", "of the Done list".
        const section = sectionOf(ai, infos);
        if (section && (rel.type === 'inside' || rel.type === 'group') && isInside(c.e, section.e)) fit = Math.max(fit, W.SECTION_FIT);
        fit *= a.score / bestA.score;
        if (fit > best) { best = fit; via = a.i; }
      }
      s.score += W.W_RELATION * best;
      if (best > 0) s.reasons.push(`${rel.type} ${describeQuery(rel.anchor)} #${via} (${fmt(best)})`);
    }
  }
  for (const s of scored) if (s.ruledOut) s.score = Math.min(s.score, W.MIN_SCORE - 0.5);
  const ordinal = q.ordinal ?? lateOrdinal;
  if (ordinal !== undefined || q.grid) {
    const sorted = [...scored].sort(byScore);
    const top = sorted[0];
    if (top && top.score > 0) {
      const floor = Math.max(1, Math.min(top.score * W.ORDINAL_GROUP_RATIO, top.score - W.PARTITION_SLACK));
      const group = sorted.filter((s) => s.score >= floor);
      const pick = q.grid ? pickGrid(group, q.grid, infos, scored) : pickOrdinal(group, ordinal as number, infos);
      const bonus = top.score - (pick?.score ?? 0) + 3;
      for (const s of scored) {
        if (s === pick) { s.score += bonus; s.reasons.push(q.grid ? `row ${q.grid.row}, column ${q.grid.col} of ${group.length}` : `ordinal ${ordinal as number} of ${group.length}`); }
      }
      if (!pick) for (const s of scored) s.reasons.push(q.grid ? 'grid cell out of range' : `ordinal ${ordinal as number} out of range (${group.length})`);
    }
  }
  return scored;
}

function describeQuery(q: TargetQuery): string {
  const parts = [...q.labels.map((l) => `'${l}'`), ...q.words, ...q.kinds];
  return parts.length ? parts.join(' ') : 'element';
}

function alternativesOf(sorted: Scored[], infos: Info[], skip: number): Alternative[] {
  return sorted
    .filter((s) => s.i !== skip && s.score > 0)
    .slice(0, W.MAX_ALTERNATIVES)
    .map((s) => ({ index: s.i, xpath: (infos[s.i] as Info).e.xpath, score: Math.round(s.score * 100) / 100, reasons: s.reasons }));
}

function confidenceOf(best: number, second: number): number {
  const level = Math.min(1, best / W.FULL_CONFIDENCE_SCORE);
  const margin = Math.min(1, Math.max(0, best - second) / W.FULL_CONFIDENCE_MARGIN);
  return Math.round(level * (0.5 + 0.5 * margin) * 1000) / 1000;
}

/** Editable, visible elements in document order: the index space `element_index` is read in. */
export function editableOrder(snapshot: PageSnapshot): number[] {
  const out: number[] = [];
  snapshot.elements.forEach((e, i) => { if (e.editable && e.visible && !e.disabled) out.push(i); });
  return out;
}

function hasTarget(q: TargetQuery, relations: Relation[]): boolean {
  return q.labels.length > 0 || q.words.length > 0 || q.kinds.length > 0 || relations.length > 0 || q.grid !== undefined || q.ordinal !== undefined || q.position !== undefined || q.region !== undefined;
}

/**
 * Resolves a step against a snapshot.
 * - Click: the element the description means.
 * - Type: `text` (or text quoted in the description) into an editable element. `element_index`
 *   is read as the index among visible, enabled editable elements in document order (the
 *   recording's own index space cannot be reproduced on a candidate page); it adds a small
 *   bonus when it agrees with the description and decides alone only when the description
 *   matches nothing.
 * - Press: `key` or the key named in the description; the target is an element the
 *   description names ("press Enter in the search box"), else the focused element, else -1.
 * - Scroll: no target (the official rule scrolls the window); the direction is parsed.
 */
export function resolveStep(step: Step, snapshot: PageSnapshot): ResolveResult {
  const action = step.type;
  const description = typeof step.parameters?.description === 'string' ? step.parameters.description : '';
  const fail = (reason: string, alternatives: Alternative[] = []): ResolveFail => ({ ok: false, action, reason, alternatives });
  if (!['Click', 'Type', 'Press', 'Scroll'].includes(action)) return fail(`unknown action type "${action}"`);
  const parsed = parseStep(step);
  if (action === 'Scroll') {
    return { ok: true, action, index: -1, xpath: '', confidence: 1, direction: parsed.direction ?? 'down', alternatives: [], reasons: ['scroll needs no target'] };
  }
  const infos = prepare(snapshot);
  const focusedIndex = snapshot.focused >= 0 && snapshot.focused < snapshot.elements.length ? snapshot.focused : -1;
  const focused = focusedIndex >= 0 ? snapshot.elements[focusedIndex] : undefined;

  if (action === 'Press') {
    if (!parsed.key) return fail(`no key to press in "${description}"`);
    const q = parsed.target;
    if (hasTarget(q, parsed.relations)) {
      const sorted = scoreQuery(q, parsed.relations, parsed, snapshot, infos, false).sort(byScore);
      const top = sorted[0];
      if (top && top.score >= W.MIN_SCORE) {
        const e = (infos[top.i] as Info).e;
        return { ok: true, action, index: top.i, xpath: e.xpath, key: parsed.key, confidence: confidenceOf(top.score, sorted[1]?.score ?? 0), alternatives: alternativesOf(sorted, infos, top.i), reasons: top.reasons };
      }
    }
    return { ok: true, action, index: focusedIndex, xpath: focused?.xpath ?? '', key: parsed.key, confidence: 1, alternatives: [], reasons: [focused ? 'key goes to the focused element' : 'key goes to the page (nothing focused)'] };
  }

  if (action === 'Type' && (parsed.typed === undefined || parsed.typed === '')) {
    if (parsed.typed === undefined) return fail(`no text to type in "${description}" (no text parameter and nothing quoted)`);
  }
  const q = parsed.target;
  if (!hasTarget(q, parsed.relations) && action === 'Click') return fail(`no element matches "${description}" (the description names no element)`);

  const scored = scoreQuery(q, parsed.relations, parsed, snapshot, infos, false);
  if (action === 'Type') {
    const idx = step.parameters?.element_index;
    const order = editableOrder(snapshot);
    const byIndex = typeof idx === 'number' && Number.isInteger(idx) ? order[idx] : undefined;
    for (const s of scored) {
      if (byIndex !== undefined && s.i === byIndex) { s.score += W.W_ELEMENT_INDEX; s.reasons.push(`element_index ${idx as number}`); }
      if (focused && s.i === focusedIndex && focused.editable) { s.score += W.W_FOCUSED; s.reasons.push('focused'); }
    }
    const sorted = [...scored].sort(byScore);
    const top = sorted[0];
    if ((!top || top.score < W.MIN_SCORE) && byIndex !== undefined) {
      const e = (infos[byIndex] as Info).e;
      return { ok: true, action, index: byIndex, xpath: e.xpath, typed: parsed.typed, confidence: 0.3, alternatives: alternativesOf(sorted, infos, byIndex), reasons: [`no description match; element_index ${idx as number} among editable elements`] };
    }
  }
  const sorted = scored.sort(byScore);
  const top = sorted[0];
  if (!top || top.score < W.MIN_SCORE) {
    const why = top ? ` (best ${top.score.toFixed(2)} < ${W.MIN_SCORE}: ${top.reasons.join('; ')})` : '';
    return fail(`no element matches "${description}"${why}`, alternativesOf(sorted, infos, -1));
  }
  const e = (infos[top.i] as Info).e;
  const result: ResolveOk = {
    ok: true,
    action,
    index: top.i,
    xpath: e.xpath,
    confidence: confidenceOf(top.score, sorted[1]?.score ?? 0),
    alternatives: alternativesOf(sorted, infos, top.i),
    reasons: [`score ${fmt(top.score)}`, ...top.reasons],
  };
  if (action === 'Type') result.typed = parsed.typed;
  return result;
}
