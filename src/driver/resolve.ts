// The resolver: maps one step (description, text, key, element_index) to one element of
// a page snapshot. Pure and deterministic: same inputs, same answer; ties go to document
// order. Every score term is a named weight in weights.ts; every result carries the
// reasons behind it and the runner-ups, so a failed or surprising step can say why.
// The parts: parse.ts (description -> query), candidates.ts (one element vs the query),
// geometry.ts (relations, positions, regions), groups.ts (ordinals and grids), query.ts
// (all of it over the page), confidence.ts; every number is in weights.ts.
import type { Step } from '../task/types.ts';
import type { PageSnapshot } from './snapshot.ts';
import { parseStep } from './parse.ts';
import { byScore, fmt, prepare, textMatch, type Info, type Scored } from './candidates.ts';
import { isInside } from './geometry.ts';
import { normalize, tokens } from './text.ts';
import { COLOUR_WORDS } from './colours.ts';
import { alternativesOf, confidenceOf, type Alternative } from './confidence.ts';
import { hasTarget, scoreQuery } from './query.ts';
import * as W from './weights.ts';
import type { Kind } from './kinds.ts';

export type { Alternative };

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

/** Nouns that say a purpose clause names a field ("to leave the Credit card number field"). */
const FIELD_NOUNS = new Set(['field', 'box', 'input', 'textbox', 'textarea', 'searchbox']);

/** Editable, visible elements in document order: the index space `element_index` is read in. */
export function editableOrder(snapshot: PageSnapshot): number[] {
  const out: number[] = [];
  snapshot.elements.forEach((e, i) => {
    if (e.editable && e.visible && !e.disabled) out.push(i);
  });
  return out;
}

/**
 * The page as the person saw it: what is drawn past an edge no scrolling reaches (a closed
 * drawer slid off the side) counts as not visible, so it neither takes a step nor is counted
 * or named as an anchor ("the third message" is not the third in a hidden chat panel).
 */
