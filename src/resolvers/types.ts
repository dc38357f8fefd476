// Who picks the element a step acts on. Three resolvers share one interface so the runner,
// the CLI and the app treat them alike; every result says who decided.
import type { ResolveResult } from '../driver/resolve.ts';
import type { PageSnapshot } from '../driver/snapshot.ts';
import type { ResolverMode } from '../data/settings.ts';
import type { Step } from '../task/types.ts';

export type { ResolverMode };

/** `llm-vision`: the model answered only when shown the screenshot (the official fallback). */
export type DecidedBy = 'deterministic' | 'llm' | 'llm-vision';

/** The other resolver's pick for the same step and snapshot, when both ran (agreement reports). */
export interface OtherPick {
  by: 'deterministic' | 'llm';
  ok: boolean;
  index: number;
  xpath: string;
  reasons: string[];
  confidence?: number;
}

export interface LlmTrace {
  model: string;
  /** Replies in order (text, then vision when asked); from the cache when `cached`. */
  replies: string[];
  cached: boolean;
  /** HTTP attempts made for this step (0 when every reply came from the cache). */
  attempts: number;
}

export type StepResolution = ResolveResult & {
  /** Null when the step failed before anyone picked. */
  decidedBy: DecidedBy | null;
  llm?: LlmTrace;
  other?: OtherPick;
  /** Why the model gave no pick: it found none (or named no listed element), or it could not be reached. */
  modelFailure?: 'no-element' | 'transport';
};

export interface ResolveContext {
  /** A screenshot of the page now, for the model's vision fallback. */
  screenshot?: () => Promise<Blob | undefined>;
  signal?: AbortSignal;
}

/** What a result records about the resolver (eval.json `iwr_studio.resolver`). */
export interface ResolverInfo {
  mode: ResolverMode;
  model?: string;
  threshold?: number;
  vision?: boolean;
  /**
   * When a Click or Type step fails for want of a target. 'strict': the deterministic
   * resolver refuses matches below its floor. 'official': only when the model answers -1 or
   * a number that is not listed, as the official harness (IWR-SPEC "Replay").
   */
  failure: 'strict' | 'official';
  /** llm mode only: 'deterministic' when the model is asked but our pick acts (agreement reports). */
  follow?: 'deterministic';
}

export interface StepResolver {
  readonly info: ResolverInfo;
  resolve(step: Step, snapshot: PageSnapshot, ctx?: ResolveContext): Promise<StepResolution>;
}
