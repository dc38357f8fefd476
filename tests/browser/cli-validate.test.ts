// `iwr validate` end to end: the real CLI process, the built app in headless Chromium, the
// fixture datasets served from disk. Exit codes 0 (clean), 1 (errors), 2 (not a dataset).
import { describe, inject, test } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = `${repo}tests/fixtures/datasets/`;

function iwr(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`${repo}bin/iwr.mjs`, ...args],
      // The CLI uses the build the browser tests made, so it never rebuilds dist/ under other runs.
      { cwd: repo, env: { ...process.env, IWR_DIST: inject('distDir') }, timeout: 110_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 99) : 0, stdout, stderr }),
    );
  });
}

// The cases are independent CLI runs (each its own process and browser, reading fixtures):
// they run at once, each with its own test's expect.
describe.concurrent('iwr validate', () => {
  test('a clean dataset: its task, no problems, exit 0', async ({ expect }) => {
    const r = await iwr('validate', '--data', `${fixtures}clean`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`Dataset ${fixtures}clean: 1 task`);
    expect(r.stdout).toContain('task 1  tiny-tally.example  3 steps, 3 checkpoints, 640x400  ok');
    expect(r.stdout.trim().split('\n').at(-1)).toBe('1 task, 0 with errors; 0 errors, 0 warnings.');
    expect(r.code).toBe(0);
  });

  test('a broken dataset: every problem with its place, exit 1', async ({ expect }) => {
    const r = await iwr('validate', '--data', `${fixtures}broken`);
    const lines = r.stdout.split('\n').map((l) => l.trim());
    expect(lines).toEqual(
      expect.arrayContaining([
        'task 1  tiny-tally.example  3 steps, 3 checkpoints, 640x400  ok',
        'task 3  broken-tally.example  3 steps, 3 checkpoints, 640x400 (metadata.json)  4 errors',
        'error    data.jsonl line 2: action_sequence[0].type "Hover" is not one of Click, Type, Press, Scroll',
        'error    data/3/video.mp4: missing (no video.mp4 or video.webm)',
        'error    data/3/checkpoints/step_2.png: missing (the reference after flagged step 2 of 2; 3 checkpoints expected)',
        'error    data/3/checkpoints/step_1.png: is not a readable image (The source image could not be decoded.)',
        'task 4  no-folder.example  3 steps, 3 checkpoints, 640x400  1 error',
        'error    data/4/: task folder is missing or empty',
        'error    data.jsonl line 4: id 1 is a duplicate of line 1; line skipped',
        '3 tasks, 2 with errors; 7 errors, 0 warnings.',
      ]),
    );
    expect(lines.some((l) => /^error {4}data\.jsonl line 3: is not valid JSON \(.+\); line skipped$/.test(l))).toBe(true);
    expect(r.code).toBe(1);
  });

  test('a folder without data.jsonl: one line, exit 2', async ({ expect }) => {
    const r = await iwr('validate', '--data', `${fixtures}not-a-dataset`);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`iwr validate: ${fixtures}not-a-dataset is not a dataset: it has no data.jsonl\n`);
    expect(r.code).toBe(2);
  });

  test('bad arguments exit 2', async ({ expect }) => {
    expect((await iwr('validate')).stderr).toBe('iwr validate: --data DIR is required (see iwr validate --help)\n');
    const missing = await iwr('validate', '--data', `${fixtures}no-such-folder`);
    expect(missing.stderr).toBe(`iwr validate: ${fixtures}no-such-folder is not a folder\n`);
    expect(missing.code).toBe(2);
  });

  test('--data samples checks the built-in sample tasks', async ({ expect }) => {
    const r = await iwr('validate', '--data', 'samples');
    expect(r.stdout).toContain('Dataset samples (built in):');
    // Ids are padded to the longest one, so the spacing after "task 1" depends on the suite.
    expect(r.stdout).toMatch(/^ {2}task 1 +tiny-tally\.example {2}3 steps, 3 checkpoints, 640x400 {2}ok$/m);
    // Other sample tasks arrive from the sample-suite pipeline; the exit code follows the summary.
    const summary = r.stdout.trim().split('\n').at(-1) ?? '';
    expect(summary).toMatch(/^\d+ tasks?, \d+ with errors; \d+ errors?, \d+ warnings?\.$/);
    expect(r.code).toBe(/ 0 errors,/.test(summary) ? 0 : 1);
  });
});
