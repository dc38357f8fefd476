// Hybrid: the deterministic resolver decides where it is sure (confidence at or above the
// threshold); below it, or where it finds nothing, the model is asked. When the model finds
// nothing either, a deterministic pick (above its floor, below the threshold) stands. A model
// that cannot be reached fails the step with the reason, rather than silently changing who
// decides: a rerun with the answers cached gives the same result.
import { resolveStep } from '../driver/resolve.ts';
import { pickOf } from './deterministic.ts';
import { llmPick, type LlmResolverConfig } from './llm.ts';
import type { StepResolver } from './types.ts';

export function createHybridResolver(cfg: LlmResolverConfig, threshold: number): StepResolver {
  return {
    info: { mode: 'hybrid', model: cfg.model, threshold, vision: cfg.vision, failure: 'official' },
    async resolve(step, snapshot, ctx) {
      const det = resolveStep(step, snapshot);
      if (step.type === 'Scroll' || (det.ok && (det.confidence >= threshold || step.type === 'Press')))
        return { ...det, decidedBy: 'deterministic' };
      const m = await llmPick(cfg, step, snapshot, ctx);
      if (m.ok || m.modelFailure === 'transport' || !det.ok) return m;
      return {
        ...det,
        reasons: [...det.reasons, `the model (${cfg.model}) found no element; the resolver's pick (confidence ${det.confidence}) stands`],
        decidedBy: 'deterministic',
        ...(m.llm ? { llm: m.llm } : {}),
        other: { ...pickOf(m, 'llm'), reasons: [m.ok ? '' : m.reason] },
      };
    },
  };
}
