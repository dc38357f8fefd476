// `iwr record --html FILE --steps FILE.json --out DIR`: builds a task headless from a scripted
// list of actions. The page's assets are anonymised here (src/record/assets.ts); the app
// records the page in its sandbox while this process drives it with real mouse and keyboard
// input through the browser protocol (trusted events, as a person's), marks each step after
// the official 0.5 s, and returns the task's files, which are written in the official layout.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { Frame, Page } from 'playwright-core';
import { zipSync } from 'fflate';
import { UsageError, type Command } from '../command.ts';
import { openAppSession } from '../session.ts';
import { anonymiseAssets, isAssetPath, leakedNames, PLACEHOLDER } from '../../record/assets.ts';
import { nextTaskId } from '../../record/task.ts';
import type { Classification } from '../../task/types.ts';
import { parseScript, type ScriptAction, type RecordScript } from './record-script.ts';

const USAGE = `Usage: iwr record --html FILE --steps FILE.json --out DIR [options]

Records a task from a page and a scripted list of actions, as a person would with the app's
recorder: the page runs in the app's sandbox (network blocked), each action is real mouse or
keyboard input, each step is described from what its element shows and checked by the
resolver, screenshots are taken at the official waits, and the step list is replayed from the
start to confirm the recording reproduces. Writes DIR/data.jsonl (one line appended; the id
follows the ids already there), DIR/data/<id>/{video.webm, assets/, stitched_assets/,
checkpoints/, metadata.json} and the page as recorded (assets anonymised) in
DIR/results/<id>/recorded/index.html.

  --html FILE       the page; files it references by a path relative to it are its assets
  --assets DIR      where its ${PLACEHOLDER}/<name> references point (optional)
  --steps FILE      the script (JSON): {"resolution": "1280x720", "source_website": "...",
                    "classification": {...}, "actions": [...]}, each action one of
                    {"click": "<css>"}, {"type": "<text>", "into": "<css>"}, {"press": "Enter"},
                    {"scroll": "down"}, with optional "checkpoint": true, "assertion": "..."
                    and "description": "..." (replaces the generated one)
  --out DIR         the dataset folder to write into (created when missing)
  --id N            the task id (default: one more than the largest in DIR/data.jsonl)
  --resolution WxH  overrides the script's (default 1920x1080)
  --video webm|mp4|none  the video's format (default webm; mp4 where the browser can write it)
  --zip FILE        also write the dataset (data.jsonl and data/, every task in DIR) as a zip
                    that the app opens as a source; the recorded pages stay out of it

Exit codes: 0 written, 1 the recording cannot be exported (every reason printed), 2 bad arguments.`;

const MAX_ASSET_FILES = 2000;

function listFiles(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.')) continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) visit(p);
      else if (isAssetPath(name)) out.push(relative(root, p).split(sep).join('/'));
      if (out.length > MAX_ASSET_FILES)
        throw new UsageError(`${root} holds more than ${MAX_ASSET_FILES} files: put the page in a folder of its own`);
    }
  };
  visit(root);
  return out;
}

function parseResolution(v: string, what: string): { width: number; height: number } {
  const m = /^(\d{2,5})x(\d{2,5})$/.exec(v);
  if (!m) throw new UsageError(`${what} ${JSON.stringify(v)}: expected WIDTHxHEIGHT, e.g. 1920x1080`);
  return { width: Number(m[1]), height: Number(m[2]) };
}

const STEP_WAIT_MS = 500;
/** A wheel scroll is animated: wait for the position to hold still this long. */
const SCROLL_QUIET_MS = 300;

async function sandboxFrame(page: Page): Promise<Frame> {
  for (let i = 0; i < 50; i++) {
    const f = page.frames().find((fr) => fr !== page.mainFrame());
    if (f) return f;
    await page.waitForTimeout(100);
  }
  throw new Error('the sandbox frame did not appear');
}

