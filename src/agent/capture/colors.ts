// Colours that getComputedStyle writes with too few digits to paint the same.
import type { CloneContext } from './boxes.ts';

const SRGB = /color\(srgb (-?[\d.e-]+) (-?[\d.e-]+) (-?[\d.e-]+)/g;

/**
 * One `color(srgb ...)` component as written (six significant digits) mapped back to what
 * the page most likely holds: a channel half way between two 8-bit levels (a 50 % or 75 %
 * color-mix of 8-bit colours) comes back a hair below the half (175.5 / 255 is written
 * 0.688235, 175.49993) and is painted a level darker than in the page. Six digits are
 * within 1.3e-4 of a level, so a value that close to a half is taken as the half, written
 * with enough digits; any other value paints the same either way and stays as written.
 */
export function exactSrgbComponent(text: string): string {
  const x = Number(text);
  if (!Number.isFinite(x) || x <= 0 || x >= 1) return text;
  const v = x * 255;
  const half = Math.floor(v) + 0.5;
  if (Math.abs(v - half) > 2e-4 || Math.abs(v - half) < 1e-9) return text;
  return (half / 255).toFixed(10);
}

/** Every `color(srgb ...)` of a CSS text with its half-level components restored. */
export function exactSrgbColors(css: string): string {
  if (!css.includes('color(srgb')) return css;
  return css.replace(
    SRGB,
    (_, r: string, g: string, b: string) => `color(srgb ${exactSrgbComponent(r)} ${exactSrgbComponent(g)} ${exactSrgbComponent(b)}`,
  );
}

/**
 * snapdom writes each element's computed style as text into class rules (`classCSS`), and
 * the clone's style attributes come back through the CSSOM, colours resolved to the same
 * six digits; colour-mixed backgrounds and borders (Choices.js's disabled tags) came out a
 * level darker over hundreds of pixels: enough for tesseract to read the page in another
 * order. Runs before render, when both are final; attributes are rewritten as text, which
 * the serialiser keeps as written.
 */
export function exactColors(context: CloneContext & { classCSS?: unknown }): void {
  if (typeof context.classCSS === 'string') context.classCSS = exactSrgbColors(context.classCSS);
  const root = context.clone as Element | null | undefined;
  if (!root) return;
  for (const el of [root, ...root.querySelectorAll('[style*="color(srgb"]')]) {
    const style = el.getAttribute('style');
    if (style?.includes('color(srgb')) el.setAttribute('style', exactSrgbColors(style));
  }
}
