// Task sources in real Chromium: the built-in samples, a folder (webkitdirectory input and a
// real folder drag-and-drop), a zip built here, and a URL served by a server this file starts
// and stops; everything cached in IndexedDB is read back after a reload with the server gone.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { startServer } from '../../scripts/serve.mjs';
import { appUrl, launchBrowser, openApp } from './harness.ts';

const fixtures = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));
const HOVER = 'data.jsonl line 2: action_sequence[0].type "Hover" is not one of Click, Type, Press, Scroll';

let browser: Browser;
let scratch: string;
beforeAll(async () => {
  browser = await launchBrowser();
  scratch = mkdtempSync(join(tmpdir(), 'iwr-sources-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

function filesOf(dir: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p).split('\\').join('/')] = new Uint8Array(readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

/** A zip of a fixture dataset, inside a top folder as "Compress folder" makes it. */
function zipOf(dataset: string, top = 'dataset/'): Buffer {
  const files = Object.fromEntries(Object.entries(filesOf(join(fixtures, dataset))).map(([k, v]) => [top + k, v]));
  return Buffer.from(zipSync(files));
}

/** The zip with its first two entries declaring ~4 GiB each (central directory only; nothing else changes). */
function sizeBomb(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  let patched = 0;
  for (let i = 0; i < out.length - 4 && patched < 2; i++) {
    if (out.readUInt32LE(i) === 0x02014b50) {
      out.writeUInt32LE(0xfffffff0, i + 24);
      patched++;
    }
  }
  return out;
}

/** The zip re-ended with a zip64 end record declaring 100,001 entries. */
function countBomb(zip: Buffer): Buffer {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  const z64 = Buffer.alloc(56);
  z64.writeUInt32LE(0x06064b50, 0);
  z64.writeBigUInt64LE(44n, 4);
  z64.writeUInt16LE(45, 12);
  z64.writeUInt16LE(45, 14);
  z64.writeBigUInt64LE(100_001n, 24);
  z64.writeBigUInt64LE(100_001n, 32);
  z64.writeBigUInt64LE(BigInt(cdSize), 40);
  z64.writeBigUInt64LE(BigInt(cdOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(eocd), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.from(zip.subarray(eocd, eocd + 22));
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  return Buffer.concat([zip.subarray(0, eocd), z64, locator, end]);
}

async function sourcesPage(context?: BrowserContext): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await openApp(browser, { path: '#/sources', ...(context ? { context } : {}) });
  await opened.page.getByTestId('sources-panel').waitFor();
  return opened;
}

/** Rows in the `files` store for one source, read straight from IndexedDB. */
function storedFileCount(page: Page, sourceId: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const req = indexedDB.open('iwr-studio');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const r = req.result.transaction('files').objectStore('files').index('bySource').count(IDBKeyRange.only(id));
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        };
      }),
    sourceId,
  );
}

const problemLines = (ps: Array<{ file: string; line?: number; path?: string; message: string }>) =>
  ps.map((p) => `${p.line !== undefined ? `${p.file} line ${p.line}` : p.file}: ${p.path ? `${p.path} ` : ''}${p.message}`);

describe('built-in samples', () => {
  test('the example task 1 loads and opens with no problems', async () => {
    const { page, context } = await openApp(browser);
    const sources = await page.evaluate(() => window.iwr.listSources());
    expect(sources[0]).toMatchObject({ id: 'samples', kind: 'samples' });
    const { tasks, problems } = await page.evaluate(() => window.iwr.loadSource('samples'));
    expect(problems).toEqual([]);
    const t1 = tasks.find((t) => t.id === '1');
    expect(t1?.resolution).toEqual({ width: 640, height: 400 });
    expect(t1?.flaggedSteps).toBe(2);
    const opened = await page.evaluate(() => window.iwr.openTask('samples', '1'));
    expect(opened.problems).toEqual([]);
    expect(opened.files).toEqual({
      video: 'video.webm',
      checkpoints: ['checkpoints/step_0.png', 'checkpoints/step_1.png', 'checkpoints/step_2.png'],
      stitched: ['stitched_assets/stitched_image.png'],
      assets: ['assets/asset_001.png', 'assets/asset_002.png'],
      metadata: 'metadata.json',
      // Judge-free checks beside the official files (src/checks).
      checks: 'checks.json',
    });
    // The files are real: the checkpoint decodes at the task's resolution, the video plays.
    const size = await page.evaluate(async () => {
      const bmp = await createImageBitmap(await window.iwr.getTaskFile('samples', '1', 'checkpoints/step_0.png'));
      return [bmp.width, bmp.height];
    });
    expect(size).toEqual([640, 400]);
    const duration = await page.evaluate(async () => {
      const v = document.createElement('video');
      v.src = URL.createObjectURL(await window.iwr.getTaskFile('samples', '1', 'video.webm'));
      await new Promise((res, rej) => {
        v.onloadeddata = res;
        v.onerror = () => rej(new Error('video does not decode'));
      });
      return v.videoWidth;
    });
    expect(duration).toBe(640);
    await expect(page.evaluate(() => window.iwr.getTaskFile('samples', '1', 'nope.png'))).rejects.toThrow(
      /data\/1\/nope\.png does not exist in Built-in samples/,
    );
    await context.close();
  });
});

describe('local folder', () => {
  test('the folder input lists tasks with their problems; opened files survive a reload', async () => {
    const { page, context } = await sourcesPage();
    await page.getByTestId('folder-input').setInputFiles(join(fixtures, 'broken'));
    const panel = page.getByTestId('sources-panel');
    await panel.getByText('3 tasks, 2 problems in data.jsonl').waitFor();
    await panel.getByText(HOVER).waitFor();
    await panel.getByText(/data\.jsonl line 3: is not valid JSON .*; line skipped/).waitFor();
    await panel.getByText('data.jsonl line 4: id 1 is a duplicate of line 1; line skipped').waitFor();

    const task3 = panel.locator('[data-task-id="3"]');
    await task3.getByRole('button', { name: 'Open' }).click();
    await task3.getByText('data/3/video.mp4: missing (no video.mp4 or video.webm)').waitFor();
    await task3.getByText(/data\/3\/checkpoints\/step_1\.png: is not a readable image/).waitFor();
    await task3
      .getByText('data/3/checkpoints/step_2.png: missing (the reference after flagged step 2 of 2; 3 checkpoints expected)')
      .waitFor();
    // metadata.json supplied the resolution data.jsonl lacked, so no "missing" warning remains.
    await expect(task3.getByText(/recording_details\.resolution is missing/).count()).resolves.toBe(0);
    await task3.getByText('640x400').waitFor();

    const folder = (await page.evaluate(() => window.iwr.listSources())).find((s) => s.kind === 'folder');
    expect(folder?.label).toBe('broken');
    expect(folder?.attached).toBe(true);
    await page.close();

    // After a reload the browser no longer gives us the folder: what was read comes from IndexedDB.
    const again = await sourcesPage(context);
    const id = folder!.id;
    const reloaded = await again.page.evaluate((sid) => window.iwr.listSources().then((l) => l.find((s) => s.id === sid)), id);
    expect(reloaded?.attached).toBe(false);
    const { tasks } = await again.page.evaluate((sid) => window.iwr.loadSource(sid), id);
    expect(tasks.map((t) => t.id)).toEqual(['1', '3', '4']);
    const t3 = await again.page.evaluate((sid) => window.iwr.openTask(sid, '3'), id);
    expect(problemLines(t3.problems)).toContain(HOVER);
    expect(t3.files.checkpoints).toEqual(['checkpoints/step_0.png', 'checkpoints/step_1.png']);
    // Task 1 was never opened, so its files were never copied: the error says what to do.
    const t1 = await again.page.evaluate((sid) => window.iwr.openTask(sid, '1'), id);
    expect(problemLines(t1.problems)[0]).toMatch(
      /^data\/1\/\S+: cannot be read: broken\/data\/1\/\S+ has not been read in this browser before and the folder is no longer open: add the folder again to read it$/,
    );
    await context.close();
  });

  test('a folder dropped on the panel is walked and loaded', async () => {
    const { page, context } = await sourcesPage();
    const zone = page.getByTestId('source-drop');
    const box = (await zone.boundingBox())!;
    // A real OS-level drop of a folder, through the DevTools protocol (the page sees directory entries).
    const cdp = await context.newCDPSession(page);
    const data = { items: [], files: [join(fixtures, 'clean')], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await cdp.send('Input.dispatchDragEvent', { type, x: box.x + box.width / 2, y: box.y + box.height / 2, data });
    }
    await page.getByTestId('sources-panel').getByText('1 task').waitFor();
    const folder = (await page.evaluate(() => window.iwr.listSources())).find((s) => s.kind === 'folder');
    expect(folder?.label).toBe('clean');
    const opened = await page.evaluate((sid) => window.iwr.openTask(sid, '1'), folder!.id);
    expect(opened.problems).toEqual([]);
    expect(opened.files.video).toBe('video.webm');
    await context.close();
  });

  test('a folder without data.jsonl is refused with one clear line', async () => {
    const { page, context } = await sourcesPage();
    await page.getByTestId('folder-input').setInputFiles(join(fixtures, 'not-a-dataset'));
    await expect(page.getByTestId('source-error').textContent()).resolves.toContain(
      'The folder "not-a-dataset" is not a dataset: it has no data.jsonl',
    );
    await context.close();
  });
});

describe('zip', () => {
  test('a zip built here loads, survives a reload, and removing it frees its storage', async () => {
    const { page, context } = await sourcesPage();
    await page.getByTestId('zip-input').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: zipOf('broken') });
    await page.getByTestId('sources-panel').getByText(HOVER).waitFor();
    const zip = (await page.evaluate(() => window.iwr.listSources())).find((s) => s.kind === 'zip')!;
    expect(zip.label).toBe('broken.zip');
    expect(zip.storedBytes).toBe(zipOf('broken').length);
    await page.close();

    const again = await sourcesPage(context);
    const t1 = await again.page.evaluate((sid) => window.iwr.openTask(sid, '1'), zip.id);
    expect(t1.problems).toEqual([]);
    const t4 = await again.page.evaluate((sid) => window.iwr.openTask(sid, '4'), zip.id);
    expect(problemLines(t4.problems)).toEqual(['data/4/: task folder is missing or empty']);
    const png = await again.page.evaluate(async (sid) => {
      const b = await window.iwr.getTaskFile(sid, '1', 'checkpoints/step_2.png');
      const bmp = await createImageBitmap(b);
      return [b.size, bmp.width];
    }, zip.id);
    expect(png).toEqual([statSync(join(fixtures, 'broken/data/1/checkpoints/step_2.png')).size, 640]);

    expect(await storedFileCount(again.page, zip.id)).toBe(1);
    await again.page
      .locator(`[data-source-id="${zip.id}"]`)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect.poll(() => again.page.evaluate(() => window.iwr.listSources().then((l) => l.length))).toBe(1);
    expect(await storedFileCount(again.page, zip.id)).toBe(0);
    await context.close();
  });

  test('zip bombs are refused from the central directory, before inflating', async () => {
    const { page, context } = await sourcesPage();
    await page.getByTestId('zip-input').setInputFiles({ name: 'huge.zip', mimeType: 'application/zip', buffer: sizeBomb(zipOf('clean')) });
    const error = page.getByTestId('source-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('huge.zip was refused: its entries declare more than 4.0 GB unpacked');
    expect(await error.textContent()).toContain('treated as zip bombs');

    const many = countBomb(zipOf('clean'));
    const message = await page.evaluate(
      async (bytes) => {
        try {
          await window.iwr.addZipSource(new Blob([new Uint8Array(bytes)]), 'many.zip');
          return 'accepted';
        } catch (err) {
          return (err as Error).message;
        }
      },
      [...many],
    );
    expect(message).toContain('many.zip was refused: it declares 100,001 entries');
    // Nothing was stored for either.
    expect((await page.evaluate(() => window.iwr.listSources())).map((s) => s.kind)).toEqual(['samples']);
    await context.close();
  });

  test('a zip larger than the browser will store gets a clear quota message', async () => {
    const { page, context } = await sourcesPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(appUrl()).origin, quotaSize: 40_000 });
    await page.getByTestId('zip-input').setInputFiles({ name: 'big.zip', mimeType: 'application/zip', buffer: zipOf('clean') });
    const error = page.getByTestId('source-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(
      /big\.zip is \d+ KB, more than this browser will store for this site \(.* free\)\. Unpack it and add the folder instead/,
    );
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(appUrl()).origin });
    await context.close();
  });
});

