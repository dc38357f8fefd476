// Options shared by the commands that evaluate: replay, capture, input, judge, resolver, DINO model.
import { UsageError } from './command.ts';
import type { EvaluateInput } from '../api/pipeline.ts';
import type { InputName } from '../run/input.ts';
import { REF_CACHE_USAGE } from './ref-store.ts';
import { RESOLVER_OPTION_SPEC, RESOLVER_OPTION_USAGE } from './resolver-option.ts';

// Spelled out here: the CLI runs in Node, and src/run/input.ts pulls in the sandbox (browser only).
const INPUT_NAMES = ['synthetic', 'trusted'] as const satisfies readonly InputName[];

export const EVAL_OPTION_SPEC = {
  'dino-model': { type: 'string' },
  capture: { type: 'string' },
  input: { type: 'string' },
  judge: { type: 'string' },
  seed: { type: 'string' },
  timing: { type: 'string' },
  scroll: { type: 'string' },
  network: { type: 'string' },
  'step-timeout': { type: 'string' },
  rejudge: { type: 'boolean' },
  'ref-cache': { type: 'string' },
  ...RESOLVER_OPTION_SPEC,
} as const;

export const EVAL_OPTION_USAGE = `  --dino-model PATH|URL  the DINOv2 ONNX file (default: the app's configured model, which
                         needs a network or a cached copy); the test model works here
  --capture dom|cdp      screenshots by the app's DOM rasteriser (default) or real pixels
                         of the frame through the browser protocol
  --input synthetic|trusted  events dispatched in the page by the app's agent (default;
                         isTrusted false) or real mouse and keyboard input through the
                         browser protocol, as the official harness's Playwright sends
  --judge none|configured  no judge (default; scores marked partial) or the app's judge settings
  --rejudge              ask the judge again even when a judgment is cached
  --seed N               Math.random seed of the page (default 0)
  --timing official|settle   fixed official waits (default) or wait for the DOM to settle
  --scroll official|directional  official scroll rule (default) or honour the direction
  --network blocked|allowed  the page's network policy (default blocked)
  --step-timeout MS      per-step limit (default 30000, as officially)
${REF_CACHE_USAGE}
${RESOLVER_OPTION_USAGE}`;

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} ${value}: expected one of ${allowed.join(', ')}`);
  return value as T;
}

export function evalOptions(v: Record<string, string | boolean | undefined>): NonNullable<EvaluateInput['options']> {
  const num = (name: string, fallback: number) => {
    const raw = v[name];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} ${String(raw)}: expected a non-negative number`);
    return n;
  };
  return {
    capture: oneOf('capture', v.capture as string | undefined, ['dom', 'cdp'] as const, 'dom'),
    input: oneOf('input', v.input as string | undefined, INPUT_NAMES, 'synthetic'),
    judge: oneOf('judge', v.judge as string | undefined, ['none', 'configured'] as const, 'none'),
    timing: oneOf('timing', v.timing as string | undefined, ['official', 'settle'] as const, 'official'),
    scroll: oneOf('scroll', v.scroll as string | undefined, ['official', 'directional'] as const, 'official'),
    policy: oneOf('network', v.network as string | undefined, ['blocked', 'allowed'] as const, 'blocked'),
    seed: num('seed', 0),
    stepTimeoutMs: num('step-timeout', 30_000),
    ...(v.rejudge ? { rejudge: true } : {}),
  };
}
