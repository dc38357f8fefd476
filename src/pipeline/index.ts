// The Run button's entry point: evaluate a stored candidate with the app's settings and store
// the run. Events are mapped to the Run panel's stages (src/ui/try/evaluate-adapter.ts).
import { getCandidate } from '../data/candidates.ts';
import { replayOptionsOf, type Settings } from '../data/settings.ts';
import type { StepRecord } from '../run/types.ts';
import { evaluateFromSource } from './from-source.ts';
import type { EvaluationStage } from './types.ts';

export type RunStage = 'replay' | 'ocr' | 'dino' | 'judge' | 'save';

export type RunEvent =
  | { type: 'stage'; stage: RunStage; done: number; total: number; detail?: string }
  | { type: 'step'; record: StepRecord }
  | { type: 'note'; text: string };

export interface RunInput {
  sourceId: string;
  taskId: string;
  candidateId: string;
  settings: Settings;
  signal: AbortSignal;
  onEvent: (e: RunEvent) => void;
  /** Where the replay frame is shown (the Run panel's live preview). */
  container?: HTMLElement;
}

const STAGES: Record<EvaluationStage, RunStage | null> = {
  replay: 'replay',
  assertions: 'judge',
  ocr: 'ocr',
  dino: 'dino',
  hfs: 'judge',
  score: null,
};

export async function evaluate(input: RunInput): Promise<{ runId: string }> {
  const candidate = await getCandidate(input.candidateId);
  if (!candidate) throw new Error(`candidate ${input.candidateId} no longer exists (deleted in another tab?)`);
  const { capture, ...replay } = replayOptionsOf(input.settings);
  if (capture === 'cdp') input.onEvent({ type: 'note', text: "Real-pixel capture ('cdp') needs the headless CLI; this tab uses the DOM rasteriser." });
  const judged = input.settings.judge.kind !== 'none';
  const { runId } = await evaluateFromSource({
    sourceId: input.sourceId,
    taskId: input.taskId,
    html: candidate.html,
    model: candidate.name,
    candidateId: candidate.id,
    options: { ...replay, judge: judged ? 'configured' : 'none', ...(input.container ? { container: input.container } : {}) },
    save: true,
    signal: input.signal,
    onEvent: (e) => {
      if (e.type === 'step') input.onEvent({ type: 'step', record: e.record });
      else if (e.type === 'log') input.onEvent({ type: 'note', text: e.message });
      else {
        const stage = STAGES[e.stage];
        if (stage) input.onEvent({ type: 'stage', stage, done: e.done, total: e.total, ...(e.stage === 'assertions' ? { detail: 'assertions' } : e.stage === 'hfs' ? { detail: 'visual rubric' } : {}) });
      }
    },
  });
  input.onEvent({ type: 'stage', stage: 'save', done: 1, total: 1 });
  return { runId: runId as string };
}
