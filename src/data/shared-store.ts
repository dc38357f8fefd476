// A store outside the browser profile: the CLI's `--ref-cache DIR` (src/cli/ref-store.ts),
// reached through two functions the CLI exposes on the page; absent in the app. Keys are
// content addresses ("v1|<engine>|<sha256>" for reference scores, "resolve/1|..." for LLM
// resolver answers), so one folder serves every model, shard and dataset.
export interface SharedStore {
  get(key: string): Promise<unknown>;
  put(key: string, entry: unknown): Promise<void>;
}

export function sharedStore(): SharedStore | null {
  const g = globalThis as { iwrRefStoreGet?: SharedStore['get']; iwrRefStorePut?: SharedStore['put'] };
  return typeof g.iwrRefStoreGet === 'function' && typeof g.iwrRefStorePut === 'function'
    ? { get: g.iwrRefStoreGet, put: g.iwrRefStorePut }
    : null;
}
