// One headless Chromium and K app pages for a batch. Each page ("slot") has its own browser
// context, so a page that crashes or hangs takes nothing else down, and its own workers (OCR,
// DINO), which the runner limits to the page's share of the cores (--threads). A browser that
// dies (killed, OOM) is relaunched once per failure; the runner retries the interrupted tasks
// on the new one.
//
// Playwright calls pending when the browser dies do not always settle (browserContext.newPage
// stays pending forever when the browser is killed during it: measured), so every call into
// the browser races the browser's 'disconnected' event, and closing is bounded in time.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, findChromium, NO_BROWSER_MESSAGE } from '../../../scripts/find-chromium.mjs';
import { UsageError } from '../command.ts';
import { ensureBuilt, serveApp } from '../session.ts';

export interface Slot {
  page: Page;
  context: BrowserContext;
  url: string;
  /** Set by the pool's `prepare` (data source id, DINO model...). */
  sourceId: string;
  /** Last reason the page reported for its own end (crash), if any. */
  crashed: string | null;
  /** Why the runner closed this page (a watchdog), if it did: another task on it is retried. */
  closedBecause: string | null;
  close(reason?: string): Promise<void>;
}

export interface PoolOptions {
  mounts: Record<string, string>;
  viewport: { width: number; height: number };
  /** Readies a fresh page (attach the data, load the DINO model); returns the source id. */
  prepare(slot: Pick<Slot, 'page' | 'url'>): Promise<string>;
  onLog?: (line: string) => void;
}

/** The browser disconnected while a call into it was pending. */
export class BrowserGone extends Error {
  override name = 'BrowserGone';
}

// Setting up a page (load the app, attach the data, load the DINO model) takes seconds; minutes
// mean a wedged browser.
const SETUP_LIMIT_MS = 180_000;
// Closing a context or the browser: the work is done, so a hang here only costs the wait.
const CLOSE_LIMIT_MS = 15_000;

/** `p`, or undefined once `ms` have passed (p keeps running; its result is dropped). */
export function withinTime<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export class BrowserPool {
  restarts = 0;
  private browser: Browser | null = null;
  // Rejects with BrowserGone when the current browser disconnects (a new one per launch).
  private gone: Promise<never> = new Promise(() => {});
  private relaunching: Promise<void> | null = null;
  private closed = false;

  private constructor(
    private readonly opts: PoolOptions,
    readonly url: string,
    private readonly stopServer: () => Promise<void>,
  ) {}

  static async open(opts: PoolOptions): Promise<BrowserPool> {
    if (!findChromium()) throw new UsageError(NO_BROWSER_MESSAGE);
    const dist = await ensureBuilt();
    const server = await serveApp(dist, opts.mounts);
    const pool = new BrowserPool(opts, server.url, server.close);
    try {
      await pool.launch();
    } catch (e) {
      await server.close();
      throw e;
    }
    return pool;
  }

  get connected(): boolean {
    return this.browser?.isConnected() ?? false;
  }

  private async launch(): Promise<void> {
    const executablePath = findChromium();
    if (!executablePath) throw new UsageError(NO_BROWSER_MESSAGE);
    const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs({ webgpu: false }) });
    this.gone = new Promise<never>((_, reject) => browser.once('disconnected', () => reject(new BrowserGone('the browser is gone'))));
    this.gone.catch(() => {}); // observed by whileAlive's callers only
    this.browser = browser;
  }

  /**
   * Whether the browser disconnects within `ms`: a call may fail with "Target closed" just
   * before the 'disconnected' event arrives, and a retry must not depend on that order.
   */
  async goneWithin(ms: number): Promise<boolean> {
    if (!this.connected) return true;
    return (
      (await withinTime(
        this.gone.catch(() => true),
        ms,
      )) ?? false
    );
  }

  /** `p`, unless the browser disconnects first (then BrowserGone): a dead browser's calls may never settle. */
  whileAlive<T>(p: Promise<T>): Promise<T> {
    return Promise.race([p, this.gone]);
  }

  /** Relaunches a dead browser; concurrent callers share one relaunch. */
  async revive(): Promise<void> {
    if (this.closed) throw new Error('the batch is stopping');
    if (this.connected) return;
    this.relaunching ??= (async () => {
      this.restarts++;
      this.opts.onLog?.(`the browser is gone; relaunching it (restart ${this.restarts})`);
      await withinTime(this.browser?.close().catch(() => {}) ?? Promise.resolve(), CLOSE_LIMIT_MS);
      await this.launch();
    })().finally(() => {
      this.relaunching = null;
    });
    await this.relaunching;
  }

  async newSlot(): Promise<Slot> {
    if (!this.browser || !this.connected) await this.revive();
    const browser = this.browser as Browser;
    const context = await this.whileAlive(browser.newContext({ viewport: this.opts.viewport }));
    const state = { closedBecause: null as string | null };
    const close = async (reason?: string) => {
      state.closedBecause ??= reason ?? 'closed';
      await withinTime(
        context.close().catch(() => {}),
        CLOSE_LIMIT_MS,
      );
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the app page was not ready after ${SETUP_LIMIT_MS / 1000} s`)), SETUP_LIMIT_MS);
    });
    try {
      return await this.whileAlive(
        Promise.race([
          limit,
          (async () => {
            const page = await context.newPage();
            const slot: Slot = {
              page,
              context,
              url: this.url,
              sourceId: '',
              crashed: null,
              get closedBecause() {
                return state.closedBecause;
              },
              close,
            };
            page.on('crash', () => {
              slot.crashed = 'the page crashed (renderer process gone)';
            });
            await page.goto(this.url);
            await page.waitForFunction(() => window.iwr?.ready === true, null, { timeout: 60_000 });
            slot.sourceId = await this.opts.prepare(slot);
            return slot;
          })(),
        ]),
      );
    } catch (e) {
      await close();
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  private closing: Promise<void> | null = null;

  /** Idempotent: Ctrl-C and the end of the batch may both close. */
  close(): Promise<void> {
    this.closed = true;
    this.closing ??= (async () => {
      await withinTime(this.browser?.close().catch(() => {}) ?? Promise.resolve(), CLOSE_LIMIT_MS);
      await this.stopServer();
    })();
    return this.closing;
  }
}
