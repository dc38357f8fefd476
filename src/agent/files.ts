// A multi-file candidate inside the frame: every file becomes a blob: URL made here (from the
// bytes the app sent over the port), stylesheets and modules rewritten first to point at the
// others (rewrite-files.ts), an import map for the modules, and run-time requests (fetch,
// XMLHttpRequest) for a file of the candidate answered from those blobs. Nothing here opens
// the network: a reference that is missing or climbs out of the candidate gets an empty blob
// (it fails as a 404 would) and is reported by name.
import type { AgentContext } from './context.ts';
import type { CandidateFile } from './protocol.ts';
import { mimeOf, resolveRef, type RefTarget } from '../shared/candidate-files.ts';
import {
  cssDependencies,
  rewriteCss,
  rewriteModule,
  runtimeTarget,
  VIRTUAL_ORIGIN,
  type RefLookup,
  type RefMode,
} from './rewrite-files.ts';
import { rewriteAssetRefs } from './rewrite.ts';

export interface BuiltFiles {
  /** Candidate path -> blob: URL in this frame. */
  urls: Map<string, string>;
  /** The import map script to put first in the page (empty when the candidate has no modules). */
  importMap: string;
  lookup: RefLookup;
  /** "style.css (referenced by index.html)", sorted: the references in the files (run-time ones are events). */
  missing: string[];
  /** Why each refused reference in the files was refused, sorted. */
  refused: string[];
  /** What a URL seen at run time is: a file of the candidate (its blob: URL), one it lacks, a refused path; null: not the candidate's. */
  runtime(value: string): RuntimeFile | null;
}

export type RuntimeFile = { url: string } | { missing: string } | { refused: string };

const MODULE = /\.m?js$/i;
const CSS = /\.css$/i;
const PAGE = /\.html?$/i;

export async function buildFiles(
  ctx: AgentContext,
  files: CandidateFile[],
  assetUrls: ReadonlyMap<string, string>,
  missingUrl: string,
): Promise<BuiltFiles> {
  const s = ctx.saved;
  const byPath = new Map(files.map((f) => [f.path, f.blob]));
  const urls = new Map<string, string>();
  const missing = new Set<string>();
  const refused = new Set<string>();
  const texts = new Map<string, string>();
  for (const f of files) if (MODULE.test(f.path) || CSS.test(f.path)) texts.set(f.path, await f.blob.text());

  const target = (ref: string, from: string, mode: RefMode): RefTarget => resolveRef(from, ref, mode !== 'module');
  const lookup: RefLookup = (ref, from, mode) => {
    const t = target(ref, from, mode);
    if (t.kind === 'external') return undefined;
    if (t.kind === 'refused') {
      refused.add(t.reason);
      return missingUrl;
    }
    // Task assets (`assets/x`, the placeholder) are the asset rewrite's business when the candidate has no such file.
    if (!byPath.has(t.path) && (t.path.startsWith('assets/') || t.path.startsWith('__PLACEHOLDER_ASSETS_BASE_DIR__'))) return undefined;
    if (!byPath.has(t.path)) {
      missing.add(`${t.path} (referenced by ${from})`);
      return missingUrl;
    }
    if (PAGE.test(t.path)) return undefined;
    // Modules name each other by virtual URL (the import map); everything else by its blob.
    if (mode === 'module') return VIRTUAL_ORIGIN + t.path + t.suffix;
    build(t.path);
    const hash = t.suffix.includes('#') ? t.suffix.slice(t.suffix.indexOf('#')) : '';
    return (urls.get(t.path) ?? missingUrl) + hash;
  };

  const building = new Set<string>();
  const build = (path: string): void => {
    if (urls.has(path) || building.has(path)) return;
    building.add(path);
    const blob = byPath.get(path)!;
    const text = texts.get(path);
    let body: Blob | string = blob;
    // Task assets named in a style sheet or a script are mapped; an unknown `assets/x` there may be
    // the candidate's own (a build's assets/ folder), so it is left as written.
    if (text !== undefined && CSS.test(path)) {
      for (const dep of cssDependencies(text, path)) if (byPath.has(dep)) build(dep);
      body = rewriteAssetRefs(rewriteCss(text, path, lookup), assetUrls).html;
    } else if (text !== undefined) {
      body = rewriteAssetRefs(rewriteModule(text, path, lookup), assetUrls).html;
    }
    urls.set(path, s.URL.createObjectURL(new s.Blob([body], { type: mimeOf(path) })));
    building.delete(path);
  };
  for (const path of byPath.keys()) if (!PAGE.test(path)) build(path);

  const imports: Record<string, string> = {};
  for (const [path, url] of urls) imports[VIRTUAL_ORIGIN + path] = url;
  const importMap = Object.keys(imports).length
    ? `<script type="importmap">${JSON.stringify({ imports }).replace(/</g, '\\u003c')}</script>`
    : '';

  const pageBase = s.doc.baseURI;
  // Problems at run time come after the load's answer: they travel as events, once each.
  const reported = new Set<string>();
  const report = (problem: 'missing' | 'refused', text: string) => {
    if (reported.has(problem + text)) return;
    reported.add(problem + text);
    ctx.emit({ type: 'file', problem, text, at: s.now() });
  };
  const runtime = (value: string): RuntimeFile | null => {
    const t = runtimeTarget(value, pageBase);
    if (t.kind === 'refused') {
      report('refused', `${t.reason.replace(' in index.html', '')} (requested at run time)`);
      return { refused: t.reason };
    }
    if (t.kind !== 'file' || PAGE.test(t.path)) return null;
    const url = urls.get(t.path);
    if (url) return { url };
    if (t.path.startsWith('assets/') || t.path.startsWith('__PLACEHOLDER_ASSETS_BASE_DIR__')) return null;
    report('missing', `${t.path} (requested at run time)`);
    return { missing: t.path };
  };
  return {
    urls,
    importMap,
    lookup,
    runtime,
    get missing() {
      return [...missing].sort();
    },
    get refused() {
      return [...refused].sort();
    },
  };
}

/**
 * fetch() and XMLHttpRequest for a file of the candidate read its blob; a file it lacks answers
 * 404 (fetch) or empty (XHR), a refused path fails as a network error would.
 */
export function patchRequests(ctx: AgentContext, built: BuiltFiles, missingUrl: string): void {
  const w = ctx.saved.win as Window & typeof globalThis;
  const fetch0 = w.fetch;
  const refusal = (url: string) => new w.TypeError(`refused: ${url} is outside the candidate`);
  w.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    const url =
      typeof input === 'string' ? input : input instanceof w.URL ? input.href : input instanceof w.Request ? input.url : String(input);
    const file = built.runtime(url);
    if (file && 'refused' in file) return Promise.reject(refusal(url));
    if (file && 'missing' in file) return Promise.resolve(new w.Response('', { status: 404, statusText: 'Not Found' }));
    return Reflect.apply(fetch0, w, [file ? file.url : input, init]) as Promise<Response>;
  };
  const open0 = w.XMLHttpRequest.prototype.open;
  w.XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    const file = built.runtime(String(url));
    if (file && 'refused' in file) throw refusal(String(url));
    const mapped = !file ? url : 'url' in file ? file.url : missingUrl;
    return Reflect.apply(open0, this, [method, mapped, ...rest]) as void;
  } as typeof open0;
}
