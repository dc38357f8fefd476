// A check tried against a reference checkpoint before it is saved: the checkpoint is a picture,
// so only what OCR can read is tried, namely the `text` leaves with no `within` (an element
// cannot be found in a picture). Every other leaf is unknown, and the combinations follow
// three-valued logic, so a check is flagged only when the leaves that could be read already
// make it fail. Pure.
import type { Check, LeafCheck } from './types.ts';
import { normText } from './verdict.ts';

export type Tri = 'holds' | 'fails' | 'unknown';

export interface OcrLeaf {
  /** JSON path of the leaf, as in a verdict's evidence ("check.all[0]"). */
  path: string;
  text: string;
  present: boolean;
  /** The text is in the checkpoint's OCR text. */
  seen: boolean;
  /** What this leaf says on the checkpoint: a text that must be on the page (where 'page') may be out of view. */
  result: Tri;
}

export interface OcrTrial {
  /** 'fails': the check fails on the reference as far as OCR reads it; flag it before saving. */
  result: Tri;
  /** The text leaves that were tried. */
  leaves: OcrLeaf[];
}

/**
 * Whether `text` is in the OCR text, as the verdicts compare (case, spacing and quote styles
 * ignored), or with all spacing removed: OCR splits and joins words ("Count:1", "Hel lo").
 */
export function ocrContains(ocrText: string, text: string): boolean {
  const hay = normText(ocrText);
  const needle = normText(text);
  if (!needle) return true;
  if (hay.includes(needle)) return true;
  const squash = (s: string) => s.replace(/\s+/g, '');
  return squash(hay).includes(squash(needle));
}

function leafOnOcr(path: string, c: LeafCheck, ocrText: string, out: OcrLeaf[]): Tri {
  if (c.kind !== 'text' || c.within) return 'unknown';
  const present = c.present ?? true;
  const seen = ocrContains(ocrText, c.text);
  let result: Tri;
  if ((c.where ?? 'viewport') === 'viewport') result = seen === present ? 'holds' : 'fails';
  // The checkpoint shows the viewport: a text not in it may still be on the page.
  else if (seen) result = present ? 'holds' : 'fails';
  else result = 'unknown';
  out.push({ path, text: c.text, present, seen, result });
  return result;
}

function walk(check: Check, path: string, ocrText: string, out: OcrLeaf[]): Tri {
  if ('all' in check) {
    const rs = check.all.map((c, i) => walk(c, `${path}.all[${i}]`, ocrText, out));
    return rs.includes('fails') ? 'fails' : rs.every((r) => r === 'holds') ? 'holds' : 'unknown';
  }
  if ('any' in check) {
    const rs = check.any.map((c, i) => walk(c, `${path}.any[${i}]`, ocrText, out));
    return rs.includes('holds') ? 'holds' : rs.every((r) => r === 'fails') ? 'fails' : 'unknown';
  }
  if ('not' in check) {
    const r = walk(check.not, `${path}.not`, ocrText, out);
    return r === 'holds' ? 'fails' : r === 'fails' ? 'holds' : 'unknown';
  }
  return leafOnOcr(path, check, ocrText, out);
}

/** The check's text leaves (no `within`) against a reference checkpoint's OCR text. */
export function textLeavesAgainstOcr(check: Check, ocrText: string): OcrTrial {
  const leaves: OcrLeaf[] = [];
  const result = walk(check, 'check', ocrText, leaves);
  return { result, leaves };
}
