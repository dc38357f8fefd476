// The fields of one leaf of a check, by kind. Every field writes straight into the leaf's JSON;
// an empty field removes its key, so the checks parser names what is missing.
import type { ReactNode } from 'react';
import { isObj, withField, type Json } from './form-model.ts';

const OPS = ['=', '!=', '<', '<=', '>', '>='] as const;
const STATES = ['checked', 'selected', 'disabled', 'expanded', 'focused'] as const;
type TargetKind = 'description' | 'text' | 'selector';
const TARGET_KINDS: { id: TargetKind; label: string }[] = [
  { id: 'description', label: 'described as' },
  { id: 'text', label: 'with the text' },
  { id: 'selector', label: 'CSS selector' },
];

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const numText = (v: unknown): string => (typeof v === 'number' ? String(v) : '');
const num = (s: string): number | undefined => (s.trim() === '' || Number.isNaN(Number(s)) ? undefined : Number(s));

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="field check-field">
      <span>{label}</span>
      {children}
    </label>
  );
}

function Text({ label, value, onChange, wide }: { label: string; value: unknown; onChange: (v: string) => void; wide?: boolean }) {
  return (
    <Field label={label}>
      <input type="text" className={wide ? 'check-wide' : undefined} value={str(value)} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

function Num({ label, value, onChange }: { label: string; value: unknown; onChange: (v: number | undefined) => void }) {
  return (
    <Field label={label}>
      <input type="number" step="any" className="check-num" value={numText(value)} onChange={(e) => onChange(num(e.target.value))} />
    </Field>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (T | { id: T; label: string })[];
  onChange: (v: T) => void;
}) {
  return (
    <Field label={label}>
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => {
          const id = typeof o === 'string' ? o : o.id;
          return (
            <option key={id} value={id}>
              {typeof o === 'string' ? o : o.label}
            </option>
          );
        })}
      </select>
    </Field>
  );
}

/** A target: described (resolver), by its text, or by CSS; `optional` adds "anywhere". */
function TargetField({
  label,
  value,
  onChange,
  optional,
}: {
  label: string;
  value: unknown;
  onChange: (v: Json | undefined) => void;
  optional?: boolean;
}) {
  const t = isObj(value) ? value : null;
  const kind = (t ? (Object.keys(t)[0] ?? 'description') : optional ? '' : 'description') as TargetKind | '';
  const options = [...(optional ? [{ id: '' as const, label: 'anywhere' }] : []), ...TARGET_KINDS];
  return (
    <div className="check-target">
      <Choice<TargetKind | ''>
        label={label}
        value={kind}
        options={options}
        onChange={(k) => onChange(k ? { [k]: t ? str(Object.values(t)[0]) : '' } : undefined)}
      />
      {kind ? <Text label={`${label}: ${kind}`} value={t?.[kind]} onChange={(v) => onChange({ [kind]: v })} wide /> : null}
    </div>
  );
}

/** equals / contains for value and title. */
function Match({ leaf, set, patch }: { leaf: Json; set: (k: string, v: unknown) => void; patch: (p: Record<string, unknown>) => void }) {
  const mode = 'contains' in leaf && !('equals' in leaf) ? 'contains' : 'equals';
  return (
    <>
      <Choice<'equals' | 'contains'>
        label="Match"
        value={mode}
        options={['equals', 'contains']}
        onChange={(m) => patch({ [mode]: undefined, [m]: str(leaf[mode]) })}
      />
      <Text label={mode === 'equals' ? 'Equals' : 'Contains'} value={leaf[mode]} onChange={(v) => set(mode, v)} wide />
    </>
  );
}

function WhereField({ leaf, set }: { leaf: Json; set: (k: string, v: unknown) => void }) {
  return (
    <Choice<'viewport' | 'page'>
      label="Where"
      value={str(leaf.where) || 'viewport'}
      options={[
        { id: 'viewport', label: 'in view' },
        { id: 'page', label: 'anywhere on the page' },
      ]}
      onChange={(w) => set('where', w === 'viewport' ? undefined : w)}
    />
  );
}

