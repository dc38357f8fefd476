// The judges in real Chromium against the local chat-completions stand-in: parsing into the
// official formulas, the cache, rejudge, retries with Retry-After, the official Error rules,
// the key staying in the settings store, and the human queue walked to complete scores.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openApp } from './harness.ts';
import { startChatServer, type ChatServer } from '../support/chat-server.ts';
import { buildEvalRecord, taskScores } from '../../src/scoring/metrics.ts';
import type { AssertionRecord, OcrTexts } from '../../src/scoring/eval-record.ts';
import type { Step } from '../../src/task/types.ts';

let browser: Browser;
let server: ChatServer;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startChatServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(() => server.reset());

const KEY = `sk-iwr-test-${Math.random().toString(36).slice(2)}-DO-NOT-LEAK`;
const FAST = { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 50, maxRetryAfterMs: 5000 };

/** Distinct PNGs made in the page: a coloured screen with a label. */
async function makeImages<const L extends readonly string[]>(page: Page, labels: L): Promise<{ [K in keyof L]: string }> {
  const urls = await page.evaluate(
    async (names) => {
      const out: string[] = [];
      for (const [i, name] of names.entries()) {
        const c = document.createElement('canvas');
        c.width = 160;
        c.height = 100;
        const ctx = c.getContext('2d');
        if (!ctx) throw new Error('no 2d context');
        ctx.fillStyle = `hsl(${(i * 67) % 360} 70% 50%)`;
        ctx.fillRect(0, 0, 160, 100);
        ctx.fillStyle = '#000';
        ctx.font = '16px sans-serif';
        ctx.fillText(name, 10, 50);
        out.push(c.toDataURL('image/png'));
      }
      return out;
    },
    [...labels],
  );
  return urls as unknown as { [K in keyof L]: string };
}

async function freshApp(): Promise<{ page: Page; context: BrowserContext; logs: string[] }> {
  const { page, context } = await openApp(browser);
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  return { page, context, logs };
}

const steps: Step[] = [
  {
    type: 'Click',
    parameters: { description: 'Click Add' },
    visual_evaluation_flag: true,
    logical_assertion: 'The cart badge should show 1',
  },
  {
    type: 'Click',
    parameters: { description: 'Click Add again' },
    visual_evaluation_flag: false,
    logical_assertion: 'The cart badge should show 2',
  },
  { type: 'Click', parameters: { description: 'Open the cart' }, visual_evaluation_flag: true, logical_assertion: null },
];
const ocrTexts = (s: number): OcrTexts => ({ checkpoint_text: 'a', screenshot_text: 'b', similarity: s });

