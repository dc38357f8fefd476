// Evaluating one candidate inside a session and writing the official outputs:
// <out>/eval.json and <out>/evalpoints/<k>.png. Used by `eval`, `batch`, `verify` and the bench.
import { mkdir, writeFile, rm, rename } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { EvaluateInput, EvaluateOutput } from '../api/pipeline.ts';
import type { TrustedOp } from '../run/input.ts';
import type { AppSession } from './session.ts';

export type ProgressEvent = { type: string; [k: string]: unknown };

export interface EvalRequest {
  sourceId: string;
  taskId: string;
  html: string;
  /** The other files of a multi-file candidate (base64), by path relative to index.html. */
  files?: EvaluateInput['files'];
  model: string;
  options: EvaluateInput['options'];
  /** --checks: a checks.json to use instead of the task's own. */
  checks?: { text: string; file: string } | undefined;
  onProgress?: (e: ProgressEvent) => void;
}

// One progress binding per page, routed by tag to the evaluations running there (a batch
// replays one task while the one before it is scored): exposing a new binding per call would
// grow the page's bindings with every task of a long batch.
const PROGRESS_BINDING = 'iwrCliProgress';
type ProgressRoutes = Map<string, (e: ProgressEvent) => void>;
const progressRoutes = new WeakMap<Page, ProgressRoutes>();
let nextTag = 0;
const grabbers = new WeakSet<Page>();
const inputs = new WeakSet<Page>();

/**
 * How real pixels are grabbed (capture 'cdp', and the capture-parity corpus's reference pixels,
 * which must be the same). The caret is hidden (Playwright's default; the official harness drives
 * Playwright): a blinking caret is drawn or not depending on the moment, and OCR reads it (task 1
 * once lost 0.07 of a checkpoint).
 */
export const CDP_SCREENSHOT = { animations: 'allow', caret: 'hide', scale: 'css' } as const;

/** Lets the page ask for real pixels of a rectangle (capture 'cdp'). Exported for the browser tests. */
export async function ensureGrabber(page: Page): Promise<void> {
  if (grabbers.has(page)) return;
  grabbers.add(page);
  await page.exposeFunction('iwrCdpGrab', async (rect: { x: number; y: number; width: number; height: number }) => {
    const png = await page.screenshot({ clip: rect, ...CDP_SCREENSHOT });
    return png.toString('base64');
  });
}

const finite = (...v: unknown[]) => v.every((n) => typeof n === 'number' && Number.isFinite(n));

/**
 * Lets the page send protocol-level input (input 'trusted'): Playwright's mouse and keyboard
 * dispatch through CDP Input.*, so the browser hit-tests the point and the page gets events
 * with isTrusted true, routed into the sandbox frame like a user's. Coordinates are CSS
 * pixels of the app page. Exported for the browser tests, which drive window.iwr directly.
 */
export async function ensureTrustedInput(page: Page): Promise<void> {
  if (inputs.has(page)) return;
  inputs.add(page);
  await page.exposeFunction('iwrTrustedInput', async (op: TrustedOp) => {
    switch (op?.op) {
      case 'click':
        if (!finite(op.x, op.y)) throw new Error('click: x and y must be numbers');
        await page.mouse.move(op.x, op.y);
        await page.mouse.down();
        await page.mouse.up();
        return;
      case 'move':
        if (!finite(op.x, op.y)) throw new Error('move: x and y must be numbers');
        await page.mouse.move(op.x, op.y);
        return;
      case 'wheel':
        if (!finite(op.x, op.y, op.dx, op.dy)) throw new Error('wheel: x, y, dx and dy must be numbers');
        // The wheel scrolls what is under the pointer, so the pointer goes there first.
        await page.mouse.move(op.x, op.y);
        await page.mouse.wheel(op.dx, op.dy);
        return;
      case 'type':
        await page.keyboard.type(String(op.text));
        return;
      case 'press':
        await page.keyboard.press(String(op.key));
        return;
      default:
        throw new Error(`unknown trusted input ${JSON.stringify((op as { op?: unknown } | null)?.op)}`);
    }
  });
}

async function progressRoutesOf(page: Page): Promise<ProgressRoutes> {
  let routes = progressRoutes.get(page);
  if (!routes) {
    const r: ProgressRoutes = new Map();
    routes = r;
    progressRoutes.set(page, r);
    await page.exposeFunction(PROGRESS_BINDING, (e: ProgressEvent, tag?: string) => r.get(String(tag))?.(e));
  }
  return routes;
}

export async function evaluateInSession(session: Pick<AppSession, 'page'>, req: EvalRequest): Promise<EvaluateOutput> {
  const { page } = session;
  if (req.options?.capture === 'cdp') await ensureGrabber(page);
  if (req.options?.input === 'trusted') await ensureTrustedInput(page);
  const routes = req.onProgress ? await progressRoutesOf(page) : null;
  const tag = String(nextTag++);
  if (routes && req.onProgress) routes.set(tag, req.onProgress);
  try {
    return await page.evaluate((input) => window.iwr.evaluate(input), {
      sourceId: req.sourceId,
      taskId: req.taskId,
      html: req.html,
      ...(req.files?.length ? { files: req.files } : {}),
      model: req.model,
      options: req.options,
      ...(req.checks ? { checks: req.checks } : {}),
      ...(routes ? { progressBinding: PROGRESS_BINDING, progressTag: tag } : {}),
    } satisfies EvaluateInput);
  } finally {
    routes?.delete(tag);
  }
}

/**
 * The session's DINO model URL (random port) is replaced by what the user passed, so that
 * two runs of the same evaluation write the same eval.json (shards merge byte-identical).
 */
export function portableEvalJson(evalJson: string, rewrites: Record<string, string>): string {
  let out = evalJson;
  for (const [from, to] of Object.entries(rewrites)) out = out.split(JSON.stringify(from)).join(JSON.stringify(to));
  return out;
}

/**
 * eval.json marks a finished task, so it is removed first and written last, through a
 * temporary file and a rename: a kill at any moment leaves either no eval.json or a whole one.
 */
export async function writeEvalOutputs(outDir: string, out: EvaluateOutput, rewrites: Record<string, string> = {}): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await rm(`${outDir}/eval.json`, { force: true });
  await rm(`${outDir}/evalpoints`, { recursive: true, force: true });
  await mkdir(`${outDir}/evalpoints`, { recursive: true });
  await Promise.all(
    out.screenshots.map((b64, k) => (b64 ? writeFile(`${outDir}/evalpoints/${k}.png`, Buffer.from(b64, 'base64')) : undefined)),
  );
  const tmp = `${outDir}/.eval.json.${process.pid}.tmp`;
  await writeFile(tmp, portableEvalJson(out.evalJson, rewrites));
  await rename(tmp, `${outDir}/eval.json`);
}
