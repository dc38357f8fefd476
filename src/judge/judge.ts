// judgeVisual / judgeAssertion: one entry point for the three judge kinds, with the cache in
// front. A cached answer is returned without a request unless `rejudge` is set. Failures are
// turned into what the official rules make of them: HFS 0 and assertion "Error" (which does
// not count as "No"), with status 'error' so they are counted, and are NOT cached (our
// side's failure, not an answer; the next run asks again).
import { parseAssertionReply, parseHfsReply } from '../scoring/judge-parse.ts';
import { getJudgment, putJudgment, type JudgmentRecord, type JudgmentTask } from '../data/judgments.ts';
import { callChat, type Attempt } from '../chat/client.ts';
import { getJudgeConfig, getJudgeKey, type JudgeConfig } from './config.ts';
import { blobDataUrl, blobSha256, imageBlob, type ImageInput } from '../chat/images.ts';
import { sha256Hex } from '../data/bytes.ts';
import { redact } from '../chat/secrets.ts';
import { judgeMessages, renderTemplate, type JudgeTemplate } from './templates.ts';
import type { AssertionVerdict, VisualVerdict } from './verdicts.ts';

export interface JudgeOptions {
  /** Ask again even when an answer is cached (the CLI's --rejudge). */
  rejudge?: boolean;
  signal?: AbortSignal;
}

export interface JudgeStats {
  requests: number;
  cacheHits: number;
  errors: number;
  retries: number;
  queued: number;
}

const stats: JudgeStats = { requests: 0, cacheHits: 0, errors: 0, retries: 0, queued: 0 };
export const judgeStats = (): JudgeStats => ({ ...stats });
export function resetJudgeStats(): void {
  Object.assign(stats, { requests: 0, cacheHits: 0, errors: 0, retries: 0, queued: 0 });
}

interface Prepared {
  id: string;
  judge: 'mllm' | 'human';
  model: string;
  template: JudgeTemplate;
  templateSha256: string;
  prompt: string;
  promptSha256: string;
  blobs: Blob[];
  inputs: string[];
}

async function prepare(task: JudgmentTask, config: JudgeConfig, images: ImageInput[], assertion?: string): Promise<Prepared> {
  const judge = config.kind === 'human' ? 'human' : 'mllm';
  const model = judge === 'human' ? 'human' : config.model;
  const template = config.templates[task];
  const prompt = renderTemplate(template, { assertion: assertion ?? '' });
  const blobs = await Promise.all(images.map(imageBlob));
  const inputs = await Promise.all(blobs.map(blobSha256));
  const [templateSha256, promptSha256] = await Promise.all([sha256Hex(template.text), sha256Hex(prompt)]);
  // The cache key: what was asked (prompt, images in order) and of whom (judge, model).
  const id = await sha256Hex(JSON.stringify(['iwr-judgment/1', task, judge, model, promptSha256, inputs]));
  return { id, judge, model, template, templateSha256, prompt, promptSha256, blobs, inputs };
}

function baseOf(p: Prepared, rec: JudgmentRecord | null) {
  return {
    judge: p.judge,
    model: p.model,
    id: p.id,
    templateVersion: p.template.version,
    templateSha256: p.templateSha256,
    promptSha256: p.promptSha256,
    inputs: p.inputs,
    ...(rec?.attempts !== undefined ? { attempts: rec.attempts } : {}),
    ...(rec?.answeredAt !== undefined ? { at: rec.answeredAt } : {}),
  } as const;
}

function recordOf(p: Prepared, task: JudgmentTask, assertion: string | undefined, extra: Partial<JudgmentRecord>): JudgmentRecord {
  return {
    id: p.id,
    task,
    judge: p.judge,
    model: p.model,
    status: 'done',
    templateVersion: p.template.version,
    templateSha256: p.templateSha256,
    promptSha256: p.promptSha256,
    inputs: p.inputs,
    ...(assertion !== undefined ? { assertion } : {}),
    raw: '',
    createdAt: Date.now(),
    ...extra,
  };
}

type Asked = { ok: true; raw: string; attempts: number; log: Attempt[] } | { ok: false; error: string; attempts: number; log: Attempt[] };

