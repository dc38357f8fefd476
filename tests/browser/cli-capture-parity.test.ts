// --capture dom (the app's rasteriser) against --capture cdp (real pixels through the browser
// protocol) on every sample reference: OCR and DINO must agree within 0.02. Both runs go
// through `iwr batch`, which evaluates each task exactly as `iwr eval` does (same
// evaluateInSession), in one browser instead of 2 x 12 launches.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvalRecord } from '../../src/scoring/eval-record.ts';
import { taskScores } from '../../src/scoring/metrics.ts';
import { DINO, evalJsons, iwr, scratchResults } from './cli-support.ts';

const BOUND = 0.02;

/**
 * Known, explained differences that stay open: each must STILL exceed the bound, so the test
 * fails and asks for its entry to go once the cause is fixed. None today. (Task 4 was one:
 * snapdom padded the fixed backdrop by a pixel, so the flex-centred dialog sat one pixel row
 * off the real pixels and tesseract read its last line differently; see undoFixedPadding.)
 */
const KNOWN: Record<string, string> = {};

describe('capture parity', () => {
  test('dom and cdp give OCR and DINO within 0.02 on every sample reference but the listed known differences', async () => {
    const dom = scratchResults(['reference']);
    const cdp = scratchResults(['reference']);
    // One score cache for both runs: the references are read once, and a real-pixel
    // screenshot identical to its DOM capture is scored once (identical images, same scores).
    const cache = mkdtempSync(join(tmpdir(), 'iwr-parity-cache-'));
    const args = ['--data', 'samples', '--model', 'reference', '--dino-model', DINO, '--concurrency', '2', '--ref-cache', cache];
    const rd = await iwr(['batch', ...args, '--results', dom, '--capture', 'dom']);
    expect(rd.code, rd.stderr).toBe(0);
    const rc = await iwr(['batch', ...args, '--results', cdp, '--capture', 'cdp']);
    expect(rc.code, rc.stderr).toBe(0);

    const a = evalJsons(dom, 'reference');
    const b = evalJsons(cdp, 'reference');
    const tasks = Object.keys(a).sort((x, y) => Number(x) - Number(y));
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(tasks.length).toBeGreaterThanOrEqual(12);
    const rows: Record<string, unknown>[] = [];
    const over: string[] = [];
    for (const t of tasks) {
      const ra = JSON.parse(a[t] as string) as EvalRecord;
      const rb = JSON.parse(b[t] as string) as EvalRecord;
      expect(rb.iwr_studio?.capture_backend, `task ${t}`).toBe('cdp');
      expect(ra.iwr_studio?.capture_backend, `task ${t}`).toBe('dom');
      const sa = taskScores(ra);
      const sb = taskScores(rb);
      const dOcr = Math.abs(sa.ocr_score - sb.ocr_score);
      const dDino = Math.abs(sa.dino_score - sb.dino_score);
      const perCk = ra.all_ocr_scores.map(
        (_, j) =>
          `${j}:${Math.abs((ra.all_ocr_scores[j] ?? 0) - (rb.all_ocr_scores[j] ?? 0)).toFixed(3)}/${Math.abs((ra.all_dino_scores[j] ?? 0) - (rb.all_dino_scores[j] ?? 0)).toFixed(3)}`,
      );
      rows.push({
        task: t,
        success_dom: ra.success_step,
        success_cdp: rb.success_step,
        ocr_dom: sa.ocr_score.toFixed(4),
        ocr_cdp: sb.ocr_score.toFixed(4),
        d_ocr: dOcr.toFixed(4),
        dino_dom: sa.dino_score.toFixed(4),
        dino_cdp: sb.dino_score.toFixed(4),
        d_dino: dDino.toFixed(4),
        'per checkpoint |dOCR|/|dDINO|': perCk.join(' '),
      });
      const beyond = dOcr > BOUND || dDino > BOUND;
      if (KNOWN[t] !== undefined) {
        if (!beyond) over.push(`task ${t}: listed as a known difference (${KNOWN[t]}) but now within ${BOUND}: remove it from KNOWN`);
        else console.log(`known difference, task ${t}: |dOCR| ${dOcr.toFixed(4)}, |dDINO| ${dDino.toFixed(4)} (${KNOWN[t]})`);
      } else if (beyond) over.push(`task ${t}: |dOCR| ${dOcr.toFixed(4)}, |dDINO| ${dDino.toFixed(4)}`);
    }
    console.table(rows);
    console.log(readFileSync(join(dom, 'reports', 'reference_metrics.md'), 'utf8'));
    expect(over, `beyond ${BOUND}:\n${over.join('\n')}`).toEqual([]);
  }, 1_800_000);
});
