// Turns an evaluation result into the stored run record (plain data, no blobs).
import type { RunRecord, StoredStep } from '../data/runs.ts';
import type { StepRecord } from '../run/types.ts';
import type { EvaluationResult } from './types.ts';

export function storedStep(r: StepRecord): StoredStep {
  return {
    k: r.k,
    step: r.step,
    type: r.action?.type ?? null,
    description: r.action?.parameters?.description ?? null,
    status: r.status,
    ...(r.reason ? { reason: r.reason } : {}),
    ...(r.missingFiles?.length ? { missingFiles: r.missingFiles } : {}),
    ...(r.refusedFiles?.length ? { refusedFiles: r.refusedFiles } : {}),
    ...(r.element
      ? {
          element: {
            xpath: r.element.xpath,
            tag: r.element.tag,
            text: r.element.text,
            confidence: r.element.confidence,
            runnerUp: r.element.runnerUp
              ? { xpath: r.element.runnerUp.xpath, text: r.element.runnerUp.text, score: r.element.runnerUp.score }
              : null,
            decidedBy: r.element.decidedBy,
            ...(r.element.other
              ? {
                  other: {
                    by: r.element.other.by,
                    ok: r.element.other.ok,
                    xpath: r.element.other.xpath,
                    tag: r.element.other.tag,
                    text: r.element.other.text,
                    reasons: r.element.other.reasons.slice(0, 6),
                  },
                }
              : {}),
          },
        }
      : {}),
    timings: r.timings,
    console: r.console,
    errors: r.errors,
    blocked: r.blocked,
    dialogs: r.dialogs.map((d) => ({ dialog: d.dialog, message: d.message })),
  };
}

export function runRecordOf(
  base: Pick<RunRecord, 'id' | 'taskKey' | 'sourceId' | 'taskId' | 'model' | 'candidateHash' | 'settings'> & Record<string, unknown>,
  result: EvaluationResult,
): RunRecord {
  return {
    ...base,
    createdAt: Date.now(),
    status: 'done',
    eval: result.record,
    scores: result.scores,
    steps: result.steps.map(storedStep),
    checkpoints: result.checkpoints.map((c) => ({
      screenshot: c.screenshot,
      checkpoint: c.checkpoint,
      step: c.step,
      ocr: c.ocr,
      dino: c.dino,
      hfs: c.hfs.score,
      hfsStatus: c.hfs.status,
      ocrTexts: c.ocrTexts,
    })),
    timings: result.timings,
  };
}
