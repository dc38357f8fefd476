// The official scoring formulas (IWR-SPEC "Scoring" 1-7), as the official Python computes
// them, plus explicit partial figures when no judge ran (issue 4 item 2).
import { selectCheckpoints, type AssertionStatuses, type ScoredStep } from './checkpoints.ts';
import {
  UNJUDGED,
  type AssertionRecord,
  type EvalRecord,
  type IwrStudioExtras,
  type OcrTexts,
  type OfficialEval,
  type PartialStatus,
  type Unjudged,
} from './eval-record.ts';

/** Weights from IWR-SPEC "Scoring" 6. */
export const VFS_LFS_WEIGHT = 0.5;
export const VFS_HFS_WEIGHT = 0.5;
export const FINAL_IFS_WEIGHT = 0.7;
export const FINAL_VFS_WEIGHT = 0.3;

/** Mean as Python's `sum(xs) / len(xs) if xs else 0`: left-to-right sum, 0 when empty. */
export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** Statuses per step from `assertion_results` (null where the step had none). */
export function assertionStatuses(results: readonly (AssertionRecord | null)[]): AssertionStatuses {
  return results.map((r) => (r ? r.result : null));
}

/**
 * `done` after the assertion cut: the first "No" at step i sets done = i; "Error" and
 * "unjudged" do not count as No. Literal to the official loop, which assigns i even if it
 * were larger than the executed count (impossible when assertions are only judged for steps
 * with a screenshot after them).
 */
export function successStep(executed: number, assertions: AssertionStatuses): number {
  const i = assertions.findIndex((a) => a === 'No');
  return i >= 0 ? i : executed;
}

/**
 * IFS = done / n. Zero steps: the official report guards the division
 * (`success / total if total > 0 else 0.0`), so IFS = 0.
 */
export function ifs(success: number, total: number): number {
  return total > 0 ? success / total : 0;
}

/** Python `xs[:done + 1]` (a negative bound counts from the end, as slice does). */
export function truncate<T>(xs: readonly T[], success: number): T[] {
  return xs.slice(0, success + 1);
}

export type Column = 'IFS' | 'ocr_score' | 'dino_score' | 'LFS' | 'HFS' | 'VFS' | 'Final';
export const COLUMNS: readonly Column[] = ['IFS', 'ocr_score', 'dino_score', 'LFS', 'HFS', 'VFS', 'Final'];

export interface HfsCoverage {
  /**
   * complete: every entry kept after truncation was judged (or none was kept: official 0);
   * partial: some were; none: not one was.
   */
  status: PartialStatus;
  judged: number;
  total: number;
}

export interface AssertionCoverage {
  status: 'complete' | 'unjudged';
  /** Who answered the assertions: the official judge, or judge-free checks ("IFS (checks)"). */
  source: 'judge' | 'checks';
  /** Unjudged assertions before the first "No": IFS treats them as passed, an upper bound. */
  unjudgedSteps: number[];
}

/** One task's (or a model's mean) figures, fractions 0..1. */
export interface Scores {
  IFS: number;
  ocr_score: number;
  dino_score: number;
  LFS: number;
  /** Mean of the judged entries; null when none was judged (never a silent 0). */
  HFS: number | null;
  /** With HFS missing: VFS = LFS ("VFS (no HFS)"); partial HFS: from the judged entries. */
  VFS: number;
  /** 0.7 IFS + 0.3 VFS, with VFS as above; labelled when partial. */
  Final: number;
  hfs: HfsCoverage;
  assertions: AssertionCoverage;
  /** True when every figure is the official one. */
  complete: boolean;
}

/**
 * Official per-task aggregate (the report's `aggregate_requested_scores`): each list cut to
 * success_step + 1 entries (entries, not steps: a flag on step 0 makes the list longer than
 * the steps it covers), then averaged.
 */
