// "Test on this candidate": the real replay (src/run) with the check attached to its step,
// stopped right after that step's record (the generator's return tears the sandbox down), and
// "against the reference": the check's text leaves tried on the OCR text of the reference
// checkpoint that shows the page after the step.
import type { CheckEntry, CheckVerdict } from '../../../checks/types.ts';
import type { Check } from '../../../checks/types.ts';
import { textLeavesAgainstOcr, type OcrTrial } from '../../../checks/reference.ts';
import { replayOptionsOf, type Settings } from '../../../data/settings.ts';
import { referenceOcrText } from '../../../engines/references.ts';
import { currentResolver } from '../../../resolvers/config.ts';
import { replay } from '../../../run/replay.ts';
import { selectCheckpoints } from '../../../scoring/checkpoints.ts';
import type { Step, TaskRecord } from '../../../task/types.ts';

export type CandidateTrial =
  | { kind: 'verdict'; verdict: CheckVerdict }
  /** The replay stopped before the step's check could run. */
  | { kind: 'stopped'; step: number | null; reason: string };

export async function tryOnCandidate(input: {
  task: TaskRecord;
  html: string;
  assets: Map<string, Blob>;
  entry: CheckEntry;
  settings: Settings;
  signal: AbortSignal;
}): Promise<CandidateTrial> {
  const { capture: _capture, ...options } = replayOptionsOf(input.settings);
  const gen = replay(input.task, input.html, {
    ...options,
    assets: input.assets,
    signal: input.signal,
    resolver: await currentResolver(),
    checks: new Map([[input.entry.step, input.entry]]),
  });
  try {
    for (let next = await gen.next(); !next.done; next = await gen.next()) {
      const rec = next.value;
      if (rec.status === 'failed') return { kind: 'stopped', step: rec.step, reason: rec.reason ?? 'the step failed' };
      if (rec.step === input.entry.step) {
        if (!rec.check) return { kind: 'stopped', step: rec.step, reason: 'the check did not run' };
        return { kind: 'verdict', verdict: rec.check };
      }
    }
    return { kind: 'stopped', step: null, reason: 'the replay ended before the step' };
  } finally {
    await gen.return(undefined as never).catch(() => undefined);
  }
}

/**
 * The reference checkpoint showing the page after step `step`: the one the official pairing
 * compares with screenshot step + 1 (the state after step + 1 steps' actions, i.e. after this
 * step). Null when no flagged step picks that screenshot.
 */
export function checkpointAfterStep(steps: readonly Step[], step: number): number | null {
  const pair = selectCheckpoints(steps, steps.length, []).pairs.find((p) => p.step !== null && p.screenshot === step + 1);
  return pair ? pair.checkpoint : null;
}

/** The reference checkpoint's OCR text (cached with the pipeline's), and the check tried on it. */
export async function tryOnReference(taskKey: string, checkpoint: number, image: Blob, check: Check): Promise<OcrTrial & { ocr: string }> {
  const ocr = (await referenceOcrText(taskKey, checkpoint, image)).text;
  return { ...textLeavesAgainstOcr(check, ocr), ocr };
}
