// `iwr resolve-compare` and `iwr eval --resolver llm` end to end: the real CLI against the
// local chat-completions stand-in, on a three-step task whose model answers one step
// differently from our resolver (a planted disagreement). The report must list exactly that
// step with both elements; a rerun with --ref-cache asks nothing; eval.json records the mode,
// who decided each step, and the other resolver's pick.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DINO, iwr, evalArgs } from './cli-support.ts';
import { pngDataUrl } from './run-support.ts';
import { startChatServer, type ChatServer, type RecordedRequest } from '../support/chat-server.ts';
import type { EvalRecord } from '../../src/scoring/eval-record.ts';

let server: ChatServer;
let data: string;
let results: string;

const PAGE = `<!doctype html><html><body style="font-family:sans-serif;margin:40px">
<button onclick="log('alpha')">Alpha</button> <button onclick="log('beta')">Beta</button> <button onclick="log('gamma')">Gamma</button>
<p id="log"></p><script>function log(w) { document.getElementById('log').textContent += ' ' + w; }</script></body></html>`;

beforeAll(async () => {
  server = await startChatServer();
  // The model agrees on Alpha and Gamma, and answers Gamma for "Click 'Beta'": the planted disagreement.
  server.script({
    name: 'picker',
    reply: (r: RecordedRequest) => {
      const label = /Description: Click '(\w+)'/.exec(r.text)?.[1] ?? '';
      const want = label === 'Beta' ? 'Gamma' : label;
      const line = r.text.split('\n').find((l) => l.includes(`>"${want}"`)) ?? '';
      return JSON.stringify({ index: Number(/^\[(\d+)\]/.exec(line)?.[1] ?? -1) });
    },
  });
  data = mkdtempSync(join(tmpdir(), 'iwr-compare-data-'));
  const t = {
    id: 1,
    source_website: 'compare.example',
    classification: {},
    recording_details: { resolution: '800x600' },
    action_sequence: ['Alpha', 'Beta', 'Gamma'].map((l) => ({
      type: 'Click',
      parameters: { description: `Click '${l}'` },
      visual_evaluation_flag: false,
      logical_assertion: null,
    })),
  };
  writeFileSync(join(data, 'data.jsonl'), `${JSON.stringify(t)}\n`);
  mkdirSync(join(data, 'data', '1', 'checkpoints'), { recursive: true });
  writeFileSync(
    join(data, 'data', '1', 'checkpoints', 'step_0.png'),
    Buffer.from(pngDataUrl(800, 600, [255, 255, 255]).split(',')[1] as string, 'base64'),
  );
  results = mkdtempSync(join(tmpdir(), 'iwr-compare-results-'));
  mkdirSync(join(results, '1', 'm'), { recursive: true });
  writeFileSync(join(results, '1', 'm', 'index.html'), PAGE);
});
afterAll(async () => {
  await server?.close();
});

const model = () => ['--resolver-endpoint', server.baseUrl, '--resolver-model', 'picker'];

test('resolve-compare lists the planted disagreement with both elements, and a rerun with --ref-cache asks nothing', async () => {
  const out = join(results, 'report.json');
  const cache = mkdtempSync(join(tmpdir(), 'iwr-compare-cache-'));
  const r = await iwr([
    'resolve-compare',
    '--data',
    data,
    '--results',
    results,
    '--model',
    'm',
    ...model(),
    '--ref-cache',
    cache,
    '--out',
    out,
  ]);
  expect(r.code, r.stderr).toBe(1);
  expect(r.stdout).toContain(`task 1 step 2 [Click] "Click 'Beta'" (ours acted)`);
  expect(r.stdout).toMatch(/ours: {2}<button> "Beta"/);
  expect(r.stdout).toMatch(/model: <button> "Gamma"/);
  expect(r.stdout).toContain('1 task(s), 3 step(s) compared, 1 disagreement(s) (agreement 66.7 %)');
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    disagreements: { step: number; ours: { text: string }; model: { text: string; replies: string[] } }[];
  };
  expect(report.disagreements).toHaveLength(1);
  expect(report.disagreements[0]).toMatchObject({ step: 1, ours: { text: 'Beta' }, model: { text: 'Gamma' } });
  expect(server.requests).toHaveLength(3);

  const again = await iwr(['resolve-compare', '--data', data, '--results', results, '--model', 'm', ...model(), '--ref-cache', cache]);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain('3 cached answer(s)');
  expect(server.requests, 'every answer came from --ref-cache').toHaveLength(3);
});

test("iwr eval --resolver llm: the model's picks act, and eval.json says who decided each step and what ours would have been", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'iwr-compare-eval-'));
  const r = await iwr([
    ...evalArgs({ task: '1', html: join(results, '1', 'm', 'index.html'), out: dir, data }),
    '--dino-model',
    DINO,
    '--resolver',
    'llm',
    ...model(),
  ]);
  expect(r.code, r.stderr).toBe(0);
  const ev = JSON.parse(readFileSync(join(dir, 'eval.json'), 'utf8')) as EvalRecord;
  expect(ev.iwr_studio?.resolver).toMatchObject({ mode: 'llm', model: 'picker', failure: 'official' });
  const d = ev.iwr_studio?.driver_decisions ?? [];
  expect(d.map((x) => x['decided_by'])).toEqual(['llm', 'llm', 'llm']);
  // Step 2: the model's Gamma acted; ours (Beta) is recorded beside it.
  expect(String(d[1]?.target)).toMatch(/button\[3\]$/);
  expect(d[1]?.['other']).toMatchObject({ by: 'deterministic', ok: true });
  expect(String((d[1]?.['other'] as { target: string }).target)).toMatch(/button\[2\]$/);
  expect(r.stderr).toMatch(/resolver llm \(picker\): \d+ model request\(s\)/);
});

test('a model resolver without an endpoint is refused before any browser starts', async () => {
  const r = await iwr([
    ...evalArgs({ task: '1', html: join(results, '1', 'm', 'index.html'), out: join(tmpdir(), 'never'), data }),
    '--resolver',
    'hybrid',
  ]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('--resolver hybrid needs --resolver-endpoint URL');
});
