// Pure text helpers of the DOM capture: colours cut to six digits, and the page's rules for
// the built-in parts of fields (src/agent/capture/colors.ts, field-parts.ts).
import { describe, expect, test } from 'vitest';
import { exactSrgbColors, exactSrgbComponent } from '../../src/agent/capture/colors.ts';
import { fieldPartRule, splitSelectorList } from '../../src/agent/capture/field-parts.ts';

describe('exactSrgbComponent', () => {
  test('a channel written a hair below a half level goes back to the half', () => {
    // color-mix(in srgb, #eaeaea 75%, black) is 175.5/255, written 0.688235.
    expect(Number(exactSrgbComponent('0.688235')) * 255).toBeCloseTo(175.5, 6);
    expect(Number(exactSrgbComponent('0.335294')) * 255).toBeCloseTo(85.5, 6);
  });
  test('channels not near a half level, exact halves and the ends stay as written', () => {
    for (const v of ['0.596471', '0.353922', '0.5', '0', '1', '0.1', 'none']) expect(exactSrgbComponent(v)).toBe(v);
  });
  test('every color(srgb) of a CSS text, alpha kept', () => {
    expect(exactSrgbColors('a{color:color(srgb 0.688235 0.1 0.335294 / 0.5)}b{color:red}')).toBe(
      'a{color:color(srgb 0.6882352941 0.1 0.3352941176 / 0.5)}b{color:red}',
    );
    expect(exactSrgbColors('color: rgb(1, 2, 3)')).toBe('color: rgb(1, 2, 3)');
  });
});

describe('field part rules', () => {
  test('selector lists split at top-level commas only', () => {
    expect(splitSelectorList('a, :is(b, c)::x , [d="e,f"]')).toEqual(['a', ':is(b, c)::x', '[d="e,f"]']);
  });
  test("only the selectors naming a field part are kept, and declarations that need the page's custom properties go", () => {
    expect(
      fieldPartRule('.c input, .c::-webkit-search-cancel-button, .n::-webkit-inner-spin-button', [
        ['display', 'none', ''],
        ['color', 'var(--x)', ''],
        ['--y', '1', ''],
        ['margin', '0px', 'important'],
      ]),
    ).toBe('.c::-webkit-search-cancel-button,.n::-webkit-inner-spin-button{display:none;margin:0px !important;}');
  });
  test('rules without field parts, or with nothing left to say, give nothing', () => {
    expect(fieldPartRule('input::placeholder', [['color', 'red', '']])).toBeNull();
    expect(fieldPartRule('x::-webkit-search-decoration', [['color', 'var(--c)', '']])).toBeNull();
  });
});
