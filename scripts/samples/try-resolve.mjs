// Dev aid: `tsx scripts/samples/try-resolve.mjs <task id> '<step json>' ...` asks the app's
// resolver which element each step would hit on the task's reference page after load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPipelineBrowser, withAssets } from './browser.mjs';
import { buildApp, APP_PAGE } from './replay.mjs';
import { readSources } from './sources.mjs';
import { parseResolution } from './candidates.mjs';

const [idArg, ...stepArgs] = process.argv.slice(2);
const task = readSources().find((t) => t.id === Number(idArg));
if (!task) throw new Error(`no task ${idArg}`);
const dist = await buildApp();
const session = await openPipelineBrowser({ appDist: dist });
try {
  const page = await session.browser.newPage();
  await page.goto(session.url + APP_PAGE);
  await page.waitForFunction(() => window.iwr?.ready === true);
  const html = withAssets(readFileSync(join(task.dir, 'reference.html'), 'utf8'), session.url, task.id);
  if (stepArgs[0] === '--replay') {
    // The whole reference replay: which element each step hit, and why it stopped.
    const { replayInApp } = await import('./replay.mjs');
    const { records, summary } = await replayInApp(page, task, readFileSync(join(task.dir, 'reference.html'), 'utf8'), session.url);
    for (const r of records)
      console.log(
        r.k,
        r.step,
        r.status,
        r.element ? `${r.element.xpath} "${r.element.text}" ${r.element.confidence.toFixed(2)}` : '',
        r.reason ?? '',
      );
    console.log(JSON.stringify(summary));
    stepArgs.length = 0;
  }
  for (const s of stepArgs) {
    const action = JSON.parse(s);
    const r = await page.evaluate((i) => window.iwr.resolveHtml(i), {
      html,
      viewport: parseResolution(task.record.recording_details.resolution),
      action: { visual_evaluation_flag: false, logical_assertion: null, ...action },
    });
    console.log(
      JSON.stringify(action.parameters.description),
      '->',
      r.ok ? `${r.tag} "${r.text}" ${r.confidence.toFixed(2)}` : `FAIL ${r.reason}`,
    );
  }
} finally {
  await session.close();
}
