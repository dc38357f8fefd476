// One noun phrase of a step (the target, or an anchor it is related to) read into a query:
// labels, words, kinds, ordinal, position, region, container; and the word lists the step
// parser shares. Pure.
import { KIND_WORDS, type Kind } from './kinds.ts';
import { STOPWORDS } from './text.ts';
import type { LookQuery, Region, RelationType, TargetQuery } from './step-query.ts';
import { canonicalColour, COLOUR_WORDS } from './colours.ts';

/** Texts lifted out of the description before it is split into words: quotes, and names read without quotes. */
export interface Lifted {
  quotes: string[];
  names: string[];
}

export const PLACEHOLDER = /^qqq(\d+)$/;
/** Placeholder of a name lifted without quotes (see Lifted.names). */
export const NAME_PLACEHOLDER = /^nnn(\d+)$/;

export const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  last: -1,
  final: -1,
  penultimate: -2,
};
export const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** Parts of a table a header can head. */
const TABLE_PARTS = new Set(['row', 'rows', 'cell', 'cells']);

export const REGION_WORDS: Record<string, Region> = {
  header: 'header',
  navbar: 'nav',
  nav: 'nav',
  navigation: 'nav',
  topbar: 'header',
  sidebar: 'sidebar',
  footer: 'footer',
  modal: 'modal',
  dialog: 'modal',
  popup: 'modal',
  overlay: 'modal',
  lightbox: 'modal',
  form: 'form',
  toolbar: 'header',
};

/** Pure verbs: dropped. Other first words ("close", "add", "submit") stay as label words. */
export const VERBS = new Set([
  'click',
  'clicks',
  'clicking',
  'tap',
  'taps',
  'press',
  'hit',
  'push',
  'select',
  'choose',
  'pick',
  'toggle',
  'check',
  'uncheck',
  'tick',
  'untick',
  'type',
  'enter',
  'input',
  'write',
  'fill',
  'focus',
  'go',
  'navigate',
  'switch',
  'activate',
  'expand',
  'collapse',
  'hover',
  'double',
  'doubleclick',
  'then',
  'now',
  'user',
  'clicked',
  'selects',
  'open',
  'turn',
  'enable',
  'disable',
  'mark',
  'reveal',
  'uncover',
  'visit',
  'view',
]);
/** Verbs after "that" / "which" / "with" saying what the element shows: its text, not a relation. */
export const SAY_VERBS = new Set([
  'says',
  'saying',
  'reads',
  'reading',
  'shows',
  'showing',
  'displays',
  'displaying',
  'labelled',
  'labeled',
  'marked',
  'titled',
  'named',
  'called',
  'is',
  'has',
]);
/**
 * Verbs that are also a control's label: "Like the post by Aiko" clicks the Like control of
 * that post, "Increase the quantity of Bruschetta" the + of that dish. Read as "<verb> of <object>"
 * when a determiner follows; "Add to cart" (no determiner) stays a label.
 */
export const LABEL_VERBS = new Set([
  'like',
  'unlike',
  'increase',
  'decrease',
  'increment',
  'decrement',
  'add',
  'remove',
  'delete',
  'close',
  'dismiss',
  'share',
  'save',
  'follow',
  'unfollow',
  'subscribe',
  'download',
  'reply',
  'retweet',
  'repost',
  'bookmark',
  'edit',
  'rename',
  'archive',
  'favorite',
  'favourite',
  'star',
  'upvote',
  'downvote',
  'play',
  'pause',
  'mute',
  'unmute',
  'pin',
  'rate',
  'hide',
  'duplicate',
  'approve',
  'reject',
  'accept',
  'decline',
  'report',
  'flag',
]);
export const MEANS_VERBS = new Set([
  'clicking',
  'tapping',
  'pressing',
  'hitting',
  'selecting',
  'choosing',
  'using',
  'ticking',
  'checking',
  'toggling',
]);
export const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'its', 'his', 'her', 'their', 'my', 'your', 'our']);
/** Words saying a cell or slot shows nothing yet. */
const EMPTY_WORDS = new Set(['empty', 'blank', 'unmarked', 'unfilled', 'unopened', 'unrevealed', 'vacant']);
/** Verbs that say what kind of control they act on: "turn on X" means X's switch. */
export const VERB_KINDS: Record<string, Kind[]> = {
  toggle: ['switch'],
  turn: ['switch'],
  enable: ['switch'],
  disable: ['switch'],
  check: ['checkbox'],
  uncheck: ['checkbox'],
  tick: ['checkbox'],
  untick: ['checkbox'],
};
/** Words after which a second verb may follow: "then click", "double click", "go to". */
export const LEAD_INS = new Set(['then', 'now', 'double', 'user', 'go', 'navigate']);
export const PARTICLES = new Set(['on', 'off', 'in', 'out', 'to', 'into', 'onto', 'the', 'a', 'an', 'upon']);

