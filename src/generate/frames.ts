// Frames of the task video at the planned times (frame-plan.ts), as PNGs. Two ways in, the
// best first: mp4 and webm through mediabunny (a maintained demuxer for both containers that
// decodes with WebCodecs); anything else, or when WebCodecs fails, by seeking a <video>
// element and drawing it. Every frame says which way it came and which moment it shows.
import { fitLongEdge, planFrames, type FramePlan, type FramePlanOptions } from './frame-plan.ts';

export interface SampleOptions extends FramePlanOptions {
  /** Shrink so the long edge is at most this many pixels (official: 1000 for some models). */
  longEdge?: number;
  /** 'auto' tries the demuxer first and falls back to the element. */
  method?: 'auto' | 'webcodecs' | 'element';
  signal?: AbortSignal;
}

export interface SampledFrame {
  /** Position among the frames sent. */
  index: number;
  /** Planned moment (s). */
  time: number;
  /** Presentation time of the decoded frame shown (s); equals `time` for the element path. */
  frameTime: number;
  width: number;
  height: number;
  png: Blob;
}

export type FrameMethod = 'mediabunny+webcodecs' | 'video-element';

export interface SampledVideo {
  container: 'mp4' | 'webm' | 'unknown';
  method: FrameMethod;
  duration: number;
  plan: FramePlan;
  frames: SampledFrame[];
  /** Why the first choice was not used, when a fallback ran. */
  fallbackReason?: string;
}

export async function sniffContainer(blob: Blob): Promise<SampledVideo['container']> {
  const b = new Uint8Array(await blob.slice(0, 12).arrayBuffer());
  if (b[4] === 0x66 && b[5] === 0x74 && b[6] === 0x79 && b[7] === 0x70) return 'mp4'; // "ftyp"
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'webm'; // EBML magic
  return 'unknown';
}

async function toPng(
  source: CanvasImageSource | { draw: (ctx: OffscreenCanvasRenderingContext2D, x: number, y: number, w: number, h: number) => void },
  w: number,
  h: number,
  longEdge?: number,
): Promise<{ png: Blob; width: number; height: number }> {
  const size = fitLongEdge(w, h, longEdge);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Could not get a 2D canvas to draw video frames.');
  ctx.imageSmoothingQuality = 'high';
  if ('draw' in source && typeof source.draw === 'function') source.draw(ctx, 0, 0, size.width, size.height);
  else ctx.drawImage(source as CanvasImageSource, 0, 0, size.width, size.height);
  return { png: await canvas.convertToBlob({ type: 'image/png' }), ...size };
}

export async function sampleVideoFrames(video: Blob, opts: SampleOptions = {}): Promise<SampledVideo> {
  const container = await sniffContainer(video);
  const method = opts.method ?? 'auto';
  let fallbackReason: string | undefined;
  if (method !== 'element' && typeof VideoDecoder !== 'undefined') {
    try {
      if (container !== 'unknown') return await viaMediabunny(video, opts, container);
      fallbackReason = 'the file is neither mp4 nor webm';
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      if (method === 'webcodecs') throw err;
      fallbackReason = err instanceof Error ? err.message : String(err);
    }
  } else if (method !== 'element') {
    if (method === 'webcodecs') throw new Error('This browser has no WebCodecs (VideoDecoder).');
    fallbackReason = 'this browser has no WebCodecs';
  }
  const out = await viaElement(video, opts, container);
  return fallbackReason ? { ...out, fallbackReason } : out;
}

// mp4 and webm ---------------------------------------------------------------------------

