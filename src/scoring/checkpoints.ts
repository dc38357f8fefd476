// Which screenshots are scored against which reference checkpoints (IWR-SPEC "Scoring" 3).
import type { Step } from '../task/types.ts';
import { pyTruthy } from './py-format.ts';

/** A judged assertion; 'unjudged' when no judge ran (ours, never official). */
export type AssertionStatus = 'Yes' | 'No' | 'Error' | 'unjudged';

/** Per step: the assertion's status, or null when the step had none to judge. */
export type AssertionStatuses = readonly (AssertionStatus | null | undefined)[];

/** The parts of a step scoring reads; a full `Step` fits. */
export type ScoredStep = Pick<Step, 'visual_evaluation_flag' | 'logical_assertion'>;

export interface CheckpointPair {
  /** Candidate screenshot index: the state after that many steps. */
  screenshot: number;
  /** Reference `checkpoints/step_<checkpoint>.png`: the pair's position in the list. */
  checkpoint: number;
  /** The flagged step that chose it (0-based); null for the initial screenshot. */
  step: number | null;
}

export interface CheckpointSelection {
  pairs: CheckpointPair[];
  /** First step whose assertion is "No", which ends the selection; null if none. */
  firstNoStep: number | null;
}

/**
 * Official selection: screenshot 0, then for each 0-based step i with a (Python-truthy)
 * `visual_evaluation_flag`, screenshot i (the state BEFORE step i: the official off-by-one),
 * skipped when it was never taken (i > executed), stopping at the first step whose assertion
 * is "No" (that step's own screenshot is not added). Quirk kept: a flag on step 0 picks
 * screenshot 0 a second time.
 * @param executed steps performed before the first execution failure; screenshots
 *   0..executed exist.
 */
export function selectCheckpoints(steps: readonly ScoredStep[], executed: number, assertions: AssertionStatuses): CheckpointSelection {
  const pairs: CheckpointPair[] = [{ screenshot: 0, checkpoint: 0, step: null }];
  for (let i = 0; i < steps.length; i++) {
    if (assertions[i] === 'No') return { pairs, firstNoStep: i };
    if (pyTruthy(steps[i]?.visual_evaluation_flag) && i <= executed) {
      pairs.push({ screenshot: i, checkpoint: pairs.length, step: i });
    }
  }
  return { pairs, firstNoStep: null };
}

/**
 * Steps whose assertion the judge must see: a (truthy) assertion and a screenshot after the
 * step, i.e. i + 1 <= executed. The judge compares screenshot i (before) with i + 1 (after).
 */
export function assertionSteps(steps: readonly ScoredStep[], executed: number): number[] {
  const out: number[] = [];
  steps.forEach((s, i) => {
    if (pyTruthy(s.logical_assertion) && i + 1 <= executed) out.push(i);
  });
  return out;
}
