// Checks of one task folder (data/<id>/) over its file listing: pure, so the same rules run
// on a local folder, a zip's directory, a manifest or the dataset hub's tree. Whether each
// image really decodes is checked by the browser layer, which has the bytes.
import { parseResolutionText } from './parse.ts';
import type { Problem, Resolution, Task, TaskFiles } from './types.ts';

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif', 'bmp', 'avif'] as const;
/** IWR-SPEC: the recording is video.mp4; some copies of the dataset carry video.webm. mp4 wins when both exist. */
export const VIDEO_NAMES = ['video.mp4', 'video.webm'] as const;

const IMAGE_RE = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');
export const isImagePath = (path: string): boolean => IMAGE_RE.test(path);

/** `data/<id>/` : where a task's files live inside the dataset. */
export const taskDir = (taskId: string): string => `data/${taskId}/`;

/** Cleans a listing: forward slashes, no leading "./" or "/", no folders, sorted, unique. */
export function normaliseListing(paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of paths) {
    const clean = p.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '');
    if (clean && !clean.endsWith('/')) out.add(clean);
  }
  return [...out].sort(naturalCompare);
}

/** Sorts "step_2" before "step_10" and "asset_9" before "asset_10". */
export function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Sorts a task folder's listing (paths relative to data/<id>/) into its parts. */
export function classifyTaskFiles(paths: readonly string[]): TaskFiles {
  const files = normaliseListing(paths);
  const video = VIDEO_NAMES.find((v) => files.includes(v));
  return {
    ...(video ? { video } : {}),
    checkpoints: files.filter((f) => /^checkpoints\/step_\d+\.png$/i.test(f)),
    stitched: files.filter((f) => /^stitched_assets\/stitched_image[^/]*$/i.test(f) && isImagePath(f)),
    assets: files.filter((f) => f.startsWith('assets/')),
    ...(files.includes('metadata.json') ? { metadata: 'metadata.json' } : {}),
    ...(files.includes('checks.json') ? { checks: 'checks.json' } : {}),
  };
}

/**
 * Problems of one task folder. `paths` lists data/<id>/ with paths relative to it.
 * Expected: a video, checkpoints/step_<j>.png for j = 0..flaggedSteps (screenshot 0 plus one per
 * flagged step), at least one stitched_assets/stitched_image* sheet.
 */
export function checkTaskFiles(task: Pick<Task, 'id' | 'flaggedSteps'>, paths: readonly string[]): Problem[] {
  const dir = taskDir(task.id);
  const files = normaliseListing(paths);
  const problems: Problem[] = [];
  const err = (file: string, message: string) => problems.push({ severity: 'error', file: dir + file, message });
  const warn = (file: string, message: string) => problems.push({ severity: 'warning', file: dir + file, message });

  if (files.length === 0) {
    problems.push({ severity: 'error', file: dir, message: 'task folder is missing or empty' });
    return problems;
  }

  if (!VIDEO_NAMES.some((v) => files.includes(v))) {
    const other = files.find((f) => /^video\.[^/]+$/i.test(f));
    err('video.mp4', `missing (no video.mp4 or video.webm${other ? `; found ${other}, which is not accepted` : ''})`);
  }

  const expected = task.flaggedSteps + 1;
  const lower = new Set(files.map((f) => f.toLowerCase()));
  for (let j = 0; j < expected; j++) {
    const name = `checkpoints/step_${j}.png`;
    if (files.includes(name)) continue;
    const why = j === 0 ? 'the reference for screenshot 0' : `the reference after flagged step ${j} of ${task.flaggedSteps}`;
    const near =
      files.find((f) => f.toLowerCase().startsWith(`checkpoints/step_${j}.`)) ??
      (lower.has(name) ? files.find((f) => f.toLowerCase() === name) : undefined);
    err(name, `missing (${why}; ${expected} checkpoints expected${near ? `; found ${near}, the format uses step_${j}.png` : ''})`);
  }
  for (const f of files) {
    const m = /^checkpoints\/step_(\d+)\.png$/i.exec(f);
    if (m && Number(m[1]) >= expected)
      warn(f, `is not used: the task has ${task.flaggedSteps} flagged steps, so only step_0..step_${expected - 1} are compared`);
  }

  const sheets = files.filter((f) => /^stitched_assets\/stitched_image/i.test(f));
  if (sheets.length === 0) warn('stitched_assets/', 'has no stitched_image* sheet: generation will send the video frames only');
  for (const s of sheets) if (!isImagePath(s)) err(s, `is not an image (expected one of ${IMAGE_EXTENSIONS.join(', ')})`);

  return problems;
}

/**
 * How metadata.json combines with data.jsonl: data.jsonl's recording_details.resolution wins;
 * metadata.json's is used only when data.jsonl states none; a disagreement is a warning.
 */
export function applyMetadata(
  task: Pick<Task, 'id' | 'resolution' | 'resolutionFrom'>,
  text: string,
): { resolution: Resolution; resolutionFrom: NonNullable<Task['resolutionFrom']>; problems: Problem[] } {
  const file = `${taskDir(task.id)}metadata.json`;
  const from = task.resolutionFrom ?? 'data.jsonl';
  const keep = { resolution: task.resolution, resolutionFrom: from };
  let meta: unknown;
  try {
    meta = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return {
      ...keep,
      problems: [{ severity: 'error', file, message: `is not valid JSON (${e instanceof Error ? e.message : String(e)})` }],
    };
  }
  const details = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>).recording_details : undefined;
  const value = typeof details === 'object' && details !== null ? (details as Record<string, unknown>).resolution : undefined;
  if (value === undefined || value === null) return { ...keep, problems: [] };
  const parsed = typeof value === 'string' ? parseResolutionText(value) : null;
  const path = 'recording_details.resolution';
  if (!parsed)
    return { ...keep, problems: [{ severity: 'warning', file, path, message: `${JSON.stringify(value)} is not WIDTHxHEIGHT; ignored` }] };
  const text2 = (r: Resolution) => `${r.width}x${r.height}`;
  if (from !== 'data.jsonl') {
    return { resolution: parsed, resolutionFrom: 'metadata.json', problems: [] };
  }
  if (parsed.width !== task.resolution.width || parsed.height !== task.resolution.height) {
    return {
      ...keep,
      problems: [
        {
          severity: 'warning',
          file,
          path,
          message: `${text2(parsed)} differs from data.jsonl's ${text2(task.resolution)}; using data.jsonl's`,
        },
      ],
    };
  }
  return { ...keep, problems: [] };
}
