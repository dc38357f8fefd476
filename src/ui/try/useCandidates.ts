// The task's candidates and the one being edited. Edits are kept in memory at once and
// written (debounced) to IndexedDB; leaving the page or hiding the tab flushes them.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  createCandidate,
  deleteCandidate,
  listCandidates,
  nextDraftName,
  updateCandidate,
  type Candidate,
  type CandidateOrigin,
} from '../../data/candidates.ts';

export type SaveState = { kind: 'saved' } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'error'; message: string };

const SAVE_DELAY_MS = 600;

export function useCandidates(taskKey: string, wanted: string | undefined, starter: () => string) {
  const [list, setList] = useState<Candidate[] | null>(null);
  const [current, setCurrent] = useState<Candidate | null>(null);
  const [html, setHtml] = useState('');
  const [save, setSave] = useState<SaveState>({ kind: 'saved' });
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<{ id: string; html: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Counts the visitor's own choices (add, select, remove). The first load can resolve after one
  // (a zip dropped while the list is still being read, or while the first draft is being made)
  // and must not take the screen back to an older candidate then.
  const choices = useRef(0);
  const starterRef = useRef(starter);
  useEffect(() => {
    starterRef.current = starter;
  }, [starter]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    setSave({ kind: 'saving' });
    try {
      const next = await updateCandidate(p.id, { html: p.html });
      setList((l) => (l ? [next, ...l.filter((c) => c.id !== next.id)] : [next]));
      setCurrent((c) => (c?.id === next.id ? next : c));
      setSave(pending.current ? { kind: 'dirty' } : { kind: 'saved' });
    } catch (err) {
      setSave({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }, []);

  // Load the list, pick the wanted (or latest) candidate; a task with none gets a first draft.
  useEffect(() => {
    let live = true;
    const before = choices.current;
    void (async () => {
      try {
        let all = await listCandidates(taskKey);
        // A fixed id: two loads racing (two tabs, a re-run effect) make one first draft, not two.
        // None when the visitor has already opened a candidate of their own.
        if (!all.length && choices.current === before)
          all = [
            await createCandidate({ id: `${taskKey}#first-draft`, taskKey, name: 'draft 1', html: starterRef.current(), origin: 'draft' }),
          ];
        if (!live) return;
        if (choices.current !== before) {
          setList((mine) => mergeCandidates(mine ?? [], all));
          return;
        }
        const pick = all.find((c) => c.id === wanted) ?? all[0]!;
        setList(all);
        setCurrent(pick);
        setHtml(pick.html);
        setSave({ kind: 'saved' });
      } catch (err) {
        if (live) setError(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => {
      live = false;
    };
  }, [taskKey, wanted]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      void flush();
    };
  }, [flush]);

  const edit = useCallback(
    (next: string) => {
      setHtml(next);
      if (!current) return;
      pending.current = { id: current.id, html: next };
      setSave({ kind: 'dirty' });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [current, flush],
  );

  const select = useCallback(
    async (id: string) => {
      await flush();
      const c = list?.find((x) => x.id === id);
      if (!c) return;
      choices.current++;
      setCurrent(c);
      setHtml(c.html);
    },
    [flush, list],
  );

  const add = useCallback(
    async (name: string, content: string, origin: CandidateOrigin, files?: Record<string, Blob>, extra?: Record<string, unknown>) => {
      await flush();
      try {
        const c = await createCandidate({ taskKey, name, html: content, origin, ...(files ? { files } : {}), ...(extra ? { extra } : {}) });
        choices.current++;
        setList((l) => [c, ...(l ?? [])]);
        setCurrent(c);
        setHtml(c.html);
        setSave({ kind: 'saved' });
        return c;
      } catch (err) {
        setSave({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
        return null;
      }
    },
    [flush, taskKey],
  );

  const newDraft = useCallback(() => add(nextDraftName(list ?? []), starterRef.current(), 'draft'), [add, list]);

  const rename = useCallback(
    async (name: string) => {
      if (!current || !name.trim()) return;
      await flush();
      const next = await updateCandidate(current.id, { name: name.trim() });
      setCurrent(next);
      setList((l) => l?.map((c) => (c.id === next.id ? next : c)) ?? null);
    },
    [current, flush],
  );

  const remove = useCallback(async () => {
    if (!current) return;
    if (timer.current) clearTimeout(timer.current);
    pending.current = null;
    await deleteCandidate(current.id);
    choices.current++;
    const rest = (list ?? []).filter((c) => c.id !== current.id);
    if (rest.length) {
      setList(rest);
      setCurrent(rest[0]!);
      setHtml(rest[0]!.html);
    } else {
      const c = await createCandidate({ taskKey, name: 'draft 1', html: starterRef.current(), origin: 'draft' });
      setList([c]);
      setCurrent(c);
      setHtml(c.html);
    }
  }, [current, list, taskKey]);

  return { list, current, html, save, error, edit, select, add, newDraft, rename, remove, flush };
}

/** The visitor's list (newer: it has what they added) with what a late load found, newest first. */
export function mergeCandidates(mine: Candidate[], loaded: Candidate[]): Candidate[] {
  const ids = new Set(mine.map((c) => c.id));
  return [...mine, ...loaded.filter((c) => !ids.has(c.id))].sort((a, b) => b.updatedAt - a.updatedAt);
}
