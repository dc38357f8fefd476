// Step descriptions for a recording (pure): written from what the element shows, in an
// annotator's words ("Click the 'Book now' button", "Type 'Ada' into the 'Full name'
// field"), then checked by running the deterministic resolver on the same snapshot. The
// plainest wording comes first; a colour, a section, an ordinal, a grid cell or a position
// is added only when the plainer ones resolve to another element. When no wording resolves
// back, the plainest is kept and the step is flagged with the resolver's pick and its
// alternatives, for the author to reword.
import type { ElementSnapshot, PageSnapshot } from '../driver/snapshot.ts';
import { elementKinds, type Kind } from '../driver/kinds.ts';
import { colourNames, parseColour } from '../driver/colours.ts';
import { resolveStep, type Alternative } from '../driver/resolve.ts';
import type { Step } from '../task/types.ts';
import type { RawStep } from './steps.ts';

/** The word an annotator uses for each kind. */
const KIND_WORD: Record<Kind, string> = {
  button: 'button',
  link: 'link',
  icon: 'icon',
  tab: 'tab',
  field: 'field',
  checkbox: 'checkbox',
  radio: 'radio button',
  select: 'dropdown',
  switch: 'toggle',
  slider: 'slider',
  image: 'image',
  card: 'card',
  item: 'item',
  cell: 'cell',
  row: 'row',
  option: 'option',
  menuitem: 'menu item',
  heading: 'heading',
  badge: 'badge',
  code: 'code block',
  question: 'question',
};

/** When two kinds are equally sure, the one a person names first (a checkbox before the button it also is). */
const KIND_PRIORITY: Kind[] = [
  'checkbox',
  'radio',
  'switch',
  'select',
  'slider',
  'field',
  'tab',
  'option',
  'menuitem',
  'link',
  'button',
  'icon',
  'cell',
  'image',
  'card',
  'item',
  'row',
  'heading',
  'badge',
  'code',
];

const SECTION_WORD: Record<string, string> = {
  header: 'header',
  nav: 'navigation bar',
  footer: 'footer',
  aside: 'sidebar',
  form: 'form',
  dialog: 'dialog',
  main: 'main section',
};

const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
/** Quoted labels longer than this are cut at a word boundary: an annotator quotes what identifies, not a paragraph. */
const LABEL_MAX = 48;

