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