/** Relation words, longest first; value = relation type, or 'place' when it may introduce a position/region. */
export const RELATION_WORDS: [string, RelationType | 'place'][] = [
  ['to the left of', 'left'],
  ['to the right of', 'right'],
  ['on the left of', 'left'],
  ['on the right of', 'right'],
  ['left of', 'left'],
  ['right of', 'right'],
  ['on top of', 'above'],
  // "the » arrow after the page numbers": reading order, so after is to the right.
  ['after', 'right'],
  ['before', 'left'],
  ['next to', 'near'],
  ['close to', 'near'],
  ['adjacent to', 'near'],
  ['beside', 'near'],
  ['besides', 'near'],
  ['near', 'near'],
  ['between', 'near'],
  ['nearby', 'near'],
  ['alongside', 'near'],
  ['below', 'below'],
  ['under', 'below'],
  ['underneath', 'below'],
  ['beneath', 'below'],
  ['above', 'above'],
  ['over', 'above'],
  ['inside', 'inside'],
  ['within', 'inside'],
  ['in', 'inside'],
  ['into', 'inside'],
  ['on', 'inside'],
  ['at', 'inside'],
  ['of', 'group'],
  ['for', 'group'],
  ['from', 'group'],
  ['with', 'contains'],
  ['containing', 'contains'],
  ['that', 'contains'],
  ['about', 'contains'],
  ['regarding', 'contains'],
  ['by', 'group'],
];
/** "by" introduces an anchor only after a thing one can author ("the post by Aiko"); "Sort by" is a label. */
export const BY_NOUNS = new Set([
  'post',
  'review',
  'comment',
  'message',
  'tweet',
  'article',
  'story',
  'photo',
  'video',
  'song',
  'track',
  'book',
  'card',
  'entry',
  'item',
  'listing',
  'recipe',
  'one',
  'answer',
  'question',
]);

export function emptyQuery(): TargetQuery {
  return { labels: [], words: [], kinds: [] };
}