function asSeen(snapshot: PageSnapshot): PageSnapshot {
  if (!snapshot.elements.some((e) => e.offCanvas)) return snapshot;
  return { ...snapshot, elements: snapshot.elements.map((e) => (e.offCanvas ? { ...e, visible: false, inViewport: false } : e)) };
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
export function resolveStep(step: Step, taken: PageSnapshot): ResolveResult {
  const snapshot = asSeen(taken);
  const action = step.type;
  const description = typeof step.parameters?.description === 'string' ? step.parameters.description : '';
  const fail = (reason: string, alternatives: Alternative[] = []): ResolveFail => ({ ok: false, action, reason, alternatives });
  if (!['Click', 'Type', 'Press', 'Scroll'].includes(action)) return fail(`unknown action type "${action}"`);
  const parsed = parseStep(quoteShownColours(quoteShownNames(step, snapshot), snapshot));
  if (action === 'Scroll') {
    return {
      ok: true,
      action,
      index: -1,
      xpath: '',
      confidence: 1,
      direction: parsed.direction ?? 'down',
      alternatives: [],
      reasons: ['scroll needs no target'],
    };
  }
  const infos = prepare(snapshot);
  const focusedIndex = snapshot.focused >= 0 && snapshot.focused < snapshot.elements.length ? snapshot.focused : -1;
  const focused = focusedIndex >= 0 ? snapshot.elements[focusedIndex] : undefined;

  if (action === 'Press') {
    if (!parsed.key) return fail(`no key to press in "${description}"`);
    // "Press Tab to leave the Credit card number field": the purpose names where the key goes.
    const namesField = parsed.target.purpose?.some((w) => FIELD_NOUNS.has(w)) ?? false;
    const q =
      namesField && !parsed.target.words.length && !parsed.target.labels.length
        ? {
            ...parsed.target,
            words: (parsed.target.purpose ?? []).slice(1).filter((w) => !FIELD_NOUNS.has(w)),
            kinds: ['field' as const],
            purpose: undefined,
          }
        : parsed.target;
    const described = hasTarget(q, parsed.relations);
    if (described) {
      const scored = scoreQuery(q, parsed.relations, parsed, snapshot, infos, false);
      if (focused && focusedIndex >= 0)
        for (const s of scored)
          if (s.i === focusedIndex) {
            s.score += W.W_FOCUSED_FIELD;
            s.reasons.push('focused');
          }
      const sorted = scored.sort(byScore);
      const top = sorted[0];
      if (top && top.score >= W.MIN_SCORE) {
        // "Press Enter in the cell being edited": the keys go to the focused field inside what is named.
        const into = focused?.editable === true && isInside(focused, (infos[top.i] as Info).e);
        const index = into ? focusedIndex : top.i;
        const e = (infos[index] as Info).e;
        return {
          ok: true,
          action,
          index,
          xpath: e.xpath,
          key: parsed.key,
          confidence: confidenceOf(top.score, sorted[1]?.score ?? 0),
          alternatives: alternativesOf(sorted, infos, index),
          reasons: into ? [...top.reasons, 'the focused field inside it'] : top.reasons,
        };
      }
    }
    return {
      ok: true,
      action,
      index: focusedIndex,
      xpath: focused?.xpath ?? '',
      key: parsed.key,
      // The step describes where the key goes and nothing there was found or focused: the page
      // is a guess ("Press Enter to confirm the new task name" before the field was focused).
      confidence: described && !focused ? W.UNFOUND_KEY_TARGET_CONFIDENCE : 1,
      alternatives: [],
      reasons: [focused ? 'key goes to the focused element' : 'key goes to the page (nothing focused)'],
    };
  }

  if (action === 'Type' && (parsed.typed === undefined || parsed.typed === '')) {
    if (parsed.typed === undefined) return fail(`no text to type in "${description}" (no text parameter and nothing quoted)`);
  }
  const q = parsed.target;
  if (!hasTarget(q, parsed.relations) && action === 'Click')
    return fail(`no element matches "${description}" (the description names no element)`);

  const scored = scoreQuery(q, parsed.relations, parsed, snapshot, infos, false);
  if (action === 'Click') addSpelledLabels(scored, description, infos);
  if (action === 'Type') {
    const idx = step.parameters?.element_index;
    const order = editableOrder(snapshot);
    const byIndex = typeof idx === 'number' && Number.isInteger(idx) ? order[idx] : undefined;
    for (const s of scored) {
      if (byIndex !== undefined && s.i === byIndex) {
        s.score += W.W_ELEMENT_INDEX;
        s.reasons.push(`element_index ${idx as number}`);
      }
      if (focused && s.i === focusedIndex && focused.editable) {
        s.score += W.W_FOCUSED_FIELD;
        s.reasons.push('focused');
      }
    }
    const sorted = [...scored].sort(byScore);
    const top = sorted[0];
    if ((!top || top.score < W.MIN_SCORE) && byIndex !== undefined) {
      const e = (infos[byIndex] as Info).e;
      return {
        ok: true,
        action,
        index: byIndex,
        xpath: e.xpath,
        typed: parsed.typed,
        confidence: 0.3,
        alternatives: alternativesOf(sorted, infos, byIndex),
        reasons: [`no description match; element_index ${idx as number} among editable elements`],
      };
    }
  }
  const sorted = scored.sort(byScore);
  const top = sorted[0];
  if (!top || top.score < W.MIN_SCORE) {
    const why = top ? ` (best ${top.score.toFixed(2)} < ${W.MIN_SCORE}: ${top.reasons.join('; ')})` : '';
    return fail(`no element matches "${description}"${why}`, alternativesOf(sorted, infos, -1));
  }
  const cell = action === 'Click' ? namedCellOf(top.i, q.words, infos) : -1;
  const wrapped = action === 'Click' && cell < 0 ? wrappedControlOf(top.i, infos) : -1;
  const inner = wrapped >= 0 || action !== 'Click' || cell >= 0 ? wrapped : titleLinkOf(top.i, infos);
  const ticked = action === 'Click' && cell < 0 && inner < 0 ? verbControlOf(top.i, parsed.verbKinds, infos) : -1;
  const target = cell >= 0 ? cell : inner >= 0 ? inner : ticked >= 0 ? ticked : top.i;
  const e = (infos[target] as Info).e;
  const result: ResolveOk = {
    ok: true,
    action,
    index: target,
    xpath: e.xpath,
    confidence: confidenceOf(top.score, sorted[1]?.score ?? 0),
    alternatives: alternativesOf(sorted, infos, top.i),
    reasons: [
      `score ${fmt(top.score)}`,
      ...top.reasons,
      ...(cell >= 0 ? [`clicked on its cell "${e.text.slice(0, 40)}"`] : []),
      ...(inner >= 0 ? [`clicked on the <${e.tag}> it wraps`] : []),
      ...(ticked >= 0 ? [`clicked on the ${parsed.verbKinds?.[0] ?? 'control'} it holds`] : []),
    ],
  };
  if (action === 'Type') result.typed = parsed.typed;
  return result;
}

/** Parts of a hyphenated word that describe a place, a look or a shape ("top-right", "light-blue", "three-dot"). */
const DESCRIPTIVE_PARTS = new Set([
  ...['top', 'bottom', 'left', 'right', 'middle', 'center', 'centre', 'upper', 'lower', 'hand', 'most', 'side'],
  ...['shaped', 'like', 'dot', 'dots', 'line', 'lines', 'out', 'up', 'down', 'in', 'off', 'on', 'drop', 'pop'],
  ...['one', 'two', 'three', 'four', 'five', 'six', 'dark', 'light', 'pale', 'bright', 'greyed', 'grayed'],
]);

/**
 * The step with each word `pattern` finds outside quotes (a quoted label stays as it is)
 * quoted when `shown(word, next)` says the page shows it as a name; the same step if none is.
 */
function quoteWhereShown(step: Step, pattern: RegExp, shown: (word: string, next: string) => boolean): Step {
  const description = step.parameters?.description;
  if (typeof description !== 'string') return step;
  let changed = false;
  const parts = description.split(/("[^"]*"|'[^']*'|“[^”]*”)/);
  for (let p = 0; p < parts.length; p += 2)
    parts[p] = (parts[p] as string).replace(pattern, (word: string, at: number, text: string) => {
      const next = /^\s+([a-z]+)/i.exec(text.slice(at + word.length))?.[1] ?? '';
      if (!shown(word, next)) return word;
      changed = true;
      return `'${word}'`;
    });
  return changed ? { ...step, parameters: { ...step.parameters, description: parts.join('') } } : step;
}

/**
 * "the fork count of bootstrap-table": a hyphenated name the page shows as it is (a package, a
 * file, a slug) is read as quoted, not split into words and nouns ("bootstrap" and a table).
 * Only a word the page shows whole, with no part that describes a place or a look.
 */
function quoteShownNames(step: Step, snapshot: PageSnapshot): Step {
  return quoteWhereShown(step, /(?<![\w'’-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])/gi, (word) => {
    if (
      word
        .toLowerCase()
        .split('-')
        .some((w) => DESCRIPTIVE_PARTS.has(w) || COLOUR_WORDS.has(w))
    )
      return false;
    const whole = new RegExp(`(^|[^\\w-])${word.replace(/[-]/g, '\\-')}($|[^\\w-])`, 'i');
    return snapshot.elements.some((e) => e.visible && whole.test(e.text));
  });
}

/** Nouns after a colour word that make it the name of a choice: "the Crimson colour", "the Ocean theme". */
const CHOICE_NOUNS = new Set(['colour', 'color', 'theme', 'swatch', 'skin', 'shade', 'option', 'variant', 'style']);

/**
 * "Choose the Crimson colour" on a picker of named colours: the colour word is the name of a
 * button that shows it whole, not the look of the target (the Crimson button is not drawn red).
 * Only before a noun of choice, and only when a visible element reads exactly that word.
 */
function quoteShownColours(step: Step, snapshot: PageSnapshot): Step {
  return quoteWhereShown(step, /(?<![\w'’-])[a-z]+(?=\s+[a-z])/gi, (word, next) => {
    const lower = word.toLowerCase();
    if (!COLOUR_WORDS.has(lower) || !CHOICE_NOUNS.has(next.toLowerCase())) return false;
    return snapshot.elements.some((e) => e.visible && e.text.trim().toLowerCase() === lower);
  });
}

/**
 * "Open the simple modal example" for a button "Open Modal!": the step's verb opens the label,
 * and the parser took the verb (and "modal", a kind) out of the words it matches. A short
 * label of a visible control whose words all come in the description, in order, starting with
 * its first word, is spelled out by the step.
 */
function addSpelledLabels(scored: Scored[], description: string, infos: readonly Info[]): void {
  const said = tokens(description).filter(Boolean);
  const verb = said[0];
  if (!verb) return;
  for (const s of scored) {
    const e = (infos[s.i] as Info).e;
    if (!e.interactive || !e.visible) continue;
    const words = tokens(e.text || e.name).filter(Boolean);
    if (words.length < 2 || words.length > W.SPELLED_LABEL_MAX_WORDS || words[0] !== verb) continue;
    let at = 1;
    const spelled = words.slice(1).every((w) => {
      const j = said.indexOf(w, at);
      if (j < 0) return false;
      at = j + 1;
      return true;
    });
    if (!spelled) continue;
    s.score += W.W_SPELLED_LABEL;
    s.reasons.push(`label "${words.join(' ')}" spelled by the step`);
  }
}

/**
 * "Click the third entry under Getting Started": the list item is what is counted, but the
 * link inside it is what a person clicks, and a wide item's centre is often beside its link
 * (a click there follows nothing). When the chosen element only wraps one visible control
 * showing the same text, the click goes to that control; the item still hears it.
 */
function wrappedControlOf(pick: number, infos: readonly Info[]): number {
  const w = infos[pick];
  if (!w?.wrapper) return -1;
  const text = normalize(w.e.text || w.e.name);
  // Nested controls with one text (a link around a button): the outermost is the one meant.
  return onlyOutermostInside(w, infos, (x) => !!x.e.interactive && normalize(x.e.text || x.e.name) === text);
}

/**
 * The one visible element inside `holder` that `accept` takes, counting only the outermost of
 * nested ones; -1 when there is none or more than one.
 */
function onlyOutermostInside(holder: Info, infos: readonly Info[], accept: (x: Info) => boolean): number {
  const found: number[] = [];
  infos.forEach((x, i) => {
    if (x.e.visible && accept(x) && isInside(x.e, holder.e)) found.push(i);
  });
  const outer = found.filter((i) => !found.some((j) => isInside((infos[i] as Info).e, (infos[j] as Info).e)));
  return outer.length === 1 ? (outer[0] as number) : -1;
}

/**
 * "Tick the second item in the Groceries list": the item is what is counted, but the verb works
 * a checkbox (or a switch), and the item's centre is its text. When the chosen element is not of
 * the verb's kind and holds exactly one visible control of it (or is a label whose wrapper
 * does), the click goes to that control.
 */
function verbControlOf(pick: number, kinds: readonly Kind[] | undefined, infos: readonly Info[]): number {
  const c = infos[pick];
  if (!c || !kinds?.length) return -1;
  const isKind = (x: Info) => kinds.some((k) => (x.kinds.get(k) ?? 0) >= W.VERB_CONTROL_KIND);
  if (isKind(c)) return -1;
  const inner = onlyOutermostInside(c, infos, isKind);
  // "Switch off Scroll to Today": a label set beside its switch in one wrapper (Bootstrap's
  // form-check) names the one switch there, whatever its `for` says.
  const wrapper = infos[c.e.parent];
  if (inner < 0 && c.e.tag === 'label' && wrapper) return onlyOutermostInside(wrapper, infos, isKind);
  return inner;
}

/**
 * "Open the middle product in the second row": a card that is not a control itself opens
 * through its title link, which is what a person clicks (the card's centre is often a line
 * of plain text). The first visible control inside the card that is a heading or the words
 * of one (a title link beside the heading's rating stars).
 */
function titleLinkOf(pick: number, infos: readonly Info[]): number {
  const c = infos[pick];
  if (!c || c.e.interactive || !(c.kinds.has('card') || c.kinds.has('item'))) return -1;
  const heading = (x: Info | undefined) => (x?.kinds.get('heading') ?? 0) >= 1;
  // A link around the heading (<a><h4>Title</h4></a>) is the title link as much as one inside it.
  const wrapsHeading = (i: number) =>
    !!infos[i]?.textWrapper &&
    infos.some((h) => h.e.parent === i && heading(h) && normalize(h.e.text) === normalize((infos[i] as Info).e.text));
  return infos.findIndex(
    (x, i) =>
      x.e.interactive &&
      x.e.visible &&
      !!x.e.text.trim() &&
      isInside(x.e, c.e) &&
      // Last: wrapsHeading scans the snapshot, so only for controls inside the card.
      (heading(x) || heading(infos[x.e.parent]) || wrapsHeading(i)),
  );
}

/**
 * "Click the second Facebook row": the row is what is counted, but a person clicks the words
 * that name it, and the row's centre is another cell (a number, a bar). When exactly one cell
 * of the chosen row carries the description's words, the click goes there: it is inside the
 * row, so whatever the row listens to still hears it.
 */
function namedCellOf(row: number, words: readonly string[], infos: readonly Info[]): number {
  const r = infos[row]?.e;
  if (!r || !words.length || !(r.tag === 'tr' || r.role === 'row')) return -1;
  const wanted = words.join(' ');
  const named: number[] = [];
  infos.forEach((x, i) => {
    const cell = x.e.tag === 'td' || x.e.tag === 'th' || /^(cell|gridcell|rowheader)$/.test(x.e.role);
    if (x.e.parent === row && cell && x.e.visible && textMatch(wanted, x).s >= W.NAMED_CELL_MATCH) named.push(i);
  });
  return named.length === 1 ? (named[0] as number) : -1;
}
