// Groups of like elements: which candidates an ordinal ("the second card") or a grid cell
// ("row 2, column 3") counts over, and which one it picks. Rows and columns come from the
// boxes' geometry at the snapshot's viewport, not from the DOM order.
import type { Info, Scored } from './candidates.ts';
import { isInside, parentPath } from './geometry.ts';
import { contentTokens, normalize, stem } from './text.ts';
import * as W from './weights.ts';

/**
 * The like candidates an ordinal or grid counts over: split by signature (tag + classes,
 * e.g. all "div.tile"), keep the partition with the best score, the larger on a tie. So
 * "the first tile" counts board tiles, not the score boxes that also look like cells.
 */
export function likeMembers(group: Scored[], infos: Info[], setSize?: number): Scored[] {
  const parts = partitionLike(dedupeNested(group, infos), infos);
  // Partitions within PARTITION_SLACK of the best count as equally good; the larger wins
  // (an interactive bonus must not let three buttons outvote a 64-cell board).
  // A partition much less of the kind asked (links inside product cards, for "the product")
  // does not count as equally good, however many members it has.
  const kindOf = (list: Scored[]) => Math.max(0, ...list.map((g) => g.kindFit ?? 1));
  const bestPartKind = Math.max(...parts.map(kindOf));
  const tops = parts
    .filter((list) => kindOf(list) >= bestPartKind - W.PARTITION_KIND_SLACK)
    .map((list) => ({ list, top: Math.max(...list.map((g) => g.score)) }));
  const bestTop = Math.max(...tops.map((t) => t.top));
  let best: Scored[] = [];
  const good = tops.filter((t) => t.top >= bestTop - W.PARTITION_SLACK);
  for (const t of good) if (t.list.length > best.length) best = t.list;
  // "the first of the four teal icon buttons": a partition of the size named is the one meant.
  const sized = setSize !== undefined ? good.find((t) => t.list.length === setSize) : undefined;
  if (sized) best = sized.list;
  // Inside a partition, members clearly worse than its best (a header row among data rows) do
  // not count, nor members of a nearby kind: "the second checkbox" skips the switches that are
  // inputs of the same tag and classes.
  const top = Math.max(...best.map((g) => g.score));
  const bestKind = Math.max(0, ...best.map((g) => g.kindFit ?? 0));
  return best.filter((g) => g.score >= top - W.MEMBER_SLACK && (g.kindFit === undefined || g.kindFit >= bestKind - W.ORDINAL_KIND_SLACK));
}

/** Classes generated pages put on every control: sharing them says nothing about being alike. */
const GENERIC_CLASSES = new Set(['btn', 'button', 'clickable', 'interactive']);

/** Classes that alternate down a striped table or list: rows marked "odd" and "even" are one series. */
const STRIPE_CLASSES = new Set(['odd', 'even', 'alt', 'alternate']);

/**
 * Splits candidates into kinds of thing by tag and classes, where state classes do not make
 * a new kind: "dot" and "dot on", "cell" and "cell o win", "tile" and "tile revealed n3" are
 * one series. Two signatures join when one's classes are a subset of the other's, or when
 * they share a class and a parent (siblings of one list, whatever marks each carries).
 */