async function ask(p: Prepared, config: JudgeConfig, signal?: AbortSignal): Promise<Asked> {
  const [first, second] = await Promise.all(p.blobs.map(blobDataUrl));
  stats.requests++;
  const key = await getJudgeKey();
  const res = await callChat(
    { baseUrl: config.endpoint, model: config.model, key },
    { model: config.model, messages: judgeMessages(p.prompt, first ?? '', second ?? ''), temperature: 0 },
    { policy: config.retry, timeoutMs: config.timeoutMs, ...(signal ? { signal } : {}) },
  );
  stats.retries += res.attempts.length - 1;
  if (!res.ok) {
    stats.errors++;
    return { ok: false, error: redact(res.error), attempts: res.attempts.length, log: res.attempts };
  }
  return { ok: true, raw: redact(res.text), attempts: res.attempts.length, log: res.attempts };
}

/** HFS for one checkpoint pair: the reference first, the candidate second (official order). */
export async function judgeVisual(reference: ImageInput, candidate: ImageInput, opts: JudgeOptions = {}): Promise<VisualVerdict> {
  const config = await getJudgeConfig();
  if (config.kind === 'none') return { judge: 'none', status: 'unjudged', score: 'unjudged', raw: null, cached: false };
  const p = await prepare('visual', config, [reference, candidate]);
  const old = await getJudgment(p.id);
  if (old && !opts.rejudge) {
    if (old.status === 'pending') return { ...baseOf(p, old), status: 'pending', score: 'unjudged', raw: null, cached: true };
    stats.cacheHits++;
    return { ...baseOf(p, old), status: old.matched === false ? 'unparsed' : 'ok', score: old.score ?? 0, raw: old.raw, cached: true };
  }
  if (p.judge === 'human') return { ...(await enqueue(p, 'visual', undefined)), score: 'unjudged' };
  const r = await ask(p, config, opts.signal);
  if (!r.ok)
    return {
      ...baseOf(p, null),
      attempts: r.attempts,
      attemptLog: r.log,
      status: 'error',
      score: 0,
      raw: `Error: ${r.error}`,
      error: r.error,
      cached: false,
    };
  const parsed = parseHfsReply(r.raw);
  const rec = recordOf(p, 'visual', undefined, {
    raw: r.raw,
    score: parsed.fraction,
    matched: parsed.matched,
    attempts: r.attempts,
    answeredAt: Date.now(),
  });
  await putJudgment(rec);
  return {
    ...baseOf(p, rec),
    attemptLog: r.log,
    status: parsed.matched ? 'ok' : 'unparsed',
    score: parsed.fraction,
    raw: r.raw,
    cached: false,
  };
}

/** One logical assertion: the screenshot before the step, then the one after it. */
export async function judgeAssertion(
  before: ImageInput,
  after: ImageInput,
  assertion: string,
  opts: JudgeOptions = {},
): Promise<AssertionVerdict> {
  const config = await getJudgeConfig();
  if (config.kind === 'none') return { judge: 'none', status: 'unjudged', result: 'unjudged', raw: null, cached: false };
  const p = await prepare('assertion', config, [before, after], assertion);
  const old = await getJudgment(p.id);
  if (old && !opts.rejudge) {
    if (old.status === 'pending') return { ...baseOf(p, old), status: 'pending', result: 'unjudged', raw: null, cached: true };
    stats.cacheHits++;
    return {
      ...baseOf(p, old),
      status: old.result === 'Error' ? 'unparsed' : 'ok',
      result: old.result ?? 'Error',
      thinking: old.thinking ?? '',
      raw: old.raw,
      cached: true,
    };
  }
  if (p.judge === 'human') return { ...(await enqueue(p, 'assertion', assertion)), result: 'unjudged' };
  const r = await ask(p, config, opts.signal);
  if (!r.ok)
    return {
      ...baseOf(p, null),
      attempts: r.attempts,
      attemptLog: r.log,
      status: 'error',
      result: 'Error',
      raw: `Error: ${r.error}`,
      error: r.error,
      cached: false,
    };
  const parsed = parseAssertionReply(r.raw);
  const rec = recordOf(p, 'assertion', assertion, {
    raw: r.raw,
    result: parsed.result,
    thinking: parsed.thinking,
    attempts: r.attempts,
    answeredAt: Date.now(),
  });
  await putJudgment(rec);
  return {
    ...baseOf(p, rec),
    attemptLog: r.log,
    status: parsed.result === 'Error' ? 'unparsed' : 'ok',
    result: parsed.result,
    thinking: parsed.thinking,
    raw: r.raw,
    cached: false,
  };
}

/** Puts a question in the human queue (its images stored with it); the caller reports it pending. */
async function enqueue(p: Prepared, task: JudgmentTask, assertion: string | undefined) {
  await putJudgment(recordOf(p, task, assertion, { status: 'pending', images: p.blobs }));
  stats.queued++;
  return { ...baseOf(p, null), status: 'pending' as const, raw: null, cached: false };
}
