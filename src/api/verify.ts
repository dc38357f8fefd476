// window.iwr entry for `iwr verify`: OCR and DINO of given screenshots (a published bundle's
// evalpoints/) against a task's reference checkpoints, with the same engines, cache keys and
// similarity functions as the evaluation pipeline, so a difference is the bundle's, not ours.
//
//   scoreCheckpoints(input: ScoreCheckpointsInput): Promise<ScoreCheckpointsOutput>
//       pairs[n] = { screenshotB64 (PNG), checkpoint j }: screenshot vs checkpoints/step_<j>.png.
//       A missing reference rejects, naming the file.
import { getTaskFile } from '../sources/registry.ts';
import { recognizeText, OCR_ENGINE_ID } from '../engines/ocr-bridge.ts';
import { ocrSimilarity } from '../engines/ocr-sim.ts';
import { ensureDino, embedImages, dinoCosine } from '../engines/dino-bridge.ts';
import { referenceEmbedding, referenceOcrText } from '../engines/references.ts';
import { registerApi } from './index.ts';

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
  dino: { modelId: string; sha256: string };
}

declare module './index.ts' {
  interface IwrApi {
    scoreCheckpoints(input: ScoreCheckpointsInput): Promise<ScoreCheckpointsOutput>;
  }
}

function pngBlob(b64: string): Blob {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
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
    const cand = pngBlob(p.screenshotB64);
    const refText = await referenceOcrText(taskKey, p.checkpoint, ref);
    const candText = (await recognizeText(undefined, cand)).text;
    const refEmb = await referenceEmbedding(taskKey, p.checkpoint, ref);
    const candEmb = (await embedImages(undefined, [cand])).embeddings[0] as Float32Array;
    out.push({
      checkpoint: p.checkpoint,
      ocr: ocrSimilarity(refText.text, candText),
      dino: dinoCosine(refEmb.embedding, candEmb),
      ocrTexts: { reference: refText.text, candidate: candText },
    });
  }
  return { pairs: out, ocrEngine: OCR_ENGINE_ID, dino: { modelId: dinoModel.modelId, sha256: dinoModel.sha256 } };
}

registerApi({ scoreCheckpoints });
