// The app's Record screen (issue 17) in real Chromium, driven with real mouse and keyboard
// input (trusted events, as a person's): a zip of a page with assets under their original
// names is recorded at a custom size, every generated description resolves back, a checkpoint
// and an assertion are added, the task builds (replay check, video, sheets) and is saved as a
// new source that the app opens clean; the dataset download holds the official layout with no
// original file name. A second recording goes into the same dataset with the next id. Then
// the bad inputs: a page that navigates away or loops stops the recording and keeps the steps
// so far; an empty recording cannot be exported.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { repo } from './cli-support.ts';
import { artifactPath, launchBrowser, openApp } from './harness.ts';
import { axeProblems } from './axe.ts';

const SAMPLES = `${repo}public/samples/`;
const TMP = mkdtempSync(join(tmpdir(), 'iwr-ui-record-'));
const ORIGINALS = ['clinic-logo.png', 'doctor photo.png'];

/** Sample 6's page (a booking form) with its assets under an author's names, zipped in a folder (and that folder on disk). */
function authorZip(): string {
  let html = readFileSync(`${SAMPLES}results/6/reference/index.html`, 'utf8');
  const entries: Record<string, Uint8Array> = {};
  const names: Record<string, string> = { 'asset_001.png': 'images/clinic-logo.png', 'asset_002.png': 'images/doctor photo.png' };
  for (const [anon, orig] of Object.entries(names)) {
    html = html.split(`__PLACEHOLDER_ASSETS_BASE_DIR__/${anon}`).join(encodeURI(orig));
    entries[`clinic/${orig}`] = readFileSync(`${SAMPLES}dataset/data/6/assets/${anon}`);
  }
  entries['clinic/index.html'] = new TextEncoder().encode(html);
  entries['clinic/notes.txt'] = new TextEncoder().encode('not an asset');
  for (const [name, bytes] of Object.entries(entries)) {
    mkdirSync(dirname(join(TMP, name)), { recursive: true });
    writeFileSync(join(TMP, name), bytes);
  }
  const path = join(TMP, 'clinic.zip');
  writeFileSync(path, zipSync(entries));
  return path;
}

const LEAVING = `<!doctype html><html><body style="font-family:sans-serif">
<button id="more" onclick="document.getElementById('n').textContent = Number(document.getElementById('n').textContent) + 1">Add one</button>
<p>Count: <span id="n">0</span></p>
<a id="away" href="https://example.com/elsewhere">Leave this page</a>
<button id="spin" onclick="setTimeout(() => { for (;;) {} }, 300)">Spin forever</button>
<button id="edge" style="position:absolute;left:10px;top:1075px;height:40px">At the edge</button>
</body></html>`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, context } = await openApp(browser, { path: '#/record', viewport: { width: 1400, height: 1600 } }));
  page.on('pageerror', (e) => errors.push(e.message));
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The recording's frame, once the recorder listens (the Finish button is enabled only then). */
async function sandboxFrame(): Promise<Frame> {
  await expect.poll(() => page.getByRole('button', { name: 'Finish recording' }).isEnabled(), { timeout: 30_000 }).toBe(true);
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  await frame.waitForLoadState();
  return frame;
}

