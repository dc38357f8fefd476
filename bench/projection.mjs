// The full benchmark's wall time projected from the costs one sample-suite run measured
// (bench/batch.bench.mjs). Two workloads: the worst case (every step of every task replays
// and every checkpoint is scored) and a model with a published IFS (IFS is a prefix rate: a
// task stops at its first failed step, and a checkpoint after it has no screenshot to score,
// so a model with IFS p replays about p of the steps and scores checkpoint 0 of every task
// plus about p of the rest). Cold: each checkpoint scores its reference and the screenshot;
// warm (a shared --ref-cache from an earlier model): only the screenshot.

/** The official benchmark's size. */
export const FULL = { tasks: 113, steps: 1001, checkpoints: 620 };
/** The highest published IFS (GPT-5, 24.39 %): of the published models, the most work. */
export const BEST_PUBLISHED_IFS = 0.2439;

/**
 * @param {{ overheadPerTask: number, replayPerStep: number, ocrPerCheckpoint: number, dinoPerCheckpoint: number }} k
 *   costs per task, per replayed step (a load counts as one) and per checkpoint (OCR and DINO of reference + screenshot), ms
 * @param {{ ifs?: number, warm?: boolean, speedup?: number, fixedMs?: number, size?: typeof FULL }} [o]
 *   ifs: the model's mean IFS (1 or absent: the worst case); speedup: measured concurrency gain;
 *   fixedMs: paid once whatever the size (browser start, pages set up, the DINO model loaded)
 * @returns {{ steps: number, checkpoints: number, minutes: number }}
 */
export function projectFull(k, o = {}) {
  const { tasks, steps, checkpoints } = o.size ?? FULL;
  const ifs = Math.min(1, Math.max(0, o.ifs ?? 1));
  // Each task loads once; a task that stops early also tries (and fails) one more step.
  const replayed = Math.min(steps + tasks, ifs * steps + tasks + (ifs < 1 ? tasks : 0));
  const scored = tasks + ifs * (checkpoints - tasks);
  const perCheckpoint = (k.ocrPerCheckpoint + k.dinoPerCheckpoint) / (o.warm ? 2 : 1);
  const serialMs = tasks * k.overheadPerTask + replayed * k.replayPerStep + scored * perCheckpoint;
  return { steps: replayed, checkpoints: scored, minutes: ((o.fixedMs ?? 0) + serialMs / (o.speedup ?? 1)) / 60000 };
}
