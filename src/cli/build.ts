// Project candidates in the CLI: a package.json with a "build" script is built with the local
// Node and npm in a temporary folder (npm install, npm run build, under a time limit), and the
// folder the build wrote (dist/, or the one --outDir names) is evaluated as a multi-file
// candidate. The whole log is kept beside eval.json (build.log); eval.json records the tool,
// the versions and the hashes under iwr_studio.build. The steps themselves are shared with the
// tab's WebContainer build (src/build/project-build.ts); this file is the local container.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from './command.ts';
import { candidateFromEntries, evaluateFields, isProject, readCandidate, walk, type CliCandidate, type CliProject } from './candidate.ts';
import { BuildError, buildProjectIn, DEFAULT_BUILD_TIMEOUT_MS, type BuildContainer, type BuildRecord } from '../build/project-build.ts';

export { BuildError, withBuildRecord, type BuildRecord } from '../build/project-build.ts';

export interface BuildOptions {
  /** Limit for install and build together. */
  timeoutMs: number;
  /** Link this folder as the project's node_modules instead of running npm install (offline builds, tests). */
  depsDir?: string;
}

let npmVersion: string | null = null;
function npmVersionOnce(): string {
  npmVersion ??= spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout?.trim() || 'unknown';
  return npmVersion;
}

/** A temporary folder with the local Node and npm; each command in its own process group, so a kill takes its children too. */
class LocalContainer implements BuildContainer {
  readonly tool = 'node+npm' as const;
  constructor(readonly dir: string) {}

  async mount(files: ReadonlyMap<string, Uint8Array>): Promise<void> {
    for (const [path, data] of files) {
      const abs = join(this.dir, path);
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, data);
    }
  }

  run(cmd: string, args: string[], log: (text: string) => void, signal: AbortSignal): Promise<number> {
    return new Promise((resolveRun, reject) => {
      const child = spawn(cmd, args, {
        cwd: this.dir,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, CI: '1', NO_COLOR: '1' },
      });
      const kill = () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      };
      signal.addEventListener('abort', kill, { once: true });
      // Decoded as a stream: a character split across two chunks stays whole in the log.
      child.stdout.setEncoding('utf8').on('data', log);
      child.stderr.setEncoding('utf8').on('data', log);
      child.on('error', reject);
      child.on('close', (code) => {
        signal.removeEventListener('abort', kill);
        resolveRun(code ?? -1);
      });
    });
  }

  async readTree(dir: string): Promise<Map<string, Uint8Array> | null> {
    const abs = join(this.dir, dir);
    return existsSync(abs) && statSync(abs).isDirectory() ? walk(abs, null) : null;
  }

  async versions(): Promise<{ node: string; npm: string }> {
    return { node: process.version, npm: npmVersionOnce() };
  }
}

/** Builds `p` and reads its output folder as a candidate; throws BuildError naming the log on failure. */
export async function buildProject(
  p: CliProject,
  logFile: string,
  opts: BuildOptions,
): Promise<{ candidate: CliCandidate; record: BuildRecord }> {
  const dir = mkdtempSync(join(tmpdir(), 'iwr-build-'));
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  try {
    let install: 'npm install' | { done: string } = 'npm install';
    if (opts.depsDir) {
      const deps = resolve(opts.depsDir);
      if (!existsSync(deps) || !statSync(deps).isDirectory()) throw new BuildError(`--build-deps ${opts.depsDir}: no such folder`);
      symlinkSync(deps, join(dir, 'node_modules'), 'dir');
      install = { done: `linked ${deps} as node_modules` };
    }
    const { outputs, record } = await buildProjectIn(new LocalContainer(dir), p, {
      timeoutMs: opts.timeoutMs,
      install,
      log: (text) => log.write(text),
    });
    const built = candidateFromEntries(outputs, `${p.project.outDir}/`);
    if (isProject(built)) throw new BuildError(`${p.project.outDir}/ holds a package.json with a build script, not a built page`);
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
