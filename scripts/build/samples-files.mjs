// Files the built app derives from the sample suite at build time, so the app never has to
// guess at them over HTTP:
//   samples/dataset/manifest.json  every file of the samples' dataset, as paths relative to
//                                  it (the URL source's listing format, src/sources/url.ts),
//                                  so opening a sample task requests only files that exist.
// The build emits them as assets; the dev server answers the same paths.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listFiles } from '../serve.mjs';

const datasetDir = fileURLToPath(new URL('../../public/samples/dataset/', import.meta.url));

/** URL path under the app root -> () => file contents. */
export function samplesDerivedFiles() {
  if (!existsSync(datasetDir)) return {};
  return {
    'samples/dataset/manifest.json': () => `${JSON.stringify(listFiles(datasetDir))}\n`,
  };
}

/** @returns {import('vite').Plugin} */
export function samplesFiles() {
  return {
    name: 'iwr-samples-files',
    generateBundle() {
      for (const [fileName, make] of Object.entries(samplesDerivedFiles())) this.emitFile({ type: 'asset', fileName, source: make() });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        const make = /** @type {Record<string, () => string | Uint8Array>} */ (samplesDerivedFiles())[path];
        if (!make) return next();
        res.setHeader('content-type', path.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        res.end(make());
      });
    },
  };
}
