// Reference checkpoints are scored against every candidate of a task, so their OCR text and
// DINO embedding are computed once per (task, engine or model hash, checkpoint) and kept in
// the `refcache` store; candidate screenshots are kept there by content (issue 19: no image
// is scored twice). Every caller (the pipeline, verify, window.iwr) goes through here so
// they share one cache key per kind. The CLI's --ref-cache adds a store that outlives the
// browser profile, keyed by content (see sharedRefKey).
import { cachedRef, refKey, sharedRefKey, type RefEmbedding, type RefOcr } from '../data/refcache.ts';
import { ocrEngineId, recognizeText } from './ocr-bridge.ts';
import { dinoCosine, embedImages, ensureDino } from './dino-bridge.ts';
import { ocrSimilarity } from './ocr-sim.ts';
import { dinoCacheId } from '../shared/dino-id.ts';

/** A fresh OCR entry for an image (reference or candidate alike). */
async function readOcr(image: Blob, signal?: AbortSignal): Promise<RefOcr> {
  const r = await recognizeText(signal, image);
  return { kind: 'ocr', text: r.text, engine: r.engine, savedAt: Date.now() };
}

/** A fresh embedding entry for an image (reference or candidate alike). */
async function readEmbedding(image: Blob, signal?: AbortSignal): Promise<RefEmbedding> {
  const r = await embedImages(signal, [image]);
  const e = r.embeddings[0];
  if (!e) throw new Error('the DINO worker returned no embedding');
  return {
    kind: 'dino',
    embedding: e,
    modelId: r.model.modelId,
    sha256: r.model.sha256,
    precision: r.model.precision,
    savedAt: Date.now(),
  };
}

export async function referenceOcrText(taskKey: string, checkpoint: number | string, image: Blob, signal?: AbortSignal): Promise<RefOcr> {
  return cachedRef<RefOcr>(
    refKey(taskKey, ocrEngineId(), checkpoint),
    () => readOcr(image, signal),
    () => sharedRefKey(ocrEngineId(), image),
  );
}

/** The key needs the model hash, so the model is settled (loaded) before the cache is asked. */
export async function referenceEmbedding(
  taskKey: string,
  checkpoint: number | string,
  image: Blob,
  signal?: AbortSignal,
): Promise<RefEmbedding> {
  const model = await ensureDino(signal);
  return cachedRef<RefEmbedding>(
    refKey(taskKey, dinoCacheId(model), checkpoint),
    () => readEmbedding(image, signal),
    () => sharedRefKey(dinoCacheId(model), image),
  );
}

/**
 * A candidate screenshot's OCR text, content-addressed: an identical screenshot (the same
 * page state in another run, another model's identical page, a re-run) is read once per
 * engine. Kept in the browser's `refcache` store under `img|<shared key>` and, in the CLI with
 * --ref-cache, in the shared store under the same key a reference of the same image uses.
 */
export async function candidateOcrText(image: Blob, signal?: AbortSignal): Promise<RefOcr> {
  const key = await sharedRefKey(ocrEngineId(), image);
  return cachedRef<RefOcr>(
    `img|${key}`,
    () => readOcr(image, signal),
    async () => key,
  );
}

/** A candidate screenshot's embedding, content-addressed per DINO model and precision (see candidateOcrText). */
export async function candidateEmbedding(image: Blob, signal?: AbortSignal): Promise<RefEmbedding> {
  const model = await ensureDino(signal);
  const key = await sharedRefKey(dinoCacheId(model), image);
  return cachedRef<RefEmbedding>(
    `img|${key}`,
    () => readEmbedding(image, signal),
    async () => key,
  );
}

/** One checkpoint's OCR similarity: both texts through the caches (reference by checkpoint, candidate by content). */
export async function ocrAgainstReference(
  taskKey: string,
  checkpoint: number,
  ref: Blob,
  cand: Blob,
  signal?: AbortSignal,
): Promise<{ reference: string; candidate: string; sim: number }> {
  // Both at once: the OCR worker pool reads them side by side.
  const [reference, candidate] = (
    await Promise.all([referenceOcrText(taskKey, checkpoint, ref, signal), candidateOcrText(cand, signal)])
  ).map((r) => r.text) as [string, string];
  return { reference, candidate, sim: ocrSimilarity(reference, candidate) };
}

/** One checkpoint's DINO similarity (cosine clipped to [0, 1]); both embeddings through the caches. */
export async function dinoAgainstReference(
  taskKey: string,
  checkpoint: number,
  ref: Blob,
  cand: Blob,
  signal?: AbortSignal,
): Promise<number> {
  const refEmb = await referenceEmbedding(taskKey, checkpoint, ref, signal);
  const candEmb = await candidateEmbedding(cand, signal);
  return dinoCosine(refEmb.embedding, candEmb.embedding);
}
