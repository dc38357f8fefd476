// `iwr eval --assertions checks` and `--checks FILE`: the assertions answered by the task's
// judge-free checks, recorded in eval.json with their evidence and labelled "checks"; a bad
// entry in a checks file is a warning naming the file and JSON path, and the rest still run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { DINO, iwr, SAMPLE_RESULTS, evalArgs } from './cli-support.ts';

const html = (task: string, model: string) => join(SAMPLE_RESULTS, task, model, 'index.html');

test('--assertions checks: the sample checks answer, eval.json says so, the look-alike stops at its first No', async () => {
  const out = mkdtempSync(join(tmpdir(), 'iwr-checks-'));
  const [ref, look] = await Promise.all([
    iwr([...evalArgs({ task: '3', html: html('3', 'reference'), out: join(out, 'ref') }), '--dino-model', DINO, '--assertions', 'checks']),
    iwr([
      ...evalArgs({ task: '3', html: html('3', 'static-lookalike'), out: join(out, 'look') }),
      '--dino-model',
      DINO,
      '--assertions',
      'checks',
    ]),
  ]);
  expect(ref.code, ref.stderr).toBe(0);
  expect(look.code, look.stderr).toBe(0);
  const refEval = JSON.parse(readFileSync(join(out, 'ref', 'eval.json'), 'utf8'));
  expect(refEval.iwr_studio.assertions_mode).toBe('checks');
  expect(refEval.success_step).toBe(refEval.total_step);
  expect(refEval.iwr_studio.checks.verdicts.map((v: { result: string }) => v.result)).toEqual(['Yes', 'Yes', 'Yes', 'Yes', 'Yes']);
  expect(refEval.iwr_studio.checks.verdicts[2].evidence[0].seen).toMatch(/^1 in <div\.basket>/);
  // Never printed as the official figure.
  const printed = JSON.parse(ref.stdout);
  expect(printed['IFS (checks)']).toBe(1);
  expect(printed.IFS).toBeUndefined();
  const lookEval = JSON.parse(readFileSync(join(out, 'look', 'eval.json'), 'utf8'));
  // The look-alike's first assertion fails: its prefix ends there, as a judge's No ends it.
  expect(lookEval.success_step).toBe(0);
  expect(lookEval.assertion_results[0].result).toBe('No');
  expect(lookEval.assertion_results[0].response).toContain('"Weight 2.1 kg" not seen');
}, 600_000);

test('--checks FILE: a malformed entry is a warning with file and path; the valid ones answer', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'iwr-checks-file-'));
  const file = join(dir, 'mine.json');
  const prov = { by: 'hand', created: '2026-12-01' };
  writeFileSync(
    file,
    JSON.stringify({
      format: 'iwr-checks',
      version: 1,
      entries: [
        { step: 0, assertion: "The counter should read 'Count: 1'", check: { kind: 'text', text: 'Count: 2' }, provenance: prov },
        { step: 2, assertion: "The greeting 'Hello, Ada!' should appear", check: { kind: 'text' }, provenance: prov },
      ],
    }),
  );
  const r = await iwr([
    ...evalArgs({ task: '1', html: html('1', 'reference'), out: join(dir, 'out') }),
    '--dino-model',
    DINO,
    '--checks',
    file,
  ]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain(`${file}: entries[1].check.text must be a non-empty string; entry skipped`);
  const ev = JSON.parse(readFileSync(join(dir, 'out', 'eval.json'), 'utf8'));
  // --checks alone means the checks answer; the wrong expectation ("Count: 2") fails step 0.
  expect(ev.iwr_studio.assertions_mode).toBe('checks');
  expect(ev.success_step).toBe(0);
  expect(ev.assertion_results[2]).toMatchObject({ result: 'unjudged' });
}, 600_000);

test('--checks with --assertions judge is refused before any browser starts', async () => {
  const r = await iwr([
    ...evalArgs({ task: '1', html: html('1', 'reference'), out: join(tmpdir(), 'x') }),
    '--checks',
    'nope.json',
    '--assertions',
    'judge',
  ]);
  expect(r.code).toBe(2);
  expect(r.stderr.trim()).toBe('iwr eval: --checks has no effect with --assertions judge');
});