test('HFS and assertion replies are parsed and flow into the official formulas; the cache and rejudge work', async () => {
  const { page, context } = await freshApp();
  const [s0, s1, s2, ref0, ref1] = await makeImages(page, ['shot 0', 'shot 1', 'shot 2', 'ref 0', 'ref 1']);
  await page.evaluate(
    ({ url, key, retry }) => window.iwr.configureJudge({ kind: 'mllm', endpoint: url, model: 'judge-model', key, retry }),
    { url: server.baseUrl, key: KEY, retry: FAST },
  );
  server.script(
    { name: 'a1', match: 'show 1', reply: '```json\n{"think": "badge reads 1", "result": "Yes"}\n```' },
    // Not JSON: the official text fallback finds "No".
    { name: 'a2', match: 'show 2', reply: 'The badge still reads 1, so No.' },
    { name: 'hfs-ref0', match: (r) => r.text.includes('Score: N/100') && r.images[0] === ref0, reply: 'Layout: 8/10\nScore: 80/100' },
    { name: 'hfs-ref1', match: (r) => r.text.includes('Score: N/100') && r.images[0] === ref1, reply: 'Layout: 5/10 ...\nScore: 60/100' },
  );

  // Assertions for steps 0 and 1 (screenshot i before, i + 1 after).
  const a0 = await page.evaluate(([b, a]) => window.iwr.judgeAssertion(b, a, 'The cart badge should show 1'), [s0, s1] as const);
  const a1 = await page.evaluate(([b, a]) => window.iwr.judgeAssertion(b, a, 'The cart badge should show 2'), [s1, s2] as const);
  expect(a0).toMatchObject({ judge: 'mllm', model: 'judge-model', result: 'Yes', status: 'ok', thinking: 'badge reads 1', cached: false });
  expect(a1).toMatchObject({ result: 'No', status: 'ok', cached: false });
  expect(a0.templateSha256).toMatch(/^[0-9a-f]{64}$/);
  expect(a0.promptSha256).toMatch(/^[0-9a-f]{64}$/);
  expect(a0.promptSha256).not.toBe(a1.promptSha256);
  // The request: temperature 0, previous then current screenshot, the key only as a bearer header.
  const req = server.requests[0];
  expect(req?.body.temperature).toBe(0);
  expect(req?.body.model).toBe('judge-model');
  expect(req?.images).toEqual([s0, s1]);
  expect(req?.authorization).toBe(`Bearer ${KEY}`);

  // "No" at step 1 -> done = 1; checkpoints: screenshot 0, then step 0's flag picks screenshot 0 again.
  const h0 = await page.evaluate(([r, c]) => window.iwr.judgeVisual(r, c), [ref0, s0] as const);
  const h1 = await page.evaluate(([r, c]) => window.iwr.judgeVisual(r, c), [ref1, s0] as const);
  expect(h0).toMatchObject({ score: 0.8, status: 'ok' });
  expect(h1).toMatchObject({ score: 0.6, status: 'ok' });
  expect(server.requests.at(-1)?.images).toEqual([ref1, s0]); // reference first

  const assertionResults: (AssertionRecord | null)[] = [
    { result: a0.result as 'Yes', response: a0.raw ?? '', assertion: 'The cart badge should show 1', thinking: a0.thinking ?? '' },
    { result: a1.result as 'No', response: a1.raw ?? '', assertion: 'The cart badge should show 2', thinking: a1.thinking ?? '' },
    null,
  ];
  const rec = buildEvalRecord({
    steps,
    executed: 3,
    screenshotPaths: ['0.png', '1.png', '2.png', '3.png'],
    assertionResults,
    checkpoints: [
      { ocr: 0.9, dino: 0.7, hfs: h0.score as number, mllmRes: h0.raw, ocrTexts: ocrTexts(0.9) },
      { ocr: 0.5, dino: 0.3, hfs: h1.score as number, mllmRes: h1.raw, ocrTexts: ocrTexts(0.5) },
    ],
    extras: { judge: { kind: 'mllm', model: 'judge-model', template: a0.templateSha256 } },
  });
  const scores = taskScores(rec);
  expect(rec.success_step).toBe(1);
  expect(scores.complete).toBe(true);
  expect(scores.IFS).toBeCloseTo(1 / 3, 12);
  expect(scores.HFS).toBeCloseTo(0.7, 12);
  const lfs = ((0.9 + 0.5) / 2 + (0.7 + 0.3) / 2) / 2;
  expect(scores.LFS).toBeCloseTo(lfs, 12);
  expect(scores.Final).toBeCloseTo(0.7 * (1 / 3) + 0.3 * (0.5 * lfs + 0.5 * 0.7), 12);

  // Cached: asking again sends nothing.
  const before = server.requests.length;
  const again = await page.evaluate(([r, c]) => window.iwr.judgeVisual(r, c), [ref0, s0] as const);
  const againA = await page.evaluate(([b, a]) => window.iwr.judgeAssertion(b, a, 'The cart badge should show 1'), [s0, s1] as const);
  expect(again).toMatchObject({ score: 0.8, cached: true, raw: h0.raw });
  expect(againA).toMatchObject({ result: 'Yes', cached: true });
  expect(server.requests.length).toBe(before);
  // A reload keeps the cache (IndexedDB), still no request.
  await page.reload();
  await page.waitForFunction(() => window.iwr?.ready === true);
  const afterReload = await page.evaluate(([r, c]) => window.iwr.judgeVisual(r, c), [ref0, s0] as const);
  expect(afterReload.cached).toBe(true);
  expect(server.requests.length).toBe(before);
  // Rejudge forces exactly one new request.
  const forced = await page.evaluate(([r, c]) => window.iwr.judgeVisual(r, c, { rejudge: true }), [ref0, s0] as const);
  expect(forced.cached).toBe(false);
  expect(server.requests.length).toBe(before + 1);
  expect(await page.evaluate(() => window.iwr.judgeStats())).toMatchObject({ requests: 1, cacheHits: 1 });
  await context.close();
});

