// The Run button's entry point: evaluate a stored candidate with the app's settings, store the
// run, and report progress as the Run panel's stages. The run is tracked (./resume.ts) so that
// a tab reloaded mid-run resumes it on start; the options recorded for that are exactly those
// derived here from the settings.
import type { BuildRecord } from '../build/project-build.ts';
import { getCandidate, type Candidate } from '../data/candidates.ts';
import { assertionModeOf, replayOptionsOf, type Settings } from '../data/settings.ts';
import type { StepRecord } from '../run/types.ts';
import { evaluateFromSource } from './from-source.ts';
import { trackRun, type PendingRunInput } from './resume.ts';
import type { EvaluationEvent, EvaluationStage } from './types.ts';

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

/** The Run panel's view of a pipeline event (null: not shown). */
export function runEventOf(e: EvaluationEvent): RunEvent | null {
  if (e.type === 'step') return { type: 'step', record: e.record };
  if (e.type === 'log') return { type: 'note', text: e.message };
  if (e.type === 'replayed') return null;
  const stage = STAGES[e.stage];
  if (!stage) return null;
  const detail = e.stage === 'assertions' ? 'assertions' : e.stage === 'hfs' ? 'visual rubric' : undefined;
  return { type: 'stage', stage, done: e.done, total: e.total, ...(detail ? { detail } : {}) };
}

/** A built project's record, while the candidate is still exactly what the build wrote (an edit makes it a page of its own). */
function builtAsIs(c: Candidate): BuildRecord | null {
  const b = c.build as BuildRecord | undefined;
  return b && typeof b === 'object' && typeof b.output_hash === 'string' && c.builtHash === c.hash ? b : null;
}

export async function runCandidate(input: RunInput): Promise<{ runId: string | null }> {
  // Read back, not taken from the editor's state: the stored text is what the pipeline scores.
  const candidate = await getCandidate(input.candidateId);
  if (!candidate) throw new Error(`candidate ${input.candidateId} no longer exists (deleted in another tab?)`);
  const { capture, ...replay } = replayOptionsOf(input.settings);
  if (capture === 'cdp')
    input.onEvent({ type: 'note', text: "Real-pixel capture ('cdp') needs the headless CLI; this tab uses the DOM rasteriser." });
  const pending: PendingRunInput = {
    sourceId: input.sourceId,
    taskId: input.taskId,
    html: candidate.html,
    model: candidate.name,
    candidateId: candidate.id,
    options: {
      ...replay,
      judge: input.settings.judge.kind === 'none' ? 'none' : 'configured',
      assertions: assertionModeOf(input.settings.judge),
    },
  };
  const out = await trackRun(
    pending,
    async (p, onEvent) => {
      // The live preview is this tab's alone: a resumed run gets a panel of its own.
      const options = { ...p.options, ...(input.container ? { container: input.container } : {}) };
      const files = candidate.files ? new Map(Object.entries(candidate.files)) : undefined;
      const build = builtAsIs(candidate);
      const { runId } = await evaluateFromSource({
        ...p,
        ...(files ? { files } : {}),
        ...(build ? { build } : {}),
        options,
        save: true,
        signal: input.signal,
        onEvent,
      });
      return { runId };
    },
    (e) => {
      const shown = runEventOf(e);
      if (shown) input.onEvent(shown);
    },
  );
  input.onEvent({ type: 'stage', stage: 'save', done: 1, total: 1 });
  return out;
}
