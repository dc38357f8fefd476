// A recorded task in the official layout (pure): its data.jsonl line, metadata.json, which
// screenshot becomes which checkpoint, and what stops an export.
import { selectCheckpoints } from '../scoring/checkpoints.ts';
import type { Classification, Step, TaskRecord } from '../task/types.ts';

export interface TaskMeta {
  source_website: string;
  classification: Classification;
  /** "1920x1080" */
  resolution: string;
  environment?: string;
}

/** The data.jsonl record of a recorded task. */
export function taskRecord(id: number, meta: TaskMeta, steps: Step[]): TaskRecord {
  return {
    id,
    source_website: meta.source_website,
    classification: { ...meta.classification },
    recording_details: { resolution: meta.resolution, environment: meta.environment ?? 'Desktop Chromium (IWR Studio recorder)' },
    action_sequence: steps,
  };
}

export function metadataJson(meta: TaskMeta): string {
  return `${JSON.stringify({ recording_details: { resolution: meta.resolution, environment: meta.environment ?? 'Desktop Chromium (IWR Studio recorder)' } }, null, 2)}\n`;
}

/** The id after the largest one in an existing data.jsonl (1 for none): recorded tasks get consecutive ids. */
export function nextTaskId(dataJsonl: string): number {
  let max = 0;
  for (const line of dataJsonl.split('\n')) {
    if (!line.trim()) continue;
    try {
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id === 'number' && Number.isInteger(id)) max = Math.max(max, id);
    } catch {
      // A broken line is the validator's business; it takes no id.
    }
  }
  return max + 1;
}

/**
 * Checkpoint j -> screenshot k (the state after k steps) under the official selection:
 * screenshot 0, then the screenshot before each flagged step.
 */
export function checkpointShots(steps: Step[]): { checkpoint: number; screenshot: number }[] {
  return selectCheckpoints(steps, steps.length, []).pairs.map((p) => ({ checkpoint: p.checkpoint, screenshot: p.screenshot }));
}

/** Why a recording cannot be exported yet, one line each (empty: it can). */
export function exportBlockers(steps: Step[], roundTrips: ({ ok: boolean } | undefined)[], shots: ReadonlySet<number>): string[] {
  const out: string[] = [];
  if (steps.length === 0) out.push('the recording has no steps: an empty recording cannot be exported');
  steps.forEach((s, i) => {
    if (!String(s.parameters.description ?? '').trim()) out.push(`step ${i + 1} (${s.type}) has no description`);
    if (roundTrips[i] && !roundTrips[i]!.ok)
      out.push(`step ${i + 1} (${s.type}): "${s.parameters.description}" does not resolve back to the recorded element`);
  });
  for (const { checkpoint, screenshot } of checkpointShots(steps))
    if (!shots.has(screenshot)) out.push(`checkpoint ${checkpoint} needs the screenshot after ${screenshot} steps, which was not taken`);
  return out;
}
