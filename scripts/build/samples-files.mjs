// Files the built app derives from the sample suite at build time, so the app never has to
// guess at them over HTTP nor download full screenshots to show small pictures:
//   samples/dataset/manifest.json  every file of the samples' dataset, as paths relative to
//                                  it (the URL source's listing format, src/sources/url.ts),
//                                  so opening a sample task requests only files that exist;
//   assets/thumbs/<id>-<hash>.jpg  each task's gallery picture (checkpoint 0, thumbnail.mjs),
//                                  named after its content like the build's other assets;
//   virtual:iwr-sample-thumbs      task id -> that file's path, for the gallery.
// The build emits them as assets; the dev server answers the same paths.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listFiles } from '../serve.mjs';
import { thumbnailJpeg } from './thumbnail.mjs';

const datasetDir = fileURLToPath(new URL('../../public/samples/dataset/', import.meta.url));
// Thumbnails take a few seconds to encode; builds (every browser test run makes one) reuse them.
const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/iwr-thumbs/', import.meta.url));
const encoder = readFileSync(fileURLToPath(new URL('./thumbnail.mjs', import.meta.url)));
const VIRTUAL = 'virtual:iwr-sample-thumbs';

const sha = (/** @type {Uint8Array} */ bytes) => createHash('sha256').update(bytes).digest('hex');

/** @param {Uint8Array} png */
function cachedThumbnail(png) {
  const file = `${cacheDir}${sha(Buffer.concat([encoder, png]))}.jpg`;
  if (existsSync(file)) return readFileSync(file);
  const jpeg = thumbnailJpeg(png);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, jpeg);
  return jpeg;
}

/** @returns {Record<string, () => string | Uint8Array>} URL path under the app root -> its contents */
export function samplesDerivedFiles() {
  if (!existsSync(datasetDir)) return {};
  const files = listFiles(datasetDir);
  /** @type {Record<string, () => string | Uint8Array>} */
  const out = { 'samples/dataset/manifest.json': () => `${JSON.stringify(files)}\n` };
  for (const { path } of sampleThumbs(files)) out[path.file] = path.make;
  return out;
}

/** @param {string[]} files */
function sampleThumbs(files) {
  return files.flatMap((f) => {
    const id = /^data\/([^/]+)\/checkpoints\/step_0\.png$/.exec(f)?.[1];
    if (!id) return [];
    const jpeg = cachedThumbnail(readFileSync(datasetDir + f));
    return [{ id, path: { file: `assets/thumbs/${id}-${sha(jpeg).slice(0, 10)}.jpg`, make: () => jpeg } }];
  });
}

/** @returns {import('vite').Plugin} */
export function samplesFiles() {
  return {
    name: 'iwr-samples-files',
    resolveId: (source) => (source === VIRTUAL ? `\0${VIRTUAL}` : undefined),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined;
      const thumbs = existsSync(datasetDir) ? sampleThumbs(listFiles(datasetDir)) : [];
      return `export default ${JSON.stringify(Object.fromEntries(thumbs.map((t) => [t.id, t.path.file])))};`;
    },
    generateBundle() {
      for (const [fileName, make] of Object.entries(samplesDerivedFiles())) this.emitFile({ type: 'asset', fileName, source: make() });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        if (path !== 'samples/dataset/manifest.json' && !path.startsWith('assets/thumbs/')) return next();
        const make = samplesDerivedFiles()[path];
        if (!make) return next();
        res.setHeader('content-type', path.endsWith('.json') ? 'application/json' : 'image/jpeg');
        res.end(make());
      });
    },
  };
}
