// Judge-free checks written in the browser, in real Chromium on sample task 1 (640x400, three
// steps; step 1 "The counter should read 'Count: 1'"), one app page for the whole file:
// checks saved in IndexedDB answer an evaluation in checks mode instead of the task's
// checks.json, and bad records are repaired on load; an export carries them and an import
// restores them without overwriting silently; the task page's editor (form, JSON view, the
// parser's problem, save, reload, the reference-checkpoint flag, test on the sample reference
// and on a broken candidate, revert); drafting against the local chat-completions stand-in.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { unzipSync, zipSync } from 'fflate';
import { appUrl, launchBrowser, openApp } from './harness.ts';
import { startChatServer, type ChatServer } from '../support/chat-server.ts';

const LONG = 300_000;
const A0 = "The counter should read 'Count: 1'";
const PROV = { by: 'hand', created: '2026-12-01' };
const checksFile = (entries: unknown[]): string => JSON.stringify({ format: 'iwr-checks', version: 1, entries });

let browser: Browser;
let page: Page;
let server: ChatServer;
let reference: string;
let runId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startChatServer();
  ({ page } = await openApp(browser));
  await page.evaluate((url) => window.iwr.useDinoModel(url), `${appUrl()}models/test-dinov2-tiny.onnx`);
  reference = await (await fetch(`${appUrl()}samples/results/1/reference/index.html`)).text();
}, LONG);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const saved = () => page.evaluate(() => window.iwr.savedChecks('samples', '1'));