test('a 429 with Retry-After is waited out, then answered', async () => {
  const { page, context } = await freshApp();
  const [a, b] = await makeImages(page, ['rate a', 'rate b']);
  await page.evaluate(({ url, retry }) => window.iwr.configureJudge({ kind: 'mllm', endpoint: url, model: 'm', key: '', retry }), {
    url: server.baseUrl,
    retry: FAST,
  });
  server.script({ name: '429', status: 429, headers: { 'retry-after': '1' }, times: 1 }, { name: 'ok', reply: 'Score: 42/100' });
  const v = await page.evaluate(([r, c]) => window.iwr.judgeVisual(r, c), [a, b] as const);
  expect(v).toMatchObject({ score: 0.42, status: 'ok', attempts: 2 });
  // The client's own log: the wait came from Retry-After (1 s), not from the 20 ms backoff.
  expect(v.attemptLog?.[0]).toMatchObject({ status: 429, waitMs: 1000, waitWhy: 'retry-after' });
  expect(server.requests.map((r) => r.rule)).toEqual(['429', 'ok']);
  const [r1, r2] = server.requests;
  expect((r2?.at ?? 0) - (r1?.at ?? 0)).toBeGreaterThanOrEqual(950); // a lower bound only: never flaky
  expect(server.requests[0]?.authorization).toBeUndefined(); // no key configured, no header
  await context.close();
});

test('failures end as the official rules say: assertion Error (not No), HFS 0; counted; not cached', async () => {
  const { page, context } = await freshApp();
  const [a, b, c] = await makeImages(page, ['err a', 'err b', 'err c']);
  await page.evaluate(
    ({ url, retry }) => window.iwr.configureJudge({ kind: 'mllm', endpoint: url, model: 'm', key: 'sk-other-key-123456', retry }),
    { url: server.baseUrl, retry: FAST },
  );
  server.script(
    { name: 'down', match: 'must fail', status: 503 }, // every attempt fails
    { name: 'junk', match: 'junk once', rawBody: '<html>proxy error</html>', times: 1 }, // malformed 200 -> retried
    { name: 'junk-ok', match: 'junk once', reply: '{"think": "fine", "result": "Yes"}' },
    { name: 'vague', match: 'vague', reply: 'Hard to say.' }, // neither JSON nor Yes/No -> Error
    { name: 'hfs-prose', match: 'Score: N/100', reply: 'It looks quite similar overall.' }, // no score line -> 0
  );
  const failed = await page.evaluate(([x, y]) => window.iwr.judgeAssertion(x, y, 'This must fail'), [a, b] as const);
  expect(failed).toMatchObject({ result: 'Error', status: 'error', attempts: 3 });
  expect(failed.raw).toMatch(/^Error: HTTP 503/);
  expect(server.requests.filter((r) => r.rule === 'down')).toHaveLength(3);
  const junk = await page.evaluate(([x, y]) => window.iwr.judgeAssertion(x, y, 'junk once'), [a, b] as const);
  expect(junk).toMatchObject({ result: 'Yes', status: 'ok', attempts: 2 });
  const vague = await page.evaluate(([x, y]) => window.iwr.judgeAssertion(x, y, 'vague'), [a, b] as const);
  expect(vague).toMatchObject({ result: 'Error', status: 'unparsed' });
  const prose = await page.evaluate(([x, y]) => window.iwr.judgeVisual(x, y), [a, c] as const);
  expect(prose).toMatchObject({ score: 0, status: 'unparsed' });
  server.reset();
  server.script({ name: 'hfs-down', match: 'Score: N/100', status: 500 });
  const down = await page.evaluate(([x, y]) => window.iwr.judgeVisual(x, y), [b, c] as const);
  expect(down).toMatchObject({ score: 0, status: 'error' });
  const counts = await page.evaluate((vs) => window.iwr.countVerdicts(vs), [failed, junk, vague, prose, down]);
  expect(counts).toMatchObject({ total: 5, ok: 1, unparsed: 2, error: 2 });
  expect(await page.evaluate(() => window.iwr.judgeStats())).toMatchObject({ errors: 2 });

  // Error does not count as No: done stays at the executed count.
  const rec = buildEvalRecord({
    steps,
    executed: 3,
    screenshotPaths: ['0.png', '1.png', '2.png', '3.png'],
    assertionResults: [{ result: 'Error', response: failed.raw ?? '' }, { result: 'Error', response: vague.raw ?? '' }, null],
    checkpoints: [0.9, 0.8, 0.7].map((o) => ({ ocr: o, dino: o, hfs: down.score as number, mllmRes: down.raw, ocrTexts: ocrTexts(o) })),
  });
  expect(rec.success_step).toBe(3);
  expect(taskScores(rec).IFS).toBe(1);
  expect(taskScores(rec).HFS).toBe(0);

  // A transport failure is not cached: the next call asks again.
  server.reset();
  server.script({ name: 'back', match: 'Score: N/100', reply: 'Score: 90/100' });
  const retried = await page.evaluate(([x, y]) => window.iwr.judgeVisual(x, y), [b, c] as const);
  expect(retried).toMatchObject({ score: 0.9, status: 'ok', cached: false });
  expect(server.requests).toHaveLength(1);
  await context.close();
});

