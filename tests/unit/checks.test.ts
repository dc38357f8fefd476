// The check language, pure half: reading checks.json (problems by file and JSON path, a bad
// entry skipped, the rest kept), and verdicts from observations (every leaf kind, pass and
// fail, with its evidence; all / any / not).
import { describe, expect, test } from 'vitest';
import { checksForSteps, parseChecksFile, validateCheck } from '../../src/checks/parse.ts';
import { decide, firstNumber, leavesOf, normText, probesFor, type Facts } from '../../src/checks/verdict.ts';
import type { Check, Observation } from '../../src/checks/types.ts';
import type { Step } from '../../src/task/types.ts';

const prov = { by: 'hand', created: '2026-12-01' };
const file = (entries: unknown[]) => JSON.stringify({ format: 'iwr-checks', version: 1, entries });

describe('checks.json', () => {
  test('a valid file loads every entry', () => {
    const { entries, problems } = parseChecksFile(
      file([
        { step: 0, assertion: "The counter should read 'Count: 1'", check: { kind: 'text', text: 'Count: 1' }, provenance: prov },
        {
          step: 2,
          assertion: 'The greeting appears',
          check: {
            all: [{ kind: 'number', target: { description: 'the counter' }, op: '=', change: 1 }, { not: { kind: 'hash', equals: '#x' } }],
          },
          provenance: { by: 'model', model: 'm', approvedBy: 'ann', created: '2026-11-30', approved: '2026-12-01' },
        },
      ]),
      'data/1/checks.json',
    );
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.step)).toEqual([0, 2]);
  });

  test('a bad entry is skipped with its file and JSON path; the others load', () => {
    const { entries, problems } = parseChecksFile(
      file([
        { step: 0, assertion: 'a', check: { kind: 'text', text: 'ok' }, provenance: prov },
        { step: 1, assertion: 'b', check: { all: [{ kind: 'count', text: 'x', op: '~', value: 3 }] }, provenance: prov },
        { step: 2, assertion: 'c', check: { kind: 'number', target: { description: 'd' }, op: '=' }, provenance: prov },
        { step: 3, assertion: 'd', check: { kind: 'text', text: 'y' }, provenance: { by: 'model', created: '2026-12-01' } },
        { step: 4, assertion: 'e', check: { kind: 'visible', target: { description: 'x', text: 'y' } }, provenance: prov },
        { step: 0, assertion: 'a again', check: { kind: 'text', text: 'dup' }, provenance: prov },
        { step: 5, assertion: 'f', check: { kind: 'text', text: 'z', colour: 'red' }, provenance: prov },
      ]),
      'data/7/checks.json',
    );
    expect(entries.map((e) => e.step)).toEqual([0]);
    expect(problems.map((p) => [p.file, p.path])).toEqual([
      ['data/7/checks.json', 'entries[1].check.all[0].op'],
      ['data/7/checks.json', 'entries[2].check'],
      ['data/7/checks.json', 'entries[3].provenance'],
      ['data/7/checks.json', 'entries[4].check.target'],
      ['data/7/checks.json', 'entries[5].step'],
      ['data/7/checks.json', 'entries[6].check.colour'],
    ]);
    expect(problems[2]?.message).toContain('approvedBy');
  });

  test('not JSON, the wrong format or version: one problem naming the file', () => {
    expect(parseChecksFile('{', 'c.json').problems[0]).toMatchObject({ file: 'c.json', message: expect.stringContaining('not JSON') });
    expect(parseChecksFile(JSON.stringify({ format: 'iwr-checks', version: 2, entries: [] }), 'c.json').problems[0]).toMatchObject({
      path: 'version',
    });
    expect(parseChecksFile('[]', 'c.json').problems).toHaveLength(1);
  });

  test('entries for steps without an assertion, past the end, or for a changed assertion are left out', () => {
    const steps = [
      { type: 'Click', parameters: {}, logical_assertion: 'The menu opens' },
      { type: 'Click', parameters: {}, logical_assertion: null },
      { type: 'Click', parameters: {}, logical_assertion: 'The basket shows 1' },
    ] as unknown as Step[];
    const { entries } = parseChecksFile(
      file([
        { step: 0, assertion: 'the  MENU opens', check: { kind: 'text', text: 'Home' }, provenance: prov },
        { step: 1, assertion: 'x', check: { kind: 'text', text: 'Home' }, provenance: prov },
        { step: 2, assertion: 'The basket shows 2', check: { kind: 'text', text: '2' }, provenance: prov },
        { step: 9, assertion: 'x', check: { kind: 'text', text: 'Home' }, provenance: prov },
      ]),
      'f',
    );
    const { byStep, problems } = checksForSteps(entries, steps, 'f');
    expect([...byStep.keys()]).toEqual([0]);
    expect(problems.map((p) => p.path)).toEqual(['entries[1].step', 'entries[2].assertion', 'entries[3].step']);
    expect(problems[1]?.message).toContain('stale');
  });

  test('validateCheck names the path of the first problem', () => {
    expect(validateCheck({ any: [] }).problem?.path).toBe('check.any');
    expect(validateCheck({ kind: 'changed', min: 2 }).problem?.path).toBe('check.min');
    expect(validateCheck({ kind: 'changed', region: { x: 0, y: 0, width: 10, height: 5 } }).check).not.toBeNull();
  });
});

