// Frame sampling on real videos in real Chromium: a webm and an mp4 recorded in the page
// (canvas + MediaRecorder), whose colour encodes the second being shown, and the sample
// suite's own video. Then generation: sheets first, frames after, streamed, post-processed
// and saved as a candidate named after the model.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launchBrowser, openApp } from './harness.ts';
import { startChatServer, type ChatServer } from '../support/chat-server.ts';

let browser: Browser;
let page: Page;
let server: ChatServer;
const videos: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startChatServer();
  ({ page } = await openApp(browser));
  // Two recordings, each about 4.6 s: second k (from k - 0.5 to k + 0.5) is painted with
  // level k, so a frame sampled at k seconds must show level k whatever the frame jitter.
  for (const type of ['video/webm;codecs=vp8', 'video/mp4;codecs=avc1']) {
    videos[type] = await page.evaluate(async (mime) => {
      if (!MediaRecorder.isTypeSupported(mime)) throw new Error(`MediaRecorder cannot record ${mime} in this Chromium`);
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const stream = canvas.captureStream(25);
      const rec = new MediaRecorder(stream, { mimeType: mime, videoBitsPerSecond: 400_000 });
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((r) => (rec.onstop = r));
      const paint = (level: number) => {
        ctx.fillStyle = `rgb(${level * 50}, ${255 - level * 50}, 128)`;
        ctx.fillRect(0, 0, 320, 180);
      };
      paint(0);
      rec.start();
      const t0 = performance.now();
      await new Promise<void>((done) => {
        const tick = () => {
          const s = (performance.now() - t0) / 1000;
          paint(Math.floor(s + 0.5));
          if (s >= 4.6) return done();
          requestAnimationFrame(tick);
        };
        tick();
      });
      rec.stop();
      await stopped;
      return URL.createObjectURL(new Blob(chunks, { type: mime.split(';')[0] }));
    }, type);
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Red level of the centre pixel of each frame, divided back into the painted second. */
async function levels(urls: string[]): Promise<number[]> {
  return page.evaluate(async (list) => {
    const out: number[] = [];
    for (const url of list) {
      const bmp = await createImageBitmap(await (await fetch(url)).blob());
      const c = new OffscreenCanvas(bmp.width, bmp.height);
      const ctx = c.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(bmp, 0, 0);
      const [r] = ctx.getImageData(bmp.width >> 1, bmp.height >> 1, 1, 1).data;
      out.push(Math.round((r ?? 0) / 50));
    }
    return out;
  }, urls);
}

for (const [label, type, method] of [
  ['webm via the demuxer', 'video/webm;codecs=vp8', 'mediabunny+webcodecs'],
  ['mp4 via the same demuxer', 'video/mp4;codecs=avc1', 'mediabunny+webcodecs'],
] as const) {
  test(`${label}: one frame per second, in order, showing the right moment`, async () => {
    const url = videos[type] ?? '';
    const out = await page.evaluate((u) => window.iwr.sampleFrames(u), url);
    expect(out.method).toBe(method);
    expect(out.duration).toBeGreaterThan(4.3);
    expect(out.duration).toBeLessThan(5.5);
    const n = Math.ceil(out.duration - 1e-6);
    expect(out.timestamps).toEqual(Array.from({ length: n }, (_, k) => k));
    expect(out.frames.map((f) => f.index)).toEqual(out.timestamps.map((_, i) => i));
    for (const f of out.frames) {
      expect(f.width).toBe(320);
      expect(f.height).toBe(180);
      expect(f.frameTime).toBeLessThanOrEqual(f.time + 1e-6); // the frame on screen at that moment
    }
    // The pictures move forward through the recording: the first second first, later
    // seconds later. (Exact levels per second are not asserted: MediaRecorder drops frames
    // on a busy machine, so the frame on screen at k s may still be one painted before k.)
    const lv = await levels(out.frames.map((f) => f.url));
    expect(lv[0]).toBe(0);
    for (let i = 1; i < lv.length; i++) expect(lv[i]).toBeGreaterThanOrEqual(lv[i - 1] ?? 0);
    expect(lv.at(-1)).toBeGreaterThanOrEqual(n - 2);

    // The <video> fallback, an independent decoder, gives the same plan and the same pictures.
    const viaElement = await page.evaluate((u) => window.iwr.sampleFrames(u, { method: 'element' }), url);
    expect(viaElement.method).toBe('video-element');
    expect(viaElement.timestamps).toEqual(out.timestamps);
    // Its frames are the ones presented after each seek (the frame callback's media time),
    // not whatever the element showed when 'seeked' fired.
    for (const f of viaElement.frames) expect(f.frameTime).toBeLessThanOrEqual(f.time + 1e-3);
    expect(await levels(viaElement.frames.map((f) => f.url))).toEqual(lv);
  });
}

test('over the cap, frames spread evenly from the first to the last frame; long edge resize', async () => {
  const url = videos['video/webm;codecs=vp8'] ?? '';
  const out = await page.evaluate((u) => window.iwr.sampleFrames(u, { maxFrames: 3, longEdge: 160 }), url);
  expect(out.plan).toMatchObject({ spread: true, cap: 3 });
  expect(out.timestamps).toHaveLength(3);
  const [t0, t1, t2] = out.timestamps as [number, number, number];
  expect(t0).toBe(0);
  expect(t2).toBeGreaterThan(out.duration - 0.2); // the last frame of the recording
  expect(t1).toBeCloseTo(t2 / 2, 5);
  expect(out.frames.map((f) => [f.width, f.height])).toEqual([
    [160, 90],
    [160, 90],
    [160, 90],
  ]);
  const lv = await levels(out.frames.map((f) => f.url));
  expect(lv[0]).toBe(0);
  expect(lv[2]).toBeGreaterThanOrEqual(4); // the end of the ~4.6 s recording
  // Sheets share the 70-image cap: 68 sheets leave room for 2 frames.
  const capped = await page.evaluate((u) => window.iwr.sampleFrames(u, { sheetCount: 68 }), url);
  expect(capped.timestamps).toHaveLength(2);
});

test('the sample suite video (data/1/video.webm) samples at 1 fps by both ways', async () => {
  const url = `${appUrl()}samples/dataset/data/1/video.webm`;
  const head = await page.evaluate(async (u) => (await fetch(u, { method: 'HEAD' })).status, url);
  expect(head, `${url} is missing from the built app`).toBe(200);
  const out = await page.evaluate((u) => window.iwr.sampleFrames(u), url);
  expect(out.container).toBe('webm');
  expect(out.method).toBe('mediabunny+webcodecs');
  expect(out.frames.length).toBe(Math.max(1, Math.ceil(out.duration - 1e-6)));
  expect(out.timestamps).toEqual(out.frames.map((_, k) => k));
  expect(out.frames[0]).toMatchObject({ width: 640, height: 400 }); // task 1 is recorded at 640x400
  const viaElement = await page.evaluate((u) => window.iwr.sampleFrames(u, { method: 'element' }), url);
  expect(viaElement.timestamps).toEqual(out.timestamps);
});

test('generation: sheets first, then frames; streamed; post-processed; saved as a candidate named after the model', async () => {
  const sheet = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 200;
    c.height = 100;
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = '#123456';
    ctx.fillRect(0, 0, 200, 100);
    return c.toDataURL('image/png');
  });
  const html =
    '<!doctype html><html><body><button class="btn">Add</button><iframe src="https://ads.test/x"></iframe><img src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_001.png" width="10" height="10"></body></html>';
  server.reset();
  server.script({ name: 'gen', match: 'rebuilding a real website', reply: `Sure!\n\`\`\`html\n${html}\n\`\`\`\nDone.`, chunkSize: 5 });
  const url = videos['video/webm;codecs=vp8'] ?? '';
  const out = await page.evaluate(
    ([u, s, base]) =>
      window.iwr.generate({
        endpoint: base,
        model: 'Org/Vision-Model-7B',
        key: 'sk-gen-test-key-xyz',
        resolution: { width: 320, height: 180 },
        video: u,
        sheets: [s, s],
        taskKey: 'test-source/1',
        retry: { maxAttempts: 1 },
      }),
    [url, sheet, server.baseUrl] as const,
  );
  const req = server.requests[0];
  expect(req?.stream).toBe(true);
  expect(req?.body.max_tokens).toBe(16384);
  expect(req?.authorization).toBe('Bearer sk-gen-test-key-xyz');
  expect(req?.text).toContain('320x180');
  expect(req?.images.slice(0, 2)).toEqual([sheet, sheet]); // the sheets, unchanged, first
  expect(req?.images).toHaveLength(2 + out.frames.length);
  expect(out.frames.length).toBe(out.video.plan.timestamps.length);
  expect(out.images).toBe(2 + out.frames.length);
  // The frames sent are the frames returned, byte for byte.
  const sent = req?.images.slice(2) ?? [];
  const returned = await page.evaluate(
    async (urls) =>
      Promise.all(
        urls.map(async (x) => {
          const b = await (await fetch(x)).blob();
          const bytes = new Uint8Array(await b.arrayBuffer());
          let bin = '';
          for (const byte of bytes) bin += String.fromCharCode(byte);
          return `data:image/png;base64,${btoa(bin)}`;
        }),
      ),
    out.frames.map((f) => f.url),
  );
  expect(returned).toEqual(sent);
  // Streamed with progress; post-processed as specified; placeholder kept.
  expect(out.progress.filter((p) => p.stage === 'streaming').length).toBeGreaterThan(5);
  expect(out.progress.at(-1)?.stage).toBe('done');
  expect(out.fenced).toBe(true);
  expect(out.iframesRemoved).toBe(1);
  expect(out.html).toBe(html.replace('<iframe src="https://ads.test/x"></iframe>', ''));
  expect(out.modelDir).toBe('org__vision-model-7b');
  const saved = await page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((res) => {
      const r = indexedDB.open('iwr-studio');
      r.onsuccess = () => res(r.result);
    });
    const v = await new Promise<Record<string, unknown> | undefined>((res) => {
      const r = db.transaction('candidates').objectStore('candidates').get(id);
      r.onsuccess = () => res(r.result as Record<string, unknown> | undefined);
    });
    db.close();
    return v;
  }, out.candidateId ?? '');
  expect(saved).toMatchObject({ taskKey: 'test-source/1', name: 'org__vision-model-7b', origin: 'generated', html: out.html });
  expect(JSON.stringify(saved)).not.toContain('sk-gen-test-key-xyz');
});
