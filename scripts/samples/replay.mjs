// Checkpoints and video, made by OUR replay of the reference page: the app's own
// window.iwr.replayHtml (official timing and scroll rule, default seed), then the
// scoring engine's selectCheckpoints picks which screenshots become step_<j>.png.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectCheckpoints } from '../../src/scoring/checkpoints.ts';
import { repoRoot, taskDataDir } from './sources.mjs';

/** Each replay state is held this long in the video, like a recording at human pace. */
export const VIDEO_HOLD_MS = 1000;
/** Low on purpose: the frames are still images, and the suite must stay small. */
export const VIDEO_BITS_PER_SECOND = 300_000;

/** The page of the build that installs window.iwr without the UI (see replay-app.html). */
export const APP_PAGE = 'scripts/samples/replay-app.html';

/**
 * Builds the app's API (same vite config, same modules as the app) into a private folder,
 * as the browser tests do, so a build never races with anyone's dist/.
 */
export async function buildApp() {
  const dist = mkdtempSync(join(tmpdir(), 'iwr-samples-dist-'));
  const { build } = await import('vite');
  await build({
    root: repoRoot,
    logLevel: 'warn',
    configFile: `${repoRoot}vite.config.ts`,
    build: { outDir: dist, emptyOutDir: true, rollupOptions: { input: join(repoRoot, APP_PAGE) } },
  });
  return dist;
}

/** @param {import('playwright-core').Page} page @param {string} url */
export async function replayAvailable(page, url) {
  await page.goto(url + APP_PAGE);
  await page.waitForFunction(() => window.iwr?.ready === true, null, { timeout: 60_000 });
  return page.evaluate(() => typeof window.iwr.replayHtml === 'function');
}

/**
 * @param {import('./sources.mjs').SampleSource} task
 * @param {string} baseUrl
 */
export const assetUrls = (task, baseUrl) =>
  Object.fromEntries(
    task.assetSources.map((f) => {
      const name = (f.split('/').pop() ?? '').replace(/\.svg$/, '.png');
      return [name, `${baseUrl}dataset/data/${task.id}/assets/${name}`];
    }),
  );

/**
 * Replays `html` for `task` in the app page; returns the summary and screenshots by number.
 * @param {import('playwright-core').Page} page
 * @param {import('./sources.mjs').SampleSource} task
 * @param {string} html
 * @param {string} baseUrl
 */
export async function replayInApp(page, task, html, baseUrl) {
  const input = { task: /** @type {any} */ (task.record), html, assetUrls: assetUrls(task, baseUrl) };
  const out = await page.evaluate((i) => window.iwr.replayHtml(i), input);
  /** @type {string[]} base64 PNG per screenshot number */
  const shots = [];
  for (const r of out.records) if (r.status === 'ok' && r.screenshot) shots[r.k] = r.screenshot;
  return { summary: out.summary, records: out.records, shots };
}

/**
 * Writes checkpoints/step_<j>.png and video.webm for one task; returns the written files
 * relative to public/samples/. Throws, naming the task and step, when the reference does
 * not replay to the end: a sample whose own reference fails is a broken sample.
 * @param {import('playwright-core').Page} page  the app page
 * @param {import('./sources.mjs').SampleSource} task
 * @param {string} html  the reference page
 * @param {string} baseUrl
 * @returns {Promise<string[]>}
 */
export async function recordTask(page, task, html, baseUrl) {
  const { summary, records, shots } = await replayInApp(page, task, html, baseUrl);
  const steps = task.record.action_sequence;
  if (summary.done !== steps.length) {
    const failed = records.find((r) => r.status === 'failed');
    throw new Error(
      `samples: task ${task.id} (${task.slug}): the reference stopped at step ${summary.failedAt} of ${steps.length}: ${summary.reason ?? failed?.reason ?? 'no reason given'}`,
    );
  }
  const dir = taskDataDir(task.id);
  const cpDir = join(dir, 'checkpoints');
  rmSync(cpDir, { recursive: true, force: true });
  mkdirSync(cpDir, { recursive: true });
  const { pairs } = selectCheckpoints(/** @type {any} */ (steps), summary.done, []);
  /** @type {string[]} */
  const files = [];
  for (const pair of pairs) {
    const png = shots[pair.screenshot];
    if (!png) throw new Error(`samples: task ${task.id}: the replay has no screenshot ${pair.screenshot}`);
    writeFileSync(join(cpDir, `step_${pair.checkpoint}.png`), Buffer.from(png, 'base64'));
    files.push(`dataset/data/${task.id}/checkpoints/step_${pair.checkpoint}.png`);
  }
  const [w, h] = String(task.record.recording_details.resolution).split('x').map(Number);
  const webm = await page.evaluate(encodeVideo, {
    frames: shots,
    width: w ?? 1280,
    height: h ?? 720,
    holdMs: VIDEO_HOLD_MS,
    bits: VIDEO_BITS_PER_SECOND,
  });
  writeFileSync(join(dir, 'video.webm'), Buffer.from(webm, 'base64'));
  files.push(`dataset/data/${task.id}/video.webm`);
  return files;
}

/**
 * Runs in the app page: draws each screenshot on a canvas at the task resolution and records
 * the canvas with MediaRecorder (real time: each state is on screen for holdMs).
 * @param {{ frames: string[], width: number, height: number, holdMs: number, bits: number }} a
 * @returns {Promise<string>} base64 WebM
 */
async function encodeVideo(a) {
  const canvas = document.createElement('canvas');
  canvas.width = a.width;
  canvas.height = a.height;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, a.width, a.height);
  const stream = canvas.captureStream(10);
  const mime = MediaRecorder.isTypeSupported('video/webm;codecs=vp9') ? 'video/webm;codecs=vp9' : 'video/webm';
  const rec = new MediaRecorder(stream, { mimeType: mime, videoBitsPerSecond: a.bits });
  /** @type {Blob[]} */
  const chunks = [];
  rec.ondataavailable = (e) => {
    if (e.data.size) chunks.push(e.data);
  };
  const stopped = new Promise((r) => {
    rec.onstop = r;
  });
  const images = await Promise.all(
    a.frames.map(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      return img;
    }),
  );
  rec.start();
  for (const img of images) {
    const until = performance.now() + a.holdMs;
    // Redraw while holding so the stream keeps producing frames for the encoder.
    while (performance.now() < until) {
      ctx.drawImage(img, 0, 0, a.width, a.height);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  rec.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
