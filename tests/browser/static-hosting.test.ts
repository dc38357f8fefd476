// Issue 6 item 9: the built app works from a plain static host (no special headers; the
// default test server), and where the host sends cross-origin-isolation headers it upgrades
// to multi-threaded WASM while the sandbox, replay and OCR keep working.
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { launchBrowser } from './harness.ts';

let browser: Browser;
let isolated: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  browser = await launchBrowser({ serviceWorkers: true });
  // Served from a sub-path, as a project page would be.
  isolated = await startServer({ root: inject('distDir'), crossOriginIsolated: true, mounts: { '/studio/': inject('distDir') } });
});
afterAll(async () => {
  await browser?.close();
  await isolated?.close();
});

async function exercise(url: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(url);
  await page.waitForFunction(() => window.iwr?.ready === true, null, { timeout: 30_000 });
  const out = await page.evaluate(async () => {
    const model = await window.iwr.loadDinoModel({ url: new URL('models/test-dinov2-tiny.onnx', document.baseURI).href });
    const replayed = await window.iwr.replayHtml({
      task: {
        action_sequence: [
          { type: 'Click', parameters: { description: "Click the 'Go' button" }, visual_evaluation_flag: true, logical_assertion: null },
        ],
        resolution: '320x200',
      },
      html: '<button class="btn" onclick="this.textContent=\'Gone\'">Go</button>',
    });
    return {
      isolated: self.crossOriginIsolated,
      threads: model.session.threads,
      steps: replayed.records.map((r) => r.status),
    };
  });
  await page.close();
  return out;
}

test('a plain static host: not isolated, single-threaded WASM, everything works', async () => {
  const r = await exercise(inject('appUrl'));
  expect(r.isolated).toBe(false);
  expect(r.threads).toBe(1);
  expect(r.steps).toEqual(['ok', 'ok']);
});

test('a host with COOP/COEP, under a sub-path: isolated, threaded WASM, the sandbox still works', async () => {
  const r = await exercise(`${isolated.url}studio/`);
  expect(r.isolated).toBe(true);
  expect(r.threads).toBeGreaterThan(1);
  expect(r.steps).toEqual(['ok', 'ok']);
});
