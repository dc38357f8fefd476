// OCR and DINOv2 on `window.iwr`, for the CLI, the tests and other engines' code.
//
// Images (`IwrImage`) are a URL (absolute or relative to the app, e.g. '/fixtures/a.png'),
// a data: URL, bare base64 of a PNG/JPEG, or a Blob.
//
//   ocr(image, opts?: { signal? }): Promise<{ text, engine, ms }>
//       text = the OCR pieces joined with single spaces, lower-cased (IWR-SPEC Scoring 4).
//   ocrSimilarity(a: string, b: string): number
//       1 - Levenshtein / max length; both empty -> 1, one empty -> 0.
//   loadDinoModel(source: { url, modelId?, backend?, precision?, keep? } | { bytes: Blob | ArrayBuffer | base64 string, name?, modelId?, backend?, precision? })
//       : Promise<{ model: { modelId, sha256, size, source, precision }, session: { backend, threads, precision, ... }, fromCache }>
//       A URL is downloaded once and kept in IndexedDB (unless keep: false). backend: 'auto' | 'webgpu' | 'wasm'.
//       precision: 'float32' | 'float16' | 'int8' (default: setDinoPrecision's, else Settings', else float32).
//   setDinoPrecision(precision: 'float32' | 'float16' | 'int8'): Promise<void>
//       This page's DINO precision from now on; a loaded model is loaded again in it.
//       Rejects with name 'DinoModelUnavailableError' when the model cannot be had (e.g. offline, not cached).
//   dinoEmbed(image, opts?: { signal? }): Promise<{ embedding: number[], model, session }>
//       CLS token of last_hidden_state. With no model loaded, loads the configured one
//       (default facebook/dinov2-base from the hub) or rejects with DinoModelUnavailableError.
//   dinoSimilarity(a: IwrImage | number[], b: IwrImage | number[], opts?): Promise<{ similarity, model, session }>
//       Cosine of the CLS embeddings clipped to [0, 1].
//   dinoEnsureModel(): Promise<{ model, session }>   the loaded model, else the configured default
//       (IndexedDB cache or download); rejects with DinoModelUnavailableError.
//   dinoBackend(): { model, session: { backend: 'webgpu' | 'wasm', threads, crossOriginIsolated, webgpuUnavailable? } | null } | null
//   referenceOcr(taskKey, checkpoint, image): Promise<{ text, engine }>
//   referenceEmbedding(taskKey, checkpoint, image): Promise<{ embedding: number[], model: { modelId, sha256 } }>
//       Reference checkpoints: computed once per (task, engine or model hash, checkpoint), kept in IndexedDB.
//   engineStats(): { ocrCalls, dinoImagesEmbedded, ocrEngines }   (counts engine work, for cache
//       tests; ocrEngines: tesseract engines of the OCR pool when it last started, 0 before)
//   stopEngines(): void   ends both workers now.
//   setWorkerThreads(n: number | null): void   DINO's WASM threads and the OCR pool's engines
//       for this page (1..4; null: every core up to 4). Running workers end and the next call
//       starts them with the new count (the DINO model is loaded again). Scores do not change.
//   workerThreads(): number   the count in force.
//   setOcrEngine({ data?: { id, folderUrl, gzip } | null, psm?: 3 | 4 | 6 | 11 }): void
//       This page's OCR from now on: English data from another folder (eng.traineddata, or .gz
//       with gzip: true; id names it in the engine id) and the page segmentation mode. Default:
//       the shipped 4.0.0_best_int at PSM 3. Running OCR workers end.
//   ocrEngineId(): string   e.g. 'tesseract.js@7+eng-4.0.0_best_int+psm3' (caches and eval.json).
import { registerApi } from './index.ts';
import { base64ToBytes } from '../data/bytes.ts';
import {
  chooseOcrEngine,
  ocrEngineId,
  recognizeText,
  ocrStats,
  stopOcr,
  type OcrEngineChoice,
  type OcrText,
} from '../engines/ocr-bridge.ts';
import { ocrSimilarity } from '../engines/ocr-sim.ts';
import {
  currentDino,
  dinoStats,
  embedImages,
  ensureDino,
  loadDino,
  setDinoPrecision,
  stopDino,
  dinoCosine,
  type LoadedDino,
  type DinoBackendChoice,
  type DinoSessionInfo,
  type DinoPrecision,
} from '../engines/dino-bridge.ts';
import type { DinoModelInfo } from '../engines/dino-model.ts';
import { referenceEmbedding, referenceOcrText } from '../engines/references.ts';
import { chooseWorkerThreads, workerThreads } from '../engines/threads.ts';

export type IwrImage = string | Blob;

export interface DinoEmbedResult {
  embedding: number[];
  model: DinoModelInfo;
  session: DinoSessionInfo;
}

export interface DinoSimilarityResult {
  similarity: number;
  model: DinoModelInfo;
  session: DinoSessionInfo | null;
}

type DinoSource =
  | { url: string; modelId?: string; backend?: DinoBackendChoice; precision?: DinoPrecision; keep?: boolean }
  | { bytes: Blob | ArrayBuffer | string; name?: string; modelId?: string; backend?: DinoBackendChoice; precision?: DinoPrecision };

