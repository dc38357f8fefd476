// The four candidates of each task in the official results layout: results/<id>/<model>/index.html.
// `static-lookalike` is derived from the reference: its DOM once loaded, with every script
// and inline handler removed, so it looks the same and does nothing (a task folder may
// override it with its own static-lookalike.html).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLACEHOLDER, withAssets } from './browser.mjs';
import { MODELS, resultsDir } from './sources.mjs';
import { hashSeed, sfc32 } from '../../src/shared/prng.ts';

/** @param {string} s */
const parseResolution = (s) => {
  const m = /^(\d+)x(\d+)$/.exec(s);
  if (!m) throw new Error(`resolution "${s}" is not WIDTHxHEIGHT`);
  return { width: Number(m[1]), height: Number(m[2]) };
};
export { parseResolution };

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./sources.mjs').SampleSource} task
 * @param {string} baseUrl
 */
async function deriveLookalike(browser, task, baseUrl) {
  const own = join(task.dir, 'static-lookalike.html');
  if (existsSync(own)) return readFileSync(own, 'utf8');
  const context = await browser.newContext({ viewport: parseResolution(task.record.recording_details.resolution) });
  try {
    // Seeded as the replay seeds it, so a page that draws random tiles (2048) gives the same
    // lookalike on every regeneration.
    // (__name: the helper tsx's transpiler puts into function sources.)
    await context.addInitScript({
      content: `{ const __name = (f) => f; Math.random = (${sfc32.toString()})(${hashSeed(`samples/${task.id}|static-lookalike`)}); }`,
    });
    const page = await context.newPage();
    const html = withAssets(readFileSync(join(task.dir, 'reference.html'), 'utf8'), baseUrl, task.id);
    await page.route('**/__candidate__.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(`${baseUrl}__candidate__.html`, { waitUntil: 'load' });
    const snapshot = await page.evaluate(() => {
      for (const s of Array.from(document.querySelectorAll('script'))) s.remove();
      for (const el of Array.from(document.querySelectorAll('*'))) {
        for (const attr of Array.from(el.attributes)) if (/^on/i.test(attr.name)) el.removeAttribute(attr.name);
      }
      return `<!DOCTYPE html>\n${document.documentElement.outerHTML}\n`;
    });
    return snapshot.split(`${baseUrl}dataset/data/${task.id}/assets`).join(PLACEHOLDER);
  } finally {
    await context.close();
  }
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./sources.mjs').SampleSource} task
 * @param {string} baseUrl
 * @returns {Promise<Record<string, string>>} model -> html
 */
export async function writeCandidates(browser, task, baseUrl) {
  /** @type {Record<string, string>} */
  const pages = {
    reference: readFileSync(join(task.dir, 'reference.html'), 'utf8'),
    'static-lookalike': await deriveLookalike(browser, task, baseUrl),
    partial: readFileSync(join(task.dir, 'partial.html'), 'utf8'),
    broken: readFileSync(join(task.dir, 'broken.html'), 'utf8'),
  };
  const dir = join(resultsDir, String(task.id));
  rmSync(dir, { recursive: true, force: true });
  for (const model of MODELS) {
    mkdirSync(join(dir, model), { recursive: true });
    writeFileSync(join(dir, model, 'index.html'), pages[model] ?? '');
  }
  return pages;
}

/**
 * Full-page screenshots of every candidate, for a person to look at (not committed).
 * @param {import('playwright-core').Browser} browser
 * @param {import('./sources.mjs').SampleSource} task
 * @param {Record<string, string>} pages
 * @param {string} baseUrl
 * @param {string} outDir
 */
export async function previewCandidates(browser, task, pages, baseUrl, outDir) {
  mkdirSync(outDir, { recursive: true });
  for (const [model, html] of Object.entries(pages)) {
    const context = await browser.newContext({ viewport: parseResolution(task.record.recording_details.resolution) });
    const page = await context.newPage();
    const errors = /** @type {string[]} */ ([]);
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/__candidate__.html', (route) =>
      route.fulfill({ contentType: 'text/html', body: withAssets(html, baseUrl, task.id) }),
    );
    await page.goto(`${baseUrl}__candidate__.html`, { waitUntil: 'load' });
    await page.screenshot({ path: join(outDir, `${task.id}-${model}.png`), fullPage: true });
    if (errors.length) console.warn(`samples: task ${task.id} ${model}: page errors: ${errors.join('; ')}`);
    await context.close();
  }
}
