// The per-task record `eval.json`: the official fields (IWR-SPEC "Scoring", last paragraph)
// plus ours under the single key `iwr_studio`, which official readers ignore.
import type { AssertionStatus } from './checkpoints.ts';

/** Our marker for "no judge scored this"; never stored as 0. */
export const UNJUDGED = 'unjudged';
export type Unjudged = typeof UNJUDGED;

/** One entry of `assertion_results`, as the official scorer writes it (unknown keys kept). */
export interface AssertionRecord {
  result: AssertionStatus;
  prev_img_path?: string;
  curr_img_path?: string;
  /** The judge's raw reply (official: stripped), or "Error: ..." when the call failed. */
  response?: string;
  assertion?: string;
  thinking?: string;
  [key: string]: unknown;
}

/** One entry of `all_ocr_texts`. Official naming: checkpoint = reference, screenshot = candidate. */
export interface OcrTexts {
  checkpoint_text: string;
  screenshot_text: string;
  similarity: number;
  [key: string]: unknown;
}

/** The official fields. Per-checkpoint lists are in selection order (see checkpoints.ts). */
export interface OfficialEval {
  total_step: number;
  /** `done` after the assertion cut: steps executed, or i for the first assertion "No" at i. */
  success_step: number;
  screenshot_paths_to_eval: string[];
  /** HFS per checkpoint, 0..1 (judge score / 100); 'unjudged' when no judge ran (ours). */
  all_mllm_scores: (number | Unjudged)[];
  all_dino_scores: number[];
  all_ocr_scores: number[];
  /**
   * Officially the per-checkpoint mean of ALL THREE scores, (mllm + dino + ocr) / 3, NOT
   * LFS; [] unless all three lists are non-empty; pairs cut to the shortest list.
   * 'unjudged' where the HFS entry is. Not truncated to done + 1 and not used by the report.
   */
  all_avg_scores: (number | Unjudged)[];
  /** Means of the untruncated lists (0 when empty); null when any HFS entry is unjudged. */
  mllm_score: number | null;
  dino_score: number;
  ocr_score: number;
  /** Mean of all_avg_scores (0 when empty); null when any entry is unjudged. */
  avg_score: number | null;
  /** Raw judge replies; null where no judge ran. */
  all_mllm_res: (string | null)[];
  all_ocr_texts: OcrTexts[];
  /** One per step: null when the step had no assertion or no screenshot after it. */
  assertion_results: (AssertionRecord | null)[];
}

/** What the driver did at one step (ours): enough to say why a replay stopped. */
export interface DriverDecision {
  step: number;
  type: string;
  outcome: 'done' | 'failed' | 'not-run';
  /** e.g. a selector or element description the resolver chose. */
  target?: string;
  /** Why it failed, or how the target was chosen. */
  reason?: string;
  [key: string]: unknown;
}

export interface ModelRef {
  id: string;
  /** sha256 of the weights file, hex. */
  sha256?: string;
  /** DINO: 'float16' when the model ran in (emulated) half precision; absent or 'float32' otherwise. */
  precision?: string;
  [key: string]: unknown;
}

export type PartialStatus = 'complete' | 'partial' | 'none';

/** Our additions, all optional so that hand-made and official files stay readable. */
export interface IwrStudioExtras {
  schema: 1;
  app_version?: string;
  /** Steps performed before the first execution failure, before any assertion cut. */
  executed_steps?: number;
  /** Which screenshot met which reference, in list order (see selectCheckpoints). */
  checkpoint_pairs?: { screenshot: number; checkpoint: number; step: number | null }[];
  driver_decisions?: DriverDecision[];
  models?: { dino?: ModelRef; ocr?: ModelRef; [key: string]: unknown };
  /** e.g. { kind: 'none' } or { kind: 'api', model: 'gemini-2.5-pro' }. */
  judge?: { kind: string; model?: string; [key: string]: unknown };
  network_policy?: string;
  capture_backend?: string;
  /** How actions reached the page: 'synthetic' (the agent's events) or 'trusted' (browser protocol input). */
  input_backend?: string;
  /**
   * Who picked each step's element: { mode: 'deterministic' | 'llm' | 'hybrid', model?, threshold?,
   * failure: 'strict' | 'official' } (see src/resolvers/); per step, driver_decisions[].decided_by.
   */
  resolver?: { mode: string; model?: string; threshold?: number; failure?: string; [key: string]: unknown };
  /** Who answered the assertions: 'judge' (official), 'checks' (IFS (checks)), or 'judge+checks'. */
  assertions_mode?: string;
  /** Judge-free check verdicts with their evidence; with a judge, the checks' own IFS and the agreement. */
  checks?: {
    verdicts: unknown[];
    IFS?: number;
    /** judge+checks: the task's scores had the checks answered (their cut picks the checkpoints); absent when the judge cut first. */
    scores?: { IFS: number; ocr_score: number; dino_score: number; LFS: number; HFS: number | null; VFS: number; Final: number };
    agreement?: { compared: number; agreed: number; rate: number | null };
    [key: string]: unknown;
  };
  /** Written for readers; recomputed from the lists on load (see metrics.ts taskScores). */
  partial?: { hfs: PartialStatus; assertions: 'complete' | 'unjudged' };
  [key: string]: unknown;
}

export interface EvalRecord extends OfficialEval {
  iwr_studio?: IwrStudioExtras;
}
