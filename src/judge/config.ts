// The judge in force: kind, endpoint, model (persisted in the settings store's "judge"
// section, which is also where the key lives: src/data/settings.ts keeps it out of every
// export), plus retry policy and templates. The CLI passes its key in memory only.
import { loadSettings, saveSection, type JudgeKind } from '../data/settings.ts';
import { loadTemplateOverrides, saveTemplateOverrides } from '../data/judgments.ts';
import { normalisePolicy, type RetryPolicy } from '../chat/retry.ts';
import { registerSecret } from '../chat/secrets.ts';
import { BUILTIN_TEMPLATES, type JudgeTemplate, type TemplateKind } from './templates.ts';

export type { JudgeKind };

export interface JudgeConfig {
  kind: JudgeKind;
  endpoint: string;
  model: string;
  retry: RetryPolicy;
  /** Per request; judges with long thinking need minutes. */
  timeoutMs: number;
  templates: Record<TemplateKind, JudgeTemplate>;
}

/** What may be shown or exported about the judge: never the key. */
export interface PublicJudgeConfig extends JudgeConfig {
  hasKey: boolean;
}

export interface JudgeConfigInput {
  kind?: JudgeKind;
  endpoint?: string;
  model?: string;
  /** Replaces the key; '' clears it; undefined keeps it. */
  key?: string;
  /** Keep the key in this browser's settings (default true). The CLI passes false. */
  rememberKey?: boolean;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  /** Edited template texts; null restores the built-in one. Persisted. */
  templates?: Partial<Record<TemplateKind, string | null>>;
}

let state: { config: JudgeConfig; key: string } | null = null;

function templatesFrom(over: { visual?: string; assertion?: string }): Record<TemplateKind, JudgeTemplate> {
  return {
    visual: over.visual ? { kind: 'visual', version: 'custom', text: over.visual } : BUILTIN_TEMPLATES.visual,
    assertion: over.assertion ? { kind: 'assertion', version: 'custom', text: over.assertion } : BUILTIN_TEMPLATES.assertion,
  };
}

async function load(): Promise<{ config: JudgeConfig; key: string }> {
  if (state) return state;
  const s = await loadSettings();
  registerSecret(s.judge.apiKey);
  state = {
    key: s.judge.apiKey,
    config: {
      kind: s.judge.kind,
      endpoint: s.judge.endpoint,
      model: s.judge.model,
      retry: normalisePolicy(undefined),
      timeoutMs: 300_000,
      templates: templatesFrom(await loadTemplateOverrides()),
    },
  };
  return state;
}

export async function getJudgeConfig(): Promise<JudgeConfig> {
  return (await load()).config;
}

/** The key, for the request header only. */
export async function getJudgeKey(): Promise<string> {
  return (await load()).key;
}

export function publicConfig(c: JudgeConfig, key: string): PublicJudgeConfig {
  return { ...c, hasKey: key.length > 0 };
}

export async function configureJudge(input: JudgeConfigInput): Promise<PublicJudgeConfig> {
  const cur = await load();
  const key = input.key !== undefined ? input.key : cur.key;
  registerSecret(key);
  let templates = cur.config.templates;
  if (input.templates) {
    const over = await loadTemplateOverrides();
    for (const kind of ['visual', 'assertion'] as const) {
      const v = input.templates[kind];
      if (v === null) delete over[kind];
      else if (typeof v === 'string') over[kind] = v;
    }
    await saveTemplateOverrides(over);
    templates = templatesFrom(over);
  }
  const config: JudgeConfig = {
    kind: input.kind ?? cur.config.kind,
    endpoint: input.endpoint ?? cur.config.endpoint,
    model: input.model ?? cur.config.model,
    retry: normalisePolicy({ ...cur.config.retry, ...input.retry }),
    timeoutMs: input.timeoutMs ?? cur.config.timeoutMs,
    templates,
  };
  const remember = input.rememberKey ?? true;
  const stored = await loadSettings();
  // A key given for this session only is never written, and a later call that does not
  // mention the key leaves the stored one as it was.
  const apiKey = input.key !== undefined ? (remember ? input.key : '') : stored.judge.apiKey;
  await saveSection('judge', { ...stored.judge, kind: config.kind, endpoint: config.endpoint, model: config.model, apiKey });
  state = { config, key };
  return publicConfig(config, key);
}

/** Drops the in-memory state (tests; a settings screen that edited the store directly). */
export function reloadJudgeConfig(): void {
  state = null;
}
