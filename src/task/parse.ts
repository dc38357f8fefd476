// data.jsonl -> tasks. The reader is forgiving in the same places the official harness is:
// unknown fields are kept, an unknown step type is loaded (it fails later, at replay), a
// missing resolution means 1920x1080. A line that cannot become a task is skipped with an
// error and never stops the other lines from loading.
import { ACTION_TYPES, type Problem, type Resolution, type Step, type Task, type TaskRecord } from './types.ts';

/** IWR-SPEC "recording_details.resolution": the default when a task states none. */
export const DEFAULT_RESOLUTION: Resolution = { width: 1920, height: 1080 };

export interface ParsedDataset {
  tasks: Task[];
  /** Problems that belong to no loaded task (skipped lines). Each task carries its own in `task.problems`. */
  problems: Problem[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How a JSON value is named in messages: `a string`, `a number`, `null`, ... */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a number';
  return `a ${typeof v}`;
}

/** `a string "abc"`, `an integer 5`, `null`, `a list`: the kind, and the value when short. */
function found(v: unknown): string {
  if (v === null || typeof v === 'object') return kindOf(v);
  return `${kindOf(v)} ${show(v)}`;
}

const show = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
};

/**
 * "1920x1080" (the official form), "1920*1080" (seen in the dataset) and a few spellings of
 * the same (spaces, "X", "×"). Returns null when the text is not WIDTHxHEIGHT.
 */
