// Text normalisation and fuzzy matching for the resolver. Pure and deterministic.
import { distance } from 'fastest-levenshtein';

/** Glyphs generated pages use as icon-only labels, read as the words a step would use. */
const GLYPHS: Record<string, string> = {
  '×': 'close multiply',
  '✕': 'close',
  '✖': 'close',
  '✗': 'close',
  '╳': 'close',
  '☰': 'menu',
  '≡': 'menu',
  '🍔': 'menu',
  '🔍': 'search',
  '🔎': 'search',
  '⌕': 'search',
  '🛒': 'cart',
  '🛍': 'bag',
  '♥': 'heart',
  '❤': 'heart',
  '♡': 'heart',
  '🤍': 'heart',
  '★': 'star',
  '☆': 'star',
  '⭐': 'star',
  '⋮': 'more',
  '⋯': 'more',
  '…': 'more',
  // Direction glyphs read both ways: a step says "the right arrow" or "the next button" for ›.
  '›': 'next right',
  '»': 'next right',
  '→': 'next right',
  '❯': 'next right',
  '►': 'next right',
  '⟩': 'next right',
  '〉': 'next right',
  '❱': 'next right',
  '⇒': 'next right',
  '⟶': 'next right',
  '➔': 'next right',
  '➜': 'next right',
  '➡': 'next right',
  '▸': 'next right',
  '>': 'next right',
  '‹': 'previous left',
  '«': 'previous left',
  '←': 'previous left',
  '❮': 'previous left',
  '◀': 'previous left',
  '◄': 'previous left',
  '⟨': 'previous left',
  '〈': 'previous left',
  '❰': 'previous left',
  '⇐': 'previous left',
  '⟵': 'previous left',
  '⬅': 'previous left',
  '◂': 'previous left',
  '<': 'previous left',
  '▶': 'play',
  '▲': 'up',
  '↑': 'up',
  '▼': 'down',
  '↓': 'down',
  '⌄': 'down',
  '▾': 'down',
  '+': 'plus',
  '−': 'minus',
  '÷': 'divide',
  '=': 'equals',
  '%': 'percent',
  '±': 'sign',
  '⇄': 'swap',
  '⇅': 'swap',
  '➕': 'plus',
  '➖': 'minus',
  '⚙': 'settings',
  '🔔': 'notifications',
  '👤': 'user',
  '🏠': 'home',
  '⌂': 'home',
  '✉': 'mail',
  '📧': 'mail',
  '🗑': 'delete',
  '✎': 'edit',
  '✏': 'edit',
  '⏸': 'pause',
  '⟳': 'refresh',
  '↻': 'refresh',
  '📍': 'location',
  '🙂': 'smiley face',
  '😀': 'smiley face',
  '😊': 'smiley face',
  '☺': 'smiley face',
  '☀': 'light',
  '🌙': 'dark',
  '☾': 'dark',
  '🔗': 'share',
  '📅': 'calendar',
  '🎤': 'microphone',
};

