// window.iwr entry for `iwr verify`: OCR and DINO of given screenshots (a published bundle's
// evalpoints/) against a task's reference checkpoints, with the same engines, cache keys and
// similarity functions as the evaluation pipeline, so a difference is the bundle's, not ours.
//
//   scoreCheckpoints(input: ScoreCheckpointsInput): Promise<ScoreCheckpointsOutput>
//       pairs[n] = { screenshotB64 (PNG), checkpoint j }: screenshot vs checkpoints/step_<j>.png.
//       A missing reference rejects, naming the file.
import { getTaskFile } from '../sources/registry.ts';
import { ocrEngineId } from '../engines/ocr-bridge.ts';
import { ensureDino } from '../engines/dino-bridge.ts';
import { dinoAgainstReference, ocrAgainstReference } from '../engines/references.ts';
import { registerApi } from './index.ts';
import type { DinoPrecision } from '../shared/dino-id.ts';
import { base64ToBlob } from '../data/bytes.ts';

export interface ScoreCheckpointsInput {
  sourceId: string;
  taskId: string;
  pairs: { screenshotB64: string; checkpoint: number }[];
}

export interface ScoredCheckpoint {
  checkpoint: number;
  ocr: number;
  dino: number;
  ocrTexts: { reference: string; candidate: string };
}

export interface ScoreCheckpointsOutput {
  pairs: ScoredCheckpoint[];
  ocrEngine: string;
  dino: { modelId: string; sha256: string; precision: DinoPrecision };
}

declare module './index.ts' {
  interface IwrApi {
    scoreCheckpoints(input: ScoreCheckpointsInput): Promise<ScoreCheckpointsOutput>;
  }
}

async function scoreCheckpoints(input: ScoreCheckpointsInput): Promise<ScoreCheckpointsOutput> {
  const dinoModel = await ensureDino();
  // Same key as src/pipeline/evaluate.ts, so verify and evaluate share reference work.
  const taskKey = `${input.sourceId}/${input.taskId}`;
  const out: ScoredCheckpoint[] = [];
  for (const p of input.pairs) {
    const path = `checkpoints/step_${p.checkpoint}.png`;
    const ref = await getTaskFile(input.sourceId, input.taskId, path).catch(() => {
      throw new Error(`task ${input.taskId}: reference data/${input.taskId}/${path} is missing`);
    });
    const cand = base64ToBlob(p.screenshotB64);
    const ocr = await ocrAgainstReference(taskKey, p.checkpoint, ref, cand);
    out.push({
      checkpoint: p.checkpoint,
      ocr: ocr.sim,
      dino: await dinoAgainstReference(taskKey, p.checkpoint, ref, cand),
      ocrTexts: { reference: ocr.reference, candidate: ocr.candidate },
    });
  }
  return {
    pairs: out,
    ocrEngine: ocrEngineId(),
    dino: { modelId: dinoModel.modelId, sha256: dinoModel.sha256, precision: dinoModel.precision },
  };
}

registerApi({ scoreCheckpoints });