async function viaMediabunny(video: Blob, opts: SampleOptions, container: 'mp4' | 'webm'): Promise<SampledVideo> {
  // Loaded with the first video sampled: the demuxers are a quarter of a megabyte that the
  // screens without generation never need.
  const { BlobSource, Input, MATROSKA, MP4, QTFF, VideoSampleSink, WEBM } = await import('mediabunny');
  const input = new Input({ source: new BlobSource(video), formats: container === 'mp4' ? [MP4, QTFF] : [WEBM, MATROSKA] });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw new Error(`the ${container} has no video track`);
    if (!(await track.canDecode()))
      throw new Error(`this browser cannot decode ${(await track.getCodecParameterString()) ?? 'the video codec'} with WebCodecs`);
    const start = await track.getFirstTimestamp();
    const end = await track.computeDuration();
    const duration = end - start;
    const sink = new VideoSampleSink(track);
    const lastSample = await sink.getSample(end);
    const lastFrame = lastSample ? lastSample.timestamp - start : undefined;
    lastSample?.close();
    const plan = planFrames(duration, opts, lastFrame);
    const frames: SampledFrame[] = [];
    let index = 0;
    for await (const sample of sink.samplesAtTimestamps(plan.timestamps.map((t) => t + start))) {
      opts.signal?.throwIfAborted();
      const time = plan.timestamps[index] ?? 0;
      if (!sample) throw new Error(`no frame at ${time.toFixed(3)} s`);
      try {
        const r = await toPng(
          { draw: (ctx, x, y, w, h) => sample.draw(ctx, x, y, w, h) },
          sample.displayWidth,
          sample.displayHeight,
          opts.longEdge,
        );
        frames.push({ index, time, frameTime: sample.timestamp - start, ...r });
      } finally {
        sample.close();
      }
      index++;
    }
    return { container, method: 'mediabunny+webcodecs', duration, plan, frames };
  } finally {
    input.dispose();
  }
}

// <video> fallback ----------------------------------------------------------------------

function once(el: HTMLVideoElement, ok: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      el.removeEventListener(ok, done);
      el.removeEventListener('error', fail);
      resolve();
    };
    const fail = () => {
      el.removeEventListener(ok, done);
      el.removeEventListener('error', fail);
      reject(new Error(`the <video> element could not play the file (${el.error?.message || `code ${el.error?.code ?? '?'}`})`));
    };
    el.addEventListener(ok, done);
    el.addEventListener('error', fail);
    signal?.throwIfAborted();
  });
}

/** How long to wait for the seeked frame to reach the compositor before drawing anyway. */
const PRESENT_TIMEOUT_MS = 1000;

/**
 * Seeks and waits until the frame at `t` is the element's picture. 'seeked' alone is not
 * enough: Chromium can fire it before the new frame is presented, and drawImage then copies
 * the frame from before the seek (seen in CI: second 1 drawn as second 0). A video frame
 * callback registered before the seek fires once the seeked frame is presented, paused and
 * detached elements included; the timeout covers a browser where it never does.
 * Returns the presented frame's media time when the browser reports it.
 */
async function seek(el: HTMLVideoElement, t: number, signal?: AbortSignal): Promise<number | undefined> {
  let mediaTime: number | undefined;
  const presented =
    typeof el.requestVideoFrameCallback === 'function'
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, PRESENT_TIMEOUT_MS);
          el.requestVideoFrameCallback((_now, meta) => {
            clearTimeout(timer);
            mediaTime = meta.mediaTime;
            resolve();
          });
        })
      : Promise.resolve();
  const seeked = once(el, 'seeked', signal);
  el.currentTime = t;
  await seeked;
  await presented;
  return mediaTime;
}

async function viaElement(video: Blob, opts: SampleOptions, container: SampledVideo['container']): Promise<SampledVideo> {
  const url = URL.createObjectURL(video);
  const el = document.createElement('video');
  el.muted = true;
  el.preload = 'auto';
  el.playsInline = true;
  try {
    const meta = once(el, 'loadeddata', opts.signal);
    el.src = url;
    await meta;
    let duration = el.duration;
    // MediaRecorder webm files carry no duration: seeking far past the end makes the
    // element find it (a long-standing Chromium behaviour).
    if (!Number.isFinite(duration)) {
      await seek(el, 1e7, opts.signal);
      duration = el.duration;
      if (!Number.isFinite(duration)) throw new Error('the video has no known duration');
    }
    const plan = planFrames(duration, opts, Math.max(0, duration - 0.05));
    const frames: SampledFrame[] = [];
    for (const [index, time] of plan.timestamps.entries()) {
      const shown = await seek(el, time, opts.signal);
      const r = await toPng(el, el.videoWidth, el.videoHeight, opts.longEdge);
      frames.push({ index, time, frameTime: shown ?? time, ...r });
    }
    return { container, method: 'video-element', duration, plan, frames };
  } finally {
    el.removeAttribute('src');
    el.load();
    URL.revokeObjectURL(url);
  }
}
