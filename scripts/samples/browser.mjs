// One headless system Chromium for the whole pipeline, plus a static server that exposes the
// sources (/src/) and the generated dataset (/dataset/) so pages load their assets over HTTP.
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium, NO_BROWSER_MESSAGE } from '../find-chromium.mjs';
import { startServer } from '../serve.mjs';
import { datasetDir, repoRoot, sourcesDir } from './sources.mjs';

/**
 * @param {{ appDist?: string }} [opts]  appDist: a built app to serve at / (for window.iwr)
 */
export async function openPipelineBrowser(opts = {}) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_BROWSER_MESSAGE);
  const server = await startServer({
    root: opts.appDist ?? `${repoRoot}public`,
    mounts: { '/src/': sourcesDir, '/dataset/': datasetDir },
  });
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs() });
  return {
    browser,
    url: server.url,
    async close() {
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

/** The placeholder every candidate page uses for its assets (IWR-SPEC "Generation"). */
export const PLACEHOLDER = '__PLACEHOLDER_ASSETS_BASE_DIR__';

/**
 * A candidate page with its asset placeholder pointed at the task's generated PNGs.
 * @param {string} html @param {string} baseUrl @param {number} id
 */
export const withAssets = (html, baseUrl, id) => html.split(PLACEHOLDER).join(`${baseUrl}dataset/data/${id}/assets`);
