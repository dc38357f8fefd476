// window.iwr: task sources and tasks. Every other capability gets a task's record,
// checkpoints and assets through these; the CLI's `validate` uses validateUrl.
//
//   addUrlSource(url: string, opts?: { timeoutMs?: number }): Promise<SourceInfo>
//       A dataset base URL (…/resolve/main/ on the hub, a static host, the CLI's /local-data/).
//       Reads data.jsonl at once (throws naming the URL if it does not answer or is no dataset).
//   addZipSource(file: Blob, name?: string): Promise<SourceInfo>
//       Checks the central directory (zip bomb: > 4 GiB declared or > 100k entries) before
//       anything else, then the storage quota, then stores the zip in IndexedDB.
//   addFolderFiles(files: File[]): Promise<SourceInfo>
//       Files of a folder as <input webkitdirectory> gives them (webkitRelativePath set).
//   listSources(): Promise<SourceInfo[]>           the built-in samples first, then the added ones
//   removeSource(id: string): Promise<void>        forgets the source and frees its storage
//   loadSource(id: string): Promise<{ tasks: Task[]; problems: Problem[] }>
//       data.jsonl parsed; `problems` = lines that gave no task; each task carries its own.
//   openTask(sourceId: string, taskId: string): Promise<{ task: Task; files: TaskFiles; problems: Problem[] }>
//       Reads (and caches) every file of data/<taskId>/, decodes checkpoints and stitched sheets,
//       applies metadata.json; `problems` = the task's data.jsonl problems + the folder's.
//       `files` paths are relative to data/<taskId>/. Progress goes to the sources panel.
//   getTaskFile(sourceId: string, taskId: string, path: string): Promise<Blob>
//       One file of data/<taskId>/ (e.g. "checkpoints/step_0.png"); throws when it does not exist.
//   validateUrl(url: string, opts?: { timeoutMs?: number }): Promise<ValidationReport>
//       Checks every task of a dataset URL without storing anything (serialisable; for the CLI).
//
// Sources: 'samples' (always present, served by the app at ./samples/dataset/), 'folder',
// 'zip', 'url'. Task ids are strings (the digits of data.jsonl's integer id).
import type { ParsedDataset } from '../task/parse.ts';
import { filesFromInput } from '../sources/folder.ts';
import type { OpenedTask } from '../sources/loader.ts';
import * as registry from '../sources/registry.ts';
import type { SourceInfo } from '../sources/registry.ts';
import { validateUrl, type ValidationReport } from '../sources/validate.ts';
import { registerApi } from './index.ts';

declare module './index.ts' {
  interface IwrApi {
    addUrlSource(url: string, opts?: { timeoutMs?: number }): Promise<SourceInfo>;
    addZipSource(file: Blob, name?: string): Promise<SourceInfo>;
    addFolderFiles(files: File[]): Promise<SourceInfo>;
    listSources(): Promise<SourceInfo[]>;
    removeSource(id: string): Promise<void>;
    loadSource(id: string): Promise<ParsedDataset>;
    openTask(sourceId: string, taskId: string): Promise<OpenedTask>;
    getTaskFile(sourceId: string, taskId: string, path: string): Promise<Blob>;
    validateUrl(url: string, opts?: { timeoutMs?: number }): Promise<ValidationReport>;
  }
}

registerApi({
  addUrlSource: (url, opts) => registry.addUrlSource(url, opts),
  addZipSource: (file, name) => registry.addZipSource(file, name),
  addFolderFiles: (files) => {
    const { name, files: map } = filesFromInput(files);
    return registry.addFolderSource(name, map);
  },
  listSources: () => registry.listSources(),
  removeSource: (id) => registry.removeSource(id),
  loadSource: (id) => registry.loadSource(id),
  openTask: (sourceId, taskId) => registry.openTask(sourceId, String(taskId)),
  getTaskFile: (sourceId, taskId, path) => registry.getTaskFile(sourceId, String(taskId), path),
  validateUrl: (url, opts) => validateUrl(url, opts),
});
