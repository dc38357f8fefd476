// The LLM resolver's pure half: the numbered list a model sees and the reading of its answers.
import { describe, expect, test } from 'vitest';
import { listElements, parseKeyAnswer, parsePickAnswer, pickPrompt, MAX_LISTED } from '../../src/driver/llm-prompt.ts';
import type { ElementSnapshot, PageSnapshot } from '../../src/driver/snapshot.ts';

function el(i: number, over: Partial<ElementSnapshot>): ElementSnapshot {
  return {
    order: i,
    xpath: `/html[1]/body[1]/button[${i + 1}]`,
    tag: 'button',
    role: 'button',
    name: '',
    text: '',
    classes: [],
    pointer: true,
    listeners: [],
    box: { x: 10, y: 10 + i * 30, width: 80, height: 24 },
    visible: true,
    inViewport: true,
    disabled: false,
    editable: false,
    parent: -1,
    interactive: true,
    ...over,
  };
}
const snap = (elements: ElementSnapshot[]): PageSnapshot => ({
  viewport: { width: 800, height: 600 },
  scroll: { x: 0, y: 0, maxY: 0 },
  focused: -1,
  elements,
});

describe('the list', () => {
  test('only visible interactive or editable elements, in view first, numbered from 0 in document order', () => {
    const s = snap([
      el(0, { text: 'Save' }),
      el(1, { text: 'Hidden', visible: false }),
      el(2, { tag: 'h2', text: 'Title', interactive: false }),
      el(3, { tag: 'input', inputType: 'text', editable: true, interactive: true, placeholder: 'Email', text: '' }),
      el(4, { text: 'Far', inViewport: false }),
    ]);
    const listed = listElements(s);
    expect(listed.map((l) => l.index)).toEqual([0, 3, 4]);
    expect(listed.map((l) => l.n)).toEqual([0, 1, 2]);
    expect(listed[1]?.line).toBe('[1] <input role="button" type="text" placeholder="Email"> at (10,100) 80x24');
    expect(listed[2]?.line).toMatch(/out of view$/);
  });
  test('capped, keeping what is in view', () => {
    const many = Array.from({ length: MAX_LISTED + 50 }, (_, i) => el(i, { text: `B${i}`, inViewport: i >= 100 }));
    const listed = listElements(snap(many));
    expect(listed).toHaveLength(MAX_LISTED);
    // Every element in view is listed (350); the rest of the cap goes to those out of view, first ones first.
    expect(listed.filter((l) => (many[l.index] as ElementSnapshot).inViewport)).toHaveLength(MAX_LISTED - 50);
    expect(listed[0]?.index).toBe(0);
  });
  test('the prompt carries the step, the viewport and the group an element sits in', () => {
    const s = snap([el(0, { text: 'Add', context: 'Lamp' })]);
    const p = pickPrompt(
      { type: 'Type', parameters: { description: 'Type a name', text: 'Ada' }, visual_evaluation_flag: false, logical_assertion: null },
      s,
      listElements(s),
    );
    expect(p).toContain('Action: Type\nDescription: Type a name\nText to type: "Ada"');
    expect(p).toContain('Viewport: 800x600, scrolled to y=0.');
    expect(p).toContain('[0] <button>"Add" in "Lamp" at (10,10) 80x24');
  });
});

describe('answers', () => {
  test.each([
    ['{"index": 3}', { kind: 'index', n: 3 }],
    ['```json\n{"index": 12}\n```', { kind: 'index', n: 12 }],
    ['The button is {"index": 4, "why": "label"}.', { kind: 'index', n: 4 }],
    ['7', { kind: 'index', n: 7 }],
    ['[7]', { kind: 'index', n: 7 }],
    ['-1', { kind: 'none' }],
    ['{"index": -1}', { kind: 'none' }],
  ])('%j reads as %j', (raw, want) => {
    expect(parsePickAnswer(raw)).toEqual(want);
  });
  test.each(['I cannot tell.', 'element seven', '{"index": "3"}', '', '{"index": -2}'])('%j is not an answer', (raw) => {
    expect(parsePickAnswer(raw).kind).toBe('invalid');
  });
  test('keys', () => {
    expect(parseKeyAnswer('{"key": "Enter"}')).toEqual({ kind: 'key', key: 'Enter' });
    expect(parseKeyAnswer('Escape')).toEqual({ kind: 'key', key: 'Escape' });
    expect(parseKeyAnswer('{"key": "UNKNOWN"}')).toEqual({ kind: 'unknown' });
    expect(parseKeyAnswer('press the enter key please').kind).toBe('invalid');
  });
});
