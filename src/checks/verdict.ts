// From a check and what the page showed to a verdict with its evidence. The agent only reads
// facts (Observation); every decision is here, pure, so it is tested without a browser.
import type { Check, CheckVerdict, Compare, LeafCheck, LeafEvidence, Observation, Probe, ProbeTarget, Target } from './types.ts';

/** Text as compared by checks: Unicode-normalised, lower case, straight quotes, single spaces. */
export function normText(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[‘’´`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[−–]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The first number in a text: "Count: 1" -> 1, "$1,380.50" -> 1380.5, "−2" -> -2; null when none. */
export function firstNumber(text: string): number | null {
  const m = /([-−]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/.exec(text);
  if (!m) return null;
  const n = Number(`${m[2]!.replace(/,/g, '')}${m[3] ?? ''}`);
  return m[1] ? -n : n;
}

export function compare(a: number, op: Compare, b: number): boolean {
  const eq = Math.abs(a - b) < 1e-9;
  switch (op) {
    case '=':
      return eq;
    case '!=':
      return !eq;
    case '<':
      return a < b && !eq;
    case '<=':
      return a < b || eq;
    case '>':
      return a > b && !eq;
    case '>=':
      return a > b || eq;
  }
}

/** Leaves that compare with the page just before the step. */
export const needsBefore = (c: LeafCheck): boolean => (c.kind === 'number' && c.change !== undefined) || c.kind === 'restyled';

export interface Leaf {
  /** JSON path in the entry, e.g. "check.all[1]": also the probe id. */
  path: string;
  check: LeafCheck;
}

export function leavesOf(check: Check, path = 'check'): Leaf[] {
  if ('all' in check) return check.all.flatMap((c, i) => leavesOf(c, `${path}.all[${i}]`));
  if ('any' in check) return check.any.flatMap((c, i) => leavesOf(c, `${path}.any[${i}]`));
  if ('not' in check) return leavesOf(check.not, `${path}.not`);
  return [{ path, check }];
}

/** The element a leaf reads, if any (`within` for text and count). */
export function targetOf(leaf: LeafCheck): Target | undefined {
  if ('target' in leaf) return leaf.target;
  if (leaf.kind === 'text' || leaf.kind === 'count') return leaf.within;
  return undefined;
}

/** Descriptions are resolved by the app (the resolver on a snapshot); the rest go as they are. */
export type TargetResolver = (t: Target) => ProbeTarget | string;

/**
 * What to ask the agent for each leaf. `phase` 'before' asks only for what a comparison with
 * the state before the step needs (numbers with `change`). A target the app could not
 * resolve is returned in `unresolved` with the reason, and its leaf fails.
 */
export function probesFor(
  leaves: readonly Leaf[],
  resolveTarget: TargetResolver,
  phase: 'before' | 'after' = 'after',
): { probes: Probe[]; unresolved: Map<string, string> } {
  const probes: Probe[] = [];
  const unresolved = new Map<string, string>();
  for (const { path, check } of leaves) {
    if (check.kind === 'changed') continue;
    if (phase === 'before' && !needsBefore(check)) continue;
    const t = targetOf(check);
    let target: ProbeTarget | undefined;
    if (t) {
      const r = resolveTarget(t);
      if (typeof r === 'string') {
        unresolved.set(path, r);
        continue;
      }
      target = r;
    }
    const base: Probe = { id: path, read: check.kind, ...(target ? { target } : {}) };
    if (check.kind === 'text' || check.kind === 'visible') probes.push({ ...base, where: check.where ?? 'viewport' });
    else if (check.kind === 'count')
      probes.push({
        ...base,
        where: check.where ?? 'viewport',
        ...(check.text ? { text: check.text } : {}),
        ...(check.selector ? { selector: check.selector } : {}),
      });
    else probes.push(base);
  }
  return { probes, unresolved };
}

export interface Facts {
  after: ReadonlyMap<string, Observation>;
  before?: ReadonlyMap<string, Observation>;
  /** `changed` leaves: the fraction of pixels that changed (null: a screenshot is missing). */
  changed?: ReadonlyMap<string, number | null>;
  unresolved?: ReadonlyMap<string, string>;
}

const q = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}...` : s);
const describeTarget = (t: Target): string =>
  'description' in t ? `"${t.description}"` : 'text' in t ? `the element with ${q(t.text)}` : t.selector;
const at = (o: Observation): string => (o.element ? ` in ${o.element}` : '');

function judgeLeaf(path: string, c: LeafCheck, facts: Facts): LeafEvidence {
  const ev = (pass: boolean, seen: string): LeafEvidence => ({ path, kind: c.kind, pass, seen });
  const missing = facts.unresolved?.get(path);
  if (missing) return ev(false, missing);
  if (c.kind === 'changed') {
    const f = facts.changed?.get(path);
    if (f === null || f === undefined) return ev(false, 'no screenshot to compare (before or after the step)');
    const min = c.min ?? 0.005;
    return ev(f >= min, `${(f * 100).toFixed(2)} % of the pixels changed (needs ${(min * 100).toFixed(2)} %)`);
  }
  const o = facts.after.get(path);
  if (!o) return ev(false, 'the page did not answer');
  if (o.error) return ev(false, `could not be read: ${o.error}`);
  const t = targetOf(c);
  if (t && !o.found && c.kind !== 'visible') return ev(false, `${describeTarget(t)} not found`);
  switch (c.kind) {
    case 'text': {
      const want = c.present ?? true;
      const seen = normText(o.text ?? '').includes(normText(c.text));
      const where = `${c.within ? at(o) || ' in the element' : ''}${(c.where ?? 'viewport') === 'viewport' ? ' in view' : ' on the page'}`;
      return ev(seen === want, `${q(c.text)} ${seen ? 'seen' : 'not seen'}${where}`);
    }
    case 'count': {
      const n = o.count ?? 0;
      const what = [c.text ? `containing ${q(c.text)}` : '', c.selector ? `matching ${c.selector}` : ''].filter(Boolean).join(' and ');
      return ev(compare(n, c.op, c.value), `${n} visible element(s) ${what}${at(o)} (needs ${c.op} ${c.value})`);
    }
    case 'value': {
      const v = o.value ?? '';
      const pass =
        (c.equals === undefined || normText(v) === normText(c.equals)) &&
        (c.contains === undefined || normText(v).includes(normText(c.contains)));
      return ev(pass, `value ${q(v)}${at(o)}`);
    }
    case 'state': {
      const want = c.is ?? true;
      const got = o.state?.[c.state];
      if (got === undefined) return ev(false, `${c.state} cannot be read on${at(o) || ' the element'}`);
      return ev(got === want, `${got ? '' : 'not '}${c.state}${at(o)}`);
    }
    case 'visible': {
      const want = c.visible ?? true;
      const vis = o.found && o.visible === true;
      return ev(
        vis === want,
        o.found ? `${vis ? 'visible' : 'hidden'}${at(o)}` : `${t ? describeTarget(t) : 'the element'} not found (counts as hidden)`,
      );
    }
    case 'title': {
      const title = o.title ?? '';
      const pass =
        (c.equals === undefined || normText(title) === normText(c.equals)) &&
        (c.contains === undefined || normText(title).includes(normText(c.contains)));
      return ev(pass, `title ${q(title)}`);
    }
    case 'hash':
      return ev((o.hash ?? '') === c.equals, `hash ${q(o.hash ?? '')}`);
    case 'restyled': {
      const b = facts.before?.get(path);
      if (!b || b.error || !b.found || b.style === undefined)
        return ev(false, `${at(o) ? at(o).slice(4) : 'the element'} was not there before the step${b?.error ? ` (${b.error})` : ''}`);
      const changed = b.style !== o.style;
      return ev(changed, `${changed ? 'restyled' : 'looks the same'}${at(o)}${changed ? ` (${b.style} -> ${o.style})` : ''}`);
    }
    case 'number': {
      const n = firstNumber(o.text ?? '');
      if (n === null) return ev(false, `no number in ${q(o.text ?? '')}${at(o)}`);
      if (c.change === undefined) return ev(compare(n, c.op, c.value as number), `${n}${at(o)} (needs ${c.op} ${c.value})`);
      const b = facts.before?.get(path);
      const before = b && !b.error && b.found ? firstNumber(b.text ?? '') : null;
      if (before === null) return ev(false, `${n}${at(o)} now, but no number before the step${b?.error ? ` (${b.error})` : ''}`);
      return ev(
        compare(n - before, c.op, c.change),
        `${before} -> ${n}${at(o)}: changed by ${+(n - before).toFixed(6)} (needs ${c.op} ${c.change})`,
      );
    }
  }
}

function holds(check: Check, path: string, byPath: Map<string, LeafEvidence>): boolean {
  if ('all' in check) return check.all.every((c, i) => holds(c, `${path}.all[${i}]`, byPath));
  if ('any' in check) return check.any.some((c, i) => holds(c, `${path}.any[${i}]`, byPath));
  if ('not' in check) return !holds(check.not, `${path}.not`, byPath);
  return byPath.get(path)?.pass ?? false;
}

/** The verdict: Yes when the check holds; every leaf's evidence, failing ones named in the summary. */
export function decide(check: Check, facts: Facts): CheckVerdict {
  const evidence = leavesOf(check).map((l) => judgeLeaf(l.path, l.check, facts));
  const byPath = new Map(evidence.map((e) => [e.path, e]));
  const pass = holds(check, 'check', byPath);
  if (pass) return { result: 'Yes', summary: `holds: ${evidence.map((e) => e.seen).join('; ')}`, evidence };
  // Under `not`, a leaf that passed is what failed the check.
  const negated = (p: string) => (p.match(/\.not(?=\.|$)/g) ?? []).length % 2 === 1;
  const culprits = evidence.filter((e) => e.pass === negated(e.path));
  return {
    result: 'No',
    summary: `fails: ${(culprits.length ? culprits : evidence).map((e) => `${e.path} (${e.kind}): ${e.seen}`).join('; ')}`,
    evidence,
  };
}
