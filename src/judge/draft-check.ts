// "Draft with a model": one request to the judge's chat endpoint (or one the person gives)
// with the assertion, the step and the reference screenshots after it; the reply is read by
// src/checks/draft.ts. Nothing is stored here: a draft is saved only when a person approves
// it in the editor. The key goes in the request header only; the reply is redacted.
import { callChat } from '../chat/client.ts';
import { blobDataUrl } from '../chat/images.ts';
import { redact, registerSecret } from '../chat/secrets.ts';
import type { ChatContentPart, ChatEndpoint } from '../chat/types.ts';
import { buildDraftPrompt, parseDraftReply, type DraftInput, type DraftReply } from '../checks/draft.ts';
import { getJudgeConfig, getJudgeKey } from './config.ts';

export interface DraftResult {
  model: string;
  /** The reply as the model wrote it (redacted), shown beside the draft. */
  raw: string;
  draft: DraftReply;
}

/** The judge's endpoint when a model judge is configured (Settings > Judge), else null. */
export async function judgeDraftEndpoint(): Promise<ChatEndpoint | null> {
  const c = await getJudgeConfig();
  if (c.kind !== 'mllm' || !c.endpoint || !c.model) return null;
  const key = await getJudgeKey();
  return { baseUrl: c.endpoint, model: c.model, ...(key ? { key } : {}) };
}

/**
 * Asks for a draft. A reply that is no check is a result (`draft.ok` false, with the raw
 * reply); a request that gets no reply after the retries throws, naming why.
 */
export async function draftCheck(
  endpoint: ChatEndpoint,
  input: Omit<DraftInput, 'images'>,
  images: readonly Blob[],
  signal?: AbortSignal,
): Promise<DraftResult> {
  // A key typed into the editor (not the judge's) is kept out of anything shown, too.
  if (endpoint.key) registerSecret(endpoint.key);
  const prompt = buildDraftPrompt({ ...input, images: images.length });
  const content: ChatContentPart[] = [{ type: 'text', text: prompt }];
  for (const img of images) content.push({ type: 'image_url', image_url: { url: await blobDataUrl(img) } });
  const config = await getJudgeConfig();
  const res = await callChat(
    endpoint,
    { model: endpoint.model, temperature: 0, messages: [{ role: 'user', content }] },
    { policy: config.retry, timeoutMs: config.timeoutMs, ...(signal ? { signal } : {}) },
  );
  if (!res.ok) throw new Error(`The model at ${endpoint.baseUrl} gave no draft: ${res.error}`);
  const raw = redact(res.text);
  return { model: endpoint.model, raw, draft: parseDraftReply(raw) };
}
