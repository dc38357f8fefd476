// window.iwr entry points of the evaluation pipeline (the CLI's eval/batch and the tests).
//
//   evaluate(input: EvaluateInput): Promise<EvaluateOutput>
//       Evaluates `html` on task `taskId` of source `sourceId` (e.g. 'samples', or the id
//       addUrlSource returned for the CLI's /local-data/ mount). Returns eval.json text, the
//       scores with their labels, the screenshots as base64 PNG and the stored steps; with
//       `save`, also stores the run (runs + blobs stores) and returns its id.
//       capture 'cdp': the page must expose `window.iwrCdpGrab(rect)` (Playwright
//       exposeFunction) returning base64 PNG of that page rectangle.
//       input 'trusted': the page must expose `window.iwrTrustedInput(op)` performing one
//       TrustedOp (src/run/input.ts) with Playwright's page.mouse / page.keyboard.
//       progress: when `progressBinding` names a window function, every event is sent to it.
//   useDinoModel(url: string): loads a DINO model (URL; e.g. the CLI's mounted --dino-model).
import { evaluateFromSource } from '../pipeline/from-source.ts';
import { storedStep } from '../pipeline/run-record.ts';
import type { EvaluationEvent, EvaluationOptions } from '../pipeline/types.ts';
import { cdpCapture, domCapture } from '../run/capture.ts';
import { syntheticInput, trustedInput, type InputBackend, type InputName, type TrustedOp } from '../run/input.ts';
import { columnLabels, type Column, type ColumnLabel, type Scores } from '../scoring/metrics.ts';
import { serializeEvalRecord } from '../scoring/evaljson.ts';
import type { StoredStep } from '../data/runs.ts';
import { loadDino, type LoadedDino } from '../engines/dino-bridge.ts';
import { registerApi } from './index.ts';
import { base64ToBlob, blobToBase64 } from '../data/base64.ts';

export interface EvaluateInput {
  sourceId: string;
  taskId: string;
  html: string;
  model: string;
  options?: Omit<EvaluationOptions, 'capture' | 'input' | 'container' | 'resolver'> & { capture?: 'dom' | 'cdp'; input?: InputName };
  save?: boolean;
  progressBinding?: string;
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

type Grab = (rect: { x: number; y: number; width: number; height: number }) => Promise<string>;

/** The input backend named by the CLI's --input; 'trusted' needs the CLI's binding. */
export function inputBackendNamed(name: InputName | undefined): InputBackend {
  if (name === undefined || name === 'synthetic') return syntheticInput;
  if (name !== 'trusted') throw new Error(`unknown input backend ${JSON.stringify(name)} (expected synthetic or trusted)`);
  const send = (window as unknown as { iwrTrustedInput?: (op: TrustedOp) => Promise<void> }).iwrTrustedInput;
  if (!send) throw new Error("input 'trusted' needs the headless CLI (window.iwrTrustedInput is missing)");
  return trustedInput((op) => send(op));
}

async function evaluate(input: EvaluateInput): Promise<EvaluateOutput> {
  const { capture: captureName, input: inputName, ...rest } = input.options ?? {};
  const inputBackend = inputBackendNamed(inputName);
  const grab = (window as unknown as { iwrCdpGrab?: Grab }).iwrCdpGrab;
  if (captureName === 'cdp' && !grab) throw new Error("capture 'cdp' needs the headless CLI (window.iwrCdpGrab is missing)");
  const capture =
    captureName === 'cdp' && grab
      ? cdpCapture(async (frame) => {
          const r = frame.getBoundingClientRect();
          return base64ToBlob(await grab({ x: r.x, y: r.y, width: r.width, height: r.height }));
        })
      : domCapture;
  const progress = input.progressBinding ? (window as unknown as Record<string, unknown>)[input.progressBinding] : undefined;
  const onEvent = typeof progress === 'function'
    ? (e: EvaluationEvent) => {
        const plain = e.type === 'step' ? { type: 'step', record: storedStep(e.record) } : e;
        void (progress as (e: unknown) => Promise<void>)(plain);
      }
    : undefined;
  const { result, runId } = await evaluateFromSource({
    sourceId: input.sourceId,
    taskId: input.taskId,
    html: input.html,
    model: input.model,
    // Real pixels need the frame unscaled on the page (replay() sees to it for real pointer input).
    options: { ...rest, capture, input: inputBackend, ...(captureName === 'cdp' ? { fit: false } : {}) },
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