/** Puts a raw record into a store, as another version of the app or a hand edit would. */
function putRaw(store: 'checks' | 'candidates', value: unknown, key?: string): Promise<void> {
  return page.evaluate(
    ([store, value, key]) =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('iwr-studio');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction(store, 'readwrite');
          if (key === undefined) tx.objectStore(store).put(value);
          else tx.objectStore(store).put(value, key);
          tx.oncomplete = () => {
            req.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [store, value, key] as const,
  );
}

test(
  'checks saved in this browser answer an evaluation in checks mode instead of the task checks.json, and say so',
  async () => {
    // The task's file checks "Count: 1" (the reference passes); the saved copy asks for "Count: 2".
    const text = checksFile([{ step: 0, assertion: A0, check: { kind: 'text', text: 'Count: 2' }, provenance: PROV }]);
    await page.evaluate((t) => window.iwr.saveChecks('samples', '1', t), text);
    const logs: string[] = [];
    await page.exposeFunction('checksAuthoringProgress', (e: { type: string; message?: string }) => {
      if (e.type === 'log' && e.message) logs.push(e.message);
    });
    const out = await page.evaluate(
      (html) =>
        window.iwr.evaluate({
          sourceId: 'samples',
          taskId: '1',
          html,
          model: 'reference',
          options: { judge: 'none', assertions: 'checks' },
          save: true,
          progressBinding: 'checksAuthoringProgress',
        }),
      reference,
    );
    runId = out.runId!;
    const ev = JSON.parse(out.evalJson);
    expect(ev.iwr_studio.assertions_mode).toBe('checks');
    expect(ev.assertion_results[0].result).toBe('No');
    expect(ev.assertion_results[0].response).toContain('"Count: 2" not seen');
    expect(ev.success_step).toBe(0);
    await expect.poll(() => logs).toContain('task 1: assertions checked with checks saved in this browser for samples/1');
    // Refused before it is stored: a saved copy is always a valid checks file.
    await expect(page.evaluate(() => window.iwr.saveChecks('samples', '1', '{"format": "iwr-checks", "version": 1}'))).rejects.toThrow(
      /checks saved in this browser for samples\/1: entries must be a list/,
    );
  },
  LONG,
);

test('records read back are checked: a bad entry is dropped with its path, a record that is no checks file is ignored', async () => {
  const good = { step: 0, assertion: 'x', check: { kind: 'title', contains: 'Shop' }, provenance: PROV };
  await putRaw(
    'checks',
    { taskKey: 'samples/7', text: checksFile([good, { step: 1, assertion: 'y', check: { kind: 'nope' } }]) },
    'samples/7',
  );
  const seven = await page.evaluate(() => window.iwr.savedChecks('samples', '7'));
  expect(seven?.entries).toEqual([good]);
  expect(seven?.problems).toEqual([
    expect.objectContaining({ file: 'checks saved in this browser for samples/7', path: 'entries[1].check.kind' }),
  ]);
  expect(seven?.savedAt).toBe(0); // repaired: the record had none
  await putRaw('checks', { taskKey: 'samples/8', text: 42 }, 'samples/8');
  await putRaw('checks', { taskKey: 'samples/9', text: '{"format": "something else"}' }, 'samples/9');
  expect(await page.evaluate(() => window.iwr.savedChecks('samples', '8'))).toBeNull();
  expect(await page.evaluate(() => window.iwr.savedChecks('samples', '9'))).toBeNull();
  for (const id of ['7', '8', '9']) await page.evaluate((t) => window.iwr.deleteSavedChecks('samples', t), id);
});

test(
  'an export carries the saved checks of its tasks; an import restores them, keeps different ones unless told, refuses bad ones',
  async () => {
    const mine = (await saved())!.text;
    const info = await page.evaluate((id) => window.iwr.exportRunsInfo({ runIds: [id] }), runId);
    expect(info.manifest.checks).toEqual([{ taskKey: 'samples/1', text: mine, savedAt: expect.any(Number) }]);
    const zip = info.zip;

    // Gone from this browser, back from the zip (the run itself is still stored: skipped).
    await page.evaluate(() => window.iwr.deleteSavedChecks('samples', '1'));
    const first = await page.evaluate((z) => window.iwr.importRuns(z), zip);
    expect(first.checks).toEqual({ imported: ['samples/1'], replaced: [], skipped: [] });
    expect(first.skipped.map((s) => s.runId)).toEqual([runId]);
    expect((await saved())?.text).toBe(mine);

    const again = await page.evaluate((z) => window.iwr.importRuns(z), zip);
    expect(again.checks.skipped).toEqual([{ taskKey: 'samples/1', reason: expect.stringMatching(/^unchanged/) }]);

    // Different checks saved here are kept, unless the import is told to replace them.
    const other = checksFile([{ step: 0, assertion: A0, check: { kind: 'text', text: 'Count' }, provenance: PROV }]);
    await page.evaluate((t) => window.iwr.saveChecks('samples', '1', t), other);
    const kept = await page.evaluate((z) => window.iwr.importRuns(z), zip);
    expect(kept.checks.imported).toEqual([]);
    expect(kept.checks.skipped).toEqual([{ taskKey: 'samples/1', reason: expect.stringMatching(/other checks .* kept.*'replace'/) }]);
    expect((await saved())?.text).toBe(other);
    const replaced = await page.evaluate((z) => window.iwr.importRuns(z, { onConflict: 'replace' }), zip);
    expect(replaced.checks).toEqual({ imported: [], replaced: ['samples/1'], skipped: [] });
    expect((await saved())?.text).toBe(mine);

    // A bad entry in the manifest's checks refuses the zip, naming it, before anything is written.
    const files = unzipSync(new Uint8Array(Buffer.from(zip, 'base64')));
    const manifest = JSON.parse(new TextDecoder().decode(files['iwr-export.json']));
    manifest.checks[0].text = checksFile([{ step: 0, assertion: A0, check: { kind: 'text' }, provenance: PROV }]);
    files['iwr-export.json'] = new TextEncoder().encode(JSON.stringify(manifest));
    const bad = Buffer.from(zipSync(files)).toString('base64');
    await page.evaluate(() => window.iwr.deleteSavedChecks('samples', '1'));
    await expect(page.evaluate((z) => window.iwr.importRuns(z, { label: 'bad.zip' }), bad)).rejects.toThrow(
      /bad\.zip: iwr-export\.json: checks\[0\] \(task samples\/1\): entries\[0\]\.check\.text must be a non-empty string/,
    );
    expect(await saved()).toBeNull();
  },
  LONG,
);

test(
  'the editor: form and JSON views, the parser problem, the reference flag, save, reload, test on candidates, revert',
  async () => {
    await page.evaluate(() => window.iwr.deleteSavedChecks('samples', '1'));
    // A broken candidate: the button does nothing, the rest looks the same.
    const now = Date.now();
    await putRaw('candidates', {
      id: 'broken-counter',
      taskKey: 'samples/1',
      name: 'broken counter',
      html: reference.replace('n++; ', ''),
      origin: 'paste',
      hash: '',
      createdAt: now,
      updatedAt: now,
    });
    await page.goto(`${appUrl()}#/task/samples/1`);
    await page.getByRole('tab', { name: /^Checks/ }).click();
    const card = page.locator('.check-card[data-step="0"]');
    await expect.poll(() => card.innerText()).toContain("from the task's checks.json");
    await card.getByRole('button', { name: 'Edit check' }).click();
    const item = (i: number) => card.locator('.check-item').nth(i);
    const text0 = item(0).getByLabel('Text', { exact: true });
    expect(await text0.inputValue()).toBe('Count: 1');

    // The reference checkpoint after step 1 (step_1.png) shows "Count: 1"; "Count: 2" is flagged.
    await card.locator('.ref-flag[data-flag="holds"]').waitFor({ timeout: 120_000 });
    await text0.fill('Count: 2');
    const flag = card.locator('.ref-flag[data-flag="fails"]');
    await flag.waitFor();
    expect(await flag.innerText()).toContain('"Count: 2" is not in its OCR text');
    expect(await flag.innerText()).toContain('step_1.png');
    await card.getByRole('button', { name: 'Save anyway' }).waitFor();
    await text0.fill('Count: 1');
    await card.locator('.ref-flag[data-flag="holds"]').waitFor();

    // Form: all of "Count: 1" and not "Count: 0".
    await card.getByLabel('Combine').selectOption('all');
    await card.getByRole('button', { name: 'Add a condition' }).click();
    await item(1).getByLabel('Text', { exact: true }).fill('Count: 0');
    await item(1).getByLabel('must not hold').check();
    const want = { all: [{ kind: 'text', text: 'Count: 1' }, { not: { kind: 'text', text: 'Count: 0' } }] };

    // JSON view: the same tree; broken JSON and an invalid check show the problem and block saving.
    await card.getByRole('button', { name: 'JSON', exact: true }).click();
    const json = card.getByLabel('Check as JSON');
    expect(JSON.parse(await json.inputValue())).toEqual(want);
    const save = card.getByRole('button', { name: 'Save', exact: true });
    await json.fill('{"all": [');
    expect(await card.getByRole('alert').innerText()).toContain('checks saved in this browser for samples/1: is not JSON');
    expect(await save.isDisabled()).toBe(true);
    await json.fill('{"kind": "text", "text": "Count: 1", "colour": "red"}');
    expect(await card.locator('.check-problem').innerText()).toBe(
      'checks saved in this browser for samples/1: check.colour is not a field of this check (expected one of kind, text, present, within, where)',
    );
    expect(await save.isDisabled()).toBe(true);
    await json.fill(JSON.stringify(want));
    expect(await card.locator('.check-problem').count()).toBe(0);
    // Back in the form: both conditions, as the JSON says.
    await card.getByRole('button', { name: 'Form', exact: true }).click();
    expect(await item(1).getByLabel('Text', { exact: true }).inputValue()).toBe('Count: 0');
    expect(await item(1).getByLabel('must not hold').isChecked()).toBe(true);
    await save.click();
    await card.getByRole('status').filter({ hasText: 'Saved in this browser.' }).waitFor();
    await expect.poll(() => card.innerText()).toContain('edited in this browser');
    const stored = await saved();
    expect(stored?.entries).toEqual([
      { step: 0, assertion: A0, check: want, provenance: { by: 'hand', created: expect.any(String) } },
      // The file's other entry came along: the browser copy replaces the whole file.
      expect.objectContaining({ step: 2, check: { kind: 'text', text: 'Hello, Ada!' } }),
    ]);

    // After a reload it is still there, and still marked as edited here.
    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true);
    await page.getByRole('tab', { name: /^Checks/ }).click();
    await expect.poll(() => card.innerText()).toContain('edited in this browser');
    expect(await page.locator('.check-card[data-step="2"]').innerText()).toContain("from the task's checks.json");
    await card.getByRole('button', { name: 'Edit check' }).click();
    await card.getByRole('button', { name: 'JSON', exact: true }).click();
    expect(JSON.parse(await card.getByLabel('Check as JSON').inputValue())).toEqual(want);

    // Test on the sample reference: Yes, with the evidence of both conditions.
    const picker = card.getByLabel('Candidate to test on');
    expect(await picker.inputValue()).toBe('sample:reference');
    await card.getByRole('button', { name: 'Test on this candidate' }).click();
    const yes = card.locator('.check-verdict[data-verdict="Yes"]');
    await yes.waitFor({ timeout: 120_000 });
    const yesText = await yes.innerText();
    expect(yesText).toContain('on sample reference');
    expect(yesText).toMatch(/✓ check\.all\[0\] \(text\): "Count: 1" seen in view/);
    expect(yesText).toMatch(/check\.all\[1\]\.not \(text\): "Count: 0" not seen in view/);
    // On the broken counter: No, and the evidence says what was seen.
    await picker.selectOption({ label: 'broken counter' });
    await card.getByRole('button', { name: 'Test on this candidate' }).click();
    const no = card.locator('.check-verdict[data-verdict="No"]');
    await no.waitFor({ timeout: 120_000 });
    expect(await no.innerText()).toMatch(/✗ check\.all\[0\] \(text\): "Count: 1" not seen in view/);
    expect(await no.innerText()).toContain('on broken counter');

    // Revert: back to the task's file, and nothing left in this browser.
    await card.getByRole('button', { name: "Revert to the task's checks.json" }).click();
    await expect.poll(() => card.innerText()).toContain("from the task's checks.json");
    expect(await saved()).toBeNull();
  },
  LONG,
);

