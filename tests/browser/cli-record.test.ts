// `iwr record` end to end (issue 17): three sample pages (a form, tabs, a game) recorded with
// real input from scripts into one dataset with consecutive ids; the dataset validates clean,
// each page scores IFS 1.0 and OCR/DINO >= 0.99 against its own checkpoints, every generated
// description resolved back to its element, and no original asset file name survives. Then
// the bad inputs: a popup stops the recording and keeps the steps so far; a page that
// navigates away likewise; an empty recording is not exported.
import { beforeAll, describe, expect, test } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DINO, iwr, repo, type Ran } from './cli-support.ts';
import { launchBrowser, openApp } from './harness.ts';

const OUT = mkdtempSync(join(tmpdir(), 'iwr-record-out-'));
const PAGES = mkdtempSync(join(tmpdir(), 'iwr-record-pages-'));
const FIX = `${repo}tests/fixtures/record/`;
const SAMPLES = `${repo}public/samples/`;

/** A sample's reference page with its assets under made-up original names, as an author's folder would be. */
function authorFolder(task: string, names: Record<string, string>): string {
  const dir = join(PAGES, task);
  let html = readFileSync(`${SAMPLES}results/${task}/reference/index.html`, 'utf8');
  for (const [anon, orig] of Object.entries(names)) {
    html = html.split(`__PLACEHOLDER_ASSETS_BASE_DIR__/${anon}`).join(encodeURI(orig));
    mkdirSync(join(dir, orig, '..'), { recursive: true });
    copyFileSync(`${SAMPLES}dataset/data/${task}/assets/${anon}`, join(dir, orig));
  }
  writeFileSync(join(dir, 'index.html'), html);
  return join(dir, 'index.html');
}

const ZIP = join(PAGES, 'recorded.zip');
const ORIGINALS = ['clinic-logo.png', 'doctor photo.png', 'tiles-logo.png'];
const runs: Ran[] = [];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)).map((f) => `${n}/${f}`) : [n]));
}

beforeAll(async () => {
  const form = authorFolder('6', { 'asset_001.png': 'images/clinic-logo.png', 'asset_002.png': 'images/doctor photo.png' });
  const game = authorFolder('11', { 'asset_001.png': 'img/tiles-logo.png' });
  runs.push(await iwr(['record', '--html', form, '--steps', `${FIX}clinic-form.json`, '--out', OUT]));
  // The tabs page builds an image path at run time from its asset names: recorded from the placeholder form.
  runs.push(
    await iwr([
      'record',
      '--html',
      `${SAMPLES}results/3/reference/index.html`,
      '--assets',
      `${SAMPLES}dataset/data/3/assets`,
      '--steps',
      `${FIX}outfitters-tabs.json`,
      '--out',
      OUT,
    ]),
  );
  runs.push(await iwr(['record', '--html', game, '--steps', `${FIX}tiles-2048.json`, '--out', OUT, '--zip', ZIP]));
}, 900_000);