const clean = (s: string | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** The kind a person would call the element, or undefined when it is none of them. */
export function kindOf(e: ElementSnapshot): Kind | undefined {
  const kinds = elementKinds(e);
  let best: Kind | undefined;
  let degree = 0;
  for (const k of KIND_PRIORITY) {
    const d = kinds.get(k) ?? 0;
    if (d > degree) {
      best = k;
      degree = d;
    }
  }
  return best;
}

/** What the element shows or is called, as a person would quote it ('' when nothing). */
export function labelOf(e: ElementSnapshot): string {
  const field = e.editable || e.tag === 'select';
  const candidates = field
    ? [e.name !== e.value ? e.name : '', e.placeholder, e.ariaLabel, e.title]
    : [e.text, e.name, e.alt, e.ariaLabel, e.title, e.pseudo, e.tag === 'input' ? e.value : undefined];
  for (const c of candidates) {
    const t = clean(c);
    if (/[\p{L}\p{N}]/u.test(t)) return cut(t);
  }
  return '';
}

function cut(t: string): string {
  if (t.length <= LABEL_MAX) return t;
  const words = t.split(' ');
  let out = '';
  for (const w of words) {
    if ((out + ' ' + w).trim().length > LABEL_MAX) break;
    out = (out + ' ' + w).trim();
  }
  return out || t.slice(0, LABEL_MAX);
}

/** The colour word that tells the element apart by its look (its fill, else its text). */
export function colourOf(e: ElementSnapshot): string | undefined {
  const fill = colourNames(parseColour(e.look?.bg));
  const word = fill.find((w) => w !== 'dark' && w !== 'light' && w !== 'white');
  if (word) return word;
  return colourNames(parseColour(e.look?.fg)).find((w) => w !== 'dark' && w !== 'light' && w !== 'black' && w !== 'grey');
}

function sectionOf(e: ElementSnapshot): string | undefined {
  const first = clean(e.landmark).split(' ')[0];
  return first ? SECTION_WORD[first] : undefined;
}

const quote = (s: string): string => `'${s}'`;

/** Visible elements of the same kind and label, in document order (the element's own included). */
function likeOnes(snapshot: PageSnapshot, e: ElementSnapshot, kind: Kind | undefined, label: string): ElementSnapshot[] {
  return snapshot.elements.filter(
    (o) => o.visible && kindOf(o) === kind && labelOf(o).toLowerCase() === label.toLowerCase() && !!o.interactive === !!e.interactive,
  );
}

/** Row and column (1-based) of the element among its like siblings laid out as a grid, when they are one. */
export function gridCell(snapshot: PageSnapshot, index: number): { row: number; col: number } | undefined {
  const e = snapshot.elements[index];
  if (!e) return undefined;
  const key = (o: ElementSnapshot) =>
    `${o.parent}|${o.tag}|${[...o.classes].filter((c) => !/^(active|selected|on|x|o|filled)$/i.test(c)).join('.')}`;
  const k = key(e);
  const peers = snapshot.elements.filter(
    (o) => o.visible && key(o) === k && o.xpath.slice(0, o.xpath.lastIndexOf('/')) === e.xpath.slice(0, e.xpath.lastIndexOf('/')),
  );
  if (peers.length < 4) return undefined;
  const rows = [...new Set(peers.map((o) => Math.round(o.box.y)))].sort((a, b) => a - b);
  const cols = [...new Set(peers.map((o) => Math.round(o.box.x)))].sort((a, b) => a - b);
  if (rows.length < 2 || cols.length < 2) return undefined;
  return { row: rows.indexOf(Math.round(e.box.y)) + 1, col: cols.indexOf(Math.round(e.box.x)) + 1 };
}

function positionOf(e: ElementSnapshot, snapshot: PageSnapshot): string {
  const cx = e.box.x + e.box.width / 2;
  const cy = e.box.y + e.box.height / 2;
  const v = cy < snapshot.viewport.height / 3 ? 'top' : cy > (snapshot.viewport.height * 2) / 3 ? 'bottom' : '';
  const h = cx < snapshot.viewport.width / 3 ? 'left' : cx > (snapshot.viewport.width * 2) / 3 ? 'right' : '';
  if (v && h) return `at the ${v} ${h}`;
  if (v || h) return `at the ${v || h}`;
  return 'in the middle';
}

/**
 * The noun phrases that may name the element, plainest first:
 * "the 'Save' button", "the green 'Save' button", "the 'Save' button in the header",
 * "the second 'Save' button", "the cell in row 2, column 3", "the button at the top right".
 */
export function phrasesFor(snapshot: PageSnapshot, index: number): string[] {
  const e = snapshot.elements[index];
  if (!e) return [];
  const kind = kindOf(e);
  const word = kind ? KIND_WORD[kind] : 'element';
  const label = labelOf(e);
  const colour = colourOf(e);
  const section = sectionOf(e);
  const out: string[] = [];
  const add = (p: string) => {
    if (!out.includes(p)) out.push(p);
  };
  const named = label ? `${quote(label)} ${word}` : word;
  // Checkboxes and radios are named after their label, which reads better after the kind.
  const base = label && (kind === 'checkbox' || kind === 'radio') ? `the ${word} ${quote(label)}` : `the ${named}`;
  if (label) add(base);
  if (label && !kind) add(`${quote(label)}`);
  if (colour) add(`the ${colour} ${named}`);
  if (section) add(`the ${named} in the ${section}`);
  if (colour && section) add(`the ${colour} ${named} in the ${section}`);
  // A board's square is said by its row and column before any count.
  const cell = gridCell(snapshot, index);
  if (cell) add(`the ${kind === 'cell' || !kind ? 'cell' : word} in row ${cell.row}, column ${cell.col}`);
  const like = likeOnes(snapshot, e, kind, label);
  const n = like.indexOf(e);
  if (like.length > 1 && n >= 0) {
    if (n === like.length - 1) add(`the last ${named}`);
    if (n < ORDINAL_WORDS.length) add(`the ${ORDINAL_WORDS[n]} ${named}`);
    if (section && n < ORDINAL_WORDS.length) add(`the ${ORDINAL_WORDS[n]} ${named} in the ${section}`);
  }
  if (!label) {
    if (colour) add(`the ${colour} ${word}`);
    if (section) add(`the ${word} in the ${section}`);
  }
  add(`the ${named} ${positionOf(e, snapshot)}`);
  return out;
}

const KEY_WORDS: Record<string, string> = {
  ArrowUp: 'the Up arrow key',
  ArrowDown: 'the Down arrow key',
  ArrowLeft: 'the Left arrow key',
  ArrowRight: 'the Right arrow key',
  ' ': 'Space',
};

/** How a description names a key: "Enter", "the Up arrow key", "the 'w' key". */
export function keyWords(key: string): string {
  const named = KEY_WORDS[key];
  if (named) return named;
  if ([...key].length === 1) return `the ${quote(key)} key`;
  return key;
}

/** The official step (parameters without a description yet) of a recorded action. */
export function officialStep(raw: RawStep): Step {
  const a = raw.action;
  const step = (parameters: Step['parameters']): Step => ({
    type: a.type,
    parameters,
    visual_evaluation_flag: false,
    logical_assertion: null,
  });
  if (a.type === 'Type') return step({ text: a.text });
  if (a.type === 'Press') return step({ key: a.key });
  if (a.type === 'Scroll') return step({ direction: a.direction, scroll_page: true });
  return step({});
}

/** Descriptions to try for one step, plainest first. */
export function descriptionsFor(raw: RawStep): string[] {
  const a = raw.action;
  if (a.type === 'Scroll') return [`Scroll ${a.direction}`];
  const snap = raw.snapshot;
  if (a.type === 'Press') {
    const k = keyWords(a.key);
    const el = snap && a.target >= 0 ? snap.elements[a.target] : undefined;
    // A key sent to a field is said with the field ("Press Enter in the 'Search' field"); to anything else, alone.
    if (!snap || !el || !el.editable) return [`Press ${k}`];
    return phrasesFor(snap, a.target).map((p) => `Press ${k} in ${p}`);
  }
  if (!snap) return [];
  const phrases = phrasesFor(snap, a.target);
  if (a.type === 'Type') return phrases.map((p) => `Type ${quote(a.text)} into ${p}`);
  return phrases.map((p) => `Click ${p}`);
}

export interface RoundTrip {
  /** The description resolves to the recorded element (and, for Type and Press, the same text and key). */
  ok: boolean;
  /** What the resolver picked: a snapshot index, -1 for none or the window. */
  picked: number;
  pickedXpath?: string;
  confidence?: number;
  /** Why it does not resolve back (the resolver's failure, or what it picked instead). */
  reason?: string;
  alternatives: Alternative[];
}

/** Same element for a click: the one recorded, or a wrapper/child of it with the same box. */
function sameElement(snapshot: PageSnapshot, picked: number, target: number): boolean {
  if (picked === target) return true;
  const a = snapshot.elements[picked];
  const b = snapshot.elements[target];
  if (!a || !b) return false;
  const sameBox =
    Math.abs(a.box.x - b.box.x) <= 2 &&
    Math.abs(a.box.y - b.box.y) <= 2 &&
    Math.abs(a.box.width - b.box.width) <= 2 &&
    Math.abs(a.box.height - b.box.height) <= 2;
  if (!sameBox) return false;
  const chainHas = (from: number, want: number) => {
    for (let i = snapshot.elements[from]?.parent ?? -1, guard = 0; i >= 0 && guard < 64; i = snapshot.elements[i]?.parent ?? -1, guard++)
      if (i === want) return true;
    return false;
  };
  return chainHas(picked, target) || chainHas(target, picked);
}

/**
 * Runs the deterministic resolver on the step as described, on the page the step was
 * recorded on, and says whether it lands on the recorded element.
 */
export function roundTrip(step: Step, raw: RawStep): RoundTrip {
  const a = raw.action;
  if (a.type === 'Scroll') {
    const dir = String(step.parameters.direction ?? '');
    return dir === a.direction
      ? { ok: true, picked: -1, alternatives: [] }
      : { ok: false, picked: -1, reason: `the step scrolls ${dir || 'nowhere'}, the recording ${a.direction}`, alternatives: [] };
  }
  const snap = raw.snapshot;
  if (!snap) return { ok: false, picked: -1, reason: 'no page snapshot was recorded for this step', alternatives: [] };
  const r = resolveStep(step, snap);
  if (!r.ok) return { ok: false, picked: -1, reason: r.reason, alternatives: r.alternatives };
  const base = { picked: r.index, pickedXpath: r.xpath || undefined, confidence: r.confidence, alternatives: r.alternatives };
  if (a.type === 'Type' && r.typed !== a.text)
    return { ...base, ok: false, reason: `the resolver would type ${quote(r.typed ?? '')}, not ${quote(a.text)}` };
  if (a.type === 'Press' && r.key !== a.key)
    return { ...base, ok: false, reason: `the resolver would press ${r.key ?? 'nothing'}, not ${a.key}` };
  // A key pressed with nothing focused goes to the page: the resolver agrees when it picks no element either.
  if (a.type === 'Press' && a.target < 0)
    return r.index < 0 ? { ...base, ok: true } : { ...base, ok: false, reason: `the key would go to ${r.xpath}, not the page` };
  if (a.type === 'Press' && !(snap.elements[a.target]?.editable ?? false)) return { ...base, ok: true }; // the key goes to the focused element either way
  if (sameElement(snap, r.index, a.target)) return { ...base, ok: true };
  const want = snap.elements[a.target];
  return { ...base, ok: false, reason: `resolves to ${r.xpath}, not the recorded ${want?.xpath ?? `element ${a.target}`}` };
}

export interface DescribedStep {
  step: Step;
  roundTrip: RoundTrip;
  /** How many wordings were tried before this one resolved (or all of them, when none did). */
  tried: number;
}

/** The first wording that resolves back to the recorded element; else the plainest, flagged. */
export function describeStep(raw: RawStep): DescribedStep {
  const step = officialStep(raw);
  const options = descriptionsFor(raw);
  let first: DescribedStep | undefined;
  for (let i = 0; i < options.length; i++) {
    const candidate: Step = { ...step, parameters: { description: options[i], ...step.parameters } };
    const rt = roundTrip(candidate, raw);
    if (rt.ok) return { step: candidate, roundTrip: rt, tried: i + 1 };
    first ??= { step: candidate, roundTrip: rt, tried: options.length };
  }
  if (first) return first;
  const fallback = { ...step, parameters: { description: `${raw.action.type} the recorded element`, ...step.parameters } };
  return {
    step: fallback,
    roundTrip: { ok: false, picked: -1, reason: 'the element shows nothing to describe it by', alternatives: [] },
    tried: 0,
  };
}
