// A headless Chromium session on the built app: the CLI's only way to run browser code.
// It serves dist/ (building it first when missing) with local folders mounted over HTTP,
// opens the app, and waits for `window.iwr`.
import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { chromiumArgs, findChromium, NO_BROWSER_MESSAGE } from '../../scripts/find-chromium.mjs';
import { UsageError } from './command.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const BUILD_INPUTS = ['src', 'workers', 'public', 'index.html', 'vite.config.ts', 'package.json', 'scripts/vendor-assets.mjs'];

/** Newest modification time under the build's inputs (ms). */
function newestInput(): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const st = statSync(path);
    if (st.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of BUILD_INPUTS) visit(join(repoRoot, p));
  return newest;
}

/**
 * The built app the CLI serves: IWR_DIST when set (used as it is), else dist/, rebuilt when
 * missing or older than its sources. The build goes to a temporary folder renamed into place,
 * so two CLI processes never serve a half-written dist/.
 */
export async function ensureBuilt(force = false): Promise<string> {
  if (process.env.IWR_DIST) return process.env.IWR_DIST;
  const dist = `${repoRoot}dist`;
  const stamp = `${dist}/index.html`;
  if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= newestInput()) return dist;
  process.stderr.write(`iwr: building the app into ${dist} (sources changed or first run)...\n`);
  const tmp = `${dist}.tmp-${process.pid}`;
  const { build } = await import('vite');
  await build({ root: repoRoot, logLevel: 'warn', configFile: `${repoRoot}vite.config.ts`, build: { outDir: tmp, emptyOutDir: true } });
  const old = `${dist}.old-${process.pid}`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(tmp, dist);
  rmSync(old, { recursive: true, force: true });
  return dist;
}

export interface AppSession {
  browser: Browser;
  page: Page;
  /** Base URL of the app; mounted folders are at `${url}<prefix>`. */
  url: string;
  close(): Promise<void>;
}

export interface SessionOptions {
  /** URL prefix -> local folder, e.g. { '/local-data/': '/path/to/dataset' }. */
  mounts?: Record<string, string>;
  webgpu?: boolean;
  viewport?: { width: number; height: number };
}

/**
 * Serves the built app for a CLI browser (single sessions and batch pools alike). Cross-origin
 * isolated, so DINOv2 runs on multi-threaded WASM: one thread otherwise, half of a 2-core
 * machine idle during the costliest step of a batch.
 */
export function serveApp(dist: string, mounts: Record<string, string>): ReturnType<typeof startServer> {
  return startServer({ root: dist, mounts, crossOriginIsolated: true });
}

export async function openAppSession(opts: SessionOptions = {}): Promise<AppSession> {
  const executablePath = findChromium();
  if (!executablePath) throw new UsageError(NO_BROWSER_MESSAGE);
  const dist = await ensureBuilt();
  const server = await serveApp(dist, opts.mounts ?? {});
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs({ webgpu: opts.webgpu ?? false }) });
  try {
    // No service worker: every CLI run is a fresh profile, so its offline precache (tens of MB,
    // src/ui/offline/) would be fetched and thrown away each time.
    const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 720 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => window.iwr?.ready === true, null, { timeout: 60_000 });
    return {
      browser,
      page,
      url: server.url,
      async close() {
        await browser.close().catch(() => {});
        await server.close();
      },
    };
  } catch (err) {
    await browser.close().catch(() => {});
    await server.close();
    throw err;
  }
}
