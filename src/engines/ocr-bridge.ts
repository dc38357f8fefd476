// The app side of workers/ocr.ts. OCR text is joined and lower-cased here with the same
// pure function the tests use (src/engines/ocr-sim.ts), so the worker stays a thin engine.
import { transfer } from 'comlink';
import type { OcrImage, OcrWorkerApi } from '../../workers/ocr.ts';
import { WorkerBridge } from './worker-bridge.ts';
import { joinOcrText } from './ocr-sim.ts';
import { workerThreads } from './threads.ts';

/** Identifies the OCR engine in caches and score records; change it when the engine or data change. */
export const OCR_ENGINE_ID = 'tesseract.js@7+eng-4.0.0_best_int+psm3';

/** Engines in the OCR pool: the page's worker threads (src/engines/threads.ts). */
export function ocrPoolSize(): number {
  return workerThreads();
}

/** Calls made, and the engines of the OCR pool when it last started (0 before its first use). */
export const ocrStats = { calls: 0, engines: 0 };

const bridge = new WorkerBridge<OcrWorkerApi>({
  name: 'OCR',
  create: () => new Worker(new URL('../../workers/ocr.ts', import.meta.url), { type: 'module', name: 'iwr-ocr' }),
  idleMs: 60_000,
  async setup(api) {
    ocrStats.engines = await api.init({ vendorBase: new URL('vendor/tesseract/', document.baseURI).href, poolSize: ocrPoolSize() });
  },
});

export interface OcrText {
  /** Pieces joined with single spaces and lower-cased, as the official harness scores it. */
  text: string;
  engine: string;
  ms: number;
}

/** OCR of one image in the worker pool. ArrayBuffers and ImageBitmaps are transferred. */
export async function recognizeText(signal: AbortSignal | undefined, image: OcrImage): Promise<OcrText> {
  ocrStats.calls++;
  const payload =
    image instanceof ArrayBuffer || (typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap) ? transfer(image, [image]) : image;
  const res = await bridge.call(signal, (api) => api.recognize(payload));
  return { text: joinOcrText(res.raw), engine: OCR_ENGINE_ID, ms: res.ms };
}

export function stopOcr(): void {
  bridge.terminate();
}
