// The official way to pick an element: a model chooses from a numbered list of the page's
// interactive elements (temperature 0), and when it finds none, chooses again shown the
// screenshot. A Click or Type fails only when the model answers -1 (or something that is
// not a number) both times, or names a number that is not listed; a wrong but existing
// element is "done" (IWR-SPEC "Replay"). Answers are cached by what was asked, so a rerun
// of the same page state and step makes no call. The deterministic resolver runs alongside
// (2 ms): its pick is recorded as `other` for agreement reports, and it supplies what the
// model is not asked (the text to type, a Press step's target).
import { callChat } from '../chat/client.ts';
import type { ChatMessage } from '../chat/types.ts';
import { blobDataUrl, blobSha256 } from '../chat/images.ts';
import { sha256Hex } from '../data/bytes.ts';
import type { RetryPolicy } from '../chat/retry.ts';
import { redact } from '../chat/secrets.ts';
import { getResolution, putResolution } from '../data/resolutions.ts';
import { resolveStep, type ResolveOk } from '../driver/resolve.ts';
import {
  KEY_SYSTEM,
  LLM_PROMPT_VERSION,
  PICK_SYSTEM,
  listElements,
  parseKeyAnswer,
  parsePickAnswer,
  pickPrompt,
  stepLine,
} from '../driver/llm-prompt.ts';
import { normalizeKey, parseStep } from '../driver/parse.ts';
import type { PageSnapshot } from '../driver/snapshot.ts';
import type { Step } from '../task/types.ts';
import { pickOf } from './deterministic.ts';
import type { LlmTrace, ResolveContext, StepResolution, StepResolver } from './types.ts';

export interface LlmResolverConfig {
  endpoint: string;
  model: string;
  key: string;
  vision: boolean;
  retry: RetryPolicy;
  timeoutMs: number;
}

export interface LlmStats {
  requests: number;
  cacheHits: number;
  errors: number;
}

const stats: LlmStats = { requests: 0, cacheHits: 0, errors: 0 };
export const llmResolverStats = (): LlmStats => ({ ...stats });

type Asked = { ok: true; raw: string; cached: boolean; attempts: number } | { ok: false; error: string; attempts: number };

async function ask(cfg: LlmResolverConfig, system: string, prompt: string, image: Blob | undefined, signal?: AbortSignal): Promise<Asked> {
  const imageSha = image ? await blobSha256(image) : null;
  // What was asked and of whom: the same page state and step give the same id.
  const id = await sha256Hex(JSON.stringify(['iwr-resolve/1', LLM_PROMPT_VERSION, cfg.model, system, prompt, imageSha]));
  const hit = await getResolution(id);
  if (hit) {
    stats.cacheHits++;
    return { ok: true, raw: hit.raw, cached: true, attempts: 0 };
  }
  const content: ChatMessage['content'] = image
    ? [
        { type: 'text', text: prompt },
        { type: 'image_url', image_url: { url: await blobDataUrl(image) } },
      ]
    : prompt;
  stats.requests++;
  const res = await callChat(
    { baseUrl: cfg.endpoint, model: cfg.model, key: cfg.key },
    {
      model: cfg.model,
      temperature: 0,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content },
      ],
    },
    { policy: cfg.retry, timeoutMs: cfg.timeoutMs, ...(signal ? { signal } : {}) },
  );
  if (!res.ok) {
    stats.errors++;
    return { ok: false, error: redact(res.error), attempts: res.attempts.length };
  }
  const raw = redact(res.text);
  await putResolution(id, { raw, model: cfg.model, answeredAt: Date.now() });
  return { ok: true, raw, cached: false, attempts: res.attempts.length };
}

type Extras = Pick<StepResolution, 'llm' | 'other' | 'modelFailure'>;

function fail(step: Step, reason: string, extra: Extras = {}): StepResolution {
  return { ...extra, ok: false, action: step.type, reason, alternatives: [], decidedBy: null };
}

function describeOf(step: Step): string {
  return typeof step.parameters?.description === 'string' ? step.parameters.description : '';
}

async function resolvePress(
  cfg: LlmResolverConfig,
  step: Step,
  snapshot: PageSnapshot,
  trace: LlmTrace,
  signal?: AbortSignal,
): Promise<StepResolution> {
  const det = resolveStep(step, snapshot);
  // The key's target: the element the description names, else the focused one (as the deterministic resolver reads it).
  const target: ResolveOk = det.ok
    ? det
    : {
        ok: true,
        action: step.type,
        index: snapshot.focused,
        xpath: snapshot.elements[snapshot.focused]?.xpath ?? '',
        confidence: 1,
        alternatives: [],
        reasons: [],
      };
  const given = typeof step.parameters?.key === 'string' && step.parameters.key.trim() ? step.parameters.key : undefined;
  // With a key, a Press always succeeds officially: no model is asked.
  if (given) return { ...target, key: normalizeKey(given), decidedBy: 'deterministic' };
  const a = await ask(cfg, KEY_SYSTEM, stepLine(step), undefined, signal);
  trace.attempts += a.attempts;
  if (!a.ok) return fail(step, `LLM resolver (${cfg.model}): ${a.error}`, { llm: trace, modelFailure: 'transport' });
  trace.replies.push(a.raw);
  trace.cached = a.cached;
  const k = parseKeyAnswer(a.raw);
  if (k.kind !== 'key')
    return fail(
      step,
      `the model (${cfg.model}) named no key for "${describeOf(step)}"${k.kind === 'invalid' ? ` (${k.why})` : ' (UNKNOWN)'}`,
      { llm: trace, modelFailure: 'no-element' },
    );
  return {
    ...target,
    key: normalizeKey(k.key),
    reasons: [`key ${k.key} named by ${cfg.model}`, ...target.reasons],
    decidedBy: 'llm',
    llm: trace,
  };
}

