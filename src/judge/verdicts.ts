// What a judgment returns to scoring. Each carries the judge kind, so a score always says
// who judged it, and a status, so errors and unjudged items are counted, never hidden.
import type { JudgeKind } from './config.ts';
import type { Attempt } from '../chat/client.ts';

/**
 * ok: answered and parsed. unparsed: answered, but not in the expected form (official rules:
 * HFS 0; assertion via the text fallback, or Error). error: no answer after every retry
 * (official: HFS 0, assertion Error). pending: waiting in the human queue. unjudged: no judge.
 */
export type VerdictStatus = 'ok' | 'unparsed' | 'error' | 'pending' | 'unjudged';

interface VerdictBase {
  /** Who answered: a judge kind, or 'checks' (a judge-free check compiled from the assertion, src/checks). */
  judge: JudgeKind | 'checks';
  /** Model name; "human" for a person; absent for none. */
  model?: string;
  status: VerdictStatus;
  /** The reply (redacted); "Error: ..." when the call failed, as the official record writes it; null when nobody answered. */
  raw: string | null;
  /** Answered from the judgments store, with no new request. */
  cached: boolean;
  /** Key in the judgments store (also the human queue item id). */
  id?: string;
  templateVersion?: string;
  templateSha256?: string;
  promptSha256?: string;
  inputs?: string[];
  attempts?: number;
  /** Fresh requests only: each attempt's status and the wait after it (Retry-After or backoff). */
  attemptLog?: Attempt[];
  error?: string;
  at?: number;
}

export interface VisualVerdict extends VerdictBase {
  /** 0..1 (judge score / 100), or 'unjudged'. */
  score: number | 'unjudged';
}

export interface AssertionVerdict extends VerdictBase {
  result: 'Yes' | 'No' | 'Error' | 'unjudged';
  thinking?: string;
}

export interface VerdictCounts {
  total: number;
  ok: number;
  unparsed: number;
  error: number;
  pending: number;
  unjudged: number;
  cached: number;
}

/** Counts for the results screen and eval.json ("2 judge errors, 1 pending"). */
export function countVerdicts(vs: readonly VerdictBase[]): VerdictCounts {
  const c: VerdictCounts = { total: vs.length, ok: 0, unparsed: 0, error: 0, pending: 0, unjudged: 0, cached: 0 };
  for (const v of vs) {
    c[v.status]++;
    if (v.cached) c.cached++;
  }
  return c;
}
