// `npm run samples`: regenerates every derived file of the embedded sample suite from
// samples-src/ (see samples-src/README.md). `npm run samples -- --check` only compares
// hashes (no browser) and exits 1 naming each stale task.
//   --only 3,7      regenerate these tasks only (the others keep their files)
//   --preview       also write full-page screenshots of every candidate to test-artifacts/
//   --no-replay     skip checkpoints and videos (pages, assets and sheets only)
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderAssets, renderSheets } from './assets.mjs';
import { openPipelineBrowser } from './browser.mjs';
import { previewCandidates, writeCandidates } from './candidates.mjs';
import { checkSamples, readManifest, writeManifest } from './manifest.mjs';
import { datasetDir, hashGenerator, hashTask, readSources, repoRoot, taskDataDir } from './sources.mjs';

const args = process.argv.slice(2);
const flag = (/** @type {string} */ name) => args.includes(name);
const optionValue = (/** @type {string} */ name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

if (flag('--check')) {
  const { problems, warnings } = checkSamples();
  for (const w of warnings) console.warn(`samples: warning: ${w}`);
  for (const p of problems) console.error(`samples: ${p}`);
  if (problems.length) process.exit(1);
  console.log('samples: up to date');
  process.exit(0);
}

const all = readSources();
const only = optionValue('--only')?.split(',').map(Number);
const tasks = only ? all.filter((t) => only.includes(t.id)) : all;
if (only && tasks.length !== only.length) throw new Error(`--only ${only.join(',')}: no such task in samples-src/`);
const ourIds = new Set(all.map((t) => t.id));

// data.jsonl: lines of tasks that are not ours (the parser's example task 1) stay first, as found.
mkdirSync(datasetDir, { recursive: true });
const jsonlPath = join(datasetDir, 'data.jsonl');
const foreign = existsSync(jsonlPath)
  ? readFileSync(jsonlPath, 'utf8')
      .split('\n')
      .filter((line) => {
        if (!line.trim()) return false;
        try {
          return !ourIds.has(JSON.parse(line).id);
        } catch {
          return true;
        }
      })
  : [];
writeFileSync(jsonlPath, [...foreign, ...all.map((t) => JSON.stringify(t.record))].join('\n') + '\n');

const previous = new Map((readManifest()?.tasks ?? []).map((t) => [t.id, t]));
const replay = flag('--no-replay') ? null : await import('./replay.mjs');
const appDist = replay ? await replay.buildApp() : undefined;
const session = await openPipelineBrowser({ appDist });
/** @type {string[]} */
const failures = [];
try {
  const page = await session.browser.newPage();
  // Same origin as the served assets, so the sheet canvas is not tainted.
  await page.goto(`${session.url}dataset/`);
  const canReplay = replay ? await replay.replayAvailable(page, session.url) : false;
  if (replay && !canReplay)
    console.warn('samples: window.iwr.replayHtml is not in the app yet: checkpoints and videos are left as they are');
  for (const task of tasks) {
    const started = Date.now();
    const dir = taskDataDir(task.id);
    mkdirSync(dir, { recursive: true });
    const assets = await renderAssets(page, task);
    const sheets = await renderSheets(page, task.id, session.url);
    writeFileSync(
      join(dir, 'metadata.json'),
      `${JSON.stringify({ id: task.id, source_website: task.record.source_website, recording_details: task.record.recording_details, generated_by: 'iwr-studio npm run samples' }, null, 2)}\n`,
    );
    // Judge-free checks (src/checks) travel beside the official files, as any dataset may carry them.
    const checksSrc = join(task.dir, 'checks.json');
    const hasChecks = existsSync(checksSrc);
    if (hasChecks) writeFileSync(join(dir, 'checks.json'), readFileSync(checksSrc));
    else rmSync(join(dir, 'checks.json'), { force: true });
    const pages = await writeCandidates(session.browser, task, session.url);
    if (flag('--preview'))
      await previewCandidates(session.browser, task, pages, session.url, join(repoRoot, 'test-artifacts/samples-preview'));
    /** @type {string[]} */
    let replayed = [];
    if (replay && canReplay) {
      try {
        replayed = await replay.recordTask(page, task, pages.reference ?? '', session.url);
      } catch (err) {
        failures.push(err instanceof Error ? err.message : String(err));
        console.error(failures.at(-1));
      }
    }
    const old = previous.get(task.id);
    const files = [
      'dataset/data.jsonl',
      `dataset/data/${task.id}/metadata.json`,
      ...(hasChecks ? [`dataset/data/${task.id}/checks.json`] : []),
      ...assets.map((a) => `dataset/data/${task.id}/assets/${a}`),
      ...sheets.map((s) => `dataset/data/${task.id}/stitched_assets/${s}`),
      ...Object.keys(pages).map((m) => `results/${task.id}/${m}/index.html`),
      ...(replayed.length ? replayed : (old?.files ?? []).filter((f) => /\/(checkpoints\/|video\.)/.test(f))),
    ];
    const isReplayed = replayed.length > 0 || (!canReplay && old?.replayed === true && old.sources === hashTask(task));
    previous.set(task.id, { id: task.id, slug: task.slug, sources: hashTask(task), replayed: isReplayed, files });
    console.log(
      `samples: task ${task.id} (${task.slug}): ${assets.length} assets, ${sheets.length} sheet(s)${replayed.length ? `, ${replayed.length} replay files` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await session.close();
  if (appDist) rmSync(appDist, { recursive: true, force: true });
}

writeManifest({
  generator: hashGenerator(),
  tasks: all.map((t) => previous.get(t.id)).filter((t) => t !== undefined),
});
if (failures.length) {
  console.error(`samples: ${failures.length} task(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('samples: done');
