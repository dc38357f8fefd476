// Reading a candidate for `--html FILE|DIR|ZIP` and the results tree: one index.html, or a
// folder or zip with index.html at its top (or one folder down) and relative files of any
// kind. Paths follow src/shared/candidate-files.ts; an entry that is absolute or climbs out
// ("../../x"), or a symlink leading out of the folder, refuses the whole candidate, naming it.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { unzipSync } from 'fflate';
import { candidateLayout, projectInfo, projectRoot, type ProjectInfo } from '../shared/candidate-files.ts';

export interface CliCandidate {
  /** index.html's text. */
  html: string;
  /** The other files, relative to index.html's folder. */
  files: Map<string, Uint8Array>;
}

/** A project (package.json with a build script) found instead of a page. */
export interface CliProject {
  project: ProjectInfo;
  /** Every file of the project, relative to its package.json's folder. */
  files: Map<string, Uint8Array>;
}

/** Limits against zip bombs and runaway folders. */
const MAX_FILES = 20_000;
const MAX_BYTES = 512 * 1024 * 1024;
/** Folders never read from a candidate folder: dependencies and version control. */
const SKIP_DIRS = new Set(['node_modules', '.git']);

export class CandidateError extends Error {
  override name = 'CandidateError';
}

/** Our own outputs beside a candidate in a results tree, never part of it. */
export const OUTPUT_NAMES = /^(eval\.json|\.eval\.json\..*\.tmp|evalpoints|build\.log|replay\.json)$/;

/** The files under `dir` by relative path, node_modules and .git left out; a link leading out of `dir` is refused. */
export function walk(dir: string, skipTop: RegExp | null): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const real = realpathSync(dir);
  let bytes = 0;
  const visit = (abs: string, rel: string) => {
    for (const ent of readdirSync(abs, { withFileTypes: true })) {
      const path = rel ? `${rel}/${ent.name}` : ent.name;
      if (!rel && skipTop?.test(ent.name)) continue;
      if (ent.isDirectory() && SKIP_DIRS.has(ent.name)) continue;
      const full = join(abs, ent.name);
      if (lstatSync(full).isSymbolicLink()) {
        const target = realpathSync(full);
        if (target !== real && !target.startsWith(real + sep)) {
          throw new CandidateError(`${path} is a link to ${target}, outside the candidate's folder: refused`);
        }
      }
      const st = statSync(full);
      if (st.isDirectory()) visit(full, path);
      else if (st.isFile()) {
        bytes += st.size;
        if (out.size >= MAX_FILES || bytes > MAX_BYTES)
          throw new CandidateError(`more than ${MAX_FILES} files or ${MAX_BYTES >> 20} MB: not a candidate`);
        out.set(path, new Uint8Array(readFileSync(full)));
      }
    }
  };
  visit(dir, '');
  return out;
}

function unzip(file: string): Map<string, Uint8Array> {
  let bytes = 0;
  let count = 0;
  const entries = unzipSync(new Uint8Array(readFileSync(file)), {
    filter: (f) => {
      bytes += f.originalSize;
      if (++count > MAX_FILES || bytes > MAX_BYTES)
        throw new CandidateError(`more than ${MAX_FILES} files or ${MAX_BYTES >> 20} MB unpacked: not a candidate`);
      return !f.name.endsWith('/');
    },
  });
  return new Map(Object.entries(entries));
}

/** The entries of a folder or zip as a page candidate, or a project to build first. */
export function candidateFromEntries(entries: Map<string, Uint8Array>, what: string): CliCandidate | CliProject {
  const pkgRoot = projectRoot(entries.keys());
  if (pkgRoot !== null) {
    const pkg = entries.get(`${pkgRoot}package.json`);
    const project = pkg ? projectInfo(new TextDecoder().decode(pkg)) : null;
    if (project) {
      const layout = candidateLayout(
        [...entries.keys()].filter((p) => p.startsWith(pkgRoot)).map((p) => p.slice(pkgRoot.length)),
        what,
        { needIndex: false },
      );
      if (layout.refused.length) throw new CandidateError(`${what}: refused: ${layout.refused.join('; ')}`);
      const files = new Map<string, Uint8Array>();
      for (const [raw, p] of layout.paths) files.set(p, entries.get(pkgRoot + raw)!);
      return { project, files };
    }
  }
  const layout = candidateLayout(entries.keys(), what);
  if (layout.refused.length) throw new CandidateError(`${what}: refused: ${layout.refused.join('; ')}`);
  const files = new Map<string, Uint8Array>();
  let html = '';
  for (const [raw, p] of layout.paths) {
    const data = entries.get(raw)!;
    if (p === 'index.html') html = new TextDecoder().decode(data);
    else files.set(p, data);
  }
  return { html, files };
}

/**
 * `path` as a candidate: an HTML file alone, a .zip, or a folder. `resultsTree`: the folder is
 * <results>/<task>/<model>/, whose eval.json, evalpoints/ and build log are ours, not the candidate's.
 */
export function readCandidate(path: string, opts: { resultsTree?: boolean } = {}): CliCandidate | CliProject {
  const st = statSync(path);
  try {
    if (st.isDirectory()) return candidateFromEntries(walk(path, opts.resultsTree ? OUTPUT_NAMES : null), path);
    if (/\.zip$/i.test(path)) return candidateFromEntries(unzip(path), path);
    return { html: readFileSync(path, 'utf8'), files: new Map() };
  } catch (e) {
    if (e instanceof CandidateError) throw e;
    throw new CandidateError(`${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export const isProject = (c: CliCandidate | CliProject): c is CliProject => 'project' in c;

/** The candidate as window.iwr.evaluate takes it. */
export function evaluateFields(c: CliCandidate): { html: string; files?: Array<{ path: string; base64: string }> } {
  if (!c.files.size) return { html: c.html };
  return { html: c.html, files: [...c.files].map(([p, data]) => ({ path: p, base64: Buffer.from(data).toString('base64') })) };
}