export function taskScores(rec: OfficialEval & { iwr_studio?: IwrStudioExtras }): Scores {
  const success = rec.success_step;
  const IFS = ifs(success, rec.total_step);
  const ocr_score = mean(truncate(rec.all_ocr_scores, success));
  const dino_score = mean(truncate(rec.all_dino_scores, success));
  const LFS = (ocr_score + dino_score) / 2;
  const kept = truncate(rec.all_mllm_scores, success);
  const judged = kept.filter((x): x is number => x !== UNJUDGED);
  const status: PartialStatus = judged.length === kept.length ? 'complete' : judged.length === 0 ? 'none' : 'partial';
  const HFS = status === 'none' ? null : mean(judged);
  const assertions = assertionCoverage(rec.assertion_results, rec.iwr_studio?.assertions_mode === 'checks' ? 'checks' : 'judge');
  return finish({ IFS, ocr_score, dino_score, LFS, HFS }, { status, judged: judged.length, total: kept.length }, assertions);
}

function assertionCoverage(results: readonly (AssertionRecord | null)[], source: AssertionCoverage['source']): AssertionCoverage {
  const unjudgedSteps: number[] = [];
  for (let i = 0; i < results.length; i++) {
    const r = results[i]?.result;
    if (r === 'No') break; // later assertions cannot change done
    if (r === UNJUDGED) unjudgedSteps.push(i);
  }
  return { status: unjudgedSteps.length ? 'unjudged' : 'complete', source, unjudgedSteps };
}

function finish(
  v: Pick<Scores, 'IFS' | 'ocr_score' | 'dino_score' | 'LFS' | 'HFS'>,
  hfs: HfsCoverage,
  assertions: AssertionCoverage,
): Scores {
  const VFS = v.HFS === null ? v.LFS : VFS_LFS_WEIGHT * v.LFS + VFS_HFS_WEIGHT * v.HFS;
  const Final = FINAL_IFS_WEIGHT * v.IFS + FINAL_VFS_WEIGHT * VFS;
  const complete = hfs.status === 'complete' && assertions.status === 'complete' && assertions.source === 'judge';
  return { ...v, VFS, Final, hfs, assertions, complete };
}

/**
 * A model's score: the mean of each column over its tasks, in the given order (the official
 * avg row). Tasks with no eval.json are simply absent, as officially. HFS is averaged over the
 * tasks that have one; VFS and Final over all tasks with each task's best figure, labelled.
 */
export function modelMean(tasks: readonly Scores[]): Scores {
  const col = (c: Exclude<Column, 'HFS'>): number => mean(tasks.map((t) => t[c]));
  const withHfs = tasks.filter((t) => t.HFS !== null).map((t) => t.HFS as number);
  const judged = tasks.reduce((n, t) => n + t.hfs.judged, 0);
  const total = tasks.reduce((n, t) => n + t.hfs.total, 0);
  const allComplete = tasks.every((t) => t.hfs.status === 'complete');
  const noneAtAll = tasks.length > 0 && tasks.every((t) => t.hfs.status === 'none');
  const status: PartialStatus = allComplete ? 'complete' : noneAtAll ? 'none' : 'partial';
  const unjudgedTasks = tasks.some((t) => t.assertions.status === 'unjudged');
  const byChecks = tasks.some((t) => t.assertions.source === 'checks');
  return {
    IFS: col('IFS'),
    ocr_score: col('ocr_score'),
    dino_score: col('dino_score'),
    LFS: col('LFS'),
    HFS: status === 'none' ? null : mean(withHfs),
    VFS: col('VFS'),
    Final: col('Final'),
    hfs: { status, judged, total },
    assertions: { status: unjudgedTasks ? 'unjudged' : 'complete', source: byChecks ? 'checks' : 'judge', unjudgedSteps: [] },
    complete: status === 'complete' && !unjudgedTasks && !byChecks,
  };
}

/** A column's name and, when its figure is not the official one, why. */
export interface ColumnLabel {
  column: Column;
  /** e.g. "no HFS", "partial HFS", "unjudged assertions"; null for the official figure. */
  qualifier: string | null;
}

