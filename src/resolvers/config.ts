// The resolver in force, from the settings store's "resolver" section (where its key lives,
// kept out of every export like the judge's). The CLI configures it in memory only.
import { loadSettings, saveSection, type ResolverSettings } from '../data/settings.ts';
import { normalisePolicy, type RetryPolicy } from '../chat/retry.ts';
import { registerSecret } from '../chat/secrets.ts';
import { deterministicResolver } from './deterministic.ts';
import { createHybridResolver } from './hybrid.ts';
import { createLlmResolver, type LlmResolverConfig } from './llm.ts';
import type { ResolverMode, StepResolver } from './types.ts';

/** Per request: a pick is a short answer, but a busy endpoint can take a while. */
const TIMEOUT_MS = 120_000;

export interface ResolverConfigInput {
  mode?: ResolverMode;
  endpoint?: string;
  model?: string;
  /** Replaces the key; '' clears it; undefined keeps it. */
  key?: string;
  /** Keep the key in this browser's settings (default true). The CLI passes false. */
  rememberKey?: boolean;
  threshold?: number;
  vision?: boolean;
  /** llm mode: 'deterministic' asks the model at every step but lets our pick act (in memory only; `iwr resolve-compare`). */
  follow?: 'llm' | 'deterministic';
  /** Retry policy for the model's requests (in memory only; tests shorten it). */
  retry?: Partial<RetryPolicy>;
}

/** What may be shown about the resolver: never the key. */
export type PublicResolverConfig = Omit<ResolverSettings, 'apiKey'> & { hasKey: boolean };

interface State {
  settings: ResolverSettings;
  key: string;
  follow?: 'deterministic';
  retry?: RetryPolicy;
}

let state: State | null = null;

async function load(): Promise<State> {
  if (state) return state;
  const s = (await loadSettings()).resolver;
  registerSecret(s.apiKey);
  state = { settings: s, key: s.apiKey };
  return state;
}

function publicOf(s: ResolverSettings, key: string): PublicResolverConfig {
  const { apiKey: _drop, ...rest } = s;
  return { ...rest, hasKey: key.length > 0 };
}

export async function getResolverConfig(): Promise<PublicResolverConfig> {
  const { settings, key } = await load();
  return publicOf(settings, key);
}

/** The key, for request headers and export checks only. */
export async function getResolverKey(): Promise<string> {
  return (await load()).key;
}

export async function configureResolver(input: ResolverConfigInput): Promise<PublicResolverConfig> {
  const cur = await load();
  const key = input.key !== undefined ? input.key : cur.key;
  registerSecret(key);
  if (input.threshold !== undefined && !(input.threshold >= 0 && input.threshold <= 1))
    throw new Error(`resolver threshold ${input.threshold}: expected a number from 0 to 1`);
  const settings: ResolverSettings = {
    mode: input.mode ?? cur.settings.mode,
    endpoint: input.endpoint ?? cur.settings.endpoint,
    model: input.model ?? cur.settings.model,
    apiKey: '',
    threshold: input.threshold ?? cur.settings.threshold,
    vision: input.vision ?? cur.settings.vision,
  };
  const remember = input.rememberKey ?? true;
  const stored = (await loadSettings()).resolver;
  // A key given for this session only is never written; a call that does not mention the key leaves the stored one.
  await saveSection('resolver', { ...settings, apiKey: input.key !== undefined ? (remember ? input.key : '') : stored.apiKey });
  const retry = input.retry ? normalisePolicy({ ...(cur.retry ?? normalisePolicy(undefined)), ...input.retry }) : cur.retry;
  state = {
    settings: { ...settings, apiKey: key },
    key,
    ...(input.follow === 'deterministic' ? { follow: 'deterministic' as const } : {}),
    ...(retry ? { retry } : {}),
  };
  return publicOf(state.settings, key);
}

/** The resolver the settings describe. A model mode without an endpoint or model is refused with the reason. */
export async function currentResolver(): Promise<StepResolver> {
  const { settings, key, follow, retry } = await load();
  if (settings.mode === 'deterministic') return deterministicResolver;
  if (!settings.endpoint || !settings.model)
    throw new Error(
      `the ${settings.mode} resolver needs an endpoint and a model (Settings > Resolver, or --resolver-endpoint and --resolver-model)`,
    );
  const cfg: LlmResolverConfig = {
    endpoint: settings.endpoint,
    model: settings.model,
    key,
    vision: settings.vision,
    retry: retry ?? normalisePolicy(undefined),
    timeoutMs: TIMEOUT_MS,
  };
  return settings.mode === 'llm' ? createLlmResolver(cfg, follow ?? 'llm') : createHybridResolver(cfg, settings.threshold);
}

/** Drops the in-memory state (tests). */
export function reloadResolverConfig(): void {
  state = null;
}
