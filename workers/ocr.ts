// OCR worker: a pool of tesseract.js engines (one per core, at most 4) behind one
// scheduler. Everything it loads is served by the app under vendor/tesseract/ (see
// scripts/vendor-assets.mjs): the engine's own worker script, the wasm core and the
// English `4.0.0_best_int` data. No CDN is ever contacted.
import { expose } from 'comlink';
import Tesseract from 'tesseract.js';
import { encodeBmp } from './ocr-bmp.ts';

export interface OcrConfig {
  /** Absolute URL of the app's vendor/tesseract/ folder. */
  vendorBase: string;
  /** Engines in the pool; the bridge sizes it to the cores (1..4). */
  poolSize: number;
  /** Another folder of English data (default: vendor/tesseract/lang/, 4.0.0_best_int gzipped). */
  langPath?: string;
  /** Whether that folder's file is eng.traineddata.gz (default true). */
  gzip?: boolean;
  /** Page segmentation mode (default 3, automatic layout). */
  psm?: number;
}

export interface OcrResult {
  /** Tesseract's raw text (lines separated by newlines). */
  raw: string;
  ms: number;
}

export type OcrImage = ImageBitmap | Blob | ArrayBuffer;

let pool: Promise<Tesseract.Scheduler> | null = null;

/**
 * How long one engine may take to start. tesseract.js 7 does not settle createWorker when the
 * language data fails to initialise (a damaged or cut-off file): without an error handler it
 * throws inside its message handler, which ends this worker with a bare "input buffer is
 * broken"; with one, the start fails here with what to do. The timeout covers a start that
 * never answers at all.
 */
const START_TIMEOUT_MS = 120_000;

function startFailed(cause: unknown): Error {
  const why = cause instanceof Error ? cause.message : String(cause);
  return new Error(
    `The OCR engine could not start (${why}). Its files are served by the app under vendor/tesseract/; a damaged or incomplete copy (an interrupted download kept by the browser) causes this: reload, or clear this site's data.`,
  );
}

async function startPool(cfg: OcrConfig): Promise<Tesseract.Scheduler> {
  const scheduler = Tesseract.createScheduler();
  const base = cfg.vendorBase.replace(/\/?$/, '/');
  const start = () =>
    new Promise<Tesseract.Worker>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const timer = setTimeout(() => settle(() => reject(startFailed(`no answer in ${START_TIMEOUT_MS / 1000} s`))), START_TIMEOUT_MS);
      Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
        workerPath: `${base}worker.min.js`,
        // A folder: tesseract.js picks the relaxed-SIMD, SIMD or plain LSTM build itself.
        corePath: base,
        langPath: cfg.langPath?.replace(/\/$/, '') ?? `${base}lang`,
        gzip: cfg.gzip ?? true,
        // The data is served by the app and kept by the HTTP cache; caching it again in
        // IndexedDB would only add a copy.
        cacheMethod: 'none',
        // A blob worker would need importScripts of an absolute URL; a direct one is simpler.
        workerBlobURL: false,
        // Failures while starting end the start; later ones reject their own job as well.
        errorHandler: (e: unknown) => settle(() => reject(startFailed(e))),
      }).then(
        (w) => settle(() => resolve(w)),
        (e: unknown) => settle(() => reject(startFailed(e))),
      );
    });
  // The first engine alone, then the others: started together, each would download the core
  // (3.8 MB) and the language data (2.9 MB) before any response is in the HTTP cache.
  const first = await start();
  const workers = [first, ...(await Promise.all(Array.from({ length: cfg.poolSize - 1 }, start)))];
  for (const w of workers) {
    await w.setParameters({
      // The C++ API defaults to one uniform block (PSM 6); the tesseract CLI and a whole web
      // page want automatic layout analysis (PSM 3), which also keeps the bench comparable.
      // (Another mode only when asked: the CLI's --ocr-psm.)
      tessedit_pageseg_mode: String(cfg.psm ?? 3) as Tesseract.PSM,
      // Tesseract's diagnostics ("Estimating resolution as 189" for every image without a
      // DPI) reach the console as errors; the recognition itself does not read this file.
      debug_file: '/dev/null',
    });
    scheduler.addWorker(w);
  }
  return scheduler;
}

async function toBytes(image: OcrImage): Promise<Uint8Array | Blob> {
  if (image instanceof ArrayBuffer) return new Uint8Array(image);
  if (image instanceof Blob) return image;
  // Decoded pixels: an uncompressed BMP is the cheapest format leptonica reads.
  const canvas = new OffscreenCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('ocr worker: no 2d context on OffscreenCanvas');
  ctx.drawImage(image, 0, 0);
  image.close();
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return encodeBmp(data, canvas.width, canvas.height);
}

const api = {
  async init(cfg: OcrConfig): Promise<number> {
    pool ??= startPool(cfg);
    return (await pool).getNumWorkers();
  },
  async recognize(image: OcrImage): Promise<OcrResult> {
    if (!pool) throw new Error('ocr worker: recognize() before init()');
    const scheduler = await pool;
    const t0 = performance.now();
    const input = await toBytes(image);
    // tesseract.js's ImageLike type omits Uint8Array, which its loader accepts as encoded bytes.
    const { data } = await scheduler.addJob('recognize', input as unknown as Blob);
    return { raw: data.text, ms: performance.now() - t0 };
  },
};

export type OcrWorkerApi = typeof api;
expose(api);