/** Style words and what they ask of the element's look; colour words are read separately. */
const STYLE_WORDS: Record<string, Partial<LookQuery>> = {
  bold: { bold: true },
  bolded: { bold: true },
  struck: { strike: true },
  strikethrough: { strike: true },
  crossed: { strike: true },
  round: { round: true },
  rounded: { round: true },
  circular: { round: true, circle: true },
  circle: { round: true, circle: true },
  // A ring drawn round it: a border, not a filled disc.
  circled: { round: true, outlined: true, circle: true },
  pill: { round: true },
  outlined: { outlined: true },
  outline: { outlined: true },
  hollow: { outlined: true },
  big: { size: 'big' },
  large: { size: 'big' },
  larger: { size: 'big' },
  bigger: { size: 'big' },
  huge: { size: 'big' },
  small: { size: 'small' },
  smaller: { size: 'small' },
  little: { size: 'small' },
  tiny: { size: 'small' },
};
/** Nouns for a box that shows a colour: "the red colour swatch". */
const SWATCH_NOUNS = new Set(['box', 'swatch', 'square', 'chip', 'circle', 'block', 'tile', 'sample', 'dot']);
/** Shade words are colours only before another colour or a noun: "dark blue", "the dark navbar"; not "dark mode". */
const SHADES = new Set(['dark', 'light']);
/** Nouns for what shows a figure: the element is the number itself. */
export const FIGURE_NOUNS = new Set(['number', 'count', 'counter', 'total', 'amount', 'price', 'cost', 'figure', 'percentage', 'sum']);
/** Words before "number" that make it the name of a field or a value one enters ("phone number"). */
const NUMBER_NAMES = new Set([
  'phone',
  'telephone',
  'mobile',
  'cell',
  'card',
  'account',
  'order',
  'tracking',
  'house',
  'serial',
  'reference',
  'id',
  'vat',
  'tax',
  'contact',
  'fax',
]);
/** Nouns for things one looks at rather than operates: whether the element reacts to clicks says nothing. */
const PASSIVE_NOUNS = new Set([
  'badge',
  'label',
  'heading',
  'title',
  'text',
  'caption',
  'counter',
  'number',
  'price',
  'logo',
  'picture',
  'photo',
  'image',
  'tile',
  'square',
  'cell',
  'paragraph',
  'word',
  'circle',
  'avatar',
  'initials',
  'code',
  'snippet',
  'amount',
  'total',
  'figure',
  'count',
  'percentage',
  'score',
]);
/** State adjectives of an anchor that name no element: "the open menu", "the expanded panel". */
const STATE_WORDS = new Set(['open', 'opened', 'expanded', 'visible', 'shown', 'displayed', 'current', 'unfolded']);

function isKindWord(w: string | undefined): boolean {
  return !!w && KIND_WORDS.some(([phrase]) => phrase.split(' ')[0] === stemWord(w));
}

