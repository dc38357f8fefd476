// Element kinds: what a snapshot element is (button, field, card...), the words steps use
// for each, and how well an element of one kind serves a step asking for another.
import type { ElementSnapshot } from './snapshot.ts';
import { hintTokens } from './text.ts';
import * as W from './weights.ts';

export type Kind =
  | 'button'
  | 'link'
  | 'icon'
  | 'tab'
  | 'field'
  | 'checkbox'
  | 'radio'
  | 'select'
  | 'switch'
  | 'slider'
  | 'image'
  | 'card'
  | 'item'
  | 'cell'
  | 'row'
  | 'option'
  | 'menuitem'
  | 'heading'
  | 'badge'
  | 'code'
  | 'question';

/** Words (already lower-case; multi-word first) a step uses to name a kind. */
export const KIND_WORDS: [string, Kind][] = [
  ['radio button', 'radio'],
  ['check box', 'checkbox'],
  ['tick box', 'checkbox'],
  ['text field', 'field'],
  ['text box', 'field'],
  ['input field', 'field'],
  ['input box', 'field'],
  ['search bar', 'field'],
  ['search box', 'field'],
  ['search field', 'field'],
  ['search input', 'field'],
  ['drop down', 'select'],
  ['menu item', 'menuitem'],
  ['text area', 'field'],
  ['list item', 'item'],
  ['nav link', 'link'],
  ['button', 'button'],
  ['btn', 'button'],
  ['link', 'link'],
  ['hyperlink', 'link'],
  ['icon', 'icon'],
  ['tab', 'tab'],
  ['field', 'field'],
  ['input', 'field'],
  ['textbox', 'field'],
  ['textarea', 'field'],
  ['searchbar', 'field'],
  ['searchbox', 'field'],
  ['checkbox', 'checkbox'],
  ['tickbox', 'checkbox'],
  ['radio', 'radio'],
  ['dropdown', 'select'],
  ['select', 'select'],
  ['selector', 'select'],
  ['combobox', 'select'],
  ['picker', 'select'],
  ['toggle', 'switch'],
  ['switch', 'switch'],
  ['slider', 'slider'],
  ['image', 'image'],
  ['img', 'image'],
  ['photo', 'image'],
  ['picture', 'image'],
  ['thumbnail', 'image'],
  ['logo', 'image'],
  ['diagram', 'image'],
  ['chart', 'image'],
  ['graph', 'image'],
  ['illustration', 'image'],
  ['figure', 'image'],
  ['card', 'card'],
  ['tile', 'cell'],
  ['item', 'item'],
  ['product', 'card'],
  ['result', 'card'],
  ['listing', 'card'],
  ['entry', 'item'],
  ['post', 'card'],
  ['project', 'card'],
  ['question', 'question'],
  ['checkmark', 'checkbox'],
  ['tick', 'checkbox'],
  ['code block', 'code'],
  ['snippet', 'code'],
  ['badge', 'badge'],
  ['pill', 'badge'],
  ['chip', 'badge'],
  ['review', 'card'],
  ['cell', 'cell'],
  ['square', 'cell'],
  ['day', 'cell'],
  ['date', 'cell'],
  ['seat', 'cell'],
  ['slot', 'cell'],
  ['row', 'row'],
  ['option', 'option'],
  ['choice', 'option'],
  ['article', 'card'],
  ['story', 'card'],
  ['hotel', 'card'],
  ['property', 'card'],
  ['heading', 'heading'],
  ['title', 'heading'],
  ['arrow', 'icon'],
  ['chevron', 'icon'],
];

