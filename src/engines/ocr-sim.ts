// OCR text similarity exactly as the official harness scores it (IWR-SPEC "Scoring" 4):
// 1 - Levenshtein / max length; both empty -> 1, one empty -> 0. Pure: no DOM, no worker.
import { distance } from 'fastest-levenshtein';

export function ocrSimilarity(a: string, b: string): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  return 1 - distance(a, b) / Math.max(a.length, b.length);
}

/**
 * Joins OCR pieces the way the official harness does: pieces joined with single spaces,
 * lower-cased. The official engine (EasyOCR, `readtext(detail=0)`) returns one string per
 * detected text box — a run of words on one line, its inner spaces already single — so the
 * joined result is every word in reading order separated by one space. Tesseract returns
 * the same words as lines separated by "\n" and paragraphs by blank lines; splitting its
 * text on any whitespace run and joining with one space gives the same shape (no newlines,
 * no doubled spaces). Reading order can still differ between the engines on multi-column
 * pages; that is a known limit of comparing against published numbers.
 */
export function joinOcrText(raw: string): string {
  return raw
    .split(/\s+/u)
    .filter((w) => w.length > 0)
    .join(' ')
    .toLowerCase();
}
