// Candidate pages (index.html drafts, opened files, pastes, imports, generated ones), kept
// per task in the `candidates` store so they survive reloads. A draft is saved as the
// visitor types (the caller debounces); each record carries a content hash so runs can
// name exactly which HTML they scored.
import { sha256Hex } from './bytes.ts';
import { getDb, guardedWrite } from './db.ts';

export type CandidateOrigin = 'draft' | 'paste' | 'file' | 'import' | 'generated' | 'sample';

export interface Candidate {
  id: string;
  /** `${sourceId}/${taskId}`: see candidateTaskKey(). */
  taskKey: string;
  /** Shown in lists and used as the model name of runs, e.g. "my draft", "gpt-4o". */
  name: string;
  html: string;
  origin: CandidateOrigin;
  /** SHA-256 of the HTML (hex), recomputed on every save. */
  hash: string;
  createdAt: number;
  updatedAt: number;
  [key: string]: unknown;
}

/** The key tying a candidate (and its runs) to one task of one source. */
export const candidateTaskKey = (sourceId: string, taskId: string): string => `${sourceId}/${taskId}`;

function newId(): string {
  return crypto.randomUUID?.() ?? `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Checks a stored record; anything malformed is skipped (and reported) instead of crashing a screen. */
function repair(raw: unknown): Candidate | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.id !== 'string' || typeof r.taskKey !== 'string' || typeof r.html !== 'string') return null;
  return {
    ...r,
    id: r.id,
    taskKey: r.taskKey,
    html: r.html,
    name: typeof r.name === 'string' && r.name ? r.name : 'unnamed',
    origin: (['draft', 'paste', 'file', 'import', 'generated', 'sample'] as const).includes(r.origin as CandidateOrigin)
      ? (r.origin as CandidateOrigin)
      : 'draft',
    hash: typeof r.hash === 'string' ? r.hash : '',
    createdAt: typeof r.createdAt === 'number' ? r.createdAt : 0,
    updatedAt: typeof r.updatedAt === 'number' ? r.updatedAt : 0,
  };
}

/** The task's candidates, most recently edited first. */
export async function listCandidates(taskKey: string): Promise<Candidate[]> {
  const db = await getDb();
  const rows = await db.getAllFromIndex('candidates', 'byTask', taskKey);
  const out: Candidate[] = [];
  for (const row of rows) {
    const c = repair(row);
    if (c) out.push(c);
    else console.warn(`IWR Studio: candidates store: skipped a malformed record for task ${taskKey}`);
  }
  return out.sort((a, b) => b.updatedAt - a.updatedAt);
}

export async function getCandidate(id: string): Promise<Candidate | null> {
  const db = await getDb();
  return repair(await db.get('candidates', id));
}

export async function createCandidate(input: {
  taskKey: string;
  name: string;
  html: string;
  origin: CandidateOrigin;
  id?: string;
  extra?: Record<string, unknown>;
}): Promise<Candidate> {
  const now = Date.now();
  const c: Candidate = {
    ...(input.extra ?? {}),
    id: input.id ?? newId(),
    taskKey: input.taskKey,
    name: input.name,
    html: input.html,
    origin: input.origin,
    hash: await sha256Hex(input.html),
    createdAt: now,
    updatedAt: now,
  };
  await guardedWrite(`candidate "${c.name}"`, async () => {
    const db = await getDb();
    await db.put('candidates', c);
  });
  return c;
}

/** Saves new HTML and/or a new name; returns the stored record. */
export async function updateCandidate(id: string, patch: { html?: string; name?: string }): Promise<Candidate> {
  const db = await getDb();
  const old = repair(await db.get('candidates', id));
  if (!old) throw new Error(`Candidate ${id} no longer exists (deleted in another tab?). Create a new one from the editor.`);
  const html = patch.html ?? old.html;
  const next: Candidate = {
    ...old,
    html,
    name: patch.name ?? old.name,
    hash: patch.html !== undefined ? await sha256Hex(html) : old.hash,
    updatedAt: Date.now(),
  };
  await guardedWrite(`candidate "${next.name}"`, async () => {
    const db2 = await getDb();
    await db2.put('candidates', next);
  });
  return next;
}

export async function deleteCandidate(id: string): Promise<void> {
  const db = await getDb();
  await db.delete('candidates', id);
}

/** An unused "draft N" name for the task. */
export function nextDraftName(existing: readonly Candidate[]): string {
  const names = new Set(existing.map((c) => c.name));
  for (let i = 1; ; i++) if (!names.has(`draft ${i}`)) return `draft ${i}`;
}
