// The page a recording starts from, as the Record screen is given it: one HTML file, a folder
// (HTML and its assets) or a zip of one. The page is the shallowest index.html (or the only
// HTML file at that depth); the files below its folder that it references become its assets,
// named and referenced the official way (src/record/assets.ts). Files it never names are not
// part of the task.
import { unzipSync } from 'fflate';
import { anonymiseAssets, isAssetPath } from '../record/assets.ts';

export interface RecordablePage {
  /** What the author picked (file, folder or zip name) and the page's path inside it. */
  label: string;
  pagePath: string;
  /** The page with its asset references anonymised. */
  html: string;
  /** Anonymous name -> bytes. */
  assets: Map<string, Blob>;
  /** Original path (relative to the page) -> anonymous name. */
  names: Map<string, string>;
}

/** More files than this in a folder or zip is not a page of its own. */
const MAX_FILES = 2000;

const isPage = (p: string): boolean => /\.html?$/i.test(p);
const depth = (p: string): number => p.split('/').length - 1;
const dirOf = (p: string): string => p.slice(0, p.lastIndexOf('/') + 1);

/** Which file is the page: the shallowest index.html, else the only page at the shallowest depth. */
export function choosePage(paths: readonly string[], label: string): string {
  const pages = paths.filter(isPage);
  if (!pages.length) throw new Error(`${label} holds no HTML page (.html or .htm)`);
  const top = Math.min(...pages.map(depth));
  const shallow = pages.filter((p) => depth(p) === top);
  const index = shallow.find((p) => /(^|\/)index\.html?$/i.test(p));
  if (index) return index;
  if (shallow.length === 1) return shallow[0]!;
  throw new Error(`${label} holds several pages (${shallow.slice(0, 5).join(', ')}): keep one, or name the page to record index.html`);
}

/** The page and its anonymised assets from files by path ('/'-separated, relative to what was picked). */
export async function recordablePage(label: string, files: ReadonlyMap<string, Blob>): Promise<RecordablePage> {
  if (files.size > MAX_FILES) throw new Error(`${label} holds more than ${MAX_FILES} files: put the page in a folder of its own`);
  const pagePath = choosePage([...files.keys()], label);
  const dir = dirOf(pagePath);
  const near = new Map<string, Blob>();
  for (const [p, blob] of files) if (p !== pagePath && p.startsWith(dir) && isAssetPath(p)) near.set(p.slice(dir.length), blob);
  const html = await files.get(pagePath)!.text();
  const anon = anonymiseAssets(html, [...near.keys()]);
  const assets = new Map<string, Blob>();
  for (const [orig, name] of anon.names) assets.set(name, near.get(orig)!);
  return { label, pagePath, html: anon.html, assets, names: anon.names };
}

/** A zip's files by path (folders left out). */
export function zipFiles(bytes: Uint8Array, label: string): Map<string, Blob> {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (err) {
    throw new Error(`${label} could not be read as a zip: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const out = new Map<string, Blob>();
  for (const [name, data] of Object.entries(entries)) {
    if (name.endsWith('/') || name.startsWith('__MACOSX/')) continue;
    out.set(name, new Blob([data as Uint8Array<ArrayBuffer>]));
  }
  return out;
}
