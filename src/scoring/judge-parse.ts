// Parsing of MLLM judge replies, reproducing the official harness (IWR-SPEC "Scoring" 1 and 4).
// The judge engineer calls these on raw reply text; nothing here talks to a model.

export type JudgeVerdict = 'Yes' | 'No' | 'Error';

export interface AssertionParse {
  result: JudgeVerdict;
  /** The reply's "think" field when the JSON parsed; '' otherwise (as officially stored). */
  thinking: string;
  /** How the verdict was found: the JSON `result`, the text fallback, or neither. */
  via: 'json' | 'text';
}

/**
 * Assertion reply -> Yes / No / Error, step for step as the official scorer does:
 * 1. strip the reply; if it holds "```json", the JSON is between that and the next "```"
 *    (no closing fence: up to, but not including, the last character: Python's
 *    `s[a:-1]` when `find` returns -1); else if it holds "```", likewise; else the whole text.
 * 2. If that parses to an object, its `result` is the verdict when exactly "Yes" or "No",
 *    otherwise Error (no text fallback in that case).
 * 3. If it does not parse, or parses to a non-object (Python's `.get` raises): the text
 *    fallback. Quirk kept: "Yes" anywhere wins over "No" anywhere, whichever comes first, and
 *    the match is a case-sensitive substring ("Not" and "None" count as "No").
 */
export function parseAssertionReply(reply: string): AssertionParse {
  const full = reply.trim();
  const jsonText = fencedJson(full);
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonText);
  } catch {
    parsed = undefined; // JSON.parse never yields undefined, so this means "did not parse"
  }
  if (isPlainObject(parsed)) {
    const raw = 'result' in parsed ? parsed['result'] : 'Error';
    const think = 'think' in parsed ? parsed['think'] : '';
    const result: JudgeVerdict = raw === 'Yes' || raw === 'No' ? raw : 'Error';
    return { result, thinking: typeof think === 'string' ? think : JSON.stringify(think), via: 'json' };
  }
  const result: JudgeVerdict = full.includes('Yes') ? 'Yes' : full.includes('No') ? 'No' : 'Error';
  return { result, thinking: '', via: 'text' };
}

function fencedJson(full: string): string {
  for (const fence of ['```json', '```']) {
    const at = full.indexOf(fence);
    if (at < 0) continue;
    const start = at + fence.length;
    const end = full.indexOf('```', start);
    return full.slice(start, end).trim(); // end = -1 drops the last character, as Python does
  }
  return full;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface HfsParse {
  /** Integer 0..100 after clamping; 0 when no score was found (the official default). */
  score: number;
  /** score / 100: the value stored in `all_mllm_scores`. */
  fraction: number;
  /** False when the reply held no score: the 0 above is the official fallback, not a grade. */
  matched: boolean;
}

/**
 * HFS reply -> score. Official rule: the FIRST match of `Score:.*?(\d{1,3})/100`, case
 * insensitive, within one line; unparseable -> 0; clamp to 0..100; /100. We keep "first"
 * (not "last") because that is what published numbers used; a reply that quotes a sub-score
 * as "Score: 35/100" before its total is scored on the sub-score there too.
 * `mode: 'last'` takes the last match instead, for our own non-official judge runs.
 * Known gap: Python's `\d` also matches non-ASCII digits (e.g. full-width); we take ASCII only.
 */
export function parseHfsReply(reply: string, mode: 'official' | 'last' = 'official'): HfsParse {
  // [^\n] rather than `.`: Python's `.` stops only at \n, JS's also at \r, \u2028, \u2029.
  const pattern = /Score:[^\n]*?(\d{1,3})\/100/gi;
  let found: RegExpExecArray | null = null;
  for (let m = pattern.exec(reply); m; m = pattern.exec(reply)) {
    found = m;
    if (mode === 'official') break;
  }
  if (!found?.[1]) return { score: 0, fraction: 0, matched: false };
  const score = Math.max(0, Math.min(100, Number.parseInt(found[1], 10)));
  return { score, fraction: score / 100, matched: true };
}
