// The tasks the app knows: every remembered source's data.jsonl, parsed, plus lazily
// opened task folders (files, problems) and object URLs for their files. Screens read it
// through `useCatalog`; the sources engine does the reading (src/sources), this only keeps
// what it returned and hands out URLs.
import { create } from 'zustand';
import type { Problem, Task, TaskFiles } from '../../task/types.ts';
import type { DatasetSource, TaskProgress } from '../../sources/types.ts';
import * as registry from '../../sources/registry.ts';
import { useSources } from '../sources/store.ts';

export interface CatalogSource {
  id: string;
  label: string;
  kind: string;
  status: 'loading' | 'ready' | 'error';
  error?: string;
  /** data.jsonl problems (bad lines, unknown types...). */
  problems: Problem[];
  taskCount: number;
}

export interface CatalogEntry {
  sourceId: string;
  task: Task;
}

export interface OpenedTaskView {
  task: Task;
  files: TaskFiles;
  problems: Problem[];
}

interface CatalogState {
  sources: CatalogSource[];
  entries: CatalogEntry[];
  loading: boolean;
  error: string | null;
  loadedOnce: boolean;
  load(): Promise<void>;
}

const live = new Map<string, DatasetSource>();

export const useCatalog = create<CatalogState>((set) => ({
  sources: [],
  entries: [],
  loading: false,
  error: null,
  loadedOnce: false,
  async load() {
    set({ loading: true, error: null });
    let list: DatasetSource[];
    try {
      const infos = await registry.listSources();
      list = await Promise.all(infos.map((i) => registry.getSource(i.id)));
    } catch (err) {
      set({ loading: false, loadedOnce: true, error: err instanceof Error ? err.message : String(err) });
      return;
    }
    live.clear();
    for (const s of list) live.set(s.id, s);
    set({ sources: list.map((s) => ({ id: s.id, label: s.label, kind: s.kind, status: 'loading', problems: [], taskCount: 0 })) });
    // Sources load side by side; one that fails (URL down, folder gone) never hides the others.
    const results = await Promise.all(
      list.map(async (s) => {
        try {
          const parsed = await registry.loadSource(s.id);
          return { s, tasks: parsed.tasks, problems: parsed.problems, error: undefined };
        } catch (err) {
          return { s, tasks: [] as Task[], problems: [] as Problem[], error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );
    set({
      loading: false,
      loadedOnce: true,
      sources: results.map(({ s, tasks, problems, error }) => ({
        id: s.id,
        label: s.label,
        kind: s.kind,
        status: error ? 'error' : 'ready',
        ...(error ? { error } : {}),
        problems,
        taskCount: tasks.length,
      })),
      entries: results.flatMap(({ s, tasks }) => tasks.map((task) => ({ sourceId: s.id, task }))),
    });
  },
}));

/** Loads the catalog once per page; later calls reuse it. */
let first: Promise<void> | null = null;
export function ensureCatalog(): Promise<void> {
  first ??= useCatalog.getState().load();
  return first;
}

export function reloadCatalog(): Promise<void> {
  first = useCatalog.getState().load();
  return first;
}

// Object URLs are cached per file for the page's lifetime: task files are immutable within a
// source, and revoking while an <img> still shows one would blank it.
const urls = new Map<string, Promise<string | null>>();

/** An object URL for a file inside a source's dataset (e.g. "data/2/checkpoints/step_0.png"), or null if absent. */
export function fileUrl(sourceId: string, path: string): Promise<string | null> {
  const key = `${sourceId}\n${path}`;
  let p = urls.get(key);
  if (!p) {
    p = registry.getSource(sourceId).then(async (src) => {
      const b = await src.readFile(path);
      return b ? URL.createObjectURL(b) : null;
    });
    p.catch(() => urls.delete(key));
    urls.set(key, p);
  }
  return p;
}

export async function fileBlob(sourceId: string, path: string): Promise<Blob | null> {
  const src = await registry.getSource(sourceId);
  return src.readFile(path);
}

const opened = new Map<string, Promise<OpenedTaskView>>();

/** Opens a task folder once (reads and caches every file, with progress) and remembers the result. */
export function openTask(sourceId: string, taskId: string, onProgress?: (p: TaskProgress) => void): Promise<OpenedTaskView> {
  const key = `${sourceId}\n${taskId}`;
  let p = opened.get(key);
  if (!p) {
    p = registry.openTask(sourceId, taskId, onProgress ? { onProgress } : {});
    p.catch(() => opened.delete(key));
    opened.set(key, p);
  }
  return p;
}

// A source added or removed in the Sources screen changes the gallery.
useSources.subscribe((next, prev) => {
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id).join('\n');
  if (first && ids(next.sources) !== ids(prev.sources)) void reloadCatalog();
});
