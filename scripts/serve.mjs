// A tiny static file server for the built app: `npm start`, the browser tests and the
// CLI all use it, so the app is always exercised as a static site would serve it.
// Optional extra mounts expose a local dataset folder over HTTP (the CLI's --data),
// which the app then reads through its ordinary URL source.
//
// Caching as a static host should do it: every file has validators (ETag, Last-Modified)
// and a conditional request that still matches gets 304; the build's content-hashed files
// under assets/ may be kept for a year without asking again (`immutable`); everything else
// is `no-cache` (kept, but revalidated before use). Text, JSON and WASM are gzipped for
// clients that accept it (once per file version, kept in memory).
import { createServer } from 'node:http';
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** @type {Record<string, string>} */
const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.onnx': 'application/octet-stream',
  '.gz': 'application/gzip',
  '.zip': 'application/zip',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Types worth compressing (images, video and archives are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.jsonl', '.svg', '.wasm', '.md', '.txt', '.ttf', '.otf']);
/** Vite names every file under assets/ after its content, so a URL there never changes meaning. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** @type {Map<string, { key: string, body: Buffer }>} */
const gzipped = new Map();
/** @param {string} file @param {string} key  size and mtime: a changed file is compressed again */
function gzipOf(file, key) {
  const hit = gzipped.get(file);
  if (hit?.key === key) return hit.body;
  const body = gzipSync(readFileSync(file));
  gzipped.set(file, { key, body });
  return body;
}

/**
 * Whether a conditional request still matches the file: If-None-Match (any of its tags),
 * else If-Modified-Since at one-second resolution, as HTTP dates have.
 * @param {import('node:http').IncomingHttpHeaders} headers @param {string[]} etags @param {number} mtimeMs
 */
export function notModified(headers, etags, mtimeMs) {
  const inm = headers['if-none-match'];
  if (inm) return inm.split(',').some((t) => t.trim() === '*' || etags.includes(t.trim().replace(/^W\//, '')));
  const ims = Date.parse(headers['if-modified-since'] ?? '');
  return Number.isFinite(ims) && Math.floor(mtimeMs / 1000) * 1000 <= ims;
}

/**
 * Every file below `dir`, as sorted relative paths with forward slashes (hidden entries skipped).
 * @param {string} dir
 * @returns {string[]}
 */
export function listFiles(dir) {
  /** @type {string[]} */
  const out = [];
  /** @param {string} sub */
  const walk = (sub) => {
    for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (e.isFile()) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** @param {string} s */
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `listings`: a folder without index.html answers with a page listing its entries, as python's
 * http.server and nginx's autoindex do (off by default: the app and the CLI serve manifests).
 * @param {{ root: string, port?: number, host?: string, mounts?: Record<string, string>, crossOriginIsolated?: boolean, log?: boolean, listings?: boolean }} opts
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export function startServer(opts) {
  const root = resolve(opts.root);
  /** @type {Array<[string, string]>} */
  const mounts = Object.entries(opts.mounts ?? {}).map(([prefix, dir]) => [prefix.replace(/\/?$/, '/'), resolve(dir)]);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('bad path');
      return;
    }
    let base = root;
    let rel = pathname;
    let mounted = false;
    for (const [prefix, dir] of mounts) {
      if (pathname.startsWith(prefix)) {
        base = dir;
        rel = pathname.slice(prefix.length - 1);
        mounted = true;
        break;
      }
    }
    // A mounted dataset folder without its own manifest.json gets a generated one: the app's
    // URL source lists task folders from it (a static server cannot list directories).
    if (mounted && rel === '/manifest.json' && !existsSync(join(base, 'manifest.json'))) {
      const body = JSON.stringify(listFiles(base));
      res.writeHead(200, {
        'content-type': MIME['.json'],
        'cache-control': 'no-cache',
        'access-control-allow-origin': '*',
        'content-length': Buffer.byteLength(body),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const file = normalize(join(base, rel));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    let target = file;
    if (existsSync(target) && statSync(target).isDirectory()) {
      target = join(target, 'index.html');
      if (opts.listings && !existsSync(target) && pathname.endsWith('/')) {
        // A folder listing page as python's http.server writes one (tests stand in such hosts with it).
        const links = readdirSync(file, { withFileTypes: true })
          .filter((e) => !e.name.startsWith('.'))
          .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
          .sort()
          .map((n) => `<li><a href="${encodeURIComponent(n.replace(/\/$/, ''))}${n.endsWith('/') ? '/' : ''}">${escapeHtml(n)}</a></li>`);
        const body = `<!DOCTYPE html>\n<html><head><title>Directory listing for ${escapeHtml(pathname)}</title></head><body><ul>${links.join('')}</ul></body></html>\n`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'access-control-allow-origin': '*' });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
    }
    if (!existsSync(target)) {
      // CORS on a 404 too: a cross-origin app must see "missing" (a manifest.json not there, a file the dataset lacks), not a network error.
      res.writeHead(404, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end(`not found: ${pathname}`);
      return;
    }
    const { size, mtimeMs } = statSync(target);
    const ext = extname(target).toLowerCase();
    const version = `${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}`;
    const etag = `"${version}"`;
    const gzEtag = `"${version}-gz"`;
    const gzip = COMPRESSIBLE.has(ext) && size > 512 && !req.headers.range && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    /** @type {Record<string, string | number>} */
    const headers = {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
      'cache-control': !mounted && rel.startsWith('/assets/') ? IMMUTABLE : 'no-cache',
      etag: gzip ? gzEtag : etag,
      'last-modified': new Date(mtimeMs).toUTCString(),
      'access-control-allow-origin': '*',
    };
    if (COMPRESSIBLE.has(ext)) headers.vary = 'Accept-Encoding';
    if (opts.crossOriginIsolated) {
      headers['cross-origin-opener-policy'] = 'same-origin';
      headers['cross-origin-embedder-policy'] = 'require-corp';
      headers['cross-origin-resource-policy'] = 'cross-origin';
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && notModified(req.headers, [etag, gzEtag], mtimeMs)) {
      const { 'content-type': _type, 'accept-ranges': _ranges, ...kept } = headers;
      res.writeHead(304, kept).end();
      return;
    }
    if (gzip) {
      const body = gzipOf(target, version);
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    // Range support: <video> seeking and resumable downloads need it.
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (range && size > 0) {
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start > end || start >= size) {
        res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
        return;
      }
      res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1 });
      if (req.method === 'HEAD') return void res.end();
      createReadStream(target, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': size });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(target).pipe(res);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolvePromise({
        url: `http://${opts.host ?? '127.0.0.1'}:${port}/`,
        port,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}

// `node scripts/serve.mjs [--port N] [--open] [--coi]`: serve dist/ for `npm start`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const portArg = args.indexOf('--port');
  const port = portArg >= 0 ? Number(args[portArg + 1]) : Number(process.env.PORT ?? 5178);
  const root = fileURLToPath(new URL('../dist/', import.meta.url));
  if (!existsSync(join(root, 'index.html'))) {
    console.error('dist/index.html is missing: run `npm run build` first.');
    process.exit(2);
  }
  const { url } = await startServer({ root, port, host: 'localhost', crossOriginIsolated: args.includes('--coi') });
  console.log(`IWR Studio is running at ${url}  (Ctrl-C to stop)`);
  if (args.includes('--open') && !process.env.CI) {
    const { spawn } = await import('node:child_process');
    const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
    spawn(opener, [url], { stdio: 'ignore', detached: true })
      .on('error', () => {})
      .unref();
  }
}
