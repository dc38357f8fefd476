// bench:batch's projection of the full benchmark (bench/projection.mjs): the worst case and a
// model with a published IFS, cold and warm.
import { describe, expect, test } from 'vitest';
import { BEST_PUBLISHED_IFS, FULL, projectFull } from '../../bench/projection.mjs';

const k = { overheadPerTask: 1000, replayPerStep: 600, ocrPerCheckpoint: 3000, dinoPerCheckpoint: 2000 };

describe('full-benchmark projection', () => {
  test('the worst case replays every step and load and scores every checkpoint, references included when cold', () => {
    const worst = projectFull(k);
    expect(worst.steps).toBe(FULL.steps + FULL.tasks);
    expect(worst.checkpoints).toBe(FULL.checkpoints);
    expect(worst.minutes * 60000).toBeCloseTo(113 * 1000 + 1114 * 600 + 620 * 5000);
    // Warm: the references' OCR and DINO come from the cache, the screenshots' do not.
    expect(projectFull(k, { warm: true }).minutes * 60000).toBeCloseTo(113 * 1000 + 1114 * 600 + 620 * 2500);
    expect(projectFull(k, { speedup: 2 }).minutes).toBeCloseTo(worst.minutes / 2);
    // Starting the browser and the pages is paid once, not per task, and no concurrency shares it.
    expect(projectFull(k, { speedup: 2, fixedMs: 30_000 }).minutes).toBeCloseTo(worst.minutes / 2 + 0.5);
  });

  test('a model with the published IFS stops early: checkpoint 0 of every task and a share of the rest', () => {
    const p = projectFull(k, { ifs: BEST_PUBLISHED_IFS });
    expect(p.checkpoints).toBeCloseTo(113 + 0.2439 * (620 - 113));
    expect(p.steps).toBeCloseTo(0.2439 * 1001 + 2 * 113);
    expect(p.minutes).toBeLessThan(projectFull(k).minutes / 2);
    // IFS 0 still loads every task, tries its first step and scores checkpoint 0; IFS 1 is the worst case.
    expect(projectFull(k, { ifs: 0 })).toMatchObject({ steps: 226, checkpoints: 113 });
    expect(projectFull(k, { ifs: 1 })).toEqual(projectFull(k));
  });
});
