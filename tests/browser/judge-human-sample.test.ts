// Issue 8: a person judges a sample task end to end. The pipeline queues every assertion and
// visual-rubric question (scores partial meanwhile), the person answers them, and the next
// evaluation of the same page takes the answers from the judgments store: complete scores.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { appUrl, launchBrowser, openApp } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the human judge on sample task 1: partial first, complete after the answers', async () => {
  const { page, context } = await openApp(browser);
  const html = await (await fetch(`${appUrl()}samples/results/1/reference/index.html`)).text();
  await page.evaluate(async (model) => {
    await window.iwr.useDinoModel(model);
    await window.iwr.configureJudge({ kind: 'human' });
  }, `${appUrl()}models/test-dinov2-tiny.onnx`);
  const evaluate = () =>
    page.evaluate(
      (h) => window.iwr.evaluate({ sourceId: 'samples', taskId: '1', html: h, model: 'reference', options: { judge: 'configured' } }),
      html,
    );

  const first = await evaluate();
  expect(first.scores.complete).toBe(false);
  expect(first.scores.HFS).toBeNull();
  const asked = await page.evaluate(() => window.iwr.humanProgress());
  // Task 1: two steps with an assertion and three checkpoints.
  expect(asked).toEqual({ pending: 5, answered: 0 });

  for (let item = await page.evaluate(() => window.iwr.humanNext()); item; item = await page.evaluate(() => window.iwr.humanNext())) {
    const id = item.id;
    if (item.task === 'assertion') await page.evaluate((i) => window.iwr.humanAnswerAssertion(i, 'Yes'), id);
    else await page.evaluate((i) => window.iwr.humanAnswerVisual(i, { layout: 10, elements: 15, content: 40, style: 15, overall: 20 }), id);
  }
  expect(await page.evaluate(() => window.iwr.humanProgress())).toEqual({ pending: 0, answered: 5 });

  const second = await evaluate();
  expect(second.scores.complete).toBe(true);
  expect(second.scores.IFS).toBe(1);
  expect(second.scores.HFS).toBe(1);
  expect(second.scores.Final).toBeCloseTo(0.7 + 0.3 * (0.5 * second.scores.LFS + 0.5), 12);
  const record = JSON.parse(second.evalJson) as {
    assertion_results: ({ result: string } | null)[];
    iwr_studio: { judge: { kind: string } };
  };
  expect(record.assertion_results.filter(Boolean).map((r) => r!.result)).toEqual(['Yes', 'Yes']);
  expect(record.iwr_studio.judge.kind).toBe('human');
  await context.close();
});
