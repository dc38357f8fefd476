// Multi-file candidates (pure): a candidate is an index.html plus any relative files beside it
// (a folder, a zip, a build's output). Paths are kept relative to the candidate's root, with
// "/" separators and no "." or ".." segments. What would reach outside the root (an entry
// named "../../x", an absolute path, a reference climbing above index.html's folder) is
// refused with a message naming it, never resolved. The app, the in-page agent and the CLI
// all use these rules, so a candidate resolves the same everywhere.

/** A path inside the candidate, or why it is refused. */
export type PathResult = { ok: true; path: string } | { ok: false; reason: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const WINDOWS_DRIVE = /^[a-z]:[\\/]/i;

/**
 * Normalises the name of a file of the candidate (a zip entry, a folder's relative path): "/"
 * separators, no "." segments; refuses absolute paths and any ".." (an entry name has no
 * business climbing, even if it would come back down).
 */
export function normalizeEntryPath(raw: string): PathResult {
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || WINDOWS_DRIVE.test(raw) || SCHEME.test(name)) {
    return { ok: false, reason: `${JSON.stringify(raw)} is an absolute path: a candidate's files must be relative to its folder` };
  }
  const parts: string[] = [];
  for (const seg of name.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') return { ok: false, reason: `${JSON.stringify(raw)} climbs out of the candidate's folder ("..")` };
    parts.push(seg);
  }
  if (!parts.length) return { ok: false, reason: `${JSON.stringify(raw)} names no file` };
  return { ok: true, path: parts.join('/') };
}

/** The folder of a candidate path ("" for the root). */
export function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** What a reference written in a file of the candidate points at. */
export type RefTarget =
  /** Another file of the candidate (it may still be missing). */
  | { kind: 'file'; path: string; suffix: string }
  /** Outside the candidate on purpose (a scheme, "//host", a bare module name): left alone. */
  | { kind: 'external' }
  /** A relative path climbing above the candidate's root: refused. */
  | { kind: 'refused'; reason: string };

/**
 * Resolves `ref`, written in the candidate file `from`, against the candidate's root.
 * "./a", "a", "../a" are relative to `from`'s folder; "/a" is relative to the root (the
 * candidate is served as a site of its own, as a build's `base: '/'` expects). The query and
 * fragment are kept in `suffix`. A bare fragment or an empty string is 'external' (the page
 * itself). `bare` says whether a bare name ("lodash") counts as a relative path: true in HTML
 * and CSS, false for module specifiers, where a bare name is a package.
 */
export function resolveRef(from: string, ref: string, bare = true): RefTarget {
  const value = ref.trim();
  if (!value || value.startsWith('#') || value.startsWith('//') || SCHEME.test(value)) return { kind: 'external' };
  if (!bare && !/^\.{0,2}\//.test(value)) return { kind: 'external' };
  const cut = value.search(/[?#]/);
  const pathPart = cut < 0 ? value : value.slice(0, cut);
  const suffix = cut < 0 ? '' : value.slice(cut);
  let decoded = pathPart;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    /* keep it as written */
  }
  const parts = decoded.startsWith('/') ? [] : dirOf(from).split('/').filter(Boolean);
  for (const seg of decoded.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (!parts.length) return { kind: 'refused', reason: `${JSON.stringify(ref)} in ${from} points outside the candidate` };
      parts.pop();
    } else parts.push(seg);
  }
  if (!parts.length) return { kind: 'external' };
  return { kind: 'file', path: parts.join('/'), suffix };
}

export interface CandidateLayout {
  /** The prefix removed from every entry ("" or "site/"): where index.html was found. */
  root: string;
  /** Files kept, renamed relative to the root; index.html among them. */
  paths: Map<string, string>;
  /** Entries refused (absolute, climbing), each with its reason. */
  refused: string[];
}

/** Entries never part of a candidate: archive and OS clutter. */
const CLUTTER = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|\.git\/)/;

/**
 * Finds the candidate's root among a folder's or a zip's entries: index.html at the top, or
 * in the one folder one level down (a zip of a folder). Throws, naming what was found, when
 * there is none or more than one. Entries outside the root are left out; refused entries are
 * listed (the caller says so) and never kept. `needIndex: false` (a project's sources): the root
 * is the top, index.html or not.
 */
export function candidateLayout(entries: Iterable<string>, what = 'the candidate', opts: { needIndex?: boolean } = {}): CandidateLayout {
  const refused: string[] = [];
  const ok: Array<[string, string]> = [];
  for (const raw of entries) {
    if (raw.endsWith('/') || CLUTTER.test(raw.replace(/\\/g, '/'))) continue;
    const r = normalizeEntryPath(raw);
    if (r.ok) ok.push([raw, r.path]);
    else refused.push(r.reason);
  }
  const names = ok.map(([, p]) => p);
  let root: string;
  if (names.includes('index.html') || opts.needIndex === false) root = '';
  else {
    const nested = names.filter((p) => /^[^/]+\/index\.html$/.test(p));
    if (nested.length !== 1) {
      const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? `, … (${names.length} files)` : '');
      throw new Error(
        nested.length
          ? `${what} has index.html in ${nested.length} folders (${nested.join(', ')}): put the one to run at the top`
          : `${what} has no index.html at its top or one folder down${names.length ? ` (found ${shown})` : ' (it is empty)'}`,
      );
    }
    root = nested[0]!.slice(0, -'index.html'.length);
  }
  const paths = new Map<string, string>();
  for (const [raw, p] of ok) if (p.startsWith(root)) paths.set(raw, p.slice(root.length));
  return { root, paths, refused };
}

/** The MIME type a file is served with inside the frame (module scripts and stylesheets need the right one). */
export function mimeOf(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return MIME[ext] ?? 'application/octet-stream';
}

const MIME: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  json: 'application/json',
  map: 'application/json',
  txt: 'text/plain',
  csv: 'text/csv',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  wasm: 'application/wasm',
};

/** A project rather than a page: a package.json at the root whose scripts have "build". */
export interface ProjectInfo {
  /** The build script as written. */
  build: string;
  /** The folder the build writes (relative to the root): --outDir/--out-dir in the script, else "dist". */
  outDir: string;
}

/**
 * Reads a candidate's package.json text; null when it is not a project (no build script).
 * Throws on a package.json that is not JSON, naming it.
 */
export function projectInfo(packageJson: string): ProjectInfo | null {
  let pkg: unknown;
  try {
    pkg = JSON.parse(packageJson);
  } catch (e) {
    throw new Error(`package.json is not JSON: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const scripts = (pkg as { scripts?: unknown } | null)?.scripts;
  const build = scripts && typeof scripts === 'object' ? (scripts as Record<string, unknown>).build : undefined;
  if (typeof build !== 'string' || !build.trim()) return null;
  const out = /--out-?dir(?:=|\s+)(?:"([^"]+)"|'([^']+)'|(\S+))/i.exec(build);
  const named = out ? (out[1] ?? out[2] ?? out[3] ?? '') : '';
  const norm = named ? normalizeEntryPath(named) : null;
  if (norm && !norm.ok) throw new Error(`package.json: the build's output folder ${norm.reason}`);
  return { build, outDir: norm?.ok ? norm.path : 'dist' };
}

/** The folder of a project's package.json among the entries: the root, or one level down. */
export function projectRoot(entries: Iterable<string>): string | null {
  const names = [...entries].map((e) => e.replace(/\\/g, '/'));
  if (names.includes('package.json')) return '';
  const nested = names.filter((p) => /^[^/]+\/package\.json$/.test(p) && !p.startsWith('node_modules/'));
  return nested.length === 1 ? nested[0]!.slice(0, -'package.json'.length) : null;
}
