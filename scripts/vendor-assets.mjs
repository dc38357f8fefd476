// Copies runtime files that libraries fetch by name at run time (the OCR engine, its
// English data, the ONNX Runtime wasm) into the app under `vendor/`, so the app never
// reaches a CDN. The build emits them as assets; the dev server serves them from
// node_modules under the same paths.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const nm = fileURLToPath(new URL('../node_modules/', import.meta.url));

/** URL path under the app root -> file in node_modules. */
export const VENDOR_FILES = {
  // tesseract.js spawns this classic worker itself; workerPath points here.
  'vendor/tesseract/worker.min.js': 'tesseract.js/dist/worker.min.js',
  // corePath is this folder: tesseract.js picks relaxed-SIMD, SIMD or plain by feature
  // detection, and only the LSTM engine is used (OEM 1), so the legacy builds are left out.
  'vendor/tesseract/tesseract-core-lstm.wasm.js': 'tesseract.js-core/tesseract-core-lstm.wasm.js',
  'vendor/tesseract/tesseract-core-simd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
  'vendor/tesseract/tesseract-core-relaxedsimd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm.js',
  // langPath: the integerised LSTM model, gzipped (tesseract.js gunzips it).
  'vendor/tesseract/lang/eng.traineddata.gz': '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
  // ort.env.wasm.wasmPaths.mjs: the runtime's glue, the WASM-only build's and the JSEP
  // build's (WebGPU); loaded as its own module so its pthread workers start from its URL,
  // not from the app's worker chunk. The .wasm files are not copied: Vite already emits them
  // as hashed assets (the ort bundles reference them with `new URL(..., import.meta.url)`)
  // and workers/dino.ts points at those.
  'vendor/ort/ort-wasm-simd-threaded.mjs': 'onnxruntime-web/dist/ort-wasm-simd-threaded.mjs',
  'vendor/ort/ort-wasm-simd-threaded.jsep.mjs': 'onnxruntime-web/dist/ort-wasm-simd-threaded.jsep.mjs',
};

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.gz': 'application/gzip' };

/** @returns {import('vite').Plugin} */
export function vendorAssets() {
  return {
    name: 'iwr-vendor-assets',
    generateBundle() {
      for (const [fileName, from] of Object.entries(VENDOR_FILES)) {
        const path = nm + from;
        if (!existsSync(path)) this.error(`vendor-assets: ${path} is missing (is the package installed?)`);
        this.emitFile({ type: 'asset', fileName, source: readFileSync(path) });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        const from = /** @type {Record<string, string>} */ (VENDOR_FILES)[path];
        if (!from) return next();
        const ext = path.slice(path.lastIndexOf('.'));
        res.setHeader('content-type', /** @type {Record<string, string>} */ (TYPES)[ext] ?? 'application/octet-stream');
        createReadStream(nm + from).pipe(res);
      });
    },
  };
}
