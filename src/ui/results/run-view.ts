// What the Results and Leaderboard screens need from a stored run (src/data/runs.ts
// RunRecord, written by src/pipeline/run-record.ts). Scores are recomputed from the eval
// record (the official formulas live in one place); everything else is read as stored.
import { isDinoPrecision, type DinoPrecision } from '../../shared/dino-id.ts';
import { getRun, getRunBlob, listRuns, type RunRecord, type StoredStep } from '../../data/runs.ts';
import type { EvalRecord } from '../../scoring/eval-record.ts';
import { taskScores, type Scores } from '../../scoring/metrics.ts';
import type { CheckpointPair } from '../../scoring/checkpoints.ts';
import type { Step, TaskRecord } from '../../task/types.ts';

export type RunStep = StoredStep;
export type RunCheckpoint = RunRecord['checkpoints'][number];

export interface RunView {
  id: string;
  taskKey: string;
  sourceId: string;
  taskId: string;
  model: string;
  candidateId?: string;
  candidateHash: string;
  createdAt: number;
  eval: EvalRecord;
  scores: Scores;
  steps: RunStep[];
  actions: Step[];
  pairs: CheckpointPair[];
  checkpoints: RunCheckpoint[];
  /** Interaction level of the task (for the leaderboard breakdown), when the run recorded it. */
  level?: string;
  settings: Record<string, unknown>;
  /** The DINO model that produced the DINO figures, as recorded in eval.json. */
  dinoModel?: { id: string; sha256?: string; source?: string; precision?: string };
  raw: RunRecord;
}

/** The project's tiny test network (public/models/test-dinov2-tiny.onnx): not DINOv2. */
export function isTestDinoModel(m: { id: string; source?: string } | undefined): boolean {
  return !!m && (m.id === 'test-dinov2-tiny' || /test-dinov2-tiny\.onnx$/.test(m.source ?? ''));
}

/** DINO figures from another precision than the float32 default: float16 (the harness on a GPU) or int8 (ours, fast). */
export function dinoPrecisionOf(m: { precision?: string } | undefined): Exclude<DinoPrecision, 'float32'> | null {
  const p = m?.precision;
  return isDinoPrecision(p) && p !== 'float32' ? p : null;
}

/** Maps one stored run; null for a run that did not finish (no eval record, nothing to show). */
export function toRunView(run: RunRecord): RunView | null {
  const ev = run.eval;
  if (!ev || run.status !== 'done') return null;
  const task = run.task as TaskRecord | undefined;
  const pairs: CheckpointPair[] =
    ev.iwr_studio?.checkpoint_pairs ?? run.checkpoints.map((c) => ({ screenshot: c.screenshot, checkpoint: c.checkpoint, step: c.step }));
  const level =
    typeof run.level === 'string'
      ? run.level
      : typeof run.interaction === 'string'
        ? run.interaction
        : task?.classification?.interaction_complexity;
  const dino = ev.iwr_studio?.models?.dino;
  return {
    id: run.id,
    taskKey: run.taskKey,
    sourceId: run.sourceId,
    taskId: run.taskId,
    model: run.model,
    ...(typeof run.candidateId === 'string' ? { candidateId: run.candidateId } : {}),
    candidateHash: run.candidateHash,
    createdAt: run.createdAt,
    eval: ev,
    scores: taskScores(ev),
    steps: run.steps,
    actions: task?.action_sequence ?? [],
    pairs,
    checkpoints: run.checkpoints,
    ...(typeof level === 'string' ? { level } : {}),
    settings: run.settings,
    ...(dino
      ? {
          dinoModel: {
            id: dino.id,
            ...(dino.sha256 ? { sha256: dino.sha256 } : {}),
            ...(typeof dino.source === 'string' ? { source: dino.source } : {}),
            ...(typeof dino.precision === 'string' ? { precision: dino.precision } : {}),
          },
        }
      : {}),
    raw: run,
  };
}

export async function loadRun(id: string): Promise<RunView | null> {
  const run = await getRun(id);
  return run ? toRunView(run) : null;
}

export async function loadAllRuns(): Promise<RunView[]> {
  return (await listRuns()).map(toRunView).filter((r): r is RunView => r !== null);
}

export async function runsForTask(taskKey: string): Promise<RunView[]> {
  return (await listRuns({ taskKey })).map(toRunView).filter((r): r is RunView => r !== null);
}

/** Candidate screenshot k of a run (stored as the official results layout names it). */
export function runScreenshot(runId: string, k: number): Promise<Blob | null> {
  return getRunBlob(runId, `evalpoints/${k}.png`);
}
