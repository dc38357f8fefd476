// window.iwr entry points of the evaluation pipeline (the CLI's eval/batch and the tests).
//
//   evaluate(input: EvaluateInput): Promise<EvaluateOutput>
//       Evaluates `html` (with `files`, the rest of a multi-file candidate) on task `taskId` of source `sourceId` (e.g. 'samples', or the id
//       addUrlSource returned for the CLI's /local-data/ mount). Returns eval.json text, the
//       scores with their labels, the screenshots as base64 PNG and the stored steps; with
//       `save`, also stores the run (runs + blobs stores) and returns its id.
//       capture 'cdp' and input 'trusted' need the CLI's bindings (src/pipeline/backends.ts).
//       progress: when `progressBinding` names a window function, every event is sent to it
//       (with `progressTag` as second argument). Evaluations may run side by side in one page:
//       their replays take turns, and a 'replayed' event says when the next may begin.
//   useDinoModel(url: string): loads a DINO model (URL; e.g. the CLI's mounted --dino-model).
import { evaluateFromSource } from '../pipeline/from-source.ts';
import { storedStep } from '../pipeline/run-record.ts';
import type { EvaluationEvent, EvaluationOptions } from '../pipeline/types.ts';
import { columnLabels, type Column, type ColumnLabel, type Scores } from '../scoring/metrics.ts';
import { serializeEvalRecord } from '../scoring/evaljson.ts';
import type { StoredStep } from '../data/runs.ts';
import { loadDino, type LoadedDino } from '../engines/dino-bridge.ts';
import { registerApi } from './index.ts';
import { base64ToBlob, blobToBase64 } from '../data/bytes.ts';
import { mimeOf } from '../shared/candidate-files.ts';

export interface EvaluateInput {
  sourceId: string;
  taskId: string;
  html: string;
  /** The other files of a multi-file candidate, by path relative to index.html's folder, as base64. */
  files?: Array<{ path: string; base64: string }>;
  model: string;
  options?: Omit<EvaluationOptions, 'container' | 'resolver'>;
  /** A checks.json (text, and the name problems are reported under) instead of the task's own. */
  checks?: { text: string; file: string };
  save?: boolean;
  progressBinding?: string;
  /** Passed with every event as the binding's second argument: tells evaluations sharing a page apart. */
  progressTag?: string;
}

export interface EvaluateOutput {
  runId: string | null;
  evalJson: string;
  scores: Scores;
  labels: Record<Column, ColumnLabel>;
  screenshots: string[];
  steps: StoredStep[];
  summary: unknown;
  timings: Record<string, number>;
}

declare module './index.ts' {
  interface IwrApi {
    evaluate(input: EvaluateInput): Promise<EvaluateOutput>;
    useDinoModel(url: string): Promise<LoadedDino['model']>;
  }
}

/** An event as a page binding can carry it: step records without their blobs. */
export const plainEvent = (e: EvaluationEvent): unknown => (e.type === 'step' ? { type: 'step', record: storedStep(e.record) } : e);

/** Events forwarded to the window function named `name` (a CLI binding), if there is one, with `tag`. */
export function forwardTo(name: string | undefined, tag?: string): ((e: EvaluationEvent) => void) | undefined {
  const f = name ? (window as unknown as Record<string, unknown>)[name] : undefined;
  return typeof f === 'function' ? (e) => void (f as (e: unknown, tag?: string) => Promise<void>)(plainEvent(e), tag) : undefined;
}

async function evaluate(input: EvaluateInput): Promise<EvaluateOutput> {
  const onEvent = forwardTo(input.progressBinding, input.progressTag);
  const { result, runId } = await evaluateFromSource({
    sourceId: input.sourceId,
    taskId: input.taskId,
    html: input.html,
    ...(input.files?.length ? { files: new Map(input.files.map((f) => [f.path, base64ToBlob(f.base64, mimeOf(f.path))])) } : {}),
    model: input.model,
    ...(input.options ? { options: input.options } : {}),
    ...(input.checks ? { checks: input.checks } : {}),
    ...(input.save ? { save: true } : {}),
    ...(onEvent ? { onEvent } : {}),
  });
  return {
    runId,
    evalJson: serializeEvalRecord(result.record),
    scores: result.scores,
    labels: columnLabels(result.scores),
    screenshots: await Promise.all(result.screenshots.map((b) => (b ? blobToBase64(b) : Promise.resolve('')))),
    steps: result.steps.map(storedStep),
    summary: result.summary,
    timings: result.timings,
  };
}

async function useDinoModel(url: string) {
  return (await loadDino({ url })).model;
}

registerApi({ evaluate, useDinoModel });
