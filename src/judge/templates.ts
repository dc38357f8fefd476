// The two judge prompts, in our own words with the official content (IWR-SPEC "Scoring" 1
// and 4). Templates are versioned and editable; every judgment records the sha256 of the
// template text and of the rendered prompt, so a score always says which wording produced it.
// Changing a built-in text means a new version number: old cached judgments then stay apart.
import type { ChatContentPart, ChatMessage } from '../chat/types.ts';

export type TemplateKind = 'visual' | 'assertion';

export interface JudgeTemplate {
  kind: TemplateKind;
  /** e.g. "visual@1"; "custom" when a person edited it. */
  version: string;
  text: string;
}

/** Parts of the visual rubric and their points (official: 10 + 15 + 40 + 15 + 20 = 100). */
export const RUBRIC = [
  { id: 'layout', label: 'Layout', max: 10, hint: 'Placement, alignment, spacing and proportions of the main regions.' },
  { id: 'elements', label: 'Elements', max: 15, hint: 'The same components are present: buttons, fields, images, icons, menus, cards.' },
  { id: 'content', label: 'Content and Text', max: 40, hint: 'The same words, headings, labels, numbers and data, complete and readable.' },
  { id: 'style', label: 'Style', max: 15, hint: 'Colours, fonts, sizes, borders, shadows and backgrounds.' },
  { id: 'overall', label: 'Overall', max: 20, hint: 'Taken as a whole, could the second image pass for the first page in that state?' },
] as const;

export type RubricPart = (typeof RUBRIC)[number]['id'];

const VISUAL_V1 = [
  'You are grading how faithfully a rebuilt web page reproduces a real one.',
  'The FIRST image is the reference screenshot of the real page. The SECOND image is a screenshot of the rebuilt page in the same state.',
  '',
  'Grade the second image against the first, out of 100 points in all:',
  ...RUBRIC.map((r, i) => `${i + 1}. ${r.label} (${r.max} points): ${r.hint}`),
  '',
  'For each part write one short line with your reason and its points, in the form "Layout: 7/10".',
  'Do not use the word "Score" before the final line.',
  'End your reply with a last line exactly of the form',
  'Score: N/100',
  'where N is the total of the five parts.',
].join('\n');

const ASSERTION_V1 = [
  'You are checking whether a web page reacted correctly to one user action.',
  'The FIRST image is the previous screenshot, taken before the action. The SECOND image is the current screenshot, taken after it.',
  '',
  'Expected outcome: {{assertion}}',
  '',
  'Decide whether the current screenshot shows this outcome. Use the previous screenshot to judge changes the expectation talks about.',
  'Answer with only a JSON object, no other text:',
  '{"think": "<your brief reasoning>", "result": "Yes"}',
  'with "result" set to "Yes" if the expected outcome is visible, otherwise "No".',
].join('\n');

export const BUILTIN_TEMPLATES: Record<TemplateKind, JudgeTemplate> = {
  visual: { kind: 'visual', version: 'visual@1', text: VISUAL_V1 },
  assertion: { kind: 'assertion', version: 'assertion@1', text: ASSERTION_V1 },
};

/** The prompt text for one judgment. The assertion template must hold {{assertion}}. */
export function renderTemplate(t: JudgeTemplate, vars: { assertion?: string } = {}): string {
  if (t.kind === 'assertion') {
    if (!t.text.includes('{{assertion}}'))
      throw new Error(
        `The assertion template (${t.version}) has no {{assertion}} placeholder, so the judge would never see what to check.`,
      );
    return t.text.split('{{assertion}}').join(vars.assertion ?? '');
  }
  return t.text;
}

/** The request messages: instructions, then the two images in the official order. */
export function judgeMessages(prompt: string, firstImageUrl: string, secondImageUrl: string): ChatMessage[] {
  const content: ChatContentPart[] = [
    { type: 'text', text: prompt },
    { type: 'image_url', image_url: { url: firstImageUrl } },
    { type: 'image_url', image_url: { url: secondImageUrl } },
  ];
  return [{ role: 'user', content }];
}

export interface RubricScores {
  layout: number;
  elements: number;
  content: number;
  style: number;
  overall: number;
}

/** Checks a person's rubric answer: whole points within each part's range. Returns the total /100. */
export function rubricTotal(parts: Partial<Record<string, unknown>>): number {
  let total = 0;
  for (const r of RUBRIC) {
    const v = parts[r.id];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > r.max) {
      throw new Error(`Rubric part "${r.label}" needs a whole number from 0 to ${r.max}; got ${JSON.stringify(v)}.`);
    }
    total += v;
  }
  return total;
}

/** A human rubric answer written the way the model is asked to write it, so the official parser reads it. */
export function rubricReply(parts: RubricScores): string {
  const total = rubricTotal(parts as unknown as Record<string, unknown>);
  return [...RUBRIC.map((r) => `${r.label}: ${parts[r.id]}/${r.max}`), `Score: ${total}/100`].join('\n');
}
