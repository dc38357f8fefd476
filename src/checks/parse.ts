// Reading checks.json: every problem names the file and the JSON path, and one bad entry never
// disables the others (it is skipped; the rest load). Pure.
import type { Problem, Step } from '../task/types.ts';
import {
  CHECKS_FORMAT,
  CHECKS_VERSION,
  type Check,
  type CheckEntry,
  type Compare,
  type ElementState,
  type LeafCheck,
  type Provenance,
  type Target,
  type Where,
} from './types.ts';

const COMPARES: readonly Compare[] = ['=', '!=', '<', '<=', '>', '>='];
const STATES: readonly ElementState[] = ['checked', 'selected', 'disabled', 'expanded', 'focused'];
const WHERES: readonly Where[] = ['viewport', 'page'];
const KINDS: readonly LeafCheck['kind'][] = [
  'text',
  'count',
  'value',
  'state',
  'visible',
  'title',
  'hash',
  'number',
  'restyled',
  'changed',
];
/** Deeper nesting is a mistake or an attack; real checks are two or three levels deep. */
const MAX_DEPTH = 8;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const nonEmpty = (v: unknown): v is string => isStr(v) && v.trim().length > 0;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

class Invalid extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

function fail(path: string, message: string): never {
  throw new Invalid(path, message);
}

function onlyKeys(o: Obj, path: string, allowed: readonly string[]): void {
  for (const k of Object.keys(o))
    if (!allowed.includes(k)) fail(`${path}.${k}`, `is not a field of this check (expected one of ${allowed.join(', ')})`);
}

function optional<T>(o: Obj, key: string, path: string, ok: (v: unknown) => v is T, what: string): T | undefined {
  if (!(key in o)) return undefined;
  const v = o[key];
  if (!ok(v)) fail(`${path}.${key}`, `must be ${what}`);
  return v;
}

function readTarget(v: unknown, path: string): Target {
  if (!isObj(v)) fail(path, 'must be an object with one of description, text or selector');
  const keys = Object.keys(v);
  if (keys.length !== 1) fail(path, `must have exactly one of description, text or selector (has ${keys.join(', ') || 'none'})`);
  const [key] = keys as [string];
  const value = v[key];
  if (!['description', 'text', 'selector'].includes(key)) fail(`${path}.${key}`, 'is not a target (use description, text or selector)');
  if (!nonEmpty(value)) fail(`${path}.${key}`, 'must be a non-empty string');
  return { [key]: value } as Target;
}

function readCompare(o: Obj, path: string): Compare {
  const op = o.op;
  if (!COMPARES.includes(op as Compare)) fail(`${path}.op`, `must be one of ${COMPARES.join(' ')}`);
  return op as Compare;
}

