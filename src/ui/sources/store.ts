// State of the sources panel: the remembered sources, the selected one's tasks, the task
// being opened (with progress) and the last error. All reading goes through the registry
// (src/sources/registry.ts), the same code window.iwr uses.
import { create } from 'zustand';
import type { Problem, Task, TaskFiles } from '../../task/types.ts';
import { onCacheFailure } from '../../sources/cache.ts';
import { errorMessage } from '../../sources/errors.ts';
import { filesFromInput, type FileMap } from '../../sources/folder.ts';
import * as registry from '../../sources/registry.ts';
import type { SourceInfo } from '../../sources/registry.ts';
import type { TaskProgress } from '../../sources/types.ts';

export interface DatasetView {
  status: 'loading' | 'ready' | 'error';
  tasks: Task[];
  problems: Problem[];
  error?: string;
}

export interface OpenedView {
  status: 'opening' | 'ready' | 'error';
  /** The task as opening settled it (resolution from metadata.json, every problem). */
  task?: Task;
  files?: TaskFiles;
  problems: Problem[];
  error?: string;
}

interface SourcesState {
  sources: SourceInfo[];
  selected: string | null;
  datasets: Record<string, DatasetView>;
  opened: Record<string, OpenedView>;
  progress: (TaskProgress & { sourceId: string }) | null;
  /** What is being added, for the busy state ("Reading the zip…"). */
  busy: string | null;
  error: string | null;
  notice: string | null;
  refresh(): Promise<void>;
  select(id: string): Promise<void>;
  addUrl(url: string): Promise<void>;
  addZip(file: File): Promise<void>;
  addFolder(name: string, files: FileMap, handle?: unknown): Promise<void>;
  addFolderFiles(files: File[]): Promise<void>;
  remove(id: string): Promise<void>;
  openTask(sourceId: string, taskId: string): Promise<void>;
  dismissError(): void;
}

export const openedKey = (sourceId: string, taskId: string): string => `${sourceId}\n${taskId}`;

export const useSources = create<SourcesState>((set, get) => {
  const adding = async (what: string, add: () => Promise<SourceInfo>) => {
    set({ busy: what, error: null, notice: null });
    try {
      const info = await add();
      await get().refresh();
      await get().select(info.id);
    } catch (err) {
      set({ error: errorMessage(err) });
    } finally {
      set({ busy: null });
    }
  };

  return {
    sources: [],
    selected: null,
    datasets: {},
    opened: {},
    progress: null,
    busy: null,
    error: null,
    notice: null,

    async refresh() {
      try {
        set({ sources: await registry.listSources() });
      } catch (err) {
        set({ error: `Could not read the remembered sources: ${errorMessage(err)}` });
      }
    },

    async select(id) {
      set((s) => ({
        selected: id,
        datasets: { ...s.datasets, [id]: { status: 'loading', tasks: s.datasets[id]?.tasks ?? [], problems: [] } },
      }));
      try {
        const parsed = await registry.loadSource(id);
        set((s) => ({ datasets: { ...s.datasets, [id]: { status: 'ready', tasks: parsed.tasks, problems: parsed.problems } } }));
      } catch (err) {
        set((s) => ({ datasets: { ...s.datasets, [id]: { status: 'error', tasks: [], problems: [], error: errorMessage(err) } } }));
      }
    },

    addUrl: (url) => adding(`Reading ${url}…`, () => registry.addUrlSource(url)),
    addZip: (file) => adding(`Reading ${file.name}…`, () => registry.addZipSource(file, file.name)),
    addFolder: (name, files, handle) => adding(`Reading the folder ${name}…`, () => registry.addFolderSource(name, files, handle)),
    async addFolderFiles(files) {
      const { name, files: map } = filesFromInput(files);
      await get().addFolder(name, map);
    },

    async remove(id) {
      try {
        await registry.removeSource(id);
      } catch (err) {
        set({ error: errorMessage(err) });
      }
      set((s) => {
        const datasets = { ...s.datasets };
        delete datasets[id];
        return { datasets, selected: s.selected === id ? null : s.selected };
      });
      await get().refresh();
    },

    async openTask(sourceId, taskId) {
      const key = openedKey(sourceId, taskId);
      set((s) => ({ opened: { ...s.opened, [key]: { status: 'opening', problems: [] } } }));
      try {
        const result = await registry.openTask(sourceId, taskId);
        set((s) => ({
          opened: { ...s.opened, [key]: { status: 'ready', task: result.task, files: result.files, problems: result.problems } },
        }));
      } catch (err) {
        set((s) => ({ opened: { ...s.opened, [key]: { status: 'error', problems: [], error: errorMessage(err) } } }));
      } finally {
        set((s) => (s.progress?.sourceId === sourceId && s.progress.taskId === taskId ? { progress: null } : {}));
        await get().refresh();
      }
    },

    dismissError: () => set({ error: null }),
  };
});

// Progress of any task being opened (by the panel or through window.iwr) shows in the panel.
registry.onTaskProgress((sourceId, p) => {
  useSources.setState({ progress: p.done >= p.total ? null : { ...p, sourceId } });
});
onCacheFailure((_sourceId, path, message) => {
  useSources.setState({ notice: `${path} could not be kept for offline use: ${message}` });
});
