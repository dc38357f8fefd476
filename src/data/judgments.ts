// The `judgments` store: every judge answer (MLLM or human), keyed by a hash of what was
// judged (image hashes, rendered prompt hash, judge and model), so the same question is
// never asked twice unless a rejudge is requested. Pending human questions live here too,
// with their images, so the human queue survives reloads. Records are repaired on load.
// The API key is never part of a record: replies are redacted before they are stored.
import { getDb, guardedWrite } from './db.ts';

export type JudgmentTask = 'visual' | 'assertion';
export type JudgmentJudge = 'mllm' | 'human';

export interface JudgmentRecord {
  id: string;
  task: JudgmentTask;
  judge: JudgmentJudge;
  /** Model name, or "human". */
  model: string;
  /** "done": answered (including answers that parsed to Error); "pending": waiting for a person. */
  status: 'done' | 'pending';
  templateVersion: string;
  templateSha256: string;
  promptSha256: string;
  /** sha256 of the images, in the order shown: reference then candidate, or before then after. */
  inputs: string[];
  assertion?: string;
  /** The reply as received (redacted); for a person, their answer written in the reply format. */
  raw: string;
  /** Assertion verdict. */
  result?: 'Yes' | 'No' | 'Error';
  thinking?: string;
  /** Visual: 0..1 (the official judge score / 100). */
  score?: number;
  /** Visual: whether the reply held `Score: N/100` (false -> the official 0). */
  matched?: boolean;
  /** Human rubric answer, per part. */
  parts?: Record<string, number>;
  attempts?: number;
  createdAt: number;
  answeredAt?: number;
  /** Pending human items only: the images to show. Dropped once answered. */
  images?: Blob[];
  [key: string]: unknown;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function repairJudgment(raw: unknown): JudgmentRecord | null {
  if (!isObj(raw)) return null;
  const r = raw;
  if (typeof r.id !== 'string' || (r.task !== 'visual' && r.task !== 'assertion') || (r.judge !== 'mllm' && r.judge !== 'human'))
    return null;
  if (r.status !== 'done' && r.status !== 'pending') return null;
  const inputs = Array.isArray(r.inputs) && r.inputs.every((x) => typeof x === 'string') ? (r.inputs as string[]) : null;
  if (!inputs) return null;
  const out: JudgmentRecord = {
    ...r,
    id: r.id,
    task: r.task,
    judge: r.judge,
    status: r.status,
    model: typeof r.model === 'string' ? r.model : '',
    templateVersion: typeof r.templateVersion === 'string' ? r.templateVersion : '',
    templateSha256: typeof r.templateSha256 === 'string' ? r.templateSha256 : '',
    promptSha256: typeof r.promptSha256 === 'string' ? r.promptSha256 : '',
    inputs,
    raw: typeof r.raw === 'string' ? r.raw : '',
    createdAt: typeof r.createdAt === 'number' ? r.createdAt : 0,
  };
  if (out.status === 'done') {
    if (out.task === 'assertion' && out.result !== 'Yes' && out.result !== 'No' && out.result !== 'Error') return null;
    if (out.task === 'visual' && (typeof out.score !== 'number' || !Number.isFinite(out.score))) return null;
  }
  return out;
}

export async function getJudgment(id: string): Promise<JudgmentRecord | null> {
  const db = await getDb();
  return repairJudgment(await db.get('judgments', id));
}

export async function putJudgment(rec: JudgmentRecord): Promise<void> {
  await guardedWrite(`a ${rec.judge} judgment`, async () => {
    const db = await getDb();
    await db.put('judgments', rec, rec.id);
  });
}

export async function listJudgments(filter: { status?: JudgmentRecord['status']; judge?: JudgmentJudge } = {}): Promise<JudgmentRecord[]> {
  const db = await getDb();
  const rows = await db.getAll('judgments');
  const out: JudgmentRecord[] = [];
  for (const row of rows) {
    const j = repairJudgment(row);
    if (!j) {
      console.warn('IWR Studio: judgments store: skipped a malformed record');
      continue;
    }
    if (filter.status && j.status !== filter.status) continue;
    if (filter.judge && j.judge !== filter.judge) continue;
    out.push(j);
  }
  return out.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** Frees the store. Returns how many records were removed. */
export async function clearJudgments(): Promise<number> {
  const db = await getDb();
  const n = await db.count('judgments');
  await db.clear('judgments');
  return n;
}

/** Answered judgments as shareable JSON (no images; replies were redacted when stored). */
export async function exportJudgments(): Promise<string> {
  const done = await listJudgments({ status: 'done' });
  return JSON.stringify({ format: 'iwr-studio-judgments', version: 1, judgments: done.map(({ images: _drop, ...rest }) => rest) }, null, 2);
}

/** Settings key of the edited judge templates (none stored = the built-in ones). */
export const TEMPLATE_SETTINGS_KEY = 'judge-templates';

export async function loadTemplateOverrides(): Promise<{ visual?: string; assertion?: string }> {
  const db = await getDb();
  const raw = await db.get('settings', TEMPLATE_SETTINGS_KEY);
  if (!isObj(raw)) return {};
  return {
    ...(typeof raw.visual === 'string' && raw.visual ? { visual: raw.visual } : {}),
    ...(typeof raw.assertion === 'string' && raw.assertion ? { assertion: raw.assertion } : {}),
  };
}

export async function saveTemplateOverrides(v: { visual?: string; assertion?: string }): Promise<void> {
  await guardedWrite('the judge templates', async () => {
    const db = await getDb();
    await db.put('settings', { ...v }, TEMPLATE_SETTINGS_KEY);
  });
}