function readLeaf(o: Obj, path: string): LeafCheck {
  const kind = o.kind as LeafCheck['kind'];
  if (!KINDS.includes(kind)) fail(`${path}.kind`, `must be one of ${KINDS.join(', ')} (or use all / any / not)`);
  const where = optional(o, 'where', path, (v): v is Where => WHERES.includes(v as Where), "'viewport' or 'page'");
  const within = 'within' in o ? readTarget(o.within, `${path}.within`) : undefined;
  const extra = { ...(where ? { where } : {}), ...(within ? { within } : {}) };
  switch (kind) {
    case 'text': {
      onlyKeys(o, path, ['kind', 'text', 'present', 'within', 'where']);
      if (!nonEmpty(o.text)) fail(`${path}.text`, 'must be a non-empty string');
      const present = optional(o, 'present', path, (v): v is boolean => typeof v === 'boolean', 'true or false');
      return { kind, text: o.text, ...(present !== undefined ? { present } : {}), ...extra };
    }
    case 'count': {
      onlyKeys(o, path, ['kind', 'text', 'selector', 'within', 'where', 'op', 'value']);
      const text = optional(o, 'text', path, nonEmpty, 'a non-empty string');
      const selector = optional(o, 'selector', path, nonEmpty, 'a non-empty string');
      if (!text && !selector) fail(path, 'a count needs text, selector or both');
      if (!isNum(o.value) || o.value < 0 || !Number.isInteger(o.value)) fail(`${path}.value`, 'must be a whole number, 0 or more');
      return { kind, ...(text ? { text } : {}), ...(selector ? { selector } : {}), op: readCompare(o, path), value: o.value, ...extra };
    }
    case 'value': {
      onlyKeys(o, path, ['kind', 'target', 'equals', 'contains']);
      const equals = optional(o, 'equals', path, isStr, 'a string');
      const contains = optional(o, 'contains', path, nonEmpty, 'a non-empty string');
      if (equals === undefined && contains === undefined) fail(path, 'a value check needs equals or contains');
      return {
        kind,
        target: readTarget(o.target, `${path}.target`),
        ...(equals !== undefined ? { equals } : {}),
        ...(contains ? { contains } : {}),
      };
    }
    case 'state': {
      onlyKeys(o, path, ['kind', 'target', 'state', 'is']);
      if (!STATES.includes(o.state as ElementState)) fail(`${path}.state`, `must be one of ${STATES.join(', ')}`);
      const is = optional(o, 'is', path, (v): v is boolean => typeof v === 'boolean', 'true or false');
      return { kind, target: readTarget(o.target, `${path}.target`), state: o.state as ElementState, ...(is !== undefined ? { is } : {}) };
    }
    case 'visible': {
      onlyKeys(o, path, ['kind', 'target', 'visible', 'where']);
      const visible = optional(o, 'visible', path, (v): v is boolean => typeof v === 'boolean', 'true or false');
      return {
        kind,
        target: readTarget(o.target, `${path}.target`),
        ...(visible !== undefined ? { visible } : {}),
        ...(where ? { where } : {}),
      };
    }
    case 'title': {
      onlyKeys(o, path, ['kind', 'equals', 'contains']);
      const equals = optional(o, 'equals', path, isStr, 'a string');
      const contains = optional(o, 'contains', path, nonEmpty, 'a non-empty string');
      if (equals === undefined && contains === undefined) fail(path, 'a title check needs equals or contains');
      return { kind, ...(equals !== undefined ? { equals } : {}), ...(contains ? { contains } : {}) };
    }
    case 'hash': {
      onlyKeys(o, path, ['kind', 'equals']);
      if (!isStr(o.equals) || (o.equals !== '' && !o.equals.startsWith('#'))) fail(`${path}.equals`, "must be '' or start with '#'");
      return { kind, equals: o.equals };
    }
    case 'number': {
      onlyKeys(o, path, ['kind', 'target', 'op', 'value', 'change']);
      const value = optional(o, 'value', path, isNum, 'a number');
      const change = optional(o, 'change', path, isNum, 'a number');
      if ((value === undefined) === (change === undefined)) fail(path, 'a number check needs exactly one of value or change');
      return {
        kind,
        target: readTarget(o.target, `${path}.target`),
        op: readCompare(o, path),
        ...(value !== undefined ? { value } : {}),
        ...(change !== undefined ? { change } : {}),
      };
    }
    case 'restyled': {
      onlyKeys(o, path, ['kind', 'target']);
      return { kind, target: readTarget(o.target, `${path}.target`) };
    }
    case 'changed': {
      onlyKeys(o, path, ['kind', 'region', 'min']);
      const min = optional(o, 'min', path, (v): v is number => isNum(v) && v > 0 && v <= 1, 'a fraction above 0, at most 1');
      let region: { x: number; y: number; width: number; height: number } | undefined;
      if ('region' in o) {
        const r = o.region;
        if (!isObj(r) || !['x', 'y', 'width', 'height'].every((k) => isNum(r[k]) && (r[k] as number) >= 0))
          fail(`${path}.region`, 'must be { x, y, width, height } in CSS pixels, 0 or more');
        if ((r.width as number) <= 0 || (r.height as number) <= 0) fail(`${path}.region`, 'must have a width and height above 0');
        region = { x: r.x as number, y: r.y as number, width: r.width as number, height: r.height as number };
      }
      return { kind, ...(region ? { region } : {}), ...(min !== undefined ? { min } : {}) };
    }
  }
}

/** Validates one check tree; throws Invalid with the path of the first problem. */
function readCheck(v: unknown, path: string, depth = 0): Check {
  if (depth > MAX_DEPTH) fail(path, `is nested more than ${MAX_DEPTH} levels deep`);
  if (!isObj(v)) fail(path, 'must be an object (a check, or all / any / not)');
  for (const op of ['all', 'any'] as const) {
    if (op in v) {
      onlyKeys(v, path, [op]);
      const list = v[op];
      if (!Array.isArray(list) || list.length === 0) fail(`${path}.${op}`, 'must be a non-empty list of checks');
      return { [op]: list.map((c, i) => readCheck(c, `${path}.${op}[${i}]`, depth + 1)) } as Check;
    }
  }
  if ('not' in v) {
    onlyKeys(v, path, ['not']);
    return { not: readCheck(v.not, `${path}.not`, depth + 1) };
  }
  return readLeaf(v, path);
}

function readProvenance(v: unknown, path: string): Provenance {
  if (!isObj(v)) fail(path, "must be an object: { by: 'hand' | 'model', created, ... }");
  if (v.by !== 'hand' && v.by !== 'model') fail(`${path}.by`, "must be 'hand' or 'model'");
  if (!nonEmpty(v.created) || Number.isNaN(Date.parse(v.created))) fail(`${path}.created`, 'must be an ISO date');
  const out: Provenance = { by: v.by, created: v.created };
  for (const key of ['author', 'model', 'approvedBy', 'approved'] as const) {
    const s = optional(v, key, path, isStr, 'a string');
    if (s !== undefined) out[key] = s;
  }
  if (out.approved !== undefined && Number.isNaN(Date.parse(out.approved))) fail(`${path}.approved`, 'must be an ISO date');
  // A model's draft counts only once a person approved it.
  if (out.by === 'model' && (!out.approvedBy || !out.approved))
    fail(path, "a model's draft needs approvedBy and approved (a person signs it off)");
  return out;
}

