// The embedded sample suite scores the way issue 5 promises, with our own replay, OCR and
// DINO (the committed test model) and no judge:
//   - each reference replays every step (IFS = 1) and matches its own checkpoints (>= 0.99);
//   - Final(reference) > Final(partial) > Final(broken);
//   - LFS(static-lookalike) < LFS(reference): its after-interaction checkpoints differ.
// Without a judge the lookalike's steps still execute, so its IFS may be 1.0 (see
// samples-src/README.md). With the task's judge-free checks (checks.json, src/checks) the
// assertions are answered: the reference has IFS (checks) 1.0, and the lookalike and the
// broken candidate score lower.
import { afterAll, beforeAll, describe, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, openApp } from './harness.ts';
import { selectCheckpoints } from '../../src/scoring/checkpoints.ts';
import { buildEvalRecord, taskScores, type Scores } from '../../src/scoring/metrics.ts';
import { UNJUDGED } from '../../src/scoring/eval-record.ts';
import type { Step } from '../../src/task/types.ts';
import type { AssertionRecord } from '../../src/scoring/eval-record.ts';
import { parseChecksFile } from '../../src/checks/parse.ts';
import { existsSync } from 'node:fs';
import { readSources, resultsDir, type SampleSource } from '../../scripts/samples/sources.mjs';

const MODEL_URL = 'models/test-dinov2-tiny.onnx';
const CANDIDATES = ['reference', 'static-lookalike', 'partial', 'broken'] as const;
type Candidate = (typeof CANDIDATES)[number];

