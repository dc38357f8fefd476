// One bridge per worker (STYLE "Habits" 4): the worker starts on the first call, every
// call takes an AbortSignal first, an abort terminates the worker (so the heavy work really
// stops) and the next call starts a fresh one, and a worker idle for `idleMs` is ended to
// give its memory back. `setup` runs once on each fresh worker (e.g. to load a model).
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
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        this.terminate();
        reject(abortError(signal, this.opts.name));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const api = await Promise.race([this.start(signal), aborted]);
      return await Promise.race([fn(api), aborted]);
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      this.active--;
      if (this.active === 0 && this.worker) this.idleTimer = setTimeout(() => this.terminate(), this.opts.idleMs);
    }
  }

  private start(signal: AbortSignal | undefined): Promise<Remote<T>> {
    if (this.ready) return this.ready;
    const gen = this.generation;
    const worker = this.opts.create();
    worker.addEventListener('error', (e) => console.error(`[${this.opts.name} worker]`, e.message));
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

  terminate(): void {
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