export function LeafFields({ leaf, onChange }: { leaf: Json; onChange: (leaf: Json) => void }) {
  const set = (k: string, v: unknown) => onChange(withField(leaf, k, v));
  // Several fields change in one event (equals -> contains): applied in turn, reported once.
  const patch = (p: Record<string, unknown>) => onChange(Object.entries(p).reduce((l, [k, v]) => withField(l, k, v), leaf));
  switch (leaf.kind) {
    case 'text':
      return (
        <div className="check-fields">
          <Text label="Text" value={leaf.text} onChange={(v) => set('text', v)} wide />
          <Choice<'shown' | 'not shown'>
            label="Is"
            value={leaf.present === false ? 'not shown' : 'shown'}
            options={['shown', 'not shown']}
            onChange={(v) => set('present', v === 'shown' ? undefined : false)}
          />
          <TargetField label="Within" value={leaf.within} onChange={(v) => set('within', v)} optional />
          <WhereField leaf={leaf} set={set} />
        </div>
      );
    case 'count':
      return (
        <div className="check-fields">
          <Text label="Elements containing" value={leaf.text} onChange={(v) => set('text', v || undefined)} />
          <Text label="Matching CSS" value={leaf.selector} onChange={(v) => set('selector', v || undefined)} />
          <Choice label="Op" value={str(leaf.op)} options={OPS} onChange={(v) => set('op', v)} />
          <Num label="Count" value={leaf.value} onChange={(v) => set('value', v)} />
          <TargetField label="Within" value={leaf.within} onChange={(v) => set('within', v)} optional />
          <WhereField leaf={leaf} set={set} />
        </div>
      );
    case 'value':
      return (
        <div className="check-fields">
          <TargetField label="Field" value={leaf.target} onChange={(v) => set('target', v)} />
          <Match leaf={leaf} set={set} patch={patch} />
        </div>
      );
    case 'state':
      return (
        <div className="check-fields">
          <TargetField label="Element" value={leaf.target} onChange={(v) => set('target', v)} />
          <Choice label="State" value={str(leaf.state)} options={STATES} onChange={(v) => set('state', v)} />
          <Choice<'yes' | 'no'>
            label="Is"
            value={leaf.is === false ? 'no' : 'yes'}
            options={['yes', 'no']}
            onChange={(v) => set('is', v === 'yes' ? undefined : false)}
          />
        </div>
      );
    case 'visible':
      return (
        <div className="check-fields">
          <TargetField label="Element" value={leaf.target} onChange={(v) => set('target', v)} />
          <Choice<'visible' | 'hidden'>
            label="Is"
            value={leaf.visible === false ? 'hidden' : 'visible'}
            options={['visible', 'hidden']}
            onChange={(v) => set('visible', v === 'visible' ? undefined : false)}
          />
          <WhereField leaf={leaf} set={set} />
        </div>
      );
    case 'number': {
      const mode = 'value' in leaf && !('change' in leaf) ? 'value' : 'change';
      return (
        <div className="check-fields">
          <TargetField label="Element" value={leaf.target} onChange={(v) => set('target', v)} />
          <Choice<'value' | 'change'>
            label="Compare"
            value={mode}
            options={[
              { id: 'change', label: 'its change during the step' },
              { id: 'value', label: 'its value' },
            ]}
            onChange={(m) => patch({ [mode]: undefined, [m]: leaf[mode] })}
          />
          <Choice label="Op" value={str(leaf.op)} options={OPS} onChange={(v) => set('op', v)} />
          <Num label={mode === 'value' ? 'Value' : 'Change'} value={leaf[mode]} onChange={(v) => set(mode, v)} />
        </div>
      );
    }
    case 'title':
      return (
        <div className="check-fields">
          <Match leaf={leaf} set={set} patch={patch} />
        </div>
      );
    case 'hash':
      return (
        <div className="check-fields">
          <Text label="Hash ('' or #...)" value={leaf.equals} onChange={(v) => set('equals', v)} />
        </div>
      );
    case 'restyled':
      return (
        <div className="check-fields">
          <TargetField label="Element" value={leaf.target} onChange={(v) => set('target', v)} />
        </div>
      );
    case 'changed': {
      const r = isObj(leaf.region) ? leaf.region : null;
      return (
        <div className="check-fields">
          <Num label="Share of pixels (0-1, default 0.005)" value={leaf.min} onChange={(v) => set('min', v)} />
          <Field label="Region">
            <select
              value={r ? 'region' : 'all'}
              onChange={(e) => set('region', e.target.value === 'region' ? { x: 0, y: 0, width: 100, height: 100 } : undefined)}
            >
              <option value="all">the whole viewport</option>
              <option value="region">a region (CSS px)</option>
            </select>
          </Field>
          {r
            ? (['x', 'y', 'width', 'height'] as const).map((k) => (
                <Num key={k} label={k} value={r[k]} onChange={(v) => set('region', { ...r, [k]: v })} />
              ))
            : null}
        </div>
      );
    }
    default:
      return <p className="hint">This kind has no form: edit it in the JSON view.</p>;
  }
}
