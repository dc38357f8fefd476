// Colour words: what a person calls a colour on screen ("the green button", "the grey
// link"), from the computed sRGB value. Hue buckets follow the common English names; a
// colour close to grey is named by lightness only. Pure.

export const COLOUR_WORDS = new Set([
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'cyan',
  'blue',
  'purple',
  'violet',
  'pink',
  'magenta',
  'brown',
  'grey',
  'gray',
  'black',
  'white',
  'dark',
  'light',
  'gold',
  'golden',
  'navy',
  'indigo',
  'lime',
  'maroon',
  'beige',
  'silver',
  'crimson',
  'turquoise',
]);

/** Words that name the same colour family, mapped to one canonical word. */
const SAME: Record<string, string> = {
  gray: 'grey',
  silver: 'grey',
  violet: 'purple',
  magenta: 'pink',
  indigo: 'purple',
  navy: 'blue',
  lime: 'green',
  maroon: 'red',
  crimson: 'red',
  turquoise: 'teal',
  cyan: 'teal',
  gold: 'yellow',
  golden: 'yellow',
  beige: 'white',
};

export function canonicalColour(word: string): string {
  return SAME[word] ?? word;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Parses "rgb(1, 2, 3)", "rgba(1, 2, 3, 0.5)", "#abc" or "#aabbcc"; null for anything else. */
export function parseColour(s: string | undefined): Rgb | null {
  if (!s) return null;
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(s.trim());
  if (m) {
    const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
    return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a };
  }
  // Chromium writes colours made by color-mix() and relative colours as color(srgb r g b / a), 0..1.
  const c = /^color\(\s*srgb\s+([-\d.e]+%?)\s+([-\d.e]+%?)\s+([-\d.e]+%?)(?:\s*\/\s*([\d.e]+%?))?\s*\)$/i.exec(s.trim());
  if (c) {
    const unit = (v: string) => (v.endsWith('%') ? Number(v.slice(0, -1)) / 100 : Number(v));
    const byte = (v: string) => Math.round(Math.min(1, Math.max(0, unit(v))) * 255);
    return { r: byte(c[1] as string), g: byte(c[2] as string), b: byte(c[3] as string), a: c[4] === undefined ? 1 : unit(c[4]) };
  }
  const h = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(s.trim());
  if (h) {
    const x = h[1] as string;
    const full =
      x.length === 3
        ? x
            .split('')
            .map((c) => c + c)
            .join('')
        : x;
    return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16), a: 1 };
  }
  return null;
}

/** The canonical colour words for an opaque-enough colour, most specific first: ["green", "dark"]. */
export function colourNames(c: Rgb | null): string[] {
  if (!c || c.a < 0.3) return [];
  const r = c.r / 255;
  const g = c.g / 255;
  const b = c.b / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  const shade = l < 0.3 ? ['dark'] : l > 0.75 ? ['light'] : [];
  // Near-greys: named by lightness.
  if (s < 0.15 || d < 0.08) {
    if (l < 0.16) return ['black', 'dark'];
    if (l > 0.93) return ['white', 'light'];
    return ['grey', ...shade];
  }
  // A saturated colour below mid lightness is a dark one ("the dark blue step" beside a pale
  // blue one); greys keep the stricter bounds above, where mid grey is neither.
  if (l < 0.45 && !shade.length) shade.push('dark');
  const sector = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  const h = (sector * 60 + 360) % 360;
  const at = (hue: number): string => {
    if (hue < 15 || hue >= 345) return 'red';
    if (hue < 40) return l < 0.4 ? 'brown' : 'orange';
    if (hue < 65) return l < 0.35 ? 'brown' : 'yellow';
    if (hue < 160) return 'green';
    if (hue < 195) return 'teal';
    if (hue < 255) return 'blue';
    if (hue < 290) return 'purple';
    return 'pink';
  };
  // Near a boundary people disagree ("amber" is orange to some, yellow to others): both names.
  const names = new Set([at(h), at((h + 8) % 360), at((h + 352) % 360)]);
  return [...names, ...shade];
}
