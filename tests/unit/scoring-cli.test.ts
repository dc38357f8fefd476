// `iwr score` and `iwr report` as a user runs them: spawn bin/iwr.mjs on the fixture
// eval.json files (tests/fixtures/eval/, made from scoring-vectors.ts) and check the vectors.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(repo, 'tests/fixtures/eval');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function iwr(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(repo, 'bin/iwr.mjs'), ...args], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A copy of a fixture results folder, so the report is written outside the repo. */
function copyOf(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'iwr-report-'));
  temps.push(dir);
  cpSync(join(fixtures, name), dir, { recursive: true });
  return dir;
}

describe('iwr score', { timeout: 60_000 }, () => {
  const cases: [string, Record<string, unknown>][] = [
    // zero steps: IFS 0 (guard), all scores 1 -> Final 0.3.
    ['single/zero-steps', { IFS: 0, ocr_score: 1, dino_score: 1, LFS: 1, HFS: 1, VFS: 1, Final: 0.3, complete: true }],
    // flag on step 0, executed 0: lists cut to 1 entry -> OCR 0.25, DINO 0.5, Final 0.13125.
    ['single/flag-step-0', { IFS: 0, ocr_score: 0.25, dino_score: 0.5, LFS: 0.375, HFS: 0.5, VFS: 0.4375, Final: 0.13125, complete: true }],
    // Error assertions do not cut: IFS 1, all 0.5, Final 0.85.
    ['single/error-assertions', { IFS: 1, ocr_score: 0.5, dino_score: 0.5, LFS: 0.5, HFS: 0.5, VFS: 0.5, Final: 0.85, complete: true }],
    // unjudged assertion: IFS 1 and Final 0.90625 under labelled keys.
    [
      'single/unjudged-assertion',
      {
        'IFS (unjudged assertions)': 1,
        ocr_score: 0.75,
        dino_score: 0.5,
        LFS: 0.625,
        HFS: 0.75,
        VFS: 0.6875,
        'Final (unjudged assertions)': 0.90625,
        complete: false,
      },
    ],
    // no judge: HFS null, VFS (no HFS) = LFS = 0.625, Final (no HFS) = 0.8875.
    [
      'partial/1/org__model-x',
      {
        IFS: 1,
        ocr_score: 0.75,
        dino_score: 0.5,
        LFS: 0.625,
        'HFS (unjudged)': null,
        'VFS (no HFS)': 0.625,
        'Final (no HFS)': 0.8875,
        complete: false,
      },
    ],
    // assertion No at step 2 of 4: IFS 0.5, Final 0.5 (official file, no iwr_studio key).
    [
      'results/2/org__model-x',
      { IFS: 0.5, ocr_score: 0.5, dino_score: 0.75, LFS: 0.625, HFS: 0.375, VFS: 0.5, Final: 0.5, complete: true },
    ],
  ];
  for (const [name, expected] of cases) {
    it(name, () => {
      const r = iwr('score', '--eval', join(fixtures, name, 'eval.json'));
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const lines = r.out.trim().split('\n');
      expect(lines).toHaveLength(1);
      const got = JSON.parse(lines[0] as string) as Record<string, unknown>;
      for (const [k, v] of Object.entries(expected)) {
        if (typeof v === 'number') expect(got[k], k).toBeCloseTo(v, 12);
        else expect(got[k], k).toEqual(v);
      }
      expect(Object.keys(got).filter((k) => !(k in expected))).toEqual(['partial']);
    });
  }

  it('exits 2 naming the file and fields of a bad eval.json', () => {
    const file = join(fixtures, 'bad/3/org__model-x/eval.json');
    const r = iwr('score', '--eval', file);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain(`${file}: success_step is missing`);
    expect(r.err).toContain(`${file}: all_dino_scores[1] must be a number in 0..1, got "high"`);
  });

  it('scores a file whose OCR-text entries are {} (a field the aggregate never reads), with a warning per entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'iwr-score-'));
    temps.push(dir);
    const rec = JSON.parse(readFileSync(join(fixtures, 'partial/1/org__model-x/eval.json'), 'utf8')) as { all_ocr_texts: unknown[] };
    const file = join(dir, 'eval.json');
    const clean = iwr('score', '--eval', join(fixtures, 'partial/1/org__model-x/eval.json'));
    rec.all_ocr_texts = rec.all_ocr_texts.map(() => ({}));
    writeFileSync(file, JSON.stringify(rec));
    const r = iwr('score', '--eval', file);
    expect(r.code).toBe(0);
    expect(r.out).toBe(clean.out);
    expect(r.err).toContain(
      `warning: ${file}: all_ocr_texts[0] must have string checkpoint_text and screenshot_text, got {} (not needed for the scores)`,
    );
  });

  it('exits 2 without --eval or on a missing file', () => {
    expect(iwr('score').code).toBe(2);
    const r = iwr('score', '--eval', join(fixtures, 'nope.json'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('nope.json: cannot read (ENOENT)');
  });
});

describe('iwr report', { timeout: 60_000 }, () => {
  it('writes the official table for a complete model', () => {
    const dir = copyOf('results');
    const r = iwr('report', '--results', dir, '--model', 'Org/Model-X');
    const md = join(dir, 'reports', 'Org__Model-X_metrics.md');
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe(`wrote ${md}`);
    // Vectors "no assertions" (task 1), "assertion No midway" (2), "execution failure" (10);
    // the arithmetic is in scoring-report.test.ts.
    expect(readFileSync(md, 'utf8')).toBe(
      [
        '# model: Org__Model-X result',
        '',
        '| task | IFS(%) | OCR(%) | DINO(%) | LFS(%) | HFS(%) | VFS(%) | Final(%) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        '| 1 | 100.00 | 75.00 | 50.00 | 62.50 | 60.00 | 61.25 | 88.37 |',
        '| 2 | 50.00 | 50.00 | 75.00 | 62.50 | 37.50 | 50.00 | 50.00 |',
        '| 10 | 40.00 | 50.00 | 50.00 | 50.00 | 50.00 | 50.00 | 43.00 |',
        '| avg | 63.33 | 58.33 | 58.33 | 58.33 | 49.17 | 53.75 | 60.46 |',
      ].join('\n'),
    );
  });

  it('labels a model without a judge and writes CSV and JSON on request', () => {
    const dir = copyOf('partial');
    const r = iwr('report', '--results', dir, '--model', 'Org/Model-X', '--formats', 'md,csv,json');
    expect(r.code).toBe(0);
    expect(r.out).toContain('(partial figures labelled)');
    const md = readFileSync(join(dir, 'reports', 'Org__Model-X_metrics.md'), 'utf8');
    expect(md).toContain('| 1 | 100.00 | 75.00 | 50.00 | 62.50 | n/a | 62.50* | 88.75* |');
    expect(md).toContain('| avg | 70.00 | 62.50 | 50.00 | 56.25 | 50.00* | 56.25* | 65.88* |');
    expect(existsSync(join(dir, 'reports', 'Org__Model-X_metrics.csv'))).toBe(true);
    const json = JSON.parse(readFileSync(join(dir, 'reports', 'Org__Model-X_metrics.json'), 'utf8'));
    expect(json.avg.Final).toBeCloseTo(0.65875, 12);
  });

  it('exits 2 on a bad file, naming it, and writes nothing', () => {
    const dir = copyOf('bad');
    const r = iwr('report', '--results', dir, '--model', 'Org/Model-X');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(dir, '3', 'org__model-x', 'eval.json')}: all_dino_scores[1]`);
    expect(existsSync(join(dir, 'reports'))).toBe(false);
  });

  it('exits 2 when the model has no results', () => {
    const r = iwr('report', '--results', copyOf('results'), '--model', 'other');
    expect(r.code).toBe(2);
    expect(r.err).toContain('no <task>/other/eval.json found');
  });
});
