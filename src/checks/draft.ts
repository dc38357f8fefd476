// "Draft with a model": the request that asks a chat model for one check, and the reading of
// its reply. The prompt documents the language compactly (README.md is the full version); the
// reply is read with the same parser as checks.json, so a draft is either a valid check or a
// problem a person can read (never half a check). Pure.
import type { Problem, Step } from '../task/types.ts';
import { validateCheck } from './parse.ts';
import type { Check } from './types.ts';

/** Version of the wording below, recorded with a draft's provenance. */
export const DRAFT_PROMPT_VERSION = 'iwr-check-draft/1';

export interface DraftInput {
  /** 0-based index of the step. */
  step: number;
  action: Pick<Step, 'type' | 'parameters'>;
  assertion: string;
  /** How many reference screenshots after the step come with the request (0: none). */
  images: number;
}

const LANGUAGE = `A check is JSON: a leaf, or a combination {"all": [...]}, {"any": [...]}, {"not": {...}}.
Elements are named by a target, exactly one of:
  {"description": "the cart badge"}  found as a click with that description would find it (preferred: works on any version of the page)
  {"text": "Travellers"}             the innermost visible element whose text contains it
  {"selector": "#badge"}             CSS (avoid: the page under test is rewritten by someone else)
Leaves ("op" is one of = != < <= > >=; "where" is "viewport" (default) or "page"):
  {"kind": "text", "text": "Hello, Ada!", "present": true, "within": <target>?, "where": ?}   text visible (present false: not visible); case and spacing ignored
  {"kind": "count", "text": "Remove", "selector": "li"?, "within": <target>?, "op": "=", "value": 3}   number of visible elements containing the text / matching the selector
  {"kind": "value", "target": <target>, "equals": "Ada"}  or "contains"   a form field's value
  {"kind": "state", "target": <target>, "state": "checked" | "selected" | "disabled" | "expanded" | "focused", "is": true}
  {"kind": "visible", "target": <target>, "visible": true}   an element shown (false: hidden or absent)
  {"kind": "title", "equals": "..."}  or "contains"   the document title
  {"kind": "hash", "equals": "#section"}   the URL fragment ("" for none)
  {"kind": "number", "target": <target>, "op": "=", "value": 6}   the first number the element shows
  {"kind": "number", "target": <target>, "op": "=", "change": 1}   its change since just before the step ("goes up by one")
  {"kind": "restyled", "target": <target>}   its background, text or border colour changed during the step ("is highlighted")
  {"kind": "changed", "min": 0.005}   at least that fraction of the screenshot's pixels changed during the step
No other fields are allowed.`;

function describeAction(action: DraftInput['action']): string {
  const p = action.parameters ?? {};
  const parts = [`type ${action.type}`];
  if (typeof p.description === 'string' && p.description) parts.push(`description ${JSON.stringify(p.description)}`);
  if (typeof p.text === 'string') parts.push(`typed text ${JSON.stringify(p.text)}`);
  if (typeof p.key === 'string') parts.push(`key ${JSON.stringify(p.key)}`);
  if (typeof p.direction === 'string') parts.push(`direction ${p.direction}`);
  return parts.join(', ');
}

/** The request's text; the reference screenshots (if any) go after it as images. */
export function buildDraftPrompt(input: DraftInput): string {
  const pictures =
    input.images > 0
      ? `The ${input.images === 1 ? 'image shows' : `${input.images} images show`} the reference page right after this step.`
      : 'No screenshot of the reference page after this step is available.';
  return `You turn one assertion about a web page into a deterministic check that a script runs on the live page right after the step.

Step ${input.step + 1}: ${describeAction(input.action)}.
Assertion to check after this step: ${JSON.stringify(input.assertion)}
${pictures}

${LANGUAGE}

Write the check so that it holds on a page that behaves as the assertion says and fails on a page that only looks the same but does nothing (prefer what the step changes: a number's change, text that appears or disappears, a state). Use the exact words the assertion quotes. Answer with the check only: one JSON object, no explanation.`;
}

export type DraftReply = { ok: true; check: Check } | { ok: false; problem: string };

const FENCE = /```[a-zA-Z]*\s*\n?([\s\S]*?)```/g;

/** The first balanced {...} in a text (strings respected), or null. */
function firstObject(text: string): string | null {
  const start = text.indexOf('{');
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

const describeProblem = (p: Problem): string => `${p.path ? `${p.path} ` : ''}${p.message}`;

/**
 * A model's reply -> a check, or the problem: the JSON inside a fenced block, else the whole
 * reply, else its first {...}. An entry ({ step, check, ... }) is unwrapped to its check.
 */
export function parseDraftReply(reply: string): DraftReply {
  const candidates: string[] = [];
  for (const m of reply.matchAll(FENCE)) if (m[1]?.trim()) candidates.push(m[1].trim());
  candidates.push(reply.trim());
  const obj = firstObject(reply);
  if (obj) candidates.push(obj);
  let json: unknown;
  let found = false;
  for (const c of candidates) {
    try {
      json = JSON.parse(c);
      found = true;
      break;
    } catch {
      // try the next reading
    }
  }
  if (!found) return { ok: false, problem: 'the reply holds no JSON object' };
  if (typeof json === 'object' && json !== null && !Array.isArray(json) && 'check' in json && !('kind' in json))
    json = (json as { check: unknown }).check;
  const { check, problem } = validateCheck(json, "the model's draft");
  if (!check) return { ok: false, problem: problem ? describeProblem(problem) : 'not a check' };
  return { ok: true, check };
}
