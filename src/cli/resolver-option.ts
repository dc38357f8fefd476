// `--resolver deterministic|llm|hybrid` and its model settings, for eval, batch, verify,
// replay and resolve. The key comes from the environment (IWR_RESOLVER_API_KEY, else
// IWR_API_KEY) and is given to the page for this session only, never written.
import type { Page } from 'playwright-core';
import { UsageError } from './command.ts';
import type { ResolverConfigInput } from '../resolvers/config.ts';

export const RESOLVER_OPTION_SPEC = {
  resolver: { type: 'string' },
  'resolver-endpoint': { type: 'string' },
  'resolver-model': { type: 'string' },
  'resolver-threshold': { type: 'string' },
  'resolver-vision': { type: 'string' },
} as const;

export const RESOLVER_OPTION_USAGE = `  --resolver deterministic|llm|hybrid  who picks each step's element: our deterministic
                         resolver (default; no model, same answer every run), a model as the
                         official harness does (llm), or the model only where the resolver's
                         confidence is below --resolver-threshold (hybrid)
  --resolver-endpoint URL  OpenAI-compatible base URL for llm/hybrid (key: IWR_RESOLVER_API_KEY,
                         else IWR_API_KEY); answers are cached (with --ref-cache, on disk too)
  --resolver-model NAME  model for llm/hybrid (default gpt-4o, the official picker)
  --resolver-threshold X hybrid: ask the model below this confidence (default 0.9)
  --resolver-vision on|off  ask again with the screenshot when the model finds nothing (default on)`;

export function resolverArg(v: Record<string, string | boolean | undefined>): ResolverConfigInput {
  const mode = (v.resolver as string | undefined) ?? 'deterministic';
  if (!['deterministic', 'llm', 'hybrid'].includes(mode))
    throw new UsageError(`--resolver ${mode}: expected one of deterministic, llm, hybrid`);
  const out: ResolverConfigInput = { mode: mode as ResolverConfigInput['mode'], rememberKey: false };
  const endpoint = v['resolver-endpoint'] as string | undefined;
  const model = v['resolver-model'] as string | undefined;
  if (mode === 'deterministic') {
    for (const k of ['resolver-endpoint', 'resolver-model', 'resolver-threshold', 'resolver-vision'])
      if (v[k] !== undefined) throw new UsageError(`--${k} needs --resolver llm or hybrid`);
    return out;
  }
  if (!endpoint)
    throw new UsageError(
      `--resolver ${mode} needs --resolver-endpoint URL (an OpenAI-compatible base URL, e.g. https://api.openai.com/v1)`,
    );
  if (!/^https?:\/\//i.test(endpoint)) throw new UsageError(`--resolver-endpoint ${endpoint}: expected an http(s) URL`);
  out.endpoint = endpoint;
  if (model) out.model = model;
  const t = v['resolver-threshold'] as string | undefined;
  if (t !== undefined) {
    const n = Number(t);
    if (!(n >= 0 && n <= 1)) throw new UsageError(`--resolver-threshold ${t}: expected a number from 0 to 1`);
    out.threshold = n;
  }
  const vision = v['resolver-vision'] as string | undefined;
  if (vision !== undefined && vision !== 'on' && vision !== 'off') throw new UsageError(`--resolver-vision ${vision}: expected on or off`);
  if (vision !== undefined) out.vision = vision === 'on';
  out.key = process.env.IWR_RESOLVER_API_KEY ?? process.env.IWR_API_KEY ?? '';
  return out;
}

/** Configures the page's resolver; every evaluation in that page then uses it. */
export async function applyResolver(page: Page, arg: ResolverConfigInput): Promise<void> {
  await page.evaluate((input) => window.iwr.configureResolver(input), arg);
}

/** One stderr line after a model-resolved run: how many requests, how many answers reused. */
export async function resolverSummary(page: Page, arg: ResolverConfigInput): Promise<string | null> {
  if (arg.mode === 'deterministic') return null;
  const s = await page.evaluate(() => window.iwr.resolverStats());
  return `resolver ${arg.mode} (${arg.model ?? 'gpt-4o'}): ${s.requests} model request(s), ${s.cacheHits} cached answer(s), ${s.errors} error(s)`;
}
