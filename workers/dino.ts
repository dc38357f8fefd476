// DINOv2 worker: preprocessing (workers/dino-preprocess.ts, PIL-exact) and the ONNX model in
// onnxruntime-web. WebGPU when the worker's navigator.gpu gives an adapter, else WASM
// (multi-threaded only when the page is cross-origin isolated). The runtime's glue and wasm
// are served by the app under vendor/ort/ (scripts/vendor-assets.mjs); never a CDN.
import { expose, transfer } from 'comlink';
import type * as Ort from 'onnxruntime-web';
// The same files the ort bundles reference, so Vite emits each once.
import ortJsepWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.jsep.wasm?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import { DINO_CROP, preprocessDino } from './dino-preprocess.ts';
import { halfPrecisionModel } from './onnx-half.ts';
import { int8Model } from './onnx-int8.ts';

import type { DinoPrecision } from '../src/shared/dino-id.ts';

export type DinoBackend = 'webgpu' | 'wasm';
export type DinoBackendChoice = DinoBackend | 'auto';

export interface DinoInit {
  /** Absolute URL of the app's vendor/ort/ folder (the runtime's glue module). */
  wasmBase: string;
  /** WASM threads wanted (the worker still drops to 1 without cross-origin isolation). */
  threads: number;
}

export interface DinoSessionInfo {
  backend: DinoBackend;
  threads: number;
  crossOriginIsolated: boolean;
  /** Why WebGPU is not used, when it is not. */
  webgpuUnavailable?: string;
  embeddingSize: number;
  loadMs: number;
  precision: DinoPrecision;
}

