// Task recording's pure core: inputs -> steps, and descriptions that resolve back.
import { describe, expect, test } from 'vitest';
import type { PageSnapshot } from '../../src/driver/snapshot.ts';
import { B, snap as snapOf, type El } from '../support/snapshots.ts';
import { keyRole, type RecordedInput } from '../../src/record/inputs.ts';
import { replayScrollsFirst, stepsOf, scrollSteps, type RawStep } from '../../src/record/steps.ts';
import { describeStep, gridCell, labelOf, phrasesFor, roundTrip } from '../../src/record/describe.ts';
import { anonymiseAssets, leakedNames } from '../../src/record/assets.ts';
import { checkpointShots, exportBlockers, nextTaskId, taskRecord } from '../../src/record/task.ts';
import type { Step } from '../../src/task/types.ts';

// A page that scrolls: the recorder reads the scroll room.
const snap = (els: El[], extra: Partial<PageSnapshot> = {}): PageSnapshot => snapOf(els, { scroll: { x: 0, y: 0, maxY: 2000 }, ...extra });

const form = snap([
  { tag: 'input', xpath: `${B(1)}/input[1]`, inputType: 'text', name: 'Full name', editable: true, role: 'textbox' },
  { tag: 'input', xpath: `${B(1)}/input[2]`, inputType: 'email', name: 'Email', editable: true, role: 'textbox' },
  { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Book', role: 'button' },
  { tag: 'button', xpath: `${B(2)}/button[1]`, text: 'Book', role: 'button' },
]);

describe('keys', () => {
  test('typing in a field, presses elsewhere, chords and modifiers ignored', () => {
    expect(keyRole('a', true, false)).toBe('edit');
    expect(keyRole('Backspace', true, false)).toBe('edit');
    expect(keyRole('Enter', true, false)).toBe('press');
    expect(keyRole('Tab', true, false)).toBe('press');
    expect(keyRole('ArrowLeft', true, false)).toBe('ignore');
    expect(keyRole('ArrowLeft', false, false)).toBe('press');
    expect(keyRole('w', false, false)).toBe('press');
    expect(keyRole('Shift', false, false)).toBe('ignore');
    expect(keyRole('a', true, true)).toBe('ignore');
  });
});

describe('step model', () => {
  test('keystrokes into one field become one Type with the final text; the focusing click folds in', () => {
    const inputs: RecordedInput[] = [
      { kind: 'click', at: 1, target: 0, x: 50, y: 25, snapshot: form },
      { kind: 'edit', at: 2, xpath: form.elements[0]!.xpath, value: 'A', target: 0, snapshot: form },
      { kind: 'edit', at: 3, xpath: form.elements[0]!.xpath, value: 'Ad' },
      { kind: 'edit', at: 4, xpath: form.elements[0]!.xpath, value: 'Ada' },
      { kind: 'edit', at: 5, xpath: form.elements[1]!.xpath, value: 'a', target: 1, snapshot: form },
      { kind: 'edit', at: 6, xpath: form.elements[1]!.xpath, value: 'a@b.c' },
      { kind: 'click', at: 7, target: 2, x: 50, y: 100, snapshot: form },
    ];
    const steps = stepsOf(inputs);
    expect(steps.map((s) => s.action)).toEqual([
      { type: 'Type', target: 0, text: 'Ada' },
      { type: 'Type', target: 1, text: 'a@b.c' },
      { type: 'Click', target: 2, x: 50, y: 100 },
    ]);
    expect(steps[0]!.at).toBe(1);
  });
  test('a field typed into and emptied leaves no step; a click elsewhere is kept', () => {
    const steps = stepsOf([
      { kind: 'click', at: 1, target: 2, x: 1, y: 1, snapshot: form },
      { kind: 'edit', at: 2, xpath: form.elements[0]!.xpath, value: 'x', target: 0, snapshot: form },
      { kind: 'edit', at: 3, xpath: form.elements[0]!.xpath, value: '' },
    ]);
    expect(steps.map((s) => s.action.type)).toEqual(['Click']);
  });
  test('keys are Press steps and split typing', () => {
    const steps = stepsOf([
      { kind: 'edit', at: 1, xpath: form.elements[0]!.xpath, value: 'q', target: 0, snapshot: form },
      { kind: 'key', at: 2, key: 'Enter', target: 0, snapshot: form },
      { kind: 'key', at: 3, key: 'ArrowUp', target: -1, snapshot: form },
    ]);
    expect(steps.map((s) => s.action)).toEqual([
      { type: 'Type', target: 0, text: 'q' },
      { type: 'Press', target: 0, key: 'Enter' },
      { type: 'Press', target: -1, key: 'ArrowUp' },
    ]);
  });
  test('scrolls coalesce into one step per half viewport, with the direction', () => {
    const steps = stepsOf([
      { kind: 'scroll', at: 1, y: 100, maxY: 2000, viewportHeight: 720 },
      { kind: 'scroll', at: 2, y: 400, maxY: 2000, viewportHeight: 720 },
      { kind: 'scroll', at: 3, y: 720, maxY: 2000, viewportHeight: 720 },
      { kind: 'click', at: 4, target: 2, x: 1, y: 1, snapshot: form },
      { kind: 'scroll', at: 5, y: 500, maxY: 2000, viewportHeight: 720 },
    ]);
    expect(steps.map((s) => s.action)).toEqual([
      { type: 'Scroll', direction: 'down', pixels: 360 },
      { type: 'Scroll', direction: 'down', pixels: 360 },
      { type: 'Click', target: 2, x: 1, y: 1 },
      { type: 'Scroll', direction: 'up', pixels: 220 },
    ]);
    expect(scrollSteps(0, 4, 720, 0, 0)).toEqual([]);
  });
});

const raw = (action: RawStep['action'], snapshot?: PageSnapshot): RawStep => ({ action, snapshot, at: 0, end: 0 });

describe('replay check', () => {
  test('a click or a field used while cut off at the edge of the view is one the replay scrolls to first', () => {
    const page = snap([
      { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Whole', box: { x: 10, y: 600, width: 100, height: 40 } },
      { tag: 'button', xpath: `${B(1)}/button[2]`, text: 'Cut', box: { x: 10, y: 700, width: 100, height: 40 } },
      { tag: 'input', xpath: `${B(1)}/input[1]`, editable: true, box: { x: 10, y: -10, width: 100, height: 30 } },
    ]);
    const step = (action: RawStep['action']): RawStep => ({ action, snapshot: page, at: 0, end: 0 });
    expect(replayScrollsFirst(step({ type: 'Click', target: 0, x: 50, y: 620 }))).toBe(false);
    expect(replayScrollsFirst(step({ type: 'Click', target: 1, x: 50, y: 710 }))).toBe(true);
    expect(replayScrollsFirst(step({ type: 'Type', target: 2, text: 'a' }))).toBe(true);
    // A key press and a scroll aim at nothing the replay would scroll to.
    expect(replayScrollsFirst(step({ type: 'Press', target: 1, key: 'Enter' }))).toBe(false);
    expect(replayScrollsFirst(step({ type: 'Scroll', direction: 'down', pixels: 360 }))).toBe(false);
  });
});

describe('descriptions', () => {
  test('the plainest wording when it resolves: a field by its label, a unique button', () => {
    const d = describeStep(raw({ type: 'Type', target: 1, text: 'ada@example.org' }, form));
    expect(d.step).toMatchObject({
      type: 'Type',
      parameters: { description: "Type 'ada@example.org' into the 'Email' field", text: 'ada@example.org' },
    });
    expect(d.roundTrip.ok).toBe(true);
    expect(d.tried).toBe(1);
  });
  test('two alike buttons: an ordinal is added, and each resolves back to its own', () => {
    const first = describeStep(raw({ type: 'Click', target: 2, x: 0, y: 0 }, form));
    const second = describeStep(raw({ type: 'Click', target: 3, x: 0, y: 0 }, form));
    expect(first.roundTrip.ok && second.roundTrip.ok).toBe(true);
    expect(first.step.parameters.description).not.toBe(second.step.parameters.description);
    expect(second.tried).toBeGreaterThan(1);
    expect(roundTrip(first.step, raw({ type: 'Click', target: 3, x: 0, y: 0 }, form)).ok).toBe(false);
  });
  test('colour tells two alike apart', () => {
    const page = snap([
      { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Save', role: 'button', look: { bg: 'rgb(220, 38, 38)', fg: 'rgb(255,255,255)' } },
      { tag: 'button', xpath: `${B(1)}/button[2]`, text: 'Save', role: 'button', look: { bg: 'rgb(22, 163, 74)', fg: 'rgb(255,255,255)' } },
    ]);
    expect(phrasesFor(page, 1)).toContain("the green 'Save' button");
    const d = describeStep(raw({ type: 'Click', target: 1, x: 0, y: 0 }, page));
    expect(d.roundTrip.ok).toBe(true);
  });
  test('grid cells are named by row and column', () => {
    const cells: El[] = [];
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++)
        cells.push({
          tag: 'div',
          xpath: `${B(1)}/div[${r * 3 + c + 1}]`,
          classes: ['cell'],
          box: { x: c * 100, y: r * 100, width: 90, height: 90 },
          interactive: true,
          listeners: ['click'],
        });
    const page = snap(cells);
    expect(gridCell(page, 5)).toEqual({ row: 2, col: 3 });
    const d = describeStep(raw({ type: 'Click', target: 5, x: 0, y: 0 }, page));
    expect(d.roundTrip.ok).toBe(true);
    expect(d.step.parameters.description).toMatch(/row 2, column 3/);
  });
  test('Press: a key to the page, a key into a named field', () => {
    const toPage = describeStep(raw({ type: 'Press', target: -1, key: 'ArrowUp' }, form));
    expect(toPage.step.parameters).toMatchObject({ description: 'Press the Up arrow key', key: 'ArrowUp' });
    expect(toPage.roundTrip.ok).toBe(true);
    const inField = describeStep(raw({ type: 'Press', target: 0, key: 'Enter' }, { ...form, focused: 0 }));
    expect(inField.step.parameters.description).toBe("Press Enter in the 'Full name' field");
    expect(inField.roundTrip.ok).toBe(true);
  });
  test('Scroll: direction kept and checked', () => {
    const d = describeStep(raw({ type: 'Scroll', direction: 'down', pixels: 360 }));
    expect(d.step).toMatchObject({ type: 'Scroll', parameters: { description: 'Scroll down', direction: 'down' } });
    expect(
      roundTrip({ ...d.step, parameters: { ...d.step.parameters, direction: 'up' } }, raw({ type: 'Scroll', direction: 'down', pixels: 1 }))
        .ok,
    ).toBe(false);
  });
  test('a wording that picks another element is flagged with the pick and alternatives', () => {
    const step = {
      type: 'Click',
      parameters: { description: "Click the 'Book' button" },
      visual_evaluation_flag: false,
      logical_assertion: null,
    };
    const rt = roundTrip(step, raw({ type: 'Click', target: 3, x: 0, y: 0 }, form));
    expect(rt.ok).toBe(false);
    expect(rt.picked).toBe(2);
    expect(rt.reason).toMatch(/not the recorded/);
  });
  test('an element no wording reaches is flagged, never silently described', () => {
    const page = snap([
      { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Open', role: 'button' },
      { tag: 'div', xpath: `${B(1)}/div[1]`, visible: false, inViewport: false, box: { x: 0, y: 0, width: 0, height: 0 } },
    ]);
    const d = describeStep(raw({ type: 'Click', target: 1, x: 0, y: 0 }, page));
    expect(d.roundTrip.ok).toBe(false);
    expect(d.step.parameters.description).toMatch(/^Click /);
  });
  test('labels: long text cut at a word, fields by label then placeholder', () => {
    const long = 'Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor';
    const page = snap([
      { tag: 'a', xpath: `${B(1)}/a[1]`, text: long, href: '#' },
      { tag: 'input', xpath: `${B(1)}/input[1]`, name: '', placeholder: 'Search books', editable: true },
    ]);
    expect(labelOf(page.elements[0]!).length).toBeLessThanOrEqual(48);
    expect(long.startsWith(labelOf(page.elements[0]!))).toBe(true);
    expect(labelOf(page.elements[1]!)).toBe('Search books');
  });
});

describe('assets', () => {
  test('referenced files get anonymous names in order of first use; references become the placeholder', () => {
    const html = `<img src="img/logo%20big.png"><div style="background:url('./bg/hero.jpg')"></div><img srcset="img/logo big.png 1x, icons/x.svg 2x"><a href="notes.pdf">`;
    const r = anonymiseAssets(html, ['icons/x.svg', 'bg/hero.jpg', 'img/logo big.png', 'unused.png', 'x.svg']);
    expect([...r.names]).toEqual([
      ['img/logo big.png', 'asset_001.png'],
      ['bg/hero.jpg', 'asset_002.jpg'],
      ['icons/x.svg', 'asset_003.svg'],
    ]);
    expect(r.html).toBe(
      `<img src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_001.png"><div style="background:url('__PLACEHOLDER_ASSETS_BASE_DIR__/asset_002.jpg')"></div><img srcset="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_001.png 1x, __PLACEHOLDER_ASSETS_BASE_DIR__/asset_003.svg 2x"><a href="notes.pdf">`,
    );
    expect(leakedNames(r.html, ['img/logo big.png', 'bg/hero.jpg', 'icons/x.svg'])).toEqual([]);
    expect(leakedNames(html, ['bg/hero.jpg'])).toEqual(['bg/hero.jpg']);
  });
  test('a page already written with the placeholder is renumbered the same way', () => {
    const r = anonymiseAssets(
      `<img src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_002.png"><img src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_001.png">`,
      ['asset_001.png', 'asset_002.png'],
    );
    expect(r.names.get('asset_002.png')).toBe('asset_001.png');
    expect(r.html).toBe(
      `<img src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_001.png"><img src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_002.png">`,
    );
  });
});

describe('task layout', () => {
  const s = (flag: boolean, description = 'Click the x'): Step => ({
    type: 'Click',
    parameters: { description },
    visual_evaluation_flag: flag,
    logical_assertion: null,
  });
  test('consecutive ids after an existing data.jsonl', () => {
    expect(nextTaskId('')).toBe(1);
    expect(nextTaskId('{"id": 4}\n{"id": 9}\nnot json\n')).toBe(10);
  });
  test('checkpoints follow the official selection (the screenshot before each flagged step)', () => {
    expect(checkpointShots([s(false), s(true), s(false), s(true)])).toEqual([
      { checkpoint: 0, screenshot: 0 },
      { checkpoint: 1, screenshot: 1 },
      { checkpoint: 2, screenshot: 3 },
    ]);
  });
  test('an empty recording, a step that does not resolve back, a missing screenshot block the export', () => {
    expect(exportBlockers([], [], new Set([0]))).toEqual(['the recording has no steps: an empty recording cannot be exported']);
    const b = exportBlockers([s(false), s(true)], [{ ok: true }, { ok: false }], new Set([0]));
    expect(b).toHaveLength(2);
    expect(b[0]).toMatch(/^step 2 \(Click\)/);
    expect(b[1]).toMatch(/checkpoint 1 needs the screenshot after 1 steps/);
    expect(exportBlockers([s(false), s(true)], [{ ok: true }, { ok: true }], new Set([0, 1]))).toEqual([]);
    const rec = taskRecord(3, { source_website: 'x.example', classification: { domain: 'Shop' }, resolution: '390x844' }, [s(true)]);
    expect(rec).toMatchObject({ id: 3, recording_details: { resolution: '390x844' }, classification: { domain: 'Shop' } });
  });
});