/** A real click at the centre of the element (the frame is tall enough to show it without scrolling, which would be a step). */
async function click(frame: Frame, selector: string): Promise<void> {
  const el = frame.locator(selector).first();
  const box = await el.boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Past the official wait, so the step's screenshot is taken before the next input. */
const settle = () => page.waitForTimeout(900);

async function customSize(width: number, height: number): Promise<void> {
  await page.getByLabel('Size').selectOption('custom');
  await page.getByLabel('Width').fill(String(width));
  await page.getByLabel('Height').fill(String(height));
}

describe('recording a task in the app', () => {
  let sourceId = '';

  test('a zip page recorded with real input builds a task that is saved as a source and opens clean', async () => {
    await page.getByTestId('record-zip').setInputFiles(authorZip());
    await expect.poll(() => page.getByTestId('record-page').innerText()).toContain('index.html from clinic.zip, with 2 assets');
    await customSize(1280, 1100);
    await expect(page.getByTestId('record-task-id').innerText()).resolves.toContain('#1');
    await page.getByRole('button', { name: 'Start recording' }).click();
    const frame = await sandboxFrame();

    await click(frame, '#name');
    await page.keyboard.type('Ada Lovelace', { delay: 20 });
    await settle();
    await click(frame, '#dept button:nth-child(2)');
    await settle();
    await click(frame, 'button.submit');
    await settle();
    await expect
      .poll(async () => (await page.getByTestId('record-live').locator('li').allInnerTexts()).join(' | '))
      .toMatch(/^[^|]*\|[^|]*\|[^|]*$/);
    await page.getByRole('button', { name: 'Finish recording' }).click();

    const steps = page.getByTestId('record-steps').locator('> li');
    await expect.poll(() => steps.count()).toBe(3);
    const texts = await steps.allInnerTexts();
    for (const t of texts) expect(t).toContain('resolves back');
    expect(await page.getByText('does not resolve back').count()).toBe(0);
    expect(await page.getByLabel('Description of step 1').inputValue()).toMatch(/Ada Lovelace/);
    await steps
      .nth(2)
      .getByLabel(/Checkpoint/)
      .check();
    await page.getByLabel('Assertion of step 3').fill("A confirmation 'Appointment booked for Ada Lovelace' should appear");
    await page.getByLabel('Domain', { exact: true }).fill('Healthcare');
    await page.getByLabel('Interaction complexity').fill('L2');

    // An edited description is checked again: one that names nothing on the page is flagged with the resolver's pick.
    const first = page.getByLabel('Description of step 2');
    const generated = await first.inputValue();
    await first.fill('Click the purple elephant');
    await page.getByText('does not resolve back').first().waitFor();
    await first.fill(generated);
    expect(await page.getByText('does not resolve back').count()).toBe(0);

    await page.screenshot({ path: artifactPath('screens/record-review.png'), fullPage: true });
    expect(await axeProblems(page), 'axe: the review form').toEqual([]);
    await page.getByRole('button', { name: 'Check and build the task' }).click();
    const built = page.getByTestId('record-built');
    await built.or(page.getByTestId('record-blockers')).waitFor({ timeout: 90_000 });
    await page.screenshot({ path: artifactPath('screens/record.png') });
    expect(await page.getByTestId('record-blockers').count(), await page.locator('.record').innerText()).toBe(0);
    const summary = await built.innerText();
    expect(summary).toContain('3 steps');
    expect(summary).toContain('every step ran and every screenshot matched');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the dataset (zip)' }).click();
    const zipPath = join(TMP, 'dataset.zip');
    await (await download).saveAs(zipPath);
    const entries = unzipSync(readFileSync(zipPath));
    const paths = Object.keys(entries).sort();
    expect(paths).toContain('data.jsonl');
    expect(paths).toContain('data/1/video.webm');
    expect(paths).toContain('data/1/metadata.json');
    expect(paths).toEqual(expect.arrayContaining(['data/1/assets/asset_001.png', 'data/1/assets/asset_002.png']));
    expect(paths.some((p) => /^data\/1\/stitched_assets\/stitched_image.*\.png$/.test(p))).toBe(true);
    // Checkpoint 0 and the one before the flagged step 3.
    expect(paths.filter((p) => p.startsWith('data/1/checkpoints/'))).toEqual([
      'data/1/checkpoints/step_0.png',
      'data/1/checkpoints/step_1.png',
    ]);
    const record = JSON.parse(strFromU8(entries['data.jsonl']!).trim()) as {
      id: number;
      recording_details: { resolution: string };
      action_sequence: { type: string }[];
      classification: { domain?: string };
    };
    expect(record.id).toBe(1);
    expect(record.recording_details.resolution).toBe('1280x1100');
    expect(record.classification.domain).toBe('Healthcare');
    expect(record.action_sequence.map((s) => s.type)).toEqual(['Type', 'Click', 'Click']);
    expect(JSON.parse(strFromU8(entries['data/1/metadata.json']!))).toMatchObject({ recording_details: { resolution: '1280x1100' } });
    for (const [p, bytes] of Object.entries(entries))
      for (const name of [...ORIGINALS, 'clinic.zip', 'notes.txt']) {
        expect(p).not.toContain(name);
        if (!/\.(png|webm)$/.test(p)) expect(strFromU8(bytes)).not.toContain(name);
      }

    await page.getByRole('button', { name: 'Save as a new source' }).click();
    const open = page.getByRole('link', { name: 'Open task #1' });
    await open.waitFor();
    const href = (await open.getAttribute('href'))!;
    sourceId = decodeURIComponent(/#\/task\/([^/]+)\/1$/.exec(href)![1]!);
    const opened = await page.evaluate(
      (id) => window.iwr.openTask(id, '1').then((o) => ({ problems: o.problems, video: !!o.files.video, cps: o.files.checkpoints.length })),
      sourceId,
    );
    expect(opened.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(opened.video).toBe(true);
    expect(opened.cps).toBe(2);
  });

  test('a second recording, from the page as a folder, goes into the same dataset with the next id', async () => {
    expect(sourceId).not.toBe('');
    await page.getByRole('button', { name: 'Record another task' }).click();
    await page.getByTestId('record-folder').setInputFiles(join(TMP, 'clinic'));
    await expect.poll(() => page.getByTestId('record-page').innerText()).toContain('index.html from clinic, with 2 assets');
    await expect.poll(() => page.getByTestId('record-task-id').innerText()).toContain('#2');
    expect(await page.getByTestId('record-target').inputValue()).toBe(sourceId);
    await page.getByRole('button', { name: 'Start recording' }).click();
    const frame = await sandboxFrame();
    await frame.locator('#agree').waitFor();
    await click(frame, '#agree');
    await settle();
    await page.getByRole('button', { name: 'Finish recording' }).click();
    await page.getByRole('button', { name: 'Check and build the task' }).click();
    await page.getByTestId('record-built').waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Add to recorded-tasks.zip' }).click();
    await page.getByRole('link', { name: 'Open task #2' }).waitFor();
    const ids = await page.evaluate((id) => window.iwr.loadSource(id).then((d) => d.tasks.map((t) => t.id)), sourceId);
    expect(ids).toEqual(['1', '2']);
    // Task 1 came through the archive's replacement whole.
    const first = await page.evaluate(
      (id) =>
        window.iwr
          .openTask(id, '1')
          .then((o) => ({ errors: o.problems.filter((p) => p.severity === 'error').length, cps: o.files.checkpoints.length })),
      sourceId,
    );
    expect(first).toEqual({ errors: 0, cps: 2 });
    // The task page of the recorded task plays its video.
    await page.getByRole('link', { name: 'Open task #2' }).click();
    await page.locator('video').first().waitFor({ timeout: 30_000 });
  });

  test('a page that navigates away stops the recording and keeps the steps; an empty recording cannot be exported', async () => {
    await page.goto(page.url().replace(/#.*$/, '#/record'));
    await page.getByRole('button', { name: 'Record another task' }).click();
    const html = join(TMP, 'leaving.html');
    writeFileSync(html, LEAVING);
    await page.getByTestId('record-target').selectOption('new');
    await page.getByTestId('record-html').setInputFiles(html);
    await expect.poll(() => page.getByTestId('record-page').innerText()).toContain('leaving.html');
    await page.getByRole('button', { name: 'Start recording' }).click();
    let frame = await sandboxFrame();
    await frame.locator('#more').waitFor();
    await click(frame, '#edge');
    await settle();
    await click(frame, '#more');
    await settle();
    await click(frame, '#away');
    await page.getByText('Recording stopped', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('alert').filter({ hasText: 'navigated away' }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Finish recording' }).click();
    const steps = page.getByTestId('record-steps').locator('> li');
    await expect.poll(() => steps.count()).toBeGreaterThanOrEqual(2);
    // The button cut off by the bottom edge is one the replay would scroll to first: said before building.
    expect(await page.getByLabel('Description of step 1').inputValue()).toMatch(/At the edge/);
    expect(await steps.nth(0).innerText()).toMatch(/cut off at the edge of the view/);
    expect(await page.getByLabel('Description of step 2').inputValue()).toMatch(/Add one/);
    expect(await steps.nth(1).innerText()).not.toMatch(/cut off/);

    await page.getByRole('button', { name: 'Check and build the task' }).waitFor();
    await page.goto(page.url().replace(/#.*$/, '#/tasks'));
    await page.goto(page.url().replace(/#.*$/, '#/record'));
    // Review survives leaving the screen.
    await expect.poll(() => page.getByTestId('record-steps').locator('> li').count()).toBeGreaterThanOrEqual(1);

    // Discard it, start again and finish at once: nothing to export.
    await page.getByRole('button', { name: 'Discard and record again' }).click();
    await page.getByRole('button', { name: 'Start recording' }).click();
    frame = await sandboxFrame();
    await frame.locator('#more').waitFor();
    await page.getByRole('button', { name: 'Finish recording' }).click();
    await page.getByTestId('record-empty').waitFor();
    expect(await page.getByRole('button', { name: 'Check and build the task' }).isDisabled()).toBe(true);
  });
  test('a page that loops is stopped with a message, the app keeps answering and the steps so far are kept', async () => {
    await page.getByRole('button', { name: 'Discard and record again' }).click();
    expect(await page.getByTestId('record-page').innerText()).toContain('leaving.html');
    await page.getByRole('button', { name: 'Start recording' }).click();
    const frame = await sandboxFrame();
    await frame.locator('#more').waitFor();
    await click(frame, '#more');
    await settle();
    await click(frame, '#spin');
    // The watchdog: no answer for 4 s ends the recording; the app itself answered all along.
    await page.getByText('Recording stopped', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('alert').filter({ hasText: 'stopped answering' }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    await page.getByRole('button', { name: 'Finish recording' }).click();
    const steps = page.getByTestId('record-steps').locator('> li');
    await expect.poll(() => steps.count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByLabel('Description of step 1').inputValue()).toMatch(/Add one/);
    expect(errors).toEqual([]);
  });
  test('leaving the screen while the page loads ends it: back on the screen, no frame is left and a recording can start', async () => {
    await page.getByRole('button', { name: 'Discard and record again' }).click();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.goto(page.url().replace(/#.*$/, '#/tasks'));
    await page.goto(page.url().replace(/#.*$/, '#/record'));
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    // The session that was opening when the screen went is torn down once it has opened.
    await expect.poll(() => page.frames().length, { timeout: 15_000 }).toBe(1);
    // Ending it is no failure: the screen shows no error, and stays ready to record.
    await page.waitForTimeout(3000);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start recording' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await sandboxFrame();
    expect(page.frames()).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});
