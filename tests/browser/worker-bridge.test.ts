// The bridge every OCR and DINO call goes through (src/engines/worker-bridge.ts), in real
// Chromium with real module workers: a worker that dies or never loads must reject the calls
// waiting on it with what happened (comlink alone would leave them pending forever), and the
// next call must start a fresh worker. Each call is raced against a 15 s timer in the page so
// a regression fails with "hung" instead of timing the test out.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openApp } from './harness.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = async (contents: string, format: 'iife' | 'esm') => {
  const out = await build({ stdin: { contents, resolveDir: root, loader: 'ts' }, bundle: true, format, write: false, logLevel: 'silent' });
  return out.outputFiles[0]!.text;
};

// A worker with a call that answers, one that throws from a timer (uncaught: comlink never
// answers it) and one that never answers.
const WORKER = `import { expose } from 'comlink';
expose({
  double: async (x: number) => x * 2,
  crashLater: () => new Promise(() => { setTimeout(() => { throw new Error('boom from a timer'); }, 20); }),
  never: () => new Promise(() => {}),
});`;

const PAGE = `import { WorkerBridge } from './src/engines/worker-bridge.ts';
const w = window as unknown as Record<string, unknown>;
w.__bridges = { WorkerBridge };`;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openApp(browser));
  const workerJs = await bundle(WORKER, 'esm');
  await page.addScriptTag({ content: await bundle(PAGE, 'iife') });
  await page.evaluate((js) => {
    (window as unknown as { __workerUrl: string }).__workerUrl = URL.createObjectURL(new Blob([js], { type: 'text/javascript' }));
  }, workerJs);
});
afterAll(async () => {
  await browser?.close();
});

type Outcome = { ok: true; value: unknown } | { ok: false; name: string; message: string } | { hung: true };

/** Runs `script` in the page with `bridge` (a fresh WorkerBridge over the test worker, or over `url`) in scope. */
function inPage(script: string, url?: string): Promise<Outcome[]> {
  return page.evaluate(
    async ([body, workerUrl]) => {
      const w = window as unknown as { __bridges: { WorkerBridge: new (o: unknown) => unknown }; __workerUrl: string };
      const bridge = new w.__bridges.WorkerBridge({
        name: 'Test',
        create: () => new Worker(workerUrl ?? w.__workerUrl, { type: 'module' }),
        idleMs: 60_000,
      });
      const settle = (p: Promise<unknown>) =>
        Promise.race([
          p.then(
            (value) => ({ ok: true, value }),
            (e: unknown) => ({ ok: false, name: (e as Error).name, message: (e as Error).message }),
          ),
          new Promise((r) => setTimeout(() => r({ hung: true }), 15_000)),
        ]);
      const run = new Function('bridge', 'settle', `return (async () => { ${body} })();`) as (b: unknown, s: unknown) => Promise<unknown>;
      return (await run(bridge, settle)) as never;
    },
    [script, url] as const,
  );
}

test('a worker that throws outside any call rejects the call waiting on it, and the next call gets a fresh worker', async () => {
  const [crashed, after] = await inPage(`
    const crashed = await settle(bridge.call(undefined, (api) => api.crashLater()));
    const after = await settle(bridge.call(undefined, (api) => api.double(21)));
    return [crashed, after];`);
  expect(crashed).toMatchObject({ ok: false });
  expect((crashed as { message: string }).message).toMatch(/^The Test worker stopped: .*boom from a timer/);
  expect(after).toEqual({ ok: true, value: 42 });
});

test('a worker whose script does not load rejects the call instead of leaving it pending', async () => {
  const [missing] = await inPage(`return [await settle(bridge.call(undefined, (api) => api.double(1)))];`, '/no-such-worker.js');
  expect(missing).toMatchObject({ ok: false });
  expect((missing as { message: string }).message).toMatch(/^The Test worker stopped: its script did not load or it crashed/);
});

test('aborting one call ends the worker and rejects the other call waiting on it, rather than leaving it pending', async () => {
  const [aborted, other, after] = await inPage(`
    const ctl = new AbortController();
    const a = settle(bridge.call(ctl.signal, (api) => api.never()));
    const b = settle(bridge.call(undefined, (api) => api.never()));
    await new Promise((r) => setTimeout(r, 200));
    ctl.abort();
    return [await a, await b, await settle(bridge.call(undefined, (api) => api.double(5)))];`);
  expect(aborted).toMatchObject({ ok: false, name: 'AbortError' });
  expect(other).toMatchObject({ ok: false, name: 'Error', message: 'The Test worker was stopped before it answered' });
  expect(after).toEqual({ ok: true, value: 10 });
});
