// The app side of workers/ocr.ts. OCR text is joined and lower-cased here with the same
// pure function the tests use (src/engines/ocr-sim.ts), so the worker stays a thin engine.
import { transfer } from 'comlink';
import type { OcrImage, OcrWorkerApi } from '../../workers/ocr.ts';
import { WorkerBridge } from './worker-bridge.ts';
import { joinOcrText } from './ocr-sim.ts';
import { workerThreads } from './threads.ts';
import { OCR_PSMS, type OcrPsm } from '../shared/ocr-id.ts';

/** The English data the app ships (vendor/tesseract/lang/): tessdata_best, integerised. */
export const DEFAULT_OCR_DATA = '4.0.0_best_int';

/** Other English data (a folder URL holding eng.traineddata, or .gz) and page segmentation. */
export interface OcrEngineChoice {
  data?: { id: string; folderUrl: string; gzip: boolean } | null;
  psm?: OcrPsm;
}

let chosen: { data: OcrEngineChoice['data']; psm: OcrPsm } = { data: null, psm: 3 };

/**
 * The engine in force: caches are keyed by it and eval.json records it; change it when the
 * engine or the shipped data change. Default: tesseract.js@7+eng-4.0.0_best_int+psm3.
 */
export function ocrEngineId(): string {
  return `tesseract.js@7+eng-${chosen.data?.id ?? DEFAULT_OCR_DATA}+psm${chosen.psm}`;
}

/**
 * This page's OCR data and page segmentation from now on (the CLI's --ocr-data, --ocr-psm).
 * A running pool ends, so the next call starts with them. Not the default: every score made
 * so records its engine id, and only the same engine's scores compare.
 */
export function chooseOcrEngine(c: OcrEngineChoice): void {
  const psm = c.psm ?? 3;
  if (!OCR_PSMS.includes(psm)) throw new RangeError(`OCR page segmentation: expected one of ${OCR_PSMS.join(', ')}, got ${String(psm)}`);
  if (c.data && !/^[\w.:-]+$/.test(c.data.id)) throw new RangeError(`OCR data id: letters, digits and . _ : - only, got ${c.data.id}`);
  chosen = { data: c.data ?? null, psm };
  bridge.terminate();
}

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
    ocrStats.engines = await api.init({
      vendorBase: new URL('vendor/tesseract/', document.baseURI).href,
      poolSize: ocrPoolSize(),
      psm: chosen.psm,
      ...(chosen.data ? { langPath: chosen.data.folderUrl, gzip: chosen.data.gzip } : {}),
    });
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
  const engine = ocrEngineId();
  const res = await bridge.call(signal, (api) => api.recognize(payload));
  return { text: joinOcrText(res.raw), engine, ms: res.ms };
}

export function stopOcr(): void {
  bridge.terminate();
}
