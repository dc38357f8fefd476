// The app side of workers/dino.ts: which model is loaded, and embeddings tagged with the
// model's id and hash so every DINO score can say what produced it.
import { transfer } from 'comlink';
import type { DinoBackendChoice, DinoImage, DinoSessionInfo, DinoWorkerApi } from '../../workers/dino.ts';
import { WorkerBridge } from './worker-bridge.ts';
import { cosineClipped } from './cosine.ts';
import { workerThreads } from './threads.ts';
import { getDinoSetting } from '../data/models.ts';
import { DEFAULT_DINO_MODEL_URL, type DinoPrecision } from '../shared/dino-id.ts';
import {
  DinoModelUnavailableError,
  resolveModelBytes,
  resolveModelUrl,
  type DinoModelInfo,
  type DownloadProgress,
  type ResolvedModel,
} from './dino-model.ts';

export type { DinoBackendChoice, DinoSessionInfo, DinoPrecision };

export const dinoStats = { embedded: 0 };

let current: { model: ResolvedModel; backend: DinoBackendChoice; precision: DinoPrecision } | null = null;
let lastInfo: DinoSessionInfo | null = null;
/** Set for this page by setDinoPrecision (the CLI's --dino-precision); else the setting decides. */
let chosenPrecision: DinoPrecision | null = null;

const bridge = new WorkerBridge<DinoWorkerApi>({
  name: 'DINO',
  create: () => new Worker(new URL('../../workers/dino.ts', import.meta.url), { type: 'module', name: 'iwr-dino' }),
  // Reloading a 350 MB model costs seconds: keep an idle worker longer than the OCR pool.
  idleMs: 180_000,
  async setup(api) {
    await api.init({ wasmBase: new URL('vendor/ort/', document.baseURI).href, threads: workerThreads() });
    // A fresh worker (first use, or after an abort or idle end) gets the current model again.
    if (current) {
      const buf = await current.model.bytes.arrayBuffer();
      lastInfo = await api.loadModel(transfer(buf, [buf]), current.backend, current.precision);
    }
  },
});

export interface LoadModelOptions {
  backend?: DinoBackendChoice;
  /** Default: setDinoPrecision's choice, else Settings, else float32. */
  precision?: DinoPrecision;
  modelId?: string;
  /** Keep a URL's download in IndexedDB (default true). */
  keep?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: DownloadProgress) => void;
}

export interface LoadedDino {
  model: DinoModelInfo;
  session: DinoSessionInfo;
  fromCache: boolean;
}

function infoOf(m: ResolvedModel, precision: DinoPrecision): DinoModelInfo {
  return { modelId: m.modelId, sha256: m.sha256, size: m.size, source: m.source, precision };
}

async function precisionWanted(): Promise<DinoPrecision> {
  if (chosenPrecision) return chosenPrecision;
  return (await getDinoSetting().catch(() => null))?.precision ?? 'float32';
}

async function activate(
  model: ResolvedModel,
  backend: DinoBackendChoice,
  precision: DinoPrecision,
  signal: AbortSignal | undefined,
): Promise<DinoSessionInfo> {
  const previous = current;
  current = { model, backend, precision };
  try {
    const wasRunning = bridge.running;
    const info = await bridge.call(signal, async (api) => {
      // A worker started by this call already loaded `current` in setup.
      if (!wasRunning && lastInfo) return lastInfo;
      const buf = await model.bytes.arrayBuffer();
      return api.loadModel(transfer(buf, [buf]), backend, precision);
    });
    lastInfo = info;
    return info;
  } catch (err) {
    current = previous;
    bridge.terminate();
    throw err;
  }
}

/** Loads a model from a URL (kept in IndexedDB after the first download) or from bytes / a local file. */
export async function loadDino(
  source: { url: string } | { bytes: Blob | ArrayBuffer | Uint8Array; name?: string },
  opts: LoadModelOptions = {},
): Promise<LoadedDino> {
  lastInfo = null;
  const precision = opts.precision ?? (await precisionWanted());
  if ('url' in source) {
    const model = await resolveModelUrl(source.url, {
      ...(opts.modelId ? { modelId: opts.modelId } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      keep: opts.keep ?? true,
    });
    const session = await activate(model, opts.backend ?? 'auto', precision, opts.signal);
    return { model: infoOf(model, precision), session, fromCache: model.fromCache };
  }
  const name = source.name ?? (source.bytes instanceof File ? source.bytes.name : 'model.onnx');
  const model = await resolveModelBytes(source.bytes, name, opts.modelId);
  const session = await activate(model, opts.backend ?? 'auto', precision, opts.signal);
  return { model: infoOf(model, precision), session, fromCache: false };
}

/** The loaded model, or the configured one (default facebook/dinov2-base) from cache or network. */
export async function ensureDino(signal?: AbortSignal, onProgress?: (p: DownloadProgress) => void): Promise<DinoModelInfo> {
  if (current) return infoOf(current.model, current.precision);
  const setting = await getDinoSetting().catch(() => null);
  const url = setting?.url ?? DEFAULT_DINO_MODEL_URL;
  try {
    const loaded = await loadDino(
      { url },
      { ...(setting ? { modelId: setting.modelId } : {}), ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}) },
    );
    return loaded.model;
  } catch (err) {
    if (err instanceof DinoModelUnavailableError) throw err;
    throw new DinoModelUnavailableError(
      `The DINO model from ${url} could not be loaded: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
}

export interface Embeddings {
  embeddings: Float32Array[];
  model: DinoModelInfo;
  session: DinoSessionInfo;
  ms: number;
}

/** CLS embeddings of the images with the current model (loading the configured one if none). */
export async function embedImages(signal: AbortSignal | undefined, images: DinoImage[]): Promise<Embeddings> {
  const model = await ensureDino(signal);
  dinoStats.embedded += images.length;
  const res = await bridge.call(signal, (api) => api.embed(images));
  lastInfo = res.info;
  return { embeddings: res.embeddings, model, session: res.info, ms: res.ms };
}

export function dinoCosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return cosineClipped(a, b);
}

export function currentDino(): { model: DinoModelInfo; session: DinoSessionInfo | null } | null {
  return current ? { model: infoOf(current.model, current.precision), session: lastInfo } : null;
}

/**
 * The precision for this page from now on (the CLI's --dino-precision; Settings otherwise).
 * A model already loaded is loaded again in the new precision.
 */
export async function setDinoPrecision(precision: DinoPrecision, signal?: AbortSignal): Promise<void> {
  chosenPrecision = precision;
  if (current && current.precision !== precision) {
    lastInfo = await activate(current.model, current.backend, precision, signal);
  }
}

export function stopDino(): void {
  bridge.terminate();
}

/** Forgets the loaded model (Settings chose another): the next use loads the configured one. */
export function resetDino(): void {
  current = null;
  lastInfo = null;
  bridge.terminate();
}
