// Reads a step's natural-language description into a structured query: quoted labels,
// free words, element kinds, ordinal, position, region, grid cell, relations to anchors,
// the text to type and the key to press. Pure; no knowledge of the page. One phrase at a
// time is phrase.ts; key names are keys.ts.
import type { Step } from '../task/types.ts';
import { KIND_WORDS, TEXT_NOUNS, type Kind } from './kinds.ts';
import { inferKey, normalizeKey } from './keys.ts';
import { canonicalKeyName } from '../shared/keys.ts';
import {
  BY_NOUNS,
  DETERMINERS,
  LABEL_VERBS,
  LEAD_INS,
  MEANS_VERBS,
  NUMBERS,
  ORDINALS,
  PARTICLES,
  PLACEHOLDER,
  REGION_WORDS,
  RELATION_WORDS,
  VERBS,
  VERB_KINDS,
  emptyQuery,
  parseAnchor,
  parsePhrase,
  stemWord,
  type Lifted,
  SAY_VERBS,
} from './phrase.ts';
import { normalize, STOPWORDS } from './text.ts';
import type { LookQuery, ParsedStep, RelationType, TargetQuery } from './step-query.ts';

export type { ParsedStep, Region, Relation, RelationType, TargetQuery } from './step-query.ts';
export { inferKey, normalizeKey };

// A single-quoted label may hold apostrophes inside words ('Ok let's go'): a quote ends only
// where no letter follows it.
// Text a page shows in brackets is quoted with them: jPlayer's demo links read "[Video Mix]"
// and "{Finding Nemo}", a JSON editor shows "array [3]" and "{2}".
const QUOTE_RE =
  /"([^"]+)"|“([^”]+)”|‘([^’]+)’|(?<![\p{L}\p{N}])'((?:[^']|'(?=\p{L}))+?)'(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(\[[^[\]{}]{1,40}\]|\{[^[\]{}]{1,40}\})/gu;

/** Symbols a step may name an element by, spelled as words before punctuation is dropped: "the % sign", "the + button". */
const SYMBOL_WORDS: Record<string, string> = {
  '%': ' percent ',
  '+': ' plus ',
  '×': ' close ',
  '✕': ' close ',
  '☰': ' menu ',
  '⋮': ' more ',
  '…': ' more ',
  '★': ' star ',
  '♥': ' heart ',
  '→': ' arrow ',
  '←': ' arrow ',
  '»': ' next ',
  '›': ' next ',
  '«': ' previous ',
  '‹': ' previous ',
};

