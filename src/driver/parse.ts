// Reads a step's natural-language description into a structured query: quoted labels,
// free words, element kinds, ordinal, position, region, grid cell, relations to anchors,
// the text to type and the key to press. Pure; no knowledge of the page.
import type { Step } from '../task/types.ts';
import { KIND_WORDS, type Kind } from './kinds.ts';
import { STOPWORDS } from './text.ts';

export type Region = 'header' | 'footer' | 'nav' | 'sidebar' | 'modal' | 'main' | 'form';
export type RelationType = 'near' | 'below' | 'above' | 'left' | 'right' | 'inside' | 'group' | 'contains';

export interface TargetQuery {
  /** Quoted strings naming the element. */
  labels: string[];
  /** Unquoted content words naming it (kind/ordinal/position words removed). */
  words: string[];
  kinds: Kind[];
  /** 1-based; negative counts from the end (-1 = last). */
  ordinal?: number;
  position?: { v?: 'top' | 'bottom' | 'middle'; h?: 'left' | 'right' | 'center' };
  region?: Region;
  grid?: { row: number; col: number };
  /** "the empty square": an element showing no text (a free board cell, an unfilled slot). */
  empty?: boolean;
  /** "the Done list", "the tic-tac-toe board": the region noun, split from the words naming it. */
  container?: string;
  /**
   * "seat 7", "slide 4": the noun and number of a numbered name. The resolver reads it as the
   * element showing that number ("7", "Slide 4") when there is one, else as the ordinal.
   */
  numbered?: { noun: string; n: number };
}

export interface Relation {
  type: RelationType;
  anchor: TargetQuery;
}

export interface ParsedStep {
  action: string;
  target: TargetQuery;
  relations: Relation[];
  typed?: string;
  key?: string;
  direction?: 'up' | 'down' | 'left' | 'right';
}

const QUOTE_RE = /"([^"]+)"|“([^”]+)”|‘([^’]+)’|(?<![\p{L}\p{N}])'([^']+?)'(?![\p{L}\p{N}])/gu;
const PLACEHOLDER = /^qqq(\d+)$/;

const ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, last: -1, final: -1, penultimate: -2,
};
const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

const REGION_WORDS: Record<string, Region> = {
  header: 'header', navbar: 'nav', nav: 'nav', navigation: 'nav', topbar: 'header', sidebar: 'sidebar',
  footer: 'footer', modal: 'modal', dialog: 'modal', popup: 'modal', overlay: 'modal', lightbox: 'modal',
  form: 'form', toolbar: 'header', banner: 'header',
};

/** Pure verbs: dropped. Other first words ("close", "add", "submit") stay as label words. */
const VERBS = new Set([
  'click', 'clicks', 'clicking', 'tap', 'taps', 'press', 'hit', 'push', 'select', 'choose', 'pick', 'toggle', 'check',
  'uncheck', 'tick', 'untick', 'type', 'enter', 'input', 'write', 'fill', 'focus', 'go', 'navigate', 'switch',
  'activate', 'expand', 'collapse', 'hover', 'double', 'doubleclick', 'then', 'now', 'user', 'clicked', 'selects',
  'open', 'turn', 'enable', 'disable', 'mark', 'reveal', 'uncover', 'visit', 'view',
]);
/**
 * Verbs that are also a control's label: "Like the post by Aiko" clicks the Like control of
 * that post, "Increase the quantity of Bruschetta" the + of that dish. Read as "<verb> of <object>"
 * when a determiner follows; "Add to cart" (no determiner) stays a label.
 */