describe('URL', () => {
  test('a served dataset loads lazily with progress, and works offline after the server stops', async () => {
    const copy = join(scratch, 'served');
    cpSync(join(fixtures, 'broken'), copy, { recursive: true });
    // "/" has no manifest.json, but the server lists folders (as python's http.server does), and
    // the task files are found from those listings; "/m/" is a mount, which gets a generated manifest.
    const server = await startServer({ root: copy, mounts: { '/m/': copy }, listings: true });
    const probeUrl = server.url;
    const manifestUrl = `${server.url}m/`;
    const { page, context } = await sourcesPage();
    const requests: string[] = [];
    const misses: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(server.url)) requests.push(r.url().slice(server.url.length));
    });
    page.on('response', (r) => {
      if (r.url().startsWith(server.url) && r.status() >= 400) misses.push(`${r.status()} ${r.url().slice(server.url.length)}`);
    });

    await page.getByLabel('Dataset URL').fill(probeUrl);
    await page.getByRole('button', { name: 'Add URL' }).click();
    await page.getByTestId('sources-panel').getByText(HOVER).waitFor();
    // data.jsonl first; no task file before a task is opened.
    expect(requests.filter((r) => r.startsWith('data/'))).toEqual([]);

    await page.evaluate(() => {
      const w = window as unknown as { sawProgress: boolean };
      w.sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('[role=progressbar][aria-label^="Opening task"]')) w.sawProgress = true;
      }).observe(document.body, { subtree: true, childList: true });
    });
    const task3 = page.locator('[data-task-id="3"]');
    await task3.getByRole('button', { name: 'Open' }).click();
    await task3.getByText('data/3/video.mp4: missing (no video.mp4 or video.webm)').waitFor();
    expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
    expect(requests.some((r) => r.startsWith('data/3/'))).toBe(true);
    expect(requests.some((r) => r.startsWith('data/1/'))).toBe(false);

    const probe = (await page.evaluate(() => window.iwr.listSources())).find((s) => s.url === probeUrl)!;
    const t1 = await page.evaluate((sid) => window.iwr.openTask(sid, '1'), probe.id);
    expect(t1.problems).toEqual([]);
    expect(t1.files.assets).toEqual(['assets/asset_001.png', 'assets/asset_002.png']);

    const viaManifest = await page.evaluate((u) => window.iwr.addUrlSource(u), manifestUrl);
    const m3 = await page.evaluate((sid) => window.iwr.openTask(sid, '3'), viaManifest.id);
    expect(problemLines(m3.problems)).toEqual([
      HOVER,
      'data/3/video.mp4: missing (no video.mp4 or video.webm)',
      'data/3/checkpoints/step_2.png: missing (the reference after flagged step 2 of 2; 3 checkpoints expected)',
      'data/3/checkpoints/step_1.png: is not a readable image (The source image could not be decoded.)',
    ]);
    expect(m3.task.resolutionFrom).toBe('metadata.json');
    expect(m3.task.record.extra_field).toEqual({ kept: true });
    // No name was guessed: the one request that missed is the manifest, asked for once; each
    // folder was listed once (data/ for the source, then each opened task's folders).
    expect(misses).toEqual(['404 manifest.json']);
    expect(requests.filter((r) => r.endsWith('/')).sort()).toEqual([
      'data/',
      'data/1/',
      'data/1/assets/',
      'data/1/checkpoints/',
      'data/1/stitched_assets/',
      'data/3/',
      'data/3/assets/',
      'data/3/checkpoints/',
      'data/3/stitched_assets/',
    ]);
    await page.close();
    await server.close();

    // Offline: everything read before comes from IndexedDB.
    const again = await sourcesPage(context);
    const tasks = await again.page.evaluate((sid) => window.iwr.loadSource(sid).then((d) => d.tasks.map((t) => t.id)), probe.id);
    expect(tasks).toEqual(['1', '3', '4']);
    const offline1 = await again.page.evaluate((sid) => window.iwr.openTask(sid, '1'), probe.id);
    expect(offline1.problems).toEqual([]);
    const bytes = await again.page.evaluate((sid) => window.iwr.getTaskFile(sid, '1', 'video.webm').then((b) => b.size), probe.id);
    expect(bytes).toBe(statSync(join(copy, 'data/1/video.webm')).size);
    // The manifest was cached too, so even a never-opened task folder is listed offline.
    const m4 = await again.page.evaluate((sid) => window.iwr.openTask(sid, '4'), viaManifest.id);
    expect(problemLines(m4.problems)).toEqual(['data/4/: task folder is missing or empty']);
    // Without a manifest, a never-opened task needs the server's listing: the error names the URL.
    const err = await again.page.evaluate(
      (sid) =>
        window.iwr.openTask(sid, '4').then(
          () => 'opened',
          (e: Error) => e.message,
        ),
      probe.id,
    );
    expect(err).toMatch(new RegExp(`^${probeUrl.replace(/[.]/g, '\\.')}data/ did not answer`));

    // Removing frees the cached files.
    expect(await storedFileCount(again.page, probe.id)).toBeGreaterThan(5);
    await again.page.evaluate((sid) => window.iwr.removeSource(sid), probe.id);
    expect(await storedFileCount(again.page, probe.id)).toBe(0);
    await context.close();
  });

  test('a plain static host: without a manifest or folder listings the error says how to fix it; with the written manifest nothing misses', async () => {
    const copy = join(scratch, 'plain');
    cpSync(join(fixtures, 'clean'), copy, { recursive: true });
    const server = await startServer({ root: copy });
    const { page, context } = await sourcesPage();
    const misses: string[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(server.url) && r.status() >= 400) misses.push(r.url().slice(server.url.length));
    });
    try {
      const plain = await page.evaluate((u) => window.iwr.addUrlSource(u), server.url);
      const err = await page.evaluate(
        (sid) =>
          window.iwr.openTask(sid, '1').then(
            () => 'opened',
            (e: Error) => e.message,
          ),
        plain.id,
      );
      expect(err).toContain(`${server.url} has no manifest.json and its server does not list folders`);
      expect(err).toContain('node scripts/write-manifest.mjs');
      // Two questions, no guessed file name: the manifest and the data/ folder's listing.
      expect(misses.sort()).toEqual(['data/', 'manifest.json']);
      await page.evaluate((sid) => window.iwr.removeSource(sid), plain.id);

      // The script writes the manifest; the same host now opens the task with no request missing.
      const out = execFileSync(process.execPath, ['scripts/write-manifest.mjs', copy], { encoding: 'utf8' });
      expect(out).toMatch(/Wrote .*manifest\.json: \d+ files\./);
      const listed = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8')) as string[];
      expect(listed).toContain('data.jsonl');
      expect(listed).toContain('data/1/video.webm');
      misses.length = 0;
      const withManifest = await page.evaluate((u) => window.iwr.addUrlSource(u), server.url);
      const t1 = await page.evaluate((sid) => window.iwr.openTask(sid, '1'), withManifest.id);
      expect(t1.problems).toEqual([]);
      expect(misses).toEqual([]);
    } finally {
      await context.close();
      await server.close();
    }
  });

  test('a URL that does not answer gets an error naming it', async () => {
    const { page, context } = await sourcesPage();
    // A port that was just free: nothing listens there.
    const closed = await startServer({ root: scratch });
    await closed.close();
    const url = `${closed.url}dataset/`;
    await page.getByLabel('Dataset URL').fill(url);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const error = page.getByTestId('source-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(`${url}data.jsonl did not answer`);

    // A server that accepts the connection but never answers: the timeout names the URL too.
    const silent: Server = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const port = (silent.address() as { port: number }).port;
    const message = await page.evaluate(
      (u) =>
        window.iwr.addUrlSource(u, { timeoutMs: 2000 }).then(
          () => 'added',
          (e: Error) => e.message,
        ),
      `http://127.0.0.1:${port}/ds/`,
    );
    expect(message).toBe(`http://127.0.0.1:${port}/ds/data.jsonl did not answer within 2 s`);
    silent.closeAllConnections();
    silent.close();

    // A server that answers but has no data.jsonl there.
    const empty = await startServer({ root: join(fixtures, 'not-a-dataset') });
    const notDataset = await page.evaluate(
      (u) =>
        window.iwr.addUrlSource(u).then(
          () => 'added',
          (e: Error) => e.message,
        ),
      empty.url,
    );
    expect(notDataset).toBe(`${empty.url} is not a dataset: ${empty.url}data.jsonl was not found`);
    await empty.close();
    expect((await page.evaluate(() => window.iwr.listSources())).map((s) => s.kind)).toEqual(['samples']);
    await context.close();
  });
});
