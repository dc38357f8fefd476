// A dataset served over HTTP: the dataset hub's file URLs
// (https://huggingface.co/datasets/<org>/<name>/resolve/main/), a static host, or the CLI's
// local server. data.jsonl is read first; a task's files only when the task is opened.
//
// Listing a task folder, in order of preference; no file is ever asked for by a guessed name:
//   1. the hub's tree API, for huggingface.co URLs (the hub lists every file; no manifest is asked for);
//   2. <base>manifest.json: a JSON list of paths relative to <base> (or { "files": [...] }), asked for
//      once per source; the build writes one for the samples, the CLI's server generates one for a
//      mounted folder, and `node scripts/write-manifest.mjs <folder>` writes one for any folder;
//   3. the server's own folder listing (python's http.server, nginx autoindex, Apache): <base>data/
//      once per page load, then each task folder not listed before and its sub-folders;
//   4. none of these: opening a task fails with an error that says how to add a manifest.
import { getCachedFile, putSourceRecord, type SourceRecord } from '../data/sources.ts';
import { readThrough } from './cache.ts';
import { SourceError, UrlUnreachableError } from './errors.ts';
import { taskListing } from './layout.ts';
import type { DatasetSource, ReadOptions } from './types.ts';

/** How long a server may take to start answering (headers) before we call it unreachable. */
export const DEFAULT_URL_TIMEOUT_MS = 20_000;

/** How deep a task folder's listing is followed (the official layout is one level deep). */
const LISTING_MAX_DEPTH = 3;

export function normaliseBaseUrl(url: string, relativeTo?: string): string {
  const u = new URL(url.trim(), relativeTo);
  // A link to data.jsonl itself is taken as its folder.
  if (u.pathname.endsWith('/data.jsonl')) u.pathname = u.pathname.slice(0, -'data.jsonl'.length);
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  u.search = '';
  u.hash = '';
  return u.href;
}

/** https://huggingface.co/datasets/<org>/<name>/resolve/<rev>/<sub>/ -> its tree API for a folder. */
export function hubTreeUrl(base: string, folder: string): string | null {
  const m = /^https:\/\/huggingface\.co\/datasets\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.*)$/.exec(base);
  if (!m) return null;
  const [, repo, rev, sub] = m;
  return `https://huggingface.co/api/datasets/${repo}/tree/${rev}/${sub}${folder}?recursive=true`;
}

interface FetchOutcome {
  response: Response | null;
}

export class UrlSource implements DatasetSource {
  readonly kind;
  readonly id;
  readonly label;
  readonly base: string;
  /** taskFolders()'s answer, kept for the page's lifetime. */
  private dataFolders: Promise<Set<string> | null> | undefined;

  constructor(
    private record: SourceRecord,
    private readonly opts: { cache: boolean; persist: boolean; timeoutMs?: number } = { cache: true, persist: true },
  ) {
    this.id = record.id;
    this.kind = record.kind;
    this.label = record.label;
    this.base = record.url ?? '';
  }

  private get timeoutMs(): number {
    return this.opts.timeoutMs ?? DEFAULT_URL_TIMEOUT_MS;
  }

