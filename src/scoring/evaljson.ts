// Writing and reading eval.json. The reader accepts official files (no `iwr_studio` key) and
// names every problem by file and JSON path, e.g. `.../eval.json: all_dino_scores[2] ...`.
// Only what the official aggregate reads can block a score (total_step, success_step and the
// three per-checkpoint score lists); every other field that is missing or malformed is a
// warning, and the record is returned with that field made safe (an empty text, a null entry),
// so a reviewer's files are scored as the official script would score them.
import type { Problem } from '../task/types.ts';
import { UNJUDGED, type EvalRecord } from './eval-record.ts';

/** As the official writer: 2-space indent, non-ASCII kept (`ensure_ascii=False`). */
export function serializeEvalRecord(rec: EvalRecord): string {
  return JSON.stringify(rec, null, 2);
}

export interface EvalParse {
  /** Set when there is no error (warnings allowed). */
  record?: EvalRecord;
  problems: Problem[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);

/** Parses and validates one eval.json's text. `file` is only used to name problems. */
export function parseEvalJson(text: string, file: string): EvalParse {
  const problems: Problem[] = [];
  const err = (path: string | undefined, message: string): void => {
    problems.push({ severity: 'error', file, ...(path ? { path } : {}), message });
  };
  const warn = (path: string, message: string): void => {
    problems.push({ severity: 'warning', file, path, message });
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    // Python's json.dumps writes NaN/Infinity for non-finite floats; JSON cannot hold them.
    err(undefined, `not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    return { problems };
  }
  if (!isObj(data)) {
    err(undefined, 'expected a JSON object at the top level');
    return { problems };
  }

  const intField = (k: string): void => {
    if (!(k in data)) err(k, 'is missing');
    else if (!isInt(data[k]) || (data[k] as number) < 0) err(k, `must be a non-negative integer, got ${JSON.stringify(data[k])}`);
  };
  const list = (k: string, check: (v: unknown) => string | null): unknown[] | undefined => {
    const v = data[k];
    if (!(k in data)) return void err(k, 'is missing');
    if (!Array.isArray(v)) return void err(k, `must be a list, got ${JSON.stringify(v)}`);
    v.forEach((item, i) => {
      const why = check(item);
      if (why) err(`${k}[${i}]`, `${why}, got ${JSON.stringify(item)}`);
    });
    return v;
  };
  /** A field the aggregate does not read: problems are warnings, and bad entries become `safe(item)`. */
  const softList = (k: string, check: (v: unknown) => string | null, safe: (v: unknown) => unknown): unknown[] | undefined => {
    const v = data[k];
    if (!(k in data)) {
      warn(k, 'is missing (not needed for the scores)');
      data[k] = [];
      return undefined;
    }
    if (!Array.isArray(v)) {
      warn(k, `must be a list, got ${JSON.stringify(v)} (not needed for the scores)`);
      data[k] = [];
      return undefined;
    }
    data[k] = v.map((item, i) => {
      const why = check(item);
      if (!why) return item;
      warn(`${k}[${i}]`, `${why}, got ${JSON.stringify(item)} (not needed for the scores)`);
      return safe(item);
    });
    return data[k] as unknown[];
  };
  const softNum = (k: string): void => {
    if (!(k in data)) {
      warn(k, 'is missing (not needed for the scores)');
      data[k] = null;
    } else if (!(isNum(data[k]) || data[k] === null)) {
      warn(k, `must be a number or null, got ${JSON.stringify(data[k])} (not needed for the scores)`);
      data[k] = null;
    }
  };
  const score01 = (v: unknown): string | null => (isNum(v) && v >= 0 && v <= 1 ? null : 'must be a number in 0..1');
  const scoreOrUnjudged = (v: unknown): string | null =>
    v === UNJUDGED ? null : isNum(v) && v >= 0 && v <= 1 ? null : `must be a number in 0..1 or "${UNJUDGED}"`;

  intField('total_step');
  if (!('success_step' in data)) err('success_step', 'is missing');
  else if (!isInt(data['success_step'])) err('success_step', `must be an integer, got ${JSON.stringify(data['success_step'])}`);
  // What the aggregate reads: strict.
  const mllm = list('all_mllm_scores', scoreOrUnjudged);
  const dino = list('all_dino_scores', score01);
  const ocr = list('all_ocr_scores', score01);
  // The rest: warnings, and the field made safe.
  const paths = softList(
    'screenshot_paths_to_eval',
    (v) => (typeof v === 'string' ? null : 'must be a string'),
    () => '',
  );
  // all_avg_scores is officially (mllm + dino + ocr) / 3; not re-derived, only type-checked.
  softList('all_avg_scores', scoreOrUnjudged, () => null);
  softNum('mllm_score');
  softNum('dino_score');
  softNum('ocr_score');
  softNum('avg_score');
  const res = softList(
    'all_mllm_res',
    (v) => (typeof v === 'string' || v === null ? null : 'must be a string or null'),
    () => null,
  );
  const texts = softList(
    'all_ocr_texts',
    (v) => {
      if (!isObj(v)) return 'must be an object';
      if (typeof v['checkpoint_text'] !== 'string' || typeof v['screenshot_text'] !== 'string')
        return 'must have string checkpoint_text and screenshot_text';
      return null;
    },
    (v) => ({ checkpoint_text: '', screenshot_text: '', similarity: isObj(v) && isNum(v['similarity']) ? v['similarity'] : 0 }),
  );
  const assertions = softList(
    'assertion_results',
    (v) => {
      if (v === null) return null;
      if (!isObj(v)) return 'must be null or an object';
      const r = v['result'];
      return r === 'Yes' || r === 'No' || r === 'Error' || r === UNJUDGED ? null : `.result must be "Yes", "No", "Error" or "${UNJUDGED}"`;
    },
    () => null,
  );

  // Consistency the aggregate does not need but a sound record has: warnings only.
  const n = paths?.length;
  if (n !== undefined) {
    for (const [k, l] of [
      ['all_mllm_scores', mllm],
      ['all_dino_scores', dino],
      ['all_ocr_scores', ocr],
      ['all_mllm_res', res],
      ['all_ocr_texts', texts],
    ] as const) {
      if (l && l.length !== n) warn(k, `has ${l.length} entries for ${n} screenshot_paths_to_eval`);
    }
  }
  if (assertions && isInt(data['total_step']) && assertions.length !== data['total_step'])
    warn('assertion_results', `has ${assertions.length} entries for total_step ${String(data['total_step'])}`);
  if (isInt(data['success_step']) && isInt(data['total_step']) && data['success_step'] > data['total_step'])
    warn('success_step', `is larger than total_step (${data['success_step']} > ${data['total_step']})`);

  if ('iwr_studio' in data) {
    // Ours, and never read by the aggregate: a malformed section is dropped with warnings.
    const before = problems.length;
    checkExtras(data['iwr_studio'], (path, message) => warn(path, `${message} (ignored: not needed for the scores)`));
    if (problems.length > before) delete data['iwr_studio'];
  }

  if (problems.some((p) => p.severity === 'error')) return { problems };
  return { record: data as unknown as EvalRecord, problems };
}

function checkExtras(x: unknown, err: (path: string, message: string) => void): void {
  if (!isObj(x)) return err('iwr_studio', 'must be an object');
  if (x['schema'] !== 1) err('iwr_studio.schema', `must be 1, got ${JSON.stringify(x['schema'])}`);
  for (const k of ['app_version', 'network_policy', 'capture_backend', 'input_backend'])
    if (k in x && typeof x[k] !== 'string') err(`iwr_studio.${k}`, 'must be a string');
  if ('executed_steps' in x && !(isInt(x['executed_steps']) && (x['executed_steps'] as number) >= 0))
    err('iwr_studio.executed_steps', 'must be a non-negative integer');
  for (const k of ['checkpoint_pairs', 'driver_decisions']) if (k in x && !Array.isArray(x[k])) err(`iwr_studio.${k}`, 'must be a list');
  if (Array.isArray(x['driver_decisions']))
    x['driver_decisions'].forEach((d, i) => {
      if (!isObj(d) || !isInt(d['step']) || typeof d['outcome'] !== 'string')
        err(`iwr_studio.driver_decisions[${i}]`, 'must be an object with integer step and string outcome');
    });
  if ('models' in x) {
    const m = x['models'];
    if (!isObj(m)) err('iwr_studio.models', 'must be an object');
    else
      for (const [k, ref] of Object.entries(m))
        if (!isObj(ref) || typeof ref['id'] !== 'string') err(`iwr_studio.models.${k}`, 'must be an object with a string id');
  }
  if ('judge' in x && !(isObj(x['judge']) && typeof x['judge']['kind'] === 'string'))
    err('iwr_studio.judge', 'must be an object with a string kind');
}
