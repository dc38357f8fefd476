// Load: turn the asset bytes into blob: URLs made inside the frame (an opaque-origin frame
// cannot load the app's), rewrite the candidate's references to them, seed Math.random, give
// the candidate web storage in memory (storage.ts), then replace the bootstrap document with
// the candidate via document.open/write/close.
// The window, and with it the agent's port and saved references, survives document.open.
import type { AgentContext } from './context.ts';
import { installListeners, installSeededRandom } from './hooks.ts';
import { installMemoryStorage } from './storage.ts';
import type { AssetFile, CandidateFile, LoadResult } from './protocol.ts';
import { mapRuntimeUrl, rewriteAssetRefs } from './rewrite.ts';
import { buildFiles, patchRequests, type BuiltFiles } from './files.ts';
import { rewriteHtml } from './rewrite-files.ts';

const REATTACH = '__iwrReattach';

/** Scripts setting src at run time (img.src = '__PLACEHOLDER...' + name) get asset URLs too. */
function patchRuntimeUrls(ctx: AgentContext, mapRuntime: (value: string) => string | undefined): void {
  const w = ctx.saved.win as Window & typeof globalThis;
  const protos: Array<[object, string]> = [
    [w.HTMLImageElement.prototype, 'src'],
    [w.HTMLMediaElement.prototype, 'src'],
    [w.HTMLSourceElement.prototype, 'src'],
    [w.HTMLImageElement.prototype, 'srcset'],
    [w.HTMLSourceElement.prototype, 'srcset'],
    [w.HTMLVideoElement.prototype, 'poster'],
  ];
  for (const [proto, prop] of protos) {
    const d = Object.getOwnPropertyDescriptor(proto, prop);
    if (!d?.set || !d.get) continue;
    const set = d.set;
    Object.defineProperty(proto, prop, {
      ...d,
      set(this: Element, v: unknown) {
        const mapped = typeof v === 'string' ? mapRuntime(v) : undefined;
        Reflect.apply(set, this, [mapped ?? v]);
      },
    });
  }
  const setAttribute = w.Element.prototype.setAttribute;
  const getAttribute = w.Element.prototype.getAttribute;
  // URLs that reach the DOM without a setter (innerHTML, insertAdjacentHTML, the parser) are
  // fixed as they appear. The observer watches the Document node, which document.open keeps.
  const fix = (el: Element) => {
    for (const attr of ['src', 'poster']) {
      const v = Reflect.apply(getAttribute, el, [attr]) as string | null;
      const mapped = v ? mapRuntime(v) : undefined;
      if (mapped) Reflect.apply(setAttribute, el, [attr, mapped]);
    }
  };
  new w.MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') fix(r.target as Element);
      else
        for (const n of r.addedNodes)
          if (n.nodeType === 1) {
            fix(n as Element);
            for (const el of (n as Element).querySelectorAll('[src],[poster]')) fix(el);
          }
    }
  }).observe(ctx.saved.doc, { subtree: true, childList: true, attributes: true, attributeFilter: ['src', 'poster'] });
  w.Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    const n = name.toLowerCase();
    const mapped = (n === 'src' || n === 'href' || n === 'poster') && typeof value === 'string' ? mapRuntime(value) : undefined;
    return Reflect.apply(setAttribute, this, [name, mapped ?? value]) as void;
  };
}

/** Puts the one-shot re-attach script right after the doctype, before any candidate code,
 * without putting anything before the doctype (that would switch the page to quirks mode). */
function withReattach(html: string, importMap = ''): string {
  const tag = `<script>window.${REATTACH}&&window.${REATTACH}()</script>${importMap}`;
  const m = /^\s*(<!--[\s\S]*?-->\s*)*<!doctype[^>]*>/i.exec(html);
  return m ? html.slice(0, m[0].length) + tag + html.slice(m[0].length) : tag + html;
}

export async function load(
  ctx: AgentContext,
  html: string,
  assets: AssetFile[],
  seed: number,
  loadCapMs: number,
  files: CandidateFile[] = [],
): Promise<LoadResult & { readyState: string }> {
  const s = ctx.saved;
  const urls = new Map<string, string>();
  for (const a of assets) urls.set(a.name, s.URL.createObjectURL(a.blob));
  const missingUrl = s.URL.createObjectURL(new s.Blob([]));
  // A multi-file candidate's own files first: what they leave (`assets/x`, the placeholder) is the task's assets.
  let built: BuiltFiles | null = null;
  let page = html;
  if (files.length) {
    built = await buildFiles(ctx, files, urls, missingUrl);
    page = rewriteHtml(html, 'index.html', built.lookup);
    patchRequests(ctx, built, missingUrl);
  }
  const rewritten = rewriteAssetRefs(page, urls, missingUrl);
  const own = built;
  patchRuntimeUrls(ctx, (v) => {
    const mine = own?.runtime(v);
    return mine ? ('url' in mine ? mine.url : missingUrl) : mapRuntimeUrl(v, urls);
  });
  installSeededRandom(ctx, seed);
  installMemoryStorage(ctx);
  Object.defineProperty(s.win, REATTACH, {
    configurable: true,
    value: () => {
      delete (s.win as unknown as Record<string, unknown>)[REATTACH];
      installListeners(ctx);
    },
  });
  const doc = s.doc;
  doc.open();
  doc.write(withReattach(rewritten.html, built?.importMap));
  doc.close();
  // If the candidate removed the re-attach call (or had no parseable head), attach now.
  const pending = (s.win as unknown as Record<string, (() => void) | undefined>)[REATTACH];
  if (pending) pending();
  const start = s.now();
  while (doc.readyState !== 'complete' && s.now() - start < loadCapMs) {
    await new Promise<void>((r) => s.setTimeout(r, 20));
  }
  return {
    missingAssets: rewritten.missing,
    usedAssets: rewritten.used,
    readyState: doc.readyState,
    ...(built ? { missingFiles: built.missing, refusedFiles: built.refused } : {}),
  };
}
