// Names of DINO models, pure: the settings store (data/) and the loader (engines/) both
// need them, and the loader imports the store, so they live apart from both.

export const DEFAULT_DINO_MODEL_ID = 'facebook/dinov2-base';
/** The ONNX export of facebook/dinov2-base (fp32, ~347 MB) on the Hugging Face hub. */
export const DEFAULT_DINO_MODEL_URL = 'https://huggingface.co/onnx-community/dinov2-base/resolve/main/onnx/model.onnx';

/** A model name for a URL: the default's hub id, else the file name. */
export function modelIdForUrl(url: string): string {
  if (url === DEFAULT_DINO_MODEL_URL) return DEFAULT_DINO_MODEL_ID;
  const path = new URL(url, 'http://x/').pathname;
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.onnx$/i, '') || url;
}

/**
 * float32: the official harness without a GPU (the default). float16: the harness on a CUDA
 * GPU, where the model runs in half precision (IWR-SPEC "Scoring"; most likely what the
 * published figures used), emulated on the float32 graph (workers/onnx-half.ts). int8: ours,
 * a fast approximation (weight matrices in int8, workers/onnx-int8.ts), never official.
 */
export type DinoPrecision = 'float32' | 'float16' | 'int8';
export const DINO_PRECISIONS: readonly DinoPrecision[] = ['float32', 'float16', 'int8'];

export const isDinoPrecision = (v: unknown): v is DinoPrecision => (DINO_PRECISIONS as readonly unknown[]).includes(v);

/** What a result says beside the model's name: nothing for the float32 default, ', float16', or ', int8, approximate'. */
export const precisionNote = (precision: DinoPrecision | undefined): string =>
  precision === 'int8' ? ', int8, approximate' : precision && precision !== 'float32' ? `, ${precision}` : '';

/**
 * What embeddings are cached under: the model file's hash, plus the precision when it is not
 * float32 (so float32 keys are the ones kept before the option existed).
 */
export function dinoCacheId(model: { sha256: string; precision?: DinoPrecision }): string {
  return model.precision && model.precision !== 'float32' ? `dino:${model.sha256}:${model.precision}` : `dino:${model.sha256}`;
}
