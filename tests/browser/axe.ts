// axe-core in a page under test: injected from node_modules (no network), run over the whole
// document, and only serious and critical violations reported, as the accessibility issue asks.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  /** Up to three offending elements, as axe's CSS selectors with the failure summary. */
  nodes: string[];
}

/** Serious and critical axe violations on the page as it is now; [] when there are none. */
export async function axeProblems(page: Page): Promise<AxeProblem[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    // The candidate's own page (inside the sandboxed, opaque-origin frames) is not the app's
    // markup, and axe could not reach into it anyway; the frame elements themselves are checked.
    const res = await axe.run(document, { iframes: false, resultTypes: ['violations'] });
    return res.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
