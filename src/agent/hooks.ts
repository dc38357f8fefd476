// What the agent installs on the window before the candidate runs: non-blocking dialogs
// (recorded and answered like the official harness's accept()), window.open refused and
// recorded, console output and errors forwarded, CSP violations reported as blocked
// requests, and the seeded Math.random.
import type { AgentContext } from './context.ts';
import { sfc32 } from '../shared/prng.ts';
import { call } from './saved.ts';

function stringify(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    if (v instanceof Error) return `${v.name}: ${v.message}`;
    const json = JSON.stringify(v);
    return json === undefined ? String(v) : json;
  } catch {
    try {
      return String(v);
    } catch {
      return '[unprintable]';
    }
  }
}

function text(args: unknown[]): string {
  return args.map(stringify).join(' ').slice(0, 2000);
}

export function installWindowHooks(ctx: AgentContext): void {
  const s = ctx.saved;
  const w = s.win as Window & typeof globalThis;
  const define = (name: string, value: unknown) => Object.defineProperty(w, name, { value, writable: true, configurable: true });
  define('alert', (message?: unknown) => {
    ctx.emit({ type: 'dialog', dialog: 'alert', message: stringify(message ?? ''), answer: null, at: s.now() });
  });
  define('confirm', (message?: unknown) => {
    ctx.emit({ type: 'dialog', dialog: 'confirm', message: stringify(message ?? ''), answer: true, at: s.now() });
    return true;
  });
  define('prompt', (message?: unknown, def?: unknown) => {
    const answer = def === undefined || def === null ? '' : String(def);
    ctx.emit({ type: 'dialog', dialog: 'prompt', message: stringify(message ?? ''), answer, at: s.now() });
    return answer;
  });
  define('print', () => {
    ctx.emit({ type: 'dialog', dialog: 'print', message: '', answer: null, at: s.now() });
  });
  define('open', (url?: unknown) => {
    ctx.emit({ type: 'opened', url: stringify(url ?? ''), at: s.now() });
    return null;
  });
  for (const level of Object.keys(s.consoleMethods)) {
    const original = s.consoleMethods[level]!;
    (w.console as unknown as Record<string, unknown>)[level] = (...args: unknown[]) => {
      ctx.emit({ type: 'console', level, text: text(args), at: s.now() });
      original(...args);
    };
  }
}

export function installSeededRandom(ctx: AgentContext, seed: number): void {
  const w = ctx.saved.win as Window & typeof globalThis;
  const random = sfc32(seed);
  Object.defineProperty(w.Math, 'random', { value: random, writable: true, configurable: true });
  // crypto.getRandomValues stays real: pages using it for ids rarely change what is drawn.
}

/**
 * Listeners on window and document. document.open() erases every listener on the window and
 * the document (HTML spec), so these are installed again by a one-shot script placed at
 * the top of the candidate's HTML, before its own code.
 */
export function installListeners(ctx: AgentContext): void {
  const s = ctx.saved;
  for (const install of ctx.reinstall ?? []) install();
  call(
    s.addEventListener,
    s.win,
    'error',
    ((ev: ErrorEvent | Event) => {
      if ('message' in ev && typeof ev.message === 'string') {
        ctx.emit({ type: 'error', message: ev.message, source: ev.filename || undefined, line: ev.lineno || undefined, at: s.now() });
        return;
      }
      // Resource load errors (img, script, video) do not bubble: caught in the capture phase.
      const t = ev.target as Element | null;
      const url = t && 'getAttribute' in t ? (t.getAttribute('src') ?? t.getAttribute('href') ?? '') : '';
      if (t && t !== (s.win as unknown))
        ctx.emit({ type: 'error', message: `failed to load <${t.tagName?.toLowerCase()}> ${url.slice(0, 200)}`, at: s.now() });
    }) as EventListener,
    true,
  );
  call(
    s.addEventListener,
    s.win,
    'unhandledrejection',
    ((ev: PromiseRejectionEvent) => {
      ctx.emit({ type: 'error', message: `unhandled rejection: ${stringify(ev.reason)}`, at: s.now() });
    }) as EventListener,
    true,
  );
  call(s.addEventListener, s.win, 'pagehide', (() => ctx.emit({ type: 'unload', at: s.now() })) as EventListener, true);
  call(
    s.addEventListener,
    s.doc,
    'securitypolicyviolation',
    ((ev: SecurityPolicyViolationEvent) => {
      ctx.emit({ type: 'blocked', url: ev.blockedURI || '(inline)', directive: ev.effectiveDirective, at: s.now() });
    }) as EventListener,
    true,
  );
}
