// Options shared by the commands that evaluate: replay, capture, input, judge, resolver, DINO model.
import { UsageError } from './command.ts';
import type { EvaluateInput } from '../api/pipeline.ts';
import type { InputName } from '../run/input.ts';
import { REF_CACHE_USAGE } from './ref-store.ts';
import { RESOLVER_OPTION_SPEC, RESOLVER_OPTION_USAGE } from './resolver-option.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Spelled out here: the CLI runs in Node, and src/run/input.ts pulls in the sandbox (browser only).
const INPUT_NAMES = ['synthetic', 'trusted'] as const satisfies readonly InputName[];

export const EVAL_OPTION_SPEC = {
  'dino-model': { type: 'string' },
  'dino-precision': { type: 'string' },
  'ocr-data': { type: 'string' },
  'ocr-psm': { type: 'string' },
  capture: { type: 'string' },
  input: { type: 'string' },
  judge: { type: 'string' },
  seed: { type: 'string' },
  timing: { type: 'string' },
  scroll: { type: 'string' },
  network: { type: 'string' },
  'step-timeout': { type: 'string' },
  rejudge: { type: 'boolean' },
  assertions: { type: 'string' },
  checks: { type: 'string' },
  'ref-cache': { type: 'string' },
  ...RESOLVER_OPTION_SPEC,
} as const;

export const EVAL_OPTION_USAGE = `  --dino-model PATH|URL  the DINOv2 ONNX file (default: the app's configured model, which
                         needs a network or a cached copy); the test model works here
  --dino-precision float32|float16|int8  the model in float32 (default; the official
                         harness without a GPU), in float16 as the harness runs it on a CUDA
                         GPU, emulated (weights and activations rounded), or in int8 (ours:
                         fast and approximate, not official); recorded in eval.json
  --ocr-data FILE        English tesseract data to read text with instead of the shipped
                         4.0.0_best_int (eng.traineddata or .gz, e.g. Debian's tessdata_fast
                         /usr/share/tesseract-ocr/5/tessdata/eng.traineddata); recorded in
                         eval.json by its SHA-256; only the same data's scores compare
  --ocr-psm 3|4|6|11     tesseract's page segmentation (default 3, automatic layout)
  --capture dom|cdp      screenshots by the app's DOM rasteriser (default) or real pixels
                         of the frame through the browser protocol
  --input synthetic|trusted  events dispatched in the page by the app's agent (default;
                         isTrusted false) or real mouse and keyboard input through the
                         browser protocol, as the official harness's Playwright sends
  --judge none|configured  no judge (default; scores marked partial) or the app's judge settings
  --rejudge              ask the judge again even when a judgment is cached
  --assertions judge|checks|judge+checks  who answers the logical assertions: the judge
                         (official, default), the task's judge-free checks ("IFS (checks)"),
                         or both, with the checks' IFS and their agreement in eval.json
  --checks FILE|DIR      checks to use instead of each task's data/<id>/checks.json: one
                         checks.json, or a folder of <id>/checks.json (implies --assertions checks)
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
    // --checks alone means the checks answer; with the judge explicitly chosen they would be ignored.
    assertions: oneOf(
      'assertions',
      v.assertions as string | undefined,
      ['judge', 'checks', 'judge+checks'] as const,
      v.checks ? 'checks' : 'judge',
    ),
  };
}

export type ChecksFor = (taskId: string) => { text: string; file: string } | undefined;

/** --checks FILE|DIR: the checks.json text for a task (undefined: the task's own file is used). */
export function checksArg(v: Record<string, string | boolean | undefined>): ChecksFor | undefined {
  const arg = v.checks as string | undefined;
  if (arg === undefined) return undefined;
  if (v.assertions === 'judge') throw new UsageError('--checks has no effect with --assertions judge');
  const path = resolve(arg);
  if (!existsSync(path)) throw new UsageError(`--checks ${arg}: no such file or folder`);
  if (statSync(path).isFile()) {
    const text = readFileSync(path, 'utf8');
    return () => ({ text, file: arg });
  }
  return (taskId) => {
    for (const rel of [join(taskId, 'checks.json'), join('data', taskId, 'checks.json')]) {
      const file = join(path, rel);
      if (existsSync(file)) return { text: readFileSync(file, 'utf8'), file: join(arg, rel) };
    }
    return undefined;
  };
}
