// What an element's markup says about it in words: its classes, id and the icon words the
// snapshot read from its subtree, split into hint words, with the names icon sets mean by
// theirs. Pure.
import type { ElementSnapshot } from './snapshot.ts';
import { hintTokens, tokens } from './text.ts';

/**
 * Icon names that mean something else to the eye: Bootstrap Icons' "list" and "justify" are
 * the three-line menu, Font Awesome's "reorder" and "th" the list and grid views, "three-dots"
 * and "grip" the more menu. An alias may be several words. Read only next to an icon set's
 * class word, so a "list" class on a plain list stays a list.
 */
const ICON_ALIASES: Record<string, string> = {
  list: 'menu',
  justify: 'menu',
  bars: 'menu',
  // Font Awesome's view switchers: "reorder" (three bars) is the list view, "th" the grid.
  reorder: 'list',
  th: 'grid',
  grip: 'more',
  kebab: 'more',
  meatball: 'more',
  x: 'close',
  'x-lg': 'close',
  funnel: 'filter',
  sliders: 'settings',
  sun: 'light',
  moon: 'dark',
  // Font Awesome's "sort" is a caret up over a caret down: "the small up-and-down arrows".
  sort: 'up down',
};
const ICON_SETS = new Set([
  'bi',
  'fa',
  'fas',
  'far',
  'fab',
  'ti',
  'mdi',
  'la',
  'las',
  'ri',
  'icon',
  'glyphicon',
  'ion',
  'feather',
  'lucide',
  'bx',
  'bxs',
  'material',
]);

// A utility class under a variant ("dark:bg-gray-800", "hover:text-purple-600") styles another
// state or screen, not what the element is: a "dark:" on every control does not make each a dark-mode toggle.
// So does a font weight ("font-light", "fw-bold"): a light weight is no light-mode sun.
const FONT_WEIGHT_CLASS = /^(?:font|fw|font-weight)-(?:thin|extralight|light|lighter|normal|medium|semibold|bold|bolder|extrabold|black)$/;
const plainClasses = (words: readonly string[], weights = false) =>
  words.filter((c) => !c.includes(':') && (weights || !FONT_WEIGHT_CLASS.test(c))).join(' ');

/** Hint words of class and id strings: bare numbers dropped (utility classes such as "ml-4" say nothing about a "4" on screen). */
function hintWords(strings: readonly string[]): string[] {
  return strings.flatMap((x) => hintTokens(x)).filter((h) => !/^\d+$/.test(h));
}

/**
 * The icon aliases of hint strings, when an icon set's word is among the words. Looked up
 * before stemming: "bars" is the menu, "chart-bar" is not.
 */
function aliasesOf(strings: readonly string[], words: readonly string[]): string[] {
  if (!words.some((h) => ICON_SETS.has(h))) return [];
  return strings.flatMap((x) => tokens(x.replace(/([a-z])([A-Z])/g, '$1 $2'))).flatMap((h) => ICON_ALIASES[h]?.split(' ') ?? []);
}

/** An avatar is at most this big (px) and square within a pixel. */
const AVATAR_MAX = 64;
/**
 * A small round box showing someone's initials ("SN") or a picture is an avatar whatever its
 * classes say: shadcn's avatar is `rounded-full` around a fallback of initials.
 */
function isAvatar(e: ElementSnapshot): boolean {
  const { width, height } = e.box;
  if (!e.look?.round || width > AVATAR_MAX || Math.abs(width - height) > 1 || width < 16) return false;
  return e.tag === 'img' || /^[A-Z]{1,3}$/.test(e.text.trim());
}

/** An element's hint words: all of them with aliases, its own (classes and id), and the markup's alone. */
export function hintsOf(e: ElementSnapshot): { hints: string[]; ownHints: string[]; plainHints: string[]; compounds: string[] } {
  const own = [plainClasses(e.classes), e.id ?? ''];
  // Among an icon's classes a weight names the picture: x-spreadsheet's bold button is the
  // sprite "x-spreadsheet-icon-img font-bold".
  const all = [...own, plainClasses((e.iconHint ?? '').split(/\s+/), /icon/i.test(e.iconHint ?? ''))];
  const ownWords = hintWords(own);
  // A heading-level control ("ql-header" with value "2") is what a toolbar shows as "H2".
  const level = /^[1-6]$/.exec((e.iconHint ?? '').trim())?.[0];
  if (level && ownWords.some((w) => w === 'header' || w === 'heading')) ownWords.push(`h${level}`);
  // A row of a table's <thead> is its header row, whatever its classes say.
  if (/\/thead\[\d+\]\/tr\[\d+\]$/.test(e.xpath) && !ownWords.includes('header')) ownWords.push('header');
  if (isAvatar(e) && !ownWords.includes('avatar')) ownWords.push('avatar');
  const plainHints = [...ownWords, ...hintWords(all.slice(2))];
  const extra = aliasesOf(all, plainHints);
  const ownExtra = extra.length ? aliasesOf(own, ownWords) : [];
  return {
    hints: extra.length ? [...plainHints, ...extra] : plainHints,
    ownHints: ownExtra.length ? [...ownWords, ...ownExtra] : ownWords,
    plainHints,
    // A class that is one long word ("jsoneditor", "datepicker") may be words run together:
    // the component's own name, which its parts carry only as a prefix ("jsoneditor-menu").
    compounds: e.classes.filter((c) => /^[a-z]{8,}$/.test(c)),
  };
}