/** Words that mean the same control; every word maps to its group's first word. */
const SYNONYM_GROUPS: string[][] = [
  ['close', 'x', 'dismiss', 'times', 'cross', 'exit', 'xmark', 'remove', 'hide'],
  ['menu', 'hamburger', 'burger', 'bars', 'navicon', 'dropdown'],
  ['search', 'magnifier', 'magnifying', 'magnify', 'find', 'lookup', 'loupe'],
  ['cart', 'basket', 'bag', 'trolley', 'shopping'],
  ['signup', 'register', 'registration', 'join', 'enroll', 'enrol', 'getstarted'],
  ['theme', 'dark', 'light', 'moon', 'sun', 'contrast', 'scheme'],
  ['login', 'signin', 'logon'],
  ['checkout', 'pay', 'payment', 'purchase'],
  ['completed', 'finished', 'done', 'complete'],
  ['clear', 'remove', 'erase', 'reset'],
  // "The icon with four arrows pointing outwards" is how the full-screen icon is described.
  ['fullscreen', 'maximize', 'maximise', 'expand', 'outwards', 'outward'],
  ['sidebar', 'sidenav', 'drawer'],
  ['lightbulb', 'bulb', 'idea'],
  ['user', 'profile', 'account', 'avatar', 'person'],
  ['heart', 'like', 'favorite', 'favourite', 'wishlist', 'fav', 'love'],
  ['settings', 'gear', 'cog', 'preferences', 'config'],
  ['home', 'house'],
  ['notifications', 'bell', 'notification', 'alerts'],
  ['plus', 'add', 'increment', 'increase', 'new'],
  ['minus', 'decrement', 'decrease', 'subtract'],
  ['delete', 'trash', 'bin', 'garbage', 'remove'],
  ['edit', 'pencil', 'pen', 'modify'],
  ['next', 'forward', 'chevron right', 'arrow right', 'right arrow', 'onward', 'skip'],
  ['previous', 'prev', 'back', 'chevron left', 'arrow left', 'left arrow', 'backward'],
  ['more', 'ellipsis', 'dots', 'kebab', 'overflow', 'options'],
  ['star', 'rate', 'rating'],
  ['mail', 'email', 'envelope', 'message'],
  ['share', 'link'],
  ['play', 'start'],
  ['location', 'pin', 'map', 'marker'],
  ['filter', 'funnel'],
  ['pagination', 'pager', 'paging', 'paginator'],
  ['carousel', 'slider', 'slideshow'],
  ['logout', 'signout', 'logoff'],
  ['refresh', 'reload', 'sync', 'clockwise', 'rotate'],
  ['dark', 'moon', 'night'],
  ['light', 'sun'],
  ['camera', 'photo', 'snapshot'],
  ['calendar', 'date', 'schedule'],
  ['compose', 'write', 'writing'],
  ['comment', 'chat', 'speech', 'bubble', 'conversation', 'message'],
  ['paperclip', 'attachment', 'attach', 'clip'],
  ['link', 'chain', 'hyperlink'],
  ['blockquote', 'quote', 'quotation'],
  ['strike', 'strikethrough', 'crossed'],
  ['cut', 'scissors'],
  // Short forms a control shows for a word a person says in full ("Sort descending" for "Desc").
  ['ascending', 'asc'],
  ['descending', 'desc'],
  ['quantity', 'qty'],
  ['number', 'num', 'no'],
  ['information', 'info'],
  ['statistics', 'stats'],
  ['documentation', 'docs'],
  ['contents', 'toc'],
  // A speaker drawn on a control is its mute toggle (jPlayer's "mute" button).
  ['volume', 'speaker', 'sound', 'mute'],
  // What a toolbar's pictures are called by what they show: a printer prints, a floppy disk
  // saves, a paint bucket fills, a paint roller copies formatting, a sigma sums.
  ['print', 'printer'],
  ['save', 'floppy', 'diskette'],
  ['fill', 'bucket', 'bgcolor'],
  ['paintformat', 'roller', 'painter'],
  ['formula', 'sigma', 'function'],
  // A toggle shown pressed is the active one (its class says "active", aria says pressed).
  ['active', 'pressed'],
  ['maximum', 'max'],
  ['minimum', 'min'],
];

/** Each word's groups (a word can mean two things: "remove" is delete, and clear). */
const SYNONYM: Map<string, string[]> = new Map();
// Query words and class words are stemmed before they are compared ("notifications" arrives as
// "notification"), so each group word is keyed by its stem too, unless the stem is a word of
// its own: "bars" is the menu icon, a "bar" is a chart's or a progress bar (hints.ts reads an
// icon class "fa-bars" before stemming).
const STEM_HOMONYMS = new Set(['bar']);
for (const group of SYNONYM_GROUPS)
  for (const w of new Set(group.flatMap((x) => [x, stem(x)].filter((y) => y === x || !STEM_HOMONYMS.has(y)))))
    SYNONYM.set(w, [...(SYNONYM.get(w) ?? []), group[0] as string]);

