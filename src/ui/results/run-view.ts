// What the Results and Leaderboard screens need from a stored run, read tolerantly from the
// `runs` and `blobs` stores. The pipeline (src/pipeline) owns the stored shape; this is the
// one place that maps it, so a change there is a change here only.
import { getDb } from '../../data/db.ts';
import type { EvalRecord } from '../../scoring/eval-record.ts';
import { taskScores, type Scores } from '../../scoring/metrics.ts';
import { selectCheckpoints, type CheckpointPair } from '../../scoring/checkpoints.ts';
import { assertionStatuses } from '../../scoring/metrics.ts';
import type { Step } from '../../task/types.ts';
import type { StepRecord } from '../../run/types.ts';

export type RunStep = Pick<StepRecord, 'k' | 'step' | 'status'> & Partial<Omit<StepRecord, 'k' | 'step' | 'status' | 'screenshot'>>;

export interface RunView {
  id: string;
  taskKey: string;
  sourceId: string;
  taskId: string;
  model: string;
  candidateId?: string;
  candidateHash?: string;
  createdAt: number;
  eval: EvalRecord;
  scores: Scores;
  steps: RunStep[];
  actions: Step[];
  pairs: CheckpointPair[];
  /** Interaction level of the task (for the leaderboard breakdown), when the run recorded it. */
  level?: string;
  settings?: Record<string, unknown>;
  raw: Record<string, unknown>;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Maps one stored run; null (with a console warning) when it lacks an eval record. */
export function toRunView(raw: unknown): RunView | null {
  if (!isObj(raw) || typeof raw.id !== 'string') return null;
  const ev = (raw.eval ?? raw.evalRecord ?? raw.evaluation) as EvalRecord | undefined;
  if (!isObj(ev) || typeof ev.total_step !== 'number') {
    console.warn(`IWR Studio: run ${raw.id} has no eval record; skipped`);
    return null;
  }
  const taskKey = typeof raw.taskKey === 'string' ? raw.taskKey : '';
  const slash = taskKey.lastIndexOf('/');
  const sourceId = typeof raw.sourceId === 'string' ? raw.sourceId : slash > 0 ? taskKey.slice(0, slash) : '';
  const taskId = typeof raw.taskId === 'string' || typeof raw.taskId === 'number' ? String(raw.taskId) : slash > 0 ? taskKey.slice(slash + 1) : taskKey;
  const task = isObj(raw.task) ? raw.task : {};
  const actions = (Array.isArray(raw.actions) ? raw.actions : Array.isArray(task.action_sequence) ? task.action_sequence : []) as Step[];
  const steps = (Array.isArray(raw.steps) ? raw.steps : Array.isArray(raw.records) ? raw.records : []) as RunStep[];
  const executed = ev.iwr_studio?.executed_steps ?? steps.filter((s) => s.step !== null && s.status === 'ok').length;
  const pairs = ev.iwr_studio?.checkpoint_pairs ?? selectCheckpoints(actions, executed, assertionStatuses(ev.assertion_results ?? [])).pairs;
  const cls = isObj(task.classification) ? task.classification : {};
  const level = typeof raw.level === 'string' ? raw.level : typeof cls.interaction_complexity === 'string' ? cls.interaction_complexity : undefined;
  return {
    id: raw.id,
    taskKey,
    sourceId,
    taskId,
    model: typeof raw.model === 'string' ? raw.model : 'unnamed',
    ...(typeof raw.candidateId === 'string' ? { candidateId: raw.candidateId } : {}),
    ...(typeof raw.candidateHash === 'string' ? { candidateHash: raw.candidateHash } : {}),
    createdAt: typeof raw.createdAt === 'number' ? raw.createdAt : typeof raw.finishedAt === 'number' ? raw.finishedAt : 0,
    eval: ev,
    scores: taskScores(ev),
    steps,
    actions,
    pairs,
    ...(level ? { level } : {}),
    ...(isObj(raw.settings) ? { settings: raw.settings } : {}),
    raw,
  };
}

export async function loadRun(id: string): Promise<RunView | null> {
  const db = await getDb();
  return toRunView(await db.get('runs', id));
}

export async function loadAllRuns(): Promise<RunView[]> {
  const db = await getDb();
  const all = await db.getAll('runs');
  return all.map(toRunView).filter((r): r is RunView => r !== null);
}

export async function runsForTask(taskKey: string): Promise<RunView[]> {
  const db = await getDb();
  const all = await db.getAllFromIndex('runs', 'byTask', taskKey);
  return all
    .map(toRunView)
    .filter((r): r is RunView => r !== null)
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** Blob names stored for a run (screenshots and others). */
export async function runBlobNames(runId: string): Promise<string[]> {
  const db = await getDb();
  const keys = await db.getAllKeysFromIndex('blobs', 'byRun', runId);
  return keys.map((k) => k[1]);
}

export async function runBlob(runId: string, name: string): Promise<Blob | null> {
  const db = await getDb();
  return (await db.get('blobs', [runId, name]))?.blob ?? null;
}

/** The stored name of candidate screenshot k: tries the names a run may use. */
export function screenshotName(names: readonly string[], k: number): string | null {
  const want = [`screenshot_${k}.png`, `screenshots/${k}.png`, `screenshot-${k}.png`, `evalpoints/screenshot_${k}.png`, `${k}.png`];
  for (const w of want) if (names.includes(w)) return w;
  return names.find((n) => new RegExp(`(^|[^0-9])${k}\\.png$`).test(n) && /shot/i.test(n)) ?? null;
}
