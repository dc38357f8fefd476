// Where each step sits on the recording. The dataset has no step timestamps, so unless a
// step carries one (a numeric `timestamp`/`time` field, seconds), steps are spread evenly:
// step k owns the k-th of n equal slices and its marker sits in the middle of that slice.
import type { Step } from '../../task/types.ts';

export interface StepTimes {
  /** Marker time of each step, seconds. */
  at: number[];
  /** True when the times come from the data; false when spread evenly (the UI says so). */
  fromData: boolean;
}

function stampOf(s: Step): number | null {
  for (const k of ['timestamp', 'time', 'start_time'] as const) {
    const v = s[k] ?? s.parameters?.[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  }
  return null;
}

export function stepTimes(steps: readonly Step[], duration: number): StepTimes {
  const n = steps.length;
  const stamps = steps.map(stampOf);
  if (n > 0 && stamps.every((t): t is number => t !== null)) return { at: stamps, fromData: true };
  const d = Number.isFinite(duration) && duration > 0 ? duration : 0;
  return { at: steps.map((_, k) => ((k + 0.5) / n) * d), fromData: false };
}

/** The step being shown at time t: the last one whose slice has started. -1 before the first. */
export function activeStep(times: StepTimes, t: number, duration: number): number {
  const n = times.at.length;
  if (!n) return -1;
  if (!times.fromData) {
    if (!(duration > 0)) return -1;
    return Math.max(0, Math.min(n - 1, Math.floor((t / duration) * n)));
  }
  let k = -1;
  for (let i = 0; i < n; i++) if (times.at[i]! <= t + 1e-3) k = i;
  return k;
}