/**
 * Memo for the pure string functions below: one resolve compares every query with every
 * element's texts, so the same few hundred strings are normalised thousands of times
 * (normalize was ~60 % of resolve time). Bounded; clearing it never changes an answer.
 * Keys are the argument strings themselves: the snapshot hands in the same string objects
 * every time, and V8 keeps a string's hash in the string, so a lookup costs no hashing.
 */
function memo<T>(fn: (s: string) => T): (s: string) => T {
  const cache = new Map<string, T>();
  return (s) => {
    let v = cache.get(s);
    if (v === undefined) {
      if (cache.size >= 50_000) cache.clear();
      v = fn(s);
      cache.set(s, v);
    }
    return v;
  };
}

/** Two-argument memo, one map per first argument (a joined key would be a new string to hash on every call). */
function memo2<T>(fn: (a: string, b: string) => T): (a: string, b: string) => T {
  const cache = new Map<string, Map<string, T>>();
  let size = 0;
  return (a, b) => {
    let inner = cache.get(a);
    if (!inner) {
      inner = new Map();
      cache.set(a, inner);
    }
    let v = inner.get(b);
    if (v === undefined) {
      if (size >= 50_000) {
        cache.clear();
        size = 0;
        inner = new Map();
        cache.set(a, inner);
      }
      v = fn(a, b);
      inner.set(b, v);
      size++;
    }
    return v;
  };
}

/**
 * Phrases people use for one thing, read as the word the page (or its icon set) uses:
 * "three-line menu" is the menu icon, "three dots" the more menu, "side menu" the sidebar.
 */
const PHRASES: [RegExp, string][] = [
  [/\b(?:three|3)[ -]?(?:lines?|bars?|stripes?|dashes)\b/g, 'menu'],
  [/\b(?:three|3)[ -]?dots?\b/g, 'more'],
  [/\bside[ -]?(?:menu|nav|navigation|panel|bar)\b/g, 'sidebar'],
  [/\bfull[ -]screen\b/g, 'fullscreen'],
  [/\bbar[ -]?(?:chart|graph)s?\b/g, 'chart'],
  [/\b(?:check|tick)[ -]?mark\b/g, 'check'],
  [/\b(?:x|cross)[ -]mark\b/g, 'close'],
  [/\b(?:trash|garbage|rubbish)[ -]?(?:can|bin)\b/g, 'trash'],
  [/\b(?:magnifying|magnifier)[ -]glass\b/g, 'search'],
  [/\b(?:sign|log)[ -]?(?:in|on)\b/g, 'login'],
  [/\b(?:sign|log)[ -]?(?:out|off)\b/g, 'logout'],
  [/\bsign[ -]?up\b/g, 'signup'],
  [/\b(?:creat(?:e|ing)|open(?:ing)?|mak(?:e|ing)) (?:an |a |your )?(?:(new|free|personal|business) )?account\b/g, 'signup $1'],
  [/\blight[ -]?bulb\b/g, 'lightbulb'],
  [/\b(?:dark|light|night|colou?r)[ -]mode\b/g, 'theme'],
  [/\bget[ -]started\b/g, 'getstarted'],
];

/** Lower-case, accents removed, glyphs spelled out, punctuation to spaces, spaces collapsed. */
export const normalize = memo(normalizeUncached);

function normalizeUncached(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFKD')) {
    const g = GLYPHS[ch];
    if (g) out += ` ${g} `;
    else out += ch;
  }
  let t = out
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  for (const [re, word] of PHRASES) t = t.replace(re, word);
  // "$120.00" is 120: zero cents are noise that makes every price look alike.
  return t.replace(/\b(\d+) 00\b/g, '$1');
}

/** Crude English stemming: enough for "items"/"item", "boxes"/"box", "cities"/"city". */
export function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 4 && /(ses|xes|ches|shes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  return w;
}

