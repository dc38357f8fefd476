// `--ref-cache DIR`: OCR text and DINO embeddings of reference checkpoints and candidate
// screenshots kept on disk across CLI runs. In the browser app they live in IndexedDB, but
// every CLI run starts a fresh browser profile, so without this each batch (another model, a
// shard, a re-run) would OCR and embed the same references again (half the scoring work of a
// run), and a re-run the same screenshots. Entries are content-addressed (engine id or model
// hash, plus the SHA-256 of the image), so a folder can be shared by datasets, models and
// machines: nothing but the same image scored by the same engine can hit. One JSON file per
// entry, written through a temporary file and a rename, so concurrent processes never read
// half an entry.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { UsageError } from './command.ts';

/** The page looks for these two functions (src/data/refcache.ts). */
export const REF_STORE_GET = 'iwrRefStoreGet';
export const REF_STORE_PUT = 'iwrRefStorePut';

export const REF_CACHE_USAGE = `  --ref-cache DIR        keep OCR text and DINO embeddings of references and screenshots in DIR
                         across runs (content-addressed; share it between the models, shards and
                         re-runs of a benchmark)`;

export class RefStore {
  /** Entries read from the folder, written to it, and unreadable files ignored. */
  readonly counts = { reused: 0, added: 0, unreadable: 0 };

  constructor(readonly dir: string) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (err) {
      throw new UsageError(`--ref-cache ${dir}: cannot create the folder (${err instanceof Error ? err.message : String(err)})`);
    }
  }

  private file(key: string): string {
    return join(this.dir, `${createHash('sha256').update(key).digest('hex')}.json`);
  }

  /** The entry stored under `key`, or null; a damaged or foreign file counts as a miss. */
  get(key: string): unknown {
    let text: string;
    try {
      text = readFileSync(this.file(key), 'utf8');
    } catch {
      return null;
    }
    try {
      const parsed = JSON.parse(text) as { key?: unknown; entry?: unknown };
      if (parsed.key !== key || parsed.entry === undefined) throw new Error('not this key');
      this.counts.reused++;
      return parsed.entry;
    } catch {
      this.counts.unreadable++;
      return null;
    }
  }

  put(key: string, entry: unknown): void {
    const file = this.file(key);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ key, entry }));
    renameSync(tmp, file);
    this.counts.added++;
  }

  summary(): string {
    const { reused, added, unreadable } = this.counts;
    return `score cache ${this.dir}: ${reused} reused, ${added} added${unreadable ? `, ${unreadable} unreadable file(s) ignored` : ''}`;
  }
}

export function refStoreArg(value: string | undefined): RefStore | null {
  if (value === undefined) return null;
  if (!value.trim()) throw new UsageError('--ref-cache: expected a folder');
  return new RefStore(resolve(value));
}

const installed = new WeakSet<Page>();

/** Gives the page the two functions it looks for; once per page. */
export async function ensureRefStore(page: Page, store: RefStore): Promise<void> {
  if (installed.has(page)) return;
  installed.add(page);
  await page.exposeFunction(REF_STORE_GET, (key: string) => store.get(String(key)));
  await page.exposeFunction(REF_STORE_PUT, (key: string, entry: unknown) => store.put(String(key), entry));
}
