// The slice of the OpenAI-compatible chat-completions protocol we speak. Gemini's
// OpenAI-compatible endpoint, OpenAI, vLLM, Ollama and LM Studio all accept this shape.

export type ChatContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ChatContentPart[];
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  stream?: boolean;
  [key: string]: unknown;
}

export interface ChatEndpoint {
  /** Base URL, e.g. https://api.openai.com/v1 ; "/chat/completions" is appended unless present. */
  baseUrl: string;
  model: string;
  /** Bearer token; optional for local servers. Never logged or stored by this module. */
  key?: string;
}

/** The one URL requests go to: the configured base plus the protocol path. */
export function chatCompletionsUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(trimmed))
    throw new Error(`The endpoint "${trimmed}" is not an http(s) URL (expected e.g. https://api.openai.com/v1).`);
  return /\/chat\/completions$/i.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

/** The reply text of a non-streaming completion, or null when the body is not one. */
export function completionText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const message = (choices[0] as { message?: { content?: unknown } } | undefined)?.message;
  const content = message?.content;
  if (typeof content === 'string') return content;
  // Some servers answer with content parts even for text.
  if (Array.isArray(content)) {
    const texts = content.map((p) =>
      p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : '',
    );
    return texts.join('');
  }
  if (content === null) return '';
  return null;
}