describe('verdicts', () => {
  const obs = (id: string, o: Partial<Observation>): [string, Observation] => [id, { id, found: true, ...o }];
  const run = (check: Check, after: [string, Observation][], extra: Partial<Facts> = {}) =>
    decide(check, { after: new Map(after), ...extra });

  test('text: present and absent, case and spacing ignored', () => {
    expect(run({ kind: 'text', text: 'Count:  1' }, [obs('check', { text: 'the count: 1 now' })]).result).toBe('Yes');
    expect(run({ kind: 'text', text: 'Count: 1' }, [obs('check', { text: 'count: 0' })])).toMatchObject({
      result: 'No',
      evidence: [{ seen: '"Count: 1" not seen in view' }],
    });
    expect(run({ kind: 'text', text: 'Error', present: false }, [obs('check', { text: 'all good' })]).result).toBe('Yes');
    expect(run({ kind: 'text', text: 'x', within: { description: 'the panel' } }, [obs('check', { found: false })]).evidence[0]?.seen).toBe(
      '"the panel" not found',
    );
  });

  test('count, value, state, visible, title, hash', () => {
    expect(run({ kind: 'count', text: 'Ocean', op: '=', value: 3 }, [obs('check', { count: 3 })]).result).toBe('Yes');
    expect(run({ kind: 'count', text: 'Ocean', op: '=', value: 3 }, [obs('check', { count: 8 })]).evidence[0]?.seen).toBe(
      '8 visible element(s) containing "Ocean" (needs = 3)',
    );
    expect(
      run({ kind: 'value', target: { description: 'name' }, equals: 'Ada Lovelace' }, [obs('check', { value: 'ada lovelace ' })]).result,
    ).toBe('Yes');
    expect(run({ kind: 'value', target: { description: 'name' }, contains: 'Ada' }, [obs('check', { value: 'Bob' })]).result).toBe('No');
    expect(run({ kind: 'state', target: { text: 'agree' }, state: 'checked' }, [obs('check', { state: { checked: true } })]).result).toBe(
      'Yes',
    );
    expect(run({ kind: 'state', target: { text: 'agree' }, state: 'checked' }, [obs('check', { state: { checked: false } })]).result).toBe(
      'No',
    );
    expect(run({ kind: 'state', target: { text: 'agree' }, state: 'expanded' }, [obs('check', { state: {} })]).evidence[0]?.seen).toContain(
      'cannot be read',
    );
    expect(run({ kind: 'visible', target: { text: 'Quick view' }, visible: false }, [obs('check', { found: false })]).result).toBe('Yes');
    expect(
      run({ kind: 'visible', target: { text: 'Quick view' } }, [obs('check', { visible: false, element: '<div#qv>' })]).evidence[0]?.seen,
    ).toBe('hidden in <div#qv>');
    expect(run({ kind: 'title', contains: 'Cart' }, [obs('check', { title: 'My cart (2)' })]).result).toBe('Yes');
    expect(run({ kind: 'hash', equals: '#done' }, [obs('check', { hash: '' })]).result).toBe('No');
  });

  test('numbers: against a value, and against the number before the step', () => {
    const byOne: Check = { kind: 'number', target: { description: 'the MOVES counter' }, op: '=', change: 1 };
    expect(run(byOne, [obs('check', { text: 'MOVES 4' })], { before: new Map([obs('check', { text: 'MOVES 3' })]) }).result).toBe('Yes');
    const twice = run(byOne, [obs('check', { text: 'MOVES 5' })], { before: new Map([obs('check', { text: 'MOVES 3' })]) });
    expect(twice.result).toBe('No');
    expect(twice.evidence[0]?.seen).toBe('3 -> 5: changed by 2 (needs = 1)');
    expect(run(byOne, [obs('check', { text: '4' })]).evidence[0]?.seen).toContain('no number before the step');
    expect(run({ kind: 'number', target: { text: 'Total' }, op: '=', value: 13.5 }, [obs('check', { text: 'Total $13.50' })]).result).toBe(
      'Yes',
    );
    expect(run({ kind: 'number', target: { text: 'Total' }, op: '>', value: 1 }, [obs('check', { text: 'Total: none' })]).result).toBe(
      'No',
    );
  });

  test('restyled: colours before and after the step; an element that was not there fails', () => {
    const c: Check = { kind: 'restyled', target: { text: '10:30' } };
    const before = new Map([obs('check', { style: 'white | black' })]);
    expect(run(c, [obs('check', { style: 'teal | white', element: '<button>' })], { before }).evidence[0]?.seen).toBe(
      'restyled in <button> (white | black -> teal | white)',
    );
    expect(run(c, [obs('check', { style: 'white | black' })], { before }).result).toBe('No');
    expect(run(c, [obs('check', { style: 'teal | white' })]).evidence[0]?.seen).toContain('was not there before the step');
    expect(probesFor(leavesOf(c), (t) => t as never, 'before').probes.map((p) => p.read)).toEqual(['restyled']);
  });

  test('changed: the fraction of pixels against the minimum; a missing screenshot fails', () => {
    expect(run({ kind: 'changed' }, [], { changed: new Map([['check', 0.02]]) }).result).toBe('Yes');
    expect(run({ kind: 'changed', min: 0.05 }, [], { changed: new Map([['check', 0.02]]) }).result).toBe('No');
    expect(run({ kind: 'changed' }, [], { changed: new Map([['check', null]]) }).evidence[0]?.seen).toContain('no screenshot');
  });

  test('all / any / not, and what the summary blames', () => {
    const check: Check = {
      all: [
        { kind: 'text', text: 'Saved' },
        { not: { kind: 'text', text: 'Error' } },
        {
          any: [
            { kind: 'hash', equals: '#a' },
            { kind: 'hash', equals: '#b' },
          ],
        },
      ],
    };
    const ok = run(check, [
      obs('check.all[0]', { text: 'saved' }),
      obs('check.all[1].not', { text: 'saved' }),
      obs('check.all[2].any[0]', { hash: '#x' }),
      obs('check.all[2].any[1]', { hash: '#b' }),
    ]);
    expect(ok.result).toBe('Yes');
    const bad = run(check, [
      obs('check.all[0]', { text: 'saved error' }),
      obs('check.all[1].not', { text: 'saved error' }),
      obs('check.all[2].any[0]', { hash: '#a' }),
      obs('check.all[2].any[1]', { hash: '#a' }),
    ]);
    expect(bad.result).toBe('No');
    expect(bad.summary).toContain('check.all[1].not (text): "Error" seen');
    expect(bad.evidence).toHaveLength(4);
  });

  test('a leaf the page did not answer, could not read, or whose target was not resolved fails with the reason', () => {
    expect(run({ kind: 'text', text: 'a' }, []).evidence[0]?.seen).toBe('the page did not answer');
    expect(run({ kind: 'text', text: 'a' }, [obs('check', { error: 'the element was removed' })]).evidence[0]?.seen).toContain('removed');
    expect(
      run({ kind: 'text', text: 'a', within: { description: 'x' } }, [], { unresolved: new Map([['check', 'no element matches "x"']]) })
        .evidence[0]?.seen,
    ).toBe('no element matches "x"');
  });

  test('probes: one per leaf, descriptions resolved by the caller, before-probes only for changes', () => {
    const check: Check = {
      all: [
        { kind: 'number', target: { description: 'the score' }, op: '=', change: 0 },
        { kind: 'text', text: 'Win', within: { description: 'nowhere' } },
        { kind: 'count', text: 'x', op: '>', value: 0 },
        { kind: 'changed' },
      ],
    };
    const leaves = leavesOf(check);
    const resolve = (t: { description?: string }) =>
      t.description === 'the score' ? { index: 4 } : `no element matches "${t.description}"`;
    const after = probesFor(leaves, resolve as never);
    expect(after.probes.map((p) => [p.id, p.read, p.target])).toEqual([
      ['check.all[0]', 'number', { index: 4 }],
      ['check.all[2]', 'count', undefined],
    ]);
    expect([...after.unresolved.keys()]).toEqual(['check.all[1]']);
    expect(probesFor(leaves, resolve as never, 'before').probes.map((p) => p.id)).toEqual(['check.all[0]']);
  });

  test('text and numbers as a person reads them', () => {
    expect(normText('  “Fri 14”  ·  19:45 ')).toBe('"fri 14" · 19:45');
    expect(firstNumber('from €1,380 - available')).toBe(1380);
    expect(firstNumber('−2 points')).toBe(-2);
    expect(firstNumber('2 tickets · $24.00')).toBe(2);
    expect(firstNumber('none')).toBeNull();
  });
});
