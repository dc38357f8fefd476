// The human judge's queue: pending questions (a pair of screenshots with the rubric, or a
// before/after pair with an assertion) stored in the judgments store, so a session can stop
// and resume. A screen (built elsewhere) shows `nextHumanItem()` and calls the answer
// functions; answers are written in the model's reply format, so the official parsers read
// them and the cache serves them exactly like an MLLM answer.
import { parseAssertionReply, parseHfsReply } from '../scoring/judge-parse.ts';
import { getJudgment, listJudgments, putJudgment, type JudgmentRecord } from '../data/judgments.ts';
import { RUBRIC, rubricReply, type RubricScores } from './templates.ts';

export interface HumanItem {
  id: string;
  task: 'visual' | 'assertion';
  /** Assertion questions: the expected outcome. */
  assertion?: string;
  /** Visual questions: the rubric parts with their maximum points. */
  rubric?: typeof RUBRIC;
  /** Image labels in display order. */
  labels: [string, string];
  images: Blob[];
  createdAt: number;
}

function itemOf(r: JudgmentRecord): HumanItem {
  return {
    id: r.id,
    task: r.task,
    ...(r.task === 'assertion' ? { assertion: r.assertion ?? '' } : { rubric: RUBRIC }),
    labels: r.task === 'visual' ? ['Reference', 'Candidate'] : ['Before the step', 'After the step'],
    images: r.images ?? [],
    createdAt: r.createdAt,
  };
}

export async function pendingHumanItems(): Promise<HumanItem[]> {
  return (await listJudgments({ status: 'pending', judge: 'human' })).map(itemOf);
}

export async function nextHumanItem(): Promise<HumanItem | null> {
  return (await pendingHumanItems())[0] ?? null;
}

export async function humanProgress(): Promise<{ pending: number; answered: number }> {
  const all = await listJudgments({ judge: 'human' });
  const pending = all.filter((j) => j.status === 'pending').length;
  return { pending, answered: all.length - pending };
}

async function pendingRecord(id: string, task: 'visual' | 'assertion'): Promise<JudgmentRecord> {
  const rec = await getJudgment(id);
  if (!rec || rec.judge !== 'human')
    throw new Error(`No human judgment ${id} in the queue (answered in another tab, or the store was cleared).`);
  if (rec.task !== task)
    throw new Error(`Judgment ${id} is a ${rec.task} question, not ${task === 'visual' ? 'a rubric' : 'an assertion'}.`);
  return rec;
}

function answered(rec: JudgmentRecord, patch: Partial<JudgmentRecord>): JudgmentRecord {
  const { images: _drop, ...rest } = rec;
  return { ...rest, ...patch, status: 'done', answeredAt: Date.now() };
}

export async function answerHumanAssertion(id: string, answer: 'Yes' | 'No', note = ''): Promise<JudgmentRecord> {
  if (answer !== 'Yes' && answer !== 'No') throw new Error(`An assertion answer is "Yes" or "No"; got ${JSON.stringify(answer)}.`);
  const rec = await pendingRecord(id, 'assertion');
  const raw = JSON.stringify({ think: note || 'answered by a person', result: answer });
  const parsed = parseAssertionReply(raw);
  const next = answered(rec, { raw, result: parsed.result, thinking: parsed.thinking });
  await putJudgment(next);
  return next;
}

export async function answerHumanVisual(id: string, parts: RubricScores): Promise<JudgmentRecord> {
  const rec = await pendingRecord(id, 'visual');
  const raw = rubricReply(parts); // validates every part
  const parsed = parseHfsReply(raw);
  const kept: Record<string, number> = {};
  for (const r of RUBRIC) kept[r.id] = parts[r.id];
  const next = answered(rec, { raw, score: parsed.fraction, matched: parsed.matched, parts: kept });
  await putJudgment(next);
  return next;
}
