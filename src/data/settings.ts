// App settings, one record per section in the `settings` store ("judge", "dino", ...), so a
// section can grow without rewriting the others. Everything loaded is repaired against the
// defaults: a record from an older version, or one edited by hand, never breaks the app.
// The judge and resolver keys live here and only here: exports read runs, never this store.
import { getDb, guardedWrite } from './db.ts';
import { isDinoPrecision, type DinoPrecision } from '../shared/dino-id.ts';

export type JudgeKind = 'none' | 'mllm' | 'human';

export interface JudgeSettings {
  kind: JudgeKind;
  /** Base URL of an OpenAI-compatible chat-completions endpoint, e.g. https://api.openai.com/v1 */
  endpoint: string;
  model: string;
  /** Stays in this browser's IndexedDB; never exported, logged or written to eval.json. */
  apiKey: string;
  /**
   * Who answers the logical assertions (src/checks): 'auto' = the judge when one is chosen,
   * else the task's judge-free checks; or always 'judge', 'checks', or 'judge+checks'.
   */
  assertions: AssertionsSetting;
}

export type AssertionsSetting = 'auto' | 'judge' | 'checks' | 'judge+checks';

/** The evaluation's assertion mode for these judge settings ('auto' resolved). */
export function assertionModeOf(j: Pick<JudgeSettings, 'kind' | 'assertions'>): 'judge' | 'checks' | 'judge+checks' {
  if (j.assertions !== 'auto') return j.assertions;
  return j.kind === 'none' ? 'checks' : 'judge';
}

export interface DinoSettings {
  /** ONNX export of DINOv2 (input pixel_values, output last_hidden_state). */
  modelUrl: string;
  /** Name recorded with scores; derived from the URL when absent (engines/dino-model.ts). */
  modelId?: string;
  /** float32 when absent (the harness without a GPU); float16 as the harness on a CUDA GPU. */
  precision?: DinoPrecision;
}

/** `dom`: the in-page rasteriser (works in every browser tab). `cdp`: real pixels, headless CLI only. */
export type CaptureBackend = 'dom' | 'cdp';

export type NetworkPolicySetting = 'blocked' | 'allowed';

export interface ReplaySettings {
  /** Official: reproduce the harness, quirks included. Improved: the options below apply. */
  mode: 'official' | 'improved';
  /** Improved only: honour `direction` and scroll the nearest scrollable container. */
  directionalScroll: boolean;
  /** Improved only: wait for the DOM to settle instead of the fixed 1 s / 0.5 s waits. */
  settleWaits: boolean;
  /** Official limit per step: 30 s. */
  stepTimeoutMs: number;
}

export type ResolverMode = 'deterministic' | 'llm' | 'hybrid';

/**
 * Who picks the element a step acts on: our deterministic resolver (default), a model as the
 * official harness does (`llm`), or the model only where the resolver is unsure (`hybrid`).
 */
export interface ResolverSettings {
  mode: ResolverMode;
  endpoint: string;
  model: string;
  /** Same rules as the judge key: this browser only, never exported. */
  apiKey: string;
  /** Hybrid: the model is asked when the resolver's confidence is below this. */
  threshold: number;
  /** When the text answer is "none", ask again with the screenshot (as the official harness does). */
  vision: boolean;
}

export interface Settings {
  judge: JudgeSettings;
  resolver: ResolverSettings;
  dino: DinoSettings;
  capture: CaptureBackend;
  network: NetworkPolicySetting;
  replay: ReplaySettings;
}

export const DEFAULT_DINO_URL = 'https://huggingface.co/onnx-community/dinov2-base/resolve/main/onnx/model.onnx';

export const DEFAULT_SETTINGS: Settings = {
  judge: { kind: 'none', endpoint: 'https://api.openai.com/v1', model: 'gpt-4o', apiKey: '', assertions: 'auto' },
  // gpt-4o at temperature 0 is the official harness's element picker.
  resolver: { mode: 'deterministic', endpoint: 'https://api.openai.com/v1', model: 'gpt-4o', apiKey: '', threshold: 0.9, vision: true },
  dino: { modelUrl: DEFAULT_DINO_URL },
  capture: 'dom',
  network: 'blocked',
  replay: { mode: 'official', directionalScroll: false, settleWaits: false, stepTimeoutMs: 30_000 },
};

export type SettingsSection = keyof Settings;
const SECTIONS: SettingsSection[] = ['judge', 'resolver', 'dino', 'capture', 'network', 'replay'];

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, d: string): string => (typeof v === 'string' ? v : d);
const oneOf = <T extends string>(v: unknown, allowed: readonly T[], d: T): T => (allowed.includes(v as T) ? (v as T) : d);

