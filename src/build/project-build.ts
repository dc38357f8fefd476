// Building a project candidate (a package.json with a "build" script) into the folder of files
// that is evaluated. The steps, their order, the time limit, the messages and the record are the
// same wherever the build runs; only the container differs: the CLI's is a temporary folder
// with the local Node and npm (src/cli/build.ts), the tab's is a WebContainer
// (./webcontainer.ts). So the CLI's end-to-end test exercises this file as the tab uses it.
import type { ProjectInfo } from '../shared/candidate-files.ts';

/** Where a build runs: a working folder, commands in it, and its files read back. */
export interface BuildContainer {
  readonly tool: BuildRecord['tool'];
  /** Writes the project's files into the working folder. */
  mount(files: ReadonlyMap<string, Uint8Array>): Promise<void>;
  /**
   * Runs `cmd args` in the working folder, its output passed to `log` as it comes; resolves
   * with the exit code. When `signal` aborts, the command (and what it started) is killed and
   * the promise settles soon after, with any value.
   */
  run(cmd: string, args: string[], log: (text: string) => void, signal: AbortSignal): Promise<number>;
  /** The files under `dir` of the working folder, by path relative to it; null when `dir` does not exist. */
  readTree(dir: string): Promise<Map<string, Uint8Array> | null>;
  /** Node and npm versions, for the record. */
  versions(): Promise<{ node: string; npm: string }>;
}

export interface BuildRecord {
  tool: 'node+npm' | 'webcontainer';
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

export type BuildStage = 'mount' | 'install' | 'build' | 'output';

export class BuildError extends Error {
  override name = 'BuildError';
}

export const DEFAULT_BUILD_TIMEOUT_MS = 300_000;

export interface BuildSteps {
  /** Limit for everything after mounting: install and build together. */
  timeoutMs: number;
  /** How dependencies arrive: `npm install`, or a line saying what the container did instead (recorded as is). */
  install: 'npm install' | { done: string };
  log: (text: string) => void;
  onStage?: (stage: BuildStage) => void;
  /** Cancels the build (a person pressed Cancel, a new input arrived). */
  signal?: AbortSignal;
}

const hex = (buf: ArrayBuffer): string => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

async function sha256(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return hex(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** SHA-256 over the sorted "path sha256" lines of `files`: the same tree gives the same hash in the CLI and the tab. */
export async function treeHash(files: ReadonlyMap<string, Uint8Array>): Promise<string> {
  const lines = await Promise.all([...files].map(async ([p, data]) => `${p} ${await sha256(data)}`));
  return sha256(lines.sort().join('\n'));
}

/** One command under the build's deadline and the caller's signal; a non-zero exit, a timeout or a cancel throws BuildError. */
async function step(c: BuildContainer, cmd: string, args: string[], s: BuildSteps, deadline: number): Promise<void> {
  const line = `${cmd} ${args.join(' ')}`;
  s.log(`$ ${line}\n`);
  const stop = new AbortController();
  const left = Math.max(1, deadline - Date.now());
  let why: 'timeout' | 'cancel' | null = null;
  const timer = setTimeout(() => {
    why = 'timeout';
    stop.abort();
  }, left);
  const onCancel = () => {
    why ??= 'cancel';
    stop.abort();
  };
  s.signal?.addEventListener('abort', onCancel);
  try {
    if (s.signal?.aborted) onCancel();
    // The container kills the command on abort; the step does not wait for that to finish.
    const stopped = new Promise<number>((r) => stop.signal.addEventListener('abort', () => r(-1), { once: true }));
    const code = why ? -1 : await Promise.race([c.run(cmd, args, s.log, stop.signal), stopped]);
    if (why === 'timeout')
      throw new BuildError(
        `\`${line}\` did not finish within the build's time limit (${left < 1000 ? `${left} ms` : `${Math.round(left / 1000)} s`})`,
      );
    if (why === 'cancel') throw new BuildError(`\`${line}\` was cancelled`);
    if (code !== 0) throw new BuildError(`\`${line}\` failed (exit ${code})`);
  } catch (e) {
    if (e instanceof BuildError) throw e;
    throw new BuildError(`\`${cmd}\` could not start: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    clearTimeout(timer);
    s.signal?.removeEventListener('abort', onCancel);
  }
}

/**
 * Builds `project` in `c`: mount, install (or what the container did instead), `npm run build`,
 * then reads the output folder. Returns its files (paths relative to that folder) and the record
 * eval.json keeps. Throws BuildError with the reason; the log has the rest.
 */
export async function buildProjectIn(
  c: BuildContainer,
  p: { project: ProjectInfo; files: ReadonlyMap<string, Uint8Array> },
  s: BuildSteps,
): Promise<{ outputs: Map<string, Uint8Array>; record: BuildRecord }> {
  const t0 = Date.now();
  s.onStage?.('mount');
  await c.mount(p.files);
  const deadline = Date.now() + s.timeoutMs;
  s.onStage?.('install');
  if (s.install === 'npm install') await step(c, 'npm', ['install', '--no-audit', '--no-fund'], s, deadline);
  else s.log(`# ${s.install.done} (no npm install)\n`);
  s.onStage?.('build');
  await step(c, 'npm', ['run', 'build'], s, deadline);
  s.onStage?.('output');
  const outputs = await c.readTree(p.project.outDir);
  if (!outputs) throw new BuildError(`the build wrote no ${p.project.outDir}/ folder`);
  if (!outputs.size) throw new BuildError(`the build's ${p.project.outDir}/ folder is empty`);
  const versions = await c.versions();
  const record: BuildRecord = {
    tool: c.tool,
    node: versions.node,
    npm: versions.npm,
    script: p.project.build,
    install: s.install === 'npm install' ? 'npm install' : s.install.done,
    out_dir: p.project.outDir,
    project_hash: await treeHash(p.files),
    output_hash: await treeHash(outputs),
    ms: Date.now() - t0,
  };
  s.log(`# built in ${record.ms} ms; output ${p.project.outDir}/ ${outputs.size} files, sha256 ${record.output_hash}\n`);
  return { outputs, record };
}

/** eval.json text with the build recorded under iwr_studio.build (the key order of the rest kept). */
export function withBuildRecord(evalJson: string, record: BuildRecord): string {
  const rec = JSON.parse(evalJson) as { iwr_studio?: Record<string, unknown> };
  rec.iwr_studio = { ...(rec.iwr_studio ?? {}), build: record };
  const indent = /^\{\n( +)"/.exec(evalJson)?.[1]?.length ?? 0;
  return JSON.stringify(rec, null, indent) + (evalJson.endsWith('\n') ? '\n' : '');
}
