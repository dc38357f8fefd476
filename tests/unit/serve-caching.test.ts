// scripts/serve.mjs caches as a static host should (issue 20): validators on every file and
// 304 when they still match, a year's `immutable` for the build's hashed assets/, `no-cache`
// for the rest, gzip for text when asked, and ranges left uncompressed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { IMMUTABLE, startServer } from '../../scripts/serve.mjs';

let dir: string;
let server: Awaited<ReturnType<typeof startServer>>;
const script = `export const text = ${JSON.stringify('hello '.repeat(400))};\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'iwr-serve-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>x</title>${'<p>page</p>'.repeat(100)}`);
  writeFileSync(join(dir, 'assets/index-AbCd1234.js'), script);
  writeFileSync(join(dir, 'video.webm'), Buffer.alloc(4096, 7));
  server = await startServer({ root: dir });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serve.mjs caching', () => {
  test('hashed assets are immutable for a year, the rest revalidated', async () => {
    const asset = await fetch(`${server.url}assets/index-AbCd1234.js`);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    const page = await fetch(server.url);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    for (const r of [asset, page]) {
      expect(r.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+(-gz)?"$/);
      expect(r.headers.get('last-modified')).toMatch(/GMT$/);
    }
  });

  test('a matching ETag or date gets 304 with no body; a changed file gets 200 again', async () => {
    const first = await fetch(`${server.url}index.html`);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    await first.arrayBuffer();
    const byTag = await fetch(`${server.url}index.html`, { headers: { 'if-none-match': etag } });
    expect(byTag.status).toBe(304);
    expect((await byTag.arrayBuffer()).byteLength).toBe(0);
    expect(byTag.headers.get('etag')).toBe(etag);
    const byDate = await fetch(`${server.url}index.html`, { headers: { 'if-modified-since': lastModified } });
    expect(byDate.status).toBe(304);
    // The file changes: the old validators no longer match.
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>changed</title>');
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dir, 'index.html'), later, later);
    const stale = await fetch(`${server.url}index.html`, { headers: { 'if-none-match': etag } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain('changed');
    const staleDate = await fetch(`${server.url}index.html`, { headers: { 'if-modified-since': lastModified } });
    expect(staleDate.status).toBe(200);
  });

  test('text is gzipped for clients that accept it; ranges and media are sent as they are', async () => {
    // Node's fetch decompresses by itself; the raw socket view is the header and the length.
    const { request } = await import('node:http');
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${server.url}assets/index-AbCd1234.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      })
        .on('error', reject)
        .end();
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.body.length).toBeLessThan(script.length / 4);
    expect(gunzipSync(raw.body).toString()).toBe(script);
    const plain = await fetch(`${server.url}assets/index-AbCd1234.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const range = await fetch(`${server.url}video.webm`, { headers: { range: 'bytes=0-99', 'accept-encoding': 'gzip' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-encoding')).toBeNull();
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  });
});
