// `iwr generate`: asks a model (any OpenAI-compatible chat-completions endpoint) to write each
// task's index.html from its asset sheets and video, through the app's own generation code in
// headless Chromium, and writes <results>/<task>/<model dir>/index.html (official layout).
// The key comes from the environment and is handed to the page in memory only: it is never
// stored, printed or written to any file.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDataJsonl } from '../../task/parse.ts';
import { applyMetadata, classifyTaskFiles } from '../../task/folder.ts';
import type { Task } from '../../task/types.ts';
import { modelDirName } from '../../scoring/model-names.ts';
import { UsageError, type Command } from '../command.ts';
import { errorLine } from '../command.ts';
import { openAppSession } from '../session.ts';

const USAGE = `Usage: iwr generate --data DIR --results DIR --model NAME --endpoint URL [options]

Generates a candidate index.html for each task with a vision-language model, the way the
official harness asks: the stitched asset sheets first, then video frames at 1 fps (spread
evenly over the video when there are more than the cap), our wording of the official request,
the reply post-processed (first html block, no <iframe>, no leftover fences). The asset
placeholder __PLACEHOLDER_ASSETS_BASE_DIR__ is kept: IWR Studio's sandbox resolves it.

  --data DIR          dataset folder (data.jsonl and data/<id>/)
  --results DIR       writes <DIR>/<task>/<model dir>/index.html (+ generation.json)
  --model NAME        model name sent to the endpoint; the folder is its lower-cased name, '/' -> '__'
  --endpoint URL      base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1
  --key-env VAR       environment variable holding the API key (default IWR_API_KEY; may be unset for local servers)
  --tasks 1,5         only these task ids
  --max-frames N      video frame cap (default 64)
  --max-images N      cap on all images, sheets included (default 70)
  --fps N             frames per second of video (default 1)
  --long-edge PX      shrink every image to this long edge (some official runs: 1000)
  --max-tokens N      reply limit (default 16384)
  --no-stream         ask for one JSON reply instead of a stream
  --attempts N        tries per task on rate limits and server errors (default 4)

Exit codes: 0 every task generated, 1 some failed (listed), 2 bad arguments or data.`;

interface Options {
  data: string;
  results: string;
  model: string;
  endpoint: string;
  keyEnv: string;
  tasks: string[] | null;
  frames: { maxFrames?: number; maxImages?: number; fps?: number; longEdge?: number };
  maxTokens: number;
  stream: boolean;
  attempts?: number;
}

function num(name: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new UsageError(`--${name} needs a number >= ${min}, got "${v}"`);
  return n;
}

function parse(argv: string[]): Options {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        data: { type: 'string' },
        results: { type: 'string' },
        model: { type: 'string' },
        endpoint: { type: 'string' },
        'key-env': { type: 'string' },
        tasks: { type: 'string' },
        'max-frames': { type: 'string' },
        'max-images': { type: 'string' },
        fps: { type: 'string' },
        'long-edge': { type: 'string' },
        'max-tokens': { type: 'string' },
        'no-stream': { type: 'boolean' },
        attempts: { type: 'string' },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  for (const req of ['data', 'results', 'model', 'endpoint'] as const)
    if (!values[req]) throw new UsageError(`--${req} is required (see iwr generate --help)`);
  const data = resolve(values.data as string);
  if (!existsSync(join(data, 'data.jsonl'))) throw new UsageError(`${data} is not a dataset: no data.jsonl in it`);
  if (!/^https?:\/\//i.test(values.endpoint as string)) throw new UsageError(`--endpoint must be an http(s) URL, got "${values.endpoint}"`);
  const frames: Options['frames'] = {};
  const mf = num('max-frames', values['max-frames'], 0);
  const mi = num('max-images', values['max-images'], 1);
  const fps = num('fps', values.fps, 0.001);
  const le = num('long-edge', values['long-edge'], 16);
  if (mf !== undefined) frames.maxFrames = mf;
  if (mi !== undefined) frames.maxImages = mi;
  if (fps !== undefined) frames.fps = fps;
  if (le !== undefined) frames.longEdge = le;
  const attempts = num('attempts', values.attempts, 1);
  return {
    data,
    results: resolve(values.results as string),
    model: values.model as string,
    endpoint: values.endpoint as string,
    keyEnv: values['key-env'] ?? 'IWR_API_KEY',
    tasks: values.tasks
      ? values.tasks
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null,
    frames,
    maxTokens: num('max-tokens', values['max-tokens'], 1) ?? 16384,
    stream: !values['no-stream'],
    ...(attempts !== undefined ? { attempts } : {}),
  };
}

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p, base));
    else out.push(relative(base, p).split('\\').join('/'));
  }
  return out;
}