/** Repairs one stored section against its defaults (unknown fields dropped, wrong types reset). */
export function repairSection<K extends SettingsSection>(key: K, raw: unknown): Settings[K] {
  const d = DEFAULT_SETTINGS;
  switch (key) {
    case 'judge': {
      const r = isObj(raw) ? raw : {};
      const v: JudgeSettings = {
        kind: oneOf(r.kind, ['none', 'mllm', 'human'] as const, d.judge.kind),
        endpoint: str(r.endpoint, d.judge.endpoint),
        model: str(r.model, d.judge.model),
        apiKey: str(r.apiKey, ''),
        assertions: oneOf(r.assertions, ['auto', 'judge', 'checks', 'judge+checks'] as const, d.judge.assertions),
      };
      return v as Settings[K];
    }
    case 'resolver': {
      const r = isObj(raw) ? raw : {};
      const t = typeof r.threshold === 'number' && r.threshold >= 0 && r.threshold <= 1 ? r.threshold : d.resolver.threshold;
      const v: ResolverSettings = {
        mode: oneOf(r.mode, ['deterministic', 'llm', 'hybrid'] as const, d.resolver.mode),
        endpoint: str(r.endpoint, d.resolver.endpoint),
        model: str(r.model, d.resolver.model),
        apiKey: str(r.apiKey, ''),
        threshold: t,
        vision: typeof r.vision === 'boolean' ? r.vision : d.resolver.vision,
      };
      return v as Settings[K];
    }
    case 'dino': {
      const r = isObj(raw) ? raw : {};
      return {
        modelUrl: str(r.modelUrl, d.dino.modelUrl) || d.dino.modelUrl,
        ...(typeof r.modelId === 'string' && r.modelId ? { modelId: r.modelId } : {}),
        ...(isDinoPrecision(r.precision) && r.precision !== 'float32' ? { precision: r.precision } : {}),
      } as Settings[K];
    }
    case 'capture':
      return oneOf(raw, ['dom', 'cdp'] as const, d.capture) as Settings[K];
    case 'network':
      return oneOf(raw, ['blocked', 'allowed'] as const, d.network) as Settings[K];
    case 'replay': {
      const r = isObj(raw) ? raw : {};
      const t =
        typeof r.stepTimeoutMs === 'number' && Number.isFinite(r.stepTimeoutMs) && r.stepTimeoutMs >= 1000
          ? Math.min(r.stepTimeoutMs, 600_000)
          : d.replay.stepTimeoutMs;
      const v: ReplaySettings = {
        mode: oneOf(r.mode, ['official', 'improved'] as const, d.replay.mode),
        directionalScroll: typeof r.directionalScroll === 'boolean' ? r.directionalScroll : d.replay.directionalScroll,
        settleWaits: typeof r.settleWaits === 'boolean' ? r.settleWaits : d.replay.settleWaits,
        stepTimeoutMs: t,
      };
      return v as Settings[K];
    }
  }
  return d[key];
}

export async function loadSettings(): Promise<Settings> {
  const db = await getDb();
  const out = { ...DEFAULT_SETTINGS };
  for (const key of SECTIONS) {
    const raw = await db.get('settings', key);
    (out as Record<SettingsSection, unknown>)[key] = repairSection(key, raw);
  }
  return out;
}

export async function saveSection<K extends SettingsSection>(key: K, value: Settings[K]): Promise<void> {
  await guardedWrite(`the ${key} settings`, async () => {
    const db = await getDb();
    await db.put('settings', value, key);
  });
}

/** Settings as they may leave the browser (exports, eval.json, logs): the keys are removed. */
export function shareableSettings(
  s: Settings,
): Omit<Settings, 'judge' | 'resolver'> & { judge: Omit<JudgeSettings, 'apiKey'>; resolver: Omit<ResolverSettings, 'apiKey'> } {
  const { apiKey: _drop, ...judge } = s.judge;
  const { apiKey: _drop2, ...resolver } = s.resolver;
  return { ...s, judge, resolver };
}

/** Replay options the run engine takes, derived from the settings (official mode ignores the extras). */
export function replayOptionsOf(s: Settings): {
  scroll: 'official' | 'directional';
  timing: 'official' | 'settle';
  stepTimeoutMs: number;
  policy: NetworkPolicySetting;
  capture: CaptureBackend;
} {
  const improved = s.replay.mode === 'improved';
  return {
    scroll: improved && s.replay.directionalScroll ? 'directional' : 'official',
    timing: improved && s.replay.settleWaits ? 'settle' : 'official',
    stepTimeoutMs: s.replay.stepTimeoutMs,
    policy: s.network,
    capture: s.capture,
  };
}
