// Candidate scoring: what each snapshot element is (kinds, hint words, wrappers) and how
// well it fits one query on its own, before relations, ordinals and grids.
import type { ElementSnapshot, PageSnapshot } from './snapshot.ts';
import { bestKindFit, elementKinds, TEXT_NOUNS, type Kind } from './kinds.ts';
import type { LookQuery, ParsedStep, TargetQuery } from './step-query.ts';
import { colourNames, parseColour } from './colours.ts';
import { inRegion, isInside, positionFit } from './geometry.ts';
import { contentTokens, hintSimilarity, normalize, textSimilarity, wordSimilarity } from './text.ts';
import { hintsOf } from './hints.ts';
import * as W from './weights.ts';

export interface Info {
  e: ElementSnapshot;
  kinds: Map<Kind, number>;
  hints: string[];
  /** The hint words of the element's own classes and id, without its subtree's icon words. */
  ownHints: string[];
  /** `hints` without the icon aliases: the words the markup itself writes. */
  plainHints: string[];
  /** Own classes that are one long word, maybe words run together ("jsoneditor"). */
  compounds: string[];
  depth: number;
  /** Wraps an interactive descendant with the same text (a card around its only button, a div around a button). */
  wrapper: boolean;
  /** Wraps a descendant showing exactly the same text (a row around its one labelled cell). */
  textWrapper?: boolean;
  /** Not a control itself but inside a small one: a click on it reaches the control's listener. */
  inControl?: boolean;
  /** Holds a series of like items (three or more): a list whatever its classes say. */
  holdsSeries?: boolean;
  /** Its text is the texts of two or more children run together ("City State": two labels), none of it its own words. */
  composite?: boolean;
  /** In a list drawn as a table (rows of divs under a header row marked by class): the header text above it. */
  column?: string;
  /** A field with no name of its own: the text of the <label> beside it in a wrapper holding only this field. */
  fieldLabel?: string;
}

export interface Scored {
  i: number;
  score: number;
  reasons: string[];
  /** Misses a quoted label: stays below MIN_SCORE whatever relations add. */
  ruledOut?: boolean;
  /** Sum of the relations' fits (0..n): an ordinal counts only among those that satisfy them. */
  relFit?: number;
  /** How well the element is the kind the step names (0..1), when it names one: an ordinal counts only the best kind. */
  kindFit?: number;
  /** A quoted label or name of the step matched it: "the second 'Getting Started' card" counts only those. */
  carries?: boolean;
  /** The query's labels, words or names matched it, in its own text, classes or group context. */
  mentioned?: boolean;
}

/** Controls that show no words of their own and take them from a label set beside them. */
const BOXED_CONTROLS: readonly Kind[] = ['checkbox', 'switch', 'radio'];

/** Words that count things in a purpose rather than name a control. */
const QUANTIFIERS = new Set(['all', 'any', 'each', 'every', 'both', 'some']);

export const fmt = (n: number): string => (Math.round(n * 100) / 100).toString();

/** Nouns for widgets a step names as a place ("the last day of the calendar"). */
const REGION_NOUNS = new Set([
  'calendar',
  'board',
  'carousel',
  'gallery',
  'grid',
  'table',
  'map',
  'chart',
  'player',
  'editor',
  'toolbar',
  'sidebar',
  'timeline',
  'slider',
  'pagination',
  'pager',
  'menu',
  'list',
  'feed',
  'inbox',
  'cart',
  'basket',
  // "the control bar": a media player's row of buttons, whose class says "controls".
  'control',
]);

/** Nouns for a widget's shape that add nothing to its name: "the pagination bar", "the carousel strip". */
const SHAPE_NOUNS = new Set(['bar', 'strip', 'widget', 'control', 'controls', 'area']);

/**
 * A person's name: two to four capitalised words that do not start as a control's label does
 * ("Show Candidates", "Sign Up").
 */
const PERSON_NAME =
  /^(?!(?:Show|Hide|Sign|Log|Learn|Get|Read|View|See|Add|New|Create|Start|Try|Buy|Download|Contact|Subscribe|Join|Load|Open|Close|Save|Submit|Send|Search|Go|Back|Next|More|About|Home|Edit|Delete|Remove|My|Our|Your|All)\b)\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3}$/u;

