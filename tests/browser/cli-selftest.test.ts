// `iwr selftest`: defect variants of the sample references, evaluated for real in headless
// Chromium, each caught (scored below its reference) by the judge-free modes; with a judge
// endpoint, a third mode answered by a local chat-completions stand-in.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startChatServer, type ChatServer } from '../support/chat-server.ts';
import { DINO, iwr } from './cli-support.ts';
import type { SelftestRow } from '../../src/selftest/report.ts';

let server: ChatServer;
beforeAll(async () => {
  server = await startChatServer();
});
afterAll(async () => {
  await server.close();
});

interface Report {
  modes: string[];
  rows: SelftestRow[];
  allCaught: boolean;
}

// The two selftest runs share nothing (their own output folders and browsers; only the second
// talks to the stand-in judge) and mostly wait on the replays' official timers: they run at once.
test.concurrent(
  'three sample tasks: every variant with an effect is caught, the references keep full marks',
  async ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), 'iwr-selftest-'));
    const ran = await iwr([
      'selftest',
      '--data',
      'samples',
      '--tasks',
      '1,5,12',
      '--dino-model',
      DINO,
      '--json',
      join(dir, 'selftest.json'),
      '--out',
      join(dir, 'out'),
    ]);
    expect(ran.code, ran.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'selftest.json'), 'utf8')) as Report;
    expect(report.modes).toEqual(['no judge', 'checks']);
    expect(report.allCaught).toBe(true);
    const refs = report.rows.filter((r) => r.page === 'reference');
    expect(refs.map((r) => r.task)).toEqual(['1', '5', '12']);
    // The references pass their own checks: IFS (checks) 1 and the same Final as with no judge.
    for (const r of refs) expect(r.scores.checks, `task ${r.task}`).toBe(r.scores['no judge']);
    const variants = report.rows.filter((r) => r.page !== 'reference');
    const effective = variants.filter((r) => r.effect);
    expect(effective.length).toBeGreaterThanOrEqual(8);
    for (const v of effective) {
      const ref = refs.find((r) => r.task === v.task)!;
      // The checks see every defect that changes what the page does...
      expect(v.scores.checks!, `task ${v.task} ${v.page}`).toBeLessThan(ref.scores.checks!);
      expect(v.caught?.checks, `task ${v.task} ${v.page}`).toBe(true);
    }
    // ...and a variant with no effect looked the same at every step.
    for (const v of variants.filter((r) => r.effect === false))
      expect(v.scores['no judge']).toBe(refs.find((r) => r.task === v.task)!.scores['no judge']);
    // The table is printed, and each page with its eval.json is kept under --out.
    expect(ran.stdout).toMatch(/^task\s+page\s+Final \(no judge\)\s+Final \(checks\)\s+caught by/m);
    expect(ran.stdout).toMatch(/^checks: caught \d+ of \d+$/m);
    expect(ran.stdout).toContain('every variant is caught by at least one mode');
    const html = readFileSync(join(dir, 'out', '5', 'handler-removed', 'index.html'), 'utf8');
    expect(html).toContain('data-iwr-defect="handler-removed"');
    expect(existsSync(join(dir, 'out', '5', 'handler-removed', 'eval.json'))).toBe(true);
  },
  900_000,
);

test.concurrent(
  'with a judge endpoint, a third mode: the stand-in judge says No when a step changed nothing on screen',
  async ({ expect }) => {
    server.reset();
    // A crude but real judge: an assertion holds when the screenshot after the step differs from the one before.
    server.script(
      { name: 'visual', match: 'Score: N/100', reply: 'Score: 80/100' },
      { name: 'assertion', reply: (r) => `{"think": "compared", "result": "${r.images[0] === r.images[1] ? 'No' : 'Yes'}"}` },
    );
    const dir = mkdtempSync(join(tmpdir(), 'iwr-selftest-judge-'));
    const ran = await iwr([
      'selftest',
      '--data',
      'samples',
      '--tasks',
      '1',
      '--defects',
      'handler-removed',
      '--dino-model',
      DINO,
      '--judge-endpoint',
      server.baseUrl,
      '--judge-model',
      'stand-in',
      '--json',
      join(dir, 'selftest.json'),
    ]);
    expect(ran.code, ran.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'selftest.json'), 'utf8')) as Report;
    expect(report.modes).toEqual(['no judge', 'checks', 'judge']);
    const [ref, variant] = report.rows;
    expect(ref?.page).toBe('reference');
    expect(variant?.page).toBe('handler-removed');
    expect(typeof ref?.scores.judge).toBe('number');
    expect(variant?.caught?.judge).toBe(true);
    expect(server.requests.filter((r) => r.rule === 'assertion').length).toBeGreaterThan(0);
    expect(server.requests.every((r) => (r.body.model as string) === 'stand-in')).toBe(true);
    expect(ran.stdout).toMatch(/Final \(judge\)/);
  },
  600_000,
);

test('bad arguments are refused before a browser starts', async () => {
  const bad = await iwr(['selftest', '--data', 'samples', '--defects', 'handler-removed,typo']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/--defects: unknown defect typo/);
  const noRef = await iwr(['selftest', '--data', 'samples', '--tasks', '3', '--reference', 'nobody']);
  expect(noRef.code).toBe(2);
  expect(noRef.stderr).toMatch(/task 3: no reference page at .*nobody/);
});