/** Labels for a task's or a model's figures. OCR, DINO and LFS never need one. */
export function columnLabels(s: Pick<Scores, 'hfs' | 'assertions'>): Record<Column, ColumnLabel> {
  const hfsQ = s.hfs.status === 'none' ? 'no HFS' : s.hfs.status === 'partial' ? 'partial HFS' : null;
  const join = (...qs: (string | null)[]): string | null => qs.filter(Boolean).join(', ') || null;
  // Checks stand in for the judge: their IFS is never the official figure, and says so.
  const asQ = join(s.assertions.source === 'checks' ? 'checks' : null, s.assertions.status === 'unjudged' ? 'unjudged assertions' : null);
  const label = (column: Column, qualifier: string | null): ColumnLabel => ({ column, qualifier });
  return {
    IFS: label('IFS', asQ),
    ocr_score: label('ocr_score', null),
    dino_score: label('dino_score', null),
    LFS: label('LFS', null),
    HFS: label('HFS', s.hfs.status === 'none' ? 'unjudged' : s.hfs.status === 'partial' ? 'partial' : null),
    VFS: label('VFS', hfsQ),
    Final: label('Final', join(hfsQ, asQ)),
  };
}

/** Inputs of one task's record: what the replay, the scorers and the judge produced. */
export interface RecordInput {
  steps: readonly ScoredStep[];
  /** Steps performed before the first execution failure. */
  executed: number;
  /** Candidate screenshot paths, index = screenshot number (0..executed). */
  screenshotPaths: readonly string[];
  /** One per step (null: no assertion, or no screenshot after the step). */
  assertionResults: readonly (AssertionRecord | null)[];
  /** One per selected pair, in order (see selectCheckpoints). HFS as a fraction 0..1. */
  checkpoints: readonly {
    ocr: number;
    dino: number;
    hfs: number | Unjudged;
    mllmRes: string | null;
    ocrTexts: OcrTexts;
  }[];
  extras?: Omit<IwrStudioExtras, 'schema' | 'executed_steps' | 'checkpoint_pairs' | 'partial'>;
}

/** Builds the record the official `evaluate_single_task` would write, plus our extras. */
export function buildEvalRecord(input: RecordInput): EvalRecord {
  const statuses = assertionStatuses(input.assertionResults);
  const sel = selectCheckpoints(input.steps, input.executed, statuses);
  if (sel.pairs.length !== input.checkpoints.length) {
    throw new Error(`buildEvalRecord: ${sel.pairs.length} checkpoints selected but ${input.checkpoints.length} scored`);
  }
  const paths = sel.pairs.map((p) => {
    const path = input.screenshotPaths[p.screenshot];
    if (path === undefined) throw new Error(`buildEvalRecord: no path for screenshot ${p.screenshot}`);
    return path;
  });
  const mllm = input.checkpoints.map((c) => c.hfs);
  const dino = input.checkpoints.map((c) => c.dino);
  const ocr = input.checkpoints.map((c) => c.ocr);
  const hasUnjudged = mllm.includes(UNJUDGED);
  // Official: [(m + d + o) / 3 for m, d, o in zip(...)] if all three lists are non-empty.
  const allAvg: (number | Unjudged)[] =
    mllm.length && dino.length && ocr.length
      ? mllm
          .slice(0, Math.min(mllm.length, dino.length, ocr.length))
          .map((m, i) => (m === UNJUDGED ? UNJUDGED : (m + (dino[i] as number) + (ocr[i] as number)) / 3))
      : [];
  const record: EvalRecord = {
    total_step: input.steps.length,
    success_step: successStep(input.executed, statuses),
    screenshot_paths_to_eval: paths,
    all_mllm_scores: mllm,
    all_dino_scores: dino,
    all_ocr_scores: ocr,
    all_avg_scores: allAvg,
    mllm_score: hasUnjudged ? null : mean(mllm as number[]),
    dino_score: mean(dino),
    ocr_score: mean(ocr),
    avg_score: allAvg.includes(UNJUDGED) ? null : mean(allAvg as number[]),
    all_mllm_res: input.checkpoints.map((c) => c.mllmRes),
    all_ocr_texts: input.checkpoints.map((c) => c.ocrTexts),
    assertion_results: [...input.assertionResults],
  };
  const s = taskScores(record);
  record.iwr_studio = {
    schema: 1,
    ...input.extras,
    executed_steps: input.executed,
    checkpoint_pairs: sel.pairs,
    partial: { hfs: s.hfs.status, assertions: s.assertions.status },
  };
  return record;
}
