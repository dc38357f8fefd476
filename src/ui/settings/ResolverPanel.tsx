// Settings > Resolver: who picks the element each step acts on. Deterministic by default (no
// model, the same answer every run); llm is the official harness's way; hybrid asks the model
// only where our resolver is unsure. Saved as it changes; the key stays in this browser.
import { useState } from 'react';
import { useSettings } from './store.ts';
import { Card } from '../components/Card.tsx';
import { Button } from '../components/Button.tsx';
import { RadioList, type RadioOption } from '../components/RadioList.tsx';
import type { ResolverMode } from '../../data/settings.ts';

const MODES: RadioOption<ResolverMode>[] = [
  {
    value: 'deterministic',
    label: 'Deterministic (ours)',
    hint: 'Reads the description against the page; no model, no cost, the same pick every run. Refuses weak matches, so a step can fail where the official harness would click something.',
  },
  {
    value: 'llm',
    label: 'Model, as the official harness',
    hint: "A chat model picks from a numbered list of the page's controls (temperature 0), with the screenshot when it finds none. One request per step the first time; answers are cached.",
  },
  { value: 'hybrid', label: 'Hybrid', hint: 'Ours where it is sure; the model below the confidence threshold. Most steps cost nothing.' },
];

export function ResolverPanel() {
  const resolver = useSettings((s) => s.settings.resolver);
  const set = useSettings((s) => s.set);
  const [showKey, setShowKey] = useState(false);
  const update = (patch: Partial<typeof resolver>) => set('resolver', { ...resolver, ...patch });
  return (
    <Card title="Resolver" id="settings-resolver">
      <RadioList
        legend="Who picks the element each step acts on"
        name="resolver-mode"
        options={MODES}
        value={resolver.mode}
        onChange={(mode) => update({ mode })}
      />
      {resolver.mode !== 'deterministic' ? (
        <div className="form-grid">
          <label className="field span-2">
            <span>Endpoint (base URL)</span>
            <input
              type="url"
              value={resolver.endpoint}
              placeholder="https://api.openai.com/v1"
              onChange={(e) => update({ endpoint: e.target.value })}
            />
          </label>
          <label className="field">
            <span>Model (official: gpt-4o)</span>
            <input type="text" value={resolver.model} placeholder="gpt-4o" onChange={(e) => update({ model: e.target.value })} />
          </label>
          <label className="field">
            <span>API key (kept in this browser only)</span>
            <span className="row key-row">
              <input
                type={showKey ? 'text' : 'password'}
                autoComplete="off"
                spellCheck={false}
                value={resolver.apiKey}
                placeholder="sk-…"
                onChange={(e) => update({ apiKey: e.target.value })}
              />
              <Button size="sm" variant="ghost" onClick={() => setShowKey(!showKey)} aria-pressed={showKey}>
                {showKey ? 'Hide' : 'Show'}
              </Button>
            </span>
          </label>
          {resolver.mode === 'hybrid' ? (
            <label className="field narrow">
              <span>Ask the model below this confidence (0–1)</span>
              <input
                type="number"
                min={0}
                max={1}
                step={0.05}
                value={resolver.threshold}
                onChange={(e) => {
                  const t = Number(e.target.value);
                  if (t >= 0 && t <= 1) update({ threshold: t });
                }}
              />
            </label>
          ) : null}
          <label className="check span-2">
            <input type="checkbox" checked={resolver.vision} onChange={(e) => update({ vision: e.target.checked })} />
            <span>
              Ask again with the screenshot when the model finds nothing
              <span className="hint">The official harness does; it costs a second request on those steps.</span>
            </span>
          </label>
          {resolver.endpoint && !/^https?:\/\//.test(resolver.endpoint) ? (
            <p className="note note-warn span-2">The endpoint should start with http:// or https://.</p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
