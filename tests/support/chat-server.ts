// A local stand-in for an OpenAI-compatible chat-completions endpoint, for tests. It speaks
// the protocol (non-streaming JSON and streaming SSE), answers browsers' CORS preflights, and
// replies from a script: rules matched against the request's prompt text, each usable a set
// number of times, able to answer with any status, headers (e.g. 429 + Retry-After) or a
// malformed body. Every request is recorded so tests can count what reached the "model".
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface RecordedRequest {
  at: number;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** All text parts of all messages, joined with newlines. */
  text: string;
  /** image_url parts, in order. */
  images: string[];
  stream: boolean;
  /** Which rule answered (its name or index), or null. */
  rule: string | null;
}

export interface Rule {
  name?: string;
  /** Substring of the prompt text, a RegExp, or a predicate; absent matches everything. */
  match?: string | RegExp | ((req: RecordedRequest) => boolean);
  /** Reply text (the assistant message content). */
  reply?: string | ((req: RecordedRequest) => string);
  status?: number;
  headers?: Record<string, string>;
  /** A body sent as is, instead of a completion (malformed replies, error bodies). */
  rawBody?: string;
  /** How many requests this rule answers; default unlimited. */
  times?: number;
  /** Streaming: characters per SSE chunk (default 7). */
  chunkSize?: number;
}

export interface ChatServer {
  /** Base URL to configure, e.g. http://127.0.0.1:43123/v1 */
  baseUrl: string;
  origin: string;
  requests: RecordedRequest[];
  /** Adds rules after the existing ones; the first matching rule with uses left answers. */
  script(...rules: Rule[]): void;
  /** Forgets rules and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-expose-headers': 'retry-after',
  'access-control-max-age': '600',
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function matches(rule: Rule, r: RecordedRequest): boolean {
  if (rule.match === undefined) return true;
  if (typeof rule.match === 'string') return r.text.includes(rule.match);
  if (rule.match instanceof RegExp) return rule.match.test(r.text);
  return rule.match(r);
}

function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function streamReply(res: ServerResponse, model: string, content: string, size: number): void {
  res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const events: string[] = [];
  events.push(
    `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }] })}\n\n`,
  );
  for (let i = 0; i < content.length; i += size) {
    events.push(
      `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: { content: content.slice(i, i + size) }, finish_reason: null }] })}\n\n`,
    );
  }
  events.push(`: keep-alive comment\n\n`);
  events.push(
    `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
  );
  events.push('data: [DONE]\n\n');
  // Writes split across event boundaries (and inside them) so the client's parser must
  // reassemble lines the way real networks deliver them.
  const all = events.join('');
  let i = 0;
  const write = () => {
    if (i >= all.length) return void res.end();
    const n = 13 + (i % 29);
    res.write(all.slice(i, i + n));
    i += n;
    setImmediate(write);
  };
  write();
}

export async function startChatServer(): Promise<ChatServer> {
  let rules: { rule: Rule; left: number; label: string }[] = [];
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method !== 'POST' || !/\/chat\/completions$/.test(path)) {
        return void res
          .writeHead(404, { ...CORS, 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
      }
      const rawText = await readBody(req);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(rawText) as Record<string, unknown>;
      } catch {
        return void res
          .writeHead(400, { ...CORS, 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'request body is not JSON' } }));
      }
      const texts: string[] = [];
      const images: string[] = [];
      for (const m of Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : []) {
        if (typeof m.content === 'string') texts.push(m.content);
        else if (Array.isArray(m.content)) {
          for (const p of m.content as { type?: string; text?: string; image_url?: { url?: string } }[]) {
            if (p.type === 'text' && typeof p.text === 'string') texts.push(p.text);
            if (p.type === 'image_url' && typeof p.image_url?.url === 'string') images.push(p.image_url.url);
          }
        }
      }
      const rec: RecordedRequest = {
        at: Date.now(),
        path,
        authorization: req.headers.authorization,
        body,
        text: texts.join('\n'),
        images,
        stream: body.stream === true,
        rule: null,
      };
      requests.push(rec);
      const hit = rules.find((r) => r.left > 0 && matches(r.rule, rec));
      const model = typeof body.model === 'string' ? body.model : 'unknown';
      if (!hit) {
        return void res
          .writeHead(400, { ...CORS, 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `chat-server: no scripted reply matches this prompt: ${rec.text.slice(0, 80)}` } }));
      }
      hit.left--;
      rec.rule = hit.label;
      const { rule } = hit;
      const status = rule.status ?? 200;
      if (rule.rawBody !== undefined || status !== 200) {
        res.writeHead(status, { ...CORS, 'content-type': 'application/json', ...(rule.headers ?? {}) });
        return void res.end(rule.rawBody ?? JSON.stringify({ error: { message: `scripted status ${status}` } }));
      }
      const content = typeof rule.reply === 'function' ? rule.reply(rec) : (rule.reply ?? '');
      if (rec.stream) return streamReply(res, model, content, rule.chunkSize ?? 7);
      res.writeHead(200, { ...CORS, 'content-type': 'application/json', ...(rule.headers ?? {}) });
      res.end(JSON.stringify(completion(model, content)));
    })().catch((err: unknown) => {
      res.writeHead(500, CORS).end(String(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    requests,
    script(...more) {
      for (const rule of more) rules.push({ rule, left: rule.times ?? Infinity, label: rule.name ?? `rule ${rules.length}` });
    },
    reset() {
      rules = [];
      requests.length = 0;
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
