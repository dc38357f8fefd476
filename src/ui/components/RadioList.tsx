// A labelled group of radio buttons, each with a line of explanation: the form every choice
// in Settings takes (judge, resolver, DINO model and precision, replay, capture, network).
import type { ReactNode } from 'react';

export interface RadioOption<T extends string> {
  value: T;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

export function RadioList<T extends string>(props: {
  legend: ReactNode;
  /** The group's name: one per list on the page. */
  name: string;
  options: readonly RadioOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const { legend, name, options, value, onChange } = props;
  return (
    <fieldset className="radio-list">
      <legend className="field-label">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="check">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            {...(o.disabled ? { disabled: true } : {})}
            onChange={() => onChange(o.value)}
          />
          <span>
            {o.label}
            {o.hint ? <span className="hint">{o.hint}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
