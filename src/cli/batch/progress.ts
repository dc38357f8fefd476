// Batch progress on stderr: one redrawn bar with an ETA on a terminal, plain lines otherwise
// (CI logs, pipes), so a log never fills with carriage returns.
export interface ProgressOptions {
  total: number;
  /** Weight of each task (steps + 1): ETA from work done, not from task count. */
  weights: Map<string, number>;
  stream?: NodeJS.WriteStream;
}

function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return h ? `${h}h${String(m).padStart(2, '0')}m` : m ? `${m}m${String(r).padStart(2, '0')}s` : `${r}s`;
}

export class Progress {
  private readonly stream: NodeJS.WriteStream;
  private readonly tty: boolean;
  private readonly started = Date.now();
  private done = 0;
  private failed = 0;
  private doneWeight = 0;
  private readonly totalWeight: number;
  private readonly active = new Map<string, string>();
  private lastDraw = 0;

  constructor(private readonly opts: ProgressOptions) {
    this.stream = opts.stream ?? process.stderr;
    this.tty = Boolean(this.stream.isTTY) && process.env.TERM !== 'dumb';
    this.totalWeight = [...opts.weights.values()].reduce((a, b) => a + b, 0) || 1;
  }

  /** Remaining time from the work rate so far; null until one task finished. */
  eta(): number | null {
    if (!this.doneWeight) return null;
    const rate = (Date.now() - this.started) / this.doneWeight;
    return rate * (this.totalWeight - this.doneWeight);
  }

  start(task: string): void {
    this.active.set(task, 'starting');
    if (!this.tty) this.line(`task ${task}: started`);
    this.draw(true);
  }

  /** What a running task is doing, e.g. "step 3/7" or "ocr 2/5" (shown on the TTY bar only). */
  status(task: string, what: string): void {
    this.active.set(task, what);
    this.draw(false);
  }

  finish(task: string, outcome: string, failed: boolean): void {
    this.active.delete(task);
    this.done++;
    if (failed) this.failed++;
    this.doneWeight += this.opts.weights.get(task) ?? 1;
    this.line(`task ${task}: ${outcome}`);
    this.draw(true);
  }

  /** A message that must stay in the log (kept above the bar on a TTY). */
  line(text: string): void {
    if (this.tty) this.stream.write('\r\x1b[2K');
    const eta = this.eta();
    const prefix = this.tty ? '' : `[${this.done}/${this.opts.total}${eta !== null ? ` eta ${clock(eta)}` : ''}] `;
    this.stream.write(`${prefix}${text}\n`);
    if (this.tty) this.draw(true);
  }

  close(): void {
    if (this.tty) this.stream.write('\r\x1b[2K');
  }

  private draw(force: boolean): void {
    if (!this.tty) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < 200) return;
    this.lastDraw = now;
    const width = 24;
    const frac = this.doneWeight / this.totalWeight;
    const bar = '#'.repeat(Math.round(frac * width)).padEnd(width, '.');
    const eta = this.eta();
    const running = [...this.active].map(([t, s]) => `${t}:${s}`).join(' ');
    const text = `[${bar}] ${this.done}/${this.opts.total}${this.failed ? ` (${this.failed} failed)` : ''} ${clock(now - this.started)}${eta !== null ? ` eta ${clock(eta)}` : ''} ${running}`;
    const cols = this.stream.columns || 100;
    this.stream.write(`\r\x1b[2K${text.slice(0, cols - 1)}`);
  }
}
