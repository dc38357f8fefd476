// The var() resolution the capture writes into SVG paint attributes (src/agent/capture/svg-variables.ts).
import { expect, test } from 'vitest';
import { resolveVars } from '../../src/agent/capture/svg-variables.ts';

const props: Record<string, string> = { '--bg': '#f2f4f8', '--accent': 'var(--blue)', '--blue': '#1f70c2', '--empty': '' };
const lookup = (name: string) => (props[name] ?? '').replace(/var\((--[\w-]+)\)/g, (_, n: string) => props[n] ?? '');

test('var() takes the property the page defines, else its fallback, else nothing', () => {
  expect(resolveVars('var(--bg)', lookup)).toBe('#f2f4f8');
  expect(resolveVars('var(--accent)', lookup)).toBe('#1f70c2');
  expect(resolveVars('var(--missing, #333)', lookup)).toBe('#333');
  expect(resolveVars('var(--missing, var(--bg))', lookup)).toBe('#f2f4f8');
  expect(resolveVars('var(--empty)', lookup)).toBe('');
  expect(resolveVars(' #000 ', lookup)).toBe('#000');
});
