// Rewrites asset references in the candidate's HTML (pure). The page is one file, so a
// single pass over its text covers HTML attributes, srcset, inline <style>, style="",
// url() and JS string literals alike. Officially the harness replaces the placeholder
// prefix with the task's assets folder; models also write a relative `assets/<name>`.

export const PLACEHOLDER = '__PLACEHOLDER_ASSETS_BASE_DIR__';

// A file name ends at anything that cannot be part of a URL path written in a page.
const NAME = String.raw`[^\s"'\`)<>?#,;\\]+`;
const PLACEHOLDER_RE = new RegExp(String.raw`__PLACEHOLDER_ASSETS_BASE_DIR__/(${NAME})`, 'g');
// Relative form: only when it starts a URL (after a quote, "(", "=", space, ",") so that
// "my-assets/x" or "/static/assets/x" are left alone.
const RELATIVE_RE = new RegExp(String.raw`(^|["'\`(=\s,])(?:\.\/)?assets/(${NAME})`, 'g');

export interface RewriteResult {
  html: string;
  used: string[];
  missing: string[];
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * `urls` maps an asset file name to the URL that serves it inside the frame. A reference to
 * a missing asset becomes `missingUrl` when given (an empty blob: it fails like a 404 but
 * sends nothing to the app's server, whose URL a srcdoc frame inherits as its base).
 */
export function rewriteAssetRefs(html: string, urls: ReadonlyMap<string, string>, missingUrl?: string): RewriteResult {
  const used = new Set<string>();
  const missing = new Set<string>();
  const lookup = (raw: string): string | undefined => {
    const name = decodeName(raw);
    const url = urls.get(name);
    if (url) used.add(name);
    else missing.add(name);
    return url ?? missingUrl;
  };
  let out = html.replace(PLACEHOLDER_RE, (whole, raw: string) => lookup(raw) ?? whole);
  out = out.replace(RELATIVE_RE, (whole, lead: string, raw: string) => {
    const url = lookup(raw);
    return url ? lead + url : whole;
  });
  return { html: out, used: [...used].sort(), missing: [...missing].sort() };
}

/** Maps one runtime URL string (e.g. assigned to img.src by script) to an asset URL, if it names one. */
export function mapRuntimeUrl(value: string, urls: ReadonlyMap<string, string>): string | undefined {
  const m = /(?:__PLACEHOLDER_ASSETS_BASE_DIR__\/|^(?:\.\/)?assets\/)([^?#]+)$/.exec(value);
  if (m?.[1]) return urls.get(decodeName(m[1]));
  // Pages often derive a folder from one asset's URL (base = logo.src minus its file name) and
  // append another name. With the official file paths that works; our assets are blob: URLs,
  // which have no folders, so such a URL is "blob:<origin>/<id><name>": map it by its trailing
  // name (the longest asset name that ends it), never touching a valid asset URL.
  if (!value.startsWith('blob:')) return undefined;
  let best: [string, string] | undefined;
  for (const [name, url] of urls) {
    if (url === value) return undefined;
    if (value.endsWith(name) && (!best || name.length > best[0].length)) best = [name, url];
  }
  return best?.[1];
}
