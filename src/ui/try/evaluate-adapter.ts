// The Run button's contract with the evaluation pipeline (src/pipeline, written by the lead):
// evaluate one candidate (replay -> checkpoints -> OCR/DINO -> judge -> metrics -> stored run)
// and report progress as it goes. The pipeline module is looked up at build time, so the
// screen works (and says the pipeline is missing) before it lands; the mapping of its events
// to the UI's lives only here.
import type { StepRecord } from '../../run/types.ts';
import type { Settings } from '../../data/settings.ts';

export type Stage = 'replay' | 'ocr' | 'dino' | 'judge' | 'save';

export type RunEvent =
  | { type: 'stage'; stage: Stage; done: number; total: number; detail?: string }
  | { type: 'step'; record: StepRecord }
  | { type: 'note'; text: string };

export interface EvaluateInput {
  sourceId: string;
  taskId: string;
  candidateId: string;
  settings: Settings;
  signal: AbortSignal;
  onEvent: (e: RunEvent) => void;
}

export type Evaluate = (input: EvaluateInput) => Promise<{ runId: string }>;

const modules = import.meta.glob<Record<string, unknown>>('../../pipeline/index.ts');

export async function loadEvaluate(): Promise<Evaluate | null> {
  const load = Object.values(modules)[0];
  if (!load) return null;
  const mod = await load();
  const fn = mod.evaluate;
  return typeof fn === 'function' ? (fn as Evaluate) : null;
}
