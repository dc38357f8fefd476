// Key names in steps: `parameters.key` as the dataset writes it ("enter", "up") and keys named
// in a Press description ("press the down arrow"), as Playwright key names. Pure.

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
