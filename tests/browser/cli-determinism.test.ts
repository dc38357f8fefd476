// Five evaluations of one candidate in a row (the CLI's own session code, one page): the same
// step decisions and IFS every time, and VFS within 1e-6.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { readFileSync } from 'node:fs';
import type { EvalRecord } from '../../src/scoring/eval-record.ts';
import { attachData, dataArg, dinoArg, loadDinoInSession } from '../../src/cli/data.ts';
import { evaluateInSession } from '../../src/cli/evaluate.ts';
import { BrowserPool, type Slot } from '../../src/cli/batch/pool.ts';
import { evalOptions } from '../../src/cli/options.ts';
import { DINO, SAMPLE_RESULTS } from './cli-support.ts';

// A candidate that fails part-way: its decisions include a failed step with a reason.
const TASK = '4';
const MODEL = 'partial';

let pool: BrowserPool;
let slot: Slot;

beforeAll(async () => {
  process.env.IWR_DIST = inject('distDir');
  const data = dataArg('samples');
  const dino = dinoArg(DINO);
  pool = await BrowserPool.open({
    mounts: dino.mounts,
    viewport: { width: 1920, height: 1200 },
    prepare: async (s) => {
      const id = await attachData(s, data);
      await loadDinoInSession(s, dino);
      return id;
    },
  });
  slot = await pool.newSlot();
}, 180_000);

afterAll(async () => {
  await slot?.close();
  await pool?.close();
});

describe('determinism', () => {
  test(`task ${TASK} ${MODEL}, five times: identical IFS and step decisions, VFS within 1e-6`, async () => {
    const html = readFileSync(`${SAMPLE_RESULTS}/${TASK}/${MODEL}/index.html`, 'utf8');
    const runs: { IFS: number; VFS: number; decisions: unknown; success: number; ocr: number[]; dino: number[] }[] = [];
    for (let i = 0; i < 5; i++) {
      const out = await evaluateInSession(slot, { sourceId: slot.sourceId, taskId: TASK, html, model: MODEL, options: evalOptions({}) });
      const rec = JSON.parse(out.evalJson) as EvalRecord;
      runs.push({
        IFS: out.scores.IFS,
        VFS: out.scores.VFS,
        decisions: rec.iwr_studio?.driver_decisions,
        success: rec.success_step,
        ocr: rec.all_ocr_scores,
        dino: rec.all_dino_scores,
      });
    }
    console.table(
      runs.map((r, i) => ({
        run: i + 1,
        success_step: r.success,
        IFS: r.IFS,
        VFS: r.VFS,
        ocr: r.ocr.map((x) => x.toFixed(4)).join(' '),
        dino: r.dino.map((x) => x.toFixed(6)).join(' '),
      })),
    );
    const first = runs[0] as (typeof runs)[number];
    expect(first.success).toBeLessThan(6); // the partial candidate really fails somewhere
    for (const r of runs.slice(1)) {
      expect(r.IFS).toBe(first.IFS);
      expect(r.success).toBe(first.success);
      expect(r.decisions).toEqual(first.decisions);
      expect(Math.abs(r.VFS - first.VFS)).toBeLessThanOrEqual(1e-6);
    }
  }, 900_000);
});