/** The centre of the element the selector finds, in page coordinates; it must be in view. */
async function aim(page: Page, frame: Frame, selector: string, where: string): Promise<{ x: number; y: number }> {
  const loc = frame.locator(selector).first();
  if ((await loc.count()) === 0) throw new Error(`${where}: no element matches ${JSON.stringify(selector)}`);
  const box = await loc.boundingBox();
  const vp = page.viewportSize();
  if (!box || box.width === 0 || box.height === 0) throw new Error(`${where}: ${JSON.stringify(selector)} is not visible`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (vp && (x < 0 || y < 0 || x >= vp.width || y >= vp.height))
    throw new Error(
      `${where}: ${JSON.stringify(selector)} is out of view (centre at ${Math.round(x)}, ${Math.round(y)}); add a scroll action before it`,
    );
  return { x, y };
}

/**
 * Waits until the clicked field has the focus in a focused frame. The sandbox is an
 * out-of-process frame: a key sent right after the click can reach the app's page before the
 * focus has moved across, and the field then misses its first letter (seen in CI).
 */
async function focused(page: Page, frame: Frame, selector: string, where: string): Promise<void> {
  const loc = frame.locator(selector).first();
  for (let i = 0; i < 40; i++) {
    const ok = await loc.evaluate((el) => document.hasFocus() && (el === document.activeElement || el.contains(document.activeElement)));
    if (ok) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`${where}: ${JSON.stringify(selector)} did not take the focus when clicked; type into a field that can be focused`);
}

async function perform(page: Page, frame: Frame, a: ScriptAction, where: string, height: number): Promise<void> {
  if (a.kind === 'click') {
    const { x, y } = await aim(page, frame, a.selector, where);
    await page.mouse.click(x, y);
  } else if (a.kind === 'type') {
    const { x, y } = await aim(page, frame, a.selector, where);
    await page.mouse.click(x, y);
    await focused(page, frame, a.selector, where);
    await page.keyboard.type(a.text, { delay: 15 });
  } else if (a.kind === 'press') {
    await page.keyboard.press(a.key);
  } else {
    const vp = page.viewportSize() ?? { width: 800, height };
    await page.mouse.move(vp.width / 2, vp.height / 2);
    await page.mouse.wheel(0, (a.direction === 'down' ? 1 : -1) * Math.round(height / 2));
    // The wheel animates; the step is over when the frame's position holds still.
    let last = NaN;
    for (let i = 0; i < 40; i++) {
      await page.waitForTimeout(SCROLL_QUIET_MS);
      const y = await frame.evaluate(() => window.scrollY);
      if (y === last) break;
      last = y;
    }
  }
}

function readScript(path: string): RecordScript {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new UsageError(`--steps ${path}: not valid JSON (${(e as Error).message})`);
  }
  const parsed = parseScript(json);
  if (typeof parsed === 'string') throw new UsageError(`--steps ${path}: ${parsed}`);
  return parsed;
}

/** data.jsonl and data/ of a dataset folder, zipped (the official layout only). */
function zipDataset(root: string): Uint8Array {
  const entries: Record<string, Uint8Array> = { 'data.jsonl': readFileSync(join(root, 'data.jsonl')) };
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) visit(p);
      else entries[relative(root, p).split(sep).join('/')] = readFileSync(p);
    }
  };
  visit(join(root, 'data'));
  // PNG and video are compressed already: stored, so zipping costs no time.
  return zipSync(entries, { level: 0 });
}

