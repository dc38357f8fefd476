// The selftest's defect variants (src/selftest/defects.ts) and its table (report.ts): which
// variants a task gets, where the script goes, and how the table counts. What each script does
// to a live page is tested in real Chromium by tests/browser/cli-selftest.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { caught, clickedLabel, DEFECT_TABLE, DEFECTS, defectVariants, withDefect } from '../../src/selftest/defects.ts';
import { checksFinal, selftestSummary, selftestTable, type SelftestRow } from '../../src/selftest/report.ts';
import type { Step, TaskRecord } from '../../src/task/types.ts';

const step = (type: string, description: string, assertion: string | null = null, extra: Record<string, unknown> = {}): Step =>
  ({ type, parameters: { description, ...extra }, visual_evaluation_flag: false, logical_assertion: assertion }) as Step;
const task = (steps: Step[]): TaskRecord => ({ id: 't', action_sequence: steps }) as unknown as TaskRecord;

const samples = readFileSync(new URL('../../public/samples/dataset/data.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as TaskRecord);

describe('clickedLabel', () => {
  test('the quoted label of the first Click step with an assertion', () => {
    const t = task([
      step('Click', "Click the 'Menu' icon"),
      step('Type', "Type 'x' into the 'Name' field", 'x is shown', { text: 'x' }),
      step('Click', 'Click the “Add to basket” button', 'The basket shows 1'),
    ]);
    expect(clickedLabel(t)).toBe('Add to basket');
  });
  test('else the first Click; null without a quote or a Click', () => {
    expect(clickedLabel(task([step('Click', "Click the 'Menu' icon"), step('Click', "Click 'Home'")]))).toBe('Menu');
    expect(clickedLabel(task([step('Click', 'Click the three-dot menu', 'A menu opens')]))).toBeNull();
    expect(clickedLabel(task([step('Scroll', "Scroll to 'Footer'")]))).toBeNull();
  });
});

describe('withDefect', () => {
  const t = task([step('Click', "Click 'Add one'", 'Count: 1')]);
  test('the script goes first in <head>, before the page scripts', () => {
    const html = '<!doctype html><html><head lang="en"><script>window.page = 1</script></head><body></body></html>';
    const out = withDefect(html, t, 'handler-removed');
    expect(out.indexOf('data-iwr-defect="handler-removed"')).toBeGreaterThan(out.indexOf('<head lang="en">'));
    expect(out.indexOf('data-iwr-defect')).toBeLessThan(out.indexOf('window.page'));
    expect(out.replace(/<script data-iwr-defect[\s\S]*?<\/script>/, '')).toBe(html);
  });
  test('without <head>: after the doctype, else first', () => {
    expect(withDefect('<!DOCTYPE html><p>hi</p>', t, 'never-opens')).toMatch(/^<!DOCTYPE html><script data-iwr-defect="never-opens">/);
    expect(withDefect('<p>hi</p>', t, 'never-opens')).toMatch(/^<script data-iwr-defect="never-opens">[\s\S]*<p>hi<\/p>$/);
  });
  test.each(DEFECTS)('%s: the injected script is valid JavaScript and names the label as a string', (name) => {
    const label = 'it\'s "quoted" </script>';
    const tt = task([step('Click', `Click the '${label.slice(0, 4)}' button`, 'ok'), step('Type', "Type 'x'", 'x', { text: 'x' })]);
    const script = DEFECT_TABLE[name].script(tt);
    expect(() => new Function(script)).not.toThrow();
  });
});

describe('defectVariants', () => {
  test('a defect that cannot show is left out with its reason', () => {
    const t = task([step('Click', "Click 'Go'", 'A panel opens')]);
    const { variants, skipped } = defectVariants('<button>Go</button>', t);
    expect(variants.map((v) => v.defect)).toEqual(['handler-removed', 'label-swapped']);
    expect(skipped).toEqual([
      { defect: 'counter-plus-two', reason: 'no assertion names a number' },
      { defect: 'ignores-input', reason: 'the task has no Type step' },
      { defect: 'never-opens', reason: 'the page hides nothing to open' },
    ]);
  });
  test('only the defects asked for', () => {
    const t = task([step('Type', "Type 'a'", 'Shows 1 item', { text: 'a' })]);
    const { variants, skipped } = defectVariants('<div hidden></div>', t, ['ignores-input', 'never-opens']);
    expect(variants.map((v) => v.defect)).toEqual(['ignores-input', 'never-opens']);
    expect(skipped).toEqual([]);
  });
  test('every sample task gets at least three variants', () => {
    const reference = (id: number) =>
      readFileSync(new URL(`../../public/samples/results/${id}/reference/index.html`, import.meta.url), 'utf8');
    for (const t of samples) expect(defectVariants(reference(Number(t.id)), t).variants.length, `task ${t.id}`).toBeGreaterThanOrEqual(3);
  });
});

describe('the table', () => {
  const rows: SelftestRow[] = [
    { task: '3', page: 'reference', scores: { 'no judge': 1, checks: 1 } },
    {
      task: '3',
      page: 'handler-removed',
      scores: { 'no judge': 0.9, checks: 0.3 },
      caught: { 'no judge': true, checks: true },
      effect: true,
    },
    { task: '3', page: 'label-swapped', scores: { 'no judge': 1, checks: 1 }, caught: { 'no judge': false, checks: false }, effect: true },
    { task: '3', page: 'never-opens', scores: { 'no judge': 1, checks: 1 }, caught: { 'no judge': false, checks: false }, effect: false },
  ];
  test('caught is strictly lower: an equal score is not caught', () => {
    expect(caught(1, 0.999)).toBe(true);
    expect(caught(1, 1)).toBe(false);
    expect(caught(0.5, 0.7)).toBe(false);
  });
  test('rows, marks and verdicts', () => {
    const table = selftestTable(rows, ['no judge', 'checks']).split('\n');
    expect(table[0]).toMatch(/^task\s+page\s+Final \(no judge\)\s+Final \(checks\)\s+caught by$/);
    expect(table[2]).toMatch(/handler-removed\s+90\.00 ✓\s+30\.00 ✓\s+no judge, checks$/);
    expect(table[3]).toMatch(/label-swapped .*NOT CAUGHT$/);
    expect(table[4]).toMatch(/never-opens .*no effect on this task$/);
  });
  test('the summary counts variants with an effect, and fails on one caught by no mode', () => {
    const s = selftestSummary(rows, ['no judge', 'checks']);
    expect(s.lines).toEqual([
      'no judge: caught 1 of 2',
      'checks: caught 1 of 2',
      'not caught by any mode: task 3 label-swapped',
      'no effect (not counted): task 3 never-opens',
    ]);
    expect(s.allCaught).toBe(false);
    expect(selftestSummary(rows.slice(0, 2), ['no judge']).allCaught).toBe(true);
    expect(
      selftestSummary([...rows.slice(0, 2), { task: '4', page: 'reference', scores: {}, error: 'boom' }], ['no judge']).allCaught,
    ).toBe(false);
  });
  test("the checks' Final is read from iwr_studio.checks.scores, null when absent", () => {
    const evalJson = (extra: object) => JSON.stringify({ total_step: 1, success_step: 1, iwr_studio: { schema: 1, ...extra } });
    expect(checksFinal(evalJson({ checks: { verdicts: [], scores: { Final: 0.42 } } }))).toBe(0.42);
    expect(checksFinal(evalJson({ checks: { verdicts: [] } }))).toBeNull();
  });
});
