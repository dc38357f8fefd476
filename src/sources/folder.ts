// A dataset folder on this computer, from the directory picker (File System Access), a
// folder <input webkitdirectory>, or a dropped folder. Files are read in place; whatever the
// app reads is also cached in IndexedDB so the source still works after a reload, when the
// browser no longer lets us read the folder without asking again.
import { getCachedFile, type SourceRecord } from '../data/sources.ts';
import { readThrough } from './cache.ts';
import { FileUnavailableError } from './errors.ts';
import { taskListing } from './layout.ts';
import type { DatasetSource } from './types.ts';

/** Path inside the picked folder -> how to get the File. */
export type FileMap = Map<string, () => Promise<File>>;

export class FolderSource implements DatasetSource {
  readonly kind = 'folder' as const;
  readonly id: string;
  readonly label: string;
  private readonly paths: Set<string>;

  /** `files` is null after a reload: only cached files can be read until the folder is added again. */
  constructor(
    private readonly record: SourceRecord,
    private files: FileMap | null,
  ) {
    this.id = record.id;
    this.label = record.label;
    this.paths = new Set(record.paths ?? []);
  }

  attach(files: FileMap): void {
    this.files = files;
  }

  get attached(): boolean {
    return this.files !== null;
  }

  async listTaskFiles(taskId: string): Promise<string[]> {
    return taskListing([...this.paths], taskId);
  }

  readFile(path: string): Promise<Blob | null> {
    return readThrough(this.id, path, async () => {
      if (!this.paths.has(path)) return null;
      const get = this.files?.get((this.record.root ?? '') + path);
      if (!get)
        throw new FileUnavailableError(
          `${this.label}/${path} has not been read in this browser before and the folder is no longer open: add the folder again to read it`,
        );
      return get();
    });
  }

  async isStored(path: string): Promise<boolean> {
    return (await getCachedFile(this.id, path)) !== undefined;
  }
}

/** From <input webkitdirectory>: each File knows its path below the picked folder's parent. */
export function filesFromInput(list: Iterable<File>): { name: string; files: FileMap } {
  const files: FileMap = new Map();
  let name = '';
  for (const f of list) {
    const rel = f.webkitRelativePath || f.name;
    const slash = rel.indexOf('/');
    if (!name && slash > 0) name = rel.slice(0, slash);
    files.set(slash > 0 ? rel.slice(slash + 1) : rel, () => Promise.resolve(f));
  }
  return { name: name || 'folder', files };
}

// File System Access and the older entries API are not in TypeScript's DOM lib in full.
interface DirHandle {
  kind: 'directory';
  name: string;
  values(): AsyncIterable<DirHandle | FileHandle>;
}
interface FileHandle {
  kind: 'file';
  name: string;
  getFile(): Promise<File>;
}

export const hasDirectoryPicker = (): boolean =>
  typeof (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';

export async function pickDirectory(): Promise<DirHandle> {
  return (window as unknown as { showDirectoryPicker(o: { mode: 'read' }): Promise<DirHandle> }).showDirectoryPicker({ mode: 'read' });
}

export async function filesFromHandle(root: DirHandle): Promise<FileMap> {
  const files: FileMap = new Map();
  const walk = async (dir: DirHandle, prefix: string) => {
    for await (const h of dir.values()) {
      if (h.kind === 'file') files.set(prefix + h.name, () => h.getFile());
      else await walk(h, `${prefix}${h.name}/`);
    }
  };
  await walk(root, '');
  return files;
}

/** A dropped folder, walked through the entries API (the only way a drop exposes folders); `skipDir` names folders not walked. */
export async function filesFromEntry(root: FileSystemDirectoryEntry, skipDir?: (name: string) => boolean): Promise<FileMap> {
  const files: FileMap = new Map();
  const readAll = (dir: FileSystemDirectoryEntry) =>
    new Promise<FileSystemEntry[]>((resolve, reject) => {
      const reader = dir.createReader();
      const all: FileSystemEntry[] = [];
      // readEntries returns batches (100 in Chromium) until it returns an empty one.
      const next = () =>
        reader.readEntries((batch) => {
          if (batch.length === 0) resolve(all);
          else {
            all.push(...batch);
            next();
          }
        }, reject);
      next();
    });
  const walk = async (dir: FileSystemDirectoryEntry, prefix: string) => {
    for (const e of await readAll(dir)) {
      if (e.isFile) {
        const fe = e as FileSystemFileEntry;
        files.set(prefix + e.name, () => new Promise<File>((res, rej) => fe.file(res, rej)));
      } else if (e.isDirectory && !skipDir?.(e.name)) await walk(e as FileSystemDirectoryEntry, `${prefix}${e.name}/`);
    }
  };
  await walk(root, '');
  return files;
}
