// Shared by the cli-*.test.ts files: the real `iwr` process on the browser tests' build, and
// scratch copies of the sample results tree.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const repo = fileURLToPath(new URL('../..', import.meta.url));
export const DINO = `${repo}public/models/test-dinov2-tiny.onnx`;
export const SAMPLE_RESULTS = `${repo}public/samples/results`;

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export function env(): NodeJS.ProcessEnv {
  // The CLI uses the build the browser tests made, so it never rebuilds dist/ under other runs.
  return { ...process.env, IWR_DIST: inject('distDir') };
}

export function iwr(args: string[], timeout = 900_000): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`${repo}bin/iwr.mjs`, ...args],
      { cwd: repo, env: env(), timeout, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 99) : 0, stdout, stderr }),
    );
  });
}

export function spawnIwr(args: string[]): ChildProcess & { out: { stdout: string; stderr: string } } {
  const child = spawn(process.execPath, [`${repo}bin/iwr.mjs`, ...args], { cwd: repo, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  return Object.assign(child, { out });
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/**
 * The exit code; when the process has not exited within `ms`, it is killed and the test fails
 * with its output (a hang then says where it stopped instead of timing the test out).
 */
export async function exitedWithin(child: ChildProcess & { out: { stdout: string; stderr: string } }, ms: number): Promise<number | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const code = await Promise.race([exited(child), late]).finally(() => clearTimeout(timer));
  if (code !== 'late') return code;
  child.kill('SIGKILL');
  throw new Error(`no exit after ${ms / 1000} s; stderr:\n${child.out.stderr}\nstdout:\n${child.out.stdout}`);
}

/** A fresh copy of the sample results (only the given models' index.html files). */
export function scratchResults(models: string[], tasks?: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'iwr-results-'));
  for (const task of readdirSync(SAMPLE_RESULTS)) {
    if (tasks && !tasks.includes(task)) continue;
    for (const m of models) {
      const html = join(SAMPLE_RESULTS, task, m, 'index.html');
      if (existsSync(html)) cpSync(html, join(dir, task, m, 'index.html'));
    }
  }
  return dir;
}

/** The arguments of `iwr eval` on one page of a dataset (default: the samples), then `extra`. */
export function evalArgs(o: { task: string; html: string; out: string; data?: string }, ...extra: string[]): string[] {
  return ['eval', '--data', o.data ?? 'samples', '--task', o.task, '--html', o.html, '--out', o.out, ...extra];
}

/** eval.json text by task for one model dir. */
export function evalJsons(results: string, modelDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const task of readdirSync(results)) {
    const f = join(results, task, modelDir, 'eval.json');
    if (existsSync(f)) out[task] = readFileSync(f, 'utf8');
  }
  return out;
}

export async function waitFor(check: () => boolean, what: string, timeoutMs = 600_000): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
