// References between the files of a multi-file candidate (pure). The frame has an opaque
// origin and the network is closed, so each file becomes a blob: URL made inside the frame,
// and every reference to it is rewritten: in HTML tags that load something (link, script,
// img, source, ...), in CSS (url(), @import), in ES modules (import/export ... from,
// import(), import.meta.url). A blob: URL has no folder, so a module's relative imports
// could not resolve against it: modules name each other by a virtual https URL instead,
// which an import map sends to the blob (this also allows import cycles). Run-time requests
// (fetch, XHR, img.src = ...) are mapped by `runtimeTarget` from the loader's patches.
import { resolveRef, type RefTarget } from '../shared/candidate-files.ts';

/** The origin modules use to name each other; it never reaches the network (the import map, the CSP). */
export const VIRTUAL_ORIGIN = 'https://candidate.iwr.invalid/';

export type RefMode = 'html' | 'css' | 'module';

/** Maps a reference written in `from` to what replaces it, or undefined to leave it as written. */
export type RefLookup = (ref: string, from: string, mode: RefMode) => string | undefined;

const Q = String.raw`(["'])`;
// CSS: url(x), url("x"), @import "x".
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]+))\s*\)/gi;
const CSS_IMPORT = /@import\s+(["'])([^"']+)\1/gi;
// ES modules: `import x from "y"`, `export * from "y"`, `import "y"`, `import("y")`.
const MODULE_FROM = new RegExp(String.raw`(\b(?:import|export)\b[^'"\`;()]*?\bfrom\s*|\bimport\s*)${Q}([^'"\n]+)\2`, 'g');
const MODULE_DYNAMIC = new RegExp(String.raw`(\bimport\s*\(\s*)${Q}([^'"\n]+)\2(\s*\))`, 'g');
const IMPORT_META_URL = /\bimport\.meta\.url\b/g;
// HTML: the tags that load a resource, and their URL attributes (never <a href>: a link is a navigation).
const LOADING_TAG = /<(link|script|img|source|video|audio|track|embed|input|object|image|use)\b[^>]*>/gi;
const URL_ATTR = /(\s(?:src|href|xlink:href|poster|data)\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const SRCSET_ATTR = /(\s(?:srcset|imagesrcset)\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;
const SCRIPT_BLOCK = /(<script\b[^>]*>)([\s\S]*?)(<\/script\s*>)/gi;

export function rewriteCss(text: string, from: string, lookup: RefLookup): string {
  const out = text.replace(CSS_IMPORT, (whole, q: string, ref: string) => {
    const url = lookup(ref, from, 'css');
    return url ? `@import ${q}${url}${q}` : whole;
  });
  return out.replace(CSS_URL, (whole, d?: string, s?: string, b?: string) => {
    const ref = d ?? s ?? b ?? '';
    const url = lookup(ref, from, 'css');
    return url ? `url("${url}")` : whole;
  });
}

/** An ES module's text with its relative imports named by virtual URL (see VIRTUAL_ORIGIN). */
export function rewriteModule(text: string, from: string, lookup: RefLookup): string {
  const map = (whole: string, lead: string, q: string, ref: string, tail = '') => {
    const url = lookup(ref, from, 'module');
    return url ? `${lead}${q}${url}${q}${tail}` : whole;
  };
  return text
    .replace(MODULE_FROM, (w, lead: string, q: string, ref: string) => map(w, lead, q, ref))
    .replace(MODULE_DYNAMIC, (w, lead: string, q: string, ref: string, tail: string) => map(w, lead, q, ref, tail))
    .replace(IMPORT_META_URL, JSON.stringify(VIRTUAL_ORIGIN + from));
}

function rewriteSrcset(value: string, from: string, lookup: RefLookup): string {
  return value
    .split(',')
    .map((part) => {
      const m = /^(\s*)(\S+)(.*)$/s.exec(part);
      if (!m) return part;
      const url = lookup(m[2]!, from, 'html');
      return url ? `${m[1]}${url}${m[3]}` : part;
    })
    .join(',');
}

/**
 * The entry page with its loading tags, inline styles and inline module scripts pointed at the
 * candidate's files. `from` is the page's own path (index.html).
 */
export function rewriteHtml(html: string, from: string, lookup: RefLookup): string {
  let out = html.replace(LOADING_TAG, (tag) =>
    tag
      .replace(URL_ATTR, (whole, lead: string, d?: string, s?: string, b?: string) => {
        const ref = d ?? s ?? b ?? '';
        const url = lookup(ref, from, 'html');
        return url ? `${lead}"${url}"` : whole;
      })
      .replace(SRCSET_ATTR, (whole, lead: string, d?: string, s?: string) => `${lead}"${rewriteSrcset(d ?? s ?? '', from, lookup)}"`),
  );
  // Inline scripts: modules get their imports mapped; classic scripts are left to the run-time patches.
  out = out.replace(SCRIPT_BLOCK, (whole, open: string, body: string, close: string) =>
    /\btype\s*=\s*["']?module\b/i.test(open) ? open + rewriteModule(body, from, lookup) + close : whole,
  );
  // <style> blocks and style="" attributes: url() and @import (CSS syntax is rare elsewhere in a page).
  return rewriteCss(out, from, lookup);
}

/** The files a module or stylesheet needs built first (stylesheets importing stylesheets). */
export function cssDependencies(text: string, from: string): string[] {
  const deps: string[] = [];
  const add = (ref: string) => {
    const t = resolveRef(from, ref);
    if (t.kind === 'file' && /\.css$/i.test(t.path)) deps.push(t.path);
  };
  for (const m of text.matchAll(CSS_IMPORT)) add(m[2]!);
  for (const m of text.matchAll(CSS_URL)) add(m[1] ?? m[2] ?? m[3] ?? '');
  return deps;
}

/**
 * What a URL seen at run time (fetch, XHR, an img.src assignment) means: a file of the
 * candidate, outside it, or refused. `pageBase` is the document's base URL: a relative URL
 * resolved by the browser arrives absolute, under the app's folder.
 */
export function runtimeTarget(value: string, pageBase: string): RefTarget {
  if (value.startsWith(VIRTUAL_ORIGIN)) return resolveRef('index.html', '/' + value.slice(VIRTUAL_ORIGIN.length));
  const baseDir = pageBase.replace(/[?#].*$/, '').replace(/[^/]*$/, '');
  if (baseDir && value.startsWith(baseDir) && /^https?:/.test(baseDir)) return resolveRef('index.html', value.slice(baseDir.length));
  return resolveRef('index.html', value);
}
