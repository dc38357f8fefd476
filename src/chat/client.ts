// Talks to one OpenAI-compatible chat-completions endpoint: the configured URL and nothing
// else (redirects are refused, so a request cannot be bounced to another host). Retries
// follow retry.ts; every attempt is logged in the result so a failure can say why.
import { chatCompletionsUrl, completionText, type ChatEndpoint, type ChatRequest } from './types.ts';
import { isRetryableStatus, parseRetryAfter, retryWait, type RetryPolicy } from './retry.ts';
import { redact } from './secrets.ts';
import { SseParser, readChatChunk } from './sse.ts';

export interface Attempt {
  /** HTTP status, or 0 when no response arrived. */
  status: number;
  error?: string;
  /** Wait taken after this attempt before the next one. */
  waitMs?: number;
  waitWhy?: 'retry-after' | 'backoff';
}

export type ChatResult = { ok: true; text: string; body: unknown; attempts: Attempt[] } | { ok: false; error: string; attempts: Attempt[] };

export interface ChatCallOptions {
  policy: RetryPolicy;
  signal?: AbortSignal;
  /** Per-attempt limit; the official harness allows minutes for generation. */
  timeoutMs?: number;
  /** Streaming only: called with each piece of reply text as it arrives. */
  onDelta?: (piece: string, soFar: number) => void;
}

/** Thrown only for an abort by the caller; every other failure is a ChatResult with ok: false. */
export class ChatAborted extends Error {
  override name = 'AbortError';
}

function headers(ep: ChatEndpoint): Record<string, string> {
  const h: Record<string, string> = { 'content-type': 'application/json' };
  if (ep.key) h.authorization = `Bearer ${ep.key}`;
  return h;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ChatAborted('aborted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new ChatAborted('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

type OneTry =
  { ok: true; text: string; body: unknown } | { ok: false; status: number; error: string; retryable: boolean; retryAfterMs: number | null };

async function once(url: string, ep: ChatEndpoint, body: ChatRequest, opts: ChatCallOptions): Promise<OneTry> {
  const ctl = new AbortController();
  const onAbort = () => ctl.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = opts.timeoutMs ? setTimeout(() => ctl.abort(), opts.timeoutMs) : undefined;
  try {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: headers(ep),
        body: JSON.stringify(body),
        signal: ctl.signal,
        redirect: 'error',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
    } catch (err) {
      if (opts.signal?.aborted) throw new ChatAborted('aborted');
      const why = ctl.signal.aborted
        ? `no answer within ${opts.timeoutMs} ms`
        : `network error (${err instanceof Error ? err.message : String(err)}; a browser also reports a CORS refusal this way)`;
      return { ok: false, status: 0, error: why, retryable: true, retryAfterMs: null };
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      return {
        ok: false,
        status: res.status,
        error: `HTTP ${res.status} ${res.statusText}${text ? `: ${text.slice(0, 300)}` : ''}`,
        retryable: isRetryableStatus(res.status),
        retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
      };
    }
    if (body.stream) return await readStream(res, opts);
    const raw = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      // A 200 whose body is not JSON is a broken proxy or server, not an answer: try again.
      return { ok: false, status: res.status, error: `the reply is not JSON: ${raw.slice(0, 200)}`, retryable: true, retryAfterMs: null };
    }
    const text = completionText(json);
    if (text === null)
      return {
        ok: false,
        status: res.status,
        error: `the reply has no choices[0].message.content: ${raw.slice(0, 200)}`,
        retryable: true,
        retryAfterMs: null,
      };
    return { ok: true, text, body: json };
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function readStream(res: Response, opts: ChatCallOptions): Promise<OneTry> {
  if (!res.body) return { ok: false, status: res.status, error: 'the streamed reply has no body', retryable: true, retryAfterMs: null };
  const reader = res.body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parser = new SseParser();
  let text = '';
  let done = false;
  let streamError: string | null = null;
  const take = (events: ReturnType<SseParser['feed']>) => {
    for (const ev of events) {
      const c = readChatChunk(ev);
      if (c.kind === 'done') done = true;
      else if (c.kind === 'error') streamError = c.message;
      else if (c.kind === 'delta' && c.content) {
        text += c.content;
        opts.onDelta?.(c.content, text.length);
      }
    }
  };
  try {
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      take(parser.feed(decoder.decode(value, { stream: true })));
      if (done) break;
    }
    take(parser.feed(decoder.decode()));
    take(parser.end());
  } catch (err) {
    if (opts.signal?.aborted) throw new ChatAborted('aborted');
    return {
      ok: false,
      status: res.status,
      error: `the stream broke after ${text.length} characters (${err instanceof Error ? err.message : String(err)})`,
      retryable: true,
      retryAfterMs: null,
    };
  } finally {
    reader.releaseLock();
  }
  if (streamError !== null)
    return {
      ok: false,
      status: res.status,
      error: `the server reported an error in the stream: ${streamError}`,
      retryable: true,
      retryAfterMs: null,
    };
  return { ok: true, text, body: null };
}

/** One chat completion with retries. Never throws except on the caller's abort. */
export async function callChat(ep: ChatEndpoint, body: ChatRequest, opts: ChatCallOptions): Promise<ChatResult> {
  const url = chatCompletionsUrl(ep.baseUrl);
  const attempts: Attempt[] = [];
  for (let n = 1; ; n++) {
    const r = await once(url, ep, body, opts);
    if (r.ok) {
      attempts.push({ status: 200 });
      return { ok: true, text: r.text, body: r.body, attempts };
    }
    const attempt: Attempt = { status: r.status, error: redact(r.error) };
    attempts.push(attempt);
    if (!r.retryable || n >= opts.policy.maxAttempts) {
      const tries = n === 1 ? '1 attempt' : `${n} attempts`;
      return { ok: false, error: `${attempt.error} (after ${tries})`, attempts };
    }
    const wait = retryWait(n + 1, opts.policy, r.retryAfterMs);
    attempt.waitMs = wait.ms;
    attempt.waitWhy = wait.why;
    await sleep(wait.ms, opts.signal);
  }
}
