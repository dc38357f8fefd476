// Errors a person can act on. Each names the thing that failed (URL, file, zip) so the
// message can be shown as is, in the panel and by the CLI.

export class SourceError extends Error {
  override name = 'SourceError';
}

/** The place has no data.jsonl: it is not a dataset in the official layout. */
export class NotADatasetError extends SourceError {
  override name = 'NotADatasetError';
}

/** A URL that did not answer (network error, refused connection or timeout). */
export class UrlUnreachableError extends SourceError {
  override name = 'UrlUnreachableError';
}

/** A zip refused before inflating anything: declared too large or too many entries. */
export class ZipBombError extends SourceError {
  override name = 'ZipBombError';
}

/** A zip the browser cannot hold (checked against the storage estimate, or refused by IndexedDB). */
export class ZipTooLargeError extends SourceError {
  override name = 'ZipTooLargeError';
}

/** A file that exists in the source's listing but cannot be read now (e.g. a folder not re-picked since a reload). */
export class FileUnavailableError extends SourceError {
  override name = 'FileUnavailableError';
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}
