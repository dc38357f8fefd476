// The replay's inputs and per-step records (see IWR-SPEC "Replay").
import type { ActCode, AgentEvent, InspectResult, NetworkPolicy } from '../agent/protocol.ts';
import type { Step } from '../task/types.ts';
import type { CheckEntry, CheckVerdict } from '../checks/types.ts';
import type { CaptureBackend } from './capture.ts';
import type { InputBackend, InputName } from './input.ts';
import type { DecidedBy, LlmTrace, OtherPick, ResolverInfo, StepResolver } from '../resolvers/types.ts';

/** What replay needs from a task: the steps and the resolution (TaskRecord fits). */
export interface ReplayTask {
  id?: number | string;
  action_sequence: Step[];
  recording_details?: { resolution?: string; [key: string]: unknown };
  /** Or directly "WxH"; wins over recording_details. */
  resolution?: string;
}

export interface ReplayOptions {
  assets?: Map<string, Blob>;
  /** The other files of a multi-file candidate, by path relative to index.html's folder. */
  files?: ReadonlyMap<string, Blob>;
  /** Run seed; Math.random in the page is seeded with hash(task id, seed). Default 0. */
  seed?: number;
  policy?: NetworkPolicy;
  /** 'official': fixed waits 1 s after load and 0.5 s after each step; 'settle': wait for DOM quiet, capped. */
  timing?: 'official' | 'settle';
  /** 'official': window down half a viewport; 'directional': honours direction / scroll_page, nearest container. */
  scroll?: 'official' | 'directional';
  /** Per-step limit (official: 30 s), covering resolve, act, wait and capture. */
  stepTimeoutMs?: number;
  signal?: AbortSignal;
  capture?: CaptureBackend;
  /** How actions reach the page: the agent's synthetic events (default) or trusted protocol input (CLI). */
  input?: InputBackend;
  /** Who picks each step's element: the deterministic resolver (default), a model, or both (hybrid). */
  resolver?: StepResolver;
  /** Where the frame is shown (default: a small fixed panel). */
  container?: HTMLElement;
  fit?: boolean;
  /** Settle mode: quiet period and cap, in ms. */
  settleQuietMs?: number;
  settleCapMs?: number;
  /** CSS selectors read (text, value, checked) after each record: the run log and tests use them. */
  inspect?: string[];
  /**
   * Click like the official harness (default true): real input with retries for
   * CLICK_TIMEOUT_MS, then a script element.click() when the real click keeps failing
   * (covered, hidden, moving, disabled). false: the step fails instead (strict).
   */
  clickFallback?: boolean;
  /** Limit for one screenshot (default CAPTURE_TIMEOUT_MS). */
  captureTimeoutMs?: number;
  /** Judge-free checks by step index (src/checks): read around each such step, verdict in `check`. */
  checks?: ReadonlyMap<number, CheckEntry>;
}

export interface ResolvedElement {
  /** Who picked it; 'none' on a step that failed before anyone picked. */
  decidedBy: DecidedBy | 'none';
  llm?: LlmTrace;
  /** The other resolver's pick at the same snapshot, when both ran. */
  other?: OtherPick & { tag: string; text: string };
  index: number;
  xpath: string;
  tag: string;
  text: string;
  confidence: number;
  typed?: string;
  key?: string;
  reasons: string[];
  runnerUp: { xpath: string; tag: string; text: string; score: number; reasons: string[] } | null;
}

export interface Attempt {
  code: ActCode | 'error:timeout';
  detail?: string;
  atMs: number;
}

export interface StepRecord {
  /** Screenshot number: 0 after load, k after k successful steps. */
  k: number;
  /** Index in action_sequence, or null for the load record. */
  step: number | null;
  action: Step | null;
  status: 'ok' | 'failed';
  reason?: string;
  element?: ResolvedElement;
  attempts: Attempt[];
  screenshot?: Blob;
  /** Set when the step succeeded but its screenshot could not be taken (e.g. capture timed out on a huge page). */
  captureError?: string;
  console: Array<{ level: string; text: string }>;
  errors: string[];
  dialogs: Array<{ dialog: string; message: string; answer: string | boolean | null }>;
  blocked: Array<{ url: string; directive: string }>;
  opened: string[];
  /** One entry per options.inspect selector, read after the step. */
  inspect?: InspectResult[];
  /** Load record only. */
  missingAssets?: string[];
  /** Load record of a multi-file candidate: files referenced but not in it, and references refused (outside it). */
  missingFiles?: string[];
  refusedFiles?: string[];
  /** The step's judge-free check (options.checks), read after its wait and screenshot. */
  check?: CheckVerdict;
  timings: { resolveMs: number; actMs: number; waitMs: number; captureMs: number; totalMs: number; checkMs?: number };
}

export interface ReplaySummary {
  policy: NetworkPolicy;
  timing: 'official' | 'settle';
  scroll: 'official' | 'directional';
  capture: 'dom' | 'cdp';
  input: InputName;
  resolver: ResolverInfo;
  seed: number;
  pageSeed: number;
  resolution: { width: number; height: number };
  steps: number;
  done: number;
  failedAt: number | null;
  reason?: string;
  /** Real time is left alone (Date, performance, timers run normally): recorded so a reader knows. */
  clock: 'real';
  events: { blocked: number; dialogs: number; errors: number };
}

export type { AgentEvent };
