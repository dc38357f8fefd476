// Candidate pages (index.html drafts, opened files, pastes, imports, generated ones), kept
// per task in the `candidates` store so they survive reloads. A draft is saved as the
// visitor types (the caller debounces); each record carries a content hash so runs can
// name exactly which HTML they scored.
import { candidateHash } from './bytes.ts';
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
  /** SHA-256 of the HTML (hex), or of every file of a multi-file candidate (candidateHash), recomputed on every save. */
  hash: string;
  /** A multi-file candidate's other files (opened from a folder or zip), by path relative to index.html. */
  files?: Record<string, Blob>;
  createdAt: number;
  updatedAt: number;
  [key: string]: unknown;
}

/** The key tying a candidate (and its runs) to one task of one source. */
export const candidateTaskKey = (sourceId: string, taskId: string): string => `${sourceId}/${taskId}`;

function newId(): string {
  return crypto.randomUUID?.() ?? `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A stored files record, if it is one: every value a Blob. */
function filesOf(raw: unknown): Record<string, Blob> | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const entries = Object.entries(raw as Record<string, unknown>);
  return entries.length && entries.every(([, b]) => b instanceof Blob) ? (raw as Record<string, Blob>) : null;
}

const filesMap = (files?: Record<string, Blob>): Map<string, Blob> | undefined => (files ? new Map(Object.entries(files)) : undefined);

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
    // Malformed files are dropped (the page alone still opens).
    files: filesOf(r.files) ?? undefined,
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
  files?: Record<string, Blob>;
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
    ...(input.files && Object.keys(input.files).length ? { files: input.files } : {}),
    hash: await candidateHash(input.html, filesMap(input.files)),
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
    hash: patch.html !== undefined ? await candidateHash(html, filesMap(old.files)) : old.hash,
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