test('the key stays in the settings store: not in other stores, exports, logs or eval.json', async () => {
  const { page, context, logs } = await freshApp();
  const [a, b] = await makeImages(page, ['key a', 'key b']);
  await page.evaluate(({ url, key, retry }) => window.iwr.configureJudge({ kind: 'mllm', endpoint: url, model: 'm', key, retry }), {
    url: server.baseUrl,
    key: KEY,
    retry: FAST,
  });
  // A server that echoes the credentials back, and one failing with them in the error body.
  server.script(
    { name: 'echo', match: 'Score: N/100', reply: (r) => `You sent ${r.authorization ?? ''} and ${KEY}. Score: 10/100` },
    { name: 'leaky-error', match: 'echo error', status: 401, rawBody: `{"error":{"message":"bad key ${KEY}"}}` },
  );
  const v = await page.evaluate(([x, y]) => window.iwr.judgeVisual(x, y), [a, b] as const);
  expect(v.score).toBe(0.1);
  expect(v.raw).not.toContain(KEY);
  const e = await page.evaluate(([x, y]) => window.iwr.judgeAssertion(x, y, 'echo error'), [a, b] as const);
  expect(e.result).toBe('Error');
  expect(JSON.stringify(e)).not.toContain(KEY);
  const config = await page.evaluate(() => window.iwr.judgeConfig());
  expect(config.hasKey).toBe(true);
  expect(JSON.stringify(config)).not.toContain(KEY);

  const dump = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('iwr-studio');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const out: { store: string; key: string; text: string }[] = [];
    for (const store of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<{ key: IDBValidKey; value: unknown }[]>((res, rej) => {
        const acc: { key: IDBValidKey; value: unknown }[] = [];
        const req = db.transaction(store).objectStore(store).openCursor();
        req.onsuccess = () => {
          const c = req.result;
          if (!c) return res(acc);
          acc.push({ key: c.primaryKey, value: c.value });
          c.continue();
        };
        req.onerror = () => rej(req.error);
      });
      for (const row of rows) {
        const blobs: string[] = [];
        const text = JSON.stringify(row.value, (_k, v: unknown) => {
          if (v instanceof Blob) {
            blobs.push(`blob:${v.size}`);
            return `blob:${v.size}`;
          }
          return v;
        });
        out.push({ store, key: JSON.stringify(row.key), text });
      }
    }
    db.close();
    return out;
  });
  const holders = dump.filter((r) => r.text.includes(KEY)).map((r) => `${r.store}/${r.key}`);
  expect(holders).toEqual(['settings/"judge"']);
  expect(dump.some((r) => r.store === 'judgments')).toBe(true);
  const exported = await page.evaluate(() => window.iwr.exportJudgments());
  expect(exported).toContain('Score: 10/100');
  expect(exported).not.toContain(KEY);
  const evalJson = JSON.stringify(
    buildEvalRecord({
      steps: [steps[2] as Step],
      executed: 1,
      screenshotPaths: ['0.png', '1.png'],
      assertionResults: [null],
      checkpoints: [0, 1].map(() => ({ ocr: 1, dino: 1, hfs: v.score as number, mllmRes: v.raw, ocrTexts: ocrTexts(1) })),
      extras: { judge: { ...config } },
    }),
  );
  expect(evalJson).not.toContain(KEY);
  expect(logs.join('\n')).not.toContain(KEY);
  // The CLI's way: a key given for this session only is never stored.
  await page.evaluate((key) => window.iwr.configureJudge({ key: `${key}-session`, rememberKey: false }), KEY);
  const settingsJudge = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((res) => {
      const r = indexedDB.open('iwr-studio');
      r.onsuccess = () => res(r.result);
    });
    const v = await new Promise<unknown>((res) => {
      const r = db.transaction('settings').objectStore('settings').get('judge');
      r.onsuccess = () => res(r.result);
    });
    db.close();
    return JSON.stringify(v);
  });
  expect(settingsJudge).not.toContain(KEY);
  await context.close();
});

