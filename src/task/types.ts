// The official IWR-Bench task format (see IWR-SPEC "Data layout"), as plain data.
// Unknown fields are kept on every object (`[key: string]: unknown`) and written back
// unchanged: the dataset may grow fields we do not know yet.

export const ACTION_TYPES = ['Click', 'Type', 'Press', 'Scroll'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export interface StepParameters {
  /** Natural language, e.g. "Click the 'Book now' button under the first hotel". */
  description?: string;
  /** Type: the text to enter. */
  text?: string;
  /** Type: index of the field in the official harness's element list. */
  element_index?: number;
  /** Press: a key name such as "ArrowUp" or "Enter". */
  key?: string;
  /** Scroll: "down" | "up" | ... (ignored by the official rule). */
  direction?: string;
  /** Scroll: whole page or a container (ignored by the official rule). */
  scroll_page?: boolean;
  [key: string]: unknown;
}

export interface Step {
  /** Officially one of ACTION_TYPES; anything else is loaded and fails at replay. */
  type: string;
  parameters: StepParameters;
  visual_evaluation_flag: boolean;
  logical_assertion: string | null;
  [key: string]: unknown;
}

export interface Classification {
  interaction_complexity?: string;
  visual_complexity?: string;
  domain?: string;
  sub_domain?: string;
  [key: string]: unknown;
}

export interface RecordingDetails {
  resolution?: string;
  environment?: string;
  [key: string]: unknown;
}

/** One line of data.jsonl, as found (unknown fields kept). */
export interface TaskRecord {
  id: number;
  source_website: string;
  classification: Classification;
  recording_details: RecordingDetails;
  action_sequence: Step[];
  [key: string]: unknown;
}

export interface Resolution {
  width: number;
  height: number;
}

/** Where a problem was found: a file, and optionally a line and a JSON path inside it. */
export interface Problem {
  severity: 'error' | 'warning';
  /** e.g. "data.jsonl" or "data/17/checkpoints/step_2.png" */
  file: string;
  line?: number;
  /** e.g. "action_sequence[3].type" */
  path?: string;
  message: string;
}

/** A parsed task: the record plus what we derived from it. */
export interface Task {
  record: TaskRecord;
  /** Task id as a string: folder names and result paths use it. */
  id: string;
  resolution: Resolution;
  /**
   * Where `resolution` came from: data.jsonl's recording_details wins; metadata.json fills in
   * when data.jsonl has none (known once the task folder is opened); else the 1920x1080 default.
   */
  resolutionFrom?: 'data.jsonl' | 'metadata.json' | 'default';
  /** Number of steps with visual_evaluation_flag; checkpoints expected = this + 1. */
  flaggedSteps: number;
  problems: Problem[];
}

/** Files of one task folder (data/<id>/), relative to that folder. */
export interface TaskFiles {
  video?: string;
  checkpoints: string[];
  stitched: string[];
  assets: string[];
  metadata?: string;
  /** Our judge-free checks beside the official files (src/checks); the official harness ignores it. */
  checks?: string;
}

/** Formats one problem as a single line: `data.jsonl line 17: action_sequence[3].type ...`. */
export function formatProblem(p: Problem): string {
  const where = p.line !== undefined ? `${p.file} line ${p.line}` : p.file;
  const path = p.path ? `${p.path} ` : '';
  return `${where}: ${path}${p.message}`;
}