/** Parses words of one noun phrase (target or anchor) into a query. */
export function parsePhrase(words: string[], lifted: Lifted, modifiers = false): TargetQuery {
  const q = emptyQuery();
  const w = [...words];
  const look = (part: Partial<LookQuery>) => {
    q.look = { colours: [], ...q.look, ...part };
  };
  for (let i = 0; i < w.length; i++) {
    const word = w[i] as string;
    const next = w[i + 1];
    const m = PLACEHOLDER.exec(word);
    if (m) {
      q.labels.push(lifted.quotes[Number(m[1])] as string);
      continue;
    }
    const nm = NAME_PLACEHOLDER.exec(word);
    if (nm) {
      (q.names ??= []).push(lifted.names[Number(nm[1])] as string);
      continue;
    }
    // "the dark red colour box": after a colour, "colour" says the box shows one; it is no name
    // (dat.GUI's folder "Colors" is not the box).
    if ((word === 'colour' || word === 'color') && q.look?.colours.length && SWATCH_NOUNS.has(next ?? '')) continue;
    if (PASSIVE_NOUNS.has(word) || PASSIVE_NOUNS.has(stemWord(word))) q.passive = true;
    // A gutter's figures, not the rows: "the row number 7" (the figure heading row 7 in a
    // spreadsheet's or an editor's gutter) and "above the row numbers" (the figures heading the rows).
    if ((word === 'number' || word === 'numbers') && (w[i - 1] === 'row' || w[i - 1] === 'line')) {
      const figure = word === 'number' && next && /^\d+$/.test(next) ? next : null;
      if (figure || word === 'numbers') {
        q.kinds = q.kinds.filter((k) => k !== 'row');
        q.numeric = true;
        if (figure) {
          (q.names ??= []).push(figure);
          i++;
        } else q.words.push(w[i - 1] as string);
        continue;
      }
    }
    // The figure nouns say what kind of thing it is, not what it reads: "the price" shows "$29".
    // ...unless a field noun follows: "the price box" is a box for a price.
    if (
      FIGURE_NOUNS.has(stemWord(word)) &&
      !modifiers &&
      // "the phone number", "the card number": a field's name, not a figure shown.
      !(word === 'number' && NUMBER_NAMES.has(w[i - 1] ?? '')) &&
      !['box', 'field', 'input', 'filter', 'range', 'slider', 'sort'].includes(next ?? '')
    ) {
      q.numeric = true;
      continue;
    }
    // "the greyed-out Delete button": a control drawn grey because it is off, its colour.
    if (word === 'greyed' || word === 'grayed') {
      look({ colours: [...(q.look?.colours ?? []), 'grey'] });
      if (next === 'out') i++;
      continue;
    }
    // Colours: "the green button"; a shade only before a colour or a noun ("dark blue", "light button").
    if (
      COLOUR_WORDS.has(word) &&
      (!SHADES.has(word) || (next !== undefined && (COLOUR_WORDS.has(next) || isKindWord(next) || REGION_WORDS[next] !== undefined)))
    ) {
      look({ colours: [...(q.look?.colours ?? []), canonicalColour(word)] });
      continue;
    }
    const style = STYLE_WORDS[word];
    // "the bold B button": a formatting toolbar's button named by what it does, drawn as a
    // letter; the button itself need not be drawn bold (an icon sprite).
    if (word === 'bold' && next && /^[b-z]$/.test(next)) {
      q.words.push(word);
      continue;
    }
    if (style && !(word === 'crossed' && next !== 'out' && next !== 'through')) {
      look(style);
      if (word === 'crossed' && (next === 'out' || next === 'through')) i++;
      // "the circle with the % sign": the shape is also what is clicked.
      if (word === 'circle') q.passive = true;
      continue;
    }
    // "the 16 tile", "the 8 tile": a number before a noun is what the element shows.
    if (/^\d+$/.test(word) && isKindWord(next) && !/^(st|nd|rd|th)$/.test(next ?? '')) {
      (q.names ??= []).push(word);
      continue;
    }
    // "the number 3" after a determiner names the figure shown; "number 3" alone counts.
    if (word === 'number' && next && /^\d+$/.test(next) && ['the', 'a', 'with', 'showing'].includes(w[i - 1] ?? '')) {
      (q.names ??= []).push(next);
      q.numeric = true;
      i++;
      continue;
    }
    // "first name", "last name": the field's name, not a count.
    if ((word === 'first' || word === 'last') && (next === 'name' || next === 'names')) {
      q.words.push(word, next);
      i++;
      continue;
    }
    // Generic nouns that name no kind ("the box", "the thing") and manner words ("the thin X").
    if (word === 'box' || word === 'boxes') {
      q.boxed = true;
      continue;
    }
    if (word === 'thing' || word === 'thin' || word === 'thick' || word === 'far' || word === 'very' || word === 'extreme') continue;
    // Ordinals: "second", "2nd", "last", "second to last", "number 3", "#3".
    const ord = ORDINALS[word];
    if (ord !== undefined) {
      if (word === 'second' && next === 'to' && w[i + 2] === 'last') {
        q.ordinal = -2;
        i += 2;
        continue;
      }
      if (next === 'last' && ord > 0) {
        q.ordinal = -ord;
        i += 1;
        continue;
      }
      q.ordinal = ord;
      // "the fourth page": the pager's button showing 4, when there is one.
      if (ord > 0 && (next === 'page' || next === 'pages')) q.numbered = { noun: '', n: ord };
      continue;
    }
    const nth = /^(\d+)(st|nd|rd|th)$/.exec(word);
    // "the 20th": with no noun, a day or place that shows the number as much as a count.
    if (nth) {
      q.ordinal = Number(nth[1]);
      if (!isKindWord(next)) q.numbered = { noun: '', n: q.ordinal };
      continue;
    }
    if ((word === 'number' || word === 'no' || word === 'num') && next && /^\d+$/.test(next)) {
      q.ordinal = Number(next);
      i++;
      continue;
    }
    // Positions, unless they name an arrow ("the left arrow") or a key.
    if (
      [
        'top',
        'bottom',
        'upper',
        'lower',
        'left',
        'right',
        'middle',
        'center',
        'centre',
        'corner',
        'topmost',
        'bottommost',
        'leftmost',
        'rightmost',
      ].includes(word)
    ) {
      // "the left arrow" keeps the pair as words too: together they name a control ("Previous").
      if (next === 'arrow' || next === 'chevron' || next === 'key') {
        q.words.push(word);
        if (next !== 'key') q.words.push(next);
        continue;
      }
      // "the GitHub corner": after a name, not a side, a corner is the thing (a corner ribbon).
      if (word === 'corner' && i > 0 && !/^(top|bottom|upper|lower|left|right|the|a|an)$/.test(w[i - 1] ?? '')) {
        q.words.push(word);
        continue;
      }
      q.position ??= {};
      if (word === 'top' || word === 'upper' || word === 'topmost') q.position.v = 'top';
      else if (word === 'bottom' || word === 'lower' || word === 'bottommost') q.position.v = 'bottom';
      else if (word === 'left' || word === 'leftmost') q.position.h = 'left';
      else if (word === 'right' || word === 'rightmost') q.position.h = 'right';
      else if (word === 'middle' || word === 'center' || word === 'centre') {
        // "the middle box" alone is the centre both ways; a side word after it takes its axis back.
        if (q.position.v) q.position.h = 'center';
        else {
          q.position.v = 'middle';
          q.position.h ??= 'center';
        }
      }
      continue;
    }
    if (word === 'side' || word === 'hand' || word === 'corner') continue;
    // Kinds, multi-word first; "row 2" / "card 3" / "item #2" also give an ordinal.
    let matched = false;
    for (const [phrase, kind] of KIND_WORDS) {
      const parts = phrase.split(' ');
      if (parts.every((p, j) => stemWord(w[i + j]) === p)) {
        // A kind word before the region noun of an anchor is a modifier: "the seat map" is a map.
        if (modifiers) {
          q.words.push(...parts);
          i += parts.length - 1;
          matched = true;
          break;
        }
        // "the bar chart icon": a kind word before the head noun's kind word says what it shows.
        // "the Hotels tab", "the Articles link": a thing's noun before a control's kind word is
        // the control's name.
        if ((kind === 'image' || kind === 'card') && isKindWord(w[i + parts.length]) && w[i + parts.length] !== phrase) {
          q.words.push(...parts);
          i += parts.length - 1;
          matched = true;
          break;
        }
        if (!q.kinds.includes(kind)) q.kinds.push(kind);
        if (phrase === 'textarea' || phrase === 'text area') q.multiline = true;
        // Keep the word too: "search box" names a search field; "button" rarely helps as text.
        if (parts.length > 1) q.words.push(...parts.filter((p) => !['box', 'field', 'bar', 'input', 'button', 'item', 'area'].includes(p)));
        // Nouns that name things as much as kinds ("seat", "review", "day") also match as text.
        else if (NAMING_KIND_WORDS.has(parts[0] as string)) q.words.push(parts[0] as string);
        i += parts.length - 1;
        const after = w[i + 1];
        if (after && /^#?\d+$/.test(after) && q.ordinal === undefined) {
          const n = Number(after.replace('#', ''));
          // "widget 0" counts nothing: the 0 can only be what it shows.
          if (n > 0) q.ordinal = n;
          if (!after.startsWith('#')) q.numbered = { noun: w[i] as string, n };
          i++;
        }
        matched = true;
        break;
      }
    }
    if (matched) continue;
    // "the big banner image": a banner before a kind word is the thing's shape (a wide hero
    // picture), not the page's header.
    if (word === 'banner' && isKindWord(w[i + 1])) continue;
    // "the header row" of a table is a row that heads its columns, not the page's header.
    if (word === 'header' && TABLE_PARTS.has(next ?? '')) {
      q.words.push(word);
      continue;
    }
    const region = REGION_WORDS[word];
    if (region) {
      q.region = region;
      continue;
    }
    if (/^#\d+$/.test(word)) {
      q.ordinal = Number(word.slice(1));
      continue;
    }
    if (EMPTY_WORDS.has(word)) {
      q.empty = true;
      continue;
    }
    // "the widget numbered 5", "the box marked 3": the number is what the thing before shows.
    if (SHOWN_NUMBER_WORDS.has(word) && next && /^\d{1,3}$/.test(next) && q.ordinal === undefined && i > 0) {
      const noun = w[i - 1] as string;
      if (!STOPWORDS.has(noun) && !VERBS.has(noun)) {
        if (Number(next) > 0) q.ordinal = Number(next);
        q.numbered = { noun, n: Number(next) };
        i++;
        continue;
      }
    }
    // "dot 3", "slide 4", "photo 2": a noun numbered in a series is an ordinal over those nouns.
    if (
      next &&
      /^\d{1,2}$/.test(next) &&
      q.ordinal === undefined &&
      !STOPWORDS.has(word) &&
      !VERBS.has(word) &&
      !LABEL_VERBS.has(word) &&
      // "the Duration list showing 5": what it shows, not the fifth of something.
      !SAY_VERBS.has(word) &&
      !PLACEHOLDER.test(word) &&
      !NAME_PLACEHOLDER.test(word) &&
      !/^\d+$/.test(word) &&
      // "the faded 0:00": a time, not a thing numbered 0.
      (Number(next) > 0 || !/^\d+$/.test(w[i + 2] ?? ''))
    ) {
      q.words.push(word);
      // "widget 0" counts nothing: the 0 can only be what it shows.
      if (Number(next) > 0) q.ordinal = Number(next);
      q.numbered = { noun: word, n: Number(next) };
      i++;
      continue;
    }
    if (STOPWORDS.has(word)) continue;
    // "the last one", "the second one": a pronoun for what was named, not a word it shows.
    if ((word === 'one' || word === 'ones') && q.ordinal !== undefined) continue;
    q.words.push(word);
  }
  return q;
}

