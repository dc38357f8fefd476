// A candidate opened in Try it from a folder or a zip: index.html at its top (or one folder
// down) and the relative files it loads (src/shared/candidate-files.ts). Read while the drop
// event runs (DataTransfer items are emptied when the handler returns). A project (package.json
// with a build script) comes back as a DroppedProject, to be built first (./project-build.ts).
import { unzipSync } from 'fflate';
import { candidateLayout, mimeOf, projectInfo, projectRoot, type ProjectInfo } from '../../shared/candidate-files.ts';
import { filesFromEntry, type FileMap } from '../../sources/folder.ts';

export interface OpenedCandidate {
  name: string;
  html: string;
  /** The other files, by path relative to index.html's folder. */
  files: Record<string, Blob>;
}

/** Limits against zip bombs and huge folders dropped by mistake. */
const MAX_FILES = 5000;
const MAX_BYTES = 200 * 1024 * 1024;

/** A dropped project (package.json with a build script): its files relative to package.json's folder, to build before the replay. */
export interface DroppedProject {
  name: string;
  project: ProjectInfo;
  files: Map<string, Uint8Array>;
}

/** Folders never read from a dropped project: its dependencies (installed again by the build) and version control. */
const SKIPPED = /(^|\/)(node_modules|\.git)\//;

async function projectOf(name: string, entries: Map<string, () => Promise<Blob>>): Promise<DroppedProject | null> {
  const pkgRoot = projectRoot(entries.keys());
  if (pkgRoot === null) return null;
  const pkg = await entries.get(`${pkgRoot}package.json`)?.();
  const project = pkg ? projectInfo(await pkg.text()) : null;
  if (!project) return null;
  const inside = [...entries.keys()].filter((p) => p.startsWith(pkgRoot) && !SKIPPED.test(p.slice(pkgRoot.length)));
  const layout = candidateLayout(
    inside.map((p) => p.slice(pkgRoot.length)),
    name,
    { needIndex: false },
  );
  if (layout.refused.length) throw new Error(`${name}: refused: ${layout.refused.join('; ')}`);
  const files = new Map<string, Uint8Array>();
  let bytes = 0;
  for (const [raw, path] of layout.paths) {
    const data = new Uint8Array(await (await entries.get(pkgRoot + raw)!()).arrayBuffer());
    bytes += data.byteLength;
    if (bytes > MAX_BYTES) throw new Error(`${name} is over ${MAX_BYTES >> 20} MB without node_modules: not a candidate project`);
    files.set(path, data);
  }
  return { name, project, files };
}

async function fromEntries(name: string, entries: Map<string, () => Promise<Blob>>): Promise<OpenedCandidate | DroppedProject> {
  const count = [...entries.keys()].filter((p) => !SKIPPED.test(p)).length;
  if (count > MAX_FILES) throw new Error(`${name} has ${count} files: more than ${MAX_FILES} is not a candidate page`);
  const project = await projectOf(name, entries);
  if (project) return project;
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

export async function candidateFromZip(file: File): Promise<OpenedCandidate | DroppedProject> {
  let bytes = 0;
  let count = 0;
  const unzipped = unzipSync(new Uint8Array(await file.arrayBuffer()), {
    filter: (f) => {
      if (SKIPPED.test(f.name)) return false;
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

/** A build's output folder as a page candidate (index.html at its top or one folder down). */
export async function candidateFromOutputs(name: string, outputs: ReadonlyMap<string, Blob>): Promise<OpenedCandidate> {
  const entries = new Map<string, () => Promise<Blob>>();
  for (const [path, blob] of outputs) entries.set(path, () => Promise.resolve(blob));
  const c = await fromEntries(name, entries);
  if (isProject(c)) throw new Error(`${name}: the build's output holds a package.json with a build script, not a built page`);
  return c;
}

export const isProject = (c: OpenedCandidate | DroppedProject): c is DroppedProject => 'project' in c;

export function candidateFromFiles(name: string, files: FileMap): Promise<OpenedCandidate | DroppedProject> {
  return fromEntries(name, files);
}

/** A dropped folder, if the drop holds one (read now, walked later). */
export function droppedFolder(dt: DataTransfer): { name: string; files: () => Promise<FileMap> } | null {
  for (const item of [...dt.items].filter((i) => i.kind === 'file')) {
    const entry = item.webkitGetAsEntry?.();
    if (entry?.isDirectory) {
      const dir = entry as FileSystemDirectoryEntry;
      return { name: dir.name, files: () => filesFromEntry(dir, (d) => d === 'node_modules' || d === '.git') };
    }
  }
  return null;
}