/** Reads one entry of a checks file (exported for the editor, which validates as one types). */
export function readEntry(v: unknown, path: string): CheckEntry {
  if (!isObj(v)) fail(path, 'must be an object: { step, assertion, check, provenance }');
  onlyKeys(v, path, ['step', 'assertion', 'check', 'provenance']);
  if (!isNum(v.step) || !Number.isInteger(v.step) || v.step < 0) fail(`${path}.step`, 'must be a step index (0-based)');
  if (!nonEmpty(v.assertion)) fail(`${path}.assertion`, 'must be the assertion text the check was written for');
  return {
    step: v.step,
    assertion: v.assertion,
    check: readCheck(v.check, `${path}.check`),
    provenance: readProvenance(v.provenance, `${path}.provenance`),
  };
}

/** Validates a check tree given alone (the editor's JSON view); null and a problem when invalid. */
export function validateCheck(v: unknown, file = 'check'): { check: Check | null; problem?: Problem } {
  try {
    return { check: readCheck(v, 'check') };
  } catch (err) {
    if (err instanceof Invalid) return { check: null, problem: { severity: 'error', file, path: err.path, message: err.message } };
    throw err;
  }
}

export interface ParsedChecks {
  entries: CheckEntry[];
  problems: Problem[];
}

/** Reads a checks.json text. A malformed entry is skipped with a problem; the others load. */
export function parseChecksFile(text: string, file: string): ParsedChecks {
  const problems: Problem[] = [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return {
      entries: [],
      problems: [{ severity: 'error', file, message: `is not JSON: ${err instanceof Error ? err.message : String(err)}` }],
    };
  }
  if (!isObj(json))
    return {
      entries: [],
      problems: [
        {
          severity: 'error',
          file,
          message: `must be an object { "format": "${CHECKS_FORMAT}", "version": ${CHECKS_VERSION}, "entries": [...] }`,
        },
      ],
    };
  if (json.format !== CHECKS_FORMAT) problems.push({ severity: 'error', file, path: 'format', message: `must be "${CHECKS_FORMAT}"` });
  if (json.version !== CHECKS_VERSION)
    problems.push({
      severity: 'error',
      file,
      path: 'version',
      message: `is ${JSON.stringify(json.version)}; this version of IWR Studio reads version ${CHECKS_VERSION}`,
    });
  if (problems.length) return { entries: [], problems };
  if (!Array.isArray(json.entries))
    return { entries: [], problems: [{ severity: 'error', file, path: 'entries', message: 'must be a list' }] };
  const entries: CheckEntry[] = [];
  const seen = new Map<number, number>();
  json.entries.forEach((raw, i) => {
    const path = `entries[${i}]`;
    try {
      const entry = readEntry(raw, path);
      const first = seen.get(entry.step);
      if (first !== undefined) {
        problems.push({
          severity: 'error',
          file,
          path: `${path}.step`,
          message: `step ${entry.step} already has a check (entries[${first}]); this one is skipped`,
        });
        return;
      }
      seen.set(entry.step, i);
      entries.push(entry);
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      problems.push({ severity: 'error', file, path: err.path, message: `${err.message}; entry skipped` });
    }
  });
  return { entries, problems };
}

/** Assertion texts compared as a person reads them: case, spacing and quote styles ignored. */
export function sameAssertion(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .replace(/[‘’´`]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return norm(a) === norm(b);
}

/**
 * The entries that apply to a task's steps, by step index. An entry for a step without an
 * assertion, past the last step, or written for another assertion text (the task changed)
 * is left out with a warning.
 */
export function checksForSteps(
  entries: readonly CheckEntry[],
  steps: readonly Step[],
  file: string,
): { byStep: Map<number, CheckEntry>; problems: Problem[] } {
  const byStep = new Map<number, CheckEntry>();
  const problems: Problem[] = [];
  for (const [i, e] of entries.entries()) {
    const path = `entries[${i}]`;
    const step = steps[e.step];
    const assertion = typeof step?.logical_assertion === 'string' ? step.logical_assertion : '';
    if (!step)
      problems.push({ severity: 'warning', file, path: `${path}.step`, message: `the task has ${steps.length} steps; no step ${e.step}` });
    else if (!assertion.trim())
      problems.push({ severity: 'warning', file, path: `${path}.step`, message: `step ${e.step} has no logical assertion` });
    else if (!sameAssertion(assertion, e.assertion))
      problems.push({
        severity: 'warning',
        file,
        path: `${path}.assertion`,
        message: `is stale: step ${e.step}'s assertion now reads ${JSON.stringify(assertion)}; write the check again`,
      });
    else byStep.set(e.step, e);
  }
  return { byStep, problems };
}