/** Words that carry no identity in a step ("the", "on", ...). */
export const STOPWORDS = new Set([
  'the',
  'a',
  'an',
  'on',
  'in',
  'into',
  'at',
  'of',
  'to',
  'for',
  'with',
  'and',
  'or',
  'from',
  'by',
  'this',
  'that',
  'these',
  'those',
  'its',
  'it',
  'is',
  'are',
  'be',
  'which',
  'labeled',
  'labelled',
  'called',
  'named',
  'titled',
  'saying',
  'says',
  'reads',
  'reading',
  'text',
  'marked',
  'shown',
  'displayed',
  'page',
  'screen',
  'section',
  'area',
  'then',
  'again',
  'once',
  'field',
  'please',
  'option',
  'his',
  'her',
  'their',
  'my',
  'your',
  'our',
  'just',
  'immediately',
  'directly',
  'very',
  'whole',
  'entire',
]);

// Memoised results are shared: callers copy before mutating (none does today).
export const tokens: (s: string) => readonly string[] = memo((s) => {
  const n = normalize(s);
  return n ? n.split(' ') : [];
});

/** Content tokens, stemmed, stopwords dropped. */
export const contentTokens: (s: string) => readonly string[] = memo((s) =>
  tokens(s)
    .filter((t) => !STOPWORDS.has(t))
    .map(stem),
);

/** Two (stemmed) words mean the same control: equal, or in a synonym group together. */
export function synonyms(a: string, b: string): boolean {
  if (a === b) return true;
  const ga = SYNONYM.get(a);
  const gb = SYNONYM.get(b);
  if (ga && gb) return ga.some((g) => gb.includes(g));
  return (!!ga && ga.includes(b)) || (!!gb && gb.includes(a));
}

/** Splits class names and ids into words: "btnAddToCart fa-shopping-cart" -> btn add to cart fa shopping cart. */
export const hintTokens: (s: string) => readonly string[] = memo((s) => tokens(s.replace(/([a-z])([A-Z])/g, '$1 $2')).map(stem));

/** A word that only means the same as another (a synonym, not the word itself) counts this much of a match, in text and in hints. */
const SYNONYM_MATCH = 0.9;

/** 0..1 similarity of two single words, tolerant to small typos on longer words. */
export function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (synonyms(a, b)) return SYNONYM_MATCH;
  const max = Math.max(a.length, b.length);
  if (max < 4) return 0;
  const r = 1 - distance(a, b) / max;
  return r >= 0.75 ? r * 0.9 : 0;
}

/**
 * How well `query` describes `text`, 0..1. Exact (normalised) = 1; the whole query as
 * a word run inside the text scores by how much of the text it covers; otherwise a
 * token F-measure with typo-tolerant word matching; whole-string edit distance catches
 * "Signin" vs "Sign in".
 */
export const textSimilarity: (query: string, text: string) => number = memo2(textSimilarityUncached);

/** Similarity of a capitalised abbreviation to the words it abbreviates: nearly the name itself. */
const W_ACRONYM = 0.9;

/** The first letters of a text's words: "frequently asked questions" -> "faq". */
function initials(t: string): string {
  return t
    .split(' ')
    .map((w) => w[0] ?? '')
    .join('');
}

