// The Run button's contract with the evaluation pipeline: evaluate one candidate (replay ->
// checkpoints -> OCR/DINO -> judge -> metrics -> stored run) and report progress. The run is
// tracked (src/pipeline/resume.ts) so that a tab reloaded mid-run resumes it on start; the
// options recorded for that are exactly those the pipeline derives from the settings.
import { evaluate, type RunEvent, type RunInput, type RunStage } from '../../pipeline/index.ts';
import { trackRun } from '../../pipeline/resume.ts';
import { replayOptionsOf } from '../../data/settings.ts';
import { getCandidate } from '../../data/candidates.ts';

export type Stage = RunStage;
export type { RunEvent };

/** What the Run panel gives: the pipeline's run input. */
export type EvaluateInput = RunInput;

export async function runCandidate(input: EvaluateInput): Promise<{ runId: string | null }> {
  // Read back, not taken from the editor's state: the stored text is what the pipeline scores.
  const candidate = await getCandidate(input.candidateId);
  if (!candidate) throw new Error(`candidate ${input.candidateId} no longer exists (deleted in another tab?)`);
  const { capture: _capture, ...replay } = replayOptionsOf(input.settings);
  const pending = {
    sourceId: input.sourceId,
    taskId: input.taskId,
    html: candidate.html,
    model: candidate.name,
    candidateId: candidate.id,
    options: { ...replay, judge: input.settings.judge.kind === 'none' ? ('none' as const) : ('configured' as const) },
  };
  return trackRun(
    pending,
    (_pending, track) =>
      evaluate({
        sourceId: input.sourceId,
        taskId: input.taskId,
        candidateId: candidate.id,
        settings: input.settings,
        signal: input.signal,
        ...(input.container ? { container: input.container } : {}),
        onEvent: (e) => {
          track(e);
          input.onEvent(e);
        },
      }),
  );
}
