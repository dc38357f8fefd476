// Key names in steps: `parameters.key` as the dataset writes it ("enter", "up") and keys named
// in a Press description ("press the down arrow"), as Playwright key names. Pure.

import { canonicalKeyName, keyAliases } from '../shared/keys.ts';

/** Playwright's name for a DOM key name (only space differs). */
const playwrightName = (key: string): string => (key === ' ' ? 'Space' : key);

// Aliases that are ordinary words in a description ("scroll down", "the left column"): found
// by the patterns below only with "arrow" or "key" next to them.
const PROSE_WORDS = new Set(['up', 'down', 'left', 'right', 'del', 'alt', 'meta', 'control', 'shift']);
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const KEY_NAMES: [RegExp, string][] = keyAliases()
  .filter(([alias]) => !PROSE_WORDS.has(alias))
  .map(([alias, key]) => [new RegExp(`\\b${escape(alias)}\\b`), playwrightName(key)]);

/** Normalises a key given in `parameters.key` to a Playwright key name ("enter" -> Enter, "up" -> ArrowUp). */
export function normalizeKey(key: string): string {
  // A key of one space is the space bar, not an empty key.
  if (key === ' ') return playwrightName(key);
  const k = key.trim();
  if (k.length === 1) return playwrightName(k);
  const named = canonicalKeyName(k);
  return named ? playwrightName(named) : k;
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
  // "Press down to drop the piece": a direction right after "press" is its arrow key.
  const arrow = /\bpress(?:es|ing)?\s+(?:the\s+)?(up|down|left|right)\b/.exec(d);
  if (arrow) return `Arrow${(arrow[1] as string)[0]?.toUpperCase()}${(arrow[1] as string).slice(1)}`;
  const letter = /\b(?:key|letter|button)\s+([a-z0-9])\b|\b([a-z0-9])\s+key\b/.exec(d);
  if (letter) return (letter[1] ?? letter[2]) as string;
  return undefined;
}
