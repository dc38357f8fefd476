// Checkpoint selection and the official formulas on the hand-computed vectors.
import { describe, expect, it } from 'vitest';
import { assertionSteps, selectCheckpoints } from '../../src/scoring/checkpoints.ts';
import {
  assertionStatuses,
  buildEvalRecord,
  columnLabels,
  ifs,
  modelMean,
  successStep,
  taskScores,
  truncate,
} from '../../src/scoring/metrics.ts';
import { recordInput, VECTORS, vector } from './scoring-vectors.ts';

const CLOSE = 12; // decimal places: the vectors are exact up to float rounding

describe('selectCheckpoints', () => {
  for (const v of VECTORS) {
    it(`${v.name}: pairs and success step`, () => {
      const statuses = assertionStatuses(v.assertions);
      const sel = selectCheckpoints(v.steps, v.executed, statuses);
      expect(sel.pairs.map((p) => [p.screenshot, p.step])).toEqual(v.pairs);
      expect(sel.pairs.map((p) => p.checkpoint)).toEqual(v.pairs.map((_, j) => j));
      expect(successStep(v.executed, statuses)).toBe(v.success);
    });
  }

  it('treats a truthy non-boolean flag as Python does', () => {
    // Python `if include_flag`: "false" (non-empty string) is true, 0 and "" are false.
    const steps = [
      { visual_evaluation_flag: 'false' as unknown as boolean, logical_assertion: null },
      { visual_evaluation_flag: 0 as unknown as boolean, logical_assertion: null },
    ];
    expect(selectCheckpoints(steps, 2, []).pairs.map((p) => p.screenshot)).toEqual([0, 0]);
  });

  it('stops at the first No even when an Error comes before it', () => {
    const steps = [0, 1, 2].map(() => ({ visual_evaluation_flag: true, logical_assertion: 'a' }));
    // step 0 Error: not a stop, its flag takes s0; step 1 No: stop, done = 1.
    const sel = selectCheckpoints(steps, 3, ['Error', 'No', 'Yes']);
    expect(sel.pairs.map((p) => p.screenshot)).toEqual([0, 0]);
    expect(sel.firstNoStep).toBe(1);
    expect(successStep(3, ['Error', 'No', 'Yes'])).toBe(1);
  });
});

describe('assertionSteps', () => {
  it('asks the judge only where a screenshot after the step exists', () => {
    const steps = ['a', null, 'c', 'd', ''].map((a) => ({ visual_evaluation_flag: false, logical_assertion: a }));
    // executed 3: screenshots 0..3; step i needs i + 1 <= 3. Step 3 ('d') has no after-shot,
    // step 1 has no assertion, step 4's '' is falsy in Python.
    expect(assertionSteps(steps, 3)).toEqual([0, 2]);
    expect(assertionSteps(steps, 0)).toEqual([]);
  });
});