function partitionLike(group: Scored[], infos: Info[]): Scored[][] {
  const sigs: { tag: string; classes: Set<string>; parents: Set<string>; sizes: Set<string>; blank: boolean; members: Scored[] }[] = [];
  for (const g of group) {
    const e = (infos[g.i] as Info).e;
    const classes = new Set(e.classes.filter((c) => !STRIPE_CLASSES.has(c)));
    const key = [...classes].sort().join('.');
    let sig = sigs.find((x) => x.tag === e.tag && [...x.classes].sort().join('.') === key);
    if (!sig) {
      sig = { tag: e.tag, classes, parents: new Set(), sizes: new Set(), blank: true, members: [] };
      sigs.push(sig);
    }
    sig.parents.add(parentPath(e));
    sig.sizes.add(`${Math.round(e.box.width)}x${Math.round(e.box.height)}`);
    if (e.text.trim()) sig.blank = false;
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
      const shareParent = [...a.parents].some((p) => b.parents.has(p));
      // Siblings where one carries a state class or two and the other none ("current", "active") are one series too.
      const plainAndMarked = shareParent && (!a.classes.size || !b.classes.size) && Math.abs(a.classes.size - b.classes.size) <= 2;
      const siblings = shareParent && ([...a.classes].some((c) => b.classes.has(c)) || (!a.classes.size && !b.classes.size));
      // State classes mark members of one list or board: a "card" in the featured strip and a
      // "card h-100" in the story grid below are two series. A toolbar's icon buttons each
      // carry their own class ("ql-bold", "ql-italic"): drawn alike (one size, no text) side
      // by side, they are one row of buttons. Both only near each other (checked last: costly).
      const state = stateVariant(a.classes, b.classes) || stateVariant(b.classes, a.classes);
      const iconsAlike = a.blank && b.blank && [...a.sizes].some((z) => b.sizes.has(z));
      if (plainAndMarked || siblings || ((state || iconsAlike) && (shareParent || shareGrandparent(a.parents, b.parents)))) {
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

/** Some parent path of one set and some of the other lie under one grandparent. */
function shareGrandparent(a: Set<string>, b: Set<string>): boolean {
  const up = (p: string) => p.slice(0, p.lastIndexOf('/'));
  const grands = new Set([...a].map(up));
  for (const p of b) if (grands.has(up(p))) return true;
  return false;
}

/** Some element shows the number as its whole text or names it after the noun ("7", "Slide 4: Kyoto"). */
export function showsNumber(numbered: { noun: string; n: number }, infos: Info[], asAnchor: boolean): boolean {
  const n = String(numbered.n);
  // No noun ("the 20th"): an element showing just the number (a calendar day) names it.
  if (!numbered.noun)
    return infos.some(
      (info) => info.e.visible && normalize(info.e.text) === n && (asAnchor || info.e.interactive || info.kinds.has('cell')),
    );
  const nounNumber = new RegExp(`(^| )${numbered.noun}s? ${n}( |$)`);
  return (
    infos.some((info) => {
      if (!info.e.visible || (!asAnchor && !info.e.interactive)) return false;
      if (nounNumber.test(normalize(info.e.name)) || nounNumber.test(normalize(info.e.text))) return true;
      // A bare "7" counts when the element is one of the nouns (class "seat", title "Seat 7").
      const noun = stem(numbered.noun);
      return (
        normalize(info.e.text) === n && (info.hints.includes(noun) || contentTokens(`${info.e.name} ${info.e.title ?? ''}`).includes(noun))
      );
    }) ||
    (!ROW_NOUNS.has(numbered.noun) && !namesNumbers(numbered.noun, infos) && inNumberedSeries(n, infos))
  );
}

/** The page writes the noun with numbers itself ("Option 01", "Item #2"): its own numbering, not a series of bare figures. */
function namesNumbers(noun: string, infos: Info[]): boolean {
  const written = new RegExp(`(^| )${stem(noun)}\\w* #?\\d`);
  return infos.some((info) => info.e.visible && (written.test(normalize(info.e.text)) || written.test(normalize(info.e.name))));
}

/** Rows and columns are counted, whatever a gutter beside them shows ("row 3"). */
const ROW_NOUNS = new Set(['row', 'rows', 'line', 'lines', 'column', 'columns', 'col']);

/**
 * A bare "5" shown by one of a series of like boxes that each show another number (a
 * dashboard's widgets numbered 0 to 9, with no listener and no class that says "widget"):
 * the numbers are the boxes' names, so "widget 5" is the one showing 5.
 */
function inNumberedSeries(n: string, infos: Info[]): boolean {
  // In one pass: the kinds of box (tag and classes) one of which shows n, and the numbers each kind shows.
  const showingN = new Set<string>();
  const shown = new Map<string, Set<string>>();
  for (const info of infos) {
    if (!info.e.visible) continue;
    const t = normalize(info.e.text);
    const sig = `${info.e.tag}.${info.e.classes.join('.')}`;
    if (t === n) showingN.add(sig);
    if (/^\d{1,3}$/.test(t)) shown.set(sig, (shown.get(sig) ?? new Set()).add(t));
  }
  return [...showingN].some((sig) => (shown.get(sig)?.size ?? 0) >= 3);
}

/** Applies an ordinal among a group of like candidates; returns the chosen one or undefined. */
export function pickOrdinal(group: Scored[], ordinal: number, infos: Info[], setSize?: number, all?: Scored[]): Scored | undefined {
  let members = likeMembers(group, infos, setSize).sort((a, b) => a.i - b.i);
  if (setSize !== undefined && members.length > setSize) members = setOfSize(members, infos, setSize) ?? members;
  if (all) members = rowsSkipped(members, infos, all) ?? members;
  const k = ordinal > 0 ? ordinal - 1 : members.length + ordinal;
  return members[k];
}

/**
 * "the third email" where the mail list marks its subject cells with a class and one row's
 * cell lacks it: the series of cells skips a row a person sees and counts. When the members
 * are cells of rows of one table section and a row between them has no member, the rows of
 * that section are counted instead.
 */
function rowsSkipped(members: Scored[], infos: Info[], all: Scored[]): Scored[] | null {
  if (members.length < 2) return null;
  const rowIdx = members.map((g) => (infos[g.i] as Info).e.parent);
  if (rowIdx.some((r) => (infos[r]?.e.tag ?? '') !== 'tr')) return null;
  const section = parentPath((infos[rowIdx[0] as number] as Info).e);
  if (rowIdx.some((r) => parentPath((infos[r] as Info).e) !== section)) return null;
  const rows = all
    .filter((s) => {
      const e = (infos[s.i] as Info).e;
      return e.tag === 'tr' && e.visible && parentPath(e) === section;
    })
    .sort((a, b) => a.i - b.i);
  const held = new Set(rowIdx);
  const first = rows.findIndex((r) => held.has(r.i));
  const last = rows.findLastIndex((r) => held.has(r.i));
  const skips = rows.slice(first, last + 1).some((r) => !held.has(r.i));
  return first >= 0 && skips ? rows : null;
}

/**
 * "the second of the two trash icons" where every toolbar has its trash icons: the members
 * that come as a set of the size named, under one ancestor (the closest level where such a
 * set exists); among several such sets, the best scored. Null when there is none.
 */
function setOfSize(members: Scored[], infos: Info[], size: number): Scored[] | null {
  const path = (g: Scored) => (infos[g.i] as Info).e.xpath.split('/');
  for (let up = 1; up <= W.SET_MAX_LEVELS; up++) {
    const sets = new Map<string, Scored[]>();
    for (const g of members) {
      const key = path(g).slice(0, -up).join('/');
      sets.set(key, [...(sets.get(key) ?? []), g]);
    }
    // A set counted by eye is drawn alike: a banner and a thumbnail that happen to share a
    // table are no "two pictures".
    const exact = [...sets.values()].filter((s) => s.length === size && drawnAlike(s, infos));
    if (!exact.length) continue;
    return bestSet(exact);
  }
  return rowOfSize(members, infos, size);
}

function drawnAlike(set: Scored[], infos: Info[]): boolean {
  const heights = set.map((g) => (infos[g.i] as Info).e.box.height);
  return Math.max(...heights) <= Math.min(...heights) * W.SET_HEIGHT_RATIO;
}

const bestSet = (sets: Scored[][]): Scored[] => {
  const total = (s: Scored[]) => s.reduce((a, g) => a + g.score, 0);
  return sets.reduce((best, s) => (total(s) > total(best) ? s : best));
};

/**
 * "the third of the three small pictures" in an email template, where each picture sits in
 * tables of its own columns, ten levels below what they share: the set a person counts is
 * what they see, a row of that many drawn at one height and one size. Members are split into
 * rows by their boxes (top and height within ROW_ALIGN_PX); a row of the size named is the set.
 */
function rowOfSize(members: Scored[], infos: Info[], size: number): Scored[] | null {
  const rows: Scored[][] = [];
  const boxOf = (g: Scored) => (infos[g.i] as Info).e.box;
  for (const g of members) {
    const b = boxOf(g);
    const row = rows.find((r) => {
      const o = boxOf(r[0] as Scored);
      return Math.abs(o.y - b.y) <= W.ROW_ALIGN_PX && Math.abs(o.height - b.height) <= W.ROW_ALIGN_PX;
    });
    if (row) row.push(g);
    else rows.push([g]);
  }
  const exact = rows.filter((r) => r.length === size);
  return exact.length ? bestSet(exact).sort((a, b) => boxOf(a).x - boxOf(b).x) : null;
}

/**
 * Drops group members nested in another member; keeps the better-scored (ties: the outer one,
 * unless the outer one holds several members and so is their set).
 */
function dedupeNested(group: Scored[], infos: Info[]): Scored[] {
  // A box holding two or more members that score as well as it does is the set they form (a
  // grid's container matched by "the grid"), not one more member: on a tie they stay, it goes.
  const holdsSeveral = (g: Scored) => {
    const ge = (infos[g.i] as Info).e;
    return group.filter((o) => o !== g && o.score >= g.score && isInside((infos[o.i] as Info).e, ge)).length >= 2;
  };
  const sets = new Set(group.filter(holdsSeveral));
  return group.filter((g) => {
    const ge = (infos[g.i] as Info).e;
    return !group.some((o) => {
      if (o === g) return false;
      const oe = (infos[o.i] as Info).e;
      if (isInside(ge, oe)) return o.score >= g.score && !sets.has(o);
      if (isInside(oe, ge)) return o.score > g.score || (o.score === g.score && sets.has(g));
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
    const underLikeParent =
      grands.has(p.slice(0, p.lastIndexOf('/'))) && [...parents].some((q) => q.replace(/\[\d+\]$/, '') === p.replace(/\[\d+\]$/, ''));
    if (!parents.has(p) && !underLikeParent) continue;
    if ([...shared].some((c) => !e.classes.includes(c))) continue;
    out.push(s);
    seen.add(s.i);
  }
  return out;
}

/**
 * "The gear icon at the end of the last row": the rows of a list are alike down to their
 * place in the page; a twin of the same classes elsewhere (the sidebar's gear) is not one of
 * them. Keeps the members whose XPath, without its numbers, most of them share.
 */
function sameShape(members: Scored[], infos: Info[]): Scored[] {
  const shapes = members.map((g) => (infos[g.i] as Info).e.xpath.replace(/\[\d+\]/g, ''));
  const counts = new Map<string, number>();
  for (const s of shapes) counts.set(s, (counts.get(s) ?? 0) + 1);
  const [top, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return n >= W.LIST_MIN_ITEMS && n * 2 > members.length && n < members.length ? members.filter((_, k) => shapes[k] === top) : members;
}

export function pickGrid(group: Scored[], grid: { row: number; col: number }, infos: Info[], all: Scored[]): Scored | undefined {
  const row = gridRow(group, grid.row, infos, all);
  if (!row) return undefined;
  const box = (g: Scored) => (infos[g.i] as Info).e.box;
  row.sort((a, b) => box(a).x - box(b).x || a.i - b.i);
  // Column 0 is "the middle one": of an even row, the left of the two middle ones.
  return row.at(grid.col > 0 ? grid.col - 1 : grid.col < 0 ? grid.col : Math.floor((row.length - 1) / 2));
}

/** The like members of a grid, in rows top to bottom, and row `n` of them (1-based; negative from the end). */
export function gridRow(group: Scored[], n: number, infos: Info[], all: Scored[]): Scored[] | undefined {
  const members = sameShape(
    gridCells(likeMembers(group, infos), all, infos).filter((g) => (infos[g.i] as Info).e.visible),
    infos,
  );
  if (!members.length) return undefined;
  const box = (g: Scored) => (infos[g.i] as Info).e.box;
  const heights = members.map((g) => box(g).height).sort((a, b) => a - b);
  // Centres closer than half the median height share a row.
  const tol = Math.max(W.ROW_TOLERANCE_MIN_PX, (heights[Math.floor(heights.length / 2)] ?? 20) / 2);
  const sorted = [...members].sort((a, b) => box(a).y + box(a).height / 2 - (box(b).y + box(b).height / 2) || a.i - b.i);
  const rows: Scored[][] = [];
  let rowY = -Infinity;
  for (const g of sorted) {
    const cy = box(g).y + box(g).height / 2;
    if (cy - rowY > tol) {
      rows.push([]);
      rowY = cy;
    }
    (rows[rows.length - 1] as Scored[]).push(g);
  }
  // Negative numbers count from the end: "the bottom row" is -1, "the end of the row" too.
  return rows.at(n > 0 ? n - 1 : n);
}
