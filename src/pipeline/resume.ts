// Evaluations that survive a tab reload. While an evaluation runs, its inputs (source, task,
// candidate HTML and hash, model, options, the DINO model in use) and its progress (stage,
// steps done) are kept as a pending-run record (src/data/pending-runs.ts).
// A run that ends in this tab, with scores, an error or a cancel, removes its record; only a
// tab that died leaves one behind. resumePendingRuns() then restarts each such run from
// scratch: the replay is deterministic (seeded), reference OCR/DINO come from the refcache and
// judged items from the judgments cache, so only the candidate side is recomputed.
//
// Each running evaluation holds a Web Lock named after its record, so a second tab calling
// resumePendingRuns() leaves alone the runs still alive elsewhere. A run that kills the tab
// every time (e.g. a candidate that hangs the renderer) is dropped after MAX_RESUME_ATTEMPTS.
import { deletePendingRun, loadPendingRuns, putPendingRun } from '../data/pending-runs.ts';
import { listRuns } from '../data/runs.ts';
import { getCandidate } from '../data/candidates.ts';
import { sha256Hex } from '../data/bytes.ts';
import { currentDino, loadDino } from '../engines/dino-bridge.ts';
import { evaluateFromSource, type SourceEvaluation } from './from-source.ts';
import type { EvaluationEvent } from './types.ts';

const LOCK_PREFIX = 'iwr-pending-run:';
export const MAX_RESUME_ATTEMPTS = 3;

/** What is needed to start the evaluation again: plain data, as every entry point passes it. */
export type PendingRunInput = Pick<SourceEvaluation, 'sourceId' | 'taskId' | 'html' | 'model' | 'options' | 'candidateId'>;

export interface PendingProgress {
  stage: string | null;
  done: number;
  total: number;
  /** Replay steps finished (records received). */
  steps: number;
  updatedAt: number;
}

export interface PendingRun {
  id: string;
  startedAt: number;
  input: PendingRunInput;
  candidateHash: string;
  /** The DINO model the run started with; a resumed run loads the same one (same scores). */
  dino: { source: string; modelId: string; sha256: string } | null;
  progress: PendingProgress;
  /** How many times the run was resumed so far. */
  attempts: number;
}

/** Starts the evaluation and stores the run; returns its id. */
export type RunEvaluation = (input: PendingRunInput, onEvent: (e: EvaluationEvent) => void) => Promise<{ runId: string | null }>;

export type ResumeStatus = 'done' | 'already-stored' | 'failed' | 'gave-up' | 'busy';

export interface ResumeResult {
  pendingId: string;
  taskKey: string;
  model: string;
  status: ResumeStatus;
  runId?: string;
  error?: string;
}

async function putPending(p: PendingRun): Promise<void> {
  await putPendingRun(
    p as unknown as Parameters<typeof putPendingRun>[0],
    `the progress of the running evaluation (${p.input.sourceId}/${p.input.taskId})`,
  );
}

/** Unfinished evaluations, oldest first. Malformed records are dropped. */
export async function listPendingRuns(): Promise<PendingRun[]> {
  return (await loadPendingRuns()) as unknown as PendingRun[];
}

/** Runs `f` holding the run's lock; with `ifAvailable`, returns 'busy' when another tab holds it. */
async function withLock<T>(id: string, ifAvailable: boolean, f: () => Promise<T>): Promise<T | 'busy'> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  // Without Web Locks (non-secure contexts) two tabs could resume the same run: rare, and the
  // stored-run check in resume() catches the second one once the first has saved.
  if (!locks) return f();
  return locks.request(LOCK_PREFIX + id, { ifAvailable }, async (lock) => (lock ? f() : 'busy'));
}

/** Keeps the stored progress up to date with one write in flight at a time (latest wins). */
function progressWriter(entry: PendingRun): { onEvent: (e: EvaluationEvent) => void; close: () => Promise<void> } {
  let writing: Promise<void> | null = null;
  let dirty = false;
  let closed = false;
  const flush = (): void => {
    if (writing || closed) return;
    dirty = false;
    writing = putPending(entry)
      .catch((err: unknown) => console.warn('IWR Studio: could not save the progress of a running evaluation', err))
      .finally(() => {
        writing = null;
        if (dirty) flush();
      });
  };
  return {
    onEvent(e) {
      const p = entry.progress;
      if (e.type === 'stage') {
        p.stage = e.stage;
        p.done = e.done;
        p.total = e.total;
      } else if (e.type === 'step') {
        p.steps++;
      } else return;
      p.updatedAt = Date.now();
      dirty = true;
      flush();
    },
    async close() {
      closed = true;
      // A write still in flight would recreate the record after it is deleted.
      while (writing) await writing;
    },
  };
}

async function execute(entry: PendingRun, run: RunEvaluation, onEvent?: (e: EvaluationEvent) => void): Promise<{ runId: string | null }> {
  const writer = progressWriter(entry);
  try {
    return await run(entry.input, (e) => {
      writer.onEvent(e);
      onEvent?.(e);
    });
  } finally {
    await writer.close();
    await deletePendingRun(entry.id);
  }
}

