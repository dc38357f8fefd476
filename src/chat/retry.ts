// When and how long to wait before asking the endpoint again. Pure: the client applies it.
// No jitter on purpose: one user, one endpoint, and tests can check the waits exactly.

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Wait before attempt 2; doubled for each later attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is cut to it (a misbehaving server must not stall a run for hours). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 2000, maxDelayMs: 30_000, maxRetryAfterMs: 120_000 };

/** 408 timeout, 409 conflict, 425 too early, 429 rate limit and every 5xx are worth another try; other 4xx are not (bad key, bad request). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || (status >= 500 && status <= 599);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

export interface RetryWait {
  ms: number;
  why: 'retry-after' | 'backoff';
}

/** The wait before attempt `next` (2, 3, ...). */
export function retryWait(next: number, policy: RetryPolicy, retryAfterMs: number | null): RetryWait {
  if (retryAfterMs !== null) return { ms: Math.min(retryAfterMs, policy.maxRetryAfterMs), why: 'retry-after' };
  const ms = Math.min(policy.baseDelayMs * 2 ** Math.max(0, next - 2), policy.maxDelayMs);
  return { ms, why: 'backoff' };
}

export function normalisePolicy(p: Partial<RetryPolicy> | undefined): RetryPolicy {
  const d = DEFAULT_RETRY;
  const n = (v: unknown, def: number, min: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(min, v) : def);
  return {
    maxAttempts: Math.floor(n(p?.maxAttempts, d.maxAttempts, 1)),
    baseDelayMs: n(p?.baseDelayMs, d.baseDelayMs, 0),
    maxDelayMs: n(p?.maxDelayMs, d.maxDelayMs, 0),
    maxRetryAfterMs: n(p?.maxRetryAfterMs, d.maxRetryAfterMs, 0),
  };
}
