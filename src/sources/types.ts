// The one contract every task source implements. The loader (loader.ts) reads data.jsonl
// and task folders only through it, so folder, zip, URL and the built-in samples behave alike.
import type { SourceKind } from '../data/sources.ts';

export interface ReadOptions {
  signal?: AbortSignal;
  /** Bytes read so far and the total when known. */
  onBytes?: (loaded: number, total: number | undefined) => void;
}

export interface DatasetSource {
  readonly id: string;
  readonly kind: SourceKind;
  readonly label: string;
  /**
   * The files of data/<taskId>/, relative to that folder, from a listing the source has (never
   * by trying names): a source that cannot list its folder throws an error saying so.
   */
  listTaskFiles(taskId: string, opts?: ReadOptions): Promise<string[]>;
  /** One file by its path inside the dataset (e.g. "data/1/video.mp4"); null when it does not exist. */
  readFile(path: string, opts?: ReadOptions): Promise<Blob | null>;
  /** True when a file can be read without the network or the original folder. */
  isStored(path: string): Promise<boolean>;
}

export interface TaskProgress {
  taskId: string;
  /** Files done / files to read. */
  done: number;
  total: number;
  /** The file being read, inside the dataset. */
  file?: string;
  bytes: number;
}