describe('iwr record', () => {
  test('three recordings: consecutive ids, every description resolves back, the replay reproduces the screenshots', () => {
    runs.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(0);
      const summary = JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as {
        id: number;
        replay: { ok: boolean; done: number; total: number };
      };
      expect(summary.id).toBe(i + 1);
      expect(summary.replay.ok).toBe(true);
      expect(summary.replay.done).toBe(summary.replay.total);
      expect(r.stderr).not.toMatch(/DOES NOT RESOLVE BACK/);
    });
    const lines = readFileSync(join(OUT, 'data.jsonl'), 'utf8').trim().split('\n');
    const records = lines.map(
      (l) => JSON.parse(l) as { id: number; action_sequence: { type: string; parameters: Record<string, unknown> }[] },
    );
    expect(records.map((r) => r.id)).toEqual([1, 2, 3]);
    // Keystrokes merged into Type with the field's text; arrows as Press; the wheel as one Scroll.
    expect(records[0]!.action_sequence[0]).toMatchObject({
      type: 'Type',
      parameters: { text: 'Ada Lovelace', description: "Type 'Ada Lovelace' into the 'Full name' field" },
    });
    expect(records[0]!.action_sequence.map((s) => s.type)).toEqual(['Type', 'Type', 'Click', 'Click', 'Click', 'Click', 'Scroll']);
    expect(records[1]!.action_sequence[0]!.parameters.description).toBe("Click the 'Specifications' tab");
    expect(records[2]!.action_sequence.slice(1).map((s) => s.parameters.key)).toEqual(['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']);
  });

  test('assets are anonymised: asset_NNN names, the placeholder in the page, no original name anywhere', () => {
    expect(readdirSync(join(OUT, 'data/1/assets')).sort()).toEqual(['asset_001.png', 'asset_002.png']);
    expect(readdirSync(join(OUT, 'data/1/stitched_assets'))).toEqual(['stitched_image_1.png']);
    const page = readFileSync(join(OUT, 'results/1/recorded/index.html'), 'utf8');
    expect(page).toContain('src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_001.png"');
    for (const f of files(OUT)) {
      const text = f.endsWith('.json') || f.endsWith('.jsonl') || f.endsWith('.html') ? readFileSync(join(OUT, f), 'utf8') : '';
      for (const name of ORIGINALS) {
        expect(f, 'file name').not.toContain(name.replace(' ', '%20'));
        expect(f, 'file name').not.toContain(name);
        expect(text.includes(name) || text.includes(encodeURI(name)), `${f} names ${name}`).toBe(false);
      }
    }
    expect(JSON.parse(readFileSync(join(OUT, 'data/3/metadata.json'), 'utf8'))).toMatchObject({
      recording_details: { resolution: '1280x720' },
    });
    expect(statSync(join(OUT, 'data/1/video.webm')).size).toBeGreaterThan(1000);
  });

  test('iwr validate reports the dataset clean', async () => {
    const r = await iwr(['validate', '--data', OUT]);
    expect(r.stdout.trim().split('\n').at(-1), r.stdout).toBe('3 tasks, 0 with errors; 0 errors, 0 warnings.');
    expect(r.code).toBe(0);
  });

  test('each recorded page scores IFS 1.0 and OCR/DINO >= 0.99 against its own checkpoints', async () => {
    const r = await iwr(['batch', '--data', OUT, '--results', join(OUT, 'results'), '--model', 'recorded', '--dino-model', DINO]);
    expect(r.code, r.stderr).toBe(0);
    for (const id of ['1', '2', '3']) {
      const rec = JSON.parse(readFileSync(join(OUT, 'results', id, 'recorded', 'eval.json'), 'utf8')) as {
        success_step: number;
        total_step: number;
        ocr_score: number;
        dino_score: number;
      };
      expect(rec.success_step, `task ${id}`).toBe(rec.total_step);
      expect(rec.ocr_score, `task ${id} OCR`).toBeGreaterThanOrEqual(0.99);
      expect(rec.dino_score, `task ${id} DINO`).toBeGreaterThanOrEqual(0.99);
    }
  }, 900_000);
});

test('the exported zip re-imports as a source; the task page plays its video with its step timeline', async () => {
  const browser = await launchBrowser();
  try {
    const { page } = await openApp(browser);
    const zip = readFileSync(ZIP);
    const names = Object.keys((await import('fflate')).unzipSync(new Uint8Array(zip)));
    expect(names.some((n) => n.startsWith('results/') || n.endsWith('.html'))).toBe(false);
    const source = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      return window.iwr.addZipSource(new Blob([bytes], { type: 'application/zip' }), 'recorded.zip');
    }, zip.toString('base64'));
    const opened = await page.evaluate((sid) => window.iwr.openTask(sid, '3'), source.id);
    expect(opened.problems).toEqual([]);
    expect(opened.files.video).toBe('video.webm');
    // The screens read the source list at start: the page is reloaded to see the new source.
    await page.goto(`${page.url().split('#')[0]}#/task/${encodeURIComponent(source.id)}/3`);
    await page.reload();
    const video = page.locator('.video-frame video');
    await video.waitFor();
    // It plays: muted playback moves its clock forward (the element preloads only the metadata).
    await page.evaluate(() => {
      const v = document.querySelector('.video-frame video') as HTMLVideoElement;
      v.muted = true;
      return v.play();
    });
    await page.waitForFunction(
      () => ((document.querySelector('.video-frame video') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.3,
      null,
      {
        timeout: 30_000,
      },
    );
    expect(await page.locator('.timeline-mark').count()).toBe(5);
    // The markers sit where the steps happened in the video (the recording's timestamps), not spread evenly.
    expect(await page.locator('.timeline-legend').textContent()).toContain('Step times from the data.');
  } finally {
    await browser.close();
  }
});

