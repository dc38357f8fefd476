// The form view of a check: one condition, or all / any of several (each may be negated, and
// so may the whole), each condition a leaf kind with its fields.
import type { LeafCheck } from '../../../checks/types.ts';
import { Button } from '../../components/Button.tsx';
import { blankLeaf, formOf, LEAF_KINDS, treeOf, type FormShape, type Json } from './form-model.ts';
import { LeafFields } from './LeafFields.tsx';

export function CheckForm({ tree, onChange }: { tree: unknown; onChange: (tree: Json) => void }) {
  const form = formOf(tree);
  if (!form)
    return (
      <p className="note" role="note">
        This check is nested deeper than the form shows (a combination inside a combination): edit it in the JSON view.
      </p>
    );
  const emit = (f: FormShape) => onChange(treeOf(f));
  const setItem = (i: number, patch: Partial<FormShape['items'][number]>) =>
    emit({ ...form, items: form.items.map((it, j) => (j === i ? { ...it, ...patch } : it)) });
  const several = form.combine !== 'one';
  return (
    <div className="check-form">
      <div className="row">
        <label className="field-inline">
          <span>The step passes when</span>
          <select
            aria-label="Combine"
            value={form.negate ? `not-${form.combine}` : form.combine}
            onChange={(e) => {
              const v = e.target.value;
              const combine = v.replace('not-', '') as FormShape['combine'];
              emit({ combine, negate: v.startsWith('not-'), items: combine === 'one' ? form.items.slice(0, 1) : form.items });
            }}
          >
            <option value="one">this condition holds</option>
            <option value="all">all of these hold</option>
            <option value="any">any of these holds</option>
            <option value="not-all">not all of these hold</option>
            <option value="not-any">none of these holds</option>
          </select>
        </label>
      </div>
      <ol className="check-items">
        {form.items.map((item, i) => (
          <li key={i} className="check-item">
            <div className="row">
              <label className="field-inline">
                <span className="sr-only">Condition {i + 1} kind</span>
                <select
                  aria-label={`Condition ${i + 1} kind`}
                  value={typeof item.leaf.kind === 'string' ? item.leaf.kind : ''}
                  onChange={(e) => setItem(i, { leaf: blankLeaf(e.target.value as LeafCheck['kind']) })}
                >
                  {LEAF_KINDS.map((k) => (
                    <option key={k.kind} value={k.kind}>
                      {k.kind}: {k.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field-inline">
                <input type="checkbox" checked={item.negate} onChange={(e) => setItem(i, { negate: e.target.checked })} />
                <span>must not hold</span>
              </label>
              <span className="spacer" />
              {several && form.items.length > 1 ? (
                <Button size="sm" variant="ghost" onClick={() => emit({ ...form, items: form.items.filter((_, j) => j !== i) })}>
                  Remove
                </Button>
              ) : null}
            </div>
            <LeafFields leaf={item.leaf} onChange={(leaf) => setItem(i, { leaf })} />
          </li>
        ))}
      </ol>
      <Button
        size="sm"
        onClick={() =>
          emit({
            combine: several ? form.combine : 'all',
            negate: form.negate,
            items: [...form.items, { negate: false, leaf: blankLeaf('text') }],
          })
        }
      >
        Add a condition
      </Button>
    </div>
  );
}
