import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { vendorAssets } from './scripts/vendor-assets.mjs';
import { samplesFiles } from './scripts/build/samples-files.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string; description: string };

// `virtual:iwr-agent`: the in-page agent (src/agent/main.ts) bundled as one IIFE string,
// which the sandbox inlines in the frame's srcdoc (the opaque frame cannot fetch it).
// esbuild comes with tsx; `</script` is escaped so the string is safe inside <script>.
// IWR_AGENT_MINIFY=0 keeps the agent readable in CPU profiles of the frame.
function iwrAgent(): Plugin {
  const id = 'virtual:iwr-agent';
  return {
    name: 'iwr-agent',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const { build } = await import('esbuild');
      const entry = new URL('./src/agent/main.ts', import.meta.url).pathname;
      const out = await build({
        entryPoints: [entry],
        bundle: true,
        format: 'iife',
        write: false,
        minify: process.env.IWR_AGENT_MINIFY !== '0',
        target: 'es2022',
        metafile: true,
        logLevel: 'silent',
      });
      for (const input of Object.keys(out.metafile.inputs)) this.addWatchFile(new URL(input, new URL('./', import.meta.url)).pathname);
      const code = (out.outputFiles[0]?.text ?? '').replace(/<\/(script)/gi, '<\\/$1');
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

/** tesseract.js's cores for browsers without relaxed SIMD (it picks the core at run time). */
const TESSERACT_FALLBACK_CORES = ['tesseract-core-lstm.wasm.js', 'tesseract-core-simd-lstm.wasm.js'];

// The service worker (vite-plugin-pwa's generateSW: Workbox) that makes the app work offline
// after one visit. It precaches every file of the build (app shell, workers, tesseract's core
// and English data, onnxruntime-web's WASM-only build, the sample suite, the test DINO model)
// except what most browsers never fetch, kept in a runtime cache the first time it is fetched
// instead: the WebGPU (JSEP) build of onnxruntime-web (28 MB that only a WebGPU adapter uses)
// and tesseract's two fallback cores (plain and SIMD, 2.8 MB gzipped, for browsers without
// WebAssembly relaxed SIMD; Chromium and Firefox use the relaxed-SIMD core). Nothing else is
// routed: candidate frames are srcdoc documents of an opaque origin, and chat APIs, the DINO
// hub model and URL datasets are other origins' requests the worker lets through (the hub
// model is kept in IndexedDB by the app itself). Registration, the "offline ready" notice and
// the update prompt are src/ui/offline/; 'prompt' leaves the new version waiting until the
// visitor says.
function offline(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    // base './': the worker's scope is the folder it is served from, whatever the sub-path.
    scope: './',
    base: './',
    manifest: {
      name: 'IWR Studio',
      short_name: 'IWR Studio',
      description: pkg.description,
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#0f1115',
      theme_color: '#0f1115',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*'],
      globIgnores: ['**/*.jsep*', ...TESSERACT_FALLBACK_CORES.map((f) => `vendor/tesseract/${f}`), 'sw.js', 'workbox-*.js'],
      // onnxruntime-web's WASM-only build is 14 MB (3.5 MB gzipped).
      maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      // Vite names everything under assets/ after its content: no revision needed, and so the
      // precache fetches them through the HTTP cache ('default' mode, not 'reload'). The
      // manifest's URLs are relative ("assets/..."): a pattern needing a slash before "assets"
      // matched none of them, and the precache downloaded onnxruntime's WASM (3.5 MB gzipped)
      // a second time beside the page's own fetch on a first visit.
      dontCacheBustURLsMatching: /^assets\//,
      // Routes are hash routes: the only navigation is to the app's folder (index.html).
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      inlineWorkboxRuntime: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /\.jsep\.(m?js|wasm)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'iwr-webgpu-runtime', expiration: { maxEntries: 4 } },
        },
        {
          // Network first, not cache first: the URLs carry no version, and a core kept from an
          // older tesseract.js must not be served beside a newer worker script while online.
          // (The function is copied into sw.js as text: it can name nothing outside itself.)
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && /\/vendor\/tesseract\/tesseract-core-(simd-)?lstm\.wasm\.js$/.test(url.pathname),
          handler: 'NetworkFirst',
          options: { cacheName: 'iwr-ocr-fallback-runtime', expiration: { maxEntries: 2 } },
        },
      ],
    },
  }) as Plugin[];
}

// Browser test files that run on their own, after the others (see the 'browser-alone' project).
// The Firefox smoke test is here too: its run stalled in 3 of 9 tries with another file beside it.
const BROWSER_ALONE = [
  'tests/browser/capture-parity.test.ts',
  'tests/browser/cli-capture-parity.test.ts',
  'tests/browser/dino.test.ts',
  'tests/browser/firefox-smoke.test.ts',
];

// One config for the app build, the dev server and both test projects.
// `base: './'` keeps the build working from any static host sub-path (e.g. a project page).
export default defineConfig({
  base: './',
  plugins: [react(), vendorAssets(), samplesFiles(), iwrAgent(), offline()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    chunkSizeWarningLimit: 4096,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Some unit tests spawn the CLI (tsx start-up is seconds on a loaded 2-core machine).
          testTimeout: 60_000,
          // Vitest asks one worker count of the projects that run together (this and 'browser').
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          exclude: BROWSER_ALONE,
          environment: 'node',
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time: a replay spends most of its time in the official waits
          // (1 s after load, 0.5 s after each step), so one file's waits are the other's CPU.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-alone',
          include: BROWSER_ALONE,
          environment: 'node',
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Pixel-exact captures and the WebGPU-flagged browser: one Chromium at a time, after
          // the rest, so nothing else competes for the cores while they render.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
