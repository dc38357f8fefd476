// "Generate with a model": the task's asset sheets and video frames go to an OpenAI-compatible
// endpoint with our wording of the official request; the streamed answer is post-processed
// as the official harness does and saved as a candidate named after the model.
import { createCandidate } from '../data/candidates.ts';
import { modelDirName } from '../scoring/model-names.ts';
import { callChat, type Attempt } from '../chat/client.ts';
import { blobDataUrl, imageBlob, type ImageInput } from '../chat/images.ts';
import { sha256Hex } from '../data/bytes.ts';
import { normalisePolicy, type RetryPolicy } from '../chat/retry.ts';
import { redact, registerSecret } from '../chat/secrets.ts';
import { fitLongEdge } from './frame-plan.ts';
import { sampleVideoFrames, type SampledVideo, type SampleOptions } from './frames.ts';
import { postprocessReply } from './postprocess.ts';
import { GENERATION_PROMPT_VERSION, generationMessages, generationText } from './prompt.ts';

export interface GenerateInput {
  endpoint: string;
  model: string;
  /** Bearer key; kept in memory for this call only. */
  key?: string;
  resolution: { width: number; height: number };
  video: ImageInput;
  /** Stitched asset sheets, in file order; sent before the frames. */
  sheets: ImageInput[];
  /** Frame rate, caps, long edge, extraction method. */
  frames?: Omit<SampleOptions, 'signal' | 'sheetCount'>;
  /** Official: 16384 for most models (4096 for some). */
  maxTokens?: number;
  temperature?: number;
  stream?: boolean;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  /** When given, the result is saved as a candidate of this task. */
  taskKey?: string;
  onProgress?: (p: GenerateProgress) => void;
  signal?: AbortSignal;
}

export interface GenerateProgress {
  stage: 'frames' | 'request' | 'streaming' | 'done';
  frames?: number;
  chars?: number;
}

export interface GenerateResult {
  model: string;
  /** Result folder name: lower-cased, '/' -> '__'. */
  modelDir: string;
  html: string;
  /** The model's full reply (redacted). */
  raw: string;
  fenced: boolean;
  iframesRemoved: number;
  video: Omit<SampledVideo, 'frames'>;
  /** The exact frames sent, in order. */
  frames: SampledVideo['frames'];
  /** The exact sheets sent (after any resize), in order. */
  sheets: Blob[];
  promptVersion: string;
  promptSha256: string;
  images: number;
  attempts: Attempt[];
  candidateId?: string;
}

async function resizeImage(blob: Blob, longEdge: number | undefined): Promise<Blob> {
  if (!longEdge) return blob;
  const bmp = await createImageBitmap(blob);
  try {
    const size = fitLongEdge(bmp.width, bmp.height, longEdge);
    if (size.width === bmp.width && size.height === bmp.height) return blob;
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('Could not get a 2D canvas to resize the asset sheets.');
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bmp, 0, 0, size.width, size.height);
    return await canvas.convertToBlob({ type: 'image/png' });
  } finally {
    bmp.close();
  }
}

export async function generateCandidate(input: GenerateInput): Promise<GenerateResult> {
  registerSecret(input.key);
  const fo = input.frames ?? {};
  input.onProgress?.({ stage: 'frames' });
  const videoBlob = await imageBlob(input.video);
  const sampled = await sampleVideoFrames(videoBlob, {
    ...fo,
    sheetCount: input.sheets.length,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const { frames, ...video } = sampled;
  input.onProgress?.({ stage: 'frames', frames: frames.length });
  const sheetBlobs = await Promise.all(
    input.sheets.slice(0, sampled.plan.sheets).map(async (s) => resizeImage(await imageBlob(s), fo.longEdge)),
  );
  const interval = frames.length > 1 ? ((frames[frames.length - 1]?.time ?? 0) - (frames[0]?.time ?? 0)) / (frames.length - 1) : 1;
  const promptInput = {
    resolution: input.resolution,
    sheetCount: sheetBlobs.length,
    frameCount: frames.length,
    frameInterval: sampled.plan.spread ? interval : 1 / (fo.fps ?? 1),
  };
  const [sheetUrls, frameUrls] = await Promise.all([
    Promise.all(sheetBlobs.map(blobDataUrl)),
    Promise.all(frames.map((f) => blobDataUrl(f.png))),
  ]);
  const stream = input.stream ?? true;
  input.onProgress?.({ stage: 'request' });
  const res = await callChat(
    { baseUrl: input.endpoint, model: input.model, ...(input.key ? { key: input.key } : {}) },
    {
      model: input.model,
      messages: generationMessages(promptInput, sheetUrls, frameUrls),
      max_tokens: input.maxTokens ?? 16384,
      ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
      ...(stream ? { stream: true } : {}),
    },
    {
      policy: normalisePolicy(input.retry),
      timeoutMs: input.timeoutMs ?? 600_000,
      ...(input.signal ? { signal: input.signal } : {}),
      onDelta: (_piece, chars) => input.onProgress?.({ stage: 'streaming', chars }),
    },
  );
  if (!res.ok) throw new Error(`Generation with ${input.model} failed: ${redact(res.error)}`);
  const raw = redact(res.text);
  const post = postprocessReply(raw);
  const modelDir = modelDirName(input.model);
  let candidateId: string | undefined;
  if (input.taskKey) {
    const c = await createCandidate({
      id: `generated:${input.taskKey}:${modelDir}`,
      taskKey: input.taskKey,
      name: modelDir,
      html: post.html,
      origin: 'generated',
      extra: {
        model: input.model,
        promptVersion: GENERATION_PROMPT_VERSION,
        frameTimes: frames.map((f) => f.time),
        frameMethod: sampled.method,
      },
    });
    candidateId = c.id;
  }
  input.onProgress?.({ stage: 'done', chars: raw.length });
  return {
    model: input.model,
    modelDir,
    html: post.html,
    raw,
    fenced: post.fenced,
    iframesRemoved: post.iframesRemoved,
    video,
    frames,
    sheets: sheetBlobs,
    promptVersion: GENERATION_PROMPT_VERSION,
    promptSha256: await sha256Hex(generationText(promptInput)),
    images: sheetBlobs.length + frames.length,
    attempts: res.attempts,
    ...(candidateId ? { candidateId } : {}),
  };
}
