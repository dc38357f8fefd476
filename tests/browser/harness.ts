// Shared helpers for browser tests: one headless system Chromium per test file,
// a fresh context (and so fresh IndexedDB) per `openApp` unless a context is passed.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { mkdirSync } from 'node:fs';
import { chromiumArgs, findChromium, NO_BROWSER_MESSAGE } from '../../scripts/find-chromium.mjs';

export const appUrl = (): string => inject('appUrl');

/**
 * One headless Chromium. Its contexts block the app's service worker unless `serviceWorkers`
 * is set: its background precache (38 MB per fresh profile, src/ui/offline/) has nothing to do
 * with what most files test and would only compete for the two cores. The files about loading
 * and offline use (offline, quiet-load, app-smoke, static-hosting) keep it.
 */
export async function launchBrowser(opts: { webgpu?: boolean; serviceWorkers?: boolean } = {}): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_BROWSER_MESSAGE);
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs(opts) });
  if (opts.serviceWorkers) return browser;
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (o = {}) => newContext({ serviceWorkers: 'block', ...o });
  browser.newPage = (o = {}) => newPage({ serviceWorkers: 'block', ...o });
  return browser;
}

export interface OpenAppOptions {
  context?: BrowserContext;
  viewport?: { width: number; height: number };
  /** Path and query after the app root, e.g. '#/tasks'. */
  path?: string;
}

/** Opens the built app and waits for its test/CLI API (`window.iwr`) to be ready. */
export async function openApp(browser: Browser, opts: OpenAppOptions = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = opts.context ?? (await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 720 } }));
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  await page.goto(appUrl() + (opts.path ?? ''));
  await page.waitForFunction(() => (window as unknown as { iwr?: { ready?: boolean } }).iwr?.ready === true, null, { timeout: 30_000 });
  return { page, context };
}

/** Where tests leave screenshots and other artifacts (not committed). */
export function artifactPath(name: string): string {
  mkdirSync('test-artifacts', { recursive: true });
  return `test-artifacts/${name}`;
}

/** PNG data URLs of one solid colour each, drawn in the page (the pictures a judge question shows). */
export function solidPngs(page: Page, colours: string[], size: { width: number; height: number }): Promise<string[]> {
  return page.evaluate(
    ([cs, w, h]) =>
      Promise.all(
        cs.map(async (colour) => {
          const c = new OffscreenCanvas(w, h);
          const g = c.getContext('2d')!;
          g.fillStyle = colour;
          g.fillRect(0, 0, w, h);
          const b = await c.convertToBlob({ type: 'image/png' });
          return await new Promise<string>((res) => {
            const r = new FileReader();
            r.onload = () => res(r.result as string);
            r.readAsDataURL(b);
          });
        }),
      ),
    [colours, size.width, size.height] as const,
  );
}