test(
  'draft with a model: an unusable reply is shown as it came and saves nothing; a valid one fills the form, saved only on approval',
  async () => {
    server.reset();
    const drafted = { kind: 'number', target: { text: 'Count' }, op: '=', change: 1 };
    server.script(
      { name: 'garbage', match: A0, reply: 'Sorry, I cannot write JSON today.', times: 1 },
      { name: 'valid', match: A0, reply: `Here it is:\n\`\`\`json\n${JSON.stringify(drafted)}\n\`\`\`` },
    );
    await page.evaluate(
      (url) => window.iwr.configureJudge({ kind: 'mllm', endpoint: url, model: 'draft-model', key: 'sk-draft-test-key' }),
      server.baseUrl,
    );
    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true);
    await page.getByRole('tab', { name: /^Checks/ }).click();
    const card = page.locator('.check-card[data-step="0"]');
    await card.getByRole('button', { name: 'Edit check' }).click();
    await card.getByText(/asks draft-model at .* \(the judge's endpoint\), with step_1\.png/).waitFor();

    await card.getByRole('button', { name: 'Draft with a model' }).click();
    const bad = card.locator('.check-draft-bad');
    await bad.waitFor({ timeout: 60_000 });
    expect(await bad.innerText()).toContain('the reply holds no JSON object');
    expect(await bad.locator('pre').innerText()).toBe('Sorry, I cannot write JSON today.');
    // Nothing filled in, nothing saved.
    expect(await card.locator('.check-item').nth(0).getByLabel('Text', { exact: true }).inputValue()).toBe('Count: 1');
    expect(await saved()).toBeNull();
    // What the model was sent: the assertion, the step, and the reference checkpoint after it.
    const req = server.requests[0]!;
    expect(req.text).toContain(`Assertion to check after this step: "${A0}"`);
    expect(req.text).toContain(`Step 1: type Click, description "Click the blue 'Add one' button"`);
    expect(req.images).toHaveLength(1);
    expect(req.images[0]).toMatch(/^data:image\/png;base64,/);
    expect(req.authorization).toBe('Bearer sk-draft-test-key');

    await card.getByRole('button', { name: 'Draft with a model' }).click();
    await card.getByText("draft-model's draft is in the editor above").waitFor({ timeout: 60_000 });
    expect(await card.getByLabel('Condition 1 kind').inputValue()).toBe('number');
    expect(await card.locator('.check-draft-bad').count()).toBe(0);
    const approve = card.getByRole('button', { name: 'Approve and save' });
    // Approval needs a person's name; until then nothing is saved.
    expect(await approve.isDisabled()).toBe(true);
    expect(await saved()).toBeNull();
    await page.getByLabel('Your name', { exact: true }).fill('Ada Reviewer');
    await approve.click();
    await card.getByRole('status').filter({ hasText: 'Saved in this browser.' }).waitFor();
    const entry = (await saved())?.entries.find((e) => e.step === 0);
    expect(entry?.check).toEqual(drafted);
    expect(entry?.provenance).toEqual({
      by: 'model',
      model: 'draft-model',
      approvedBy: 'Ada Reviewer',
      created: expect.any(String),
      approved: expect.any(String),
    });
    // The card shows the saved entry's provenance once it has read the entry back (a render after
    // the status line): wait for it rather than read the card at once.
    await card.getByText(/drafted by draft-model on \d{4}-\d\d-\d\d, approved by Ada Reviewer/).waitFor({ timeout: 10_000 });
    expect(server.requests).toHaveLength(2);

    // A check written for another wording of the assertion is marked stale, with the new text.
    const stale = { step: 2, assertion: 'The greeting should appear', check: { kind: 'text', text: 'Hello' }, provenance: PROV };
    await page.evaluate((t) => window.iwr.saveChecks('samples', '1', t), checksFile([entry, stale]));
    await page.reload();
    await page.waitForFunction(() => window.iwr?.ready === true);
    await page.getByRole('tab', { name: /^Checks/ }).click();
    const card2 = page.locator('.check-card[data-step="2"]');
    await expect.poll(() => card2.innerText()).toContain('stale');
    expect(await card2.innerText()).toContain(`is stale: step 2's assertion now reads "The greeting 'Hello, Ada!' should appear"`);
    expect(await card2.innerText()).toContain('edited in this browser');
  },
  LONG,
);
