// The app side of the sandbox: one iframe per run with `sandbox="allow-scripts
// allow-forms"` (opaque origin: never allow-same-origin, popups or top navigation), the
// bootstrap srcdoc, and a MessageChannel whose port is the only way in or out. The app
// never listens to window messages, so a candidate's parent.postMessage reaches nothing;
// port messages are checked for shape before use, since the candidate shares the agent's realm.
import { HELLO, type AgentCommand, type AgentEvent, type AgentMessage, type NetworkPolicy } from '../agent/protocol.ts';
import { bootstrapHtml } from './bootstrap.ts';

export type SandboxErrorCode = 'timeout' | 'dead' | 'agent' | 'aborted' | 'start';

export class SandboxError extends Error {
  override name = 'SandboxError';
  constructor(
    public code: SandboxErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface SandboxOptions {
  width: number;
  height: number;
  policy?: NetworkPolicy;
  /** Where the frame goes. Default: a fixed panel in the app's bottom-right corner. */
  container?: HTMLElement;
  /** CSS-scale the frame to the container's width (display only: layout and captures stay at width x height). Default true. */
  fit?: boolean;
  /** How long the bootstrap may take to hand back its ready signal. */
  startTimeoutMs?: number;
  /**
   * The frame takes the real pointer (trusted input through the browser protocol). The
   * default panel has `pointer-events: none`, inherited by the frame, because the agent
   * dispatches events inside the frame; protocol-level mouse events are hit-tested by the
   * browser and would land on the app underneath instead. Default false.
   */
  pointer?: boolean;
}

const SANDBOX_FLAGS = 'allow-scripts allow-forms';
const DEFAULT_HOST_ID = 'iwr-sandbox-host';
/** One start attempt: a healthy bootstrap answers in well under a second, even on 2 busy cores. */
const START_ATTEMPT_MS = 4000;

function defaultContainer(): HTMLElement {
  let host = document.getElementById(DEFAULT_HOST_ID);
  if (!host) {
    host = document.createElement('div');
    host.id = DEFAULT_HOST_ID;
    // On screen (a frame entirely off screen is throttled: no animation frames, no timers
    // at full rate) but small and out of the way.
    Object.assign(host.style, {
      position: 'fixed',
      right: '8px',
      bottom: '8px',
      width: '320px',
      zIndex: '2147483000',
      pointerEvents: 'none',
      background: '#fff',
      boxShadow: '0 0 0 1px #8884',
    });
    document.body.appendChild(host);
  }
  return host;
}

function isAgentMessage(v: unknown): v is AgentMessage {
  if (!v || typeof v !== 'object') return false;
  const m = v as { kind?: unknown; reply?: { id?: unknown }; event?: { type?: unknown } };
  if (m.kind === 'reply') return typeof m.reply?.id === 'number';
  if (m.kind === 'event') return typeof m.event?.type === 'string';
  return false;
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export class SandboxHost {
  readonly iframe: HTMLIFrameElement;
  readonly policy: NetworkPolicy;
  private port: MessagePort | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private listeners = new Set<(e: AgentEvent) => void>();
  private deadReason: string | null = null;
  private wrapper: HTMLElement;

  private constructor(readonly opts: SandboxOptions) {
    this.policy = opts.policy ?? 'blocked';
    const container = opts.container ?? defaultContainer();
    this.wrapper = document.createElement('div');
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', SANDBOX_FLAGS);
    iframe.setAttribute('data-iwr-sandbox', '');
    iframe.setAttribute('referrerpolicy', 'no-referrer');
    iframe.setAttribute('allow', '');
    iframe.title = 'candidate page (sandboxed)';
    iframe.width = String(opts.width);
    iframe.height = String(opts.height);
    Object.assign(iframe.style, {
      border: '0',
      display: 'block',
      width: `${opts.width}px`,
      height: `${opts.height}px`,
      transformOrigin: '0 0',
      background: '#fff',
    });
    this.wrapper.appendChild(iframe);
    container.appendChild(this.wrapper);
    if (opts.pointer) this.wrapper.style.pointerEvents = 'auto';
    if (opts.fit === false && !opts.container) {
      // Unscaled in the default panel: pin the frame to the top-left so all of it is on screen.
      Object.assign(this.wrapper.style, { position: 'fixed', left: '0', top: '0', zIndex: '2147483001' });
    }
    if (opts.fit !== false) {
      const scale = Math.min(1, (container.clientWidth || opts.width) / opts.width);
      iframe.style.transform = `scale(${scale})`;
      Object.assign(this.wrapper.style, { width: `${opts.width * scale}px`, height: `${opts.height * scale}px`, overflow: 'hidden' });
    }
    this.iframe = iframe;
  }

  /**
   * Opens a frame and waits for the agent. A frame killed by the watchdog leaves its
   * process busy for a few seconds, and Chromium may place the next sandboxed frame of the
   * same site in that process; so a start that hangs is abandoned and retried with a new
   * frame until the overall limit.
   */
  static async open(opts: SandboxOptions): Promise<SandboxHost> {
    const limit = opts.startTimeoutMs ?? 30_000;
    const end = performance.now() + limit;
    let attempt = 0;
    for (;;) {
      attempt++;
      const host = new SandboxHost(opts);
      const left = end - performance.now();
      try {
        await host.start(Math.max(1, Math.min(left, START_ATTEMPT_MS)));
        return host;
      } catch (err) {
        host.destroy('start failed');
        if (end - performance.now() <= 0) {
          throw new SandboxError(
            'start',
            `the sandbox did not start within ${Math.round(limit / 100) / 10} s (${attempt} attempts; ${err instanceof Error ? err.message : String(err)})`,
          );
        }
      }
    }
  }

  private async start(timeoutMs: number): Promise<void> {
    // The agent (snapdom's DOM capture inside) is a third of a megabyte that only screens
    // with a sandbox need: loaded with the first frame, then kept by the module cache.
    const { default: agentSource } = await import('virtual:iwr-agent');
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new SandboxError('start', `no ready signal within ${Math.round(timeoutMs)} ms`)), timeoutMs);
      let loads = 0;
      this.iframe.addEventListener('load', () => {
        loads++;
        if (loads > 1) return;
        const channel = new MessageChannel();
        this.port = channel.port1;
        channel.port1.onmessage = (ev) => this.onPortMessage(ev);
        const off = this.onEvent((e) => {
          if (e.type !== 'ready') return;
          off();
          clearTimeout(timer);
          resolve();
        });
        // The opaque origin has no name to target: '*' is the only choice; the port is
        // what makes the channel private.
        this.iframe.contentWindow?.postMessage({ type: HELLO }, '*', [channel.port2]);
      });
      this.iframe.srcdoc = bootstrapHtml(agentSource, this.policy);
    });
  }

  private onPortMessage(ev: MessageEvent): void {
    if (ev.currentTarget !== this.port || this.deadReason) return;
    const msg: unknown = ev.data;
    if (!isAgentMessage(msg)) return;
    if (msg.kind === 'reply') {
      const p = this.pending.get(msg.reply.id);
      if (!p) return;
      this.pending.delete(msg.reply.id);
      clearTimeout(p.timer);
      if (msg.reply.ok) p.resolve(msg.reply.value);
      else p.reject(new SandboxError('agent', String(msg.reply.error)));
      return;
    }
    if (msg.event.type === 'unload') {
      this.kill('the page navigated its frame away (a link, form or location change); the agent went with it');
    }
    for (const fn of this.listeners) fn(msg.event);
  }

  onEvent(fn: (e: AgentEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  get dead(): string | null {
    return this.deadReason;
  }

  /** Sends a command; rejects with SandboxError on timeout, a dead frame, an abort or an agent error. */
  request<T>(command: AgentCommand, timeoutMs: number, signal?: AbortSignal): Promise<T> {
    if (this.deadReason) return Promise.reject(new SandboxError('dead', this.deadReason));
    if (signal?.aborted) return Promise.reject(new SandboxError('aborted', 'aborted'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new SandboxError(
            'timeout',
            `the page did not answer "${command.cmd}" within ${Math.round(timeoutMs / 100) / 10} s (a script loops, the frame crashed, or it never loaded)`,
          ),
        );
      }, timeoutMs);
      const onAbort = () => {
        if (!this.pending.delete(id)) return;
        clearTimeout(timer);
        reject(new SandboxError('aborted', 'aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (v) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(v as T);
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
        timer,
      });
      const transfer: Transferable[] = [];
      this.port?.postMessage({ ...command, id }, transfer);
    });
  }

  private kill(reason: string): void {
    if (this.deadReason) return;
    this.deadReason = reason;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new SandboxError('dead', reason));
      this.pending.delete(id);
    }
  }

  /** Tears the frame down: a looping or crashed page goes with it; the app keeps running. */
  destroy(reason = 'closed'): void {
    this.kill(reason);
    this.port?.close();
    this.port = null;
    // Navigating to about:blank first lets Chromium drop the frame's process promptly.
    try {
      this.iframe.srcdoc = '';
      this.iframe.removeAttribute('srcdoc');
      this.iframe.src = 'about:blank';
    } catch {
      /* detached */
    }
    this.wrapper.remove();
    this.listeners.clear();
  }
}