/** How well an element of kind B serves a step asking for kind A (0 = not at all). */
const COMPAT: Record<Kind, Partial<Record<Kind, number>>> = {
  button: {
    button: 1,
    icon: 0.85,
    link: 0.6,
    tab: 0.5,
    menuitem: 0.6,
    option: 0.4,
    switch: 0.5,
    card: 0.3,
    select: 0.5,
    item: 0.3,
    cell: 0.3,
  },
  link: { link: 1, button: 0.6, menuitem: 0.6, tab: 0.5, icon: 0.4, item: 0.3, card: 0.3, image: 0.3 },
  icon: { icon: 1, button: 0.5, image: 0.6, link: 0.4, switch: 0.4 },
  tab: { tab: 1, button: 0.7, link: 0.7, item: 0.4 },
  field: { field: 1, select: 0.4 },
  checkbox: { checkbox: 1, switch: 0.8, radio: 0.3, button: 0.45, icon: 0.45 },
  radio: { radio: 1, checkbox: 0.3, option: 0.6, button: 0.5, tab: 0.5 },
  select: { select: 1, button: 0.5, field: 0.4 },
  switch: { switch: 1, checkbox: 0.9, button: 0.5 },
  slider: { slider: 1 },
  image: { image: 1, icon: 0.5, card: 0.3, link: 0.2, button: 0.3 },
  card: { card: 1, item: 0.8, cell: 0.7, row: 0.4, button: 0.15, link: 0.2 },
  item: { item: 1, card: 0.9, menuitem: 0.9, option: 0.9, row: 0.6, cell: 0.6, link: 0.4, button: 0.4 },
  cell: { cell: 1, card: 0.8, item: 0.6, button: 0.5 },
  row: { row: 1, item: 0.8, card: 0.6 },
  option: { option: 1, menuitem: 0.8, item: 0.7, radio: 0.7, button: 0.4, link: 0.3 },
  menuitem: { menuitem: 1, item: 0.8, link: 0.7, button: 0.6, option: 0.7 },
  heading: { heading: 1, link: 0.4, button: 0.3 },
  badge: { badge: 1, button: 0.5, link: 0.4, item: 0.3, icon: 0.3 },
  code: { code: 1, item: 0.3 },
  // An FAQ entry: the line that asks it (its text ends in "?"), else the row or button holding it.
  question: { question: 1, item: 0.4, heading: 0.4, button: 0.4, link: 0.3, card: 0.3 },
};

/** Class words of a strip that is a bar, not an icon drawn long and thin. */
const STRIP_HINT = /(^|[-_ ])(bar|progress|slider|track|range|seek)([-_ ]|$)/;

export function kindCompat(asked: Kind, is: Kind): number {
  return COMPAT[asked][is] ?? 0;
}

const TEXT_INPUTS = new Set([
  '',
  'text',
  'search',
  'email',
  'password',
  'tel',
  'url',
  'number',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
]);
const CARD_WORDS = new Set([
  'card',
  'product',
  'listing',
  'result',
  'post',
  'hotel',
  'property',
  'article',
  'plan',
  'course',
  'recipe',
  'movie',
  'tile',
]);
const CELL_WORDS = new Set(['cell', 'square', 'tile', 'slot', 'box', 'day', 'date']);

/** Class names starting with an action name a control, not an entity: "add-card" is a button, not a card. */
export const ACTION_PREFIXES: ReadonlySet<string> = new Set([
  'add',
  'new',
  'create',
  'remove',
  'delete',
  'edit',
  'show',
  'toggle',
  'open',
  'close',
  'view',
  'load',
  'more',
  'next',
  'prev',
]);

/** Last word of each class name: "product-card" -> card, "card-body" -> body; "add-card" -> none. */
function classHeads(classes: string[]): string[] {
  return classes
    .map((c) => {
      const words = hintTokens(c);
      return words.length > 1 && ACTION_PREFIXES.has(words[0] as string) ? '' : (words.at(-1) ?? '');
    })
    .filter(Boolean);
}

const CHECK_WORDS = new Set(['check', 'checkbox', 'checkmark', 'tick', 'tickbox', 'checker']);
const IMAGE_HEADS = new Set(['photo', 'image', 'img', 'picture', 'pic', 'thumb', 'thumbnail', 'avatar', 'cover', 'poster']);

