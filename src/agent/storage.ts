// Web storage for the candidate, kept in the frame's memory. The official harness opens each
// candidate as a file:// page in a fresh browser profile, where localStorage and
// sessionStorage work and start empty, and document.cookie reads "" and ignores writes. The
// sandbox frame has an opaque origin, where each of these throws a SecurityError: a todo app
// that reads its saved list at start-up (`JSON.parse(localStorage.getItem('todos'))`) died
// there and never became interactive, while it works in the official harness. What is stored
// lives and dies with the frame's window; nothing reaches the app's origin or its storage.
import type { AgentContext } from './context.ts';

/** A Storage (getItem, setItem, ..., and named properties, as `localStorage.theme`) over a Map. */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  const api = {
    get length(): number {
      return data.size;
    },
    key(index: number): string | null {
      const i = Math.trunc(Number(index));
      return i >= 0 && i < data.size ? ([...data.keys()][i] as string) : null;
    },
    getItem(key: string): string | null {
      return data.get(String(key)) ?? null;
    },
    setItem(key: string, value: string): void {
      data.set(String(key), String(value));
    },
    removeItem(key: string): void {
      data.delete(String(key));
    },
    clear(): void {
      data.clear();
    },
  };
  const own = (t: object, p: string | symbol): p is string => typeof p === 'string' && !(p in t);
  return new Proxy(api, {
    get: (t, p, r) => (own(t, p) ? (data.get(p) ?? undefined) : Reflect.get(t, p, r)),
    set: (t, p, v, r) => {
      if (!own(t, p)) return Reflect.set(t, p, v, r);
      data.set(p, String(v));
      return true;
    },
    deleteProperty: (t, p) => {
      if (!own(t, p)) return Reflect.deleteProperty(t, p);
      data.delete(p);
      return true;
    },
    has: (t, p) => (own(t, p) ? data.has(p) : p in t),
    ownKeys: () => [...data.keys()],
    getOwnPropertyDescriptor: (t, p) =>
      own(t, p) && data.has(p) ? { value: data.get(p), writable: true, enumerable: true, configurable: true } : undefined,
  }) as unknown as Storage;
}

/** Installs fresh, empty storage on the frame's window (once per load, before the candidate runs). */
export function installMemoryStorage(ctx: AgentContext): void {
  const w = ctx.saved.win;
  for (const name of ['localStorage', 'sessionStorage']) {
    const store = memoryStorage();
    Object.defineProperty(w, name, { get: () => store, configurable: true, enumerable: true });
  }
  // document.open() keeps the Document object, so this holds for the candidate's document.
  Object.defineProperty(ctx.saved.doc, 'cookie', { get: () => '', set: () => undefined, configurable: true });
}