test("only the person's input is recorded: the page's own synthetic events are not", async () => {
  const browser = await launchBrowser();
  try {
    const { page } = await openApp(browser, { viewport: { width: 900, height: 700 } });
    const html = `<!doctype html><body><button class="btn" id="go" style="font:20px sans-serif">Go</button><input id="f" placeholder="Name"><script>
      const go = document.getElementById('go'), f = document.getElementById('f');
      setInterval(() => {
        go.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
        go.click();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        f.value += 'x'; f.dispatchEvent(new InputEvent('input', { bubbles: true }));
      }, 50);</script></body>`;
    const { id } = await page.evaluate((h) => window.iwr.recordOpen({ html: h, width: 640, height: 400, taskId: 1 }), html);
    await page.waitForTimeout(500);
    expect(await page.evaluate((s) => window.iwr.recordState(s), id)).toEqual({ steps: [], stopped: null });
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    const box = (await frame.locator('#go').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(300);
    expect(await page.evaluate((s) => window.iwr.recordState(s), id)).toEqual({ steps: ['Click', 'Press'], stopped: null });
    await page.evaluate((s) => window.iwr.recordClose(s), id);
  } finally {
    await browser.close();
  }
});

// Three independent recordings of the same page (each its own process, browser and output
// folder): they run at once, each with its own test's expect.
describe.concurrent('iwr record: bad inputs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'iwr-record-bad-'));
  const page = join(dir, 'index.html');
  writeFileSync(
    page,
    `<!doctype html><html><body style="font:20px sans-serif">
<input id="q" placeholder="Search"><button class="btn" id="pop" onclick="window.open('https://example.org/')">Open help</button>
<a class="btn" id="away" href="https://example.invalid/elsewhere">Leave</a></body></html>`,
  );
  const script = (name: string, actions: unknown[]) => {
    const f = join(dir, `${name}.json`);
    writeFileSync(f, JSON.stringify({ resolution: '800x600', actions }));
    return f;
  };

  test('a popup stops the recording with a message; the steps so far are exported', async ({ expect }) => {
    const out = join(dir, 'popup');
    const r = await iwr([
      'record',
      '--html',
      page,
      '--steps',
      script('popup', [{ type: 'kiwi', into: '#q' }, { click: '#pop' }, { click: '#away' }]),
      '--out',
      out,
      '--video',
      'none',
    ]);
    expect(r.stderr).toMatch(/tried to open a popup \(https:\/\/example\.org\/\); recording stopped/);
    expect(r.code).toBe(1);
    const rec = JSON.parse(readFileSync(join(out, 'data.jsonl'), 'utf8')) as { action_sequence: { type: string }[] };
    expect(rec.action_sequence.map((s) => s.type)).toEqual(['Type', 'Click']);
  });

  test('a page that navigates away stops the recording with a message', async ({ expect }) => {
    const out = join(dir, 'away');
    const r = await iwr([
      'record',
      '--html',
      page,
      '--steps',
      script('away', [{ click: '#away' }, { type: 'x', into: '#q' }]),
      '--out',
      out,
      '--video',
      'none',
    ]);
    expect(r.stderr).toMatch(/navigated away .*recording stopped/);
    expect(r.code).toBe(1);
  });

  test('an empty recording cannot be exported', async ({ expect }) => {
    const out = join(dir, 'empty');
    const r = await iwr(['record', '--html', page, '--steps', script('empty', []), '--out', out, '--video', 'none']);
    expect(r.stderr).toContain('cannot export: the recording has no steps: an empty recording cannot be exported');
    expect(r.code).toBe(1);
    expect(existsSync(join(out, 'data.jsonl'))).toBe(false);
  });
});
