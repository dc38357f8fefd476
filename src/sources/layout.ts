// Where the dataset starts inside a folder or zip: the folder holding the shallowest
// data.jsonl, so both "dataset/data.jsonl" (a zipped folder) and "data.jsonl" work.

/** Returns the prefix ("" or "name/") of the dataset inside `paths`, or null when there is no data.jsonl. */
export function findDatasetRoot(paths: Iterable<string>): string | null {
  let best: string | null = null;
  for (const p of paths) {
    if (p !== 'data.jsonl' && !p.endsWith('/data.jsonl')) continue;
    const prefix = p.slice(0, -'data.jsonl'.length);
    // Skip macOS zip debris and hidden folders.
    if (prefix.startsWith('__MACOSX/') || /(^|\/)\./.test(prefix)) continue;
    if (best === null || prefix.split('/').length < best.split('/').length) best = prefix;
  }
  return best;
}

/** Paths under `root`, relative to it; hidden files and macOS debris are dropped. */
export function underRoot(paths: Iterable<string>, root: string): string[] {
  const out: string[] = [];
  for (const p of paths) {
    if (!p.startsWith(root) || p.endsWith('/')) continue;
    const rel = p.slice(root.length);
    if (/(^|\/)(\.|__MACOSX\/)/.test(rel)) continue;
    out.push(rel);
  }
  return out.sort();
}

/** The files of data/<taskId>/, relative to that folder, from a full dataset listing. */
export function taskListing(paths: readonly string[], taskId: string): string[] {
  const prefix = `data/${taskId}/`;
  return paths.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
}
