// `iwr generate` end to end: the CLI process, headless Chromium running the app's generation
// code, the sample suite's task 1 (webm video + asset sheet), and the chat-completions stand-in.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { inject } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChatServer, type ChatServer } from '../support/chat-server.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const data = join(repo, 'public/samples/dataset');
const KEY = `sk-cli-test-${Math.random().toString(36).slice(2)}-SECRET`;
let server: ChatServer;
let results: string;

beforeAll(async () => {
  server = await startChatServer();
  results = mkdtempSync(join(tmpdir(), 'iwr-gen-'));
});
afterAll(async () => {
  await server?.close();
  if (results) rmSync(results, { recursive: true, force: true });
});

function iwr(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repo, 'bin/iwr.mjs'), ...args], {
      cwd: repo,
      env: { ...process.env, IWR_DIST: inject('distDir'), IWR_TEST_KEY: KEY },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? allFiles(join(dir, n)) : [join(dir, n)]));
}

test('generate writes <results>/<task>/<model dir>/index.html from a streamed reply; the key stays out of every output', async () => {
  const page = '<!doctype html><html><body><h1 class="btn">Tally</h1><iframe src="x"></iframe></body></html>';
  server.script({ name: 'gen', match: 'rebuilding a real website', reply: `\`\`\`html\n${page}\n\`\`\`` });
  const r = await iwr([
    'generate',
    '--data',
    data,
    '--results',
    results,
    '--model',
    'Test/Gen-1',
    '--endpoint',
    server.baseUrl,
    '--tasks',
    '1',
    '--key-env',
    'IWR_TEST_KEY',
    '--long-edge',
    '320',
  ]);
  expect(r.code, r.stderr).toBe(0);
  const out = join(results, '1', 'test__gen-1');
  expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('<!doctype html><html><body><h1 class="btn">Tally</h1></body></html>');
  const sidecar = JSON.parse(readFileSync(join(out, 'generation.json'), 'utf8')) as {
    frames: { time: number; width: number }[];
    sheets: string[];
    images: number;
    video: { method: string };
  };
  expect(sidecar.sheets).toEqual(['stitched_assets/stitched_image.png']);
  expect(sidecar.frames.map((f) => f.time)).toEqual(sidecar.frames.map((_, k) => k));
  expect(Math.max(...sidecar.frames.map((f) => f.width))).toBeLessThanOrEqual(320);
  expect(sidecar.video.method).toBe('mediabunny+webcodecs');
  const [req] = server.requests;
  expect(server.requests).toHaveLength(1);
  expect(req?.stream).toBe(true);
  expect(req?.authorization).toBe(`Bearer ${KEY}`);
  expect(req?.text).toContain('640x400'); // task 1's recording resolution
  expect(req?.images).toHaveLength(1 + sidecar.frames.length);
  expect(sidecar.images).toBe(1 + sidecar.frames.length);
  expect(r.stdout).toMatch(/task 1: 1 sheet\(s\) \+ \d+ frame\(s\)/);
  for (const f of allFiles(results)) expect(readFileSync(f, 'utf8'), f).not.toContain(KEY);
  expect(r.stdout + r.stderr).not.toContain(KEY);
});

test('a failing endpoint fails the task (exit 1) with its id, and no file; bad arguments exit 2', async () => {
  server.reset();
  server.script({ name: 'denied', status: 401, rawBody: `{"error":{"message":"invalid key ${KEY}"}}` });
  const dir = join(results, 'fail');
  const r = await iwr([
    'generate',
    '--data',
    data,
    '--results',
    dir,
    '--model',
    'other',
    '--endpoint',
    server.baseUrl,
    '--tasks',
    '1',
    '--key-env',
    'IWR_TEST_KEY',
  ]);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/task 1: .*HTTP 401/);
  expect(r.stderr).not.toContain(KEY);
  expect(existsSync(join(dir, '1', 'other', 'index.html'))).toBe(false);
  const bad = await iwr(['generate', '--data', data, '--results', dir, '--model', 'm', '--endpoint', server.baseUrl, '--tasks', '999']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/no task 999/);
  const noEndpoint = await iwr(['generate', '--data', data, '--results', dir, '--model', 'm']);
  expect(noEndpoint.code).toBe(2);
  expect(noEndpoint.stderr).toMatch(/--endpoint is required/);
});