function wordsOf(s: string): string[] {
  return (
    s
      .replace(/[%+×✕☰⋮…★♥→←»›«‹]/g, (c) => SYMBOL_WORDS[c] ?? ' ')
      .toLowerCase()
      // Bars that are regions: "the top bar", "the nav bar", "the side bar".
      .replace(/\b(?:top|app|title|header) ?bar\b/g, 'topbar')
      .replace(/\b(?:nav|navigation|menu) ?bar\b/g, 'navbar')
      .replace(/\bside ?bar\b/g, 'sidebar')
      .replace(/\btool ?bar\b/g, 'toolbar')
      // "back to the current date": the day it is now is what a calendar's button calls "today".
      .replace(/\b(?:the )?(?:current|present) (?:date|day)\b/g, 'today')
      // "go back one step", "forward a page": how far is the amount, not the control's name.
      .replace(/\b(back|forward|ahead|backward|backwards) (?:one|a|1) (?:step|page|slide|screen|level)\b/g, '$1')
      .replace(/(\d+)\s*(?:x|×)\s*(\d+)/g, '$1 $2')
      // "the third post's 'Posted by' line": a possessive before a noun is a relation (see possessives()).
      .replace(/[’']s(?=\s+[\p{L}\p{N}"'‘“])/gu, ' qposs ')
      .replace(/[’']s\b/g, '')
      .replace(/[^\p{L}\p{N}#]+/gu, ' ')
      .trim()
      .split(' ')
      .filter(Boolean)
  );
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
    if (
      (w === 'row' || w === 'column' || w === 'col') &&
      num(words[i + 1]) !== undefined &&
      !(nextNoun && !/^\d+$/.test(words[i + 1] as string))
    ) {
      if (w === 'row') row = num(words[i + 1]);
      else col = num(words[i + 1]);
      used.push(i, i + 1);
    } else if (/^r\d+c\d+$/.test(w)) {
      const m = /^r(\d+)c(\d+)$/.exec(w) as RegExpExecArray;
      row = Number(m[1]);
      col = Number(m[2]);
      used.push(i);
    }
  }
  // "2nd row, 3rd column"
  for (let i = 0; i + 1 < words.length; i++) {
    const n = num(words[i]);
    const nxt = words[i + 1];
    if (
      n !== undefined &&
      /(st|nd|rd|th)$|^(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)$/.test(words[i] as string) &&
      (nxt === 'row' || nxt === 'column' || nxt === 'col')
    ) {
      if (nxt === 'row' && row === undefined) row = n;
      else if (nxt !== 'row' && col === undefined) col = n;
      else continue;
      used.push(i, i + 1);
    }
  }
  if (row === undefined || col === undefined) return undefined;
  for (const i of used.sort((a, b) => b - a)) words.splice(i, 1);
  return { row, col };
}

/** Money and percentages: "$29/mo", "£9", "$120.00 - $280.00", "70%". */
const MONEY_RE = /[$£€¥]\s?\d[\d,.]*(?:\s?[-–]\s?[$£€¥]?\s?\d[\d,.]*)?(?:\s?\/\s?[a-z]+)?|\b\d[\d,.]*\s?%/gi;
/**
 * Small words that, inside a Title Case run, show it is a name and not a phrase to split:
 * "To Do", "In Progress", "Add to Cart", "Terms of Service", "Sign Up". In lower case only
 * the ones that rarely start a relation join a run: "Delete for Carla Diaz" is two things.
 */
const NAME_JOINERS = new Set([
  'to',
  'do',
  'in',
  'on',
  'of',
  'for',
  'by',
  'at',
  'up',
  'out',
  'off',
  'and',
  'the',
  'with',
  'into',
  'from',
  'over',
  'under',
  'a',
]);
const LOWER_JOINERS = new Set(['to', 'of', 'and', '&', 'the', 'a', 'up', 'out', 'off', 'on']);
/** A "with the red border" phrase names the target's look. */
const BORDER_WORDS = new Set(['border', 'outline', 'frame', 'edge', 'ring']);
/** So does "with a grey background": the colour is the target's own. */
const FILL_WORDS = new Set(['background', 'fill', 'shading']);
/** An anchor that is only a colour and a part of the target's own ("the red border"). */
function colouredPart(q: TargetQuery, parts: ReadonlySet<string>): boolean {
  return (
    !!q.look?.colours.length &&
    q.words.length > 0 &&
    q.words.every((w) => parts.has(w)) &&
    !q.labels.length &&
    !q.kinds.length &&
    !q.names?.length
  );
}
/** Words after which a lone capitalised word is a place's name, not a noun: "under Switches". */
const PLACE_WORDS = new Set(['under', 'below', 'above', 'beneath', 'underneath', 'beside', 'near', 'in', 'inside', 'within', 'from']);
/** Nouns after which a single capitalised small word is a name: "the To field", "the In column". */
const NAMED_NOUNS = /^(field|box|input|column|list|button|tab|section|link|lane|board|panel|menu|card|option|row)s?\b/i;

/** Verbs a button's own label opens with ("Select first 10 rows", "Load more results"). */
const OPENING_VERBS = new Set([
  'select',
  'add',
  'show',
  'hide',
  'load',
  'delete',
  'remove',
  'save',
  'create',
  'view',
  'open',
  'start',
  'stop',
  'reset',
  'clear',
  'download',
  'upload',
  'export',
  'import',
  'toggle',
  'send',
  'mark',
  'go',
  'scroll',
  'navigate',
  'jump',
]);

/**
 * Names written without quotes, lifted out before the description is split: money, a final
 * ", 18" after a comma, and Title Case runs holding a small word ("the In Progress list",
 * "Terms of Service"), which would otherwise be split at "in", "of" or "to".
 */
function liftNames(text: string, names: string[], tail: string[]): string {
  let out = text.trim();
  const put = (m: string) => {
    names.push(m.trim());
    return ` nnn${names.length - 1} `;
  };
  // "the second icon in the toolbar, collapse all": a few plain words after a final comma name
  // the target (its tooltip or label), when they are not a place, a pronoun or a purpose.
  out = out.replace(/,\s*([a-z]+(?:\s+[a-z]+){0,2})\s*[.!]?\s*$/, (all, n: string) => {
    const first = n.split(/\s+/)[0] as string;
    if (
      STOPWORDS.has(first) ||
      RELATION_SINGLE.has(first) ||
      // "..., right of play": a relation of two words is a place too.
      RELATION_WORDS.some(([w]) => w.includes(' ') && `${n} `.startsWith(`${w} `)) ||
      /^(one|it|this|that|then|please|and|or|so|to|click|press|type|select|tap)$/.test(first)
    )
      return all;
    tail.push(n);
    return '';
  });
  // "the number of pending requests, 18": a figure after a final comma is what the target shows.
  out = out.replace(/,\s*([$£€¥]?\s?\d[\d,.]*\s?%?(?:\s?\/\s?[a-z]+)?)\s*[.!]?\s*$/i, (_, n: string) => {
    tail.push(n.trim());
    return '';
  });
  out = out.replace(MONEY_RE, put);
  // "Click Length: 1 under the board", "the Score: 12 counter": a capitalised word, a colon and a
  // figure are a readout written as shown.
  out = out.replace(/(?<=\s)\p{Lu}[\p{L}]*(?:\s\p{Lu}[\p{L}]*)?:\s?\d[\d,.]*(?=[\s,.;!?]|$)/gu, put);
  // "the track that is 1:00 long", "the 10:30 slot": a clock time or a duration is what the page
  // shows, not a number and a count.
  out = out.replace(/(?<=^|\s)\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?(?=[\s,.;!?]|$)/gi, put);
  // "task #10", "issue #42": a number written after # is the id the page shows, not a count.
  out = out.replace(/(?<=\s)#\d+(?=[\s,.;!?]|$)/g, put);
  const tokens = out.split(/(\s+)/);
  const words = tokens.filter((t, i) => i % 2 === 0);
  // A heading quoted without quotes may end in its own "?" or "!" ("under Still Have Questions?").
  const isCap = (t: string | undefined) => !!t && /^[A-Z][\p{L}\p{N}'’-]*[,.;:?!]?$/u.test(t) && !/^(I|A)$/.test(t);
  const bare = (t: string) => t.replace(/[,.;:]$/, '').toLowerCase();
  /** A token that is one of the words naming a kind ("question", "Buttons,"). */
  const namesKind = (t: string | undefined) => KIND_WORDS.some(([p]) => p === stemWord(bare(t ?? '')));
  const result: string[] = [];
  // "Click Select first 10 rows": a sentence-case label that opens with a verb, right after the
  // step's verb and running to the end with no article or place word, is the label as shown.
  const tailWords = words.slice(1).map(bare);
  if (
    words.length >= 4 &&
    /^(click|tap|press|hit|push|choose)$/i.test(words[0] as string) &&
    isCap(words[1]) &&
    OPENING_VERBS.has(bare(words[1] as string)) &&
    !/[,.;:?!]$/.test(words.slice(1, -1).join(' ')) &&
    tailWords.slice(1).every((w) => /^[a-z0-9]+$/.test(w) && !STOPWORDS.has(w) && !RELATION_SINGLE.has(w))
  )
    return `${words[0] as string} ${put(words.slice(1).join(' ').replace(/[.!]$/, ''))}`;
  for (let i = 0; i < words.length; i++) {
    const t = words[i] as string;
    // "Click the Third tab": an ordinal written with a capital after "the", mid-sentence, is the
    // label a page shows (jQuery UI's demo tabs read First, Second, Third), not a count.
    if (i > 1 && /^the$/i.test(words[i - 1] as string) && /^(First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth)$/.test(t)) {
      result.push(put(t));
      continue;
    }
    // A run starts at a capital (never the first word: the verb), may hold small lower-case joiners, and ends at a capital.
    // "Click About in the menu": a capitalised small word mid-sentence, not followed by an article, is a label.
    if (
      i > 1 &&
      isCap(t) &&
      RELATION_SINGLE.has(bare(t)) &&
      !/^(the|a|an|this|that)$/i.test(words[i + 1] ?? '') &&
      !/[,.;:]$/.test(words[i - 1] ?? '')
    ) {
      const trail = /[,.;:]$/.exec(t)?.[0] ?? '';
      result.push(put(t.replace(/[,.;:]$/, '')) + trail);
      continue;
    }
    // "between From and To": two capitalised names, whatever words they are.
    if (i > 1 && (words[i - 1] as string).toLowerCase() === 'between' && isCap(t) && words[i + 1] === 'and' && isCap(words[i + 2])) {
      result.push(put(t), 'and', put((words[i + 2] as string).replace(/[,.;:]$/, '')));
      i += 2;
      continue;
    }
    // "under Switches", "below Features": a capitalised noun after a place word is a heading's name.
    if (
      i > 1 &&
      isCap(t) &&
      PLACE_WORDS.has((words[i - 1] as string).toLowerCase()) &&
      (i + 1 >= words.length || /[,.;:]$/.test(t) || PLACE_WORDS.has((words[i + 1] as string).toLowerCase()))
    ) {
      const trail = /[,.;:]$/.exec(t)?.[0] ?? '';
      result.push(put(t.replace(/[,.;:]$/, '')) + trail);
      continue;
    }
    // "Under the Table with actions, click ...": after a place word and an article, a capitalised
    // word, "with" and lower-case words up to a comma (or the end of a leading place phrase) is a sentence-case section title, not a
    // table that contains actions.
    if (
      i > 1 &&
      isCap(t) &&
      /^(the|a)$/i.test(words[i - 1] ?? '') &&
      PLACE_WORDS.has(bare(words[i - 2] ?? '')) &&
      words[i + 1] === 'with'
    ) {
      let k = i + 2;
      while (k < words.length && k <= i + 4 && /^[a-z]+[,]?$/.test(words[k] as string) && !/,$/.test(words[k - 1] as string)) k++;
      const last = words[k - 1] as string;
      const ends = /,$/.test(last) || k === words.length;
      if (k > i + 2 && ends && !/^(the|a|an)$/.test(words[i + 2] as string)) {
        result.push(put(words.slice(i, k).join(' ').replace(/,$/, '')) + (/,$/.test(last) ? ',' : ''));
        i = k - 1;
        continue;
      }
    }
    // "the FAQ question", "the FAQ item": the section the entry is in, which the kind word already
    // says; as a name it would pick the "FAQ" link in the menu.
    if (/^faqs?$/i.test(t) && namesKind(words[i + 1])) continue;
    // A word in capitals is a name as written on screen ("the SCORE counter", "the OB initials").
    if (i > 0 && /^[A-Z][A-Z0-9]{1,11}[,.;:]?$/.test(t) && !/^(I|A)$/.test(t)) {
      const trail = /[,.;:]$/.exec(t)?.[0] ?? '';
      result.push(put(t.replace(/[,.;:]$/, '')) + trail);
      continue;
    }
    if (i > 0 && isCap(t) && !/[.!?]$/.test(words[i - 1] ?? '')) {
      let j = i;
      let end = i;
      // "between From and To" is two names: after "between", "and" joins nothing.
      const afterBetween = (words[i - 1] ?? '').toLowerCase() === 'between';
      while (
        j + 1 < words.length &&
        !/[,.;:?!]$/.test(words[j] as string) &&
        (isCap(words[j + 1]) ||
          (LOWER_JOINERS.has(words[j + 1] as string) && !(afterBetween && words[j + 1] === 'and') && isCap(words[j + 2])))
      ) {
        j++;
        if (isCap(words[j])) end = j;
      }
      const run = words.slice(i, end + 1);
      // "Dwayne Johnson's location": the name is lifted, the possessive stays to be read as one.
      const poss = /[’']s$/.test(run.at(-1) ?? '') ? "'s" : '';
      if (poss) run[run.length - 1] = (run.at(-1) as string).replace(/[’']s$/, '');
      // "the To do column": a capitalised small word, lower-case words, then the noun.
      // "the Option groups box": after an article, a sentence-case name then a noun for the box.
      // "the white View on map button": a look word may come between the article and the name.
      const afterArticle =
        /^(the|a|an)$/i.test(words[i - 1] ?? '') || (/^[a-z]+$/.test(words[i - 1] ?? '') && /^(the|a|an)$/i.test(words[i - 2] ?? ''));
      if (run.length === 1 && (NAME_JOINERS.has(bare(t)) || afterArticle)) {
        let k = i + 1;
        while (k < words.length && k <= i + 2 && !NAMED_NOUNS.test(words[k] as string) && /^[a-z]+$/.test(words[k] as string)) k++;
        if (k > i + 1 && k < words.length && NAMED_NOUNS.test(words[k] as string)) {
          result.push(put(words.slice(i, k).join(' ')));
          i = k - 1;
          continue;
        }
      }
      // "Tick the Right checkbox": a side word written with a capital before a kind noun is the
      // label shown, not the side of the page ("the left arrow" names the arrow either way).
      if (
        run.length === 1 &&
        /^(the|a|an)$/i.test(words[i - 1] ?? '') &&
        SIDE_WORDS.has(bare(t)) &&
        namesKind(words[i + 1]) &&
        !/^(arrows?|chevrons?|keys?|side|corner|half|edge)$/i.test(bare(words[i + 1] ?? ''))
      ) {
        result.push(put(t.replace(/[,.;:]$/, '')));
        continue;
      }
      // "Click Products in the footer": a capitalised kind word mid-sentence is the label shown.
      // One capitalised word, not after an article and not a key name, may be a label (below).
      const lone = run.length === 1 && !/^(the|a|an)$/i.test(words[i - 1] ?? '') && !canonicalKeyName(bare(t));
      const kindWord = namesKind(t);
      // "the Tabs version of the demo", "the Buttons example": a capitalised kind word after an
      // article that modifies a plain noun is a name shown, not the kind of the target.
      const kindModifier =
        run.length === 1 &&
        kindWord &&
        /^(the|a|an)$/i.test(words[i - 1] ?? '') &&
        /^[a-z]+[,.;:]?$/.test(words[i + 1] ?? '') &&
        !namesKind(words[i + 1]) &&
        !STOPWORDS.has(words[i + 1] as string) &&
        !RELATION_SINGLE.has(words[i + 1] as string);
      const kindName = (lone && kindWord) || kindModifier;
      const single = (run.length === 1 && NAME_JOINERS.has(bare(t)) && NAMED_NOUNS.test(words[i + 1] ?? '')) || kindName;
      // Two or more capitalised words mid-sentence are a name as shown ("Dave Li", "Revenue Sources").
      // "sharing to Facebook with its switch", "the last tag, Colleague, in ...": one capitalised
      // word mid-sentence, not a kind word, and not a modifier of the noun after it ("the
      // Facebook row", "the Account dropdown" stay words), is a name as shown.
      const next = words[i + 1];
      const proper =
        lone &&
        !kindWord &&
        (/[,.;:?!]$/.test(t) ||
          next === undefined ||
          /^(to|in|on|with|and|or|at|from|for|of|under|below|above|near|inside|next|beside|by)$/i.test(next));
      if (run.length >= 2 || single || proper) {
        const trail = /[,.;:]$/.exec(run.at(-1) as string)?.[0] ?? '';
        result.push(put(run.join(' ').replace(/[,.;:]$/, '')) + poss + trail);
        i = end;
        continue;
      }
    }
    result.push(t);
  }
  return result.join(' ');
}

/** Side words that read as a position when written in lower case. */
const SIDE_WORDS = new Set(['top', 'bottom', 'left', 'right', 'middle', 'center', 'centre', 'upper', 'lower']);
/** Words that make "top right of X" a corner: the side word after them is not a relation. */
const CORNER_SIDES = new Set(['top', 'bottom', 'upper', 'lower']);
/** Words before "left of" / "right of" that make it a side of the anchor: "at the", "on the far". */
function sideOf(before: string[]): boolean {
  const w = before.slice(-3);
  const far = w.at(-1) === 'far' || w.at(-1) === 'very';
  const [at, the] = far ? [w.at(-3), w.at(-2)] : [w.at(-2), w.at(-1)];
  return the === 'the' && (at === 'at' || at === 'on');
}
/** One-word relation words: capitalised mid-sentence ("About", "Contact") they are labels. */
const RELATION_SINGLE = new Set(RELATION_WORDS.filter(([w]) => !w.includes(' ')).map(([w]) => w));

/** "that starts with" / "which begins with": the text it shows begins so. */
const START_VERBS = new Set(['starts', 'begins', 'opens']);
/** Nouns for a control that a "using ..." or "with the ..." phrase names as the means. */
const MEANS_NOUNS = new Set(['icon', 'button', 'link', 'arrow', 'checkbox', 'toggle', 'switch', 'cross', 'x']);
/** First words of a step that ask for a click or place the target first; any other opening ("Make ...", "Refresh ...") says what the step does. */
const CLICK_FIRST = new Set([
  'click',
  'clicks',
  'tap',
  'press',
  'hit',
  'push',
  'select',
  'choose',
  'pick',
  'tick',
  'untick',
  'check',
  'uncheck',
  'type',
  'enter',
  'focus',
  'hover',
  'double',
  'doubleclick',
  'then',
  'now',
  'the',
  'user',
  'in',
  'on',
  'at',
  'from',
]);
/** Verbs that open a purpose clause: "... to switch to dark mode", "... to hide the side menu". */
const PURPOSE_VERBS = new Set([
  'switch',
  'hide',
  'show',
  'open',
  'close',
  'go',
  'mark',
  'make',
  'create',
  'add',
  'remove',
  'delete',
  'submit',
  'send',
  'save',
  'search',
  'filter',
  'sort',
  'toggle',
  'expand',
  'collapse',
  'select',
  'view',
  'see',
  'start',
  'begin',
  'confirm',
  'cancel',
  'continue',
  'proceed',
  'return',
  'sign',
  'log',
  'buy',
  'purchase',
  'order',
  'book',
  'subscribe',
  'download',
  'upload',
  'share',
  'edit',
  'change',
  'clear',
  'reset',
  'enable',
  'disable',
  'turn',
  'get',
  'read',
  'learn',
  'try',
  'play',
  'pause',
  'stop',
  'fold',
  'unfold',
  'minimize',
  'maximize',
  'zoom',
  'print',
  'copy',
  'refresh',
  'reload',
  'load',
  'apply',
  'complete',
  'finish',
  'register',
  'join',
  'contact',
  'reply',
  'like',
  'follow',
  'rate',
  'compare',
  'reveal',
  'display',
  'jump',
  'move',
  'navigate',
  'visit',
  'access',
  'enter',
  'leave',
  'exit',
  'dismiss',
  'bring',
  // A player's and an editor's own verbs: "the speaker icon ... to mute".
  'mute',
  'unmute',
  'shuffle',
  'skip',
  'rewind',
  'undo',
  'redo',
  'rotate',
  'flip',
  'archive',
  'pin',
  'unpin',
  'bookmark',
  'attach',
  'duplicate',
  'rename',
  'restore',
]);

/**
 * "the author name in the third post's 'Posted by' line": a possessive "A's B" is B of A.
 * Rewritten in place, within the phrase around it (up to the next relation word).
 */
function possessives(words: string[]): string[] {
  const single = new Set(RELATION_WORDS.filter(([w]) => !w.includes(' ')).map(([w]) => w));
  let out = [...words];
  for (let guard = 0; guard < 4; guard++) {
    const k = out.indexOf('qposs');
    if (k < 0) break;
    let a = k - 1;
    // The owner starts after the verb: "Click Dwayne Johnson's location" owns "Dwayne Johnson".
    while (a > 0 && !single.has(out[a - 1] as string) && !VERBS.has(out[a - 1] as string) && !PARTICLES.has(out[a - 1] as string)) a--;
    let b = k + 1;
    while (b < out.length && !single.has(out[b] as string)) b++;
    const owner = out.slice(a, k);
    const head = out.slice(k + 1, b);
    // "Sarah Curry's row": a region named by its owner ("the Sarah Curry row"); else "B of A".
    const region = head.filter((w) => !DETERMINERS.has(w));
    // "Click the author's name", "next to the user's name": a person's name ("the author name"),
    // as the target or as an anchor; a phrase naming that shape is not the words "name" and "user".
    const personName = region.length === 1 && region[0] === 'name' && owner.filter((w) => !DETERMINERS.has(w)).length === 1;
    out =
      (region.length === 1 && CONTAINER_HEADS.has(region[0] as string)) || personName
        ? [...out.slice(0, a), ...owner, ...region, ...out.slice(b)]
        : [...out.slice(0, a), ...head, 'of', ...owner, ...out.slice(b)];
  }
  return out.filter((w) => w !== 'qposs');
}

/** Region nouns a possessive can own: "Sarah Curry's row" is the row of that name. */
const CONTAINER_HEADS = new Set(['row', 'column', 'card', 'list', 'section', 'panel', 'column', 'lane', 'post', 'message', 'comment']);

/**
 * "In the toolbar above the open email, click the second trash icon": a place written before
 * the verb, split off at the comma, to be read as a relation of the target.
 */
function leadingPlace(text: string): { place: string; rest: string } | null {
  const m = /^\s*(in|on|inside|within|under|below|above|from|at|near)\s+([^,]+),\s*(.+)$/i.exec(text);
  return m ? { place: `${(m[1] as string).toLowerCase()} ${m[2] as string}`, rest: m[3] as string } : null;
}

/** Whether resolving the step needs the elements' colours, borders or shapes (a colour or style word). */
export function needsLook(step: Step): boolean {
  const p = parseStep(step);
  const has = (q: TargetQuery): boolean => !!q.look || !!q.sub?.some((r) => has(r.anchor));
  return has(p.target) || p.relations.some((r) => has(r.anchor));
}

/** `look` with `colours` added as the colour around the element (of the place it sits in). */
function withAround(look: LookQuery | undefined, colours: readonly string[]): LookQuery {
  return { colours: [], ...look, around: [...(look?.around ?? []), ...colours] };
}

/**
 * "Enter (555) 010-2030 as the phone number": the text to type, written into the description
 * without quotes, says nothing about the field. Quoted text is left to the quote rules.
 */
function withoutTypedText(description: string, text: unknown): string {
  if (typeof text !== 'string' || text.trim().length < 2) return description;
  const at = description.toLowerCase().indexOf(text.trim().toLowerCase());
  // Quoted, maybe with the typed text's own leading space inside the quotes ("Type ' assignee:dave'").
  if (at < 0 || /['"‘’“”]\s*$/.test(description.slice(Math.max(0, at - 3), at))) return description;
  return `${description.slice(0, at)} ${description.slice(at + text.trim().length)}`;
}

/**
 * The value a Type step writes at the end of its description without quotes: a phone number,
 * an email address, a web address or a number ("Enter the phone number 555 0134").
 */
function trailingValue(description: string): string | undefined {
  return /(?:^|\s)(\+?\(?\d[\d\s().-]*\d|[^\s@]+@[^\s@]+\.[a-z]{2,}|(?:https?:\/\/|www\.)\S+?)\s*[.!]?\s*$/i.exec(description)?.[1];
}

/**
 * "Click the bold words arrow keys in the message box": what follows "word(s)" or "phrase", up
 * to a place word or the end, is the text shown, as if quoted. Lower-case only: a capitalised
 * name is lifted as a name anyway, and "the words in the header" names no text; nor does a
 * phrase ending in a kind noun ("the word count", "the words box").
 */
const KIND_HEADS = new Set([...KIND_WORDS.map(([w]) => w.split(' ').pop() as string), 'count', 'counter', 'limit']);
const SHOWN_WORDS_RE =
  /\b(words?|phrase)\s+(?!(?:in|on|at|inside|within|under|below|above|near|next|beside|from|of|the|a|an|that|which|with|for|to|and|or)\b)([a-z][\p{L}\p{N}'-]*(?:\s+[a-z][\p{L}\p{N}'-]*){0,3}?)(?=\s+(?:in|on|at|inside|within|under|below|above|near|next|beside|from|of)\b|\s*[,.;!]|\s*$)/gu;

/**
 * "<open|view|...> X on <Service>": a capitalised name with no article after the final "on" is
 * a site the page links to (Bandcamp, GitHub, Twitter), not a place on the page ("on the left").
 */
const ON_SERVICE_RE =
  /^\s*(?:[Oo]pen|[Vv]iew|[Ss]ee|[Ff]ind|[Pp]lay|[Ww]atch|[Rr]ead|[Ss]how|[Ll]isten to)\s+(.+?)\s+on\s+((?!The\b)\p{Lu}[\p{L}\p{N}.-]*(?:\s\p{Lu}[\p{L}\p{N}.-]*)?)\s*[.!]?\s*$/u;

/**
 * "Switch the example to the Linux tab": what is switched holds the control clicked, the tab
 * (or view, mode...) it is switched to. Only when that phrase ends in a control's noun, so
 * "switch the calendar to show the month" reads as before.
 */
const SWITCH_TO_RE = /^\s*(?:[Ss]witch|[Cc]hange|[Tt]urn)\s+(the\s+.+?)\s+to\s+(the\s+.+?\b(?:tab|view|mode|option|layout))\s*[.!]?\s*$/;

/** Kinds that are drawn rather than written, and each one-word kind noun's kind. */
const DRAWN_KINDS: ReadonlySet<Kind> = new Set(['image', 'icon']);
const KIND_OF = new Map(KIND_WORDS.filter(([w]) => !w.includes(' ')));

/** Parses a step into a query for the resolver. Never throws. */
/** The particle a label verb takes before its object: "subscribe to", "vote for", "comment on". */
const VERB_PARTICLES = new Set(['to', 'for', 'on']);

export function parseStep(step: Step): ParsedStep {
  const p = step.parameters ?? {};
  const written = typeof p.description === 'string' ? p.description : '';
  // "Enter the phone number 555 0134": with no text given and nothing quoted, a value at the end.
  const trailing = step.type === 'Type' && typeof p.text !== 'string' && !/['"‘’“”]/.test(written) ? trailingValue(written) : undefined;
  const description = withoutTypedText(written, step.type === 'Type' ? (p.text ?? trailing) : undefined);
  const quotes: string[] = [];
  const names: string[] = [];
  const tail: string[] = [];
  const lifted: Lifted = { quotes, names };
  // "Sort the laptops by price": the control is the one labelled with the sort key.
  const sorted = /^\s*sort\b[^'"]*?\bby\s+([\p{L}\p{N} -]+?)\s*[.!]?\s*$/iu.exec(description);
  // "Open Dusk To Dawn on Bandcamp": the control is the service's link (its icon, its address)
  // that belongs to the thing named, not the thing itself.
  const onService = ON_SERVICE_RE.exec(description);
  const switchTo = SWITCH_TO_RE.exec(description);
  const rewritten = sorted
    ? `Click the '${sorted[1] as string}' sort option`
    : onService
      ? `Click the ${onService[2] as string} link of ${onService[1] as string}`
      : switchTo
        ? `Click ${switchTo[2] as string} in ${switchTo[1] as string}`
        : description;
  const quoted = rewritten
    .replace(SHOWN_WORDS_RE, (m: string, noun: string, shown: string) =>
      KIND_HEADS.has(shown.split(/\s+/).pop() as string) ? m : `${noun} '${shown}'`,
    )
    .replace(QUOTE_RE, (...m: unknown[]) => {
      const text = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]) as string;
      quotes.push(text);
      return ` qqq${quotes.length - 1} `;
    });
  // "Sign in", "log on": one word for the control, whose "in" or "on" is no relation.
  // "Picture-in-picture" is one control too (PiP), not a picture inside a picture.
  const phrasal = quoted.replace(/\b(?:sign|log)[ -]?(?:in|on)\b/gi, 'login').replace(/\bpicture[ -]in[ -]picture\b/gi, 'pip');
  // "the button that opens the dialog" is "the button to open the dialog": what it does, not
  // something it holds ("shows", "says" and "reads" stay: they name what is written on it).
  const doing = phrasal.replace(
    /\b(?:that|which)\s+(open|close|add|delete|remove|save|create|submit|send|download|upload|toggle|expand|collapse|clear|reset|hide)s\b/gi,
    (_, verb: string) => `to ${verb.toLowerCase()}`,
  );
  // "Open the third email, the one from Kian": "the one" is the target again, its relation follows.
  const appositive = doing.replace(
    /,\s*the one\s+(from|by|with|about|that|which|in|on|at|for|showing|named|called|labelled|labeled)\b/gi,
    ' $1',
  );
  // "the one with a down arrow" describes the target: that "with" never names the means.
  const describedWith = /,\s*the one\s+with\b/i.test(phrasal);
  // A quoted label then ", the last row of the table": the rest says where the label is.
  const placed = appositive.replace(/(qqq\d+\s*),\s+(?=(?:the|in|on|at|under|below|above)\b)/i, '$1 in ');
  // "the very first message of the chat, 'Hi, Kate'": a quote set after the whole phrase is
  // what the target shows, not a name of the last noun before it; but a picture shows no
  // words ("the picture of the second box, 'An interesting title'" names the box).
  const labelled = placed.replace(/^(\s*\w+\s+)(.+?),\s*(qqq\d+)\s*[.!]?\s*$/, (m: string, verb: string, phrase: string, q: string) =>
    wordsOf(phrase).some((w) => DRAWN_KINDS.has(KIND_OF.get(stemWord(w)) ?? 'item')) ? m : `${verb}${q} ${phrase}`,
  );
  const lead = leadingPlace(labelled);
  const replaced = liftNames(lead ? lead.rest : labelled, names, tail);
  const placeWords = lead ? possessives(wordsOf(liftNames(lead.place, names, []))) : [];
  const parsed: ParsedStep = { action: step.type, target: emptyQuery(), relations: [] };
  // The leading place goes after the target phrase, where a relation belongs: before a purpose
  // clause ("..., click the arrow to go to the next page"), which would otherwise swallow it.
  const own = possessives(wordsOf(replaced));
  const purposeAt = own.findIndex((w, i) => i > 0 && w === 'to' && PURPOSE_VERBS.has(own[i + 1] ?? ''));
  let words = purposeAt > 0 ? [...own.slice(0, purposeAt), ...placeWords, ...own.slice(purposeAt)] : [...own, ...placeWords];

  // Text to type: the `text` parameter wins; a quote equal to it is text, not a label.
  if (step.type === 'Type') {
    const given = typeof p.text === 'string' ? p.text : trailing;
    let typedIdx = -1;
    if (given !== undefined) {
      parsed.typed = given;
      typedIdx = quotes.findIndex((q) => q.trim().toLowerCase() === given.trim().toLowerCase());
    } else if (quotes.length) {
      typedIdx = words.findIndex(
        (w, i) =>
          PLACEHOLDER.test(w) &&
          ['type', 'enter', 'input', 'write', 'with', 'for', 'typing', 'entering', 'as', 'text'].includes(words[i - 1] ?? ''),
      );
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
    const given = typeof p.key === 'string' && (p.key.trim() || p.key === ' ') ? normalizeKey(p.key) : undefined;
    parsed.key = given ?? inferKey(description, quotes);
    // The key's own words are not part of a target: "press Enter in the search box".
    const keyWords = new Set([
      'enter',
      'return',
      'escape',
      'esc',
      'tab',
      'space',
      'spacebar',
      'backspace',
      'delete',
      'arrow',
      'up',
      'down',
      'key',
      'keyboard',
      'home',
      'end',
      'pageup',
      'pagedown',
    ]);
    if (parsed.key && parsed.key.length === 1) keyWords.add(parsed.key.toLowerCase());
    words = words.filter(
      (w) => !keyWords.has(w) && !(PLACEHOLDER.test(w) && normalizeKey(quotes[Number(PLACEHOLDER.exec(w)?.[1])] ?? '') === parsed.key),
    );
    if (parsed.key?.startsWith('Arrow')) words = words.filter((w) => w !== 'left' && w !== 'right');
    // "Press Enter to save the edited todo": what the key does, not where it goes.
    if (words[0] === 'to' && PURPOSE_VERBS.has(words[1] ?? '')) {
      const purpose = words.slice(1).filter((w) => !STOPWORDS.has(w) && !PLACEHOLDER.test(w));
      const fieldNamed = purpose.some((w) => ['field', 'box', 'input', 'textbox', 'textarea', 'searchbox'].includes(w));
      // "Press Tab to leave the email field": the field named after the verb is where the key goes.
      if (fieldNamed) words = words.slice(2).filter((w) => !['on', 'off', 'out', 'away', 'from'].includes(w));
      else {
        parsed.target.purpose = purpose;
        words = [];
      }
    }
  }

  if (step.type === 'Scroll') {
    const d = typeof p.direction === 'string' ? p.direction.toLowerCase() : '';
    const text = `${d} ${description.toLowerCase()}`;
    parsed.direction = /\bup\b|\btop\b/.test(text) ? 'up' : /\bleft\b/.test(text) ? 'left' : /\bright\b/.test(text) ? 'right' : 'down';
    return parsed;
  }

  // Drop the leading verb and its particles ("click on the", "go to", "then double click").
  // Only one real verb: in "click the check-out field", "check" is part of the name.
  const firstWord = words[0] ?? '';
  let verbs = 0;
  let leadIn = false;
  let impliedKinds: Kind[] = [];
  while (words.length) {
    const w = words[0] as string;
    if (VERBS.has(w) && (verbs === 0 || leadIn)) {
      verbs++;
      leadIn = LEAD_INS.has(w);
      impliedKinds = VERB_KINDS[w] ?? impliedKinds;
      // "Switch off Progress editable": switch with on/off names the control's state; "switch to
      // the Hotels tab" does not.
      if (w === 'switch' && (words[1] === 'on' || words[1] === 'off')) impliedKinds = ['switch'];
      words.shift();
    } else if (PARTICLES.has(w)) {
      leadIn = false;
      words.shift();
    } else break;
  }

  // "Close the modal by clicking the X button": the means names the target; the purpose
  // contributes only its quoted names and region ("Mark 'Pay rent' done by clicking its checkbox").
  // "Delete Dave Li using the trash icon" reads the same way.
  let by = words.findIndex((w, i) => w === 'by' && MEANS_VERBS.has(words[i + 1] ?? ''));
  let skip = 2;
  // "using the trash icon" is the means; "using the top menu" only the way there.
  const using = words.indexOf('using');
  const controlWord = (w: string) => MEANS_NOUNS.has(stemWord(w));
  if (by < 0 && using > 0 && words.slice(using + 1).some(controlWord)) {
    by = using;
    skip = 1;
  }
  // "Add the ASUS Zenbook to compare with the small icon between ...": after a purpose, "with
  // the <control>" is the means, as "using" is.
  if (by < 0) {
    const to = words.findIndex((w, i) => i > 0 && w === 'to' && PURPOSE_VERBS.has(words[i + 1] ?? ''));
    const withAt = to > 0 ? words.findIndex((w, i) => i > to + 1 && w === 'with') : -1;
    if (withAt > 0 && words.slice(withAt + 1, withAt + 5).some(controlWord)) {
      by = withAt;
      skip = 1;
    }
  }
  // "Make the text bold with the B in the toolbar", "Refresh the list with the circular arrow
  // button": a step that opens with what it does, not with a click, names the control after
  // "with"; what it does stays as the purpose (a Quill button's class says "bold").
  let effect: string[] | undefined;
  if (by < 0 && step.type === 'Click' && !CLICK_FIRST.has(firstWord) && !describedWith) {
    const withAt = words.findIndex((w, i) => i > 0 && (w === 'with' || w === 'using') && ['the', 'a', 'an'].includes(words[i + 1] ?? ''));
    const head = withAt > 0 ? (words[withAt + 2] ?? '') : '';
    // The control is named by its kind, or by the one glyph it shows ("the B", "the H2").
    const glyph = head.length > 0 && head.length <= 2 && !STOPWORDS.has(head);
    if (withAt > 0 && (words.slice(withAt + 2, withAt + 6).some(controlWord) || glyph)) {
      by = withAt;
      skip = 1;
      effect = words.slice(0, withAt).filter((w) => !STOPWORDS.has(w) && !PLACEHOLDER.test(w));
    }
  }
  if (by > 0 && by + skip < words.length) {
    const purpose = words.slice(0, by);
    const means = words.slice(by + skip);
    const named = purpose.filter((w) => PLACEHOLDER.test(w) || /^nnn\d+$/.test(w));
    const region = purpose.find((w) => REGION_WORDS[w]);
    words = [...means, ...(named.length ? ['of', ...named] : []), ...(region ? ['in', region] : [])];
    while (words.length && PARTICLES.has(words[0] as string)) words.shift();
  }
  const grid = takeGrid(words);
  // "Like the post by Aiko": the verb names the control, the rest is the thing it belongs to; so
  // with the verb's particle between ("Subscribe to the $49 per month plan").
  const objectAt = DETERMINERS.has(words[1] ?? '') ? 1 : VERB_PARTICLES.has(words[1] ?? '') && DETERMINERS.has(words[2] ?? '') ? 2 : 0;
  if (step.type === 'Click' && objectAt && words.length > objectAt + 1 && LABEL_VERBS.has(words[0] as string)) {
    words = [words[0] as string, 'of', ...words.slice(objectAt)];
  }

  // Split into the target phrase and (relation, anchor phrase) pairs; a purpose clause ("to
  // switch to dark mode") is kept apart.
  const segments: { rel: RelationType | 'place' | 'target'; word: string; words: string[] }[] = [{ rel: 'target', word: '', words: [] }];
  let purpose: string[] | undefined;
  for (let i = 0; i < words.length; i++) {
    const cur = segments[segments.length - 1] as { words: string[] };
    if (
      words[i] === 'to' &&
      PURPOSE_VERBS.has(words[i + 1] ?? '') &&
      cur.words.length > 0 &&
      !(segments.length === 1 && cur.words.length === 0)
    ) {
      // Phrases are joined before stopwords go: "go full screen" keeps "fullscreen".
      purpose = normalize(words.slice(i + 1).join(' '))
        .split(' ')
        .filter((w) => w && !STOPWORDS.has(w) && !PLACEHOLDER.test(w));
      break;
    }
    let hit: [string, RelationType | 'place'] | undefined;
    for (const r of RELATION_WORDS) {
      const parts = r[0].split(' ');
      if (parts.every((part, j) => words[i + j] === part)) {
        hit = r;
        break;
      }
    }
    // "at the top right of the table": a corner of the anchor, not what lies to its right.
    // So is "at the (far) right of the top bar": a side of the anchor, where "to the right of" is beside it.
    if (hit && (hit[0] === 'left of' || hit[0] === 'right of') && (CORNER_SIDES.has(cur.words.at(-1) ?? '') || sideOf(words.slice(0, i))))
      hit = undefined;
    // "the 'Add' button" keeps going; a relation word at the start of a phrase is a particle.
    if (hit && hit[0] === 'by' && !BY_NOUNS.has(stemWord(cur.words.at(-1)))) hit = undefined;
    // "the circle that says 'Be Part Of Our Story!'", "the button with the text 'Go'": what it shows, not a relation.
    if (
      hit &&
      (hit[0] === 'that' || hit[0] === 'which' || hit[0] === 'with') &&
      (SAY_VERBS.has(words[i + 1] ?? '') || (words[i + 1] === 'the' && TEXT_NOUNS.has(words[i + 2] ?? '')))
    ) {
      i += words[i + 1] === 'the' ? 2 : 1;
      continue;
    }
    // "the comment that starts with 'My money'": the beginning of what it shows.
    if (hit && (hit[0] === 'that' || hit[0] === 'which') && START_VERBS.has(words[i + 1] ?? '') && words[i + 2] === 'with') {
      i += 2;
      continue;
    }
    if (hit && (cur.words.length > 0 || (segments.length === 1 && grid && hit[0] !== 'by'))) {
      segments.push({ rel: hit[1], word: hit[0], words: [] });
      i += hit[0].split(' ').length - 1;
    } else if (!(hit && cur.words.length === 0 && segments.length > 1)) {
      cur.words.push(words[i] as string);
    }
  }

  const target = parsePhrase((segments[0] as { words: string[] }).words, lifted);
  if (purpose?.length) target.purpose = purpose;
  else if (effect?.length) target.purpose = effect;
  if (grid) target.grid = grid;
  // Kinds the verb alone gave ("toggle the first one"), not a noun ("the first toggle").
  const verbOnlyKinds = !target.kinds.length;
  if (!target.kinds.length && step.type === 'Click') target.kinds.push(...impliedKinds);
  if (impliedKinds.length && step.type === 'Click') parsed.verbKinds = impliedKinds;
  // "Check the box next to X": a box one ticks is a checkbox, not a text box.
  if (step.type === 'Click' && impliedKinds.includes('checkbox') && target.kinds.length === 1 && target.kinds[0] === 'field')
    target.kinds = ['checkbox'];
  // Each "of"/"in" phrase after the target qualifies the phrase before it when it only places
  // it ("the Popular Item at the end of the first row"): `last` is what such words attach to.
  let last: TargetQuery = target;
  // "at the right end of the top bar": the side says it; the count is only needed over a row or list.
  let endSide: TargetQuery | null = null;
  for (const seg of segments.slice(1)) {
    // "between Filter and Add lane": near each of the two.
    if (seg.word === 'between' && seg.words.includes('and')) {
      const k = seg.words.indexOf('and');
      for (const part of [seg.words.slice(0, k), seg.words.slice(k + 1)])
        if (part.length) parsed.relations.push({ type: 'near', anchor: parseAnchor(part, lifted) });
      continue;
    }
    // "Close the alert with its cross": the "with its" phrase names the target itself.
    if (seg.rel === 'contains' && (seg.words[0] === 'its' || seg.words[0] === 'their')) {
      target.words.push(...seg.words.slice(1).filter((w) => !STOPWORDS.has(w)));
      continue;
    }
    const q = parseAnchor(seg.words, lifted);
    // "the input with the red border": the border's colour is the target's look.
    if (seg.rel === 'contains' && colouredPart(q, BORDER_WORDS)) {
      last.look = { colours: [], ...last.look, borders: [...(last.look?.borders ?? []), ...(q.look?.colours ?? [])] };
      continue;
    }
    // "the button with a grey background": its own colour.
    if (seg.rel === 'contains' && colouredPart(q, FILL_WORDS)) {
      last.look = { ...last.look, colours: [...(last.look?.colours ?? []), ...(q.look?.colours ?? [])] };
      continue;
    }
    // "at the end of the timeline", "at the right end of the top row": the last (or first) of what follows.
    const place = q.words.filter((w) => !['end', 'start', 'beginning', 'edge', 'side'].includes(w));
    if (!place.length && q.words.length && !q.labels.length && !q.kinds.length && !q.names?.length) {
      if (last.ordinal === undefined) {
        // "the left end", "the top end": the first from that side; any other end is the last.
        const firstEnd = q.position?.h === 'left' || (q.position?.v === 'top' && !q.position.h);
        last.ordinal = q.words.includes('end') && !firstEnd ? -1 : 1;
        if (q.position?.h) endSide = last;
      }
      if (q.position) last.position = { ...last.position, ...q.position };
      continue;
    }
    // "the third tile in the top row", "the first product in the second row": a grid cell.
    const rowOnly =
      ((q.kinds.length === 1 && q.kinds[0] === 'row') || (!q.kinds.length && q.container === 'row')) &&
      !q.labels.length &&
      !q.names?.length &&
      q.words.every((w) => w === 'row');
    // "the middle product in the second row": a side or the middle names the column.
    const side = last.ordinal === undefined ? last.position?.h : undefined;
    if (rowOnly && (last.ordinal !== undefined || side) && !last.grid && (q.ordinal !== undefined || q.position?.v)) {
      const row = q.ordinal ?? (q.position?.v === 'bottom' ? -1 : 1);
      last.grid = { row, col: last.ordinal ?? (side === 'left' ? 1 : side === 'right' ? -1 : 0) };
      delete last.ordinal;
      if (side) delete last.position;
      continue;
    }
    // "the picture of The 400 Blows in the first row": no column is named, so the row only
    // narrows, for pictures and cards laid out in a grid (a table's row is an element of its own).
    if (
      rowOnly &&
      target.kinds.some((k) => k === 'image' || k === 'card') &&
      last.ordinal === undefined &&
      !side &&
      last.row === undefined &&
      !last.grid &&
      q.ordinal !== undefined
    ) {
      last.row = q.ordinal;
      continue;
    }
    const onlyPlace = !q.labels.length && !q.words.length && !q.kinds.length && q.ordinal === undefined && !q.names?.length;
    if (onlyPlace) {
      if (q.position) last.position = { ...last.position, ...q.position };
      if (q.region) last.region = q.region;
      // "the Search button in the black navbar": the colour of the place is around the target.
      if (q.look) last.look = withAround(last.look, q.look.colours);
      continue;
    }
    // "the button in the header menu": a region word with only generic words is still a region.
    if (
      q.region &&
      !q.labels.length &&
      q.ordinal === undefined &&
      q.kinds.every((k) => k === 'card') &&
      q.words.every((w) => ['menu', 'bar', 'top', 'area', 'window', 'box', 'panel', 'project', 'card'].includes(w))
    ) {
      last.region = q.region;
      if (q.look) last.look = withAround(last.look, q.look.colours);
      continue;
    }
    const type: RelationType = seg.rel === 'place' || seg.rel === 'target' ? 'inside' : seg.rel;
    // "Home in the links at the bottom of the page": a kind in the plural is the set the target
    // is one of, not a thing it lies inside; its place is the target's.
    const only = q.kinds[0];
    if (
      type === 'inside' &&
      last === target &&
      q.kinds.length === 1 &&
      only &&
      !q.labels.length &&
      !q.words.length &&
      !q.names?.length &&
      q.ordinal === undefined &&
      (!target.kinds.length || target.kinds.includes(only)) &&
      seg.words.some((w) => stemWord(w) !== w && KIND_OF.get(stemWord(w)) === only)
    ) {
      if (!target.kinds.length) target.kinds.push(only);
      if (q.position) target.position = { ...q.position, ...target.position };
      if (q.region) target.region ??= q.region;
      continue;
    }
    // "Remove all finished todos with the link at the bottom": the "with" phrase is the control,
    // what comes before is what it does.
    if (
      type === 'contains' &&
      seg.word === 'with' &&
      last === target &&
      q.kinds.length &&
      !target.kinds.length &&
      !target.labels.length &&
      !target.names?.length
    ) {
      const purposeWords = target.words;
      Object.assign(target, q);
      target.purpose = [...purposeWords, ...(target.purpose ?? [])];
      continue;
    }
    // "the Fancy Product that costs $120.00": a "that"/"with" phrase after an anchor describes
    // that anchor; so does an "in" or "of" phrase after a counted anchor ("the second task in
    // the Done list", "the third story of All Stories").
    if (last !== target && (type === 'contains' || ((type === 'inside' || type === 'group') && last.ordinal !== undefined))) {
      (last.sub ??= []).push({ type, anchor: q });
      continue;
    }
    // An anchor never needs to be interactive; position/region words on it stay with it.
    parsed.relations.push({ type, anchor: q });
    // "No in the black radio row": a coloured place is also the colour around the target (the
    // row itself may be an anonymous div the snapshot does not list).
    if (type === 'inside' && q.look?.colours.length && last === target) target.look = withAround(target.look, q.look.colours);
    last = q;
  }
  if (tail.length) (target.names ??= []).push(...tail);
  if (endSide === target && !parsed.relations.length && !target.grid) delete target.ordinal;
  // "the middle picture in the row of three": a row counted by number is the set the target
  // belongs to, and a side or the middle says which of them.
  const inRow = parsed.relations.findIndex(
    (r) => r.type === 'inside' && r.anchor.kinds.join() === 'row' && !r.anchor.words.length && !r.anchor.labels.length,
  );
  const rowCount = parsed.relations[inRow + 1];
  const rowSize =
    inRow >= 0 && rowCount?.type === 'group' && rowCount.anchor.words.length === 1
      ? NUMBERS[rowCount.anchor.words[0] as string]
      : undefined;
  if (rowSize !== undefined && rowSize > 1 && target.setSize === undefined && !target.labels.length) {
    target.setSize = rowSize;
    parsed.relations.splice(inRow, 2);
    const side = target.position;
    if (target.ordinal === undefined && side) {
      if (side.h === 'left') target.ordinal = 1;
      else if (side.h === 'right') target.ordinal = -1;
      else if (side.h === 'center' && rowSize % 2 === 1) target.ordinal = (rowSize + 1) / 2;
      if (target.ordinal !== undefined) delete target.position;
    }
  }
  // "the last of the five dots", "the lower of the two switches": an ordinal (or an end)
  // alone, counted over what the "of" phrase names.
  const first = parsed.relations[0];
  const relative = target.ordinal === undefined && target.position && first?.anchor.words.some((w) => NUMBERS[w] !== undefined);
  if (relative && target.position) target.ordinal = target.position.v === 'bottom' || target.position.h === 'right' ? -1 : 1;
  const onlyImpliedKinds = verbOnlyKinds && target.kinds.every((k) => impliedKinds.includes(k));
  const setOf = first?.anchor.words.map((w) => NUMBERS[w] ?? (/^\d+$/.test(w) ? Number(w) : undefined)).find((n) => n !== undefined);
  // "the clock button, the first of the four teal icon buttons": a set counted by number
  // describes the target even when the target was named first.
  const namedInSet = !!first && setOf !== undefined && setOf > 1 && !first.anchor.labels.length;
  if (
    first &&
    first.type === 'group' &&
    target.ordinal !== undefined &&
    !target.labels.length &&
    ((!target.words.length && onlyImpliedKinds) || namedInSet) &&
    first.anchor.ordinal === undefined
  ) {
    if (relative) delete target.position;
    const a = first.anchor;
    if (setOf !== undefined && setOf > 1) target.setSize = setOf;
    target.words = [...target.words, ...a.words.filter((w) => NUMBERS[w] === undefined && !/^\d+$/.test(w))];
    target.labels = a.labels;
    if (a.kinds.length || !namedInSet) target.kinds = a.kinds;
    if (a.look && !target.look) target.look = a.look;
    if (a.container) target.words.push(a.container);
    parsed.relations.shift();
  }
  // "Go to the page for creating a new account": a target that says nothing of itself is the
  // thing its "for" phrase names.
  const bareTarget = Object.entries(target).every(([, v]) => v === undefined || (Array.isArray(v) && v.length === 0));
  const named = parsed.relations[0];
  if (bareTarget && named?.type === 'group' && !named.anchor.sub?.length) {
    Object.assign(target, named.anchor);
    parsed.relations.shift();
  }
  // "Enter an email in the Email address field": the field is named by the "in" phrase; the
  // words before it describe the text.
  const into = parsed.relations.findIndex(
    (r) =>
      r.type === 'inside' &&
      (r.anchor.kinds.includes('field') || r.anchor.boxed) &&
      (r.anchor.labels.length > 0 || r.anchor.words.length > 0 || !!r.anchor.names?.length),
  );
  if ((step.type === 'Type' || step.type === 'Press') && into >= 0 && !target.kinds.includes('field') && !target.labels.length) {
    const a = (parsed.relations.splice(into, 1)[0] as { anchor: typeof target }).anchor;
    Object.assign(target, { ...a, purpose: target.purpose, look: target.look ?? a.look });
    if (!target.purpose) delete target.purpose;
    if (!target.look) delete target.look;
  }
  // A Type step always targets something editable; "the price box" of a Press step is a field too.
  if (step.type === 'Type' && !target.kinds.includes('field')) target.kinds.push('field');
  if (step.type === 'Press' && target.boxed && !target.kinds.length) target.kinds.push('field');
  parsed.target = target;
  return parsed;
}