  /** fetch with a deadline on the answer; network failures become UrlUnreachableError naming the URL. */
  private async request(url: string, method: 'GET' | 'HEAD', signal?: AbortSignal): Promise<FetchOutcome> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(url, { method, signal: combined, cache: 'no-cache' });
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new UrlUnreachableError(`${url} did not answer within ${Math.round(this.timeoutMs / 1000)} s`);
      const cross = new URL(url).origin !== location.origin;
      const hint = cross ? '; if the server is up, it may not allow cross-origin requests (CORS)' : '';
      throw new UrlUnreachableError(`${url} did not answer (${err instanceof Error ? err.message : String(err)}${hint})`);
    }
    if (response.status === 404 || response.status === 410) return { response: null };
    if (!response.ok) throw new SourceError(`${url} answered HTTP ${response.status} ${response.statusText}`.trim());
    return { response };
  }

  private async download(url: string, opts: ReadOptions): Promise<Blob | null> {
    const { response } = await this.request(url, 'GET', opts.signal);
    if (!response) return null;
    // A compressed answer's length counts compressed bytes, the reader decompressed ones.
    const total = response.headers.get('content-encoding') ? undefined : Number(response.headers.get('content-length')) || undefined;
    if (!response.body || !opts.onBytes) return response.blob();
    const reader = response.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let loaded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      opts.onBytes(loaded, total);
    }
    return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
  }

  readFile(path: string, opts: ReadOptions = {}): Promise<Blob | null> {
    const read = () => this.download(this.base + encodePath(path), opts);
    return this.opts.cache ? readThrough(this.id, path, read) : read();
  }

  async isStored(path: string): Promise<boolean> {
    return (await getCachedFile(this.id, path)) !== undefined;
  }

  private async save(patch: Partial<SourceRecord>): Promise<void> {
    this.record = { ...this.record, ...patch };
    if (this.opts.persist) await putSourceRecord(this.record);
  }

  private async manifest(opts: ReadOptions): Promise<string[] | null> {
    if (this.record.manifest === 'absent') return null;
    const blob = await this.readFile('manifest.json', { signal: opts.signal });
    if (!blob) {
      await this.save({ manifest: 'absent' });
      return null;
    }
    if (this.record.manifest !== 'present') await this.save({ manifest: 'present' });
    let json: unknown;
    try {
      json = JSON.parse(await blob.text());
    } catch (err) {
      throw new SourceError(`${this.base}manifest.json is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    const list = Array.isArray(json) ? json : typeof json === 'object' && json !== null ? (json as { files?: unknown }).files : undefined;
    if (!Array.isArray(list)) throw new SourceError(`${this.base}manifest.json should be a list of paths (or { "files": [...] })`);
    return list
      .map((e) => (typeof e === 'string' ? e : typeof e === 'object' && e !== null ? String((e as { path?: unknown }).path ?? '') : ''))
      .filter(Boolean);
  }

  private async fromManifest(taskId: string, opts: ReadOptions): Promise<string[] | null> {
    const manifest = await this.manifest(opts);
    return manifest
      ? taskListing(
          manifest.map((p) => p.replace(/^\.?\//, '')),
          taskId,
        )
      : null;
  }

  private async hubTree(taskId: string, signal?: AbortSignal): Promise<string[] | null> {
    const folder = `data/${taskId}`;
    let next: string | null = hubTreeUrl(this.base, folder);
    if (!next) return null;
    const sub = /\/resolve\/[^/]+\/(.*)$/.exec(this.base)?.[1] ?? '';
    const out: string[] = [];
    while (next) {
      const { response } = await this.request(next, 'GET', signal);
      if (!response) return [];
      const page = (await response.json()) as Array<{ type?: string; path?: string }>;
      for (const e of page) if (e.type === 'file' && e.path) out.push(e.path.startsWith(sub) ? e.path.slice(sub.length) : e.path);
      next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
    }
    return taskListing(out, taskId);
  }

  /** A folder's entries from the server's listing page, or null when it gives none (404, 403, not HTML, no links). */
  private async folderListing(folder: string, signal?: AbortSignal): Promise<string[] | null> {
    let response: Response | null;
    try {
      ({ response } = await this.request(this.base + encodePath(folder), 'GET', signal));
    } catch (err) {
      // A server that refuses to list (403) simply has no listing; an unreachable one is an error.
      if (err instanceof UrlUnreachableError || !(err instanceof SourceError)) throw err;
      return null;
    }
    if (!response || !/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) return null;
    const entries = listingEntries(await response.text(), response.url || this.base + encodePath(folder));
    return entries.length ? entries : null;
  }

  /** The task folders <base>data/ lists, asked once per page load; null when the server lists no folders. */
  private taskFolders(signal?: AbortSignal): Promise<Set<string> | null> {
    this.dataFolders ??= this.folderListing('data/', signal).then(
      (entries) => (entries ? new Set(entries.filter((e) => e.endsWith('/')).map((e) => e.slice(0, -1))) : null),
      (err: unknown) => {
        this.dataFolders = undefined;
        throw err;
      },
    );
    return this.dataFolders;
  }
  /** Every file below data/<taskId>/ from the server's folder listings; null when it gives none. */
  private async fromFolderListing(taskId: string, signal?: AbortSignal): Promise<string[] | null> {
    const folders = await this.taskFolders(signal);
    if (!folders) return null;
    // A task data.jsonl names but data/ does not list: its folder is missing (the loader says so).
    if (!folders.has(taskId)) return [];
    const walk = async (sub: string, depth: number): Promise<string[]> => {
      const entries = (await this.folderListing(`data/${taskId}/${sub}`, signal)) ?? [];
      const nested = await Promise.all(
        entries.map((e) => (e.endsWith('/') ? (depth < LISTING_MAX_DEPTH ? walk(sub + e, depth + 1) : []) : [sub + e])),
      );
      return nested.flat();
    };
    return (await walk('', 1)).sort();
  }

  async listTaskFiles(taskId: string, opts: ReadOptions = {}): Promise<string[]> {
    const known = this.record.listingsFormat === LISTINGS_FORMAT ? this.record.listings?.[taskId] : undefined;
    if (known) return known;
    const listing =
      (await this.hubTree(taskId, opts.signal)) ??
      (await this.fromManifest(taskId, opts)) ??
      (await this.fromFolderListing(taskId, opts.signal));
    if (!listing) throw new SourceError(noListingMessage(this.base));
    const kept = this.record.listingsFormat === LISTINGS_FORMAT ? this.record.listings : {};
    await this.save({ listings: { ...kept, [taskId]: listing }, listingsFormat: LISTINGS_FORMAT });
    return listing;
  }
}

/** Bumped when listings are found differently (2: probing looked for checks.json; 3: no probing). */
const LISTINGS_FORMAT = 3;

/** Why a task of a plain static host cannot be opened, and the two ways to fix it. */
export function noListingMessage(base: string): string {
  return (
    `${base} has no manifest.json and its server does not list folders, so the task's files are not known ` +
    '(the app does not guess file names). Put a manifest.json next to data.jsonl: ' +
    '`node scripts/write-manifest.mjs <dataset folder>` writes one; or serve the folder with directory listings on.'
  );
}

/**
 * The entries a server's folder listing page links to, as names relative to the folder
 * (sub-folders end in '/'): links to the folder's direct children only, so the parent link,
 * Apache's sort links (`?C=N;O=D`) and links elsewhere are left out; hidden names too.
 */
export function listingEntries(html: string, folderUrl: string): string[] {
  const folder = new URL(folderUrl);
  folder.search = '';
  folder.hash = '';
  const out = new Set<string>();
  for (const m of html.matchAll(/<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
    const raw = (m[1] ?? m[2] ?? m[3] ?? '')
      .replace(/&amp;/g, '&')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&quot;/g, '"');
    let u: URL;
    try {
      u = new URL(raw, folder);
    } catch {
      continue;
    }
    if (u.search || u.origin !== folder.origin || !u.pathname.startsWith(folder.pathname)) continue;
    const rest = u.pathname.slice(folder.pathname.length);
    if (!/^[^/]+\/?$/.test(rest)) continue;
    let name: string;
    try {
      name = decodeURIComponent(rest);
    } catch {
      continue;
    }
    if (name.startsWith('.')) continue;
    out.add(name);
  }
  return [...out];
}

/** Encodes each path segment (names may hold spaces or '#') but keeps the slashes. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
