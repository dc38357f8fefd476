// OCR text joining and similarity, as IWR-SPEC "Scoring" 4 defines them.
import { expect, test } from 'vitest';
import { joinOcrText, ocrSimilarity } from '../../src/engines/ocr-sim.ts';

test('similarity: 1 - Levenshtein / max length, with the empty-string rules', () => {
  expect(ocrSimilarity('', '')).toBe(1);
  expect(ocrSimilarity('abc', '')).toBe(0);
  expect(ocrSimilarity('', 'abc')).toBe(0);
  expect(ocrSimilarity('book now', 'book now')).toBe(1);
  expect(ocrSimilarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7, 12);
  expect(ocrSimilarity('abcd', 'ab')).toBe(0.5);
});

test('tesseract text becomes EasyOCR-style pieces joined by single spaces, lower-cased', () => {
  expect(joinOcrText('Booking Confirmed\nTuesday  Harbour\n\nCHECKOUT\n')).toBe('booking confirmed tuesday harbour checkout');
  expect(joinOcrText(' \n\t')).toBe('');
});
