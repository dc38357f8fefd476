// A finished recording as a task in the official layout: the steps described (each checked
// by the resolver on its own snapshot), the author's checkpoints and assertions applied, the
// checkpoints chosen as the official scorer chooses them, contact sheets, metadata.json, the
// video, and a replay of the step list from the start whose screenshots must match the
// recorded ones.
import { describeStep, roundTrip as roundTripOf, type DescribedStep } from '../record/describe.ts';
import { replayScrollsFirst, type RawStep } from '../record/steps.ts';
import { checkpointShots, exportBlockers, metadataJson, taskRecord, type TaskMeta } from '../record/task.ts';
import { replay } from '../run/replay.ts';
import type { Step, TaskRecord } from '../task/types.ts';
import { pixelDifference } from './compare.ts';
import type { RecordingSession, TimedShot } from './session.ts';
import { drawContactSheets } from './sheets.ts';
import { encodeSessionVideo, videoMime } from './video.ts';

/** What the author adds to a step: a checkpoint mark, an assertion, a reworded description. */
export interface StepEdit {
  checkpoint?: boolean;
  assertion?: string | null;
  description?: string;
}

export interface ReplayCheck {
  /** Steps the replay performed, of `total`. */
  done: number;
  total: number;
  reason?: string;
  /** Per screenshot k compared: the share of pixels that differ from the recorded one. */
  differences: { k: number; share: number }[];
  /** Every step replayed and every screenshot within the bound. */
  ok: boolean;
  /** The replay's screenshots by k. */
  shots: Map<number, Blob>;
}

export interface BuiltTask {
  record: TaskRecord;
  described: DescribedStep[];
  /** Dataset-relative path (data/<id>/...) -> bytes. data.jsonl is not among them: see `record`. */
  files: Map<string, Blob>;
  blockers: string[];
  replay?: ReplayCheck;
  videoMime?: string;
}

/** A replay screenshot may differ from the recorded one in at most this share of pixels (caret blink, antialiasing). */
export const REPLAY_PIXEL_BOUND = 0.002;

/** The recorded steps described, with the author's edits applied; an edited description is checked again. */
export function describeAll(steps: RawStep[], edits: readonly (StepEdit | undefined)[] = []): DescribedStep[] {
  return steps.map((raw, i) => {
    const d = describeStep(raw);
    const e = edits[i];
    if (!e) return d;
    const step: Step = {
      ...d.step,
      visual_evaluation_flag: e.checkpoint ?? d.step.visual_evaluation_flag,
      logical_assertion: e.assertion === undefined ? d.step.logical_assertion : e.assertion?.trim() || null,
    };
    if (e.description === undefined || e.description === d.step.parameters.description) return { ...d, step };
    const edited: Step = { ...step, parameters: { ...step.parameters, description: e.description } };
    return { step: edited, roundTrip: roundTripOf(edited, raw), tried: 1 };
  });
}

/** Replays the steps from the start and compares each screenshot with the recorded one. */
export async function replayCheck(
  record: TaskRecord,
  html: string,
  assets: Map<string, Blob>,
  shots: Map<number, TimedShot>,
): Promise<ReplayCheck> {
  const gen = replay(record, html, { assets });
  const differences: { k: number; share: number }[] = [];
  const replayed = new Map<number, Blob>();
  let next = await gen.next();
  while (!next.done) {
    const r = next.value;
    if (r.status === 'ok' && r.screenshot) replayed.set(r.k, r.screenshot);
    const mine = shots.get(r.k);
    if (r.status === 'ok' && r.screenshot && mine) differences.push({ k: r.k, share: await pixelDifference(mine.png, r.screenshot) });
    next = await gen.next();
  }
  const summary = next.value;
  const total = record.action_sequence.length;
  return {
    done: summary.done,
    total,
    ...(summary.reason ? { reason: summary.reason } : {}),
    differences,
    ok: summary.done === total && differences.every((d) => d.share <= REPLAY_PIXEL_BOUND),
    shots: replayed,
  };
}

export interface BuildOptions {
  taskId: number;
  meta: TaskMeta;
  edits?: readonly (StepEdit | undefined)[];
  /** The page as recorded (placeholder references) and its anonymised assets. */
  html: string;
  assets: Map<string, Blob>;
  video?: 'webm' | 'mp4' | 'none';
  replay?: boolean;
}

/** Why a screenshot after a step may differ: the replay scrolled the step's element into view first. */
function scrollHint(raw: RawStep | undefined, k: number): string {
  return raw && replayScrollsFirst(raw)
    ? `: step ${k}'s element was cut off at the edge of the view when it was used, and the replay scrolls it into view first (as the official click does); scroll until it is fully in view before using it`
    : '';
}

export async function buildTask(session: RecordingSession, steps: RawStep[], opts: BuildOptions): Promise<BuiltTask> {
  const described = describeAll(steps, opts.edits);
  const actionSequence = described.map((d) => d.step);
  const record = taskRecord(opts.taskId, opts.meta, actionSequence);
  const shots = session.shots;
  const blockers = exportBlockers(
    actionSequence,
    described.map((d) => d.roundTrip),
    new Set(shots.keys()),
  );
  const dir = `data/${opts.taskId}/`;
  const files = new Map<string, Blob>();
  for (const [name, blob] of opts.assets) files.set(`${dir}assets/${name}`, blob);
  for (const sheet of await drawContactSheets(opts.assets)) files.set(`${dir}stitched_assets/${sheet.name}`, sheet.png);
  files.set(`${dir}metadata.json`, new Blob([metadataJson(opts.meta)], { type: 'application/json' }));
  const built: BuiltTask = { record, described, files, blockers };
  if (opts.replay !== false && actionSequence.length) {
    built.replay = await replayCheck(record, opts.html, opts.assets, shots);
    if (!built.replay.ok)
      blockers.push(
        built.replay.done < built.replay.total
          ? `the replay stopped at step ${built.replay.done + 1} of ${built.replay.total}: ${built.replay.reason ?? 'no reason given'}`
          : `the replay's screenshots differ from the recorded ones at ${built.replay.differences
              .filter((d) => d.share > REPLAY_PIXEL_BOUND)
              .map((d) => `screenshot ${d.k} (${(d.share * 100).toFixed(2)} % of pixels)${scrollHint(steps[d.k - 1], d.k)}`)
              .join(', ')}`,
      );
  }
  // Checkpoints: the replay's screenshots once it reproduced the recording (the same runner,
  // input and capture that score a candidate, so the page scores against exactly what it
  // shows; OCR's reading order can change with a pixel), else the recorded ones.
  const replayed = built.replay?.ok ? built.replay.shots : undefined;
  for (const { checkpoint, screenshot } of checkpointShots(actionSequence)) {
    const png = replayed?.get(screenshot) ?? shots.get(screenshot)?.png;
    if (png) files.set(`${dir}checkpoints/step_${checkpoint}.png`, png);
  }
  const format = opts.video ?? 'webm';
  if (format !== 'none') {
    const usable = videoMime(format) ? format : 'webm';
    const { blob, mime, videoTime } = await encodeSessionVideo({
      width: session.options.width,
      height: session.options.height,
      shots: [...shots.values()],
      clicks: session.clicks,
      format: usable,
    });
    files.set(`${dir}video.${usable}`, blob);
    built.videoMime = mime;
    // When each step starts in the video (seconds; an extra field the official harness ignores):
    // the task page's step timeline places its markers there instead of spreading them evenly.
    steps.forEach((raw, i) => {
      const step = actionSequence[i];
      if (step) step.timestamp = videoTime(raw.at);
    });
  }
  return built;
}
