// `npm run real-pages:accuracy [-- options]`: the deterministic resolver on the real-page
// corpus. Prints accuracy per split and the confidence table (confidence bin -> accuracy,
// count) kept in the README.
//   --failures            list the tuning splits' failures (tuning, tuning-2 to tuning-14) with
//                         the resolver's reasons (the held-out splits' failures are never
//                         listed: those splits are not for tuning)
//   --write-known-misses  record today's misses in tests/fixtures/real-pages/known-misses.json
//                         (the test expects exactly these to fail)
//   --cached              reuse test-artifacts/real-pages/fixtures.jsonl (snapshots of the last
//                         run) instead of opening every page again: for resolver-only changes
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium, NO_BROWSER_MESSAGE } from '../find-chromium.mjs';
import {
  calibrationTable,
  CORPUS_DIR,
  corpusFixtures,
  isWithheld,
  judgeCase,
  listCorpus,
  readFixtureCache,
  SPLITS,
  stepOf,
  writeFixtureCache,
  type CaseFixture,
} from '../../tests/support/real-pages.ts';
import { resolveStep } from '../../src/driver/resolve.ts';

const args = new Set(process.argv.slice(2));
const CACHE = 'test-artifacts/real-pages/fixtures.jsonl';

async function fixtures(): Promise<CaseFixture[]> {
  if (args.has('--cached')) return readFixtureCache(CACHE);
  const exe = findChromium();
  if (!exe) throw new Error(NO_BROWSER_MESSAGE);
  const { pages, problems } = listCorpus();
  if (problems.length) throw new Error(`corpus problems:\n  ${problems.join('\n  ')}`);
  const browser = await chromium.launch({ executablePath: exe, headless: true, args: chromiumArgs() });
  try {
    const out = await corpusFixtures(browser, pages);
    mkdirSync('test-artifacts/real-pages', { recursive: true });
    writeFixtureCache(CACHE, out);
    return out;
  } finally {
    await browser.close();
  }
}

const all = await fixtures();
const invalid = all.filter((f) => f.problem);
for (const f of invalid)
  console.log(
    `invalid case ${isWithheld(f.page.split) ? `(${f.page.split})` : f.key}: ${isWithheld(f.page.split) ? 'see npm run real-pages:check' : f.problem}`,
  );
const t0 = performance.now();
const rows = all.filter((f) => !f.problem).map((f) => ({ f, v: judgeCase(f, resolveStep(stepOf(f.c), f.snapshot)) }));
const ms = performance.now() - t0;
const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)} %` : '-');
for (const split of SPLITS) {
  const r = rows.filter((x) => x.f.page.split === split);
  const pass = r.filter((x) => x.v.pass).length;
  console.log(`${split}: ${pass}/${r.length} right (${pct(pass, r.length)}) over ${new Set(r.map((x) => x.f.page.name)).size} pages`);
}
console.log(`resolver time: ${(ms / Math.max(1, rows.length)).toFixed(2)} ms per step`);
console.log('\nconfidence -> accuracy (all splits; the held-out splits together in brackets)');
const table = calibrationTable(rows.map((x) => ({ confidence: x.v.confidence, pass: x.v.pass })));
const held = calibrationTable(rows.filter((x) => isWithheld(x.f.page.split)).map((x) => ({ confidence: x.v.confidence, pass: x.v.pass })));
console.log('| confidence | steps | right |');
console.log('| --- | --- | --- |');
table.forEach((b, i) => {
  const h = held[i];
  console.log(
    `| ${b.from.toFixed(2)}–${b.to.toFixed(2)} | ${b.count} (${h?.count ?? 0}) | ${b.accuracy === null ? '-' : pct(b.accuracy, 1)} (${h?.accuracy === null || h === undefined ? '-' : pct(h.accuracy, 1)}) |`,
  );
});
const high = rows.filter((x) => x.v.confidence >= 0.9);
console.log(
  `confidence >= 0.9: ${high.filter((x) => x.v.pass).length}/${high.length} right (${pct(high.filter((x) => x.v.pass).length, high.length)})`,
);

if (args.has('--failures')) {
  for (const split of SPLITS.filter((x) => !isWithheld(x))) {
    console.log(`\n${split} failures:`);
    for (const x of rows)
      if (x.f.page.split === split && !x.v.pass)
        console.log(`  ${x.f.key} [${x.f.c.type}] "${x.f.c.description}" (conf ${x.v.confidence}): ${x.v.why}`);
  }
}
if (args.has('--write-known-misses')) {
  const misses = rows
    .filter((x) => !x.v.pass)
    .map((x) => x.f.key)
    .sort();
  writeFileSync(
    join(CORPUS_DIR, 'known-misses.json'),
    JSON.stringify(
      {
        note: 'Cases the deterministic resolver misses today (npm run real-pages:accuracy -- --write-known-misses). The test expects exactly these to fail.',
        misses,
      },
      null,
      1,
    ) + '\n',
  );
  console.log(`\nwrote ${misses.length} known misses`);
}
