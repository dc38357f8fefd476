// --input trusted: actions reach the page as protocol-level mouse and keyboard input
// (isTrusted true), the default stays the agent's synthetic events. (1) A page that writes
// isTrusted and the click offset into its text, replayed through window.iwr with the CLI's
// own binding (ensureTrustedInput): read back with the inspect option, no OCR. (2) `iwr eval`
// on sample task 1's reference: the same IFS and step decisions with either input. (3) An
// unknown --input value is a usage error (exit 2) before any browser starts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTrustedInput } from '../../src/cli/evaluate.ts';
import type { EvalRecord } from '../../src/scoring/eval-record.ts';
import { taskScores } from '../../src/scoring/metrics.ts';
import { launchBrowser, openApp } from './harness.ts';
import { fixturePage, replayPage, task, type ReplayOut } from './run-support.ts';
import { DINO, iwr, SAMPLE_RESULTS, evalArgs } from './cli-support.ts';

const INSPECT = ['#click', '#reckey', '#typed', '#submitted', '#farout'];
const STEPS = task([
  { type: 'Click', description: "Click the 'Record click' button" },
  { type: 'Press', description: 'Press the left arrow key', key: 'ArrowLeft' },
  { type: 'Type', description: 'Type "new name" into the Name field', text: 'new name' },
  { type: 'Press', description: 'Press Enter to save', key: 'Enter' },
  { type: 'Click', description: "Click the 'Far away button'" },
  { type: 'Click', description: "Click the 'Away link'" },
]);

/** Text of inspect selector `sel` after record k. */
const text = (out: ReplayOut, k: number, sel: string) => out.records[k]?.inspect?.[INSPECT.indexOf(sel)]?.text;

describe('trusted input through window.iwr', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await openApp(browser));
    await ensureTrustedInput(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('trusted: Click, Press, Type reach the page with isTrusted true at the element centre, focus stays where a click put it; far targets are wheeled into view; a link away stays blocked', async () => {
    const out = await replayPage(page, fixturePage('trusted.html'), STEPS, { input: 'trusted', inspect: INSPECT });
    expect(out.summary.done, out.summary.reason).toBe(6);
    expect(out.summary.input).toBe('trusted');
    expect(text(out, 1, '#click')).toBe('true|centre');
    expect(out.records[1]?.attempts.at(-1)?.detail).toMatch(/^trusted click at/);
    // The real click focused the button and the key went there (the frame kept its focus).
    expect(text(out, 2, '#reckey')).toBe('ArrowLeft|true');
    // The prefilled "old" was selected and deleted with real keys, then the text typed.
    expect(text(out, 3, '#typed')).toBe('new name|true');
    expect(text(out, 4, '#submitted')).toBe('new name|true');
    expect(text(out, 5, '#farout')).toBe('true|centre');
    expect(out.records[5]?.attempts.at(-1)?.detail).toMatch(/^wheel \d+ px toward it, trusted click/);
    expect(out.records[5]?.inspect?.[0]?.scrollY).toBeGreaterThan(0);
    // Under the blocked policy a link to another document gets the agent's cancellable click.
    expect(out.records[6]?.status).toBe('ok');
    expect(out.records[6]?.attempts.at(-1)?.detail).toMatch(/^synthetic click: the link to https:\/\/example\.com\/away leaves the page/);
    expect(out.records[6]?.blocked.map((b) => b.url)).toContain('https://example.com/away');
  });

  test('synthetic (default): the same steps succeed with isTrusted false', async () => {
    const out = await replayPage(page, fixturePage('trusted.html'), STEPS, { inspect: INSPECT });
    expect(out.summary.done, out.summary.reason).toBe(6);
    expect(out.summary.input).toBe('synthetic');
    expect(text(out, 1, '#click')).toBe('false|centre');
    expect(text(out, 2, '#reckey')).toBe('ArrowLeft|false');
    expect(text(out, 3, '#typed')).toBe('new name|false');
    expect(text(out, 4, '#submitted')).toBe('new name|false');
    expect(text(out, 5, '#farout')).toBe('false|centre');
  });
});

describe('iwr eval --input', () => {
  test('sample task 1, reference: trusted input gives the same IFS and step decisions as the default, and eval.json says which input ran', async () => {
    const html = join(SAMPLE_RESULTS, '1', 'reference', 'index.html');
    const dirs = { synthetic: mkdtempSync(join(tmpdir(), 'iwr-in-s-')), trusted: mkdtempSync(join(tmpdir(), 'iwr-in-t-')) };
    // The two runs are independent processes: in parallel they cost one Chromium start-up of wall time.
    const [rs, rt] = await Promise.all([
      iwr(evalArgs({ task: '1', html, out: dirs.synthetic }, '--dino-model', DINO)),
      iwr(evalArgs({ task: '1', html, out: dirs.trusted }, '--dino-model', DINO, '--input', 'trusted')),
    ]);
    expect(rs.code, rs.stderr).toBe(0);
    expect(rt.code, rt.stderr).toBe(0);
    const read = (d: string) => JSON.parse(readFileSync(join(d, 'eval.json'), 'utf8')) as EvalRecord;
    const s = read(dirs.synthetic);
    const t = read(dirs.trusted);
    expect(s.iwr_studio?.input_backend).toBe('synthetic');
    expect(t.iwr_studio?.input_backend).toBe('trusted');
    expect(t.success_step).toBe(s.success_step);
    expect(t.success_step).toBe(t.total_step);
    expect(taskScores(t).IFS).toBe(taskScores(s).IFS);
    expect(t.iwr_studio?.driver_decisions).toEqual(s.iwr_studio?.driver_decisions);
    console.log(
      `task 1 reference: OCR ${taskScores(s).ocr_score.toFixed(4)} synthetic / ${taskScores(t).ocr_score.toFixed(4)} trusted; DINO ${taskScores(s).dino_score.toFixed(4)} / ${taskScores(t).dino_score.toFixed(4)}`,
    );
  }, 600_000);

  test('an unknown --input value exits 2 with the allowed values, for eval and batch', async () => {
    const out = mkdtempSync(join(tmpdir(), 'iwr-in-x-'));
    const [e, b] = await Promise.all([
      iwr([...evalArgs({ task: '1', html: join(SAMPLE_RESULTS, '1', 'reference', 'index.html'), out }), '--input', 'robot']),
      iwr(['batch', '--data', 'samples', '--results', out, '--model', 'reference', '--input', 'robot']),
    ]);
    expect(e.code, e.stderr).toBe(2);
    expect(e.stderr).toContain('--input robot: expected one of synthetic, trusted');
    expect(b.code, b.stderr).toBe(2);
    expect(b.stderr).toContain('--input robot: expected one of synthetic, trusted');
  }, 120_000);
});