function textSimilarityUncached(query: string, text: string): number {
  const q = normalize(query);
  const t = normalize(text);
  // Pure punctuation labels ("=", "-", "."): compare as written.
  if (!q && query.trim()) return query.trim() === text.trim() ? 1 : 0;
  if (!q || !t) return 0;
  if (q === t) return 1;
  const qc = q.replace(/ /g, '');
  const tc = t.replace(/ /g, '');
  if (qc === tc) return 0.97;
  let best = 0;
  if ((' ' + t + ' ').includes(' ' + q + ' ')) best = Math.max(best, 0.72 + 0.23 * (q.length / t.length));
  else if ((' ' + q + ' ').includes(' ' + t + ' ')) best = Math.max(best, 0.35 + 0.4 * (t.length / q.length));
  // "the FAQ" for "Frequently Asked Questions": a name in capitals spelled by the text's initials.
  if (/^[A-Z]{2,5}s?$/.test(query.trim()) && initials(t) === q.replace(/s$/, '')) best = Math.max(best, W_ACRONYM);
  if (qc.length >= 4 && tc.length >= 4 && Math.abs(qc.length - tc.length) <= 3) {
    const r = 1 - distance(qc, tc) / Math.max(qc.length, tc.length);
    if (r >= 0.8) best = Math.max(best, r * 0.92);
  }
  const qt = contentTokens(q);
  const tt = contentTokens(t);
  // "increase" for a "+" (read "plus"): the same control named by a synonym.
  if (qt.length && qt.length === tt.length && qt.every((w, i) => synonyms(w, tt[i] as string))) best = Math.max(best, 0.9);
  // "the left arrow" for "Previous", "the double left arrow" for "Previous week": two words that
  // are one synonym of a word the text shows read as that word.
  for (let k = 0; k + 1 < qt.length; k++) {
    const pair = `${qt[k] as string} ${qt[k + 1] as string}`;
    const w = tt.find((x) => synonyms(pair, x));
    if (w) best = Math.max(best, SYNONYM_MATCH * textSimilarity([...qt.slice(0, k), w, ...qt.slice(k + 2)].join(' '), t));
  }
  if (qt.length && tt.length) {
    const used = new Set<number>();
    let hit = 0;
    for (const w of qt) {
      let bestJ = -1;
      let bestS = 0;
      for (let j = 0; j < tt.length; j++) {
        if (used.has(j)) continue;
        const s = wordSimilarity(w, tt[j] as string);
        if (s > bestS) {
          bestS = s;
          bestJ = j;
        }
      }
      if (bestJ >= 0) {
        used.add(bestJ);
        hit += bestS;
      }
    }
    const recall = hit / qt.length;
    const precision = hit / tt.length;
    if (hit > 0) best = Math.max(best, 0.85 * ((2 * recall * precision) / (recall + precision)) * (0.5 + 0.5 * recall));
  }
  return Math.min(1, best);
}

/**
 * Brands whose logo is an icon on its own. "The YouTube play icon", "the Twitter bird": the
 * brand names the icon and the other words describe the logo's drawing, which no class spells.
 */
const BRANDS = new Set([
  'facebook',
  'twitter',
  'instagram',
  'linkedin',
  'github',
  'gitlab',
  'youtube',
  'pinterest',
  'dribbble',
  'behance',
  'tiktok',
  'whatsapp',
  'telegram',
  'discord',
  'slack',
  'reddit',
  'google',
  'apple',
  'android',
  'spotify',
  'twitch',
  'vimeo',
  'skype',
  'medium',
  'mastodon',
]);

/** A query word that ends one of the element's one-word class names counts this much of a word. */
const COMPOUND_HEAD_MATCH = 0.6;

/** Fraction (0..1) of query words found among hint words (classes, ids, icon names), synonyms allowed. */
export function hintSimilarity(queryWords: readonly string[], hints: readonly string[], compounds: readonly string[] = []): number {
  if (!queryWords.length || (!hints.length && !compounds.length)) return 0;
  let hit = 0;
  for (const w of queryWords) {
    if (hints.some((h) => synonyms(w, h))) {
      if (BRANDS.has(w)) return 1;
      // "the bell": a class that writes "bell" says more than an id saying "notification".
      hit += hints.includes(w) ? 1 : SYNONYM_MATCH;
    } else if (hints.some((h) => wordSimilarity(w, h) >= 0.8)) hit += 0.8;
    // "superscript" where the markup splits it: class "ql-script", value "super".
    else if (
      w.length >= 6 &&
      hints.some(
        (h) =>
          h.length >= 2 &&
          w.length > h.length &&
          ((w.startsWith(h) && hints.includes(w.slice(h.length))) || (w.endsWith(h) && hints.includes(w.slice(0, -h.length)))),
      )
    )
      hit += 0.8;
    // "the left editor" where the element's own class is "jsoneditor": a compound's head is its last word.
    else if (w.length >= 5 && compounds.some((h) => h.length >= w.length + 3 && h.endsWith(w))) hit += COMPOUND_HEAD_MATCH;
  }
  return hit / queryWords.length;
}