/** The model's pick for a Click or Type step; `det` is the deterministic answer for the same snapshot. */
export async function llmPick(
  cfg: LlmResolverConfig,
  step: Step,
  snapshot: PageSnapshot,
  ctx: ResolveContext = {},
): Promise<StepResolution> {
  const trace: LlmTrace = { model: cfg.model, replies: [], cached: true, attempts: 0 };
  if (step.type === 'Press') return resolvePress(cfg, step, snapshot, trace, ctx.signal);
  const det = resolveStep(step, snapshot);
  const other = pickOf(det, 'deterministic');
  const typed = step.type === 'Type' ? (det.ok ? det.typed : parseStep(step).typed) : undefined;
  if (step.type === 'Type' && typed === undefined)
    return fail(step, `no text to type in "${describeOf(step)}" (no text parameter and nothing quoted)`, { other });
  const listed = listElements(snapshot);
  if (!listed.length) return fail(step, 'the page has no visible interactive element to choose from', { other });
  const prompt = pickPrompt(step, snapshot, listed);
  const tries: { image: boolean }[] = [{ image: false }, ...(cfg.vision && ctx.screenshot ? [{ image: true }] : [])];
  const answers: string[] = [];
  for (const t of tries) {
    const image = t.image ? await ctx.screenshot?.() : undefined;
    if (t.image && !image) break;
    const a = await ask(cfg, PICK_SYSTEM, prompt, image, ctx.signal);
    trace.attempts += a.attempts;
    if (!a.ok) return fail(step, `LLM resolver (${cfg.model}): ${a.error}`, { llm: trace, other, modelFailure: 'transport' });
    trace.replies.push(a.raw);
    trace.cached &&= a.cached;
    const p = parsePickAnswer(a.raw);
    if (p.kind === 'index') {
      const item = listed[p.n];
      // Officially an index that does not exist fails the step; it is not asked again.
      if (!item)
        return fail(step, `the model (${cfg.model}) answered element ${p.n}, which is not in the list of ${listed.length}`, {
          llm: trace,
          other,
          modelFailure: 'no-element',
        });
      const e = snapshot.elements[item.index];
      const ok: ResolveOk = {
        ok: true,
        action: step.type,
        index: item.index,
        xpath: e?.xpath ?? '',
        // The model gives no confidence; agreement with the deterministic pick is the signal we have.
        confidence: det.ok && det.index === item.index ? det.confidence : 0,
        alternatives: det.alternatives,
        reasons: [`element [${p.n}] chosen by ${cfg.model}${t.image ? ' from the screenshot' : ''}${a.cached ? ' (cached answer)' : ''}`],
        ...(typed !== undefined ? { typed } : {}),
      };
      return { ...ok, decidedBy: t.image ? 'llm-vision' : 'llm', llm: trace, other };
    }
    answers.push(p.kind === 'none' ? '-1' : p.why);
  }
  return fail(step, `the model (${cfg.model}) found no element for "${describeOf(step)}" (answered ${answers.join(', then ')})`, {
    llm: trace,
    other,
    modelFailure: 'no-element',
  });
}

/**
 * `follow: 'llm'` (the llm mode): the model's pick acts. `follow: 'deterministic'`: the model
 * is asked at every step but the deterministic pick acts, so a replay of our own resolver
 * carries the model's opinion beside it (the agreement report, `iwr resolve-compare`).
 */
export function createLlmResolver(cfg: LlmResolverConfig, follow: 'llm' | 'deterministic' = 'llm'): StepResolver {
  return {
    info: {
      mode: 'llm',
      model: cfg.model,
      vision: cfg.vision,
      failure: follow === 'llm' ? 'official' : 'strict',
      ...(follow === 'deterministic' ? { follow } : {}),
    },
    async resolve(step, snapshot, ctx) {
      // Scrolls need no element (official rule); a directional scroll's container is the resolver's.
      if (step.type === 'Scroll') return { ...resolveStep(step, snapshot), decidedBy: 'deterministic' };
      const m = await llmPick(cfg, step, snapshot, ctx);
      if (follow === 'llm' || step.type === 'Press') return m;
      const det = resolveStep(step, snapshot);
      const other = { ...pickOf(m, 'llm'), ...(m.ok ? {} : { reasons: [m.reason] }) };
      return { ...det, decidedBy: det.ok ? 'deterministic' : null, ...(m.llm ? { llm: m.llm } : {}), other };
    },
  };
}