const LABEL_VERBS = new Set([
  'like', 'unlike', 'increase', 'decrease', 'increment', 'decrement', 'add', 'remove', 'delete', 'close', 'dismiss', 'share',
  'save', 'follow', 'unfollow', 'subscribe', 'download', 'reply', 'retweet', 'repost', 'bookmark', 'edit', 'rename', 'archive',
  'favorite', 'favourite', 'star', 'upvote', 'downvote', 'play', 'pause', 'mute', 'unmute', 'pin', 'rate', 'hide', 'duplicate',
]);
const MEANS_VERBS = new Set(['clicking', 'tapping', 'pressing', 'hitting', 'selecting', 'choosing', 'using', 'ticking', 'checking', 'toggling']);
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'its', 'his', 'her', 'their', 'my', 'your', 'our']);
/** Words saying a cell or slot shows nothing yet. */
const EMPTY_WORDS = new Set(['empty', 'blank', 'unmarked', 'unfilled', 'unopened', 'unrevealed', 'vacant']);
/** Verbs that say what kind of control they act on: "turn on X" means X's switch. */
const VERB_KINDS: Record<string, Kind[]> = {
  toggle: ['switch'], turn: ['switch'], enable: ['switch'], disable: ['switch'], check: ['checkbox'], uncheck: ['checkbox'],
  tick: ['checkbox'], untick: ['checkbox'],
};
/** Words after which a second verb may follow: "then click", "double click", "go to". */
const LEAD_INS = new Set(['then', 'now', 'double', 'user', 'go', 'navigate']);
const PARTICLES = new Set(['on', 'off', 'in', 'out', 'to', 'into', 'onto', 'the', 'a', 'an', 'upon']);

/** Relation words, longest first; value = relation type, or 'place' when it may introduce a position/region. */
const RELATION_WORDS: [string, RelationType | 'place'][] = [
  ['to the left of', 'left'], ['to the right of', 'right'], ['on the left of', 'left'], ['on the right of', 'right'],
  ['left of', 'left'], ['right of', 'right'], ['on top of', 'above'], ['next to', 'near'], ['close to', 'near'],
  ['adjacent to', 'near'], ['beside', 'near'], ['besides', 'near'], ['near', 'near'], ['nearby', 'near'],
  ['alongside', 'near'], ['below', 'below'], ['under', 'below'], ['underneath', 'below'], ['beneath', 'below'],
  ['above', 'above'], ['over', 'above'], ['inside', 'inside'], ['within', 'inside'], ['in', 'inside'],
  ['into', 'inside'], ['on', 'inside'], ['at', 'inside'], ['of', 'group'], ['for', 'group'], ['from', 'group'],
  ['with', 'contains'], ['containing', 'contains'], ['that', 'contains'], ['by', 'group'],
];
/** "by" introduces an anchor only after a thing one can author ("the post by Aiko"); "Sort by" is a label. */
const BY_NOUNS = new Set(['post', 'review', 'comment', 'message', 'tweet', 'article', 'story', 'photo', 'video', 'song', 'track', 'book', 'card', 'entry', 'item', 'listing', 'recipe', 'one', 'answer', 'question']);

const KEY_NAMES: [RegExp, string][] = [
  [/\b(up arrow|arrow up|uparrow|arrowup|up key)\b/, 'ArrowUp'],
  [/\b(down arrow|arrow down|downarrow|arrowdown|down key)\b/, 'ArrowDown'],
  [/\b(left arrow|arrow left|leftarrow|arrowleft|left key)\b/, 'ArrowLeft'],
  [/\b(right arrow|arrow right|rightarrow|arrowright|right key)\b/, 'ArrowRight'],
  [/\b(enter|return)\b/, 'Enter'],
  [/\b(escape|esc)\b/, 'Escape'],
  [/\b(backspace|back space)\b/, 'Backspace'],
  [/\b(delete|del key)\b/, 'Delete'],
  [/\b(tab)\b/, 'Tab'],
  [/\b(space|spacebar|space bar)\b/, 'Space'],
  [/\b(page down|pagedown)\b/, 'PageDown'],
  [/\b(page up|pageup)\b/, 'PageUp'],
  [/\bhome\b/, 'Home'],
  [/\bend\b/, 'End'],
];

/** Normalises a key given in `parameters.key` to a Playwright key name ("enter" -> Enter, "up" -> ArrowUp). */
export function normalizeKey(key: string): string {
  const k = key.trim();
  if (k.length === 1) return k === ' ' ? 'Space' : k;
  const low = k.toLowerCase().replace(/[\s_-]+/g, ' ');
  const short: Record<string, string> = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight', esc: 'Escape', return: 'Enter', spacebar: 'Space', ' ': 'Space' };
  if (short[low]) return short[low] as string;
  for (const [re, name] of KEY_NAMES) if (re.test(low) && low.replace(re, '').trim() === '') return name;
  return k;
}

/**
 * Key named in a Press description, as a Playwright key name: arrows, Enter, Escape, Tab,
 * Space, Backspace, Delete, PageUp/PageDown, Home/End, or a single quoted/"the X key" letter or digit.
 */
