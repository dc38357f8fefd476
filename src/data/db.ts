// The one IndexedDB module. Every store is named here, with its key, so the whole
// persisted state of the app can be read in one place. Capability modules (sources,
// runs, judge, scoring caches) keep their own typed helpers in this folder and open the
// database only through `getDb()`.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const DB_NAME = 'iwr-studio';
export const DB_VERSION = 4;

/** A stored value whose shape is checked on load by the module that owns the store. */
export type Stored = Record<string, unknown>;

export interface IwrDB extends DBSchema {
  /** App settings, one record per key ("judge", "dino", "capture", ...). */
  settings: { key: string; value: unknown };
  /** Remembered task sources (samples, folder, zip, url), by source id. */
  sources: { key: string; value: Stored };
  /** File bytes of a source, by [sourceId, path inside the dataset]. */
  files: { key: [string, string]; value: { sourceId: string; path: string; blob: Blob; size: number }; indexes: { bySource: string } };
  /** Candidates (index.html drafts and imports), by candidate id; indexed by task key. */
  candidates: { key: string; value: Stored & { id: string; taskKey: string }; indexes: { byTask: string } };
  /** Runs (replay + scores), by run id; indexed by task key and by model name. */
  runs: { key: string; value: Stored & { id: string; taskKey: string; model: string }; indexes: { byTask: string; byModel: string } };
  /** Screenshots and other run blobs, by [runId, name]. */
  blobs: { key: [string, string]; value: { runId: string; name: string; blob: Blob }; indexes: { byRun: string } };
  /** Judge replies, by a hash of (inputs, prompt, model). */
  judgments: { key: string; value: Stored };
  /** Reference OCR texts and embeddings, by `${taskKey}|${engine}|${checkpoint}`; candidate screenshots' by content (`img|v1|${engine}|${sha256}`). */
  refcache: { key: string; value: Stored };
  /** Model files (e.g. DINOv2 ONNX) by id or URL. */
  models: { key: string; value: { id: string; bytes: Blob; sha256: string; size: number; savedAt: number } };
  /** LLM resolver answers, by a hash of (model, prompt version, prompt, screenshot hash): see resolutions.ts. */
  resolutions: { key: string; value: Stored };
  /** Judge-free checks written or imported in this browser, by task key `${sourceId}/${taskId}`: see checks.ts. */
  checks: { key: string; value: Stored };
  /** Project candidates built in this tab (WebContainer), by the project's tree hash: see builds.ts. */
  builds: { key: string; value: Stored };
}

export type StoreName =
  | 'settings'
  | 'sources'
  | 'files'
  | 'candidates'
  | 'runs'
  | 'blobs'
  | 'judgments'
  | 'refcache'
  | 'models'
  | 'resolutions'
  | 'checks'
  | 'builds';

let dbPromise: Promise<IDBPDatabase<IwrDB>> | null = null;

export function getDb(): Promise<IDBPDatabase<IwrDB>> {
  dbPromise ??= openDB<IwrDB>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      // Migrations run in order; each block brings the schema from version N to N+1.
      if (oldVersion < 1) {
        db.createObjectStore('settings');
        db.createObjectStore('sources');
        db.createObjectStore('files').createIndex('bySource', 'sourceId');
        const candidates = db.createObjectStore('candidates', { keyPath: 'id' });
        candidates.createIndex('byTask', 'taskKey');
        const runs = db.createObjectStore('runs', { keyPath: 'id' });
        runs.createIndex('byTask', 'taskKey');
        runs.createIndex('byModel', 'model');
        db.createObjectStore('blobs').createIndex('byRun', 'runId');
        db.createObjectStore('judgments');
        db.createObjectStore('refcache');
        db.createObjectStore('models', { keyPath: 'id' });
      }
      if (oldVersion < 2) {
        db.createObjectStore('resolutions');
      }
      if (oldVersion < 3) {
        db.createObjectStore('checks');
      }
      if (oldVersion < 4) {
        db.createObjectStore('builds');
      }
    },
    blocked() {
      console.warn('IWR Studio: another tab holds an older database version open; close it to upgrade.');
    },
  }).catch((err: unknown) => {
    dbPromise = null;
    throw err;
  });
  return dbPromise;
}

/** Thrown (with a message a person can act on) when the browser refuses to store more. */
export class StorageFullError extends Error {
  constructor(what: string, cause?: unknown) {
    super(
      `The browser's storage is full while saving ${what}. Free space in Settings > Storage (remove sources or old runs) and try again.`,
    );
    this.name = 'StorageFullError';
    this.cause = cause;
  }
}

export function isQuotaError(err: unknown): boolean {
  return err instanceof DOMException && (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED');
}

/** Runs a write; a quota failure becomes a StorageFullError naming what was being saved. */
export async function guardedWrite<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isQuotaError(err) || (err instanceof Error && isQuotaError(err.cause))) throw new StorageFullError(what, err);
    throw err;
  }
}

/** Storage used and available, as the browser estimates it. */
export async function storageEstimate(): Promise<{ usage: number; quota: number }> {
  const est = await navigator.storage?.estimate?.();
  return { usage: est?.usage ?? 0, quota: est?.quota ?? 0 };
}