// Speed without weakening: one browser and one build; tasks run three at a time, each on its
// own app page (replays mostly wait on the official timers, so they overlap well on 2 cores:
// 265 -> 215 s in CI 7 against two pages); a candidate's checkpoints are scored together so the
// app's OCR worker pool runs in parallel.
const PAGES = 3;
let browser: Browser;
const idle: Page[] = [];
const waiting: ((p: Page) => void)[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  for (let i = 0; i < PAGES; i++) {
    const { page } = await openApp(browser);
    await page.evaluate((url) => window.iwr.loadDinoModel({ url, backend: 'wasm', keep: false }), MODEL_URL);
    idle.push(page);
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function withPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
  const page = idle.pop() ?? (await new Promise<Page>((resolve) => waiting.push(resolve)));
  try {
    return await fn(page);
  } finally {
    const next = waiting.shift();
    if (next) next(page);
    else idle.push(page);
  }
}

interface Scored {
  scores: Scores;
  /** The same replay with the assertions answered by the task's checks. */
  checks: Scores;
  ocr: number[];
  dino: number[];
  executed: number;
  reason: string | undefined;
}

async function scoreCandidate(page: Page, task: SampleSource, model: Candidate): Promise<Scored> {
  const html = readFileSync(join(resultsDir, String(task.id), model, 'index.html'), 'utf8');
  const steps = task.record.action_sequence as unknown as Step[];
  const assetUrls = Object.fromEntries(
    task.assetSources.map((f) => {
      const name = (f.split('/').pop() ?? '').replace(/\.svg$/, '.png');
      return [name, `samples/dataset/data/${task.id}/assets/${name}`];
    }),
  );
  const checksFile = join(task.dir, 'checks.json');
  const parsed = existsSync(checksFile) ? parseChecksFile(readFileSync(checksFile, 'utf8'), checksFile) : { entries: [], problems: [] };
  if (parsed.problems.length) throw new Error(parsed.problems.map((p) => `${p.file}: ${p.path ?? ''} ${p.message}`).join('\n'));
  const out = await page.evaluate((input) => window.iwr.replayHtml(input), {
    task: { ...task.record, action_sequence: steps },
    html,
    assetUrls,
    checks: parsed.entries,
  });
  const shots: string[] = [];
  for (const r of out.records) if (r.status === 'ok' && r.screenshot) shots[r.k] = r.screenshot;
  const executed = out.summary.done;
  const { pairs } = selectCheckpoints(steps, executed, []);
  const inputs = pairs.map((pair) => {
    const shot = shots[pair.screenshot];
    if (!shot) throw new Error(`task ${task.id} ${model}: no screenshot ${pair.screenshot}`);
    return {
      key: `samples-${task.id}`,
      j: pair.checkpoint,
      refUrl: `samples/dataset/data/${task.id}/checkpoints/step_${pair.checkpoint}.png`,
      cand: shot,
    };
  });
  // All checkpoints at once: OCR calls spread over the app's worker pool; results keep pair order.
  const results = await page.evaluate(
    (list) =>
      Promise.all(
        list.map(async ({ key, j, refUrl, cand }) => {
          const [refText, candText, refEmb] = await Promise.all([
            window.iwr.referenceOcr(key, j, refUrl).then((r) => r.text),
            window.iwr.ocr(cand).then((r) => r.text),
            window.iwr.referenceEmbedding(key, j, refUrl).then((r) => r.embedding),
          ]);
          const dino = (await window.iwr.dinoSimilarity(cand, refEmb)).similarity;
          return { refText, candText, ocr: window.iwr.ocrSimilarity(refText, candText), dino };
        }),
      ),
    inputs,
  );
  const checkpoints = results.map((r) => ({
    ocr: r.ocr,
    dino: r.dino,
    hfs: UNJUDGED as typeof UNJUDGED,
    mllmRes: null,
    ocrTexts: { checkpoint_text: r.refText, screenshot_text: r.candText, similarity: r.ocr },
  }));
  const record = buildEvalRecord({
    steps,
    executed,
    screenshotPaths: Array.from({ length: executed + 1 }, (_, k) => `screenshot_${k}.png`),
    assertionResults: steps.map(() => null),
    checkpoints,
  });
  // Assertions answered by the checks: the prefix ends at the first No, and the checkpoint
  // list is cut there, as the pipeline does (only the cut part of `checkpoints` is used).
  const assertionResults: (AssertionRecord | null)[] = steps.map((step, i) => {
    const v = out.records.find((r) => r.step === i && r.status === 'ok')?.check;
    return v && step.logical_assertion
      ? { result: v.result, prev_img_path: '', curr_img_path: '', response: v.summary, assertion: step.logical_assertion }
      : null;
  });
  const cut = selectCheckpoints(
    steps,
    executed,
    assertionResults.map((r) => (r ? r.result : null)),
  ).pairs.length;
  const byChecks = buildEvalRecord({
    steps,
    executed,
    screenshotPaths: Array.from({ length: executed + 1 }, (_, k) => `screenshot_${k}.png`),
    assertionResults,
    checkpoints: checkpoints.slice(0, cut),
    extras: { assertions_mode: 'checks' },
  });
  return {
    scores: taskScores(record),
    checks: taskScores(byChecks),
    ocr: checkpoints.map((c) => c.ocr),
    dino: checkpoints.map((c) => c.dino),
    executed,
    reason: out.summary.reason,
  };
}

const pct = (x: number) => (100 * x).toFixed(2);

describe.concurrent('sample suite quality (replay, OCR, DINO test model, no judge)', () => {
  for (const task of readSources()) {
    test(`task ${task.id} (${task.slug})`, async ({ expect }) => {
      const s = {} as Record<Candidate, Scored>;
      await withPage(async (page) => {
        for (const model of CANDIDATES) s[model] = await scoreCandidate(page, task, model);
      });
      const table = CANDIDATES.map(
        (m) =>
          `${m.padEnd(17)} IFS ${pct(s[m].scores.IFS)} IFS (checks) ${pct(s[m].checks.IFS)} OCR ${pct(s[m].scores.ocr_score)} DINO ${pct(s[m].scores.dino_score)} LFS ${pct(s[m].scores.LFS)} Final ${pct(s[m].scores.Final)}${s[m].reason ? ` (stopped: ${s[m].reason})` : ''}`,
      ).join('\n');
      console.log(`task ${task.id} (${task.slug})\n${table}`);
      const ref = s.reference;
      expect(ref.executed, `task ${task.id}: the reference stopped: ${ref.reason}`).toBe(task.record.action_sequence.length);
      expect(ref.scores.IFS).toBe(1);
      ref.ocr.forEach((v, j) => expect(v, `task ${task.id} reference checkpoint ${j} OCR`).toBeGreaterThanOrEqual(0.99));
      ref.dino.forEach((v, j) => expect(v, `task ${task.id} reference checkpoint ${j} DINO`).toBeGreaterThanOrEqual(0.99));
      expect(ref.scores.Final, `task ${task.id}: Final(reference) > Final(partial)\n${table}`).toBeGreaterThan(s.partial.scores.Final);
      expect(s.partial.scores.Final, `task ${task.id}: Final(partial) > Final(broken)\n${table}`).toBeGreaterThan(s.broken.scores.Final);
      expect(s['static-lookalike'].scores.LFS, `task ${task.id}: LFS(static-lookalike) < LFS(reference)\n${table}`).toBeLessThan(
        ref.scores.LFS,
      );
      // Judge-free checks: complete IFS with no key; the reference passes every one.
      expect(ref.checks.IFS, `task ${task.id}: IFS (checks) of the reference\n${table}`).toBe(1);
      expect(ref.checks.assertions.status).toBe('complete');
      for (const m of ['static-lookalike', 'broken'] as const)
        expect(s[m].checks.IFS, `task ${task.id}: IFS (checks) of ${m} < reference\n${table}`).toBeLessThan(ref.checks.IFS);
    }, 900_000);
  }
});
