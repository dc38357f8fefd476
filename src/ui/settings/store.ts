// The settings as a zustand store, persisted section by section to IndexedDB
// (src/data/settings.ts). Screens read it with `useSettings(selector)`; code outside React
// (the Run button, the judge) reads `useSettings.getState().settings`.
import { create } from 'zustand';
import { reloadJudgeConfig } from '../../judge/config.ts';
import { reloadResolverConfig } from '../../resolvers/config.ts';
import { registerSecret } from '../../chat/secrets.ts';
import { DEFAULT_SETTINGS, loadSettings, saveSection, type Settings, type SettingsSection } from '../../data/settings.ts';

interface SettingsState {
  settings: Settings;
  loaded: boolean;
  /** Last failed save or load, shown in Settings with a way forward. */
  error: string | null;
  load(): Promise<void>;
  set<K extends SettingsSection>(key: K, value: Settings[K]): void;
  reset(): void;
}

// Saves are per section and debounced so typing a URL does not write on every key.
const timers = new Map<SettingsSection, ReturnType<typeof setTimeout>>();
const pending = new Map<SettingsSection, () => Promise<void>>();
// Sections changed here and not yet written (waiting for their timer, or being written): a
// load that reads storage meanwhile gets the values from before the change and must keep these.
const unsaved = new Map<SettingsSection, number>();

function schedule(key: SettingsSection, save: () => Promise<void>): void {
  clearTimeout(timers.get(key));
  pending.set(key, save);
  timers.set(
    key,
    setTimeout(() => void flushOne(key), 300),
  );
}

async function flushOne(key: SettingsSection): Promise<void> {
  const save = pending.get(key);
  pending.delete(key);
  timers.delete(key);
  if (save) await save();
}

/** Writes every pending section now (page hide, tests). */
export async function flushSettings(): Promise<void> {
  for (const t of timers.values()) clearTimeout(t);
  await Promise.all([...pending.keys()].map(flushOne));
}

export const useSettings = create<SettingsState>((set, get) => ({
  settings: DEFAULT_SETTINGS,
  loaded: false,
  error: null,
  async load() {
    try {
      const stored = await loadSettings();
      const mine = get().settings;
      const settings = { ...stored };
      for (const key of unsaved.keys()) (settings as Record<SettingsSection, unknown>)[key] = mine[key];
      set({ settings, loaded: true, error: null });
    } catch (err) {
      set({
        loaded: true,
        error: `Could not read saved settings (${err instanceof Error ? err.message : String(err)}); using defaults. Changes will be saved again once storage works.`,
      });
    }
  },
  set(key, value) {
    set({ settings: { ...get().settings, [key]: value } });
    const change = (unsaved.get(key) ?? 0) + 1;
    unsaved.set(key, change);
    schedule(key, async () => {
      try {
        await saveSection(key, value);
        // Written, unless a newer change of the section is on its way.
        if (unsaved.get(key) === change) unsaved.delete(key);
        // The judge engine keeps its config in memory: make it read the new one.
        if (key === 'judge') {
          registerSecret((value as Settings['judge']).apiKey);
          reloadJudgeConfig();
        }
        if (key === 'resolver') {
          registerSecret((value as Settings['resolver']).apiKey);
          reloadResolverConfig();
        }
        if (get().error) set({ error: null });
      } catch (err) {
        set({ error: `Could not save the ${key} settings: ${err instanceof Error ? err.message : String(err)}` });
      }
    });
  },
  reset() {
    for (const key of Object.keys(DEFAULT_SETTINGS) as SettingsSection[]) get().set(key, DEFAULT_SETTINGS[key]);
  },
}));

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushSettings();
  });
}
