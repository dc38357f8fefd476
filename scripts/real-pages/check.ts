// `npm run real-pages:check [-- FILTER...]`: checks the real-page corpus without running the
// resolver: every file's form, no request leaving any page, and every expected target a
// single visible element on top at its centre. Writes one screenshot per page (and per case
// with its own setup) to test-artifacts/real-pages/<split>/ for whoever writes the steps.
// Exit 0 clean, 1 problems found.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium, NO_BROWSER_MESSAGE } from '../find-chromium.mjs';
import { checkTarget, listCorpus, openCorpusPage, SPLITS } from '../../tests/support/real-pages.ts';

const filters = process.argv.slice(2);
const exe = findChromium();
if (!exe) {
  console.error(NO_BROWSER_MESSAGE);
  process.exit(1);
}
const { pages: all, problems } = listCorpus();
const pages = filters.length ? all.filter((p) => filters.some((f) => p.file.includes(f))) : all;
const browser = await chromium.launch({ executablePath: exe, headless: true, args: chromiumArgs() });
try {
  for (const p of pages) {
    const dir = `test-artifacts/real-pages/${p.split}`;
    mkdirSync(dir, { recursive: true });
    const opened = await openCorpusPage(browser, p);
    await opened.page.screenshot({ path: `${dir}/${p.name}.png` });
    for (const c of p.cases) {
      if (c.setup || !c.expect) continue;
      const why = await checkTarget(opened.page, c.expect, c.type === 'Type');
      if (why) problems.push(`${p.file} ${c.id}: ${why}`);
    }
    if (opened.blocked.length) problems.push(`${p.file}: the page requested ${opened.blocked.length} URL(s), e.g. ${opened.blocked[0]}`);
    await opened.context.close();
    for (const c of p.cases) {
      if (!c.setup) continue;
      const o = await openCorpusPage(browser, p, { extraSetup: c.setup });
      await o.page.screenshot({ path: `${dir}/${p.name}--${c.id}.png` });
      if (c.expect) {
        const why = await checkTarget(o.page, c.expect, c.type === 'Type');
        if (why) problems.push(`${p.file} ${c.id}: ${why}`);
      }
      await o.context.close();
    }
  }
} finally {
  await browser.close();
}

const bySplit = (s: string) => pages.filter((p) => p.split === s);
for (const s of SPLITS) {
  const ps = bySplit(s);
  const steps = ps.reduce((n, p) => n + p.cases.length, 0);
  const types = new Map<string, number>();
  for (const p of ps) for (const c of p.cases) types.set(c.type, (types.get(c.type) ?? 0) + 1);
  console.log(
    `${s}: ${ps.length} pages, ${steps} steps (${[...types].map(([t, n]) => `${t} ${n}`).join(', ')}), ${new Set(ps.map((p) => p.family)).size} families`,
  );
}
console.log(`authors: ${new Set(pages.map((p) => p.author)).size}; families: ${new Set(pages.map((p) => p.family)).size}`);
if (problems.length) {
  console.log(`\n${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('no problems');
