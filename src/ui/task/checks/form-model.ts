// The check editor's form over a check tree. The tree (plain JSON, possibly invalid while the
// person types) is the one state; the form and the JSON view are two readings of it, so they
// always round-trip. The form shows a leaf, or all / any of leaves, each leaf optionally
// negated, and the whole optionally negated: the shapes the sample checks use. Deeper trees
// stay in the JSON view. Validation is the checks parser's (validateCheck), never the form's.
import type { LeafCheck } from '../../../checks/types.ts';

export type Json = Record<string, unknown>;

export interface FormItem {
  negate: boolean;
  leaf: Json;
}

export interface FormShape {
  /** 'one': a single leaf (items[0]); 'all' / 'any': every item must / one item must hold. */
  combine: 'one' | 'all' | 'any';
  /** all / any only: the whole combination negated. A single leaf uses its item's negate. */
  negate: boolean;
  items: FormItem[];
}

export const LEAF_KINDS: readonly { kind: LeafCheck['kind']; label: string }[] = [
  { kind: 'text', label: 'text shown / not shown' },
  { kind: 'count', label: 'count of elements' },
  { kind: 'value', label: "a field's value" },
  { kind: 'state', label: 'checked / selected / disabled / expanded / focused' },
  { kind: 'visible', label: 'element visible / hidden' },
  { kind: 'number', label: 'number shown (value or change)' },
  { kind: 'title', label: 'document title' },
  { kind: 'hash', label: 'URL hash' },
  { kind: 'restyled', label: 'element restyled' },
  { kind: 'changed', label: 'screenshot changed' },
];

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCombo = (v: Json): boolean => 'all' in v || 'any' in v || 'not' in v;
const onlyKey = (v: Json, k: string): boolean => Object.keys(v).length === 1 && k in v;

function itemOf(v: unknown): FormItem | null {
  if (!isObj(v)) return null;
  if (onlyKey(v, 'not') && isObj(v.not) && !isCombo(v.not)) return { negate: true, leaf: v.not };
  return isCombo(v) ? null : { negate: false, leaf: v };
}

/** The form's reading of a tree, or null when it is deeper than the form shows. */
export function formOf(tree: unknown): FormShape | null {
  if (!isObj(tree)) return null;
  if (onlyKey(tree, 'not') && isObj(tree.not) && ('all' in tree.not || 'any' in tree.not)) {
    const inner = formOf(tree.not);
    return inner && inner.combine !== 'one' && !inner.negate ? { ...inner, negate: true } : null;
  }
  for (const combine of ['all', 'any'] as const) {
    if (!(combine in tree)) continue;
    const list = tree[combine];
    if (!onlyKey(tree, combine) || !Array.isArray(list)) return null;
    const items = list.map(itemOf);
    return items.every((i): i is FormItem => i !== null) ? { combine, negate: false, items } : null;
  }
  const item = itemOf(tree);
  return item ? { combine: 'one', negate: false, items: [item] } : null;
}

/** The tree a form stands for. */
export function treeOf(f: FormShape): Json {
  const wrap = (i: FormItem): Json => (i.negate ? { not: i.leaf } : i.leaf);
  if (f.combine === 'one') return f.items[0] ? wrap(f.items[0]) : blankLeaf('text');
  const combo: Json = { [f.combine]: f.items.map(wrap) };
  return f.negate ? { not: combo } : combo;
}

/** A new leaf of a kind, with its required fields empty (the parser names what is missing). */
export function blankLeaf(kind: LeafCheck['kind']): Json {
  switch (kind) {
    case 'text':
      return { kind, text: '' };
    case 'count':
      return { kind, text: '', op: '=', value: 1 };
    case 'value':
      return { kind, target: { description: '' }, equals: '' };
    case 'state':
      return { kind, target: { description: '' }, state: 'checked' };
    case 'visible':
      return { kind, target: { description: '' } };
    case 'number':
      return { kind, target: { description: '' }, op: '=', change: 1 };
    case 'title':
      return { kind, contains: '' };
    case 'hash':
      return { kind, equals: '' };
    case 'restyled':
      return { kind, target: { description: '' } };
    case 'changed':
      return { kind };
  }
}

/** Sets (or, with undefined, removes) a field of a leaf, keeping the others in order. */
export function withField(leaf: Json, key: string, value: unknown): Json {
  const next: Json = { ...leaf };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}
