// Judge-free checks kept in this browser, one record per task (key `${sourceId}/${taskId}`):
// the text of a checks.json and when it was saved. Tasks from a URL or a zip have no folder to
// write checks.json into, and a person may edit a sample's or a folder's checks without
// touching its files: both end up here, and an evaluation prefers this copy to the task's own
// file (src/pipeline/from-source.ts). Records read back are parsed again (src/checks/parse.ts):
// a bad entry is dropped with a warning, a record that is not a checks file at all is ignored.
import { CHECKS_FORMAT, CHECKS_VERSION, type CheckEntry, type ChecksFile } from '../checks/types.ts';
import { parseChecksFile } from '../checks/parse.ts';
import type { Problem } from '../task/types.ts';
import { getDb, guardedWrite } from './db.ts';

export interface SavedChecks {
  taskKey: string;
  /** The entries that parsed, by step. */
  entries: CheckEntry[];
  /** The checks.json text as stored (entries that did not parse are still in it). */
  text: string;
  savedAt: number;
  /** What was wrong with the stored text (entries dropped); empty when it read cleanly. */
  problems: Problem[];
}

/** The key of a task's record; the same key as candidates and runs use. */
export const checksTaskKey = (sourceId: string, taskId: string): string => `${sourceId}/${taskId}`;

/** How problems and logs name a record of this store. */
export const savedChecksName = (taskKey: string): string => `checks saved in this browser for ${taskKey}`;

/** A checks.json text for these entries, ordered by step, as the files in the samples are written. */
export function checksFileText(entries: readonly CheckEntry[]): string {
  const file: ChecksFile = {
    format: CHECKS_FORMAT,
    version: CHECKS_VERSION,
    entries: [...entries].sort((a, b) => a.step - b.step),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Parses a checks.json text as this store would hold it for the task (imports validate with it). */
export function readChecksText(taskKey: string, text: string): { entries: CheckEntry[]; problems: Problem[] } {
  return parseChecksFile(text, savedChecksName(taskKey));
}

/** Checks a stored record; null (with a warning) when it is not a checks file at all. */
function repair(taskKey: string, raw: unknown): SavedChecks | null {
  const r = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : null;
  if (!r || typeof r.text !== 'string') {
    if (raw !== undefined) console.warn(`IWR Studio: checks store: skipped a malformed record for task ${taskKey}`);
    return null;
  }
  const parsed = parseChecksFile(r.text, savedChecksName(taskKey));
  const fatal = parsed.problems.some((p) => !/^entries\[\d+\]/.test(p.path ?? ''));
  if (fatal) {
    console.warn(`IWR Studio: checks store: ignored the record for task ${taskKey}: ${parsed.problems.map((p) => p.message).join('; ')}`);
    return null;
  }
  for (const p of parsed.problems) console.warn(`IWR Studio: checks store: ${p.file}: ${p.path ?? ''} ${p.message}`);
  return {
    taskKey,
    entries: parsed.entries,
    text: r.text,
    savedAt: typeof r.savedAt === 'number' && Number.isFinite(r.savedAt) ? r.savedAt : 0,
    problems: parsed.problems,
  };
}

export async function getSavedChecks(taskKey: string): Promise<SavedChecks | null> {
  return repair(taskKey, await (await getDb()).get('checks', taskKey));
}

/** Every task with checks saved here (exports), by task key. */
export async function listSavedChecks(): Promise<SavedChecks[]> {
  const db = await getDb();
  const keys = (await db.getAllKeys('checks')).sort();
  const out: SavedChecks[] = [];
  for (const key of keys) {
    const rec = repair(key, await db.get('checks', key));
    if (rec) out.push(rec);
  }
  return out;
}

/**
 * Stores a task's checks: the entries (written as a checks.json), or the text of one (an
 * import). A text is parsed first and refused, naming the problem, unless every entry reads.
 */
export async function saveChecks(taskKey: string, checks: readonly CheckEntry[] | string, savedAt = Date.now()): Promise<SavedChecks> {
  const text = typeof checks === 'string' ? checks : checksFileText(checks);
  const parsed = parseChecksFile(text, savedChecksName(taskKey));
  if (parsed.problems.length) {
    const p = parsed.problems[0] as Problem;
    throw new Error(`${p.file}: ${p.path ? `${p.path} ` : ''}${p.message}`);
  }
  await guardedWrite(`the checks of task ${taskKey}`, async () => {
    await (await getDb()).put('checks', { taskKey, text, savedAt }, taskKey);
  });
  return { taskKey, entries: parsed.entries, text, savedAt, problems: [] };
}

/** Forgets the task's saved checks: its own checks.json (if any) applies again. */
export async function deleteSavedChecks(taskKey: string): Promise<void> {
  await (await getDb()).delete('checks', taskKey);
}
