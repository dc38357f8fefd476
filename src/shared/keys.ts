// Key definitions for Press and Type (pure): key, code, legacy keyCode/which, and the text
// a key inserts. Legacy fields matter: many model-written games test `e.keyCode === 38`.

export interface KeyDef {
  key: string;
  code: string;
  keyCode: number;
  /** Character inserted by the key (keypress and input fire only when set). */
  text?: string;
  location?: number;
  /** Typed with Shift held (upper-case letters, shifted punctuation). */
  shift?: boolean;
}

// prettier-ignore
const NAMED: Record<string, KeyDef> = {
  ArrowUp: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  Enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  Escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  Tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  ' ': { key: ' ', code: 'Space', keyCode: 32, text: ' ' },
  Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  Delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  Home: { key: 'Home', code: 'Home', keyCode: 36 },
  End: { key: 'End', code: 'End', keyCode: 35 },
  PageUp: { key: 'PageUp', code: 'PageUp', keyCode: 33 },
  PageDown: { key: 'PageDown', code: 'PageDown', keyCode: 34 },
  Shift: { key: 'Shift', code: 'ShiftLeft', keyCode: 16, location: 1 },
  Control: { key: 'Control', code: 'ControlLeft', keyCode: 17, location: 1 },
  Alt: { key: 'Alt', code: 'AltLeft', keyCode: 18, location: 1 },
  Meta: { key: 'Meta', code: 'MetaLeft', keyCode: 91, location: 1 },
};

// Names people and models write for the same key: the one alias table, used by the agent
// (Press definitions), the trusted input backend and the step parser. Keys are lower case,
// words separated by one space (see aliasKey).
// prettier-ignore
const ALIASES: Record<string, string> = {
  up: 'ArrowUp', arrowup: 'ArrowUp', 'up arrow': 'ArrowUp', 'arrow up': 'ArrowUp', uparrow: 'ArrowUp', 'up key': 'ArrowUp',
  down: 'ArrowDown', arrowdown: 'ArrowDown', 'down arrow': 'ArrowDown', 'arrow down': 'ArrowDown', downarrow: 'ArrowDown', 'down key': 'ArrowDown',
  left: 'ArrowLeft', arrowleft: 'ArrowLeft', 'left arrow': 'ArrowLeft', 'arrow left': 'ArrowLeft', leftarrow: 'ArrowLeft', 'left key': 'ArrowLeft',
  right: 'ArrowRight', arrowright: 'ArrowRight', 'right arrow': 'ArrowRight', 'arrow right': 'ArrowRight', rightarrow: 'ArrowRight', 'right key': 'ArrowRight',
  enter: 'Enter', return: 'Enter', esc: 'Escape', escape: 'Escape', tab: 'Tab',
  space: ' ', spacebar: ' ', 'space bar': ' ', backspace: 'Backspace', 'back space': 'Backspace', delete: 'Delete', del: 'Delete', 'del key': 'Delete',
  home: 'Home', end: 'End', pageup: 'PageUp', 'page up': 'PageUp', pagedown: 'PageDown', 'page down': 'PageDown',
  shift: 'Shift', control: 'Control', ctrl: 'Control', alt: 'Alt', meta: 'Meta',
};

const aliasKey = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The DOM key name ("ArrowUp", " " for space) of a named key, or undefined for other names. */
export function canonicalKeyName(name: string): string | undefined {
  if (NAMED[name]) return name;
  return [...name.trim()].length > 1 ? ALIASES[aliasKey(name)] : undefined;
}

/** Every alias with its DOM key name, in the order of the named keys (arrows first). */
export function keyAliases(): [alias: string, key: string][] {
  const order = Object.keys(NAMED);
  return Object.entries(ALIASES).sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1]));
}

const SHIFTED_DIGITS = ')!@#$%^&*(';
// prettier-ignore
const PUNCT: Record<string, [string, number]> = {
  '-': ['Minus', 189], '=': ['Equal', 187], '[': ['BracketLeft', 219], ']': ['BracketRight', 221],
  '\\': ['Backslash', 220], ';': ['Semicolon', 186], "'": ['Quote', 222], ',': ['Comma', 188],
  '.': ['Period', 190], '/': ['Slash', 191], '`': ['Backquote', 192],
  _: ['Minus', 189], '+': ['Equal', 187], '{': ['BracketLeft', 219], '}': ['BracketRight', 221],
  '|': ['Backslash', 220], ':': ['Semicolon', 186], '"': ['Quote', 222], '<': ['Comma', 188],
  '>': ['Period', 190], '?': ['Slash', 191], '~': ['Backquote', 192],
};

/** The definition of one typed character (US layout for code/keyCode). */
export function charKey(ch: string): KeyDef {
  if (ch === '\n' || ch === '\r') return NAMED.Enter!;
  if (ch === ' ') return NAMED[' ']!;
  if (/^[a-z]$/i.test(ch))
    return { key: ch, code: `Key${ch.toUpperCase()}`, keyCode: ch.toUpperCase().charCodeAt(0), text: ch, shift: ch !== ch.toLowerCase() };
  if (/^[0-9]$/.test(ch)) return { key: ch, code: `Digit${ch}`, keyCode: ch.charCodeAt(0), text: ch };
  const shiftedDigit = SHIFTED_DIGITS.indexOf(ch);
  if (shiftedDigit >= 0) return { key: ch, code: `Digit${shiftedDigit}`, keyCode: 48 + shiftedDigit, text: ch, shift: true };
  const p = PUNCT[ch];
  if (p) return { key: ch, code: p[0], keyCode: p[1], text: ch, shift: '_+{}|:"<>?~'.includes(ch) };
  // Any other character (accents, emoji, CJK): no physical key; browsers report keyCode 229
  // only for IME, so 0 with the character as key is the honest choice.
  return { key: ch, code: '', keyCode: 0, text: ch };
}

/** Resolves a Press key name ("ArrowUp", "Enter", "a", "space") or undefined when unknown. */
export function keyByName(name: string): KeyDef | undefined {
  const named = canonicalKeyName(name);
  if (named) return NAMED[named];
  if ([...name].length === 1) return charKey(name);
  const fn = /^F([1-9]|1[0-2])$/.exec(name);
  if (fn) return { key: name, code: name, keyCode: 111 + Number(fn[1]) };
  return undefined;
}