export const record: Command = {
  name: 'record',
  summary: 'record a task from a page and a scripted list of actions, in the official layout',
  usage: USAGE,
  async run(argv) {
    let v: Record<string, string | undefined>;
    try {
      v = parseArgs({
        args: argv,
        strict: true,
        options: {
          html: { type: 'string' },
          assets: { type: 'string' },
          steps: { type: 'string' },
          out: { type: 'string' },
          id: { type: 'string' },
          resolution: { type: 'string' },
          video: { type: 'string' },
          zip: { type: 'string' },
        },
      }).values as Record<string, string | undefined>;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (!v.html) throw new UsageError('--html FILE is required');
    if (!existsSync(v.html)) throw new UsageError(`--html ${v.html}: no such file`);
    if (!v.steps) throw new UsageError('--steps FILE.json is required');
    if (!existsSync(v.steps)) throw new UsageError(`--steps ${v.steps}: no such file`);
    if (!v.out) throw new UsageError('--out DIR is required');
    if (v.assets && !existsSync(v.assets)) throw new UsageError(`--assets ${v.assets}: no such folder`);
    const video = (v.video ?? 'webm') as 'webm' | 'mp4' | 'none';
    if (!['webm', 'mp4', 'none'].includes(video)) throw new UsageError(`--video ${v.video}: expected webm, mp4 or none`);
    const script = readScript(v.steps);
    const res = parseResolution(
      v.resolution ?? script.resolution ?? '1920x1080',
      v.resolution ? '--resolution' : 'the script\'s "resolution"',
    );
    const out = resolve(v.out);
    const jsonl = join(out, 'data.jsonl');
    const existing = existsSync(jsonl) ? readFileSync(jsonl, 'utf8') : '';
    const id = v.id === undefined ? nextTaskId(existing) : Number(v.id);
    if (!Number.isInteger(id) || id < 0) throw new UsageError(`--id ${v.id}: expected a whole number`);
    if (existsSync(join(out, 'data', String(id))))
      throw new UsageError(`${join(out, 'data', String(id))} already exists: choose another --id`);

    // Assets: files next to the page, by relative path; and --assets DIR, by the placeholder's names.
    const htmlPath = resolve(v.html);
    const html = readFileSync(htmlPath, 'utf8');
    const near = listFiles(dirname(htmlPath)).filter((p) => p !== basename(htmlPath));
    const fromDir = v.assets ? listFiles(resolve(v.assets)) : [];
    const fileOf = new Map<string, string>();
    for (const p of near) fileOf.set(p, join(dirname(htmlPath), p));
    for (const p of fromDir) fileOf.set(p, join(resolve(v.assets as string), p));
    const anon = anonymiseAssets(html, [...fileOf.keys()]);
    const tmp = mkdtempSync(join(tmpdir(), 'iwr-record-'));
    const assetUrls: Record<string, string> = {};
    const session = await openAppSession({ mounts: { '/record-assets/': tmp }, viewport: res });
    try {
      for (const [orig, name] of anon.names) {
        writeFileSync(join(tmp, name), readFileSync(fileOf.get(orig) as string));
        assetUrls[name] = `${session.url}record-assets/${name}`;
      }
      const { page } = session;
      const { id: sid } = await page.evaluate((input) => window.iwr.recordOpen(input), {
        html: anon.html,
        assetUrls,
        width: res.width,
        height: res.height,
        taskId: id,
      });
      const frame = await sandboxFrame(page);
      let stopped: string | null = null;
      let failure: string | null = null;
      for (let i = 0; i < script.actions.length && !stopped && !failure; i++) {
        const a = script.actions[i] as ScriptAction;
        const where = `--steps ${v.steps}: action ${i + 1} (${a.label})`;
        try {
          await perform(page, frame, a, where, res.height);
        } catch (e) {
          // An action that found no page may have met the end of one (a navigation still under way at the last mark).
          await page.waitForTimeout(1000);
          stopped = (await page.evaluate((s) => window.iwr.recordState(s), sid)).stopped;
          if (!stopped) failure = e instanceof Error ? e.message : String(e);
          break;
        }
        await page.waitForTimeout(STEP_WAIT_MS);
        const mark = await page.evaluate((s) => window.iwr.recordMark(s), sid);
        if (mark.stopped) stopped = mark.stopped;
        else if (mark.k !== i + 1) {
          const state = await page.evaluate((s) => window.iwr.recordState(s), sid);
          failure = `${where}: recorded ${mark.k - i} steps instead of one (steps so far: ${state.steps.join(', ') || 'none'})`;
        }
      }
      if (stopped) console.error(`iwr record: ${stopped}; the steps recorded so far are kept`);
      if (failure) {
        console.error(`iwr record: ${failure}`);
        return 1;
      }
      const fin = await page.evaluate(([s, input]) => window.iwr.recordFinish(s, input), [
        sid,
        {
          meta: {
            source_website: script.source_website ?? 'recorded.example',
            classification: (script.classification ?? {}) as Classification,
            resolution: `${res.width}x${res.height}`,
            environment: script.environment,
          },
          edits: script.actions.map((a) => ({ checkpoint: a.checkpoint, assertion: a.assertion, description: a.description })),
          video,
        },
      ] as const);
      const blockers = [...fin.blockers];
      const originals = [...anon.names.keys()];
      const leaks = leakedNames(`${JSON.stringify(fin.record)}\n${anon.html}`, originals);
      if (leaks.length) blockers.push(`original file names would survive in the export: ${leaks.join(', ')}`);
      fin.steps.forEach((s, i) => {
        const mark = s.roundTrip.ok ? 'ok' : `DOES NOT RESOLVE BACK: ${s.roundTrip.reason ?? ''}`;
        console.error(`  step ${i + 1}: ${s.description}  [${mark}]`);
      });
      if (blockers.length) {
        for (const b of blockers) console.error(`iwr record: cannot export: ${b}`);
        return 1;
      }
      for (const [path, b64] of Object.entries(fin.files)) {
        const file = join(out, ...path.split('/'));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, Buffer.from(b64, 'base64'));
      }
      mkdirSync(join(out, 'results', String(id), 'recorded'), { recursive: true });
      writeFileSync(join(out, 'results', String(id), 'recorded', 'index.html'), anon.html);
      appendFileSync(jsonl, `${existing && !existing.endsWith('\n') ? '\n' : ''}${JSON.stringify(fin.record)}\n`);
      if (v.zip) writeFileSync(v.zip, zipDataset(out));
      console.log(
        JSON.stringify({
          id,
          steps: fin.steps.length,
          checkpoints: Object.keys(fin.files).filter((p) => p.includes('/checkpoints/')).length,
          assets: anon.names.size,
          replay: fin.replay,
          video: fin.videoMime,
          stopped,
          out,
        }),
      );
      return stopped ? 1 : 0;
    } finally {
      await session.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  },
};