/** Words that describe a text by its shape, and the shape: an address, a phone number, a link. */
const SHAPES: [RegExp, RegExp][] = [
  [/\be-?mail\b/i, /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i],
  [/\b(?:phone|telephone)\b/i, /^\+?[\d\s().-]{7,20}$/],
  [/\b(?:web ?site|url|web address)\b/i, /^(?:https?:\/\/|www\.)\S+$/i],
  // "the quote of the second testimonial": a sentence or more set in quotation marks.
  [/\b(?:quote|quotation)\b/i, /^["“„«][^]{12,}$/],
  // "the author name", "the sender's name".
  [
    /\b(?:author|writer|sender|user|owner|creator|poster|seller|customer|artist|speaker|person|developer|maintainer)\s+name\b/i,
    PERSON_NAME,
  ],
];

/** In a heading: a post's or card's title ("Coffee Pic"), written in capitals like a name but never the author's. */
const IN_HEADING = /\/h[1-6]\[\d+\]/;

const TYPED_INPUTS = new Set(['date', 'month', 'week', 'time', 'datetime-local', 'number', 'range', 'color']);

/** Words left beside a shape's words that say nothing more of the text ("the email address"). */
const SHAPE_FILLER = new Set(['address', 'number', 'text', 'link', 'line']);

/**
 * The text shape a query describes, if any, and the query's other words: "the LinkedIn email"
 * is an address only where it also says LinkedIn. textMatch runs for every element, so once per query.
 */
const shapes = new Map<string, { text: RegExp; rest: readonly string[] } | null>();
function shapeOf(query: string): { text: RegExp; rest: readonly string[] } | null {
  let v = shapes.get(query);
  if (v === undefined) {
    if (shapes.size > 10_000) shapes.clear();
    const found = SHAPES.find(([words]) => words.test(query));
    v = found ? { text: found[1], rest: contentTokens(query.replace(found[0], ' ')).filter((w) => !SHAPE_FILLER.has(w)) } : null;
    shapes.set(query, v);
  }
  return v;
}

export function byScore(a: Scored, b: Scored): number {
  return b.score - a.score || a.i - b.i;
}

/** A class naming a header part: "item-list-header", "table-head", "thead". */
const HEADER_CLASS = /(^|[-_])(header|head|thead)([-_]|$)/i;

export function prepare(snapshot: PageSnapshot): Info[] {
  const infos: Info[] = snapshot.elements.map((e) => ({
    e,
    kinds: elementKinds(e),
    ...hintsOf(e),
    depth: e.xpath.split('/').length - 1,
    wrapper: false,
  }));
  // Repeated siblings with content (same tag and classes under one parent, each holding
  // other snapshot elements) are items even with unknown class names: "the first dish".
  const hasKids = new Set<number>();
  const textKids = new Map<number, number>();
  for (const info of infos) {
    if (info.e.parent < 0) continue;
    hasKids.add(info.e.parent);
    if ((info.e.text || '').trim()) textKids.set(info.e.parent, (textKids.get(info.e.parent) ?? 0) + 1);
  }
  for (const [i, n] of textKids) if (n >= 2) (infos[i] as Info).composite = true;
  const siblings = new Map<string, number[]>();
  infos.forEach((info, i) => {
    if (!hasKids.has(i)) return;
    const e = info.e;
    const key = `${e.xpath.slice(0, e.xpath.lastIndexOf('/'))}|${e.tag}|${[...e.classes].sort().join('.')}`;
    const list = siblings.get(key) ?? [];
    list.push(i);
    siblings.set(key, list);
  });
  const byPath = new Map(infos.map((info, i) => [info.e.xpath, i]));
  for (const [key, list] of siblings) {
    if (list.length < 2) continue;
    for (const i of list) {
      const k = (infos[i] as Info).kinds;
      if (!k.has('card') && !k.has('row') && !k.has('item')) k.set('item', W.REPEATED_ITEM_DEGREE);
    }
    const holder = list.length >= W.LIST_MIN_ITEMS ? byPath.get(key.slice(0, key.indexOf('|'))) : undefined;
    if (holder !== undefined) (infos[holder] as Info).holdsSeries = true;
  }
  // "Click '60 FPS'" on a clickable stats panel: the words are a span inside it, and a click on
  // the span reaches the panel. Only a control close above and smaller than a quarter of the
  // viewport counts: a page-wide container with a listener makes nothing inside it a control.
  const screen = snapshot.viewport.width * snapshot.viewport.height;
  infos.forEach((info, i) => {
    if (info.e.interactive) return;
    for (const p of ancestors(infos, i, W.IN_CONTROL_LEVELS)) {
      const c = (infos[p] as Info).e;
      if (c.interactive) {
        info.inControl = c.box.width * c.box.height <= screen * W.IN_CONTROL_MAX_SCREEN;
        // A link drawing nothing itself (an inline <a> around an absolutely placed SVG: the
        // GitHub corner) is seen, and clicked, as what it holds: its class words name that too.
        if (!c.visible && info.e.visible && (c.box.width === 0 || c.box.height === 0)) {
          const up = infos[p] as Info;
          info.hints = [...info.hints, ...up.plainHints];
        }
        break;
      }
    }
  });
  // "Tick the Right checkbox": the label drawn for a hidden checkbox (or radio, or switch) is
  // that control to whoever clicks it; the control is its sibling or inside it, named by it.
  const children = new Map<number, number[]>();
  // Top-level elements (no snapshot ancestor) are siblings under -1.
  infos.forEach((info, i) => {
    const list = children.get(info.e.parent);
    if (list) list.push(i);
    else children.set(info.e.parent, [i]);
  });
  // A control reached from two labels (its parent and a sibling) is reduced once.
  const unseenControls = new Set<number>();
  infos.forEach((info, i) => {
    if (info.e.tag !== 'label' || !info.e.name) return;
    const near = [...(children.get(i) ?? []), ...(children.get(info.e.parent) ?? [])];
    for (const j of near) {
      const c = infos[j] as Info;
      if (c.e.tag !== 'input' || normalize(c.e.name) !== normalize(info.e.name)) continue;
      // A control kept for screen readers only (clipped to a pixel: jQuery UI's checkboxes) is
      // not seen: its label is the control, and the control only nearly so.
      const unseen = c.e.box.width * c.e.box.height <= W.UNSEEN_CONTROL_MAX_AREA;
      for (const k of ['checkbox', 'radio', 'switch'] as const) {
        const d = c.kinds.get(k);
        if (d === undefined) continue;
        const asLabel = unseen ? d : d * W.LABEL_AS_CONTROL;
        if ((info.kinds.get(k) ?? 0) < asLabel) info.kinds.set(k, asLabel);
      }
      if (unseen) unseenControls.add(j);
    }
  });
  for (const j of unseenControls) {
    const c = infos[j] as Info;
    for (const k of ['checkbox', 'radio', 'switch'] as const) {
      const d = c.kinds.get(k);
      if (d !== undefined) c.kinds.set(k, d * W.LABEL_AS_CONTROL);
    }
  }
  fieldLabels(infos, children);
  // A table row made of <th> is a header: "the second row" counts data rows.
  for (const info of infos) {
    const p = infos[info.e.parent];
    if (info.e.tag === 'th' && p && p.e.tag === 'tr') p.kinds.set('row', W.HEADER_ROW_DEGREE);
  }
  // So is a row or item of a list grid marked as its header by a class ("item item-list-header"
  // above rows of "item"): it shows the column names, and "the third row" counts the rows below.
  const headerRows: number[] = [];
  infos.forEach((info, i) => {
    if (!info.e.classes.some((c) => HEADER_CLASS.test(c))) return;
    let row = false;
    for (const k of ['row', 'item'] as const) {
      const d = info.kinds.get(k);
      if (d === undefined) continue;
      row = true;
      if (d > W.HEADER_ROW_DEGREE) info.kinds.set(k, W.HEADER_ROW_DEGREE);
    }
    if (row) headerRows.push(i);
  });
  infos.forEach((info, i) => {
    const t = normalize(info.e.text || info.e.name);
    if (!t) return;
    for (const p of ancestors(infos, i)) {
      const up = infos[p] as Info;
      if (normalize(up.e.text || up.e.name) !== t) break;
      if (info.e.interactive) {
        up.wrapper = true;
        // A link that is all of a heading, card or cell is that heading, card or cell to the eye.
        for (const k of ['heading', 'card', 'cell'] as const) {
          const d = up.kinds.get(k);
          if (d !== undefined && (info.kinds.get(k) ?? 0) < d) info.kinds.set(k, d);
        }
      } else up.textWrapper = true;
    }
  });
  for (const h of headerRows) listGridColumns(h, infos);
  return infos;
}

/**
 * "Type Anna into the First Name field": a form library's field wrapper holds a <label> with no
 * `for` and, in a box beside it, the one input, so the input has no accessible name. The label
 * names the field for whoever looks at the form when the wrapper holds no other field.
 */
function fieldLabels(infos: Info[], children: Map<number, number[]>): void {
  const fieldsUnder = new Map<number, number>();
  infos.forEach((info, i) => {
    if (!info.e.editable) return;
    for (const p of ancestors(infos, i, W.FIELD_LABEL_LEVELS)) fieldsUnder.set(p, (fieldsUnder.get(p) ?? 0) + 1);
  });
  infos.forEach((info, i) => {
    const e = info.e;
    // A placeholder ("m/d/yyyy") is the name only for want of a label.
    const named = e.name.trim() && e.name !== e.placeholder;
    if (!e.editable || named || !['input', 'textarea', 'select'].includes(e.tag)) return;
    for (const p of ancestors(infos, i, W.FIELD_LABEL_LEVELS)) {
      if (fieldsUnder.get(p) !== 1) break;
      const label = (children.get(p) ?? []).map((j) => (infos[j] as Info).e).find((x) => x.tag === 'label' && x.visible && x.text.trim());
      if (label) {
        info.fieldLabel = label.text.trim();
        break;
      }
    }
  });
}

/** An element's ancestors in the snapshot, nearest first, at most `levels` of them. */
function* ancestors(infos: readonly Info[], i: number, levels = W.ANCESTOR_LEVELS_MAX): Generator<number> {
  let p = (infos[i] as Info).e.parent;
  for (let up = 0; p >= 0 && up < levels && infos[p]; up++) {
    yield p;
    p = (infos[p] as Info).e.parent;
  }
}

/**
 * A list drawn as a table: under a header row marked by class, the sibling rows of the same
 * tag hold their cells in the header texts' columns, with no <td> to say so. Each visible text
 * of a row (its innermost holder) takes the header text whose span covers its centre, so "the
 * category of the second item" reads like a table cell's column header does.
 */
function listGridColumns(header: number, infos: Info[]): void {
  const h = (infos[header] as Info).e;
  // The rows: siblings of the same tag sharing a class with the header row ("item"), not
  // whatever else sits beside a page header.
  const shared = h.classes.filter((c) => !HEADER_CLASS.test(c));
  const rows = new Set<number>();
  infos.forEach((x, i) => {
    if (i !== header && x.e.parent === h.parent && x.e.tag === h.tag && x.e.classes.some((c) => shared.includes(c))) rows.add(i);
  });
  if (rows.size < 2) return;
  // Each visible innermost text, by the row (or the header) it is in.
  const texts = new Map<number, Info[]>();
  infos.forEach((x, i) => {
    if (!x.e.visible || !normalize(x.e.text) || x.textWrapper || x.wrapper) return;
    for (const p of ancestors(infos, i))
      if (p === header || rows.has(p)) {
        texts.set(p, [...(texts.get(p) ?? []), x]);
        return;
      }
  });
  const heads = texts.get(header) ?? [];
  if (heads.length < 2) return;
  for (const r of rows)
    for (const cell of texts.get(r) ?? []) {
      const x = cell.e.box.x + cell.e.box.width / 2;
      const head = heads.find((t) => t.e.box.x <= x && x <= t.e.box.x + t.e.box.width);
      if (head) cell.column = head.e.text.trim();
    }
}

/** Best text similarity of `query` with the element's visible/accessible strings, and where. */
export function textMatch(query: string, info: Info): { s: number; via: string } {
  const e = info.e;
  let best = { s: 0, via: '' };
  const fields: [string, string | undefined][] = [
    ['name', e.name],
    ['text', e.text],
    ['value', e.value],
    ['placeholder', e.placeholder],
    ['alt', e.alt],
    ['title', e.title],
    ['aria-label', e.ariaLabel],
    ['css content', e.pseudo],
    ['label beside it', info.fieldLabel],
  ];
  // "the email address under the sender's name": text of that shape is what the words describe.
  const shape = shapeOf(query);
  // A date, time or number input's value has the shape its type gives it ("1970-01-01" is no phone number).
  const typedValue = e.tag === 'input' && TYPED_INPUTS.has((e.inputType ?? '').toLowerCase());
  // A heading's text is a title, and two labels run together ("City State") are no one's name.
  const title = shape?.text === PERSON_NAME && (IN_HEADING.test(e.xpath) || !!info.composite);
  const shown = (e.text || e.value || '').trim();
  const saysRest = () => !shape?.rest.length || shape.rest.every((w) => contentTokens(shown).includes(w));
  if (shape && !typedValue && !title && shape.text.test(shown) && saysRest()) best = { s: W.SHAPE_MATCH, via: 'its shape' };
  for (const [via, v] of fields) {
    if (!v) continue;
    const s = textSimilarity(query, v);
    if (s > best.s) best = { s, via };
  }
  const qWords = contentTokens(query);
  // Words found only in the subtree's classes (a slider whose handle is "ui-slider-handle") say
  // a little less about this element than about the descendant that carries them.
  const all = hintSimilarity(qWords, info.hints, info.compounds);
  const own = all > 0 && info.ownHints.length ? hintSimilarity(qWords, info.ownHints, info.compounds) : 0;
  const h = Math.max(own, all * W.BORROWED_HINT_FACTOR) * W.HINT_MATCH_FACTOR;
  if (h > best.s) best = { s: h, via: 'class/id/icon' };
  // Words split between text and class ("the In Progress column": text "In Progress", class "column").
  if (qWords.length > 1) {
    const u = hintSimilarity(qWords, [...info.hints, ...contentTokens(e.name)]) * W.UNION_MATCH_FACTOR;
    if (u > best.s) best = { s: u, via: 'text+class' };
  }
  return best;
}

/** 0..1: how well the element's look fits the colour and style words, with the reason. */
export function lookFit(q: LookQuery, e: ElementSnapshot, textNamed = false): { fit: number; why: string } {
  const look = e.look;
  if (!look) return { fit: 0, why: '' };
  const parts: number[] = [];
  const why: string[] = [];
  for (const c of q.around ?? []) {
    // "in the black navbar": the colour of the place it sits in. "Item 3 in the yellow list":
    // a list drawn only by its items' own fill is that colour too, a little less surely.
    const ok = colourNames(parseColour(look.bgAround)).includes(c);
    const filled = !ok && !!look.bg && colourNames(parseColour(look.bg)).includes(c);
    parts.push(ok ? 1 : filled ? W.OWN_FILL_AROUND_FIT : 0);
    if (ok) why.push(`on ${c}`);
    else if (filled) why.push(`filled ${c}`);
  }
  for (const c of q.borders ?? []) {
    const ok = colourNames(parseColour(look.border)).includes(c);
    parts.push(ok ? 1 : 0);
    if (ok) why.push(`${c} border`);
  }
  for (const c of q.colours) {
    // A control that paints its own background is named by it ("the white button" is white, not
    // white-lettered); one that does not is named by its text or border colour, or what it sits on.
    const channels: [string | undefined, number][] = look.bg
      ? [
          [look.bg, 1],
          [look.border, 0.7],
          [look.fg, 0.4],
        ]
      : [
          // A link is named by the colour of its letters ("the purple 'get started' link").
          [look.fg, textNamed ? 1 : 0.8],
          [look.border, 0.8],
          [look.bgAround, 0.7],
        ];
    let best = 0;
    for (const [v, w] of channels) if (colourNames(parseColour(v)).includes(c)) best = Math.max(best, w);
    parts.push(best);
    if (best) why.push(c);
  }
  const flag = (asked: boolean | undefined, has: boolean, word: string) => {
    if (asked) {
      parts.push(has ? 1 : 0);
      if (has) why.push(word);
    }
  };
  flag(q.bold, !!look.bold, 'bold');
  flag(q.strike, !!look.strike, 'struck');
  // "The grey circle with the number 4": a pill reading "Step 1 of 4" is round but no circle.
  const squareish = () => Math.max(e.box.width, e.box.height) <= W.CIRCLE_ASPECT_MAX * Math.max(1, Math.min(e.box.width, e.box.height));
  flag(q.round, !!look.round && (!q.circle || squareish()), q.circle ? 'circle' : 'round');
  flag(q.outlined, !!look.border && !look.bg, 'outlined');
  if (!parts.length) return { fit: 0, why: '' };
  return { fit: parts.reduce((a, b) => a + b, 0) / parts.length, why: why.join(' ') };
}

/** The element shows a figure: digits or a currency amount with at most a short unit ("18", "$29 /mo", "70%", "£x.99 / per user"). */
function showsFigure(e: ElementSnapshot): boolean {
  const t = (e.text || e.name).trim();
  // A digit glued after a letter is part of a name ("h1", "v2", "mp3"), not a figure.
  if (!t || t.length > 30 || !/(?:^|[^\p{L}\d])\d|[$£€¥%]/u.test(t)) return false;
  return (t.match(/\p{L}/gu) ?? []).length <= 10;
}

const valueHolders = new WeakMap<PageSnapshot, Set<number>>();
/** Elements with a field holding a value somewhere inside them (computed once per snapshot). */
function holdsValue(snapshot: PageSnapshot): Set<number> {
  let set = valueHolders.get(snapshot);
  if (!set) {
    set = new Set();
    for (const e of snapshot.elements) {
      if (!e.value) continue;
      for (let p = e.parent, guard = 0; p >= 0 && guard < W.ANCESTOR_LEVELS_MAX && !set.has(p); guard++) {
        set.add(p);
        p = snapshot.elements[p]?.parent ?? -1;
      }
    }
    valueHolders.set(snapshot, set);
  }
  return set;
}

function extraTextPenalty(query: string, e: ElementSnapshot): number {
  const extra = Math.max(0, (e.text || e.name).length - query.length);
  return Math.max(W.EXTRA_TEXT_PENALTY_CAP, (W.W_EXTRA_TEXT_PER_100 * extra) / 100);
}

/**
 * A plain container that is "interactive" only by its key listeners (a game area listening to
 * the arrows): a click on it is no use, and its text (all the page's, often) names nothing to click.
 */
function keysOnly(e: ElementSnapshot): boolean {
  return (
    e.listeners.length > 0 &&
    e.listeners.every((l) => /^key/.test(l)) &&
    !e.pointer &&
    !e.role &&
    !e.editable &&
    e.href === undefined &&
    ['div', 'section', 'main', 'article', 'body', 'span', 'canvas'].includes(e.tag)
  );
}

/**
 * "The newsletter email box", "Submit the reservation": the words the element's own strings and
 * classes do not show, found in the heading of its group or section. Scaled by their share of
 * the words: the element's own match carries the rest.
 */
function placeWords(words: readonly string[], info: Info): { s: number; words: string; via: string; place: string } | undefined {
  const e = info.e;
  if (!e.context && !e.sections) return undefined;
  const own = [...contentTokens(`${e.name} ${e.text} ${e.placeholder ?? ''} ${e.title ?? ''} ${e.ariaLabel ?? ''}`), ...info.hints];
  const asked = contentTokens(words.join(' '));
  const rest = asked.filter((w) => !own.some((o) => wordSimilarity(w, o) > 0));
  if (!rest.length || rest.length === asked.length) return undefined;
  const phrase = rest.join(' ');
  let best: { s: number; words: string; via: string; place: string } | undefined;
  for (const [via, place] of [['group', e.context] as const, ...(e.sections ?? []).map((h) => ['section', h] as const)]) {
    if (!place) continue;
    const sim = textSimilarity(phrase, place);
    if (sim > W.CONTEXT_WORDS_MIN && (!best || sim * (rest.length / asked.length) > best.s))
      best = { s: sim * (rest.length / asked.length), words: phrase, via, place };
  }
  return best;
}

/** Scores one element for a query, without ordinals, grids or relations. */
export function scoreBase(i: number, info: Info, q: TargetQuery, step: ParsedStep, snapshot: PageSnapshot, asAnchor: boolean): Scored {
  const e = info.e;
  const reasons: string[] = [];
  let score = 0;
  let named = false;
  /** A quoted label or a name of the step matched this element (an ordinal counts those). */
  let carries = false;
  let labelMiss = false;
  let mentioned = false;
  for (const label of q.labels) {
    const m = textMatch(label, info);
    // A label shown just before the field ("from [  ] to [  ]") names it as well as its own text would.
    if (m.s < W.LABEL_MISS_SIMILARITY && !(e.context && textSimilarity(label, e.context) >= W.CONTEXT_LABEL_EXACT)) labelMiss = true;
    let s = (m.s * W.W_LABEL) / q.labels.length;
    if (m.s > 0) {
      named = true;
      carries = true;
      reasons.push(`label "${label}" ~ ${m.via} (${fmt(m.s)})`);
      mentioned = true;
      if (m.via !== 'class/id/icon') s += extraTextPenalty(label, e) / q.labels.length;
      // A quoted label is text a person saw: a control named only for screen readers (a
      // checkbox's aria-label) carries it a little less than the control that shows it.
      if (!e.text.trim() && e.ariaLabel && (m.via === 'aria-label' || (m.via === 'name' && e.name === e.ariaLabel))) {
        s *= W.UNSHOWN_LABEL_FACTOR;
        reasons.push('label not shown');
      }
    } else if (e.context && textSimilarity(label, e.context) > W.CONTEXT_LABEL_MIN) {
      s = W.W_CONTEXT * textSimilarity(label, e.context);
      reasons.push(`label "${label}" in group "${e.context}"`);
      mentioned = true;
    }
    score += s;
  }
  if (q.words.length) {
    const phrase = q.words.join(' ');
    const m = textMatch(phrase, info);
    const weight = q.labels.length ? W.W_WORDS_WITH_LABEL : W.W_WORDS;
    // "the Dates editable switch": a switch or box that shows no words of its own is named by
    // the words set beside it (its wrapper's label, whatever that label's `for` says), as fully
    // as by its own text, when they are the words the step gives.
    const besideSim =
      e.context && !(e.text || e.name).trim() && BOXED_CONTROLS.some((k) => info.kinds.has(k)) ? textSimilarity(phrase, e.context) : 0;
    if (besideSim >= W.CONTEXT_LABEL_EXACT && besideSim > m.s) {
      named = true;
      score += besideSim * weight;
      reasons.push(`words "${phrase}" beside it (${fmt(besideSim)})`);
      mentioned = true;
    } else if (m.s > 0) {
      // A faint match (a class word or two) is a hint, not a name.
      if (m.s >= W.LABEL_MISS_SIMILARITY) named = true;
      score += m.s * weight;
      reasons.push(`words "${phrase}" ~ ${m.via} (${fmt(m.s)})`);
      mentioned = true;
      if (!q.labels.length && m.via !== 'class/id/icon') score += extraTextPenalty(phrase, e) / 2;
      // An anchor's words name a place already ("the Summary list"): not split again.
      const rest = asAnchor ? undefined : placeWords(q.words, info);
      if (rest) {
        score += rest.s * W.W_CONTEXT;
        reasons.push(`words "${rest.words}" in ${rest.via} "${rest.place}"`);
      }
    } else if (e.context) {
      const c = textSimilarity(phrase, e.context);
      if (c > W.CONTEXT_WORDS_MIN) {
        score += W.W_CONTEXT * c;
        reasons.push(`words "${phrase}" in group "${e.context}"`);
        mentioned = true;
      }
    }
  }
  let nameMiss = false;
  const cell = e.cell ?? (info.column ? { column: info.column } : undefined);
  for (const name of q.names ?? []) {
    const n = q.names?.length ?? 1;
    // "the empty cell F3": a spreadsheet names a cell by its column letters and row number,
    // which its headers show and the cell itself does not.
    if (cell && isCellReference(name, cell)) {
      named = true;
      carries = true;
      mentioned = true;
      score += W.W_NAME / n;
      reasons.push(`cell ${name}`);
      continue;
    }
    const m = textMatch(name, info);
    // "the crossed-out S", "the B": one or two letters name the glyph an icon draws, which no text shows.
    const glyphOfIcon = name.trim().length <= 2 && !e.text.trim() && info.kinds.has('icon');
    if (m.s < W.LABEL_MISS_SIMILARITY && !glyphOfIcon && !(e.context && textSimilarity(name, e.context) >= W.CONTEXT_LABEL_EXACT))
      nameMiss = true;
    if (m.s > 0) {
      named = true;
      carries = true;
      score += (m.s * W.W_NAME) / n;
      reasons.push(`name "${name}" ~ ${m.via} (${fmt(m.s)})`);
      mentioned = true;
      if (m.via !== 'class/id/icon') score += extraTextPenalty(name, e) / n;
    } else if (e.context && textSimilarity(name, e.context) > W.CONTEXT_LABEL_MIN) {
      // "the Option groups box": a box is named by the label shown with it, as fully as by its own text.
      const box = q.boxed === true && (e.editable || /^(combobox|listbox|textbox|searchbox)$/.test(e.role) || info.kinds.has('select'));
      score += ((box ? W.W_NAME : W.W_CONTEXT) * textSimilarity(name, e.context)) / n;
      reasons.push(`name "${name}" in group "${e.context}"${box ? ', the box it labels' : ''}`);
      named ||= box;
      mentioned = true;
    }
  }
  // A name read without quotes that the element does not show counts against it, softly.
  if (nameMiss && !asAnchor) {
    score += W.W_NAME_MISS;
    reasons.push('misses the name');
  }
  // A cell named by its column or row header: "the visitors number of the Instagram row".
  // "the Finish heading" is the header itself, not each cell it names.
  // "the 8am time label": what shows a text is not the empty slot of the 8am row.
  const showsNothing = !(e.text || e.name).trim() && q.words.some((w) => TEXT_NOUNS.has(w));
  if (cell && q.words.length && !q.kinds.includes('heading') && !showsNothing) {
    const phrase = q.words.join(' ');
    // A column header's "row header" is the header row's first cell, which names no row.
    const row = e.role === 'columnheader' ? undefined : cell.row;
    const h = Math.max(cell.column ? textSimilarity(phrase, cell.column) : 0, row ? textSimilarity(phrase, row) : 0);
    if (h > W.CONTEXT_WORDS_MIN) {
      score += W.W_CELL_HEADER * h;
      named = true;
      reasons.push(`header "${phrase}" (${fmt(h)})`);
    }
  }
  if (q.look) {
    const l = lookFit(q.look, e, q.kinds.includes('link'));
    if (l.fit > 0) {
      score += W.W_LOOK * l.fit;
      reasons.push(`looks ${l.why} (${fmt(l.fit)})`);
    }
    // "the crossed-out task": struck-through text is rare and unmistakable, so text that is not
    // struck is not what the step means, whatever its words share with the description.
    if (q.look.strike && !e.look?.strike) {
      // An editor's strikethrough button draws a crossed-out letter: its class says so.
      if (info.hints.includes('strike')) {
        score += W.W_LOOK;
        named = true;
        reasons.push('a strikethrough control');
      } else {
        score += W.W_NOT_STRUCK;
        reasons.push('not struck through');
      }
    }
  }
  if (q.numeric && !asAnchor) {
    if (showsFigure(e)) {
      // "the count": a bare figure ("233") more than a label that carries one ("Microsoft 183").
      const bare = ((e.text || e.name).match(/\p{L}/gu) ?? []).length <= 2;
      score += bare ? W.W_NUMERIC : W.W_NUMERIC * W.FIGURE_WITH_WORDS;
      named = true;
      reasons.push(bare ? 'shows a figure' : 'shows a figure among words');
    } else score -= W.W_NUMERIC;
  }
  if (q.purpose?.length && !asAnchor) {
    const phrase = q.purpose.join(' ');
    // The object of the purpose, without its verb, may be one word in the markup: "go full screen" ~ data-toggle="fullscreen".
    const object = normalize(q.purpose.slice(1).join(' '));
    const compact = object.replace(/ /g, '');
    const wired = compact.length >= 4 && info.hints.some((h) => h === compact || h === normalize(object)) ? W.HINT_MATCH_FACTOR : 0;
    // A quantifier inside the purpose ("remove all finished todos") does not name an "All" button.
    const purposeWords = q.purpose.length;
    const names = (v: string | undefined) => !!v && !(QUANTIFIERS.has(normalize(v)) && purposeWords > 2);
    const sim = Math.max(
      wired,
      ...[e.title, e.ariaLabel, e.name, e.text, e.pseudo].map((v) => (names(v) ? textSimilarity(phrase, v as string) : 0)),
      hintSimilarity(contentTokens(phrase), info.hints) * W.HINT_MATCH_FACTOR,
    );
    if (sim > 0) {
      score += W.W_PURPOSE * sim;
      named = true;
      reasons.push(`purpose "${phrase}" (${fmt(sim)})`);
    }
  }
  // "in the Pro column": a header cell or heading names a column; "of the Instagram row": a cell names a row.
  if (asAnchor && (q.container === 'column' || q.container === 'row') && (e.tag === 'th' || e.tag === 'td' || info.kinds.has('heading'))) {
    score += W.W_HEADER_ANCHOR;
    reasons.push(`names a ${q.container}`);
  }
  // "of the calendar", "in the board": the widget whose class names it, more than a text that
  // mentions it; "in the pagination bar" too (a generic shape noun after the widget's name).
  // Its heading is not the widget, nor is an icon whose class only an alias reads as the word
  // (Font Awesome's "bars" is read as "menu" for the icon, not as the menu it opens).
  const region = q.words.length === 1 || (q.words.length === 2 && SHAPE_NOUNS.has(q.words[1] as string)) ? q.words[0] : undefined;
  // "the player controls", "the video's controls": the bar its class calls the controls.
  const controls = q.words.length === 2 && (q.words[1] === 'controls' || q.words[1] === 'control') && info.plainHints.includes('control');
  if (
    asAnchor &&
    !q.container &&
    ((region && REGION_NOUNS.has(region) && info.plainHints.includes(region)) || controls) &&
    !info.kinds.has('heading')
  ) {
    score += W.W_CONTEXT;
    reasons.push(`a ${controls ? 'control' : region}`);
  }
  // "the last song in the list on the right": a list is what holds a series of like entries,
  // whatever its classes (a playlist of divs), not a word that only looks like "list".
  else if (asAnchor && !q.container && region === 'list' && info.holdsSeries) {
    score += W.W_CONTEXT;
    reasons.push('a list of like entries');
  }
  if (q.container && asAnchor && info.hints.includes(q.container)) {
    score += W.W_CONTEXT;
    reasons.push(`a ${q.container}`);
  }
  let kindFit: number | undefined;
  if (q.kinds.length) {
    const fit = bestKindFit(q.kinds, info.kinds);
    kindFit = fit;
    if (fit > 0) {
      score += W.W_KIND * fit;
      reasons.push(`kind ${q.kinds.join('/')} (${fmt(fit)})`);
    } else {
      score += W.W_KIND_MISMATCH;
      reasons.push(`not a ${q.kinds.join('/')}`);
    }
    // "Write it in the Textarea" on a form of one-line inputs and one text area.
    if (q.multiline && (e.tag === 'textarea' || (e.editable && e.box.height >= W.MULTILINE_MIN_PX))) {
      score += W.W_MULTILINE;
      reasons.push('several lines');
    }
  }
  if (!asAnchor) {
    if (step.action === 'Type') {
      if (e.editable) score += W.W_EDITABLE_FOR_TYPE;
      else {
        score += W.W_NOT_EDITABLE_FOR_TYPE;
        reasons.push('not editable');
      }
    } else if (step.action === 'Press') {
      // Keys go to what has focus: a field or a control, not a heading with the same words.
      if (e.editable) {
        score += W.W_EDITABLE_FOR_PRESS;
        reasons.push('takes keys');
      } else if (e.interactive) score += W.W_INTERACTIVE;
      else score += W.W_NOT_FOCUSABLE_FOR_PRESS;
    } else if (q.passive) {
      // The step names something one looks at: reacting to clicks is no clue either way.
    } else if (e.interactive && !keysOnly(e)) {
      score += W.W_INTERACTIVE;
      reasons.push('interactive');
    } else if (e.interactive) {
      reasons.push('listens to keys only');
    } else if (info.inControl) {
      score += W.W_IN_CONTROL;
      reasons.push('inside a control');
    } else score += W.W_NOT_INTERACTIVE;
    if (e.classes.includes('btn')) score += W.W_BTN_CLASS;
    if (!e.visible) {
      score += W.W_INVISIBLE;
      reasons.push('not visible');
    } else if (!e.inViewport) {
      score += W.W_OFFSCREEN;
      reasons.push('outside the viewport');
    }
    if (e.onTop === false && e.visible) {
      score += W.W_COVERED;
      reasons.push('covered by another element');
    }
    if (e.disabled) {
      score += W.W_DISABLED;
      reasons.push('disabled');
    }
    if (e.concealed) {
      score += W.W_CONCEALED;
      reasons.push('a field marked hidden');
    }
    // "the Option groups box": the box the words label, not the label's own text.
    if (q.boxed && (e.tag === 'label' || e.role === 'label')) {
      score += W.W_LABEL_FOR_BOX;
      reasons.push('a label, not the box');
    }
    // "the red alert box": a box is drawn, with a fill or a border of its own; a plain link
    // saying "Alerts" in the menu is none.
    else if (q.boxed && !e.editable && (e.look?.bg || e.look?.border) && e.box.width > e.box.height) {
      score += W.W_DRAWN_BOX;
      reasons.push('a drawn box');
    }
    if (info.wrapper && step.action !== 'Type') {
      score += W.W_WRAPPER_OF_TARGET;
      reasons.push('wraps a control with the same text');
    } else if (info.textWrapper && step.action !== 'Type') {
      score += W.W_WRAPPER_OF_TEXT;
      reasons.push('wraps an element with the same text');
    }
  } else if (!e.visible) {
    score += W.W_INVISIBLE_ANCHOR;
  }
  if (q.position) {
    const fit = positionFit(q.position, e, snapshot);
    score += W.W_POSITION * fit;
    reasons.push(`position ${[q.position.v, q.position.h].filter(Boolean).join(' ')} (${fmt(fit)})`);
  }
  // "the cell being edited": the field taking the keys, and what holds it.
  if (snapshot.focused >= 0 && q.words.some((w) => w === 'edited' || w === 'editing')) {
    const field = snapshot.elements[snapshot.focused];
    if (field?.editable && (i === snapshot.focused || isInside(field, e))) {
      score += W.W_NAME;
      reasons.push('being edited');
      mentioned = true;
    }
  }
  if (q.empty) {
    // A sudoku cell shows its digit in a field inside it: a value below counts as content.
    const blank = !/[\p{L}\p{N}\p{S}]/u.test(e.text) && !e.value && !holdsValue(snapshot).has(i);
    score += blank ? W.W_EMPTY : -W.W_EMPTY;
    if (blank) reasons.push('empty');
  }
  if (q.region) {
    const fit = inRegion(q.region, e, snapshot);
    if (fit > 0) {
      score += W.W_REGION * fit;
      reasons.push(`in ${q.region}`);
    }
  }
  // A quoted label the element does not carry rules it out, whatever else fits (relations
  // added later included: see scoreQuery).
  if (labelMiss && !asAnchor) score = Math.min(score, W.RULED_OUT_SCORE);
  // With no name, no kind and no place there is nothing to go on.
  if (!named && !q.kinds.length && !q.position && !q.region && !q.grid && q.ordinal === undefined && !q.look) score = Math.min(score, 0);
  return {
    i,
    score,
    reasons,
    ruledOut: labelMiss && !asAnchor,
    ...(kindFit !== undefined ? { kindFit } : {}),
    ...(carries ? { carries } : {}),
    ...(mentioned ? { mentioned } : {}),
  };
}

/** A spreadsheet reference ("F3", "AB12") to the cell under column header F in the row headed 3. */
function isCellReference(name: string, cell: { column?: string; row?: string }): boolean {
  const ref = /^([A-Z]{1,3})([1-9]\d{0,5})$/.exec(name.trim());
  return !!ref && cell.column?.trim() === ref[1] && cell.row?.trim() === ref[2];
}