export function parseResolutionText(text: string): Resolution | null {
  const m = /^\s*(\d{2,5})\s*[x*×X]\s*(\d{2,5})\s*$/.exec(text);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Reads `recording_details.resolution`; anything unusable becomes 1920x1080 with a problem. */
export function readResolution(
  value: unknown,
  at: { file: string; line?: number },
): { resolution: Resolution; problem?: Problem; stated: boolean } {
  const path = 'recording_details.resolution';
  const fallback = `${DEFAULT_RESOLUTION.width}x${DEFAULT_RESOLUTION.height}`;
  if (value === undefined || value === null || value === '') {
    return {
      resolution: { ...DEFAULT_RESOLUTION },
      stated: false,
      problem: { severity: 'warning', ...at, path, message: `is missing; using ${fallback}` },
    };
  }
  if (typeof value === 'string') {
    const parsed = parseResolutionText(value);
    if (parsed) return { resolution: parsed, stated: true };
  }
  return {
    resolution: { ...DEFAULT_RESOLUTION },
    stated: false,
    problem: { severity: 'error', ...at, path, message: `${show(value)} is not WIDTHxHEIGHT (e.g. "1920x1080"); using ${fallback}` },
  };
}

/** Checks one optional field's JSON type; returns the value when usable, else undefined. */
function optional<T>(
  obj: Json,
  key: string,
  test: (v: unknown) => v is T,
  want: string,
  report: (path: string, message: string) => void,
  path: string,
): T | undefined {
  const v = obj[key];
  if (v === undefined) return undefined;
  if (test(v)) return v;
  report(path, `should be ${want}, found ${found(v)}`);
  return undefined;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function parseStep(raw: unknown, i: number, report: (path: string, message: string, severity?: Problem['severity']) => void): Step {
  const at = `action_sequence[${i}]`;
  if (!isObject(raw)) {
    report(at, `should be an object, found ${kindOf(raw)}; the step is kept and will fail at replay`);
    return { type: '', parameters: {}, visual_evaluation_flag: false, logical_assertion: null };
  }
  let type = '';
  if (typeof raw.type === 'string') {
    type = raw.type;
    if (!(ACTION_TYPES as readonly string[]).includes(type)) report(`${at}.type`, `${show(type)} is not one of ${ACTION_TYPES.join(', ')}`);
  } else if (raw.type === undefined) {
    report(`${at}.type`, `is missing (one of ${ACTION_TYPES.join(', ')})`);
  } else {
    type = String(raw.type);
    report(`${at}.type`, `should be a string, found ${found(raw.type)}`);
  }

  let parameters: Json = {};
  if (isObject(raw.parameters)) parameters = raw.parameters;
  else if (raw.parameters !== undefined && raw.parameters !== null)
    report(`${at}.parameters`, `should be an object, found ${kindOf(raw.parameters)}`);
  const p = `${at}.parameters`;
  const checked = { ...parameters };
  for (const key of ['description', 'text', 'key', 'direction'] as const) {
    if (optional(parameters, key, isString, 'a string', report, `${p}.${key}`) === undefined) delete checked[key];
  }
  if (optional(parameters, 'element_index', isInt, 'an integer', report, `${p}.element_index`) === undefined) delete checked.element_index;
  if (optional(parameters, 'scroll_page', isBool, 'true or false', report, `${p}.scroll_page`) === undefined) delete checked.scroll_page;

  let flag = false;
  if (isBool(raw.visual_evaluation_flag)) flag = raw.visual_evaluation_flag;
  else if (raw.visual_evaluation_flag === undefined) report(`${at}.visual_evaluation_flag`, 'is missing; taken as false', 'warning');
  else report(`${at}.visual_evaluation_flag`, `should be true or false, found ${found(raw.visual_evaluation_flag)}; taken as false`);

  let assertion: string | null = null;
  if (isString(raw.logical_assertion)) assertion = raw.logical_assertion;
  else if (raw.logical_assertion !== undefined && raw.logical_assertion !== null) {
    report(`${at}.logical_assertion`, `should be a string or null, found ${kindOf(raw.logical_assertion)}; ignored`);
  }

  return { ...raw, type, parameters: checked, visual_evaluation_flag: flag, logical_assertion: assertion };
}

/** Parses one data.jsonl line (already known to be a JSON object) into a task. */
export function parseTaskRecord(raw: Json, at: { file: string; line?: number }): Task {
  const problems: Problem[] = [];
  const report = (path: string, message: string, severity: Problem['severity'] = 'error') => {
    problems.push({ severity, ...at, path, message });
  };

  const id = raw.id as number; // checked by the caller
  let source = '';
  if (isString(raw.source_website)) source = raw.source_website;
  else if (raw.source_website === undefined) report('source_website', 'is missing', 'warning');
  else report('source_website', `should be a string, found ${kindOf(raw.source_website)}`);

  let classification: Json = {};
  if (isObject(raw.classification)) {
    classification = raw.classification;
    for (const key of ['interaction_complexity', 'visual_complexity', 'domain', 'sub_domain']) {
      optional(classification, key, isString, 'a string', report, `classification.${key}`);
    }
  } else if (raw.classification === undefined) report('classification', 'is missing', 'warning');
  else report('classification', `should be an object, found ${kindOf(raw.classification)}`);

  let details: Json = {};
  if (isObject(raw.recording_details)) details = raw.recording_details;
  else if (raw.recording_details !== undefined) report('recording_details', `should be an object, found ${kindOf(raw.recording_details)}`);
  const res = readResolution(details.resolution, at);
  if (res.problem) problems.push(res.problem);
  optional(details, 'environment', isString, 'a string', report, 'recording_details.environment');

  let steps: Step[] = [];
  if (Array.isArray(raw.action_sequence)) {
    steps = raw.action_sequence.map((s, i) => parseStep(s, i, report));
    if (steps.length === 0) report('action_sequence', 'is empty: the task has nothing to replay', 'warning');
  } else if (raw.action_sequence === undefined) report('action_sequence', 'is missing');
  else report('action_sequence', `should be a list, found ${kindOf(raw.action_sequence)}`);

  const record: TaskRecord = {
    ...raw,
    id,
    source_website: source,
    classification,
    recording_details: details,
    action_sequence: steps,
  };
  return {
    record,
    id: String(id),
    resolution: res.resolution,
    resolutionFrom: res.stated ? 'data.jsonl' : 'default',
    flaggedSteps: steps.filter((s) => s.visual_evaluation_flag).length,
    problems,
  };
}

/**
 * Parses a whole data.jsonl. Blank lines are ignored; a UTF-8 BOM and CRLF line ends are
 * accepted; line numbers in problems are 1-based lines of the file as a text editor shows them.
 */
export function parseDataJsonl(text: string, file = 'data.jsonl'): ParsedDataset {
  const tasks: Task[] = [];
  const problems: Problem[] = [];
  const seen = new Map<number, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((lineText, index) => {
    const line = index + 1;
    if (lineText.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(lineText);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      problems.push({ severity: 'error', file, line, message: `is not valid JSON (${reason}); line skipped` });
      return;
    }
    if (!isObject(raw)) {
      problems.push({ severity: 'error', file, line, message: `should be a JSON object (one task), found ${kindOf(raw)}; line skipped` });
      return;
    }
    let id = raw.id;
    if (typeof id === 'string' && /^\d+$/.test(id.trim())) {
      // Folder names are the id's digits, so a quoted id still finds its folder.
      problems.push({ severity: 'warning', file, line, path: 'id', message: `${show(id)} is a string; the format uses an integer` });
      id = Number(id.trim());
    }
    if (!isInt(id) || id < 0) {
      const what = id === undefined ? 'is missing' : `should be a non-negative integer, found ${found(id)}`;
      problems.push({ severity: 'error', file, line, path: 'id', message: `${what}; line skipped` });
      return;
    }
    const first = seen.get(id);
    if (first !== undefined) {
      problems.push({ severity: 'error', file, line, path: 'id', message: `${id} is a duplicate of line ${first}; line skipped` });
      return;
    }
    seen.set(id, line);
    const task = parseTaskRecord({ ...raw, id }, { file, line });
    // The early warning about a quoted id belongs to the task now that it loaded.
    const last = problems.at(-1);
    if (last && last.line === line) task.problems.unshift(problems.pop() as Problem);
    tasks.push(task);
  });
  if (tasks.length === 0 && problems.length === 0) problems.push({ severity: 'error', file, message: 'holds no tasks' });
  return { tasks, problems };
}

/** All problems of a parsed dataset, file-level first, then each task's in order. */
export function allProblems(parsed: ParsedDataset): Problem[] {
  return [...parsed.problems, ...parsed.tasks.flatMap((t) => t.problems)];
}

export const hasErrors = (problems: readonly Problem[]): boolean => problems.some((p) => p.severity === 'error');