async function resolutionOf(task: Task, dir: string): Promise<Task['resolution']> {
  const meta = join(dir, 'metadata.json');
  if (!existsSync(meta)) return task.resolution;
  return applyMetadata(task, await readFile(meta, 'utf8')).resolution;
}

// The page's generate() result, as far as the CLI reads it (src/api/judge.ts has the full type).
interface PageResult {
  html: string;
  modelDir: string;
  fenced: boolean;
  iframesRemoved: number;
  images: number;
  promptVersion: string;
  promptSha256: string;
  video: { method: string; duration: number; container: string; plan: { timestamps: number[]; spread: boolean } };
  frames: { time: number; frameTime: number; width: number; height: number }[];
  sheets: { bytes: number }[];
  attempts: { status: number; waitMs?: number }[];
}

export const generate: Command = {
  name: 'generate',
  summary: 'write index.html candidates for each task with a model over an OpenAI-compatible API',
  usage: USAGE,
  async run(argv) {
    const o = parse(argv);
    const key = process.env[o.keyEnv] ?? '';
    const hide = (s: string) => (key ? s.split(key).join('[redacted]') : s);
    if (!key) console.error(`iwr generate: ${o.keyEnv} is not set; requests go without an Authorization header (fine for local servers).`);
    const parsed = parseDataJsonl(await readFile(join(o.data, 'data.jsonl'), 'utf8'));
    let tasks = parsed.tasks;
    if (o.tasks) {
      const missing = o.tasks.filter((id) => !tasks.some((t) => t.id === id));
      if (missing.length) throw new UsageError(`--tasks: no task ${missing.join(', ')} in ${join(o.data, 'data.jsonl')}`);
      tasks = tasks.filter((t) => o.tasks?.includes(t.id));
    }
    if (tasks.length === 0) throw new UsageError(`no tasks in ${join(o.data, 'data.jsonl')}`);
    const modelDir = modelDirName(o.model);
    const session = await openAppSession({ mounts: { '/local-data/': o.data } });
    const failed: string[] = [];
    try {
      for (const task of tasks) {
        const dir = join(o.data, 'data', task.id);
        const files = classifyTaskFiles(listFiles(dir));
        if (!files.video) {
          console.error(`task ${task.id}: no video.mp4 or video.webm in ${dir}; skipped`);
          failed.push(task.id);
          continue;
        }
        const url = (f: string) =>
          `${session.url}local-data/data/${encodeURIComponent(task.id)}/${f.split('/').map(encodeURIComponent).join('/')}`;
        const resolution = await resolutionOf(task, dir);
        try {
          const r = (await session.page.evaluate(
            (input) => (window as unknown as { iwr: { generate(i: unknown): Promise<unknown> } }).iwr.generate(input),
            {
              endpoint: o.endpoint,
              model: o.model,
              key,
              resolution,
              video: url(files.video),
              sheets: files.stitched.map(url),
              frames: o.frames,
              maxTokens: o.maxTokens,
              stream: o.stream,
              ...(o.attempts ? { retry: { maxAttempts: o.attempts } } : {}),
            },
          )) as PageResult;
          const out = join(o.results, task.id, modelDir);
          await mkdir(out, { recursive: true });
          await writeFile(join(out, 'index.html'), r.html);
          const sidecar = {
            model: o.model,
            model_dir: modelDir,
            endpoint_host: new URL(o.endpoint).host,
            prompt_version: r.promptVersion,
            prompt_sha256: r.promptSha256,
            resolution,
            sheets: files.stitched,
            frames: r.frames.map((f) => ({ time: f.time, frame_time: f.frameTime, width: f.width, height: f.height })),
            video: {
              file: files.video,
              container: r.video.container,
              method: r.video.method,
              duration: r.video.duration,
              spread: r.video.plan.spread,
            },
            images: r.images,
            fenced: r.fenced,
            iframes_removed: r.iframesRemoved,
            attempts: r.attempts,
            placeholder_kept: '__PLACEHOLDER_ASSETS_BASE_DIR__',
          };
          await writeFile(join(out, 'generation.json'), hide(JSON.stringify(sidecar, null, 2)));
          console.log(
            `task ${task.id}: ${r.sheets.length} sheet(s) + ${r.frames.length} frame(s) (${r.video.method}) -> ${join(out, 'index.html')} (${r.html.length} chars${r.fenced ? '' : ', no fenced block: whole reply used'})`,
          );
        } catch (err) {
          failed.push(task.id);
          console.error(`task ${task.id}: ${hide(errorLine(err))}`);
        }
      }
    } finally {
      await session.close();
    }
    if (failed.length) {
      console.error(`iwr generate: ${failed.length} of ${tasks.length} task(s) failed: ${failed.join(', ')}`);
      return 1;
    }
    return 0;
  },
};
