// The capture's exact box lengths (src/agent/capture/boxes.ts exactLengths): getComputedStyle
// writes six significant digits, layout keeps 1/64 px; the copy must get the layout's value.
import { describe, expect, test } from 'vitest';
import { exactLength } from '../../src/agent/capture/boxes.ts';

describe('exactLength', () => {
  test('a six-digit length goes back to its 1/64 px value', () => {
    expect(exactLength('93.7812px')).toBe('93.78125'); // 93 + 50/64
    expect(exactLength('39.7031px')).toBe('39.703125'); // 39 + 45/64
    expect(exactLength('426.656px')).toBe('426.65625'); // 426 + 42/64
    expect(exactLength('1234.52px')).toBe('1234.515625'); // 1234 + 33/64
    expect(exactLength('-12.0156px')).toBe('-12.015625');
    expect(exactLength('0.015625px')).toBe(null); // already exact (leading zeros are not significant)
  });

  test('lengths that lost nothing, or that are not layout lengths, are left alone', () => {
    for (const v of ['39px', '21.5px', '79.72px', '13.75px', 'auto', '50%', '12.3456em', '0px', '100.25px'])
      expect(exactLength(v), v).toBe(null);
    // 13.3333 is no 1/64 multiple within rounding (a font size): the nearest is 13.328125, too far.
    expect(exactLength('13.3333px')).toBe(null);
    // Past 8192 px the sixth digit is coarser than 1/128 px.
    expect(exactLength('9000.31px')).toBe(null);
  });
});
