// Project candidates in the CLI: a package.json with a "build" script is built with the local
// Node and npm in a temporary folder (npm install, npm run build, under a time limit), and the
// folder the build wrote (dist/, or the one --outDir names) is evaluated as a multi-file
// candidate. The whole log is kept beside eval.json (build.log); eval.json records the tool,
// the versions and the hashes under iwr_studio.build.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from './command.ts';
import { evaluateFields, isProject, readCandidate, type CliCandidate, type CliProject } from './candidate.ts';

export interface BuildOptions {
  /** Limit for install and build together. */
  timeoutMs: number;
  /** Link this folder as the project's node_modules instead of running npm install (offline builds, tests). */
  depsDir?: string;
}

export interface BuildRecord {
  tool: 'node+npm';
  node: string;
  npm: string;
  script: string;
  install: string;
  out_dir: string;
  /** SHA-256 over the sorted "path sha256" lines of the project's files, and of the output's. */
  project_hash: string;
  output_hash: string;
  ms: number;
}

export class BuildError extends Error {
  override name = 'BuildError';
}

export const DEFAULT_BUILD_TIMEOUT_MS = 300_000;

function treeHash(files: ReadonlyMap<string, Uint8Array>): string {
  const lines = [...files].map(([p, data]) => `${p} ${createHash('sha256').update(data).digest('hex')}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

let npmVersion: string | null = null;
function npmVersionOnce(): string {
  npmVersion ??= spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout?.trim() || 'unknown';
  return npmVersion;
}

/** Runs one command in its own process group, its output appended to the log; the group is killed at the deadline. */
function run(cmd: string, args: string[], cwd: string, log: NodeJS.WritableStream, deadline: number): Promise<void> {
  return new Promise((resolveRun, reject) => {
    log.write(`$ ${cmd} ${args.join(' ')}\n`);
    const child = spawn(cmd, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: '1', NO_COLOR: '1' },
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    const left = Math.max(1, deadline - Date.now());
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      reject(new BuildError(`\`${cmd} ${args.join(' ')}\` did not finish within the build's time limit (${Math.round(left / 1000)} s)`));
    }, left);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new BuildError(`\`${cmd}\` could not start: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolveRun();
      else reject(new BuildError(`\`${cmd} ${args.join(' ')}\` failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Builds `p` and reads its output folder as a candidate; throws BuildError naming the log on failure. */
export async function buildProject(
  p: CliProject,
  logFile: string,
  opts: BuildOptions,
): Promise<{ candidate: CliCandidate; record: BuildRecord }> {
  const t0 = Date.now();
  const deadline = t0 + opts.timeoutMs;
  const dir = mkdtempSync(join(tmpdir(), 'iwr-build-'));
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  try {
    for (const [path, data] of p.files) {
      const abs = join(dir, path);
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, data);
    }
    let install = 'npm install';
    if (opts.depsDir) {
      const deps = resolve(opts.depsDir);
      if (!existsSync(deps) || !statSync(deps).isDirectory()) throw new BuildError(`--build-deps ${opts.depsDir}: no such folder`);
      symlinkSync(deps, join(dir, 'node_modules'), 'dir');
      install = `linked ${deps} as node_modules`;
      log.write(`# ${install} (no npm install)\n`);
    } else {
      await run('npm', ['install', '--no-audit', '--no-fund'], dir, log, deadline);
    }
    await run('npm', ['run', 'build'], dir, log, deadline);
    const out = join(dir, p.project.outDir);
    if (!existsSync(out)) throw new BuildError(`the build wrote no ${p.project.outDir}/ folder`);
    const built = readCandidate(out);
    if (isProject(built)) throw new BuildError(`${p.project.outDir}/ holds a package.json with a build script, not a built page`);
    const outputs = new Map(built.files);
    outputs.set('index.html', new TextEncoder().encode(built.html));
    const record: BuildRecord = {
      tool: 'node+npm',
      node: process.version,
      npm: npmVersionOnce(),
      script: p.project.build,
      install,
      out_dir: p.project.outDir,
      project_hash: treeHash(p.files),
      output_hash: treeHash(outputs),
      ms: Date.now() - t0,
    };
    log.write(`# built in ${record.ms} ms; output ${p.project.outDir}/ ${outputs.size} files, sha256 ${record.output_hash}\n`);
    return { candidate: built, record };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    log.write(`# build failed: ${msg}\n`);
    throw new BuildError(`build failed: ${msg}; log: ${logFile}`);
  } finally {
    await new Promise<void>((r) => log.end(r));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** eval.json text with the build recorded under iwr_studio.build (the key order of the rest kept). */
export function withBuildRecord(evalJson: string, record: BuildRecord): string {
  const rec = JSON.parse(evalJson) as { iwr_studio?: Record<string, unknown> };
  rec.iwr_studio = { ...(rec.iwr_studio ?? {}), build: record };
  const indent = /^\{\n( +)"/.exec(evalJson)?.[1]?.length ?? 0;
  return JSON.stringify(rec, null, indent) + (evalJson.endsWith('\n') ? '\n' : '');
}

export const BUILD_OPTION_SPEC = {
  'no-build': { type: 'boolean' },
  'build-timeout': { type: 'string' },
  'build-deps': { type: 'string' },
} as const;

export const BUILD_OPTION_USAGE = `  --no-build             refuse project candidates (a package.json with a "build" script)
                         instead of building them
  --build-timeout S      limit for a project's npm install + npm run build (default 300)
  --build-deps DIR       link DIR as a project's node_modules instead of npm install
                         (offline builds)`;

/** null: --no-build. */
export function buildArg(v: Record<string, string | boolean | undefined>): BuildOptions | null {
  if (v['no-build']) return null;
  const raw = v['build-timeout'];
  const s = raw === undefined ? DEFAULT_BUILD_TIMEOUT_MS / 1000 : Number(raw);
  if (!Number.isFinite(s) || s <= 0) throw new UsageError(`--build-timeout ${String(raw)}: expected a number of seconds`);
  const deps = v['build-deps'];
  return { timeoutMs: s * 1000, ...(typeof deps === 'string' ? { depsDir: deps } : {}) };
}

export interface PreparedCandidate {
  html: string;
  files?: Array<{ path: string; base64: string }>;
  build?: BuildRecord;
}

/**
 * The candidate at `path` ready for window.iwr.evaluate: read (file, folder or zip), and built
 * first when it is a project (log at `logFile`). Throws CandidateError or BuildError with the reason.
 */
export async function prepareCandidate(
  path: string,
  opts: { resultsTree?: boolean; build: BuildOptions | null; logFile: string },
): Promise<PreparedCandidate> {
  let c = readCandidate(path, opts.resultsTree ? { resultsTree: true } : {});
  let build: BuildRecord | undefined;
  if (isProject(c)) {
    if (!opts.build) throw new BuildError(`${path} is a project (package.json with a build script) and --no-build refuses projects`);
    const built = await buildProject(c, opts.logFile, opts.build);
    c = built.candidate;
    build = built.record;
  }
  return { ...evaluateFields(c), ...(build ? { build } : {}) };
}
