// The task video of a recording: the session's screenshots on a canvas at the task
// resolution, with the pointer moving to each click and a ring where it clicked (as the
// official recordings show them), recorded with MediaRecorder in real time. WebM
// everywhere; MP4 when asked for and the browser's MediaRecorder can write it.
import type { TimedShot } from './session.ts';

export interface VideoClick {
  x: number;
  y: number;
  /** ms since the session started. */
  at: number;
}

export interface VideoInput {
  width: number;
  height: number;
  shots: TimedShot[];
  clicks: VideoClick[];
  format?: 'webm' | 'mp4';
  /** Long pauses are shortened to this (ms): the video shows what happened, not the author thinking. */
  maxGapMs?: number;
}

const FPS = 10;
const POINTER_MOVE_MS = 400;
const RING_MS = 450;
const BITS_PER_SECOND = 600_000;

/** The MIME type to record with, or undefined when this browser cannot write the format. */
export function videoMime(format: 'webm' | 'mp4'): string | undefined {
  const wanted =
    format === 'mp4' ? ['video/mp4;codecs=avc1', 'video/mp4'] : ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];
  return wanted.find((m) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(m));
}

/** Maps session time to video time, shortening every gap between events to maxGap. */
function timeline(events: number[], maxGap: number): (t: number) => number {
  const sorted = [...new Set(events)].sort((a, b) => a - b);
  return (t: number) => {
    let out = 0;
    let prev = 0;
    for (const e of sorted) {
      if (e > t) break;
      out += Math.min(e - prev, maxGap);
      prev = e;
    }
    return out + Math.min(t - prev, maxGap);
  };
}

function drawPointer(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(0, 18);
  ctx.lineTo(4.5, 14);
  ctx.lineTo(8, 21);
  ctx.lineTo(10.5, 20);
  ctx.lineTo(7, 13);
  ctx.lineTo(13, 13);
  ctx.closePath();
  ctx.fillStyle = '#000';
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 1.5;
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

export interface EncodedVideo {
  blob: Blob;
  mime: string;
  /** Where a moment of the session (ms) is in the video (seconds): long pauses are shortened. */
  videoTime(sessionMs: number): number;
}

export async function encodeSessionVideo(input: VideoInput): Promise<EncodedVideo> {
  const format = input.format ?? 'webm';
  const mime = videoMime(format);
  if (!mime) throw new Error(`this browser cannot record ${format} video with MediaRecorder`);
  const shots = [...input.shots].sort((a, b) => a.at - b.at);
  if (!shots.length) throw new Error('the recording has no screenshot to make a video of');
  const images = await Promise.all(shots.map((s) => createImageBitmap(s.png)));
  const map = timeline([...shots.map((s) => s.at), ...input.clicks.map((c) => c.at)], input.maxGapMs ?? 1500);
  const shotAt = shots.map((s) => map(s.at));
  const clicks = input.clicks.map((c) => ({ ...c, v: map(c.at) }));
  const end = (shotAt.at(-1) ?? 0) + 1000;

  const canvas = document.createElement('canvas');
  canvas.width = input.width;
  canvas.height = input.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas for the video');
  const draw = (v: number) => {
    let i = 0;
    while (i + 1 < shotAt.length && (shotAt[i + 1] as number) <= v) i++;
    ctx.drawImage(images[i] as ImageBitmap, 0, 0, input.width, input.height);
    // The pointer rests at the last click and glides to the next one just before it.
    const next = clicks.find((c) => c.v > v);
    const last = [...clicks].reverse().find((c) => c.v <= v);
    let px = last?.x ?? input.width / 2;
    let py = last?.y ?? input.height / 2;
    if (next && next.v - v < POINTER_MOVE_MS) {
      const f = 1 - (next.v - v) / POINTER_MOVE_MS;
      px += (next.x - px) * f;
      py += (next.y - py) * f;
    }
    if (last && v - last.v < RING_MS) {
      const f = (v - last.v) / RING_MS;
      ctx.beginPath();
      ctx.arc(last.x, last.y, 8 + 18 * f, 0, Math.PI * 2);
      ctx.strokeStyle = `rgba(255, 64, 64, ${1 - f})`;
      ctx.lineWidth = 3;
      ctx.stroke();
    }
    drawPointer(ctx, px, py);
  };
  draw(0);
  const stream = canvas.captureStream(FPS);
  const rec = new MediaRecorder(stream, { mimeType: mime, videoBitsPerSecond: BITS_PER_SECOND });
  const chunks: Blob[] = [];
  rec.ondataavailable = (e) => {
    if (e.data.size) chunks.push(e.data);
  };
  const stopped = new Promise<void>((r) => {
    rec.onstop = () => r();
  });
  rec.start();
  const t0 = performance.now();
  for (let v = 0; v <= end; v = performance.now() - t0) {
    draw(v);
    await new Promise((r) => setTimeout(r, 1000 / FPS));
  }
  rec.stop();
  await stopped;
  for (const img of images) img.close();
  return { blob: new Blob(chunks, { type: mime.split(';')[0] }), mime, videoTime: (ms) => Math.round(map(ms)) / 1000 };
}
