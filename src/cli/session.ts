// A headless Chromium session on the built app: the CLI's only way to run browser code.
// It serves dist/ (building it first when missing) with local folders mounted over HTTP,
// opens the app, and waits for `window.iwr`.
import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { chromiumArgs, findChromium, NO_BROWSER_MESSAGE } from '../../scripts/find-chromium.mjs';
import { UsageError } from './command.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export async function ensureBuilt(force = false): Promise<string> {
  const dist = process.env.IWR_DIST ?? `${repoRoot}dist`;
  if (force || !existsSync(`${dist}/index.html`)) {
    process.stderr.write('iwr: building the app (first run)...\n');
    const { build } = await import('vite');
    await build({ root: repoRoot, logLevel: 'warn', configFile: `${repoRoot}vite.config.ts` });
  }
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

export async function openAppSession(opts: SessionOptions = {}): Promise<AppSession> {
  const executablePath = findChromium();
  if (!executablePath) throw new UsageError(NO_BROWSER_MESSAGE);
  const dist = await ensureBuilt();
  const server = await startServer({ root: dist, mounts: opts.mounts ?? {} });
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs({ webgpu: opts.webgpu ?? false }) });
  try {
    const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 720 } });
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
