// The llm and hybrid resolvers in real Chromium against the local chat-completions stand-in:
// the numbered list and temperature 0, who decided each step, the cache (a rerun makes no
// request), the screenshot fallback, the official failure rules (-1 twice, a number not in
// the list), malformed answers, 429 with Retry-After (the model's wait not counted against
// the step), and hybrid asking only where the deterministic pick is unsure.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launchBrowser, openApp } from './harness.ts';
import { startChatServer, type ChatServer, type RecordedRequest } from '../support/chat-server.ts';
import { task } from './run-support.ts';

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

const KEY = `sk-iwr-resolver-${Math.random().toString(36).slice(2)}`;
const FAST = { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 50, maxRetryAfterMs: 5000 };

const PAGE = `<!doctype html><html><body style="font-family:sans-serif">
  <div class="card"><h3>Lamp</h3><button class="add" onclick="log('lamp')">Add to cart</button></div>
  <div class="card"><h3>Chair</h3><button class="add" onclick="log('chair')">Add to cart</button></div>
  <button id="checkout" onclick="log('checkout')">Checkout</button>
  <p id="log"></p>
  <script>function log(w) { const p = document.getElementById('log'); p.textContent = (p.textContent ? p.textContent + ' ' : '') + w; }</script>
</body></html>`;

const STEPS = task(
  [
    { type: 'Click', description: 'Put the lamp in the basket' },
    { type: 'Click', description: "Click the 'Checkout' button" },
  ],
  '800x600',
);

/** The number the model sees for the first listed line matching `re`. */
function lineOf(rec: RecordedRequest, re: RegExp): number {
  for (const line of rec.text.split('\n')) {
    const m = /^\[(\d+)\] (.*)$/.exec(line);
    if (m && re.test(m[2] as string)) return Number(m[1]);
  }
  throw new Error(`no listed element matches ${re}:\n${rec.text}`);
}

/** A model that knows the page: the lamp's button for the first step, Checkout for the second. */
const sensible = (rec: RecordedRequest) =>
  JSON.stringify({
    index: /lamp/i.test(rec.text.split('\n').find((l) => l.startsWith('Description:')) ?? '')
      ? lineOf(rec, /Add to cart.*Lamp/)
      : lineOf(rec, /Checkout/),
  });

interface Replayed {
  summary: { done: number; failedAt: number | null; reason?: string; resolver: { mode: string; model?: string; failure: string } };
  records: {
    k: number;
    status: string;
    reason?: string;
    element?: {
      decidedBy: string;
      xpath: string;
      llm?: { replies: string[]; cached: boolean; attempts: number };
      other?: { by: string; xpath: string };
    };
    inspect?: { text: string }[];
  }[];
}

async function replay(page: Page, options: Record<string, unknown> = {}): Promise<Replayed> {
  return (await page.evaluate(
    ({ html, t, options }) => window.iwr.replayHtml({ task: t, html, options: { inspect: ['#log'], ...options } }),
    { html: PAGE, t: STEPS, options },
  )) as unknown as Replayed;
}

async function llmApp(extra: Record<string, unknown> = {}): Promise<Page> {
  const { page } = await openApp(browser);
  await page.evaluate(
    ({ url, key, retry, extra }) =>
      window.iwr.configureResolver({ mode: 'llm', endpoint: url, model: 'picker', key, rememberKey: false, retry, ...extra }),
    { url: server.baseUrl, key: KEY, retry: FAST, extra },
  );
  return page;
}

