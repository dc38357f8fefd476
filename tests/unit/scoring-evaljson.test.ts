// eval.json: write -> read round trip, official files without our key, and problems named by path.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EvalRecord } from '../../src/scoring/eval-record.ts';
import { parseEvalJson, serializeEvalRecord } from '../../src/scoring/evaljson.ts';
import { buildEvalRecord, taskScores } from '../../src/scoring/metrics.ts';
import { formatProblem } from '../../src/task/types.ts';
import { recordInput, VECTORS, vector } from './scoring-vectors.ts';

const fixture = (p: string): string => readFileSync(new URL(`../fixtures/eval/${p}`, import.meta.url), 'utf8');

describe('eval.json round trip', () => {
  for (const v of VECTORS) {
    it(v.name, () => {
      const rec = buildEvalRecord({
        ...recordInput(v),
        extras: {
          app_version: '0.1.0',
          judge: { kind: 'none' },
          models: { dino: { id: 'facebook/dinov2-base', sha256: 'ab'.repeat(32) }, ocr: { id: 'tesseract.js@7/eng' } },
          network_policy: 'offline',
          capture_backend: 'cdp',
          driver_decisions: v.steps.map((s, i) => ({ step: i, type: 'Click', outcome: i < v.executed ? 'done' : 'not-run' })),
        },
      });
      const text = serializeEvalRecord(rec);
      const back = parseEvalJson(text, 'eval.json');
      expect(back.problems).toEqual([]);
      expect(back.record).toEqual(rec);
      expect(taskScores(back.record!)).toEqual(taskScores(rec));
    });
  }

  it('writes every official field', () => {
    const keys = Object.keys(JSON.parse(serializeEvalRecord(buildEvalRecord(recordInput(vector('no assertions'))))));
    expect(keys).toEqual([
      'total_step',
      'success_step',
      'screenshot_paths_to_eval',
      'all_mllm_scores',
      'all_dino_scores',
      'all_ocr_scores',
      'all_avg_scores',
      'mllm_score',
      'dino_score',
      'ocr_score',
      'avg_score',
      'all_mllm_res',
      'all_ocr_texts',
      'assertion_results',
      'iwr_studio',
    ]);
  });
});

describe('parseEvalJson', () => {
  it('accepts an official file without iwr_studio, with Python-style floats', () => {
    const text = fixture('results/1/org__model-x/eval.json').replace(
      '"all_ocr_scores": [\n    0.5,\n    0.75,\n    1\n',
      '"all_ocr_scores": [\n    0.5,\n    0.75,\n    1.0\n',
    );
    expect(text).toContain('    1.0\n');
    const p = parseEvalJson(text, 'results/1/m/eval.json');
    expect(p.problems).toEqual([]);
    expect(p.record?.iwr_studio).toBeUndefined();
    expect(p.record?.all_ocr_scores).toEqual([0.5, 0.75, 1]);
  });

  it('names the file and field of each problem', () => {
    const p = parseEvalJson(fixture('bad/3/org__model-x/eval.json'), 'bad/3/eval.json');
    expect(p.record).toBeUndefined();
    expect(p.problems.map(formatProblem)).toEqual([
      'bad/3/eval.json: success_step is missing',
      'bad/3/eval.json: all_dino_scores[1] must be a number in 0..1, got "high"',
    ]);
  });

  it('rejects what the aggregate reads when malformed: null for "unjudged" in a score list', () => {
    const rec = JSON.parse(fixture('partial/1/org__model-x/eval.json'));
    rec.all_mllm_scores[0] = null;
    const p = parseEvalJson(JSON.stringify(rec), 'x.json');
    expect(p.record).toBeUndefined();
    expect(p.problems.map(formatProblem)).toEqual(['x.json: all_mllm_scores[0] must be a number in 0..1 or "unjudged", got null']);
  });

  it('warns, and scores, on every field the aggregate does not read, naming file and JSON path', () => {
    const rec = JSON.parse(fixture('partial/1/org__model-x/eval.json'));
    const scores = taskScores(parseEvalJson(JSON.stringify(rec), 'x.json').record as EvalRecord);
    rec.assertion_results = [{ result: 'maybe' }, null, null];
    rec.iwr_studio.judge = 'none';
    rec.all_ocr_texts = rec.all_ocr_texts.map(() => ({}));
    rec.all_mllm_res = 7;
    delete rec.avg_score;
    rec.screenshot_paths_to_eval[0] = 3;
    const p = parseEvalJson(JSON.stringify(rec), 'x.json');
    expect(p.record, 'scored despite the malformed fields').toBeDefined();
    expect(p.problems.every((q) => q.severity === 'warning')).toBe(true);
    const lines = p.problems.map(formatProblem);
    expect(lines).toContain('x.json: screenshot_paths_to_eval[0] must be a string, got 3 (not needed for the scores)');
    expect(lines).toContain('x.json: avg_score is missing (not needed for the scores)');
    expect(lines).toContain('x.json: all_mllm_res must be a list, got 7 (not needed for the scores)');
    expect(lines).toContain(
      'x.json: all_ocr_texts[0] must have string checkpoint_text and screenshot_text, got {} (not needed for the scores)',
    );
    expect(lines).toContain(
      'x.json: assertion_results[0] .result must be "Yes", "No", "Error" or "unjudged", got {"result":"maybe"} (not needed for the scores)',
    );
    expect(lines).toContain('x.json: iwr_studio.judge must be an object with a string kind (ignored: not needed for the scores)');
    // The figures are those of the untouched file; the bad fields are made safe, not guessed.
    const r = p.record as EvalRecord;
    expect(taskScores(r).IFS).toBe(scores.IFS);
    expect(taskScores(r).ocr_score).toBe(scores.ocr_score);
    expect(r.all_ocr_texts[0]).toMatchObject({ checkpoint_text: '', screenshot_text: '' });
    expect(r.iwr_studio).toBeUndefined();
  });

  it('reports invalid JSON (e.g. Python NaN) and warns on inconsistent lengths', () => {
    expect(parseEvalJson('{"dino_score": NaN}', 'n.json').problems[0]?.message).toMatch(/^not valid JSON/);
    const rec = JSON.parse(fixture('results/2/org__model-x/eval.json'));
    rec.all_ocr_scores.push(1);
    const p = parseEvalJson(JSON.stringify(rec), 'w.json');
    expect(p.record).toBeDefined();
    expect(p.problems.map(formatProblem)).toEqual(['w.json: all_ocr_scores has 3 entries for 2 screenshot_paths_to_eval']);
  });
});
