// Which moments of the task video become frames for the model (IWR-SPEC "Generation"):
// one frame per second; when that is more than the frame cap, the cap's frames spread evenly
// over the whole video; and the asset sheets, which go first, share one cap on images in all.
// Pure: the browser layer decodes the frames at the times chosen here.

export interface FramePlanOptions {
  /** Frames per second of video to sample. Official: 1. */
  fps?: number;
  /** Most video frames sent. Official default 64 (20 for some models). */
  maxFrames?: number;
  /** Most images in the whole request, sheets included. Official default 70 (20 for some models). */
  maxImages?: number;
  /** Asset sheets sent before the frames; they count against maxImages. */
  sheetCount?: number;
}

export const DEFAULT_FPS = 1;
export const DEFAULT_MAX_FRAMES = 64;
export const DEFAULT_MAX_IMAGES = 70;

export interface FramePlan {
  /** Seconds from the start, ascending. */
  timestamps: number[];
  /** Frames a 1 fps walk would have given, before any cap. */
  uncapped: number;
  /** The cap in force: min(maxFrames, maxImages - sheets). */
  cap: number;
  /** Sheets that fit (all of them unless there are more sheets than maxImages). */
  sheets: number;
  spread: boolean;
}

/**
 * @param duration video length in seconds
 * @param lastFrameTime timestamp of the last decodable frame, when the demuxer knows it; a
 *   spread plan ends there, so the final state of the recording is always shown.
 */
export function planFrames(duration: number, opts: FramePlanOptions = {}, lastFrameTime?: number): FramePlan {
  const fps = positive(opts.fps, DEFAULT_FPS);
  const maxFrames = wholeAtLeast(opts.maxFrames, DEFAULT_MAX_FRAMES, 0);
  const maxImages = wholeAtLeast(opts.maxImages, DEFAULT_MAX_IMAGES, 0);
  const sheetsWanted = wholeAtLeast(opts.sheetCount, 0, 0);
  const sheets = Math.min(sheetsWanted, maxImages);
  const cap = Math.max(0, Math.min(maxFrames, maxImages - sheets));
  const length = Number.isFinite(duration) && duration > 0 ? duration : 0;
  // Samples at 0, 1/fps, 2/fps, ... strictly before the end; a video shorter than one
  // interval still gives its first frame. The epsilon absorbs durations like 4.9999996.
  const uncapped = Math.max(1, Math.ceil(length * fps - 1e-6));
  if (cap === 0) return { timestamps: [], uncapped, cap, sheets, spread: false };
  if (uncapped <= cap) {
    const timestamps = Array.from({ length: uncapped }, (_, k) => round6(k / fps));
    return { timestamps, uncapped, cap, sheets, spread: false };
  }
  const end =
    lastFrameTime !== undefined && Number.isFinite(lastFrameTime) && lastFrameTime >= 0 && lastFrameTime <= length
      ? lastFrameTime
      : Math.max(0, (uncapped - 1) / fps);
  const timestamps = cap === 1 ? [0] : Array.from({ length: cap }, (_, i) => round6((i * end) / (cap - 1)));
  return { timestamps, uncapped, cap, sheets, spread: true };
}

/** Scales (w, h) down so the long edge is at most `longEdge`; never scales up. */
export function fitLongEdge(width: number, height: number, longEdge: number | undefined): { width: number; height: number } {
  if (!longEdge || longEdge <= 0) return { width, height };
  const long = Math.max(width, height);
  if (long <= longEdge) return { width, height };
  const s = longEdge / long;
  return { width: Math.max(1, Math.round(width * s)), height: Math.max(1, Math.round(height * s)) };
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const positive = (v: number | undefined, d: number): number => (v !== undefined && Number.isFinite(v) && v > 0 ? v : d);
const wholeAtLeast = (v: number | undefined, d: number, min: number): number =>
  v !== undefined && Number.isFinite(v) ? Math.max(min, Math.floor(v)) : d;
