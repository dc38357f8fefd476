// What a drop holds, read while the drop event is still running (DataTransfer items are
// emptied as soon as the handler returns): a folder (as an entry to walk), or a zip file.
import type { FileMap } from '../../sources/folder.ts';
import { filesFromEntry } from '../../sources/folder.ts';

export type Dropped =
  { kind: 'folder'; name: string; files: () => Promise<FileMap> } | { kind: 'zip'; file: File } | { kind: 'none'; message: string };

export function readDrop(dt: DataTransfer): Dropped {
  const items = [...dt.items].filter((i) => i.kind === 'file');
  for (const item of items) {
    const entry = item.webkitGetAsEntry?.();
    if (entry?.isDirectory) {
      const dir = entry as FileSystemDirectoryEntry;
      return { kind: 'folder', name: dir.name, files: () => filesFromEntry(dir) };
    }
  }
  const zip = [...dt.files].find((f) => /\.zip$/i.test(f.name) || f.type === 'application/zip');
  if (zip) return { kind: 'zip', file: zip };
  const names = [...dt.files]
    .map((f) => f.name)
    .slice(0, 3)
    .join(', ');
  return {
    kind: 'none',
    message: names ? `Drop a dataset folder or a .zip of one (got ${names}).` : 'Drop a dataset folder or a .zip of one.',
  };
}
