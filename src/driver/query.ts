// Scores every element for one parsed query: base terms (candidates.ts), then relations to
// anchors resolved recursively (geometry.ts), then the ordinal or grid choice among like
// candidates (groups.ts).
import { ACTION_PREFIXES, type Kind } from './kinds.ts';
import { hintTokens, normalize, textSimilarity } from './text.ts';
import type { ParsedStep, Relation, TargetQuery } from './parse.ts';
import type { ElementSnapshot, PageSnapshot } from './snapshot.ts';
import { byScore, fmt, scoreBase, textMatch, type Info, type Scored } from './candidates.ts';
import {
  commonDepth,
  flatSectionEnd,
  isInside,
  likeSiblings,
  parentPath,
  positionFit,
  regionInstance,
  relationFit,
  sectionDepth,
} from './geometry.ts';
import { gridRow, pickGrid, pickOrdinal, showsNumber } from './groups.ts';
import * as W from './weights.ts';

/** Words that stand for a thing already named ("the one on the right"). */
const PRONOUNS = new Set(['one', 'ones', 'it', 'them', 'thing']);

export function describeQuery(q: TargetQuery): string {
  const parts = [...q.labels.map((l) => `'${l}'`), ...q.words, ...q.kinds];
  return parts.length ? parts.join(' ') : 'element';
}

export function hasTarget(q: TargetQuery, relations: Relation[]): boolean {
  return (
    q.labels.length > 0 ||
    q.words.length > 0 ||
    q.kinds.length > 0 ||
    relations.length > 0 ||
    q.grid !== undefined ||
    q.row !== undefined ||
    q.ordinal !== undefined ||
    q.position !== undefined ||
    q.region !== undefined ||
    !!q.names?.length ||
    !!q.look ||
    !!q.numeric ||
    !!q.purpose?.length
  );
}

