// Task assets: each samples-src/<task>/assets/asset_NNN.svg is rasterised by Chromium into
// data/<id>/assets/asset_NNN.png at the SVG's own width and height; then the contact sheets.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { taskDataDir } from './sources.mjs';

/** @param {string} dataUrl */
const pngBytes = (dataUrl) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

/**
 * @param {import('playwright-core').Page} page  any page (about:blank is enough)
 * @param {import('./sources.mjs').SampleSource} task
 * @returns {Promise<string[]>} the written file names
 */
export async function renderAssets(page, task) {
  const outDir = join(taskDataDir(task.id), 'assets');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  /** @type {string[]} */
  const names = [];
  for (const file of task.assetSources) {
    const svg = readFileSync(file, 'utf8');
    const size = /<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"/.exec(svg);
    if (!size) throw new Error(`${file}: the <svg> element needs integer width and height attributes`);
    const dataUrl = await page.evaluate(
      async ([text, w, h]) => {
        const img = new Image();
        img.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(text)))}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
        ctx.drawImage(img, 0, 0, w, h);
        return canvas.toDataURL('image/png');
      },
      /** @type {[string, number, number]} */ ([svg, Number(size[1]), Number(size[2])]),
    );
    const name = basename(file).replace(/\.svg$/, '.png');
    writeFileSync(join(outDir, name), pngBytes(dataUrl));
    names.push(name);
  }
  return names;
}

// Contact sheets in the official spirit: a white page of thumbnails, each with its file name
// under it, so a model can tie what it sees to the name it must write.
const SHEET = { columns: 4, rows: 3, cell: 240, label: 26, pad: 16 };

/**
 * @param {import('playwright-core').Page} page
 * @param {number} id
 * @param {string} baseUrl  where /dataset/ is served
 * @returns {Promise<string[]>}
 */
export async function renderSheets(page, id, baseUrl) {
  const dir = taskDataDir(id);
  const outDir = join(dir, 'stitched_assets');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const names = readdirSync(join(dir, 'assets'))
    .filter((f) => f.endsWith('.png'))
    .sort();
  const perSheet = SHEET.columns * SHEET.rows;
  /** @type {string[]} */
  const written = [];
  for (let s = 0; s * perSheet < names.length; s++) {
    const chunk = names.slice(s * perSheet, (s + 1) * perSheet);
    const urls = chunk.map((n) => `${baseUrl}dataset/data/${id}/assets/${n}`);
    const dataUrl = await page.evaluate(async ([files, srcs, layout]) => {
      const rows = Math.ceil(files.length / layout.columns);
      const cols = Math.min(files.length, layout.columns);
      const canvas = document.createElement('canvas');
      canvas.width = layout.pad + cols * (layout.cell + layout.pad);
      canvas.height = layout.pad + rows * (layout.cell + layout.label + layout.pad);
      const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < files.length; i++) {
        const img = new Image();
        img.src = srcs[i] ?? '';
        await img.decode();
        const x = layout.pad + (i % layout.columns) * (layout.cell + layout.pad);
        const y = layout.pad + Math.floor(i / layout.columns) * (layout.cell + layout.label + layout.pad);
        const scale = Math.min(1, layout.cell / img.naturalWidth, layout.cell / img.naturalHeight);
        const w = Math.round(img.naturalWidth * scale);
        const h = Math.round(img.naturalHeight * scale);
        ctx.fillStyle = '#eef0f3';
        ctx.fillRect(x, y, layout.cell, layout.cell);
        ctx.drawImage(img, x + Math.floor((layout.cell - w) / 2), y + Math.floor((layout.cell - h) / 2), w, h);
        ctx.strokeStyle = '#c5cad3';
        ctx.strokeRect(x + 0.5, y + 0.5, layout.cell - 1, layout.cell - 1);
        ctx.fillStyle = '#111111';
        ctx.font = '16px "DejaVu Sans Mono", monospace';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(files[i] ?? '', x + layout.cell / 2, y + layout.cell + layout.label / 2 + 2);
      }
      return canvas.toDataURL('image/png');
    }, /** @type {[string[], string[], typeof SHEET]} */ ([chunk, urls, SHEET]));
    const name = `stitched_image_${s + 1}.png`;
    writeFileSync(join(outDir, name), pngBytes(dataUrl));
    written.push(name);
  }
  return written;
}
