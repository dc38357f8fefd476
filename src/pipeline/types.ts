// What one evaluation takes and reports. An evaluation = replay the candidate, judge its
// assertions, pick the checkpoints, score them (OCR, DINO, HFS), apply the official formulas.
import type { EvalRecord } from '../scoring/eval-record.ts';
import type { Scores } from '../scoring/metrics.ts';
import type { ReplaySummary, StepRecord } from '../run/types.ts';
import type { CaptureName, InputName } from './backends.ts';
import type { StepResolver } from '../resolvers/types.ts';
import type { AssertionVerdict, VisualVerdict } from '../judge/verdicts.ts';
import type { TaskRecord } from '../task/types.ts';
import type { CheckEntry, CheckVerdict } from '../checks/types.ts';

export interface EvaluationInput {
  /** Stable key of the task, e.g. "samples/3": reference caches are keyed by it. */
  taskKey: string;
  task: TaskRecord;
  /** "WxH" after metadata.json was applied. */
  resolution: string;
  html: string;
  /** The other files of a multi-file candidate (index.html is `html`), by path relative to its folder. */
  files?: ReadonlyMap<string, Blob>;
  /** Model (candidate) name: results go to <task>/<modelDirName(model)>/. */
  model: string;
  assets: Map<string, Blob>;
  /** Reference checkpoint j, fetched when needed (null when the file is missing). */
  checkpoint(j: number): Promise<Blob | null>;
  /** The task's judge-free checks (checks.json entries that apply to its steps). */
  checks?: CheckEntry[];
  options?: EvaluationOptions;
  signal?: AbortSignal;
  onEvent?: (e: EvaluationEvent) => void;
}

export interface EvaluationOptions {
  seed?: number;
  policy?: 'blocked' | 'allowed';
  timing?: 'official' | 'settle';
  scroll?: 'official' | 'directional';
  stepTimeoutMs?: number;
  /** Screenshots: the DOM rasteriser (default) or real pixels through the browser protocol (CLI only). */
  capture?: CaptureName;
  /** How actions reach the page: synthetic events by the agent (default) or trusted protocol input (CLI only). */
  input?: InputName;
  /** Who picks each step's element; default: the configured resolver (Settings > Resolver, or the CLI's --resolver). */
  resolver?: StepResolver;
  /** Where the sandbox frame is shown; a small panel by default. */
  container?: HTMLElement;
  /** Scale the frame to its container (display only); real-pixel capture always runs unscaled. */
  fit?: boolean;
  /** 'configured' uses the judge kind from settings; 'none' skips judging (scores marked partial). */
  judge?: 'configured' | 'none';
  /**
   * Who answers the logical assertions: 'judge' (official, default), 'checks' (the task's
   * judge-free checks; IFS is labelled "IFS (checks)"), or 'judge+checks' (the judge decides,
   * the checks run beside it and their agreement is reported).
   */
  assertions?: AssertionMode;
  rejudge?: boolean;
}

export type AssertionMode = 'judge' | 'checks' | 'judge+checks';
export const ASSERTION_MODES: readonly AssertionMode[] = ['judge', 'checks', 'judge+checks'];

export type EvaluationStage = 'replay' | 'assertions' | 'ocr' | 'dino' | 'hfs' | 'score';

export type EvaluationEvent =
  | { type: 'stage'; stage: EvaluationStage; done: number; total: number }
  | { type: 'step'; record: StepRecord }
  /** The replay has ended and its frame is gone: scoring follows, and another replay may start. */
  | { type: 'replayed' }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string };

export interface CheckpointScore {
  screenshot: number;
  checkpoint: number;
  step: number | null;
  ocr: number;
  dino: number;
  hfs: VisualVerdict;
  ocrTexts: { reference: string; candidate: string };
}

export interface EvaluationResult {
  record: EvalRecord;
  scores: Scores;
  summary: ReplaySummary;
  steps: StepRecord[];
  /** Screenshot k (PNG) for every record that has one, by k. */
  screenshots: Blob[];
  assertions: (AssertionVerdict | null)[];
  /** Per step: the judge-free check's verdict, when checks ran for it. */
  checks: (CheckVerdict | null)[];
  checkpoints: CheckpointScore[];
  timings: Record<EvaluationStage, number>;
}
