// A recording session: the page in the same sandbox as candidates (assets over the port,
// network blocked by default), the in-frame recorder on, the person's real input turned into
// steps (src/record) as it arrives, and screenshots taken by the app's capture at the
// official waits (1 s after load; 0.5 s after a step, when the caller marks it done).
// A page that navigates away, opens a popup or stops answering ends the recording with a
// message; the steps recorded so far are kept.
import type { AgentEvent, LoadResult, RecordState } from '../agent/protocol.ts';
import { SandboxHost } from '../sandbox/host.ts';
import { domCapture } from '../run/capture.ts';
import { CAPTURE_TIMEOUT_MS, LOAD_WAIT_MS, SANDBOX_START_MS } from '../run/replay.ts';
import { hashSeed } from '../shared/prng.ts';
import type { RecordedInput } from '../record/inputs.ts';
import { StepRecorder, type RawStep } from '../record/steps.ts';

export interface RecordingOptions {
  html: string;
  assets: Map<string, Blob>;
  width: number;
  height: number;
  /** The task id the recording will have: the page's Math.random is seeded as a replay of that task seeds it. */
  taskId: number;
  policy?: 'blocked' | 'allowed';
  container?: HTMLElement;
}

/** A screenshot with the time it was taken (the video's frames). */
export interface TimedShot {
  /** The state after this many steps. */
  k: number;
  png: Blob;
  at: number;
}

/** How often the page must answer, and how long it may take, before it counts as looping. */
const WATCHDOG_EVERY_MS = 1000;
const WATCHDOG_TIMEOUT_MS = 4000;

export class RecordingSession {
  readonly inputs: RecordedInput[] = [];
  readonly shots = new Map<number, TimedShot>();
  /** Where and when (ms since the session started, by the app's clock) the person clicked: the video's click marks. */
  readonly clicks: { x: number; y: number; at: number }[] = [];
  /** Why the recording ended on its own (navigation, popup, a loop), or null. */
  stopped: string | null = null;
  readonly startedAt = performance.now();
  private recorder = new StepRecorder();
  private listeners = new Set<() => void>();
  private watchdog: ReturnType<typeof setInterval> | null = null;

  private constructor(
    readonly host: SandboxHost,
    readonly options: RecordingOptions,
  ) {}

  static async open(options: RecordingOptions): Promise<RecordingSession> {
    const host = await SandboxHost.open({
      width: options.width,
      height: options.height,
      policy: options.policy ?? 'blocked',
      container: options.container,
      // The person's pointer must reach the frame at its real size.
      fit: false,
      pointer: true,
      startTimeoutMs: SANDBOX_START_MS,
    });
    const session = new RecordingSession(host, options);
    try {
      await session.start();
    } catch (err) {
      host.destroy('recording could not start');
      throw err;
    }
    return session;
  }

  private async start(): Promise<void> {
    const { host, options } = this;
    host.onEvent((e) => this.onEvent(e));
    const assets = [...options.assets].map(([name, blob]) => ({ name, blob }));
    const seed = hashSeed(`${options.taskId}|0`);
    const loaded = await host.request<LoadResult>({ cmd: 'load', html: options.html, assets, seed, policy: host.policy }, 30_000);
    if (loaded.missingAssets.length) throw new Error(`the page references assets that were not given: ${loaded.missingAssets.join(', ')}`);
    await new Promise((r) => setTimeout(r, LOAD_WAIT_MS));
    await this.capture(0);
    const state = await host.request<RecordState>({ cmd: 'record', on: true }, 5000);
    this.recorder = new StepRecorder(state.scrollY);
    this.watchdog = setInterval(() => {
      if (this.stopped) return;
      host.request({ cmd: 'ping' }, WATCHDOG_TIMEOUT_MS).catch(() => {
        this.stop(`the page stopped answering for ${WATCHDOG_TIMEOUT_MS / 1000} s (a script loops); recording stopped`);
      });
    }, WATCHDOG_EVERY_MS);
  }

  private onEvent(e: AgentEvent): void {
    if (this.stopped) return;
    if (e.type === 'recorded') {
      // Timed by the app's clock on arrival, as the screenshots are (the frame's clock has another origin).
      const input = { ...e.input, at: performance.now() - this.startedAt };
      this.inputs.push(input);
      if (input.kind === 'click') this.clicks.push({ x: input.x, y: input.y, at: input.at });
      this.recorder.push(input);
      this.changed();
    } else if (e.type === 'unload') {
      this.stop('the page navigated away (a link, a form or a script changed the location); recording stopped');
    } else if (e.type === 'opened') {
      this.stop(`the page tried to open a popup (${e.url || 'a new window'}); recording stopped`);
    }
  }

  /** Ends recording with a reason; the steps so far stay. */
  stop(reason: string): void {
    if (this.stopped) return;
    this.stopped = reason;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    this.changed();
  }

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }

  /** The steps so far (the open ones as they stand). */
  steps(): RawStep[] {
    return this.recorder.peek();
  }

  private async capture(k: number): Promise<void> {
    const { png } = await domCapture.capture(this.host, CAPTURE_TIMEOUT_MS);
    this.shots.set(k, { k, png, at: performance.now() - this.startedAt });
  }

  /**
   * A step is done: after the official 0.5 s wait (the caller waits), the screenshot of the
   * state after the steps so far. Returns that step count.
   */
  async mark(): Promise<number> {
    if (this.stopped) throw new Error(this.stopped);
    const k = this.recorder.peek().length;
    try {
      await this.capture(k);
    } catch (err) {
      // The page went away while its screenshot was being taken: that ends the recording, it is not a failure of the app.
      if (!this.stopped && this.host.dead) this.stop(`${this.host.dead}; recording stopped`);
      if (this.stopped) throw new Error(this.stopped, { cause: err });
      throw err;
    }
    return k;
  }

  /** Stops listening and returns the finished steps. The frame stays until destroy(). */
  async finish(): Promise<RawStep[]> {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    if (!this.host.dead && !this.stopped) await this.host.request<RecordState>({ cmd: 'record', on: false }, 5000).catch(() => undefined);
    return this.recorder.finish();
  }

  destroy(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.host.destroy('recording closed');
  }
}