/** Anchors only: "the Done list" is named by "Done"; "list" says it is the region around that name. */
export function parseAnchor(words0: string[], lifted: Lifted): TargetQuery {
  const words = words0.filter((w) => !STATE_WORDS.has(w));
  const content = words.filter((w) => !STOPWORDS.has(w));
  const last = content.at(-1);
  const naming = content.filter((w) => ORDINALS[w] === undefined && NUMBERS[w] === undefined && !/^\d+(st|nd|rd|th)?$/.test(w));
  // "the second code block": a kind named by two words is not a name plus a region noun.
  const kindPhrase = content.length >= 2 && KIND_WORDS.some(([p]) => p === `${stemWord(content.at(-2))} ${stemWord(last)}`);
  const headerRow = content.at(-2) === 'header' && TABLE_PARTS.has(last ?? '');
  if (naming.length > 1 && last && CONTAINER_NOUNS.has(last) && !kindPhrase && !headerRow) {
    const q = parsePhrase(words.slice(0, words.lastIndexOf(last)), lifted, true);
    q.container = last;
    return q;
  }
  return parsePhrase(words, lifted);
}

/** Words between a noun and the number it shows: "the widget numbered 5". */
const SHOWN_NUMBER_WORDS = new Set(['numbered', 'labelled', 'labeled', 'marked']);

export const NAMING_KIND_WORDS = new Set(['seat', 'day', 'date', 'slot', 'review', 'thumbnail', 'photo', 'tile']);

/** Region nouns a step puts after a name: "the To Do column", "the Done list", "the reviews slider". */
export const CONTAINER_NOUNS = new Set([
  'list',
  'column',
  'board',
  'grid',
  'section',
  'panel',
  'pane',
  'carousel',
  'slider',
  'gallery',
  'group',
  'area',
  'block',
  'widget',
  'table',
  'calendar',
  'strip',
  'band',
  'row',
  'map',
  'picker',
  'pager',
  'menu',
  'toolbar',
  'feed',
]);

export function stemWord(w: string | undefined): string {
  if (!w) return '';
  if (w.length > 3 && w.endsWith('es') && /(xes|ches|shes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}
