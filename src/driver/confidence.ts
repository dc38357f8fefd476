// How sure a pick is, and the runner-ups a result lists. Confidence is read by people
// (Results, `iwr resolve`) and by the hybrid resolver (below a threshold, ask the model).
import { fmt, type Info, type Scored } from './candidates.ts';
import * as W from './weights.ts';

export interface Alternative {
  index: number;
  xpath: string;
  score: number;
  reasons: string[];
}

export function alternativesOf(sorted: Scored[], infos: Info[], skip: number): Alternative[] {
  return sorted
    .filter((s) => s.i !== skip && s.score > 0)
    .slice(0, W.MAX_ALTERNATIVES)
    .map((s) => ({ index: s.i, xpath: (infos[s.i] as Info).e.xpath, score: Math.round(s.score * 100) / 100, reasons: s.reasons }));
}

export function confidenceOf(best: number, second: number): number {
  const level = Math.min(1, best / W.FULL_CONFIDENCE_SCORE);
  const margin = Math.min(1, Math.max(0, best - second) / W.FULL_CONFIDENCE_MARGIN);
  return Math.round(level * (0.5 + 0.5 * margin) * 1000) / 1000;
}

export { fmt };
