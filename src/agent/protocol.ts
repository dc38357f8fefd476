// The messages between the app (src/sandbox) and the in-page agent, over the one
// MessagePort handed to the frame at start. Everything is structured-clone data; the app
// treats every reply as untrusted input from the candidate's realm and checks its shape.
import type { PageSnapshot } from '../driver/snapshot.ts';
import type { Probe } from '../checks/types.ts';
import type { RecordedInput } from '../record/inputs.ts';

export type NetworkPolicy = 'blocked' | 'allowed';

/** One asset, sent into the frame as bytes: an opaque frame cannot load the app's blob: URLs. */
export interface AssetFile {
  name: string;
  blob: Blob;
}

/** One file of a multi-file candidate, by its path relative to the candidate's root (index.html's folder). */
export interface CandidateFile {
  path: string;
  blob: Blob;
}

export type AgentAction =
  /** `fallback`: the official harness's second try, a script `element.click()` (see actions/click.ts). */
  | { type: 'Click'; index: number; fallback?: boolean }
  | { type: 'Type'; index: number; text: string }
  | { type: 'Press'; key: string; index?: number }
  | { type: 'Scroll'; mode: 'official' | 'directional'; direction?: string; scrollPage?: boolean; index?: number };

export type AgentCommand =
  /** `html` is the page (index.html); `files`, the other files of a multi-file candidate. */
  | { cmd: 'load'; html: string; assets: AssetFile[]; seed: number; policy: NetworkPolicy; files?: CandidateFile[] }
  /** `look: false` skips the colour, border and shape reads (a step naming no colour or style needs none). */
  | { cmd: 'snapshot'; look?: boolean }
  | { cmd: 'act'; action: AgentAction }
  | { cmd: 'settle'; quietMs: number; capMs: number }
  | { cmd: 'capture'; format?: 'png' }
  | { cmd: 'ping' }
  /** Read-only look at one element (tests and the run log): text, value, checked, scroll. */
  | { cmd: 'inspect'; selector: string }
  /** Read-only facts for judge-free checks (src/checks): one Observation per probe. */
  | { cmd: 'observe'; probes: Probe[] }
  /** Task recording (src/agent/recorder.ts): report the person's real input as `recorded` events, or stop. */
  | { cmd: 'record'; on: boolean };

export type AgentRequest = AgentCommand & { id: number };

/**
 * Tagged outcomes, Playwright style: the agent never throws across the port.
 * 'error:*' codes listed in TRANSIENT_ERRORS are retried by the app on a fixed backoff.
 */
export type ActCode =
  | 'done'
  | 'error:notconnected'
  | 'error:notvisible'
  | 'error:notenabled'
  | 'error:notstable'
  | 'error:obscured'
  | 'error:notfound'
  | 'error:noteditable'
  | 'error:unknownkey'
  | 'error:notscrolled'
  | 'error:unknownaction'
  | 'error:exception';

export const TRANSIENT_ERRORS: readonly ActCode[] = ['error:notvisible', 'error:notstable', 'error:obscured', 'error:notconnected'];

export interface ActResult {
  code: ActCode;
  /** Human-readable detail: what was hit instead, how far the page scrolled, ... */
  detail?: string;
  /** Scroll: vertical position before and after (official rule: |after - before| > 5). */
  scrollBefore?: number;
  scrollAfter?: number;
  /** The element actually dispatched to after retargeting (label -> input, span -> button). */
  retargeted?: string;
}

export interface LoadResult {
  missingAssets: string[];
  /** Asset names that the page referenced and that were found. */
  usedAssets: string[];
  /** Multi-file candidates: files the page referenced that it does not have, "path (referenced by file)". */
  missingFiles?: string[];
  /** References refused because they point outside the candidate ("../../x"), with the reason. */
  refusedFiles?: string[];
}

export interface CaptureResult {
  png: Blob;
  width: number;
  height: number;
  ms: number;
  /** Where the time went: element count check, snapdom clone, rasterising, PNG encoding. */
  phases?: { prepare: number; clone: number; raster: number; encode: number };
}

export interface SettleResult {
  /** ms waited until no mutation for quietMs, or capMs when the cap was hit. */
  waited: number;
  capped: boolean;
}

/** The answer to `record`: where the window was scrolled when recording started or stopped. */
export interface RecordState {
  scrollY: number;
  maxY: number;
  viewportHeight: number;
}

export interface InspectResult {
  found: boolean;
  text?: string;
  value?: string;
  checked?: boolean;
  scrollY: number;
  focused: string;
  title: string;
}

export type AgentReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

export type AgentEvent =
  | { type: 'ready' }
  | { type: 'console'; level: string; text: string; at: number }
  | { type: 'error'; message: string; source?: string; line?: number; at: number }
  | {
      type: 'dialog';
      dialog: 'alert' | 'confirm' | 'prompt' | 'beforeunload' | 'print';
      message: string;
      answer: string | boolean | null;
      at: number;
    }
  | { type: 'blocked'; url: string; directive: string; at: number }
  | { type: 'opened'; url: string; at: number }
  /** A multi-file candidate asked at run time (fetch, XHR, a src) for a file it lacks, or for a path outside it. */
  | { type: 'file'; problem: 'missing' | 'refused'; text: string; at: number }
  /** pagehide: the frame is leaving this document (navigation); the agent goes with it. */
  | { type: 'unload'; at: number }
  /** While recording: one real input of the person (never capped: a recording must not lose keystrokes). */
  | { type: 'recorded'; input: RecordedInput };

export type AgentMessage = { kind: 'reply'; reply: AgentReply } | { kind: 'event'; event: AgentEvent };

export type { PageSnapshot };

/** The first message the app posts into the frame: carries the port, nothing else. */
export const HELLO = 'iwr-agent-hello';
