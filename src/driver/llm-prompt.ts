// The LLM resolver's pure half: the numbered element list and the request a model sees, and
// the reading of its answer. The official harness lets an LLM (gpt-4o, temperature 0) pick
// the element from a list of the page's interactive elements, with a screenshot as a
// fallback; a step fails only when the model answers -1 or something that is not an index,
// or the index does not exist (IWR-SPEC "Replay"). The wording is ours.
import type { Step } from '../task/types.ts';
import type { ElementSnapshot, PageSnapshot } from './snapshot.ts';

export const LLM_PROMPT_VERSION = 'resolve@1';
/** The list a model sees is capped: elements in view first, then the rest in document order. */
export const MAX_LISTED = 400;
const MAX_TEXT = 80;

export interface ListedElement {
  /** The number the model sees. */
  n: number;
  /** Index into the snapshot's elements. */
  index: number;
  line: string;
}

const q = (s: string) => JSON.stringify(s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

function lineOf(n: number, e: ElementSnapshot): string {
  const attrs: string[] = [];
  if (e.role && e.role !== e.tag) attrs.push(`role=${q(e.role)}`);
  if (e.inputType) attrs.push(`type=${q(e.inputType)}`);
  if (e.ariaLabel) attrs.push(`aria-label=${q(e.ariaLabel)}`);
  else if (e.name && e.name !== e.text) attrs.push(`name=${q(e.name)}`);
  if (e.placeholder) attrs.push(`placeholder=${q(e.placeholder)}`);
  if (e.value) attrs.push(`value=${q(e.value)}`);
  if (e.title) attrs.push(`title=${q(e.title)}`);
  if (e.alt) attrs.push(`alt=${q(e.alt)}`);
  if (e.checked !== undefined) attrs.push(e.checked ? 'checked' : 'unchecked');
  if (e.disabled) attrs.push('disabled');
  const text = e.text ? q(e.text) : '';
  const b = e.box;
  const where = e.inViewport ? `at (${Math.round(b.x)},${Math.round(b.y)}) ${Math.round(b.width)}x${Math.round(b.height)}` : 'out of view';
  // The group it sits in (a card's title, a field's label): what tells two "Add" buttons apart.
  const group = e.context && e.context !== e.text ? ` in ${q(e.context)}` : '';
  return `[${n}] <${e.tag}${attrs.length ? ' ' + attrs.join(' ') : ''}>${text}${group} ${where}`;
}

/** The elements a model may pick from: visible interactive or editable ones, in view first. */
export function listElements(snapshot: PageSnapshot): ListedElement[] {
  const pick = (inView: boolean) =>
    snapshot.elements.map((e, i) => ({ e, i })).filter(({ e }) => e.visible && (e.interactive || e.editable) && e.inViewport === inView);
  const chosen = [...pick(true), ...pick(false)].slice(0, MAX_LISTED).sort((a, b) => a.i - b.i);
  return chosen.map(({ e, i }, n) => ({ n, index: i, line: lineOf(n, e) }));
}

const SYSTEM = [
  'You replay a recorded session on a web page, one step at a time.',
  'You are given the step as the person who watched the recording wrote it, and a numbered list of the interactive elements on the page now (tag, attributes, visible text, and position in CSS pixels from the top left of the viewport).',
  'Answer with the number of the element the step acts on, as JSON: {"index": <number>}.',
  'If no element in the list fits the step, answer {"index": -1}. Answer with the JSON only.',
].join('\n');

export function stepLine(step: Step): string {
  const p = step.parameters ?? {};
  const parts = [`Action: ${step.type}`, `Description: ${typeof p.description === 'string' ? p.description : ''}`];
  if (step.type === 'Type' && typeof p.text === 'string') parts.push(`Text to type: ${JSON.stringify(p.text)}`);
  if (step.type === 'Press' && typeof p.key === 'string') parts.push(`Key: ${p.key}`);
  return parts.join('\n');
}

/** The user message's text for an element pick. */
export function pickPrompt(step: Step, snapshot: PageSnapshot, listed: ListedElement[]): string {
  const vp = snapshot.viewport;
  return [
    stepLine(step),
    '',
    `Viewport: ${vp.width}x${vp.height}, scrolled to y=${Math.round(snapshot.scroll.y)}.`,
    `Interactive elements (${listed.length}):`,
    ...listed.map((l) => l.line),
  ].join('\n');
}

export const KEY_SYSTEM = [
  'You replay a recorded session on a web page. The step below presses a key, but does not say which in a field.',
  'Answer with the key as a Playwright key name (Enter, Escape, Tab, ArrowUp, ArrowDown, ArrowLeft, ArrowRight, Backspace, Delete, Space, PageUp, PageDown, Home, End, or a single character), as JSON: {"key": "<name>"}.',
  'If the step does not say which key, answer {"key": "UNKNOWN"}. Answer with the JSON only.',
].join('\n');

export const PICK_SYSTEM = SYSTEM;

export type PickAnswer = { kind: 'index'; n: number } | { kind: 'none' } | { kind: 'invalid'; why: string };

/**
 * Reads a pick: {"index": n} (also inside a fenced block or with prose around it), or a
 * bare integer. -1 means "none fits"; anything else that is not an integer is invalid.
 */
export function parsePickAnswer(raw: string): PickAnswer {
  const text = raw.trim();
  const json = /\{[^{}]*"index"\s*:\s*(-?\d+)[^{}]*\}/.exec(text);
  const bare = /^\[?\s*(-?\d+)\s*\]?\.?$/.exec(text);
  const m = json ?? bare;
  if (!m) return { kind: 'invalid', why: `not an element number: ${JSON.stringify(text.slice(0, 120))}` };
  const n = Number(m[1]);
  if (n === -1) return { kind: 'none' };
  if (!Number.isSafeInteger(n) || n < 0) return { kind: 'invalid', why: `not an element number: ${m[1]}` };
  return { kind: 'index', n };
}

export type KeyAnswer = { kind: 'key'; key: string } | { kind: 'unknown' } | { kind: 'invalid'; why: string };

export function parseKeyAnswer(raw: string): KeyAnswer {
  const text = raw.trim();
  const m = /"key"\s*:\s*"([^"]+)"/.exec(text) ?? /^([A-Za-z]+|.)$/.exec(text);
  if (!m) return { kind: 'invalid', why: `not a key name: ${JSON.stringify(text.slice(0, 120))}` };
  const key = m[1] as string;
  if (key.toUpperCase() === 'UNKNOWN') return { kind: 'unknown' };
  return { kind: 'key', key };
}