/** Decoded pixels, 4 bytes per pixel (RGBA), e.g. from a canvas or a Node decoder. */
export interface RgbaImage {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

export type DinoImage = Blob | ImageBitmap | RgbaImage;

let initialised: DinoInit | null = null;
/** The heavy part, loaded once per worker: the session and what it runs on. */
let session: Promise<{ s: Ort.InferenceSession; info: DinoSessionInfo; ort: typeof Ort }> | null = null;
const runtimes = new Map<DinoBackend, Promise<typeof Ort>>();

/**
 * The runtime build for a backend, loaded on first use: the WASM-only build (14 MB of wasm)
 * unless WebGPU is used, which needs the JSEP build (28 MB). Loading JSEP for WASM cost every
 * page that scores half of its runtime download and wasm compile (issue 20).
 */
const BUILDS: Record<DinoBackend, { load: () => Promise<typeof Ort>; glue: string; wasm: string }> = {
  webgpu: { load: () => import('onnxruntime-web'), glue: 'ort-wasm-simd-threaded.jsep.mjs', wasm: ortJsepWasmUrl },
  wasm: { load: () => import('onnxruntime-web/wasm'), glue: 'ort-wasm-simd-threaded.mjs', wasm: ortWasmUrl },
};

function runtime(backend: DinoBackend, cfg: DinoInit): Promise<typeof Ort> {
  let r = runtimes.get(backend);
  if (!r) {
    const build = BUILDS[backend];
    r = build.load().then((ort) => {
      ort.env.wasm.wasmPaths = {
        mjs: `${cfg.wasmBase.replace(/\/?$/, '/')}${build.glue}`,
        wasm: new URL(build.wasm, self.location.href).href,
      };
      // Already in a worker: a proxy worker would only add a hop.
      ort.env.wasm.proxy = false;
      ort.env.wasm.numThreads = self.crossOriginIsolated ? Math.max(1, cfg.threads) : 1;
      return ort;
    });
    runtimes.set(backend, r);
  }
  return r;
}

async function webgpuAdapter(): Promise<string | null> {
  const gpu = (navigator as typeof navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  if (!gpu) return 'navigator.gpu is missing (WebGPU disabled or unsupported)';
  try {
    return (await gpu.requestAdapter()) ? null : 'navigator.gpu.requestAdapter() returned no adapter';
  } catch (e) {
    return `requestAdapter failed: ${String(e)}`;
  }
}

async function createSession(
  original: Uint8Array,
  choice: DinoBackendChoice,
  precision: DinoPrecision,
): Promise<{ s: Ort.InferenceSession; info: DinoSessionInfo; ort: typeof Ort }> {
  if (!initialised) throw new Error('dino worker: loadModel() before init()');
  const t0 = performance.now();
  let bytes = original;
  if (precision !== 'float32') {
    try {
      bytes = precision === 'float16' ? halfPrecisionModel(original, { inPlace: true }).bytes : int8Model(original).bytes;
    } catch (err) {
      throw new Error(
        `The DINO model could not be turned into its ${precision} form: ${err instanceof Error ? err.message : String(err)}`,
        {
          cause: err,
        },
      );
    }
  }
  const gpuProblem = choice === 'wasm' ? 'WASM was requested' : await webgpuAdapter();
  if (choice === 'webgpu' && gpuProblem) throw new Error(`WebGPU was requested but is unavailable: ${gpuProblem}`);
  const backend: DinoBackend = gpuProblem ? 'wasm' : 'webgpu';
  const ort = await runtime(backend, initialised);
  const s = await ort.InferenceSession.create(bytes, { executionProviders: [backend], graphOptimizationLevel: 'all' });
  if (!s.inputNames.includes('pixel_values') || !s.outputNames.includes('last_hidden_state')) {
    throw new Error(
      `The ONNX model has inputs [${s.inputNames.join(', ')}] and outputs [${s.outputNames.join(', ')}]; a DINOv2 export needs input "pixel_values" and output "last_hidden_state".`,
    );
  }
  // One dry run learns the embedding width and warms the kernels (WebGPU compiles shaders here).
  const probe = await s.run({
    pixel_values: new ort.Tensor('float32', new Float32Array(3 * DINO_CROP * DINO_CROP), [1, 3, DINO_CROP, DINO_CROP]),
  });
  const out = probe.last_hidden_state;
  if (!out || out.dims.length !== 3)
    throw new Error(`last_hidden_state has shape [${out?.dims.join(', ') ?? ''}]; expected [N, tokens, D].`);
  const info: DinoSessionInfo = {
    backend,
    threads: ort.env.wasm.numThreads ?? 1,
    crossOriginIsolated: self.crossOriginIsolated,
    embeddingSize: out.dims[2] as number,
    loadMs: performance.now() - t0,
    precision,
  };
  if (gpuProblem) info.webgpuUnavailable = gpuProblem;
  return { s, info, ort };
}

async function pixels(image: DinoImage): Promise<RgbaImage> {
  if (!(image instanceof Blob) && !(image instanceof ImageBitmap)) return image;
  // Screenshots carry no colour profile worth honouring and PIL ignores it: take the bytes as stored.
  const bitmap = image instanceof Blob ? await createImageBitmap(image, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' }) : image;
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('dino worker: no 2d context on OffscreenCanvas');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return { data, width: canvas.width, height: canvas.height };
}

const api = {
  init(cfg: DinoInit): void {
    if (initialised) return;
    initialised = cfg;
  },

  /** Replaces the model; the bytes are transferred in. */
  async loadModel(bytes: ArrayBuffer, backend: DinoBackendChoice = 'auto', precision: DinoPrecision = 'float32'): Promise<DinoSessionInfo> {
    const old = session;
    session = createSession(new Uint8Array(bytes), backend, precision);
    session.catch(() => {});
    if (old)
      await old.then(
        (o) => o.s.release(),
        () => {},
      );
    return (await session).info;
  },

  async info(): Promise<DinoSessionInfo | null> {
    return session ? (await session).info : null;
  },

  /** CLS embeddings (token 0 of last_hidden_state), one per image, in order. */
  async embed(images: DinoImage[]): Promise<{ embeddings: Float32Array[]; ms: number; info: DinoSessionInfo }> {
    if (!session) throw new Error('dino worker: embed() before loadModel()');
    const { s, info, ort } = await session;
    const t0 = performance.now();
    const embeddings: Float32Array[] = [];
    for (const image of images) {
      const input = preprocessDino(await pixels(image));
      const out = await s.run({ pixel_values: new ort.Tensor('float32', input, [1, 3, DINO_CROP, DINO_CROP]) });
      const hidden = out.last_hidden_state;
      if (!hidden) throw new Error('dino worker: the model returned no last_hidden_state');
      const d = hidden.dims[2] as number;
      const data = (await hidden.getData()) as Float32Array;
      embeddings.push(data.slice(0, d));
      hidden.dispose();
    }
    return transfer(
      { embeddings, ms: performance.now() - t0, info },
      embeddings.map((e) => e.buffer as ArrayBuffer),
    );
  },
};

export type DinoWorkerApi = typeof api;
expose(api);