describe('formulas', () => {
  it('IFS is a prefix rate and 0 for zero steps (the official guard)', () => {
    expect(ifs(2, 4)).toBe(0.5);
    expect(ifs(0, 0)).toBe(0);
  });

  it('truncate keeps done + 1 entries like a Python slice', () => {
    expect(truncate([1, 2, 3], 0)).toEqual([1]);
    expect(truncate([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(truncate([1, 2, 3], -2)).toEqual([1, 2]); // xs[:-1]
  });
});

describe('taskScores on built records', () => {
  for (const v of VECTORS) {
    it(v.name, () => {
      const rec = buildEvalRecord(recordInput(v));
      expect(rec.success_step).toBe(v.success);
      expect(rec.total_step).toBe(v.steps.length);
      const s = taskScores(rec);
      expect(s.IFS).toBeCloseTo(v.expect.IFS, CLOSE);
      expect(s.ocr_score).toBeCloseTo(v.expect.ocr, CLOSE);
      expect(s.dino_score).toBeCloseTo(v.expect.dino, CLOSE);
      expect(s.LFS).toBeCloseTo(v.expect.LFS, CLOSE);
      if (v.expect.HFS === null) expect(s.HFS).toBeNull();
      else expect(s.HFS).toBeCloseTo(v.expect.HFS, CLOSE);
      expect(s.VFS).toBeCloseTo(v.expect.VFS, CLOSE);
      expect(s.Final).toBeCloseTo(v.expect.Final, CLOSE);
    });
  }

  it('flags and labels: complete vectors have no qualifier', () => {
    const s = taskScores(buildEvalRecord(recordInput(vector('no assertions'))));
    expect(s.complete).toBe(true);
    expect(Object.values(columnLabels(s)).every((l) => l.qualifier === null)).toBe(true);
  });

  it('missing HFS: null HFS, VFS and Final labelled "no HFS"', () => {
    const s = taskScores(buildEvalRecord(recordInput(vector('missing HFS'))));
    expect(s.complete).toBe(false);
    expect(s.hfs).toEqual({ status: 'none', judged: 0, total: 3 });
    const l = columnLabels(s);
    expect([l.HFS.qualifier, l.VFS.qualifier, l.Final.qualifier, l.IFS.qualifier]).toEqual(['unjudged', 'no HFS', 'no HFS', null]);
  });

  it('partial HFS counts judged entries after the cut only', () => {
    const partial = taskScores(buildEvalRecord(recordInput(vector('partial HFS'))));
    expect(partial.hfs).toEqual({ status: 'partial', judged: 2, total: 3 });
    expect(columnLabels(partial).VFS.qualifier).toBe('partial HFS');
    // The step-0 vector's unjudged entry sits past done + 1, so its HFS is complete.
    const cut = taskScores(buildEvalRecord(recordInput(vector('flag on step 0 with the list cut to done + 1'))));
    expect(cut.hfs).toEqual({ status: 'complete', judged: 1, total: 1 });
    expect(cut.complete).toBe(true);
  });

  it('unjudged assertion: IFS and Final labelled, step named', () => {
    const s = taskScores(buildEvalRecord(recordInput(vector('unjudged assertion'))));
    expect(s.assertions).toEqual({ status: 'unjudged', source: 'judge', unjudgedSteps: [0] });
    const l = columnLabels(s);
    expect([l.IFS.qualifier, l.Final.qualifier, l.VFS.qualifier]).toEqual(['unjudged assertions', 'unjudged assertions', null]);
  });

  it('assertions answered by checks: the same formulas, IFS and Final labelled "checks", never complete', () => {
    const rec = buildEvalRecord(recordInput(vector('unjudged assertion')));
    const official = taskScores(rec);
    const byChecks = taskScores({ ...rec, iwr_studio: { ...rec.iwr_studio!, assertions_mode: 'checks' } });
    expect(byChecks.IFS).toBe(official.IFS);
    expect(byChecks.assertions.source).toBe('checks');
    expect(byChecks.complete).toBe(false);
    const l = columnLabels(byChecks);
    expect([l.IFS.qualifier, l.Final.qualifier, l.LFS.qualifier]).toEqual([
      'checks, unjudged assertions',
      'checks, unjudged assertions',
      null,
    ]);
    // A model mean with one such task is labelled too.
    expect(columnLabels(modelMean([official, byChecks])).IFS.qualifier).toContain('checks');
    const judged = taskScores({ ...rec, iwr_studio: { ...rec.iwr_studio!, assertions_mode: 'judge+checks' } });
    expect(judged.assertions.source).toBe('judge');
  });

  it('an unjudged assertion after the first No does not matter', () => {
    const v = vector('assertion No midway (and a flag on step 0)');
    const input = recordInput(v);
    const results = [...v.assertions, { result: 'unjudged' as const, assertion: 'late' }];
    const rec = buildEvalRecord({
      ...input,
      steps: [...v.steps, { visual_evaluation_flag: false, logical_assertion: 'late' }],
      assertionResults: results,
      executed: 5,
      screenshotPaths: [...input.screenshotPaths, 'evalpoints/5.png'],
    });
    expect(taskScores(rec).assertions.status).toBe('complete');
  });
});

describe('official record fields', () => {
  it('all_avg_scores is (mllm + dino + ocr) / 3 per checkpoint, untruncated', () => {
    const rec = buildEvalRecord(recordInput(vector('flag on step 0 with the list cut to done + 1')));
    // cp0: (0.5 + 0.5 + 0.25) / 3 = 0.41666...; cp1 HFS unjudged -> 'unjudged'.
    expect(rec.all_avg_scores[0]).toBeCloseTo(1.25 / 3, CLOSE);
    expect(rec.all_avg_scores[1]).toBe('unjudged');
    expect(rec.avg_score).toBeNull();
    expect(rec.mllm_score).toBeNull();
    // Untruncated means: OCR (0.25 + 1)/2 = 0.625, DINO (0.5 + 1)/2 = 0.75.
    expect(rec.ocr_score).toBeCloseTo(0.625, CLOSE);
    expect(rec.dino_score).toBeCloseTo(0.75, CLOSE);
    const full = buildEvalRecord(recordInput(vector('no assertions')));
    // (0.8+0.25+0.5)/3, (0.6+0.5+0.75)/3, (0.4+0.75+1)/3 -> mean (1.55+1.85+2.15)/9 = 5.55/9.
    expect(full.avg_score).toBeCloseTo(5.55 / 9, CLOSE);
    expect(full.mllm_score).toBeCloseTo(0.6, CLOSE);
    expect(full.screenshot_paths_to_eval).toEqual(['evalpoints/0.png', 'evalpoints/1.png', 'evalpoints/2.png']);
    expect(full.iwr_studio?.executed_steps).toBe(3);
  });

  it('refuses scores that do not match the selection', () => {
    const input = recordInput(vector('no assertions'));
    expect(() => buildEvalRecord({ ...input, checkpoints: input.checkpoints.slice(1) })).toThrow(/3 checkpoints selected but 2 scored/);
  });
});

describe('modelMean', () => {
  it('averages each column over tasks; HFS over the tasks that have one', () => {
    const a = taskScores(buildEvalRecord(recordInput(vector('no assertions'))));
    const h = taskScores(buildEvalRecord(recordInput(vector('missing HFS'))));
    const m = modelMean([a, h]);
    // IFS (1+1)/2 = 1; HFS only from a: 0.6; VFS (0.6125 + 0.625)/2 = 0.61875;
    // Final (0.88375 + 0.8875)/2 = 0.885625.
    expect(m.IFS).toBe(1);
    expect(m.HFS).toBeCloseTo(0.6, CLOSE);
    expect(m.VFS).toBeCloseTo(0.61875, CLOSE);
    expect(m.Final).toBeCloseTo(0.885625, CLOSE);
    expect(m.hfs.status).toBe('partial');
    expect(m.complete).toBe(false);
    expect(modelMean([h]).HFS).toBeNull();
  });
});
