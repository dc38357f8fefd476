// `npm run capture-parity [-- OPTIONS] [FILTER...]`: the capture-parity table (issue 14).
// Every page of the corpus (feature pages, tuning and held-out real pages) is opened in the
// built app's sandbox and captured by the DOM rasteriser and as real pixels, after load and
// after the official scroll; per capture: differing pixels (tolerance 48/255 and one pixel of
// shift), OCR similarity (the official formula) and DINO cosine with the project's test model.
// Options:
//   --splits feature,tuning,...,held-out-7  which parts (default all: PARITY_SPLITS in tests/support/capture-parity.ts)
//   --no-ocr, --no-dino                skip the slow measures
//   --save DIR                         write <split>/<page>-<state>-{dom,real,diff}.png
//   --json FILE                        write the rows as JSON
// IWR_TEST_DIST=<dir> reuses a build of the app instead of building one. Exit 0 when every
// capture is within the bounds, 1 otherwise.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, findChromium, NO_BROWSER_MESSAGE } from './find-chromium.mjs';
import { startServer } from './serve.mjs';
import {
  appViewport,
  capturePage,
  comparePixels,
  dinoParity,
  loadTestDino,
  ocrParity,
  parityPages,
  parityTable,
  verdict,
  PARITY_SPLITS,
  type ParityRow,
  type ParitySplit,
} from '../tests/support/capture-parity.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return false;
  args.splice(i, 1);
  return true;
};
const value = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const withOcr = !flag('--no-ocr');
const withDino = !flag('--no-dino');
const saveDir = value('--save');
const jsonFile = value('--json');
const splits = (value('--splits')?.split(',') ?? [...PARITY_SPLITS]) as ParitySplit[];
const filters = args;

const exe = findChromium();
if (!exe) {
  console.error(NO_BROWSER_MESSAGE);
  process.exit(1);
}
const pages = parityPages(splits).filter((p) => !filters.length || filters.some((f) => `${p.split}/${p.name}`.includes(f)));
let dist = process.env.IWR_TEST_DIST;
const own = !dist;
if (!dist) {
  dist = mkdtempSync(join(tmpdir(), 'iwr-parity-dist-'));
  await build({ root: repo, logLevel: 'warn', configFile: `${repo}/vite.config.ts`, build: { outDir: dist, emptyOutDir: true } });
}
const server = await startServer({ root: dist, mounts: { '/fixtures/': `${repo}/tests/fixtures` } });
const browser = await chromium.launch({ executablePath: exe, headless: true, args: chromiumArgs() });
const rows: ParityRow[] = [];
const t0 = Date.now();
try {
  const context = await browser.newContext({ viewport: appViewport(pages), deviceScaleFactor: 1 });
  // tsx compiles with esbuild's keepNames, which wraps named functions in __name(); the
  // functions this script hands to page.evaluate run in the page, where it must exist too.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const app = await context.newPage();
  await app.goto(server.url);
  await app.waitForFunction(() => (window as unknown as { iwr?: { ready?: boolean } }).iwr?.ready === true, null, { timeout: 30_000 });
  if (withDino) await loadTestDino(app);
  for (const p of pages) {
    const shots = await capturePage(app, server.url, p);
    if (shots.error) {
      console.error(`${p.split}/${p.name}: ${shots.error}`);
      rows.push({
        split: p.split,
        page: p.name,
        state: 'load',
        viewport: `${p.viewport.width}x${p.viewport.height}`,
        diff: 1,
        strict: 1,
        ocr: null,
        dino: null,
        domMs: 0,
        still: true,
        fails: shots.error,
      });
      continue;
    }
    for (const s of shots.shots) {
      const px = await comparePixels(app, s.dom, s.real, { diffImage: !!saveDir });
      const ocr = withOcr ? await ocrParity(app, s.dom, s.real) : null;
      const dino = withDino ? await dinoParity(app, s.dom, s.real) : null;
      const row: ParityRow = {
        split: p.split,
        page: p.name,
        state: s.state,
        viewport: `${p.viewport.width}x${p.viewport.height}`,
        diff: px.fraction,
        strict: px.strict,
        ocr: ocr?.similarity ?? null,
        dino,
        domMs: s.domMs,
        still: s.still,
        fails: px.sizeMatch ? verdict(px.fraction, ocr?.similarity ?? null) : 'sizes differ',
      };
      rows.push(row);
      console.error(
        `${p.split}/${p.name} ${s.state}: ${(px.fraction * 100).toFixed(2)} % (strict ${(px.strict * 100).toFixed(2)} %)${ocr ? `, OCR ${ocr.similarity.toFixed(3)}` : ''}${dino !== null ? `, DINO ${dino.toFixed(4)}` : ''}, ${s.domMs} ms${s.still ? '' : ' (still moving)'}${row.fails ? `  ✗ ${row.fails}` : ''}`,
      );
      if (saveDir) {
        const dir = join(saveDir, p.split);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${p.name}-${s.state}-dom.png`), Buffer.from(s.dom, 'base64'));
        writeFileSync(join(dir, `${p.name}-${s.state}-real.png`), Buffer.from(s.real, 'base64'));
        if (px.diffPng) writeFileSync(join(dir, `${p.name}-${s.state}-diff.png`), Buffer.from(px.diffPng, 'base64'));
        if (ocr) writeFileSync(join(dir, `${p.name}-${s.state}-ocr.txt`), `dom:  ${ocr.dom}\n\nreal: ${ocr.real}\n`);
      }
    }
    if (shots.noScroll) console.error(`${p.split}/${p.name}: no scrolled state (${shots.noScroll})`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
  if (own) rmSync(dist, { recursive: true, force: true });
}
console.log(parityTable(rows));
console.log(`${rows.length} captures of ${pages.length} pages in ${Math.round((Date.now() - t0) / 1000)} s`);
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(rows, null, 1));
const failing = rows.filter((r) => r.fails);
if (failing.length) {
  console.log(
    `\n${failing.length} capture(s) outside the bounds:\n  ${failing.map((r) => `${r.split}/${r.page} ${r.state}: ${r.fails}`).join('\n  ')}`,
  );
  process.exit(1);
}