declare module './index.ts' {
  interface IwrApi {
    ocr(image: IwrImage, opts?: { signal?: AbortSignal }): Promise<OcrText>;
    ocrSimilarity(a: string, b: string): number;
    loadDinoModel(source: DinoSource): Promise<LoadedDino>;
    setDinoPrecision(precision: DinoPrecision): Promise<void>;
    dinoEmbed(image: IwrImage, opts?: { signal?: AbortSignal }): Promise<DinoEmbedResult>;
    dinoSimilarity(a: IwrImage | number[], b: IwrImage | number[], opts?: { signal?: AbortSignal }): Promise<DinoSimilarityResult>;
    dinoEnsureModel(): Promise<{ model: DinoModelInfo; session: DinoSessionInfo | null }>;
    dinoBackend(): { model: DinoModelInfo; session: DinoSessionInfo | null } | null;
    referenceOcr(taskKey: string, checkpoint: number, image: IwrImage): Promise<{ text: string; engine: string }>;
    referenceEmbedding(
      taskKey: string,
      checkpoint: number,
      image: IwrImage,
    ): Promise<{ embedding: number[]; model: { modelId: string; sha256: string; precision: DinoPrecision } }>;
    engineStats(): { ocrCalls: number; dinoImagesEmbedded: number; ocrEngines: number };
    stopEngines(): void;
    setWorkerThreads(n: number | null): void;
    workerThreads(): number;
    setOcrEngine(choice: OcrEngineChoice): void;
    ocrEngineId(): string;
  }
}

/** A string that is not a URL is taken as base64; URLs resolve against the app. */
export async function imageBlob(image: IwrImage): Promise<Blob> {
  if (image instanceof Blob) return image;
  const looksBase64 = image.length > 64 && /^[A-Za-z0-9+/=\s]+$/.test(image.slice(0, 256));
  if (looksBase64) return new Blob([base64ToBytes(image) as BlobPart]);
  const url = new URL(image, document.baseURI).href;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Image ${image}: HTTP ${res.status} ${res.statusText}`);
  return res.blob();
}

async function embedOne(image: IwrImage, signal?: AbortSignal): Promise<DinoEmbedResult> {
  const blob = await imageBlob(image);
  const res = await embedImages(signal, [blob]);
  const e = res.embeddings[0];
  if (!e) throw new Error('dinoEmbed: the worker returned no embedding');
  return { embedding: Array.from(e), model: res.model, session: res.session };
}

registerApi({
  async ocr(image, opts) {
    return recognizeText(opts?.signal, await imageBlob(image));
  },
  ocrSimilarity,
  async loadDinoModel(source) {
    const { backend, modelId, precision } = source;
    const opts = { ...(backend ? { backend } : {}), ...(modelId ? { modelId } : {}), ...(precision ? { precision } : {}) };
    if ('url' in source) return loadDino({ url: source.url }, { ...opts, keep: source.keep ?? true });
    const bytes = typeof source.bytes === 'string' ? base64ToBytes(source.bytes) : source.bytes;
    return loadDino({ bytes, ...(source.name ? { name: source.name } : {}) }, opts);
  },
  setDinoPrecision: (precision) => setDinoPrecision(precision),
  dinoEmbed: (image, opts) => embedOne(image, opts?.signal),
  async dinoSimilarity(a, b, opts) {
    const vec = async (x: IwrImage | number[]) => (Array.isArray(x) ? x : (await embedOne(x, opts?.signal)).embedding);
    const [ea, eb] = [await vec(a), await vec(b)];
    const cur = currentDino();
    const model = cur?.model ?? (await ensureDino(opts?.signal));
    return { similarity: dinoCosine(ea, eb), model, session: cur?.session ?? null };
  },
  async dinoEnsureModel() {
    const model = await ensureDino();
    return { model, session: currentDino()?.session ?? null };
  },
  dinoBackend: () => currentDino(),
  async referenceOcr(taskKey, checkpoint, image) {
    const entry = await referenceOcrText(taskKey, checkpoint, await imageBlob(image));
    return { text: entry.text, engine: entry.engine };
  },
  async referenceEmbedding(taskKey, checkpoint, image) {
    const entry = await referenceEmbedding(taskKey, checkpoint, await imageBlob(image));
    return {
      embedding: Array.from(entry.embedding),
      model: { modelId: entry.modelId, sha256: entry.sha256, precision: entry.precision ?? 'float32' },
    };
  },
  engineStats: () => ({ ocrCalls: ocrStats.calls, dinoImagesEmbedded: dinoStats.embedded, ocrEngines: ocrStats.engines }),
  stopEngines() {
    stopOcr();
    stopDino();
  },
  setWorkerThreads(n) {
    const before = workerThreads();
    chooseWorkerThreads(n);
    if (workerThreads() === before) return;
    stopOcr();
    stopDino();
  },
  workerThreads,
  setOcrEngine: (choice) => chooseOcrEngine(choice),
  ocrEngineId,
});