const newPendingId = (): string => `pending-${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;

/**
 * Runs one evaluation so that it can be resumed after a reload: its record is written before
 * `run` starts and removed when it ends (whatever the outcome in this tab).
 */
export async function trackRun(
  input: PendingRunInput,
  run: RunEvaluation,
  onEvent?: (e: EvaluationEvent) => void,
): Promise<{ runId: string | null }> {
  const dino = currentDino()?.model;
  const entry: PendingRun = {
    id: newPendingId(),
    startedAt: Date.now(),
    input,
    candidateHash: await sha256Hex(input.html),
    dino: dino ? { source: dino.source, modelId: dino.modelId, sha256: dino.sha256 } : null,
    progress: { stage: null, done: 0, total: 0, steps: 0, updatedAt: Date.now() },
    attempts: 0,
  };
  // The lock is taken before the record exists, so no other tab can see it unlocked.
  const out = await withLock(entry.id, false, async () => {
    await putPending(entry);
    return execute(entry, run, onEvent);
  });
  return out === 'busy' ? { runId: null } : out;
}

/** The run a dead tab saved just before it could remove its record, if any. */
async function storedRunOf(entry: PendingRun): Promise<string | null> {
  const runs = await listRuns({ taskKey: `${entry.input.sourceId}/${entry.input.taskId}` });
  const hit = runs.find((r) => r.model === entry.input.model && r.candidateHash === entry.candidateHash && r.createdAt >= entry.startedAt);
  return hit?.id ?? null;
}

async function ensureSameDino(entry: PendingRun): Promise<void> {
  if (!entry.dino || currentDino()?.model.sha256 === entry.dino.sha256) return;
  if (entry.dino.source.startsWith('file:'))
    throw new Error(`the run used the local DINO model ${entry.dino.source.slice(5)}; load that file again (Settings > DINO) and resume`);
  const loaded = await loadDino({ url: entry.dino.source }, { modelId: entry.dino.modelId });
  if (loaded.model.sha256 !== entry.dino.sha256)
    throw new Error(
      `the DINO model at ${entry.dino.source} changed since the run started (sha256 ${loaded.model.sha256.slice(0, 12)}, was ${entry.dino.sha256.slice(0, 12)}); its scores would not be comparable`,
    );
}

async function resumeOne(entry: PendingRun, run: RunEvaluation, onEvent?: (e: EvaluationEvent) => void): Promise<ResumeResult> {
  const base = { pendingId: entry.id, taskKey: `${entry.input.sourceId}/${entry.input.taskId}`, model: entry.input.model };
  const stored = await storedRunOf(entry);
  if (stored) {
    await deletePendingRun(entry.id);
    return { ...base, status: 'already-stored', runId: stored };
  }
  if (entry.attempts >= MAX_RESUME_ATTEMPTS) {
    await deletePendingRun(entry.id);
    return {
      ...base,
      status: 'gave-up',
      error: `the evaluation was interrupted ${entry.attempts + 1} times (the page may hang the tab); run it again by hand to see where it stops`,
    };
  }
  try {
    // A model that cannot be loaded now is not the run's fault: keep the record for later.
    await ensureSameDino(entry);
  } catch (err) {
    return { ...base, status: 'failed', error: `not resumed yet: ${err instanceof Error ? err.message : String(err)}` };
  }
  entry.attempts++;
  entry.progress = { stage: null, done: 0, total: 0, steps: 0, updatedAt: Date.now() };
  await putPending(entry);
  try {
    const { runId } = await execute(entry, run, onEvent);
    return { ...base, status: 'done', ...(runId ? { runId } : {}) };
  } catch (err) {
    return { ...base, status: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Resumes every unfinished evaluation left by a closed or reloaded tab, one after another
 * (the app calls it on start, or when the visitor accepts). Runs alive in another tab are
 * reported as 'busy' and left alone.
 */
export async function resumePendingRuns(
  onEvent?: (pendingId: string, e: EvaluationEvent) => void,
  run: RunEvaluation = evaluateAgain,
): Promise<ResumeResult[]> {
  const out: ResumeResult[] = [];
  for (const entry of await listPendingRuns()) {
    const r = await withLock(entry.id, true, () => resumeOne(entry, run, onEvent ? (e) => onEvent(entry.id, e) : undefined));
    out.push(
      r === 'busy'
        ? { pendingId: entry.id, taskKey: `${entry.input.sourceId}/${entry.input.taskId}`, model: entry.input.model, status: 'busy' }
        : r,
    );
  }
  return out;
}

/**
 * The default runner repeats the run with the same plain inputs: the same source, task,
 * candidate, model and options (backends by name), stored as a run again.
 */
export async function evaluateAgain(input: PendingRunInput, onEvent: (e: EvaluationEvent) => void): Promise<{ runId: string | null }> {
  // A multi-file candidate's files are not in the pending record: they are read back from the candidate.
  const stored = input.candidateId ? await getCandidate(input.candidateId) : null;
  const files = stored?.html === input.html && stored.files ? new Map(Object.entries(stored.files)) : undefined;
  const { runId } = await evaluateFromSource({ ...input, ...(files ? { files } : {}), save: true, onEvent });
  return { runId };
}
