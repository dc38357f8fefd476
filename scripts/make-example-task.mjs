// `node scripts/make-example-task.mjs`: writes the parser's example task (id 1) in the official
// layout to public/samples/dataset/, with its reference page at public/samples/results/1/reference/.
// Everything is drawn by the system Chromium: assets and the contact sheet are element
// screenshots, checkpoints are screenshots of the reference page replayed step by step, and
// the recording is those frames drawn on a canvas and recorded with MediaRecorder (webm).
// Lines of other tasks in data.jsonl (the sample suite's) are kept, after task 1.
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, findChromium, NO_BROWSER_MESSAGE } from './find-chromium.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const dataset = join(repo, 'public/samples/dataset');
const taskDir = join(dataset, 'data/1');
const referencePath = join(repo, 'public/samples/results/1/reference/index.html');
const VIEWPORT = { width: 640, height: 400 };
const PLACEHOLDER = '__PLACEHOLDER_ASSETS_BASE_DIR__';

const record = {
  id: 1,
  source_website: 'tiny-tally.example',
  classification: { interaction_complexity: 'L2', visual_complexity: 'Low', domain: 'Tools', sub_domain: 'Counter' },
  recording_details: { resolution: `${VIEWPORT.width}x${VIEWPORT.height}`, environment: 'Desktop Chromium' },
  action_sequence: [
    {
      type: 'Click',
      parameters: { description: "Click the blue 'Add one' button" },
      visual_evaluation_flag: false,
      logical_assertion: "The counter should read 'Count: 1'",
    },
    {
      type: 'Type',
      parameters: { description: "Type 'Ada' into the name field", text: 'Ada' },
      visual_evaluation_flag: true,
      logical_assertion: null,
    },
    {
      type: 'Press',
      parameters: { description: 'Press Enter to send the name', key: 'Enter' },
      visual_evaluation_flag: true,
      logical_assertion: "The greeting 'Hello, Ada!' should appear",
    },
  ],
};

const referenceHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Tiny Tally</title>
<style>
  body { margin: 0; font: 16px/1.4 system-ui, sans-serif; background: #f4f6fb; color: #1d2433; }
  header { display: flex; align-items: center; gap: 12px; padding: 12px 20px; background: #1d2433; color: #fff; }
  header h1 { margin: 0; font-size: 20px; }
  main { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; padding: 20px; }
  .card { background: #fff; border-radius: 10px; padding: 16px; box-shadow: 0 1px 3px #0002; }
  .count { font-size: 32px; font-weight: 700; margin: 8px 0 12px; }
  .btn { font: inherit; padding: 8px 16px; border: 0; border-radius: 6px; background: #2f6fed; color: #fff; cursor: pointer; }
  input { font: inherit; padding: 7px 10px; border: 1px solid #b8c0d0; border-radius: 6px; width: 70%; }
  #greeting { min-height: 1.4em; margin-top: 12px; font-weight: 600; color: #15803d; }
</style>
</head>
<body>
<header><img src="${PLACEHOLDER}/asset_001.png" width="36" height="36" alt="Tiny Tally logo"><h1>Tiny Tally</h1></header>
<main>
  <section class="card">
    <h2>Counter</h2>
    <p class="count" id="count">Count: 0</p>
    <button class="btn" id="add">Add one</button>
  </section>
  <section class="card">
    <h2>Say hello</h2>
    <form id="hello"><input id="name" placeholder="Your name" aria-label="Your name"></form>
    <p id="greeting"></p>
    <img src="${PLACEHOLDER}/asset_002.png" width="120" height="40" alt="Made with care">
  </section>
</main>
<script>
  let n = 0;
  document.getElementById('add').addEventListener('click', () => { n++; document.getElementById('count').textContent = 'Count: ' + n; });
  document.getElementById('hello').addEventListener('submit', (e) => {
    e.preventDefault();
    document.getElementById('greeting').textContent = 'Hello, ' + document.getElementById('name').value + '!';
  });
</script>
</body>
</html>
`;

const ASSETS = {
  'asset_001.png': {
    w: 36,
    h: 36,
    html: '<div style="width:36px;height:36px;border-radius:50%;background:#f59e0b;display:grid;place-items:center;font:700 15px system-ui;color:#1d2433">TT</div>',
  },
  'asset_002.png': {
    w: 120,
    h: 40,
    html: '<div style="width:120px;height:40px;border-radius:6px;background:#e0e7ff;display:grid;place-items:center;font:600 12px system-ui;color:#3730a3">made with care</div>',
  },
};

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_BROWSER_MESSAGE);
  rmSync(taskDir, { recursive: true, force: true });
  for (const d of ['assets', 'checkpoints', 'stitched_assets']) mkdirSync(join(taskDir, d), { recursive: true });
  mkdirSync(dirname(referencePath), { recursive: true });

  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs() });
  try {
    const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });

    /** @type {Record<string, string>} */
    const dataUrls = {};
    for (const [name, a] of Object.entries(ASSETS)) {
      await page.setContent(`<body style="margin:0;background:transparent">${a.html}</body>`);
      const png = await page.locator('body > div').screenshot({ omitBackground: true });
      writeFileSync(join(taskDir, 'assets', name), png);
      dataUrls[name] = `data:image/png;base64,${png.toString('base64')}`;
    }

    // Contact sheet: thumbnails with their file names, as the official stitched_image sheets.
    const tiles = Object.keys(ASSETS)
      .map(
        (name) =>
          `<figure style="margin:0;padding:8px;border:1px solid #ccc;text-align:center;font:12px system-ui"><img src="${dataUrls[name]}" style="max-width:120px;max-height:80px"><figcaption>${name}</figcaption></figure>`,
      )
      .join('');
    await page.setContent(
      `<body style="margin:0;background:#fff"><div id="sheet" style="display:inline-flex;gap:8px;padding:8px;background:#fff">${tiles}</div></body>`,
    );
    writeFileSync(join(taskDir, 'stitched_assets/stitched_image.png'), await page.locator('#sheet').screenshot());

    // Replay the reference page (IWR-SPEC "Replay": screenshot 0 after load, then one after each step).
    writeFileSync(referencePath, referenceHtml);
    let html = referenceHtml;
    for (const [name, url] of Object.entries(dataUrls)) html = html.replaceAll(`${PLACEHOLDER}/${name}`, url);
    await page.setContent(html);
    const shots = [await page.screenshot()];
    await page.click('#add');
    shots.push(await page.screenshot());
    await page.fill('#name', 'Ada');
    shots.push(await page.screenshot());
    await page.press('#name', 'Enter');
    shots.push(await page.screenshot());
    // Checkpoint j: screenshot 0, then screenshot i for each flagged step i.
    const chosen = [0, ...record.action_sequence.flatMap((s, i) => (s.visual_evaluation_flag ? [i] : []))];
    chosen.forEach((i, j) => writeFileSync(join(taskDir, `checkpoints/step_${j}.png`), /** @type {Buffer} */ (shots[i])));

    // The recording: each state held ~1 s, with a dot where the user acts.
    const marks = [
      [84, 245],
      [445, 188],
      [445, 188],
      [445, 188],
    ];
    await page.setContent('<canvas id="c"></canvas>');
    const webm = await page.evaluate(
      async ({ frames, marks, w, h }) => {
        const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('c'));
        canvas.width = w;
        canvas.height = h;
        const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
        const images = await Promise.all(
          frames.map(
            (src) =>
              new Promise((res) => {
                const im = new Image();
                im.onload = () => res(im);
                im.src = src;
              }),
          ),
        );
        const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 120_000 });
        /** @type {Blob[]} */
        const chunks = [];
        recorder.ondataavailable = (e) => chunks.push(e.data);
        const stopped = new Promise((res) => {
          recorder.onstop = res;
        });
        recorder.start();
        for (let f = 0; f < images.length; f++) {
          for (let t = 0; t < 10; t++) {
            ctx.drawImage(/** @type {HTMLImageElement} */ (images[f]), 0, 0);
            const [x = 0, y = 0] = marks[f] ?? [];
            ctx.fillStyle = `rgba(220,38,38,${0.3 + t / 15})`;
            ctx.beginPath();
            ctx.arc(x, y, 8, 0, Math.PI * 2);
            ctx.fill();
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        recorder.stop();
        await stopped;
        const buf = new Uint8Array(await new Blob(chunks).arrayBuffer());
        let s = '';
        for (const b of buf) s += String.fromCharCode(b);
        return btoa(s);
      },
      { frames: shots.map((b) => `data:image/png;base64,${b.toString('base64')}`), marks, w: VIEWPORT.width, h: VIEWPORT.height },
    );
    writeFileSync(join(taskDir, 'video.webm'), Buffer.from(webm, 'base64'));
  } finally {
    await browser.close();
  }

  writeFileSync(
    join(taskDir, 'metadata.json'),
    `${JSON.stringify({ id: 1, source_website: record.source_website, recording_details: record.recording_details, generated_by: 'node scripts/make-example-task.mjs' }, null, 2)}\n`,
  );

  // data.jsonl: task 1 first, every other task's line kept as found.
  const jsonlPath = join(dataset, 'data.jsonl');
  const others = existsSync(jsonlPath)
    ? readFileSync(jsonlPath, 'utf8')
        .split('\n')
        .filter((line) => {
          if (!line.trim()) return false;
          try {
            return JSON.parse(line).id !== 1;
          } catch {
            return true;
          }
        })
    : [];
  writeFileSync(jsonlPath, [JSON.stringify(record), ...others].join('\n') + '\n');

  const files = [
    'assets/asset_001.png',
    'assets/asset_002.png',
    'stitched_assets/stitched_image.png',
    'checkpoints/step_0.png',
    'checkpoints/step_1.png',
    'checkpoints/step_2.png',
    'video.webm',
    'metadata.json',
  ];
  const total = files.reduce((n, f) => n + statSync(join(taskDir, f)).size, statSync(referencePath).size);
  console.log(`example task 1 written to ${taskDir} (${(total / 1024).toFixed(0)} KB with its reference page)`);
}

await main();