test('llm mode: the model picks from a numbered list at temperature 0, each step says who decided, and a rerun makes no request', async () => {
  const page = await llmApp();
  server.script({ name: 'pick', reply: sensible });
  const first = await replay(page);
  expect(first.summary.failedAt, first.summary.reason).toBeNull();
  expect(first.summary.resolver).toMatchObject({ mode: 'llm', model: 'picker', failure: 'official' });
  expect(first.records[2]?.inspect?.[0]?.text).toBe('lamp checkout');
  for (const r of first.records.slice(1)) expect(r.element?.decidedBy).toBe('llm');
  // The deterministic pick is recorded beside the model's, for agreement reports.
  expect(first.records[2]?.element?.other?.by).toBe('deterministic');
  expect(server.requests).toHaveLength(2);
  const req = server.requests[0] as RecordedRequest;
  expect(req.body.temperature).toBe(0);
  expect(req.body.model).toBe('picker');
  expect(req.authorization).toBe(`Bearer ${KEY}`);
  expect(req.images).toHaveLength(0);
  expect(req.text).toMatch(/Description: Put the lamp in the basket/);
  expect(req.text).toMatch(/\[\d+\] <button[^\n]*>"Add to cart" in "Lamp"/);
  expect(req.text).toMatch(/"index"/);

  const again = await replay(page);
  expect(again.records[2]?.inspect?.[0]?.text).toBe('lamp checkout');
  expect(server.requests, 'the cached answers are reused').toHaveLength(2);
  expect(again.records[1]?.element?.llm?.cached).toBe(true);
  expect(await page.evaluate(() => window.iwr.resolverStats())).toMatchObject({ requests: 2, cacheHits: 2 });
  const shown = await page.evaluate(() => window.iwr.resolverConfig());
  expect(shown.hasKey).toBe(true);
  expect(JSON.stringify(shown)).not.toContain(KEY);
});

test('a malformed or "none" answer is asked again with the screenshot; the answer from it is marked llm-vision', async () => {
  const page = await llmApp();
  server.script(
    { name: 'unsure', match: (r) => r.images.length === 0 && /lamp/.test(r.text), reply: 'I am not sure which one you mean.' },
    {
      name: 'from the picture',
      match: (r) => r.images.length === 1 && /lamp/.test(r.text),
      reply: (r) => `The lamp's button: {"index": ${lineOf(r, /Add to cart.*Lamp/)}}`,
    },
    { name: 'checkout', reply: (r) => String(lineOf(r, /Checkout/)) },
  );
  const out = await replay(page);
  expect(out.summary.failedAt, out.summary.reason).toBeNull();
  expect(out.records[1]?.element?.decidedBy).toBe('llm-vision');
  expect(out.records[1]?.element?.llm?.replies).toEqual(['I am not sure which one you mean.', expect.stringContaining('"index"')]);
  expect(out.records[2]?.element?.decidedBy).toBe('llm');
  const vision = server.requests.find((r) => r.images.length === 1) as RecordedRequest;
  expect(vision.images[0]).toMatch(/^data:image\/png;base64,/);
});

test('the official failure rules: -1 from the text and the screenshot fails the step; a number not in the list fails at once', async () => {
  const page = await llmApp();
  server.script({ name: 'none', reply: '{"index": -1}' });
  const none = await replay(page);
  expect(none.summary.failedAt).toBe(0);
  expect(none.records[1]?.status).toBe('failed');
  expect(none.records[1]?.reason).toMatch(
    /the model \(picker\) found no element for "Put the lamp in the basket" \(answered -1, then -1\)/,
  );
  expect(server.requests).toHaveLength(2);

  // Another model: the -1 answers above are cached for 'picker' (real answers are).
  await page.evaluate(() => window.iwr.configureResolver({ model: 'picker-2' }));
  server.reset();
  server.script({ name: 'out of range', reply: '{"index": 999}' });
  const wild = await replay(page);
  expect(wild.summary.failedAt).toBe(0);
  expect(wild.records[1]?.reason).toMatch(/answered element 999, which is not in the list of \d+/);
  expect(server.requests, 'no second try for a number that is not listed').toHaveLength(1);
});

test('429 with Retry-After is waited for, and the wait is not counted against the step limit', async () => {
  const page = await llmApp();
  server.script({ name: 'busy', times: 1, status: 429, headers: { 'retry-after': '5' } }, { name: 'pick', reply: sensible });
  const t0 = Date.now();
  // A 3 s step limit: the model answers after a 5 s wait, and the click still runs in full
  // (the limit leaves the step's own work room on a loaded machine; the wait alone exceeds it).
  const out = await replay(page, { stepTimeoutMs: 3000 });
  expect(out.summary.failedAt, out.summary.reason).toBeNull();
  expect(Date.now() - t0).toBeGreaterThanOrEqual(5000);
  expect(out.records[1]?.element?.llm?.attempts).toBe(2);
  expect(server.requests.map((r) => r.rule)).toEqual(['busy', 'pick', 'pick']);
});

