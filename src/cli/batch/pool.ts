// One headless Chromium and K app pages for a batch. Each page ("slot") has its own browser
// context, so a page that crashes or hangs takes nothing else down, and its own workers (OCR,
// DINO). A browser that dies (killed, OOM) is relaunched once per failure; the runner retries
// the interrupted tasks on the new one.
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
  close(): Promise<void>;
}

export interface PoolOptions {
  mounts: Record<string, string>;
  viewport: { width: number; height: number };
  /** Readies a fresh page (attach the data, load the DINO model); returns the source id. */
  prepare(slot: Pick<Slot, 'page' | 'url'>): Promise<string>;
  onLog?: (line: string) => void;
}

export class BrowserPool {
  restarts = 0;
  private browser: Browser | null = null;
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
    this.browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs({ webgpu: false }) });
  }

  /** Relaunches a dead browser; concurrent callers share one relaunch. */
  async revive(): Promise<void> {
    if (this.closed) throw new Error('the batch is stopping');
    if (this.connected) return;
    this.relaunching ??= (async () => {
      this.restarts++;
      this.opts.onLog?.(`the browser is gone; relaunching it (restart ${this.restarts})`);
      await this.browser?.close().catch(() => {});
      await this.launch();
    })().finally(() => {
      this.relaunching = null;
    });
    await this.relaunching;
  }

  async newSlot(): Promise<Slot> {
    if (!this.browser || !this.connected) await this.revive();
    const browser = this.browser as Browser;
    const context = await browser.newContext({ viewport: this.opts.viewport });
    try {
      const page = await context.newPage();
      const slot: Slot = {
        page,
        context,
        url: this.url,
        sourceId: '',
        crashed: null,
        close: () => context.close().catch(() => {}),
      };
      page.on('crash', () => {
        slot.crashed = 'the page crashed (renderer process gone)';
      });
      await page.goto(this.url);
      await page.waitForFunction(() => window.iwr?.ready === true, null, { timeout: 60_000 });
      slot.sourceId = await this.opts.prepare(slot);
      return slot;
    } catch (e) {
      await context.close().catch(() => {});
      throw e;
    }
  }

  private closing: Promise<void> | null = null;

  /** Idempotent: Ctrl-C and the end of the batch may both close. */
  close(): Promise<void> {
    this.closed = true;
    this.closing ??= (async () => {
      await this.browser?.close().catch(() => {});
      await this.stopServer();
    })();
    return this.closing;
  }
}
