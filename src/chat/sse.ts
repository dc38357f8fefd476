// Server-sent events of a streaming chat-completions reply (`stream: true`): `data: {json}`
// lines, events separated by a blank line, ended by `data: [DONE]`. Pure and incremental:
// network chunks may split a line, or even a UTF-8 character (the caller decodes with
// `TextDecoder(..., { stream: true })`).

export interface SseEvent {
  event?: string;
  data: string;
}

export class SseParser {
  private buffer = '';
  private dataLines: string[] = [];
  private eventName: string | undefined;

  /** Feeds decoded text; returns the events completed by it. */
  feed(text: string): SseEvent[] {
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const nl = this.buffer.search(/\r\n|\r|\n/);
      if (nl < 0) break;
      const line = this.buffer.slice(0, nl);
      const width = this.buffer.startsWith('\r\n', nl) ? 2 : 1;
      this.buffer = this.buffer.slice(nl + width);
      this.line(line, out);
    }
    return out;
  }

  /** Ends the stream: a last event without its blank line still counts. */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.buffer) this.line(this.buffer, out);
    this.buffer = '';
    this.line('', out);
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') {
      if (this.dataLines.length) out.push({ ...(this.eventName ? { event: this.eventName } : {}), data: this.dataLines.join('\n') });
      this.dataLines = [];
      this.eventName = undefined;
      return;
    }
    if (line.startsWith(':')) return; // comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.dataLines.push(value);
    else if (field === 'event') this.eventName = value;
  }
}

export type ChunkInfo =
  { kind: 'done' } | { kind: 'delta'; content: string; finishReason?: string } | { kind: 'error'; message: string } | { kind: 'other' };

/** Reads one event of a chat-completions stream. */
export function readChatChunk(ev: SseEvent): ChunkInfo {
  const data = ev.data.trim();
  if (data === '[DONE]') return { kind: 'done' };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { kind: 'error', message: `stream event is not JSON: ${data.slice(0, 120)}` };
  }
  if (!json || typeof json !== 'object') return { kind: 'other' };
  const obj = json as { choices?: unknown; error?: unknown };
  if (obj.error) {
    const e = obj.error as { message?: unknown };
    return { kind: 'error', message: typeof e.message === 'string' ? e.message : JSON.stringify(obj.error) };
  }
  const choice = Array.isArray(obj.choices)
    ? (obj.choices[0] as { delta?: { content?: unknown }; finish_reason?: unknown } | undefined)
    : undefined;
  if (!choice) return { kind: 'other' };
  const content = typeof choice.delta?.content === 'string' ? choice.delta.content : '';
  const finishReason = typeof choice.finish_reason === 'string' ? choice.finish_reason : undefined;
  return { kind: 'delta', content, ...(finishReason ? { finishReason } : {}) };
}