test('the human judge: questions queue, survive a reload, and answers give complete scores', async () => {
  const { page, context } = await freshApp();
  const [s0, s1, s2, ref0, ref1] = await makeImages(page, ['h shot 0', 'h shot 1', 'h shot 2', 'h ref 0', 'h ref 1']);
  await page.evaluate(() => window.iwr.configureJudge({ kind: 'human' }));
  const ask = () =>
    page.evaluate(
      async ([x0, x1, x2, r0, r1]) => ({
        a0: await window.iwr.judgeAssertion(x0, x1, 'The cart badge should show 1'),
        a1: await window.iwr.judgeAssertion(x1, x2, 'The cart badge should show 2'),
        h0: await window.iwr.judgeVisual(r0, x0),
        h1: await window.iwr.judgeVisual(r1, x0),
      }),
      [s0, s1, s2, ref0, ref1] as const,
    );
  const first = await ask();
  for (const v of Object.values(first)) expect(v).toMatchObject({ judge: 'human', model: 'human', status: 'pending' });
  expect(first.h0.score).toBe('unjudged');
  expect(first.a0.result).toBe('unjudged');
  // Unjudged flows into scoring as partial, never as a silent zero.
  const partial = taskScores(
    buildEvalRecord({
      steps,
      executed: 3,
      screenshotPaths: ['0.png', '1.png', '2.png', '3.png'],
      assertionResults: [{ result: 'unjudged' }, { result: 'unjudged' }, null],
      checkpoints: [0.9, 0.8, 0.7].map((o) => ({ ocr: o, dino: o, hfs: 'unjudged' as const, mllmRes: null, ocrTexts: ocrTexts(o) })),
    }),
  );
  expect(partial.complete).toBe(false);
  expect(partial.HFS).toBeNull();
  // Asking again does not queue twice.
  await ask();
  expect(await page.evaluate(() => window.iwr.humanProgress())).toEqual({ pending: 4, answered: 0 });

  // Resumable: a new page (same browser profile) sees the same queue, images included.
  await page.close();
  const page2 = await context.newPage();
  await page2.goto(page.url());
  await page2.waitForFunction(() => window.iwr?.ready === true);
  const queue = await page2.evaluate(() => window.iwr.humanQueue());
  expect(queue).toHaveLength(4);
  expect(
    queue
      .filter((q) => q.task === 'assertion')
      .map((q) => q.assertion)
      .sort(),
  ).toEqual(['The cart badge should show 1', 'The cart badge should show 2']);
  const visual = queue.find((q) => q.task === 'visual');
  expect(visual?.rubric?.map((r) => r.max)).toEqual([10, 15, 40, 15, 20]);
  expect(visual?.images.map((i) => i.label)).toEqual(['Reference', 'Candidate']);
  const shown = await page2.evaluate(async (url) => (await (await fetch(url)).blob()).size, visual?.images[0]?.url ?? '');
  expect(shown).toBeGreaterThan(100);

  // Walk the queue as a person would: next item, answer, until empty.
  const answers: Record<string, 'Yes' | 'No'> = { 'The cart badge should show 1': 'Yes', 'The cart badge should show 2': 'No' };
  let rubricIndex = 0;
  const rubrics = [
    { layout: 9, elements: 14, content: 36, style: 13, overall: 18 },
    { layout: 5, elements: 8, content: 20, style: 7, overall: 10 },
  ];
  for (let guard = 0; guard < 10; guard++) {
    const item = await page2.evaluate(() => window.iwr.humanNext());
    if (!item) break;
    if (item.task === 'assertion')
      await page2.evaluate(([id, ans]) => window.iwr.humanAnswerAssertion(id, ans), [
        item.id,
        answers[item.assertion ?? ''] ?? 'Yes',
      ] as const);
    else {
      // A wrong total is refused, with the part named.
      await expect(
        page2.evaluate((id) => window.iwr.humanAnswerVisual(id, { layout: 11, elements: 0, content: 0, style: 0, overall: 0 }), item.id),
      ).rejects.toThrow(/Layout/);
      await page2.evaluate(([id, parts]) => window.iwr.humanAnswerVisual(id, parts), [item.id, rubrics[rubricIndex++ % 2]!] as const);
    }
  }
  expect(await page2.evaluate(() => window.iwr.humanProgress())).toEqual({ pending: 0, answered: 4 });

  // The same questions now come back answered, from the cache.
  const done = await page2.evaluate(
    async ([x0, x1, x2, r0, r1]) => ({
      a0: await window.iwr.judgeAssertion(x0, x1, 'The cart badge should show 1'),
      a1: await window.iwr.judgeAssertion(x1, x2, 'The cart badge should show 2'),
      h0: await window.iwr.judgeVisual(r0, x0),
      h1: await window.iwr.judgeVisual(r1, x0),
    }),
    [s0, s1, s2, ref0, ref1] as const,
  );
  expect(done.a0).toMatchObject({ result: 'Yes', status: 'ok', judge: 'human' });
  expect(done.a1).toMatchObject({ result: 'No', status: 'ok' });
  const hfs = [done.h0.score, done.h1.score].sort();
  expect(hfs).toEqual([0.5, 0.9]);
  const rec = buildEvalRecord({
    steps,
    executed: 3,
    screenshotPaths: ['0.png', '1.png', '2.png', '3.png'],
    assertionResults: [
      { result: done.a0.result as 'Yes', response: done.a0.raw ?? '' },
      { result: done.a1.result as 'No', response: done.a1.raw ?? '' },
      null,
    ],
    checkpoints: [
      { ocr: 1, dino: 1, hfs: done.h0.score as number, mllmRes: done.h0.raw, ocrTexts: ocrTexts(1) },
      { ocr: 1, dino: 1, hfs: done.h1.score as number, mllmRes: done.h1.raw, ocrTexts: ocrTexts(1) },
    ],
    extras: { judge: { kind: 'human' } },
  });
  const scores = taskScores(rec);
  expect(scores.complete).toBe(true);
  expect(scores.IFS).toBeCloseTo(1 / 3, 12);
  expect(scores.HFS).toBeCloseTo(((done.h0.score as number) + (done.h1.score as number)) / 2, 12);
  await context.close();
});
