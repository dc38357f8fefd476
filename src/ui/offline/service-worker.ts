// Registers the service worker that vite-plugin-pwa generates (vite.config.ts, `offline()`)
// and keeps what the notice shows: "ready to work offline" once its first install has
// precached the app, "a new version is available" when a new build's worker is waiting.
// Registration waits until the first screen has rendered and the browser is idle, so the
// precache (tens of MB the first time) never competes with the first load.
import { create } from 'zustand';

export type OfflineState =
  | { kind: 'none' }
  /** The worker's first install finished: every precached file is in Cache Storage. */
  | { kind: 'ready' }
  /** A new build's worker is installed and waiting for the visitor's go-ahead. */
  | { kind: 'update' };

interface OfflineStore {
  state: OfflineState;
  /** Activates the waiting worker; the page reloads when it takes control. */
  applyUpdate: () => Promise<void>;
  dismiss: () => void;
}

export const useOffline = create<OfflineStore>((set) => ({
  state: { kind: 'none' },
  applyUpdate: async () => {},
  dismiss: () => set({ state: { kind: 'none' } }),
}));

/** How often an open tab asks the server for a new worker (a navigation also asks). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** Longest wait for an idle moment before registering anyway. */
const IDLE_TIMEOUT_MS = 5000;

let started = false;

/** Starts registration after the page's load event and an idle period; once per page. */
export function registerOffline(): void {
  if (started || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  started = true;
  const go = () => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1));
    idle(() => void register(), { timeout: IDLE_TIMEOUT_MS });
  };
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}

async function register(): Promise<void> {
  const { registerSW } = await import('virtual:pwa-register');
  const update = registerSW({
    immediate: true,
    onOfflineReady: () => useOffline.setState({ state: { kind: 'ready' } }),
    onNeedRefresh: () => useOffline.setState({ state: { kind: 'update' } }),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    // No banner: the app works the same online, only not offline (e.g. a browser that blocks
    // service workers, or a profile that disallows them); the console says why.
    onRegisterError: (err: unknown) => console.warn('IWR Studio: offline use is not available:', err),
  });
  useOffline.setState({ applyUpdate: () => update(true) });
}