/** Adds each relation's fit (to the best of its anchors) to every candidate's score. */
function applyRelations(
  scored: Scored[],
  q: TargetQuery,
  relations: Relation[],
  step: ParsedStep,
  snapshot: PageSnapshot,
  infos: Info[],
  depth: number,
  asAnchor: boolean,
): number | undefined {
  let lateOrdinal: number | undefined;
  /** Candidates whose place word was read inside an anchor already (once, for the first relation). */
  const framed = new Set<number>();
  for (const rel of relations) {
    if (depth > W.MAX_ANCHOR_DEPTH) break;
    // "Link 2 in the first navigation bar": a region counted by an ordinal is that one of the
    // page's <nav>s (or footers...), in page order; the snapshot keeps their contents only.
    const a0 = rel.anchor;
    if (
      (rel.type === 'inside' || rel.type === 'group') &&
      a0.region &&
      a0.ordinal !== undefined &&
      !a0.labels.length &&
      !a0.words.length &&
      !a0.names?.length &&
      !a0.kinds.length &&
      !a0.sub?.length
    ) {
      const prefix = regionInstance(a0.region, a0.ordinal, infos);
      if (prefix !== undefined) {
        for (const s of scored) {
          const fit = (infos[s.i] as Info).e.xpath.startsWith(`${prefix}/`) ? 1 : 0;
          s.score += W.W_RELATION * fit;
          s.relFit = (s.relFit ?? 0) + fit;
          if (fit) s.reasons.push(`in ${a0.region} ${a0.ordinal}`);
        }
        continue;
      }
    }
    // "the salary in the third row": the anchor's ordinal counts the rows that hold a salary.
    const holds = rel.type === 'inside' || rel.type === 'group' ? likelyTargets(scored) : undefined;
    const anchorScores = scoreQuery(rel.anchor, rel.anchor.sub ?? [], step, snapshot, infos, true, depth + 1, holds).sort(byScore);
    const bestA = anchorScores[0];
    // "the row" with nothing to tell one row from another names no particular anchor.
    const bare =
      !rel.anchor.labels.length &&
      !rel.anchor.words.length &&
      !rel.anchor.names?.length &&
      rel.anchor.ordinal === undefined &&
      !rel.anchor.position &&
      !rel.anchor.look &&
      !rel.anchor.sub?.length &&
      !rel.anchor.region;
    if (bare && bestA && anchorScores.filter((a) => a.score >= bestA.score - 0.01).length >= W.BARE_ANCHOR_TIES) continue;
    // "the icon with four outward arrows": when no likely anchor shows any of the anchor's
    // words, only its kind matched, and every icon on the page would be "the" anchor. Counted
    // anchors ("the second task") are named by a noun for what is counted, which pages rarely
    // write, and an anchor with its own relation ("the comment which begins with 'Thanks'") by that.
    const worded = rel.anchor.labels.length > 0 || !!rel.anchor.names?.length || rel.anchor.words.some((w) => !PRONOUNS.has(w));
    const unnamed =
      worded &&
      rel.anchor.ordinal === undefined &&
      !rel.anchor.sub?.length &&
      !!bestA &&
      !anchorScores.some((a) => a.mentioned && a.score >= bestA.score * W.ANCHOR_GROUP_RATIO);
    if (!bestA || bestA.score < W.MIN_ANCHOR_SCORE || unnamed) {
      for (const s of scored) s.reasons.push(`anchor ${describeQuery(rel.anchor)} not found`);
      // "the dot for slide 4" with no slide on the page: the number counts the dots.
      if (rel.anchor.ordinal !== undefined && q.ordinal === undefined && (rel.type === 'group' || rel.type === 'inside'))
        lateOrdinal = rel.anchor.ordinal;
      continue;
    }
    // Of nested matches (a grid, a card, its title) the innermost is the anchor: an outer one
    // would also hold the other cards' buttons.
    const near = anchorScores.filter((a) => a.score >= bestA.score * W.ANCHOR_GROUP_RATIO).slice(0, W.MAX_ANCHORS);
    let anchors = near.filter(
      (a) => !near.some((o) => o !== a && o.score > a.score && isInside((infos[o.i] as Info).e, (infos[a.i] as Info).e)),
    );
    // "the checkbox above the emails": a plural anchor met by a series of like elements (the
    // rows' subject cells) is the whole series: above the topmost one is above them all.
    const series = DIRECTIONS.has(rel.type) && rel.anchor.words.some(isPlural) ? seriesOf(anchors, infos) : undefined;
    if (series) anchors = [outermost(series, rel.type, infos)];
    // "Next to" and "for" prefer the candidate sharing the smallest group with the anchor.
    const lcaDepths = new Map<number, number>();
    for (const s of scored) {
      let d = 0;
      for (const a of anchors) d = Math.max(d, commonDepth((infos[s.i] as Info).e.xpath, (infos[a.i] as Info).e.xpath));
      lcaDepths.set(s.i, d);
    }
    // "Delete Dave Li ... at the end of his row": the row each anchor names, found once per anchor.
    const namedRows = new Map<number, Info | undefined>();
    if (!rel.anchor.container && rel.type === 'group') for (const a of anchors) namedRows.set(a.i, rowNamedBy(infos[a.i] as Info, infos));
    const sameKind = rel.anchor.kinds.some((k) => q.kinds.includes(k));
    const flatEnds = new Map<number, number | undefined>();
    const sections = new Map<number, number | undefined>();
    const sectionOf = (i: number) => {
      if (!sections.has(i)) sections.set(i, sectionDepth(infos[i] as Info, infos));
      return sections.get(i);
    };
    const contenders = scored.filter((s) => s.score >= W.MIN_SCORE);
    const maxLca = Math.max(1, ...contenders.map((s) => lcaDepths.get(s.i) ?? 0));
    for (const s of scored) {
      let best = 0;
      let via = -1;
      const c = infos[s.i] as Info;
      let bestContained = false;
      for (const a of anchors) {
        const ai = infos[a.i] as Info;
        let contained = false;
        const ownLca = commonDepth(c.e.xpath, ai.e.xpath);
        const lcaFit = Math.min(1, Math.max(0, 1 - (maxLca - ownLca) * W.LCA_STEP_PENALTY));
        // "the check mark for Private": a row's header cell stands for its row.
        const rowHeader =
          !rel.anchor.container && rel.type === 'group' && (ai.e.tag === 'th' || ai.e.tag === 'td') && /\/t[hd]\[1\]$/.test(ai.e.xpath);
        let fit = relationFit(rel.type, c, ai, lcaFit, rel.anchor.container ?? (rowHeader ? 'row' : undefined));
        // "Douglas McGee's menu" where the name is the menu's toggle: the anchor itself, a little less surely.
        // "The field for the invalid input": an anchor of the kind the target is, is the target described twice.
        if (c === ai && rel.type === 'group')
          fit = sameKind ? W.SELF_SAME_KIND_FIT : rel.anchor.ordinal !== undefined ? W.SELF_ANCHOR_FIT : W.SELF_GROUP_FIT;
        // "the dot for slide 4" where the anchor is itself a dot: its siblings are not "for" it.
        else if (rel.type === 'group' && rel.anchor.ordinal !== undefined && likeSiblings(c.e, ai.e) && sameClasses(c.e, ai.e))
          fit = Math.min(fit, W.SIBLING_OF_NUMBERED_FIT);
        // "the count next to Iphone" where the link reads "Iphone 233": the part beside the words, inside the element carrying them.
        if (rel.type === 'near' && besideTheWords(c, ai, rel.anchor)) fit = 1;
        // A name in a row's first cell stands for the row.
        const row = namedRows.get(a.i);
        if (row && c !== ai && isInside(c.e, row.e)) fit = Math.max(fit, W.ROW_OF_NAME_FIT);
        // A heading or label names the section it opens: "in the Tic-tac-toe panel", "of the Done list".
        // Each is a pass over the page and depends on the anchor alone: once per anchor.
        const section = sectionOf(a.i);
        if (section !== undefined && !flatEnds.has(a.i)) flatEnds.set(a.i, flatSectionEnd(ai, infos));
        const flatEnd = flatEnds.get(a.i);
        // "under Alerts & Notifications": below a heading means in its section, when there is one.
        if (
          section !== undefined &&
          (rel.type === 'inside' || rel.type === 'group' || rel.type === 'below') &&
          c !== ai &&
          // Under a heading is after it: in a flat section of several headings and their tables,
          // the pager of the table above is not under the next heading.
          (rel.type !== 'below' || c.e.order > ai.e.order) &&
          // In a flat run of like headings, the section of one ends where the next one starts.
          (flatEnd === undefined || (c.e.order > ai.e.order && c.e.order < flatEnd)) &&
          commonDepth(c.e.xpath, ai.e.xpath) >= section &&
          !isInside(ai.e, c.e)
        ) {
          fit = Math.max(fit, W.SECTION_FIT);
          contained = true;
        }
        // "the Fancy Product that costs $120": an anchor that is a title has what its section has.
        else if (asAnchor && rel.type === 'contains' && c !== ai) {
          const own = sectionOf(s.i);
          if (own !== undefined && commonDepth(c.e.xpath, ai.e.xpath) >= own) fit = Math.max(fit, W.SECTION_FIT);
        }
        fit *= a.score / bestA.score;
        if (fit > best) {
          best = fit;
          via = a.i;
          bestContained = contained;
        }
      }
      s.score += W.W_RELATION * best;
      // "the 8 in the middle box of the board": a place word is read inside the anchor that holds
      // the candidate, not on the screen.
      const frame = via >= 0 ? (infos[via] as Info).e : undefined;
      if (q.position && frame && !framed.has(s.i) && (rel.type === 'group' || rel.type === 'inside') && isInside(c.e, frame)) {
        framed.add(s.i);
        const inFrame = positionFit(q.position, c.e, snapshot, frame.box);
        const onScreen = positionFit(q.position, c.e, snapshot);
        s.score += W.W_POSITION * (inFrame - onScreen);
        s.reasons.push(`position in #${via} (${fmt(inFrame)})`);
      }
      // Containment, not distance: "in the To Do column" splits the board; "below X" only grades.
      // What the target holds ("the third post, the one about Beer CSS") confirms the pick but
      // does not scope the count: a post about Beer CSS elsewhere is no member of Recent Posts.
      if (rel.type === 'inside' || rel.type === 'group' || bestContained) s.relFit = (s.relFit ?? 0) + best;
      if (best > 0) s.reasons.push(`${rel.type} ${describeQuery(rel.anchor)} #${via} (${fmt(best)})`);
    }
  }
  return lateOrdinal;
}

