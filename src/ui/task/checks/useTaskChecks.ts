// A task's checks as the editor sees them: the task's own checks.json (if it has one), the copy
// saved in this browser (src/data/checks.ts), and per step which one applies and whether it is
// stale. Saving writes the whole task's checks to the browser copy, starting from the file's
// entries the first time, since an evaluation reads the browser copy instead of the file.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { checksForSteps, parseChecksFile } from '../../../checks/parse.ts';
import type { CheckEntry } from '../../../checks/types.ts';
import { checksTaskKey, deleteSavedChecks, getSavedChecks, saveChecks, type SavedChecks } from '../../../data/checks.ts';
import type { Problem, Step } from '../../../task/types.ts';
import { fileBlob } from '../../state/catalog.ts';

export type CheckOrigin = 'file' | 'browser';

export interface StepChecks {
  /** The entry that applies (browser copy first), whether stale or not. */
  entry: CheckEntry | null;
  /** 'browser': saved here and different from the file's entry (or the task has no file). */
  origin: CheckOrigin | null;
  /** The file's entry for the step, for "revert". */
  fileEntry: CheckEntry | null;
  /** Why the entry does not apply (its assertion changed), or null. */
  stale: string | null;
}

interface Loaded {
  file: { name: string; entries: CheckEntry[]; problems: Problem[] } | null;
  saved: SavedChecks | null;
}

const same = (a: CheckEntry | null | undefined, b: CheckEntry | null | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const byStep = (list: readonly CheckEntry[]) => new Map(list.map((e) => [e.step, e]));

export function useTaskChecks(sourceId: string, taskId: string, checksFile: string | undefined, steps: readonly Step[]) {
  const taskKey = checksTaskKey(sourceId, taskId);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        let file: Loaded['file'] = null;
        if (checksFile) {
          const name = `data/${taskId}/${checksFile}`;
          const blob = await fileBlob(sourceId, name);
          if (blob) file = { name, ...parseChecksFile(await blob.text(), name) };
        }
        const saved = await getSavedChecks(taskKey);
        if (live) setLoaded({ file, saved });
      } catch (err) {
        if (live) setError(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => {
      live = false;
    };
  }, [sourceId, taskId, taskKey, checksFile, version]);

  const fileEntries = useMemo(() => loaded?.file?.entries ?? [], [loaded]);
  const saved = loaded?.saved ?? null;
  const effective = saved ? saved.entries : fileEntries;
  const staleness = new Map<number, string>();
  for (const p of checksForSteps(effective, steps, '').problems) {
    const i = /^entries\[(\d+)\]\.assertion$/.exec(p.path ?? '');
    const e = i ? effective[Number(i[1])] : undefined;
    if (e) staleness.set(e.step, p.message);
  }
  const fileMap = byStep(fileEntries);
  const effMap = byStep(effective);

  const stepChecks = (step: number): StepChecks => {
    const entry = effMap.get(step) ?? null;
    const fileEntry = fileMap.get(step) ?? null;
    const origin: CheckOrigin | null = !entry
      ? saved && fileEntry
        ? 'browser'
        : null
      : saved && !same(entry, fileEntry)
        ? 'browser'
        : 'file';
    return { entry, origin, fileEntry, stale: staleness.get(step) ?? null };
  };

  /** Stores the step's entry in the browser copy (created from the file's entries if needed). */
  const save = useCallback(
    async (entry: CheckEntry) => {
      const base = byStep(saved ? saved.entries : fileEntries);
      base.set(entry.step, entry);
      await saveChecks(taskKey, [...base.values()]);
      setVersion((v) => v + 1);
    },
    [saved, fileEntries, taskKey],
  );

  /** The step goes back to the task's checks.json; the browser copy is dropped once it matches the file. */
  const revert = useCallback(
    async (step: number) => {
      if (!saved) return;
      const next = byStep(saved.entries);
      const fromFile = fileMap.get(step);
      if (fromFile) next.set(step, fromFile);
      else next.delete(step);
      const list = [...next.values()].sort((a, b) => a.step - b.step);
      const fileList = [...fileEntries].sort((a, b) => a.step - b.step);
      if (JSON.stringify(list) === JSON.stringify(fileList)) await deleteSavedChecks(taskKey);
      else await saveChecks(taskKey, list);
      setVersion((v) => v + 1);
    },
    [saved, fileMap, fileEntries, taskKey],
  );

  return {
    taskKey,
    ready: loaded !== null,
    error,
    fileName: loaded?.file?.name ?? null,
    fileProblems: loaded?.file?.problems ?? [],
    savedProblems: saved?.problems ?? [],
    hasSaved: saved !== null,
    savedAt: saved?.savedAt ?? null,
    stepChecks,
    save,
    revert,
  };
}
