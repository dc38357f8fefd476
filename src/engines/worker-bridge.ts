// One bridge per worker (STYLE "Habits" 4): the worker starts on the first call, every
// call takes an AbortSignal first, an abort terminates the worker (so the heavy work really
// stops) and the next call starts a fresh one, and a worker idle for `idleMs` is ended to
// give its memory back. `setup` runs once on each fresh worker (e.g. to load a model).
// A worker that fails (an uncaught error, a script that does not load, a message it cannot
// read) is ended and every call waiting on it rejects with what happened; so do the other
// calls of a worker ended by an abort. Comlink only answers calls whose function returns or
// throws: a call on a dead worker would otherwise wait forever.
import { wrap, releaseProxy, type Remote } from 'comlink';

export interface BridgeOptions<T> {
  name: string;
  create: () => Worker;
  idleMs: number;
  setup?: (api: Remote<T>, signal: AbortSignal | undefined) => Promise<void>;
}

export function abortError(signal: AbortSignal | undefined, what: string): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  return new DOMException(`${what} was cancelled`, 'AbortError');
}

export class WorkerBridge<T> {
  private worker: Worker | null = null;
  private api: Remote<T> | null = null;
  private ready: Promise<Remote<T>> | null = null;
  private active = 0;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped on every terminate so a late setup of an old worker is ignored. */
  private generation = 0;
  /** Rejecters of the calls waiting on the current worker, for when it fails. */
  private readonly waiting = new Set<(err: Error) => void>();

  constructor(private readonly opts: BridgeOptions<T>) {}

  get running(): boolean {
    return this.worker !== null;
  }

  /** Runs `fn` against the worker; rejects with an AbortError and ends the worker on abort. */
  async call<R>(signal: AbortSignal | undefined, fn: (api: Remote<T>) => Promise<R>): Promise<R> {
    if (signal?.aborted) throw abortError(signal, this.opts.name);
    this.active++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    let onAbort: (() => void) | null = null;
    let fail: ((err: Error) => void) | null = null;
    const aborted = new Promise<never>((_, reject) => {
      fail = reject;
      this.waiting.add(reject);
      onAbort = () => {
        reject(abortError(signal, this.opts.name));
        this.terminate();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const api = await Promise.race([this.start(signal), aborted]);
      return await Promise.race([fn(api), aborted]);
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      if (fail) this.waiting.delete(fail);
      this.active--;
      if (this.active === 0 && this.worker) this.idleTimer = setTimeout(() => this.terminate(), this.opts.idleMs);
    }
  }

  private start(signal: AbortSignal | undefined): Promise<Remote<T>> {
    if (this.ready) return this.ready;
    const gen = this.generation;
    const worker = this.opts.create();
    worker.addEventListener('error', (e) => this.failed(gen, e));
    worker.addEventListener('messageerror', (e) => this.failed(gen, e));
    this.worker = worker;
    const api = wrap<T>(worker);
    this.api = api;
    this.ready = (async () => {
      if (this.opts.setup) await this.opts.setup(api, signal);
      if (gen !== this.generation) throw new DOMException(`${this.opts.name} was restarted`, 'AbortError');
      return api;
    })();
    // A failed setup must not poison the next call: forget the worker so it starts fresh.
    this.ready.catch(() => {
      if (gen === this.generation) this.terminate();
    });
    return this.ready;
  }

  /** Ends a worker that failed and rejects the calls waiting on it (only its own generation's). */
  private failed(gen: number, e: Event): void {
    if (gen !== this.generation) return;
    const what =
      e.type === 'messageerror'
        ? 'a message it could not read'
        : e instanceof ErrorEvent && e.message
          ? `${e.message}${e.filename ? ` (${e.filename}:${e.lineno})` : ''}`
          : 'its script did not load or it crashed';
    const err = new Error(`The ${this.opts.name} worker stopped: ${what}. The next call starts a new one.`);
    console.error(`[${this.opts.name} worker]`, err.message);
    this.terminate(err);
  }

  /**
   * Ends the worker; calls still waiting on it reject with `reason`. By default that is not an
   * AbortError: a call ended because another was cancelled (or the model was changed) was not
   * cancelled itself, and must not pass for a cancellation in its run.
   */
  terminate(reason?: Error): void {
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const reject of waiting) reject(reason ?? new Error(`The ${this.opts.name} worker was stopped before it answered`));
    this.generation++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.api?.[releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
    this.ready = null;
  }
}
