// A dataset served over HTTP: the dataset hub's file URLs
// (https://huggingface.co/datasets/<org>/<name>/resolve/main/), a static host, or the CLI's
// local server. data.jsonl is read first; a task's files only when the task is opened.
//
// Listing a task folder, in order of preference:
//   1. the hub's tree API, for huggingface.co URLs (the hub lists every file; no manifest is asked for);
//   2. <base>manifest.json: a JSON list of paths relative to <base> (or { "files": [...] });
//      the build writes one for the samples, the CLI's server generates one for a mounted folder;
//   3. probing the well-known names (video, checkpoints step_0..step_<flagged>, stitched sheets,
//      assets/asset_001.<ext>...) with HEAD requests. A plain static host therefore needs either a
//      manifest.json, or assets named asset_NNN with a common image extension.
import { getCachedFile, putSourceRecord, type SourceRecord } from '../data/sources.ts';
import { readThrough } from './cache.ts';
import { SourceError, UrlUnreachableError } from './errors.ts';
import { taskListing } from './layout.ts';
import type { DatasetSource, ReadOptions } from './types.ts';

/** How long a server may take to start answering (headers) before we call it unreachable. */
export const DEFAULT_URL_TIMEOUT_MS = 20_000;

const PROBE_ASSET_EXTENSIONS = ['png', 'jpg', 'jpeg', 'svg', 'gif', 'webp'];
/** Probing stops assets at the first gap; a dataset with more is expected to ship a manifest. */
const PROBE_MAX_ASSETS = 500;
const PROBE_MAX_SHEETS = 20;

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

  private async exists(path: string, signal?: AbortSignal): Promise<boolean> {
    if (this.opts.cache && (await this.isStored(path))) return true;
    const { response } = await this.request(this.base + path, 'HEAD', signal);
    return response !== null;
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

  private async probe(taskId: string, flaggedSteps: number, signal?: AbortSignal): Promise<string[]> {
    const dir = `data/${taskId}/`;
    const found: string[] = [];
    const check = async (rel: string) => {
      if (await this.exists(dir + rel, signal)) {
        found.push(rel);
        return true;
      }
      return false;
    };
    const fixed = ['video.mp4', 'video.webm', 'metadata.json', 'checks.json', 'stitched_assets/stitched_image.png'];
    for (let j = 0; j <= flaggedSteps; j++) fixed.push(`checkpoints/step_${j}.png`);
    await Promise.all(fixed.map(check));
    for (let k = 0; k < PROBE_MAX_SHEETS; k++) {
      if (!(await check(`stitched_assets/stitched_image_${k}.png`)) && k > 0) break;
    }
    for (let n = 1; n <= PROBE_MAX_ASSETS; n++) {
      const name = `assets/asset_${String(n).padStart(3, '0')}`;
      let hit = false;
      for (const ext of PROBE_ASSET_EXTENSIONS) {
        if (await check(`${name}.${ext}`)) {
          hit = true;
          break;
        }
      }
      if (!hit) break;
    }
    return found.sort();
  }

  async listTaskFiles(taskId: string, flaggedSteps: number, opts: ReadOptions = {}): Promise<string[]> {
    const known = this.record.listingsFormat === LISTINGS_FORMAT ? this.record.listings?.[taskId] : undefined;
    if (known) return known;
    const listing =
      (await this.hubTree(taskId, opts.signal)) ??
      (await this.fromManifest(taskId, opts)) ??
      (await this.probe(taskId, flaggedSteps, opts.signal));
    const kept = this.record.listingsFormat === LISTINGS_FORMAT ? this.record.listings : {};
    await this.save({ listings: { ...kept, [taskId]: listing }, listingsFormat: LISTINGS_FORMAT });
    return listing;
  }
}

/** Bumped when probing looks for more files (2: checks.json), so cached listings are found again. */
const LISTINGS_FORMAT = 2;

/** Encodes each path segment (names may hold spaces or '#') but keeps the slashes. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
