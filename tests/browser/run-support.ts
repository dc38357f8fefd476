// Helpers for the run-engine browser tests (run-*.test.ts, hostile-*.test.ts): build a
// task, replay a page through window.iwr, compare PNGs inside the app page.
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { SerialRecord } from '../../src/api/run.ts';
import type { ReplaySummary } from '../../src/run/types.ts';

export function fixturePage(name: string): string {
  return readFileSync(new URL(`../fixtures/pages/${name}`, import.meta.url), 'utf8');
}

export interface StepSpec {
  type: string;
  description?: string;
  text?: string;
  key?: string;
  direction?: string;
  scroll_page?: boolean;
}

export function task(steps: StepSpec[], resolution = '800x600', id = 1) {
  return {
    id,
    source_website: 'test',
    classification: {},
    recording_details: { resolution },
    action_sequence: steps.map(({ type, ...parameters }) => ({ type, parameters, visual_evaluation_flag: true, logical_assertion: null })),
  };
}

export interface ReplayOut {
  summary: ReplaySummary;
  records: SerialRecord[];
}

export async function replayPage(
  page: Page,
  html: string,
  t: ReturnType<typeof task>,
  options: Record<string, unknown> = {},
  assetUrls: Record<string, string> = {},
): Promise<ReplayOut> {
  // Checks travel beside the options (entries of a checks.json), as window.iwr.replayHtml takes them.
  const { checks, ...rest } = options;
  return page.evaluate(
    ({ html, t, options, assetUrls, checks }) =>
      window.iwr.replayHtml({ task: t, html, assetUrls, options, ...(checks ? { checks } : {}) }),
    {
      html,
      t,
      options: rest,
      assetUrls,
      checks: checks as never,
    },
  ) as Promise<ReplayOut>;
}

/** Text of inspect selector `i` after record `k`. */
export function seen(out: ReplayOut, k: number, i = 0): string | undefined {
  return out.records[k]?.inspect?.[i]?.text;
}

/**
 * True when the app answers a trivial evaluate. Not a timing assertion: the limit only
 * turns a hung app into a failure instead of a stuck test (a frame blocking the app would
 * block it for the whole step limit or forever).
 */
export async function appAnswers(page: Page, hangMs = 10_000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<false>((r) => {
    timer = setTimeout(() => r(false), hangMs);
  });
  try {
    return await Promise.race([page.evaluate(() => 1 + 1).then((v) => v === 2), hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ordering, not timing: while `running` is busy with a hostile frame, the app answers first. */
export async function appAnswersBefore(page: Page, running: Promise<unknown>): Promise<boolean> {
  const first = await Promise.race([page.evaluate(() => 'app' as const), running.then(() => 'replay' as const)]);
  return first === 'app';
}

/** Fraction of pixels whose largest channel difference exceeds `tolerance` (0..255), computed in the app page. */
export async function pixelDiff(
  page: Page,
  a: string,
  b: string,
  tolerance = 48,
): Promise<{ fraction: number; width: number; height: number; sizeMatch: boolean }> {
  return page.evaluate(
    async ({ a, b, tolerance }) => {
      const load = async (b64: string) => createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
      const [ia, ib] = await Promise.all([load(a), load(b)]);
      const w = Math.min(ia.width, ib.width);
      const h = Math.min(ia.height, ib.height);
      const read = (img: ImageBitmap) => {
        const c = new OffscreenCanvas(w, h);
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, w, h).data;
      };
      const da = read(ia);
      const db = read(ib);
      let diff = 0;
      for (let i = 0; i < da.length; i += 4) {
        const d = Math.max(Math.abs(da[i]! - db[i]!), Math.abs(da[i + 1]! - db[i + 1]!), Math.abs(da[i + 2]! - db[i + 2]!));
        if (d > tolerance) diff++;
      }
      return { fraction: diff / (w * h), width: w, height: h, sizeMatch: ia.width === ib.width && ia.height === ib.height };
    },
    { a, b, tolerance },
  );
}

/** A solid-colour PNG as a data: URL (tiny encoder: one IDAT, filter 0). */
export function pngDataUrl(width: number, height: number, rgb: [number, number, number]): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const png = Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A font file from the system (Chromium on Debian depends on fonts-dejavu). */
export function fontDataUrl(): string {
  const candidates = [
    '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    '/usr/share/fonts/TTF/DejaVuSans.ttf',
  ];
  for (const path of candidates) {
    try {
      return `data:font/ttf;base64,${readFileSync(path).toString('base64')}`;
    } catch {
      /* next */
    }
  }
  throw new Error(`no TrueType font found for the font-asset test (looked in ${candidates.join(', ')})`);
}

/** A short WebM recorded from a canvas in the app page (MediaRecorder), as a data: URL. */
export async function webmDataUrl(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 48;
    const g = c.getContext('2d')!;
    const stream = c.captureStream(10);
    const rec = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const parts: Blob[] = [];
    rec.ondataavailable = (e) => parts.push(e.data);
    const done = new Promise((r) => (rec.onstop = r));
    rec.start();
    for (let i = 0; i < 8; i++) {
      g.fillStyle = i % 2 ? '#c00' : '#0c0';
      g.fillRect(0, 0, 64, 48);
      await new Promise((r) => setTimeout(r, 60));
    }
    rec.stop();
    await done;
    const buf = new Uint8Array(await new Blob(parts, { type: 'video/webm' }).arrayBuffer());
    let bin = '';
    for (const b of buf) bin += String.fromCharCode(b);
    return `data:video/webm;base64,${btoa(bin)}`;
  });
}

/** A server on another port standing for "the internet": it counts every request it gets. */
export async function externalServer(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('ok');
  });
  server.on('upgrade', (req, socket) => {
    hits.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Number of sandbox frames still in the app page (a finished or killed run leaves none). */
export function sandboxFrames(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelectorAll('iframe[data-iwr-sandbox]').length);
}