/** Kinds this element is, with a degree 0..1 each. */
export function elementKinds(e: ElementSnapshot): Map<Kind, number> {
  const k = new Map<Kind, number>();
  const put = (kind: Kind, d: number) => {
    if ((k.get(kind) ?? 0) < d) k.set(kind, d);
  };
  const tag = e.tag;
  const role = e.role;
  const type = (e.inputType ?? '').toLowerCase();
  const heads = classHeads(e.classes);
  const classWords = new Set(e.classes.flatMap((c) => hintTokens(c)));

  if (tag === 'button' || role === 'button' || (tag === 'input' && ['button', 'submit', 'reset', 'image'].includes(type))) put('button', 1);
  if (classWords.has('btn') || classWords.has('button')) put('button', 1);
  if ((tag === 'a' && e.href !== undefined) || role === 'link') {
    // A link drawn as a filled box of a button's height with words in it is a button to the
    // eye ("Get started" on a purple fill), and less of a link than one drawn as coloured text.
    const filled = !!e.look?.bg && !k.has('button') && /\p{L}{2,}/u.test(e.text) && e.box.height >= 28;
    put('link', filled ? W.FILLED_LINK_AS_LINK : 1);
    if (filled) put('button', W.FILLED_LINK_AS_BUTTON);
  }
  // A button drawn as bare text (no fill, no border) looks like a link and is called one ("Clear completed").
  if (k.has('button') && e.look && !e.look.bg && !e.look.border && /\p{L}{2,}/u.test(e.text)) put('link', W.BARE_BUTTON_AS_LINK);
  if (e.editable || role === 'textbox' || role === 'searchbox' || (tag === 'input' && TEXT_INPUTS.has(type)) || tag === 'textarea')
    put('field', 1);
  if ((tag === 'input' && type === 'checkbox') || role === 'checkbox') put('checkbox', 1);
  // A round "check" button or a toggled (aria-pressed) control is a checkbox to the user who clicks it.
  if (e.interactive && [...classWords].some((w) => CHECK_WORDS.has(w)) && !/[\p{L}\p{N}]{3,}/u.test(e.text)) put('checkbox', 0.9);
  // A small empty square "box" one clicks is a tick box.
  if (e.interactive && classWords.has('box') && e.box.width <= 40 && e.box.height <= 40 && !/[\p{L}\p{N}]/u.test(e.text))
    put('checkbox', 0.9);
  if (e.interactive && e.checked !== undefined && role !== 'checkbox' && role !== 'radio') {
    put('checkbox', 0.7);
    put('switch', 0.8);
  }
  if ((tag === 'input' && type === 'radio') || role === 'radio') put('radio', 1);
  // A switch by role or class; "toggle" only as a class's last word ("dropdown-toggle" and "navbar-toggler" open menus).
  if (role === 'switch' || classWords.has('switch') || heads.includes('toggle'))
    put('switch', heads.includes('toggle') && e.classes.some((c) => /(dropdown|navbar|nav|menu|sidebar)[-_]?toggle/i.test(c)) ? 0 : 1);
  // A checkbox drawn as a switch by its wrapper ("form-switch", read into iconHint by the snapshot).
  if (k.has('checkbox') && /\bswitch\b/.test(hintTokens(e.iconHint ?? '').join(' '))) put('switch', 1);
  // A switch is nearly a checkbox, not one: "the second checkbox" does not count it.
  if ((k.get('switch') ?? 0) >= 1 && k.has('checkbox')) k.set('checkbox', Math.min(k.get('checkbox') ?? 0, W.SWITCH_AS_CHECKBOX));
  if ((tag === 'input' && type === 'range') || role === 'slider') put('slider', 1);
  if (tag === 'select' || role === 'combobox' || role === 'listbox' || heads.some((h) => h === 'dropdown' || h === 'select'))
    put('select', 1);
  // jQuery UI marks an accordion's headers role="tab" too; a person sees stacked section headers, not tabs.
  if (role === 'tab' || heads.includes('tab')) put('tab', classWords.has('accordion') ? W.ACCORDION_HEADER_AS_TAB : 1);
  if (['img', 'svg', 'canvas', 'picture', 'video'].includes(tag) || role === 'img' || (tag === 'input' && type === 'image'))
    put('image', 1);
  if (heads.some((h) => IMAGE_HEADS.has(h))) put('image', 0.9);
  if (tag === 'option' || role === 'option') put('option', 1);
  if (role === 'menuitem' || (heads.includes('item') && classWords.has('menu'))) put('menuitem', 1);
  if (tag === 'tr' || role === 'row') put('row', 1);
  if (tag === 'td' || role === 'gridcell' || role === 'cell') put('cell', 1);
  if (tag === 'th') put('cell', 0.6);
  // "the Stars column heading": a column's (or row's) header cell is the heading of its column.
  if (tag === 'th' || role === 'columnheader' || role === 'rowheader') put('heading', W.TABLE_HEADER_AS_HEADING);
  if (heads.some((h) => CELL_WORDS.has(h))) put('cell', 1);
  // A small square drawn in a colour of its own, showing nothing (a game's food block, a swatch): "the red square".
  const { width: w, height: h } = e.box;
  if (
    e.look?.bg &&
    !k.has('image') &&
    !e.text.trim() &&
    w >= 4 &&
    w <= W.DRAWN_SQUARE_MAX_PX &&
    h <= W.DRAWN_SQUARE_MAX_PX &&
    Math.abs(w - h) <= w * 0.2
  )
    put('cell', W.DRAWN_SQUARE_AS_CELL);
  if (tag === 'li') put('item', 1);
  if (heads.some((h) => h === 'item' || h === 'entry')) put('item', 1);
  if (tag === 'article' || heads.some((h) => CARD_WORDS.has(h))) put('card', 1);
  if (/^h[1-6]$/.test(tag) || role === 'heading') put('heading', 1);
  // A title by its class ("group-title", "card-header-title"), or by its look: short, bold, large text.
  if (!e.interactive && heads.some((h) => h === 'title' || h === 'heading' || h === 'headline' || h === 'subtitle')) put('heading', 0.8);
  // A box's header showing a short title ("w2ui-form-header", "card-header": "Edit Record"), not a page's header region.
  if (!e.interactive && heads.includes('header') && e.text.length > 0 && e.text.length <= W.HEADER_TITLE_MAX_CHARS) put('heading', 0.7);
  if (!e.interactive && e.look?.bold && (e.look.fontPx ?? 0) >= 18 && e.text.length > 0 && e.text.length <= 40) put('heading', 0.7);
  if (heads.some((h) => h === 'badge' || h === 'pill' || h === 'chip' || h === 'tag')) put('badge', 1);
  if (tag === 'pre' || (tag === 'code' && e.box.height > 40)) put('code', 1);

  const small = e.box.width > 0 && e.box.width <= 64 && e.box.height <= 64;
  // Material Icons and Material Symbols draw a ligature: the text "settings" is the gear glyph.
  const ligature = classWords.has('material') && (classWords.has('icon') || classWords.has('symbol'));
  const glyphOnly = e.textHidden === true || ligature || !/[\p{L}\p{N}]{2,}/u.test(e.text);
  const iconClass = [...classWords].some(
    (w) => w === 'icon' || w === 'fa' || w === 'fas' || w === 'far' || w === 'bi' || w === 'material' || w === 'glyphicon' || w === 'ion',
  );
  /** Tags that draw a picture of their own: an SVG, an icon font's <i>, an image. */
  const drawnTag = tag === 'svg' || tag === 'i' || tag === 'img';
  // A blank clickable strip far longer than high (a player's volume bar, 46x5) is a bar, not an
  // icon, unless an icon class draws it (css.gg's menu icon is a 20x2 line with two more in its
  // pseudo-elements); a hint that says bar ("jp-volume-bar-value") is no icon class.
  const blankStrip =
    (!e.iconHint || STRIP_HINT.test(e.iconHint)) && !e.pseudo && !e.text.trim() && !drawnTag && Math.max(w, h) > 4 * Math.min(w, h);
  if (small && glyphOnly && !blankStrip && (e.interactive || drawnTag))
    // A drawn icon (SVG, icon font, image) is more of an icon than a character of text ("1" on a carousel dot).
    put('icon', e.iconHint || drawnTag || e.pseudo || !/[\p{L}\p{N}]/u.test(e.text) ? 1 : W.TEXT_GLYPH_AS_ICON);
  else if (iconClass && glyphOnly) put('icon', 0.9);
  // A named control that shows no words reads as an icon, unless it is a field or a slider (a
  // volume slider labelled "Volume" is not "the speaker icon").
  else if (
    glyphOnly &&
    !blankStrip &&
    e.interactive &&
    (e.iconHint || e.ariaLabel || e.title || e.pseudo) &&
    !k.has('field') &&
    !k.has('slider')
  )
    put('icon', 0.8);

  // A clickable div/span/li that is nothing else reads as a button to whoever wrote the step.
  if (e.interactive && k.size === 0) put('button', 0.8);
  if (e.interactive && (k.has('card') || k.has('item') || k.has('cell'))) put('button', 0.6);
  // "The question about loans": an FAQ line is read as a question by its own words, whatever its tag
  // (after the lines above, which read what the element is without it).
  if (e.text.length <= 200 && asksQuestion(e.text)) put('question', 1);
  return k;
}

/**
 * The text ends in a question mark and its last sentence has a word: what
 * /\p{L}{2,}[^.!]*\?\s*$/u says, without that pattern's backtracking from every letter (a
 * fifth of all resolver time on real pages).
 */
export function asksQuestion(text: string): boolean {
  const t = text.trimEnd();
  if (!t.endsWith('?')) return false;
  const start = Math.max(t.lastIndexOf('.'), t.lastIndexOf('!')) + 1;
  return /\p{L}{2}/u.test(t.slice(start, -1));
}

/** 0..1: how well an element serves any of the asked kinds. */
export function bestKindFit(asked: Kind[], kinds: Map<Kind, number>): number {
  let best = 0;
  for (const a of asked) for (const [is, d] of kinds) best = Math.max(best, kindCompat(a, is) * d);
  return best;
}

/** Nouns for something that shows text ("the 8am time label", "the caption"): the target has words of its own. */
export const TEXT_NOUNS: ReadonlySet<string> = new Set(['text', 'label', 'word', 'words', 'caption', 'title']);
