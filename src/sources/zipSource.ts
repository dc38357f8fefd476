// A dataset zip. The archive itself is stored in IndexedDB (one blob) and entries are
// inflated one at a time when read, so nothing is unpacked up front and the zip is stored once.
import { getCachedFile, ZIP_BLOB_PATH, type SourceRecord } from '../data/sources.ts';
import { SourceError } from './errors.ts';
import { taskListing } from './layout.ts';
import type { DatasetSource } from './types.ts';
import { readZipDirectory, readZipEntry, type ZipEntry } from './zip.ts';

export class ZipSource implements DatasetSource {
  readonly kind = 'zip' as const;
  readonly id: string;
  readonly label: string;
  private entries: Promise<Map<string, ZipEntry>> | null = null;
  private blob: Blob | null;

  constructor(
    private readonly record: SourceRecord,
    blob?: Blob,
  ) {
    this.id = record.id;
    this.label = record.label;
    this.blob = blob ?? null;
  }

  private async archive(): Promise<Blob> {
    this.blob ??= (await getCachedFile(this.id, ZIP_BLOB_PATH)) ?? null;
    if (!this.blob) throw new SourceError(`${this.label} is no longer stored in this browser; add the zip again`);
    return this.blob;
  }

  private directory(): Promise<Map<string, ZipEntry>> {
    this.entries ??= (async () => {
      const dir = await readZipDirectory(await this.archive(), this.label);
      return new Map(dir.entries.map((e) => [e.name, e]));
    })();
    return this.entries;
  }

  async listTaskFiles(taskId: string): Promise<string[]> {
    return taskListing(this.record.paths ?? [], taskId);
  }

  async readFile(path: string): Promise<Blob | null> {
    const entry = (await this.directory()).get((this.record.root ?? '') + path);
    return entry ? readZipEntry(await this.archive(), entry, this.label) : null;
  }

  async isStored(): Promise<boolean> {
    return true;
  }
}
