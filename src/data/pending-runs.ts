// Evaluations in progress, kept so a reloaded tab can resume them (src/pipeline/resume.ts owns
// the logic). One small record per running evaluation in the `settings` store under
// `pending-run:<id>`, so concurrent runs never rewrite each other's; malformed records are
// dropped on load.
import { getDb, guardedWrite } from './db.ts';

/** The record key prefix in the settings store. */
export const PENDING_RUN_PREFIX = 'pending-run:';

export interface StoredPendingRun {
  id: string;
  startedAt: number;
  input: { sourceId: string; taskId: string; html: string; model: string; [key: string]: unknown };
  candidateHash: string;
  attempts: number;
  [key: string]: unknown;
}

function isPending(v: unknown): v is StoredPendingRun {
  const p = v as Partial<StoredPendingRun> | undefined;
  return (
    !!p &&
    typeof p.id === 'string' &&
    typeof p.startedAt === 'number' &&
    typeof p.candidateHash === 'string' &&
    !!p.input &&
    typeof p.input.html === 'string' &&
    typeof p.input.taskId === 'string' &&
    typeof p.input.sourceId === 'string' &&
    typeof p.input.model === 'string'
  );
}

export async function putPendingRun(p: StoredPendingRun, what: string): Promise<void> {
  await guardedWrite(what, async () => {
    await (await getDb()).put('settings', p, PENDING_RUN_PREFIX + p.id);
  });
}

export async function deletePendingRun(id: string): Promise<void> {
  await (await getDb()).delete('settings', PENDING_RUN_PREFIX + id);
}

/** Every stored pending run, oldest first; malformed records are deleted. */
export async function loadPendingRuns(): Promise<StoredPendingRun[]> {
  const db = await getDb();
  const range = IDBKeyRange.bound(PENDING_RUN_PREFIX, `${PENDING_RUN_PREFIX}\uffff`);
  const keys = await db.getAllKeys('settings', range);
  const out: StoredPendingRun[] = [];
  for (const key of keys) {
    const v: unknown = await db.get('settings', key);
    if (isPending(v)) out.push({ ...v, attempts: typeof v.attempts === 'number' ? v.attempts : 0 });
    else await db.delete('settings', key);
  }
  return out.sort((a, b) => a.startedAt - b.startedAt);
}