/** A class that marks a member's state, not what it is ("dot on", "dot is-active", "swiper-pagination-bullet-active"). */
const isStateClass = (c: string) =>
  /^(?:is-|has-)?(?:active|selected|current|on|open|show|shown|checked|disabled|highlighted|focus|focused)$/.test(c) ||
  /[-_](?:active|selected|current)$/.test(c);

/**
 * Same classes but for state ones: the members of one series ("dot", "dot active"), not the
 * cells of one row, which share a grid class but each carry their column's ("l1 r1", "l4 r4").
 */
function sameClasses(a: ElementSnapshot, b: ElementSnapshot): boolean {
  const own = (e: ElementSnapshot) =>
    e.classes
      .filter((c) => !isStateClass(c))
      .sort()
      .join(' ');
  return own(a) === own(b);
}

const DIRECTIONS = new Set<Relation['type']>(['above', 'below', 'left', 'right']);

/** A plural noun as written ("emails", "cards"), not a word that merely ends in s ("status", "news"). */
const isPlural = (w: string) => w.length > 3 && /[^suiw]s$/.test(w);

/** The largest run (three or more) of anchors of one tag and class list, or undefined. */
function seriesOf(anchors: Scored[], infos: Info[]): Scored[] | undefined {
  const groups = new Map<string, Scored[]>();
  for (const a of anchors) {
    const e = (infos[a.i] as Info).e;
    if (!e.classes.length) continue;
    const key = `${e.tag}.${[...e.classes].sort().join('.')}`;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const best = [...groups.values()].sort((x, y) => y.length - x.length)[0];
  return best && best.length >= W.MIN_SERIES_ANCHORS ? best : undefined;
}

/** The member of a series that faces the relation's side: the topmost for "above", and so on. */
function outermost(series: Scored[], side: Relation['type'], infos: Info[]): Scored {
  const edge = (a: Scored) => {
    const b = (infos[a.i] as Info).e.box;
    return side === 'above' ? b.y : side === 'below' ? -(b.y + b.height) : side === 'left' ? b.x : -(b.x + b.width);
  };
  return series.reduce((m, a) => (edge(a) < edge(m) ? a : m));
}

/** The table row whose first cell holds the anchor (a name with an avatar and a job title), if any. */
function rowNamedBy(a: Info, infos: Info[]): Info | undefined {
  const m = /^(.*\/tr\[\d+\])\/t[hd]\[1\](\/|$)/.exec(a.e.xpath);
  if (!m || /\/table\[/.test(a.e.xpath.slice((m[1] as string).length))) return undefined;
  return infos.find((i) => i.e.xpath === m[1]);
}

/**
 * The candidate is the part of the anchor that is not the words naming it ("233" of "Iphone
 * 233"), or, showing no text, an icon in an anchor that shows only those words (the drag
 * handle of a list row "Item 5": next to the words, inside the row that carries them).
 */
function besideTheWords(c: Info, a: Info, anchor: TargetQuery): boolean {
  if (!isInside(c.e, a.e)) return false;
  const own = normalize(c.e.text);
  const whole = normalize(a.e.text);
  const words = [...anchor.labels, ...(anchor.names ?? []), ...anchor.words].join(' ');
  if (!own) return c !== a && !!whole && !!words && textSimilarity(words, whole) >= W.BESIDE_WORDS_SIMILARITY;
  if (!whole.includes(own)) return false;
  const rest = whole.replace(own, ' ').replace(/\s+/g, ' ').trim();
  return !!rest && !!words && textSimilarity(words, rest) >= W.BESIDE_WORDS_SIMILARITY;
}

/** The target's strong candidates so far (base terms and any relations already applied): what an anchor counted by ordinal must hold. */
function likelyTargets(scored: Scored[]): Scored[] {
  const top = Math.max(0, ...scored.map((s) => s.score));
  const likely = scored.filter((s) => s.score >= Math.max(W.MIN_SCORE, top * W.HELD_TARGET_RATIO));
  // "The checkbox of the third message": when the step names a kind, the things of that kind
  // are what the anchor holds, not every link that scores for being interactive.
  const ofKind = likely.filter((s) => (s.kindFit ?? 0) >= 1);
  return ofKind.length ? ofKind : likely;
}

/** What a counted anchor with no word on the page counts: the repeated units of a list, table or grid. */
const UNIT_KINDS: readonly Kind[] = ['row', 'item', 'card'];

/** The candidates a person counts: those near the best, and of them the ones in sight when any are. */
function countable(scored: Scored[], infos: Info[]): { top: Scored; pool: Scored[] } | undefined {
  const sorted = [...scored].sort(byScore);
  const top = sorted[0];
  if (!top || top.score <= 0) return undefined;
  const floor = Math.max(W.ORDINAL_FLOOR_MIN, Math.min(top.score * W.ORDINAL_GROUP_RATIO, top.score - W.PARTITION_SLACK));
  // A person counts what they can see: hidden or covered look-alikes (a closed menu's items
  // under a panel) do not take a place in the count, unless nothing else is left.
  const near = sorted.filter((s) => s.score >= floor);
  const seen = near.filter((s) => (infos[s.i] as Info).e.visible && (infos[s.i] as Info).e.onTop !== false);
  return { top, pool: seen.length ? seen : near };
}

/**
 * "The picture of The 400 Blows in the first row": a row named with no column narrows the
 * like things of a grid (product cards, file tiles) to those of that row; the rest decides.
 */
function applyRow(scored: Scored[], row: number | undefined, infos: Info[]): void {
  if (row === undefined) return;
  const counted = countable(scored, infos);
  if (!counted) return;
  const members = gridRow(counted.pool, row, infos, scored);
  for (const s of members ?? []) {
    s.score += W.ROW_LEAD;
    s.reasons.push(`in row ${row}`);
  }
}

/** Ordinal or grid: the picked member is lifted above the group's best by ORDINAL_LEAD. */
function applyOrdinal(scored: Scored[], q: TargetQuery, ordinal: number | undefined, infos: Info[], holds?: Scored[]): void {
  if (ordinal === undefined && !q.grid) return;
  const counted = countable(scored, infos);
  if (!counted) return;
  const top = counted.top;
  let pool = counted.pool;
  // An anchor counted for a target inside it counts only the containers that hold a likely target.
  if (holds?.length) {
    const holdsOne = (s: Scored) => holds.some((h) => isInside((infos[h.i] as Info).e, (infos[s.i] as Info).e));
    const holding = pool.filter(holdsOne);
    if (holding.length) pool = holding;
    // "The checkbox of the third message": an inbox never writes "message". When nothing
    // the word reaches holds a likely target, the things counted are the rows, items or cards
    // that each hold one (a header row is not one of them).
    else if (q.words.length) {
      const units = scored.filter((s) => {
        const x = infos[s.i] as Info;
        return UNIT_KINDS.some((k) => (x.kinds.get(k) ?? 0) >= 1) && !x.e.xpath.includes('/thead[') && holdsOne(s);
      });
      if (units.length >= Math.abs(ordinal ?? 1)) pool = units;
    }
  }
  // "the second Getting Started card": with a label or name, the ordinal counts the elements carrying it.
  if (q.labels.length || q.names?.length) {
    const carriers = pool.filter((s) => s.carries);
    if (carriers.length) pool = carriers;
  } else if (q.words.length && ordinal !== undefined) {
    // "the second customer testimonial": the words reach some of the like things (the
    // testimonials' class), so those are counted, not a longer list the words never name.
    const mentioned = pool.filter((s) => s.mentioned);
    if (mentioned.length >= Math.abs(ordinal) && mentioned.length >= 2) pool = mentioned;
  }
  // "the third task in the To Do column": counted among those in the column, not over the board.
  const bestRel = Math.max(0, ...pool.map((s) => s.relFit ?? 0));
  const related = pool.filter((s) => (s.relFit ?? 0) >= bestRel - W.ORDINAL_RELATION_SLACK);
  // "the last item of the left list": of like lists side by side, the side names the list counted.
  const group = q.position?.h === 'left' || q.position?.h === 'right' ? sideList(related, q.position.h, infos) : related;
  const pick = q.grid ? pickGrid(group, q.grid, infos, scored) : pickOrdinal(group, ordinal as number, infos, q.setSize, scored);
  const bonus = top.score - (pick?.score ?? 0) + W.ORDINAL_LEAD;
  for (const s of scored) {
    if (s === pick) {
      s.score += bonus;
      s.reasons.push(
        q.grid ? `row ${q.grid.row}, column ${q.grid.col} of ${group.length}` : `ordinal ${ordinal as number} of ${group.length}`,
      );
    }
  }
  if (!pick)
    for (const s of scored)
      s.reasons.push(q.grid ? 'grid cell out of range' : `ordinal ${ordinal as number} out of range (${group.length})`);
}

/**
 * Members under two or more parents, each parent's members a column of their own side by side
 * (two lists of a drag-and-drop demo, a board's lanes): the members of the column on that side.
 * Otherwise the members as they are.
 */
function sideList(members: Scored[], side: 'left' | 'right', infos: Info[]): Scored[] {
  const lists = new Map<string, Scored[]>();
  // The lists themselves, when they scored too, are not members.
  const inner = members.filter((m) => !members.some((o) => o !== m && isInside((infos[o.i] as Info).e, (infos[m.i] as Info).e)));
  for (const m of inner) {
    const key = parentPath((infos[m.i] as Info).e);
    lists.set(key, [...(lists.get(key) ?? []), m]);
  }
  if (lists.size < 2 || [...lists.values()].some((l) => l.length < 2)) return members;
  const span = (l: Scored[]) => {
    const boxes = l.map((m) => (infos[m.i] as Info).e.box);
    return { left: Math.min(...boxes.map((b) => b.x)), right: Math.max(...boxes.map((b) => b.x + b.width)) };
  };
  const spans = [...lists.values()].map((l) => ({ l, ...span(l) })).sort((a, b) => a.left - b.left);
  // Side by side: each column ends before the next begins.
  if (spans.some((x, k) => k > 0 && x.left < (spans[k - 1] as (typeof spans)[number]).right)) return members;
  return (side === 'left' ? spans[0] : spans[spans.length - 1])?.l ?? members;
}

/**
 * "the big pagination bar", "the little arrow": among the candidates close to the best, the
 * largest (or smallest) text wins a little, so size decides between otherwise equal twins.
 */
function applySize(scored: Scored[], size: 'big' | 'small', infos: Info[]): void {
  const top = Math.max(...scored.map((s) => s.score));
  const near = scored.filter((s) => s.score >= top - W.SIZE_SLACK);
  // Text is as big as its type; a card or a picture is as big as its box ("the small white
  // card" is the narrow one, whatever font its wrapper inherits).
  const measure = (s: Scored) => {
    const { e, kinds } = infos[s.i] as Info;
    if (kinds.has('card') || kinds.has('image')) return e.box.width * e.box.height;
    return (e.look?.fontPx ?? 0) * 1000 + e.box.height;
  };
  // Sizes compare like with like when there are like things: a heading's large type says
  // nothing about which of three pagers is "the big one". A tag alone among the candidates is
  // measured against all of them ("the little tag" beside a card's text).
  const tagOf = (s: Scored) => (infos[s.i] as Info).e.tag;
  const all = near.map(measure);
  for (const s of near) {
    const like = near.filter((o) => tagOf(o) === tagOf(s)).map(measure);
    const values = new Set(like).size >= 2 ? like : all;
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    if (hi <= lo) continue;
    const rel = (measure(s) - lo) / (hi - lo);
    const fit = size === 'big' ? rel : 1 - rel;
    s.score += W.W_SIZE * fit;
    if (fit > 0) s.reasons.push(`${size} (${fmt(fit)})`);
  }
}

/**
 * Scores every element for a query: base terms, then relations (anchors resolved
 * recursively), then ordinal/grid choice among the like candidates.
 */
export function scoreQuery(
  q0: TargetQuery,
  relations: Relation[],
  step: ParsedStep,
  snapshot: PageSnapshot,
  infos: Info[],
  asAnchor: boolean,
  depth = 0,
  holds?: Scored[],
): Scored[] {
  // "the first hotel", "the second one": an ordinal counts entities, so with no kind named
  // the things counted are items (cards, list items, rows), not the words' text matches.
  // "seat 7" on a seat map whose seats show "7": the number is a name, not a count.
  if (q0.numbered && showsNumber(q0.numbered, infos, asAnchor)) {
    // "Task 7" written whole on the page is the label; a bare "7" (a row number) only shows the number.
    const { noun, n } = q0.numbered;
    const whole = `${noun} ${n}`;
    const written = !!noun && infos.some((info) => info.e.visible && normalize(info.e.text) === whole);
    q0 = written
      ? { ...q0, ordinal: undefined, labels: [...q0.labels, whole], words: q0.words.filter((w) => w !== noun), numbered: undefined }
      : { ...q0, ordinal: undefined, labels: [...q0.labels, String(n)], numbered: undefined };
  }
  // Words that name a series themselves ("the fourth dot": class dot) are counted as they are.
  // A series has as many members as the ordinal counts: two mail icons are not "the third email".
  const seriesSize = Math.max(2, q0.ordinal ?? 0);
  // A series is of like things: the list, its heading and its counter all saying "todo" are
  // not a series of todos ("the second todo" counts the list's items); like headings "Table
  // with avatars", "Table with actions" are; like "Add Task..." fields name an action, not tasks.
  const named = new Map<string, number>();
  if (q0.words.length)
    for (const info of infos) {
      const m = textMatch(q0.words.join(' '), info);
      const action = m.via !== 'class/id/icon' && ACTION_PREFIXES.has(hintTokens(info.e.text || info.e.name || '')[0] ?? '');
      if (info.e.visible && m.s >= W.SERIES_NAME_SIMILARITY && !action) {
        const sig = `${info.e.tag}|${info.e.classes.join('.')}`;
        named.set(sig, (named.get(sig) ?? 0) + 1);
      }
    }
  const wordsName = [...named.values()].some((n) => n >= seriesSize);
  // With a label or name the ordinal counts the elements carrying it ("the second 'Random Stuff' list").
  // So does a box with a look ("the dark red colour box, the last one"): boxes, not list items.
  const q =
    q0.ordinal !== undefined && !q0.kinds.length && !wordsName && !q0.labels.length && !q0.names?.length && !q0.boxed
      ? { ...q0, kinds: ['item' as Kind] }
      : q0;
  const scored = infos.map((info, i) => scoreBase(i, info, q, step, snapshot, asAnchor));
  const lateOrdinal = applyRelations(scored, q, relations, step, snapshot, infos, depth, asAnchor);
  if (q.look?.size) applySize(scored, q.look.size, infos);
  for (const s of scored) if (s.ruledOut) s.score = Math.min(s.score, W.RULED_OUT_SCORE);
  applyOrdinal(scored, q, q.ordinal ?? lateOrdinal, infos, holds);
  applyRow(scored, q.row, infos);
  return scored;
}
