// Stored runs: one record per evaluation (task, candidate hash, settings, model hashes, the
// official record, scores, driver decisions) in `runs`, and its screenshots in `blobs` under
// [runId, "evalpoints/<k>.png"], plus the candidate HTML under [runId, "index.html"] (a blob,
// not a record field: listRuns loads every record, and pages can be large). Records are
// checked on load; a malformed one is skipped.
import type { EvalRecord } from '../scoring/eval-record.ts';
import type { Scores } from '../scoring/metrics.ts';
import { getDb, guardedWrite } from './db.ts';

export interface StoredStep {
  k: number;
  step: number | null;
  type: string | null;
  description: string | null;
  status: 'ok' | 'failed';
  reason?: string;
  /** Load step of a multi-file candidate: files it referenced and lacks, references refused (outside it). */
  missingFiles?: string[];
  refusedFiles?: string[];
  element?: {
    xpath: string;
    tag: string;
    text: string;
    confidence: number;
    runnerUp: { xpath: string; text: string; score: number } | null;
    /** Who picked it (absent in runs stored before resolvers could be chosen: the deterministic one). */
    decidedBy?: string;
    /** The other resolver's pick at the same snapshot, when both ran (llm and hybrid modes). */
    other?: { by: string; ok: boolean; xpath: string; tag: string; text: string; reasons: string[] };
  };
  timings: { resolveMs: number; actMs: number; waitMs: number; captureMs: number; totalMs: number };
  console: Array<{ level: string; text: string }>;
  errors: string[];
  blocked: Array<{ url: string; directive: string }>;
  dialogs: Array<{ dialog: string; message: string }>;
}

export interface RunRecord {
  id: string;
  taskKey: string;
  sourceId: string;
  taskId: string;
  /** The model (candidate) name runs are grouped by on the leaderboard. */
  model: string;
  candidateHash: string;
  interaction?: string;
  createdAt: number;
  status: 'done' | 'failed';
  error?: string;
  settings: Record<string, unknown>;
  eval?: EvalRecord;
  scores?: Scores;
  steps: StoredStep[];
  checkpoints: Array<{
    screenshot: number;
    checkpoint: number;
    step: number | null;
    ocr: number;
    dino: number;
    hfs: number | 'unjudged';
    hfsStatus: string;
    ocrTexts: { reference: string; candidate: string };
  }>;
  timings: Record<string, number>;
  [key: string]: unknown;
}

/** Blob name of the scored candidate HTML, as the file is named in the official results layout. */
export const RUN_HTML = 'index.html';

/** The shape check applied on load, for modules that read runs from elsewhere (imports). */
export function isRunRecord(v: unknown): v is RunRecord {
  return valid(v);
}

function valid(v: unknown): v is RunRecord {
  const r = v as Partial<RunRecord> | undefined;
  return (
    !!r &&
    typeof r.id === 'string' &&
    typeof r.taskKey === 'string' &&
    typeof r.model === 'string' &&
    Array.isArray(r.steps) &&
    (r.status === 'done' || r.status === 'failed')
  );
}

export function newRunId(): string {
  return `run-${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Blob-name prefix of a multi-file candidate's other files: `candidate/<path>` (exported as `<dir>/<path>`). */
export const RUN_FILE_PREFIX = 'candidate/';

/**
 * `html`: the candidate page that was scored, kept so the run can be exported as results;
 * `files`: the other files of a multi-file candidate, by path relative to index.html.
 */
export async function saveRun(run: RunRecord, screenshots: Blob[], html?: string, files?: ReadonlyMap<string, Blob>): Promise<void> {
  await guardedWrite(`run ${run.id}`, async () => {
    const db = await getDb();
    const tx = db.transaction(['runs', 'blobs'], 'readwrite');
    await tx.objectStore('runs').put(run as RunRecord & { id: string; taskKey: string; model: string });
    await Promise.all(
      screenshots.map((blob, k) =>
        blob
          ? tx.objectStore('blobs').put({ runId: run.id, name: `evalpoints/${k}.png`, blob }, [run.id, `evalpoints/${k}.png`])
          : undefined,
      ),
    );
    if (html !== undefined)
      await tx
        .objectStore('blobs')
        .put({ runId: run.id, name: RUN_HTML, blob: new Blob([html], { type: 'text/html' }) }, [run.id, RUN_HTML]);
    for (const [path, blob] of files ?? []) {
      const name = RUN_FILE_PREFIX + path;
      await tx.objectStore('blobs').put({ runId: run.id, name, blob }, [run.id, name]);
    }
    await tx.done;
  });
}

/**
 * Stores a run with exactly these blobs (name -> bytes), removing any other blob the run id
 * had: an import that replaces a run must not leave the old run's extra screenshots behind.
 */
export async function putRunWithBlobs(run: RunRecord, blobs: ReadonlyArray<{ name: string; blob: Blob }>): Promise<void> {
  await guardedWrite(`run ${run.id}`, async () => {
    const db = await getDb();
    const tx = db.transaction(['runs', 'blobs'], 'readwrite');
    const store = tx.objectStore('blobs');
    const old = await store.index('byRun').getAllKeys(run.id);
    await Promise.all(old.map((k) => store.delete(k)));
    await tx.objectStore('runs').put(run as RunRecord & { id: string; taskKey: string; model: string });
    await Promise.all(blobs.map((b) => store.put({ runId: run.id, name: b.name, blob: b.blob }, [run.id, b.name])));
    await tx.done;
  });
}

export async function getRun(id: string): Promise<RunRecord | null> {
  const v: unknown = await (await getDb()).get('runs', id);
  return valid(v) ? v : null;
}

export async function listRuns(filter: { taskKey?: string; model?: string } = {}): Promise<RunRecord[]> {
  const db = await getDb();
  const rows: unknown[] = filter.taskKey
    ? await db.getAllFromIndex('runs', 'byTask', filter.taskKey)
    : filter.model
      ? await db.getAllFromIndex('runs', 'byModel', filter.model)
      : await db.getAll('runs');
  return rows.filter(valid).sort((a, b) => b.createdAt - a.createdAt);
}

export async function getRunBlob(runId: string, name: string): Promise<Blob | null> {
  const row = await (await getDb()).get('blobs', [runId, name]);
  return row?.blob ?? null;
}

export async function listRunBlobs(runId: string): Promise<Array<{ name: string; blob: Blob }>> {
  const rows = await (await getDb()).getAllFromIndex('blobs', 'byRun', runId);
  return rows.map((r) => ({ name: r.name, blob: r.blob }));
}

export async function deleteRun(id: string): Promise<void> {
  const db = await getDb();
  const tx = db.transaction(['runs', 'blobs'], 'readwrite');
  await tx.objectStore('runs').delete(id);
  const keys = await tx.objectStore('blobs').index('byRun').getAllKeys(id);
  await Promise.all(keys.map((k) => tx.objectStore('blobs').delete(k)));
  await tx.done;
}
