// Evaluating one candidate inside a session and writing the official outputs:
// <out>/eval.json and <out>/evalpoints/<k>.png. Used by `eval` and `batch`.
import { mkdir, writeFile, rm } from 'node:fs/promises';
import type { EvaluateInput, EvaluateOutput } from '../api/pipeline.ts';
import type { AppSession } from './session.ts';

export interface EvalRequest {
  sourceId: string;
  taskId: string;
  html: string;
  model: string;
  options: EvaluateInput['options'];
  onProgress?: (e: { type: string; [k: string]: unknown }) => void;
}

let bindingCount = 0;
const grabbers = new WeakSet<AppSession>();

/** Lets the page ask for real pixels of a rectangle (capture 'cdp'). */
async function ensureGrabber(session: AppSession): Promise<void> {
  if (grabbers.has(session)) return;
  grabbers.add(session);
  await session.page.exposeFunction('iwrCdpGrab', async (rect: { x: number; y: number; width: number; height: number }) => {
    const png = await session.page.screenshot({ clip: rect, animations: 'allow', caret: 'initial', scale: 'css' });
    return png.toString('base64');
  });
}

export async function evaluateInSession(session: AppSession, req: EvalRequest): Promise<EvaluateOutput> {
  if (req.options?.capture === 'cdp') await ensureGrabber(session);
  let progressBinding: string | undefined;
  if (req.onProgress) {
    progressBinding = `iwrProgress${++bindingCount}`;
    await session.page.exposeFunction(progressBinding, req.onProgress);
  }
  return session.page.evaluate(
    (input) => window.iwr.evaluate(input),
    { sourceId: req.sourceId, taskId: req.taskId, html: req.html, model: req.model, options: req.options, ...(progressBinding ? { progressBinding } : {}) } satisfies EvaluateInput,
  );
}

export async function writeEvalOutputs(outDir: string, out: EvaluateOutput): Promise<void> {
  await rm(`${outDir}/evalpoints`, { recursive: true, force: true });
  await mkdir(`${outDir}/evalpoints`, { recursive: true });
  await Promise.all(out.screenshots.map((b64, k) => (b64 ? writeFile(`${outDir}/evalpoints/${k}.png`, Buffer.from(b64, 'base64')) : undefined)));
  // eval.json last: its presence marks a finished task (batch --resume relies on it).
  await writeFile(`${outDir}/eval.json`, out.evalJson);
}
