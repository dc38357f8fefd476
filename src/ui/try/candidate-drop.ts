// A candidate opened in Try it from a folder or a zip: index.html at its top (or one folder
// down) and the relative files it loads (src/shared/candidate-files.ts). Read while the drop
// event runs (DataTransfer items are emptied when the handler returns). A project (package.json
// with a build script) cannot be built in this tab yet: the message says to build it with the CLI.
import { unzipSync } from 'fflate';
import { candidateLayout, mimeOf, projectInfo, projectRoot } from '../../shared/candidate-files.ts';
import { filesFromEntry, type FileMap } from '../../sources/folder.ts';
import { CLI_BUILD, webContainerSupport } from '../../shared/webcontainer-support.ts';

export interface OpenedCandidate {
  name: string;
  html: string;
  /** The other files, by path relative to index.html's folder. */
  files: Record<string, Blob>;
}

/** Limits against zip bombs and huge folders dropped by mistake. */
const MAX_FILES = 5000;
const MAX_BYTES = 200 * 1024 * 1024;

async function fromEntries(name: string, entries: Map<string, () => Promise<Blob>>): Promise<OpenedCandidate> {
  if (entries.size > MAX_FILES) throw new Error(`${name} has ${entries.size} files: more than ${MAX_FILES} is not a candidate page`);
  const pkgRoot = projectRoot(entries.keys());
  if (pkgRoot !== null) {
    const pkg = await entries.get(`${pkgRoot}package.json`)?.();
    if (pkg && projectInfo(await pkg.text())) {
      const support = webContainerSupport({
        crossOriginIsolated: globalThis.crossOriginIsolated === true,
        sharedArrayBuffer: typeof SharedArrayBuffer === 'function',
        serviceWorker: 'serviceWorker' in navigator,
        userAgent: navigator.userAgent,
        online: navigator.onLine,
      });
      const why = support.ok ? `building projects in the browser (WebContainers) is not in this version. ${CLI_BUILD}` : support.message;
      throw new Error(
        `${name} is a project (package.json with a "build" script), not a page: ${why} Or open its built folder (dist/) here.`,
      );
    }
  }
  const layout = candidateLayout(entries.keys(), name);
  if (layout.refused.length) throw new Error(`${name}: refused: ${layout.refused.join('; ')}`);
  let html: string | null = null;
  const files: Record<string, Blob> = {};
  let bytes = 0;
  for (const [raw, path] of layout.paths) {
    const blob = await entries.get(raw)!();
    bytes += blob.size;
    if (bytes > MAX_BYTES) throw new Error(`${name} is over ${MAX_BYTES >> 20} MB: not a candidate page`);
    if (path === 'index.html') html = await blob.text();
    else files[path] = blob.type ? blob : new Blob([blob], { type: mimeOf(path) });
  }
  return { name, html: html ?? '', files };
}

export async function candidateFromZip(file: File): Promise<OpenedCandidate> {
  let bytes = 0;
  let count = 0;
  const unzipped = unzipSync(new Uint8Array(await file.arrayBuffer()), {
    filter: (f) => {
      bytes += f.originalSize;
      if (++count > MAX_FILES || bytes > MAX_BYTES)
        throw new Error(`${file.name} unpacks to more than ${MAX_FILES} files or ${MAX_BYTES >> 20} MB`);
      return !f.name.endsWith('/');
    },
  });
  const entries = new Map<string, () => Promise<Blob>>();
  for (const [path, data] of Object.entries(unzipped))
    entries.set(path, () => Promise.resolve(new Blob([data as BlobPart], { type: mimeOf(path) })));
  return fromEntries(file.name.replace(/\.zip$/i, ''), entries);
}

export function candidateFromFiles(name: string, files: FileMap): Promise<OpenedCandidate> {
  return fromEntries(name, files);
}

/** A dropped folder, if the drop holds one (read now, walked later). */
export function droppedFolder(dt: DataTransfer): { name: string; files: () => Promise<FileMap> } | null {
  for (const item of [...dt.items].filter((i) => i.kind === 'file')) {
    const entry = item.webkitGetAsEntry?.();
    if (entry?.isDirectory) {
      const dir = entry as FileSystemDirectoryEntry;
      return { name: dir.name, files: () => filesFromEntry(dir) };
    }
  }
  return null;
}