export function inferKey(description: string, quotes: string[]): string | undefined {
  for (const q of quotes) {
    const n = normalizeKey(q);
    if (n !== q || q.length === 1) return n;
  }
  const d = description.toLowerCase();
  for (const [re, name] of KEY_NAMES) if (re.test(d)) return name;
  const letter = /\b(?:key|letter|button)\s+([a-z0-9])\b|\b([a-z0-9])\s+key\b/.exec(d);
  if (letter) return (letter[1] ?? letter[2]) as string;
  return undefined;
}

function emptyQuery(): TargetQuery {
  return { labels: [], words: [], kinds: [] };
}

/** Parses words of one noun phrase (target or anchor) into a query. */
function parsePhrase(words: string[], quotes: string[], modifiers = false): TargetQuery {
  const q = emptyQuery();
  const w = [...words];
  for (let i = 0; i < w.length; i++) {
    const word = w[i] as string;
    const next = w[i + 1];
    const m = PLACEHOLDER.exec(word);
    if (m) { q.labels.push(quotes[Number(m[1])] as string); continue; }
    // Ordinals: "second", "2nd", "last", "second to last", "number 3", "#3".
    const ord = ORDINALS[word];
    if (ord !== undefined) {
      if (word === 'second' && next === 'to' && w[i + 2] === 'last') { q.ordinal = -2; i += 2; continue; }
      if (next === 'last' && ord > 0) { q.ordinal = -ord; i += 1; continue; }
      q.ordinal = ord;
      continue;
    }
    const nth = /^(\d+)(st|nd|rd|th)$/.exec(word);
    if (nth) { q.ordinal = Number(nth[1]); continue; }
    if ((word === 'number' || word === 'no' || word === 'num') && next && /^\d+$/.test(next)) { q.ordinal = Number(next); i++; continue; }
    // Positions, unless they name an arrow ("the left arrow") or a key.
    if (['top', 'bottom', 'upper', 'lower', 'left', 'right', 'middle', 'center', 'centre', 'corner', 'topmost', 'bottommost', 'leftmost', 'rightmost'].includes(word)) {
      if (next === 'arrow' || next === 'chevron' || next === 'key') { q.words.push(word); continue; }
      q.position ??= {};
      if (word === 'top' || word === 'upper' || word === 'topmost') q.position.v = 'top';
      else if (word === 'bottom' || word === 'lower' || word === 'bottommost') q.position.v = 'bottom';
      else if (word === 'left' || word === 'leftmost') q.position.h = 'left';
      else if (word === 'right' || word === 'rightmost') q.position.h = 'right';
      else if (word === 'middle' || word === 'center' || word === 'centre') { if (q.position.v) q.position.h = 'center'; else q.position.v = 'middle'; }
      continue;
    }
    if (word === 'side' || word === 'hand' || word === 'corner') continue;
    // Kinds, multi-word first; "row 2" / "card 3" / "item #2" also give an ordinal.
    let matched = false;
    for (const [phrase, kind] of KIND_WORDS) {
      const parts = phrase.split(' ');
      if (parts.every((p, j) => stemWord(w[i + j]) === p)) {
        // A kind word before the region noun of an anchor is a modifier: "the seat map" is a map.
        if (modifiers) { q.words.push(...parts); i += parts.length - 1; matched = true; break; }
        if (!q.kinds.includes(kind)) q.kinds.push(kind);
        // Keep the word too: "search box" names a search field; "button" rarely helps as text.
        if (parts.length > 1) q.words.push(...parts.filter((p) => !['box', 'field', 'bar', 'input', 'button', 'item', 'area'].includes(p)));
        // Nouns that name things as much as kinds ("seat", "review", "day") also match as text.
        else if (NAMING_KIND_WORDS.has(parts[0] as string)) q.words.push(parts[0] as string);
        i += parts.length - 1;
        const after = w[i + 1];
        if (after && /^#?\d+$/.test(after) && q.ordinal === undefined) {
          q.ordinal = Number(after.replace('#', ''));
          if (!after.startsWith('#')) q.numbered = { noun: w[i] as string, n: q.ordinal };
          i++;
        }
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const region = REGION_WORDS[word];
    if (region) { q.region = region; continue; }
    if (/^#\d+$/.test(word)) { q.ordinal = Number(word.slice(1)); continue; }
    if (EMPTY_WORDS.has(word)) { q.empty = true; continue; }
    // "dot 3", "slide 4", "photo 2": a noun numbered in a series is an ordinal over those nouns.
    if (next && /^\d{1,2}$/.test(next) && q.ordinal === undefined && !STOPWORDS.has(word) && !VERBS.has(word) && !LABEL_VERBS.has(word) && !PLACEHOLDER.test(word) && !/^\d+$/.test(word) && Number(next) > 0) {
      q.words.push(word);
      q.ordinal = Number(next);
      q.numbered = { noun: word, n: q.ordinal };
      i++;
      continue;
    }
    if (STOPWORDS.has(word)) continue;
    q.words.push(word);
  }
  return q;
}

/** Anchors only: "the Done list" is named by "Done"; "list" says it is the region around that name. */
function parseAnchor(words: string[], quotes: string[]): TargetQuery {
  const content = words.filter((w) => !STOPWORDS.has(w));
  const last = content.at(-1);
  const naming = content.filter((w) => ORDINALS[w] === undefined && NUMBERS[w] === undefined && !/^\d+(st|nd|rd|th)?$/.test(w));
  if (naming.length > 1 && last && CONTAINER_NOUNS.has(last)) {
    const q = parsePhrase(words.slice(0, words.lastIndexOf(last)), quotes, true);
    q.container = last;
    return q;
  }
  return parsePhrase(words, quotes);
}

const NAMING_KIND_WORDS = new Set(['seat', 'day', 'date', 'slot', 'review', 'thumbnail', 'photo']);

/** Region nouns a step puts after a name: "the To Do column", "the Done list", "the reviews slider". */
const CONTAINER_NOUNS = new Set(['list', 'column', 'board', 'grid', 'section', 'panel', 'pane', 'carousel', 'slider', 'gallery', 'group', 'area', 'block', 'widget', 'table', 'calendar', 'strip', 'row', 'map', 'picker', 'pager', 'menu', 'toolbar', 'feed']);

function stemWord(w: string | undefined): string {
  if (!w) return '';
  if (w.length > 3 && w.endsWith('es') && /(xes|ches|shes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

function wordsOf(s: string): string[] {
  return s
    .toLowerCase()
    .replace(/(\d+)\s*(?:x|×)\s*(\d+)/g, '$1 $2')
    .replace(/[’']s\b/g, '')
    .replace(/[^\p{L}\p{N}#]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** Grid cell: "row 2, column 3", "column 3 row 2", "(2, 3)", "r2c3". Removes the matched words. */
function takeGrid(words: string[]): { row: number; col: number } | undefined {
  const num = (s: string | undefined): number | undefined => {
    if (!s) return undefined;
    if (/^\d+$/.test(s)) return Number(s);
    const nth = /^(\d+)(st|nd|rd|th)$/.exec(s);
    if (nth) return Number(nth[1]);
    return NUMBERS[s] ?? (ORDINALS[s] !== undefined && ORDINALS[s] > 0 ? ORDINALS[s] : undefined);
  };
  let row: number | undefined;
  let col: number | undefined;
  const used: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    // In "3rd column, 2nd row" the "2nd" belongs to the row that follows it.
    const nextNoun = words[i + 2] === 'row' || words[i + 2] === 'column' || words[i + 2] === 'col';
    if ((w === 'row' || w === 'column' || w === 'col') && num(words[i + 1]) !== undefined && !(nextNoun && !/^\d+$/.test(words[i + 1] as string))) {
      if (w === 'row') row = num(words[i + 1]); else col = num(words[i + 1]);
      used.push(i, i + 1);
    } else if (/^r\d+c\d+$/.test(w)) {
      const m = /^r(\d+)c(\d+)$/.exec(w) as RegExpExecArray;
      row = Number(m[1]); col = Number(m[2]); used.push(i);
    }
  }
  // "2nd row, 3rd column"
  for (let i = 0; i + 1 < words.length; i++) {
    const n = num(words[i]);
    const nxt = words[i + 1];
    if (n !== undefined && /(st|nd|rd|th)$|^(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)$/.test(words[i] as string) && (nxt === 'row' || nxt === 'column' || nxt === 'col')) {
      if (nxt === 'row' && row === undefined) row = n; else if (nxt !== 'row' && col === undefined) col = n;
      else continue;
      used.push(i, i + 1);
    }
  }
  if (row === undefined || col === undefined) return undefined;
  for (const i of used.sort((a, b) => b - a)) words.splice(i, 1);
  return { row, col };
}

/** Parses a step into a query for the resolver. Never throws. */
export function parseStep(step: Step): ParsedStep {
  const p = step.parameters ?? {};
  const description = typeof p.description === 'string' ? p.description : '';
  const quotes: string[] = [];
  const replaced = description.replace(QUOTE_RE, (...m: unknown[]) => {
    const text = (m[1] ?? m[2] ?? m[3] ?? m[4]) as string;
    quotes.push(text);
    return ` qqq${quotes.length - 1} `;
  });
  const parsed: ParsedStep = { action: step.type, target: emptyQuery(), relations: [] };
  let words = wordsOf(replaced);

  // Text to type: the `text` parameter wins; a quote equal to it is text, not a label.
  if (step.type === 'Type') {
    const given = typeof p.text === 'string' ? p.text : undefined;
    let typedIdx = -1;
    if (given !== undefined) {
      parsed.typed = given;
      typedIdx = quotes.findIndex((q) => q.trim().toLowerCase() === given.trim().toLowerCase());
    } else if (quotes.length) {
      typedIdx = words.findIndex((w, i) => PLACEHOLDER.test(w) && ['type', 'enter', 'input', 'write', 'with', 'for', 'typing', 'entering', 'as', 'text'].includes(words[i - 1] ?? ''));
      if (typedIdx >= 0) typedIdx = Number(PLACEHOLDER.exec(words[typedIdx] as string)?.[1]);
      else typedIdx = 0;
      parsed.typed = quotes[typedIdx];
    } else {
      // Unquoted: "Type hello into the search box".
      const v = words.findIndex((w) => ['type', 'enter', 'input', 'write'].includes(w));
      const into = words.findIndex((w, i) => i > v && (w === 'into' || w === 'in'));
      if (v >= 0 && into > v + 1) {
        parsed.typed = words.slice(v + 1, into).join(' ');
        words = [...words.slice(0, v + 1), ...words.slice(into)];
      }
    }
    if (typedIdx >= 0) words = words.filter((w) => w !== `qqq${typedIdx}`);
  }

  if (step.type === 'Press') {
    const given = typeof p.key === 'string' && p.key.trim() ? normalizeKey(p.key) : undefined;
    parsed.key = given ?? inferKey(description, quotes);
    // The key's own words are not part of a target: "press Enter in the search box".
    const keyWords = new Set(['enter', 'return', 'escape', 'esc', 'tab', 'space', 'spacebar', 'backspace', 'delete', 'arrow', 'up', 'down', 'key', 'keyboard', 'home', 'end', 'pageup', 'pagedown']);
    if (parsed.key && parsed.key.length === 1) keyWords.add(parsed.key.toLowerCase());
    words = words.filter((w) => !keyWords.has(w) && !(PLACEHOLDER.test(w) && normalizeKey(quotes[Number(PLACEHOLDER.exec(w)?.[1])] ?? '') === parsed.key));
    if (parsed.key?.startsWith('Arrow')) words = words.filter((w) => w !== 'left' && w !== 'right');
  }

  if (step.type === 'Scroll') {
    const d = typeof p.direction === 'string' ? p.direction.toLowerCase() : '';
    const text = `${d} ${description.toLowerCase()}`;
    parsed.direction = /\bup\b|\btop\b/.test(text) ? 'up' : /\bleft\b/.test(text) ? 'left' : /\bright\b/.test(text) ? 'right' : 'down';
    return parsed;
  }

  // Drop the leading verb and its particles ("click on the", "go to", "then double click").
  // Only one real verb: in "click the check-out field", "check" is part of the name.
  let verbs = 0;
  let leadIn = false;
  let impliedKinds: Kind[] = [];
  while (words.length) {
    const w = words[0] as string;
    if (VERBS.has(w) && (verbs === 0 || leadIn)) { verbs++; leadIn = LEAD_INS.has(w); impliedKinds = VERB_KINDS[w] ?? impliedKinds; words.shift(); }
    else if (PARTICLES.has(w)) { leadIn = false; words.shift(); }
    else break;
  }

  // "Close the modal by clicking the X button": the means names the target; the purpose
  // contributes only its quoted names and region ("Mark 'Pay rent' done by clicking its checkbox").
  const by = words.findIndex((w, i) => w === 'by' && MEANS_VERBS.has(words[i + 1] ?? ''));
  if (by > 0 && by + 2 < words.length) {
    const purpose = words.slice(0, by);
    const means = words.slice(by + 2);
    const named = purpose.filter((w) => PLACEHOLDER.test(w));
    const region = purpose.find((w) => REGION_WORDS[w]);
    words = [...means, ...(named.length ? ['of', ...named] : []), ...(region ? ['in', region] : [])];
    while (words.length && PARTICLES.has(words[0] as string)) words.shift();
  }
  const grid = takeGrid(words);
  // "Like the post by Aiko": the verb names the control, the rest is the thing it belongs to.
  if (step.type === 'Click' && words.length > 2 && LABEL_VERBS.has(words[0] as string) && DETERMINERS.has(words[1] as string)) {
    words = [words[0] as string, 'of', ...words.slice(1)];
  }

  // Split into the target phrase and (relation, anchor phrase) pairs.
  const segments: { rel: RelationType | 'place' | 'target'; words: string[] }[] = [{ rel: 'target', words: [] }];
  for (let i = 0; i < words.length; i++) {
    let hit: [string, RelationType | 'place'] | undefined;
    for (const r of RELATION_WORDS) {
      const parts = r[0].split(' ');
      if (parts.every((part, j) => words[i + j] === part)) { hit = r; break; }
    }
    // "the 'Add' button" keeps going; a relation word at the start of a phrase is a particle.
    const cur = segments[segments.length - 1] as { words: string[] };
    if (hit && hit[0] === 'by' && !BY_NOUNS.has(stemWord(cur.words.at(-1)))) hit = undefined;
    if (hit && (cur.words.length > 0 || (segments.length === 1 && grid && hit[0] !== 'by'))) {
      segments.push({ rel: hit[1], words: [] });
      i += hit[0].split(' ').length - 1;
    } else if (!(hit && cur.words.length === 0 && segments.length > 1)) {
      cur.words.push(words[i] as string);
    }
  }

  const target = parsePhrase((segments[0] as { words: string[] }).words, quotes);
  if (grid) target.grid = grid;
  if (!target.kinds.length && step.type === 'Click') target.kinds.push(...impliedKinds);
  // "Check the box next to X": a box one ticks is a checkbox, not a text box.
  if (step.type === 'Click' && impliedKinds.includes('checkbox') && target.kinds.length === 1 && target.kinds[0] === 'field') target.kinds = ['checkbox'];
  for (const seg of segments.slice(1)) {
    const q = parseAnchor(seg.words, quotes);
    const onlyPlace = !q.labels.length && !q.words.length && !q.kinds.length && q.ordinal === undefined;
    if (onlyPlace) {
      if (q.position) target.position = { ...target.position, ...q.position };
      if (q.region) target.region = q.region;
      continue;
    }
    // "the button in the header menu": a region word with only generic words is still a region.
    if (q.region && !q.labels.length && q.ordinal === undefined && !q.kinds.length && q.words.every((w) => ['menu', 'bar', 'top', 'area', 'window', 'box', 'panel'].includes(w))) {
      target.region = q.region;
      continue;
    }
    const type: RelationType = seg.rel === 'place' || seg.rel === 'target' ? 'inside' : seg.rel;
    // An anchor never needs to be interactive; position/region words on it stay with it.
    parsed.relations.push({ type, anchor: q });
  }
  // "the last of the five dots": an ordinal alone, counted over what the "of" phrase names.
  const first = parsed.relations[0];
  if (first && first.type === 'group' && target.ordinal !== undefined && !target.labels.length && !target.words.length && !target.kinds.length && first.anchor.ordinal === undefined) {
    const a = first.anchor;
    target.words = a.words.filter((w) => NUMBERS[w] === undefined && !/^\d+$/.test(w));
    target.labels = a.labels;
    target.kinds = a.kinds;
    if (a.container) target.words.push(a.container);
    parsed.relations.shift();
  }
  // A Type step always targets something editable.
  if (step.type === 'Type' && !target.kinds.includes('field')) target.kinds.push('field');
  parsed.target = target;
  return parsed;
}