test('a model that cannot be reached fails the step with the reason, and nothing is cached', async () => {
  const page = await llmApp();
  server.script({ name: 'down', status: 503 });
  const out = await replay(page);
  expect(out.summary.failedAt).toBe(0);
  expect(out.records[1]?.reason).toMatch(/LLM resolver \(picker\): HTTP 503 .*\(after 3 attempts\)/);
  server.reset();
  server.script({ name: 'pick', reply: sensible });
  const later = await replay(page);
  expect(later.summary.failedAt, 'the failure was not cached').toBeNull();
});

test('hybrid asks the model only below the confidence threshold', async () => {
  const { page } = await openApp(browser);
  await page.evaluate(
    ({ url }) =>
      window.iwr.configureResolver({ mode: 'hybrid', endpoint: url, model: 'picker', key: '', rememberKey: false, threshold: 0.9 }),
    { url: server.baseUrl },
  );
  server.script({ name: 'pick', reply: sensible });
  const out = await replay(page);
  expect(out.summary.failedAt, out.summary.reason).toBeNull();
  expect(out.summary.resolver).toMatchObject({ mode: 'hybrid', threshold: 0.9 });
  // "the 'Checkout' button" names its button: sure, no request. "Put the lamp in the basket" is a paraphrase: asked.
  expect(out.records[2]?.element?.decidedBy).toBe('deterministic');
  expect(out.records[1]?.element?.decidedBy).toBe('llm');
  expect(server.requests).toHaveLength(1);
  expect(server.requests[0]?.text).toMatch(/lamp/);
  expect(server.requests[0]?.authorization, 'no key, no header').toBeUndefined();
});

test('Results shows who chose each step and whether the other resolver agrees', async () => {
  const page = await llmApp();
  // Sample task 1: "Click the blue 'Add one' button", type into the name field, press Enter.
  server.script({ name: 'pick', reply: (r) => String(lineOf(r, /Description: Type/.test(r.text) ? /<input/ : /"Add one"/)) });
  const reference = await page.evaluate(async () => (await fetch('samples/results/1/reference/index.html')).text());
  await page.evaluate((url) => window.iwr.useDinoModel(url), 'models/test-dinov2-tiny.onnx');
  const out = await page.evaluate(
    (h) => window.iwr.evaluate({ sourceId: 'samples', taskId: '1', html: h, model: 'llm-picked', options: { judge: 'none' }, save: true }),
    reference,
  );
  expect(JSON.parse(out.evalJson).iwr_studio.resolver.mode).toBe('llm');
  await page.goto(`${appUrl()}#/results/${out.runId}`);
  const steps = page.locator('.step-table');
  await steps.waitFor();
  const text = await steps.innerText();
  expect(text).toContain('chosen by the model');
  expect(text).toContain('our resolver agrees');
});

test('Settings > Resolver chooses the mode and the model; the resolver in force follows, the key stays hidden', async () => {
  const { page } = await openApp(browser, { path: '#/settings/resolver' });
  const panel = page.locator('#settings-resolver');
  await panel.getByLabel(/^Hybrid/).check();
  await panel.getByLabel('Endpoint (base URL)').fill(server.baseUrl);
  await panel.getByLabel('Model (official: gpt-4o)').fill('picker-ui');
  await panel.getByLabel(/API key/).fill(KEY);
  await panel.getByLabel('Ask the model below this confidence (0–1)').fill('0.8');
  await expect
    .poll(() => page.evaluate(() => window.iwr.resolverConfig()), { timeout: 5000 })
    .toMatchObject({ mode: 'hybrid', endpoint: server.baseUrl, model: 'picker-ui', threshold: 0.8, hasKey: true });
  expect(await panel.getByLabel(/API key/).getAttribute('type')).toBe('password');
  // The stored resolver is the one a run uses.
  server.script({ name: 'pick', reply: sensible });
  const out = await replay(page);
  expect(out.summary.resolver).toMatchObject({ mode: 'hybrid', model: 'picker-ui', threshold: 0.8 });
  expect(server.requests[0]?.authorization).toBe(`Bearer ${KEY}`);
});
