// Export and import of results in real Chromium, on runs made by window.iwr.evaluate on the
// samples (test DINO model, no judge): the zip's official layout and reports, the manifest,
// the judge key never inside, a round trip export -> clear -> import -> export with identical
// file hashes (ours and an official folder without our manifest), existing runs kept, and
// clear errors for broken zips.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createHash } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';
import { appUrl, launchBrowser, openApp } from './harness.ts';
import { parseEvalJson } from '../../src/scoring/evaljson.ts';
import { taskScores } from '../../src/scoring/metrics.ts';
import { buildReport, reportCsv, reportMarkdown } from '../../src/scoring/report.ts';

const KEY = `sk-exchange-${Math.random().toString(36).slice(2)}-NEVER-EXPORTED`;
const MODEL_A = 'Test/Model-A';
const MODEL_B = 'broken-bot';
const LONG = 600_000;

let browser: Browser;
let page: Page;
const runs: Record<string, { runId: string; evalJson: string; html: string }> = {};

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const text = (b: Uint8Array | undefined): string => new TextDecoder().decode(b);
const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64');
const unzip = (base64: string): Record<string, Uint8Array> => unzipSync(new Uint8Array(Buffer.from(base64, 'base64')));

async function sampleHtml(task: string, variant: string): Promise<string> {
  const res = await fetch(`${appUrl()}samples/results/${task}/${variant}/index.html`);
  if (!res.ok) throw new Error(`samples/results/${task}/${variant}/index.html: HTTP ${res.status}`);
  return res.text();
}

async function evaluate(task: string, variant: string, model: string): Promise<void> {
  const html = await sampleHtml(task, variant);
  const out = await page.evaluate((input) => window.iwr.evaluate({ ...input, options: { judge: 'none' }, save: true }), {
    sourceId: 'samples',
    taskId: task,
    html,
    model,
  });
  if (!out.runId) throw new Error(`task ${task} ${model}: no run stored`);
  runs[`${task}|${model}`] = { runId: out.runId, evalJson: out.evalJson, html };
}

