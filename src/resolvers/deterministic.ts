// The default resolver: src/driver's pure scorer, no model, no network, the same answer
// every run.
import { resolveStep, type ResolveResult } from '../driver/resolve.ts';
import type { OtherPick, StepResolver } from './types.ts';

export function pickOf(r: ResolveResult, by: OtherPick['by']): OtherPick {
  return r.ok
    ? { by, ok: true, index: r.index, xpath: r.xpath, reasons: r.reasons, confidence: r.confidence }
    : { by, ok: false, index: -1, xpath: '', reasons: [r.reason] };
}

export const deterministicResolver: StepResolver = {
  info: { mode: 'deterministic', failure: 'strict' },
  async resolve(step, snapshot) {
    const r = resolveStep(step, snapshot);
    return { ...r, decidedBy: r.ok ? 'deterministic' : null };
  },
};
