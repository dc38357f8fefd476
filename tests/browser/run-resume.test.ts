// A long evaluation survives a tab reload: start it, reload the page mid-replay, resume, and
// the run completes and is stored exactly once, with the scores a run never interrupted gets.
// Also: a finished run leaves no pending record, a run a dead tab had already saved is not
// stored twice, and a run that keeps killing the tab is given up.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createHash } from 'node:crypto';
import { appUrl, launchBrowser, openApp } from './harness.ts';

const LONG = 600_000;
const MODEL = 'resume-model';
let browser: Browser;
let page: Page;
let html: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openApp(browser));
  await page.evaluate((url) => window.iwr.useDinoModel(url), `${appUrl()}models/test-dinov2-tiny.onnx`);
  const res = await fetch(`${appUrl()}samples/results/2/reference/index.html`);
  html = await res.text();
}, LONG);
afterAll(async () => {
  await browser?.close();
});

interface StoredRun {
  id: string;
  model: string;
  taskId: string;
  status: string;
  scores: Record<string, unknown>;
  candidateId?: string;
}

/** Stored runs, read straight from IndexedDB. */
const storedRuns = (p: Page): Promise<StoredRun[]> =>
  p.evaluate(
    () =>
      new Promise<StoredRun[]>((resolve, reject) => {
        const req = indexedDB.open('iwr-studio');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const all = req.result.transaction('runs').objectStore('runs').getAll();
          all.onsuccess = () => {
            req.result.close();
            resolve(all.result as StoredRun[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );

/** A pending record as a tab that died would have left it. */
const plantPending = (p: Page, record: Record<string, unknown>): Promise<void> =>
  p.evaluate(
    (rec) =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('iwr-studio');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction('settings', 'readwrite');
          tx.objectStore('settings').put(rec, `pending-run:${String(rec.id)}`);
          tx.oncomplete = () => {
            req.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    record,
  );

const figures = (s: Record<string, unknown>) => ({ IFS: s.IFS, OCR: s.ocr_score, DINO: s.dino_score, Final: s.Final });

test(
  'reload mid-run, resume: the run completes and is stored once',
  async () => {
    const input = { sourceId: 'samples', taskId: '2', html, model: MODEL, options: { judge: 'none' as const } };
    // Not awaited: the page is reloaded under it.
    await page.evaluate((i) => {
      void window.iwr.startRun(i).catch(() => undefined);
    }, input);
    // Wait until the replay is under way (two steps recorded), then reload.
    await expect
      .poll(
        async () => {
          const p = await page.evaluate(() => window.iwr.pendingRuns());
          return p.length === 1 && p[0]!.progress.stage === 'replay' && p[0]!.progress.steps >= 2;
        },
        { timeout: 120_000, interval: 100 },
      )
      .toBe(true);
    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true, null, { timeout: 30_000 });

    const pending = await page.evaluate(() => window.iwr.pendingRuns());
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      attempts: 0,
      input: { sourceId: 'samples', taskId: '2', model: MODEL, htmlBytes: Buffer.byteLength(html) },
    });
    expect(pending[0]!.progress.steps).toBeGreaterThanOrEqual(2);
    expect(pending[0]!.dino?.source).toMatch(/test-dinov2-tiny\.onnx$/);
    expect(await storedRuns(page)).toHaveLength(0);

    // No useDinoModel after the reload: the resumed run loads the model it started with.
    const resumed = await page.evaluate(() => window.iwr.resumePendingRuns());
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({ status: 'done', taskKey: 'samples/2', model: MODEL });
    const runs = await storedRuns(page);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: resumed[0]!.runId, model: MODEL, taskId: '2', status: 'done' });
    expect(await page.evaluate(() => window.iwr.pendingRuns())).toEqual([]);
    expect(await page.evaluate(() => window.iwr.resumePendingRuns())).toEqual([]);

    // The same evaluation, never interrupted, scores the same; and leaves no pending record.
    const straight = await page.evaluate((i) => window.iwr.startRun(i), input);
    expect(await page.evaluate(() => window.iwr.pendingRuns())).toEqual([]);
    const after = await storedRuns(page);
    expect(after).toHaveLength(2);
    const byId = new Map(after.map((r) => [r.id, r]));
    expect(figures(byId.get(straight.runId!)!.scores)).toEqual(figures(byId.get(resumed[0]!.runId!)!.scores));
  },
  LONG,
);

test('a run a dead tab already saved is not stored again; one that keeps failing is given up', async () => {
  const before = await storedRuns(page);
  expect(before.length).toBeGreaterThan(0);
  const base = {
    input: { sourceId: 'samples', taskId: '2', html, model: MODEL, options: { judge: 'none' } },
    candidateHash: createHash('sha256').update(html).digest('hex'),
    dino: null,
    progress: { stage: 'score', done: 0, total: 1, steps: 7, updatedAt: 0 },
  };
  // Saved (a stored run is newer than its start) but the tab died before removing the record.
  await plantPending(page, { ...base, id: 'saved-before-death', startedAt: 1, attempts: 0 });
  // Interrupted three times already.
  await plantPending(page, { ...base, id: 'crashes-the-tab', startedAt: Date.now() + 60_000, attempts: 3 });
  const out = await page.evaluate(() => window.iwr.resumePendingRuns());
  expect(out.find((r) => r.pendingId === 'saved-before-death')).toMatchObject({ status: 'already-stored', runId: expect.any(String) });
  expect(out.find((r) => r.pendingId === 'crashes-the-tab')).toMatchObject({
    status: 'gave-up',
    error: expect.stringMatching(/interrupted 4 times/),
  });
  expect(await page.evaluate(() => window.iwr.pendingRuns())).toEqual([]);
  expect((await storedRuns(page)).map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
});

test(
  'a Run-button run (it names a candidate) left by a dead tab resumes through the same path',
  async () => {
    const before = (await storedRuns(page)).length;
    const replayOpts = { scroll: 'official', timing: 'official', stepTimeoutMs: 30_000, policy: 'blocked', judge: 'none' };
    await plantPending(page, {
      id: 'ui-run',
      startedAt: Date.now(),
      input: {
        sourceId: 'samples',
        taskId: '1',
        html: await (await fetch(`${appUrl()}samples/results/1/reference/index.html`)).text(),
        model: 'ui-draft',
        candidateId: 'cand-42',
        options: replayOpts,
      },
      candidateHash: 'not-checked-here',
      dino: null,
      progress: { stage: 'replay', done: 1, total: 4, steps: 1, updatedAt: 0 },
      attempts: 0,
    });
    const out = await page.evaluate(() => window.iwr.resumePendingRuns());
    expect(out).toEqual([expect.objectContaining({ pendingId: 'ui-run', status: 'done', taskKey: 'samples/1', model: 'ui-draft' })]);
    const runs = await storedRuns(page);
    expect(runs).toHaveLength(before + 1);
    expect(runs.find((r) => r.id === out[0]!.runId)).toMatchObject({
      model: 'ui-draft',
      taskId: '1',
      status: 'done',
      candidateId: 'cand-42',
    });
    expect(await page.evaluate(() => window.iwr.pendingRuns())).toEqual([]);
  },
  LONG,
);