/** Raw IndexedDB access, as another tab or a "clear storage" would do it. */
async function db<T>(
  page: Page,
  op: 'clear-runs' | 'list-runs' | 'copy-run',
  arg?: { from: string; id: string; model?: string; olderBy?: number; html?: string },
): Promise<T> {
  return page.evaluate(
    ([op, arg]) =>
      new Promise<T>((resolve, reject) => {
        const req = indexedDB.open('iwr-studio');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const d = req.result;
          const tx = d.transaction(['runs', 'blobs'], 'readwrite');
          const runsStore = tx.objectStore('runs');
          const blobs = tx.objectStore('blobs');
          let result: unknown = null;
          if (op === 'clear-runs') {
            runsStore.clear();
            blobs.clear();
          } else if (op === 'list-runs') {
            const all = runsStore.getAll();
            all.onsuccess = () => {
              result = (all.result as Array<{ id: string; model: string; taskId: string }>).map((r) => ({
                id: r.id,
                model: r.model,
                taskId: r.taskId,
              }));
            };
          } else if (arg) {
            const get = runsStore.get(arg.from);
            get.onsuccess = () => {
              const r = get.result as { id: string; model: string; createdAt: number };
              runsStore.put({ ...r, id: arg.id, model: arg.model ?? r.model, createdAt: r.createdAt - (arg.olderBy ?? 0) });
              if (arg.html !== undefined)
                blobs.put({ runId: arg.id, name: 'index.html', blob: new Blob([arg.html]) }, [arg.id, 'index.html']);
            };
          }
          tx.oncomplete = () => {
            d.close();
            resolve(result as T);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [op, arg] as const,
  );
}

/** sha256 of every entry but the manifest (whose exported_at differs by design). */
function fileHashes(files: Record<string, Uint8Array>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(files)
      .filter(([p]) => p !== 'iwr-export.json')
      .map(([p, b]) => [p, sha(b)] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openApp(browser));
  await page.evaluate((url) => window.iwr.useDinoModel(url), `${appUrl()}models/test-dinov2-tiny.onnx`);
  // A configured remote judge with a key: the runs below do not use it, the export must not carry it.
  await page.evaluate((key) => window.iwr.configureJudge({ kind: 'mllm', endpoint: 'http://127.0.0.1:9/v1', model: 'judge-x', key }), KEY);
  await evaluate('1', 'reference', MODEL_A);
  await evaluate('2', 'reference', MODEL_A);
  await evaluate('2', 'broken', MODEL_B);
}, LONG);
afterAll(async () => {
  await browser?.close();
});

describe('export', () => {
  let first: Record<string, Uint8Array>;
  let firstManifest: { runs: Array<{ id: string; dir: string }>; files: Record<string, string>; settings: unknown; app_version: string };
  let firstRaw: string;

  test(
    'a leaderboard export is the official results layout with reports and a manifest',
    async () => {
      // An older duplicate of (task 1, model A): the leaderboard exports the latest run only.
      await db(page, 'copy-run', { from: runs[`1|${MODEL_A}`]!.runId, id: 'run-older-duplicate', olderBy: 60_000 });
      const info = await page.evaluate(() => window.iwr.exportRunsInfo());
      firstRaw = info.zip;
      first = unzip(info.zip);
      expect(info.warnings).toEqual([]);
      expect(info.skipped).toContainEqual({
        runId: 'run-older-duplicate',
        reason: expect.stringMatching(/older than run .* for 1\/test__model-a\//),
      });
      const paths = Object.keys(first).sort();
      for (const [task, model, dir] of [
        ['1', MODEL_A, 'test__model-a'],
        ['2', MODEL_A, 'test__model-a'],
        ['2', MODEL_B, 'broken-bot'],
      ] as const) {
        const run = runs[`${task}|${model}`]!;
        expect(text(first[`${task}/${dir}/index.html`])).toBe(run.html);
        expect(text(first[`${task}/${dir}/eval.json`])).toBe(run.evalJson);
        const rec = parseEvalJson(run.evalJson, 'eval.json').record!;
        // Every screenshot eval.json names is in evalpoints/ as a PNG.
        for (const p of rec.screenshot_paths_to_eval) {
          expect(p.startsWith(`${task}/${dir}/evalpoints/`)).toBe(true);
          expect([...(first[p] ?? new Uint8Array()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
        }
      }
      expect(paths).toContain('reports/Test__Model-A_metrics.md');
      expect(paths).toContain('reports/Test__Model-A_metrics.csv');
      expect(paths).toContain('reports/Test__Model-A_metrics.json');
      expect(paths).toContain('reports/broken-bot_metrics.md');
      expect(paths.filter((p) => p.startsWith('1/'))).toEqual(paths.filter((p) => p.startsWith('1/test__model-a/')));

      // The report is the official table over the exported eval.json files.
      const rows = ['1', '2'].map((task) => ({
        task,
        scores: taskScores(parseEvalJson(text(first[`${task}/test__model-a/eval.json`]), 'e').record!),
      }));
      const md = text(first['reports/Test__Model-A_metrics.md']);
      expect(md).toBe(reportMarkdown(buildReport(MODEL_A, rows)));
      expect(md.split('\n')[0]).toBe('# model: Test__Model-A result');
      expect(md).toMatch(/^\| 1 \| 100\.00\* \|/m); // * : no judge, so IFS is an upper bound
      expect(md).toMatch(/^\| avg \|/m);
      expect(text(first['reports/Test__Model-A_metrics.csv'])).toBe(reportCsv(buildReport(MODEL_A, rows)));
      const broken = taskScores(parseEvalJson(text(first['2/broken-bot/eval.json']), 'e').record!);
      expect(broken.Final).toBeLessThan(rows[1]!.scores.Final);

      // Manifest: app version, settings without the key, the run ids, a hash of every file.
      firstManifest = JSON.parse(text(first['iwr-export.json']));
      expect(firstManifest.app_version).toMatch(/^\d+\.\d+\.\d+/);
      expect(firstManifest.runs.map((r) => r.id).sort()).toEqual(
        [runs[`1|${MODEL_A}`]!.runId, runs[`2|${MODEL_A}`]!.runId, runs[`2|${MODEL_B}`]!.runId].sort(),
      );
      expect(Object.keys(firstManifest.files).sort()).toEqual(paths.filter((p) => p !== 'iwr-export.json'));
      for (const [p, h] of Object.entries(firstManifest.files)) expect(sha(first[p]!), p).toBe(h);
      expect(firstManifest.settings).toMatchObject({ judge: { kind: 'mllm', model: 'judge-x' } });
      expect(JSON.stringify(firstManifest.settings)).not.toMatch(/apiKey/);
    },
    LONG,
  );

  test('the judge key is in no byte of the zip, packed or unpacked', async () => {
    expect(await page.evaluate(() => window.iwr.judgeConfig().then((c) => c.hasKey))).toBe(true);
    const needle = Buffer.from(KEY);
    expect(Buffer.from(firstRaw, 'base64').includes(needle)).toBe(false);
    for (const [p, b] of Object.entries(first)) expect(Buffer.from(b).includes(needle), p).toBe(false);
    // A part of the key would still be a leak.
    expect(Buffer.from(firstRaw, 'base64').includes(Buffer.from(KEY.slice(0, 20)))).toBe(false);
  });

  test(
    'round trip: export -> clear -> import -> export gives identical files',
    async () => {
      await db(page, 'clear-runs');
      await expect(page.evaluate(() => window.iwr.exportRuns())).rejects.toThrow(/no finished runs to export/);
      const summary = await page.evaluate((zip) => window.iwr.importRuns(zip, { label: 'leaderboard.zip' }), firstRaw);
      expect(summary.withManifest).toBe(true);
      expect(summary.imported.map((r) => r.runId).sort()).toEqual(firstManifest.runs.map((r) => r.id).sort());
      expect(summary.warnings).toEqual([]);
      const again = unzip(await page.evaluate(() => window.iwr.exportRuns()));
      expect(fileHashes(again)).toEqual(fileHashes(first));
      const manifest = JSON.parse(text(again['iwr-export.json']));
      expect(manifest.runs).toEqual((JSON.parse(text(first['iwr-export.json'])) as { runs: unknown }).runs);
      expect(manifest.files).toEqual(firstManifest.files);
    },
    LONG,
  );

  test(
    'importing adds: existing runs stay, a known run id is skipped or, on request, replaced',
    async () => {
      // A run that is not in the zip.
      await db(page, 'copy-run', { from: runs[`2|${MODEL_B}`]!.runId, id: 'run-local-only', model: 'local-model' });
      const onlyA = await page.evaluate((m) => window.iwr.exportRuns({ models: [m] }), MODEL_A);
      const skip = await page.evaluate((zip) => window.iwr.importRuns(zip), onlyA);
      expect(skip.imported).toEqual([]);
      expect(skip.skipped.map((s) => s.runId).sort()).toEqual([runs[`1|${MODEL_A}`]!.runId, runs[`2|${MODEL_A}`]!.runId].sort());
      expect(skip.skipped[0]!.reason).toMatch(/already stored/);
      const replace = await page.evaluate((zip) => window.iwr.importRuns(zip, { onConflict: 'replace' }), onlyA);
      expect(replace.replaced.sort()).toEqual([runs[`1|${MODEL_A}`]!.runId, runs[`2|${MODEL_A}`]!.runId].sort());
      const stored = await db<Array<{ id: string }>>(page, 'list-runs');
      expect(stored.map((r) => r.id).sort()).toEqual([...firstManifest.runs.map((r) => r.id), 'run-local-only'].sort());
      // One run alone exports to its folder.
      const one = unzip(await page.evaluate((id) => window.iwr.exportRuns({ runIds: [id] }), runs[`1|${MODEL_A}`]!.runId));
      expect(
        Object.keys(one)
          .filter((p) => !p.startsWith('reports/') && p !== 'iwr-export.json')
          .every((p) => p.startsWith('1/test__model-a/')),
      ).toBe(true);
    },
    LONG,
  );

  test(
    'an official results folder (no manifest, under a top folder) imports and exports the same results',
    async () => {
      const official: Record<string, Uint8Array> = {};
      for (const [p, b] of Object.entries(first))
        if (p !== 'iwr-export.json' && !/_metrics\.(csv|json)$/.test(p)) official[`results/${p}`] = b;
      const { context: ctx2, page: fresh } = await openApp(browser);
      try {
        const summary = await fresh.evaluate(
          (zip) => window.iwr.importRuns(zip, { label: 'official.zip', sourceId: 'samples' }),
          b64(zipSync(official)),
        );
        expect(summary.withManifest).toBe(false);
        // The report spells the model's case; the folder alone is lower-cased.
        expect(summary.imported.map((r) => `${r.task}|${r.model}`).sort()).toEqual([`1|${MODEL_A}`, `2|${MODEL_A}`, `2|${MODEL_B}`]);
        const reimport = await fresh.evaluate((zip) => window.iwr.importRuns(zip), b64(zipSync(official)));
        expect(reimport.imported).toEqual([]);
        const out = fileHashes(unzip(await fresh.evaluate(() => window.iwr.exportRuns())));
        expect(out).toEqual(fileHashes(first));
      } finally {
        await ctx2.close();
      }
    },
    LONG,
  );

  test('a key inside a file refuses the export and names the file', async () => {
    await db(page, 'copy-run', {
      from: runs[`2|${MODEL_A}`]!.runId,
      id: 'run-leaky',
      model: 'leaky',
      html: `<!doctype html><p>${KEY}</p>`,
    });
    await expect(page.evaluate(() => window.iwr.exportRuns({ runIds: ['run-leaky'] }))).rejects.toThrow(
      /2\/leaky\/index\.html contains an API key \(judge or resolver\)/,
    );
  });
});

describe('import errors name the file inside the zip', () => {
  let good: Record<string, Uint8Array>;
  beforeAll(async () => {
    good = unzip(await page.evaluate((id) => window.iwr.exportRuns({ runIds: [id] }), runs[`1|${MODEL_A}`]!.runId));
  });
  const importing = (zip: Uint8Array, label = 'bad.zip') =>
    page.evaluate(([z, l]) => window.iwr.importRuns(z, { label: l }), [b64(zip), label] as const);

  test('not a zip', async () => {
    await expect(importing(new TextEncoder().encode('hello, not a zip'), 'notes.zip')).rejects.toThrow(/notes\.zip is not a zip file/);
  });

  test('a zip without results', async () => {
    await expect(importing(zipSync({ 'readme.txt': new TextEncoder().encode('hi') }))).rejects.toThrow(
      /bad\.zip holds no <task>\/<model>\/eval\.json/,
    );
  });

  test('an eval.json with a missing field (no manifest)', async () => {
    const rec = JSON.parse(text(good['1/test__model-a/eval.json']));
    delete rec.all_dino_scores;
    const zip = zipSync({
      '1/test__model-a/eval.json': new TextEncoder().encode(JSON.stringify(rec)),
      '1/test__model-a/index.html': good['1/test__model-a/index.html']!,
    });
    await expect(importing(zip)).rejects.toThrow(/bad\.zip: 1\/test__model-a\/eval\.json: all_dino_scores is missing/);
  });

  test('a screenshot that is not a PNG', async () => {
    const zip = zipSync({
      '1/m/eval.json': good['1/test__model-a/eval.json']!,
      '1/m/evalpoints/0.png': new TextEncoder().encode('GIF89a'),
    });
    await expect(importing(zip)).rejects.toThrow(/bad\.zip: 1\/m\/evalpoints\/0\.png is not a PNG image/);
  });

  test('a file changed after export', async () => {
    const png = Object.keys(good).find((p) => p.endsWith('.png'))!;
    const changed = { ...good, [png]: new Uint8Array([...good[png]!, 0]) };
    await expect(importing(zipSync(changed))).rejects.toThrow(
      new RegExp(`bad\\.zip: ${png.replaceAll('.', '\\.')} was changed after export`),
    );
  });

  test('a broken manifest', async () => {
    await expect(importing(zipSync({ ...good, 'iwr-export.json': new TextEncoder().encode('{"format":') }))).rejects.toThrow(
      /bad\.zip: iwr-export\.json is not valid JSON/,
    );
  });

  test('a zip bomb is refused from its directory, before inflating', async () => {
    const zip = zipSync({ 'a/m/eval.json': new Uint8Array(10), 'a/m/index.html': new Uint8Array(10) });
    // Declare ~4 GiB unpacked per entry in the central directory.
    const view = new DataView(zip.buffer);
    for (let i = 0; i + 4 <= zip.length; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 0xfffffff0, true);
    await expect(importing(zip, 'bomb.zip')).rejects.toThrow(/bomb\.zip was refused: .*zip bombs/);
  });
});
