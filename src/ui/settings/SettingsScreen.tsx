// Settings: judge, resolver, DINO model, capture backend, network policy, replay mode, storage.
// Every change is saved as it is made (see store.ts); nothing here leaves the browser.
import { useEffect, useState } from 'react';
import { useSettings } from './store.ts';
import { Card } from '../components/Card.tsx';
import { Button } from '../components/Button.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { StoragePanel } from './StoragePanel.tsx';
import { DinoPanel } from './DinoPanel.tsx';
import { ResolverPanel } from './ResolverPanel.tsx';
import type { AssertionsSetting, JudgeKind } from '../../data/settings.ts';
import './settings.css';

export function SettingsScreen({ section }: { section?: string | undefined }) {
  const { settings, set, error, reset } = useSettings();
  const { judge, replay } = settings;
  const [showKey, setShowKey] = useState(false);

  useEffect(() => {
    if (section) document.getElementById(`settings-${section}`)?.scrollIntoView({ block: 'start' });
  }, [section]);

  return (
    <div className="settings">
      <div className="screen-head">
        <div>
          <h2>Settings</h2>
          <p className="sub">Saved in this browser as you change them. Keys never leave it: exports and eval.json carry no key.</p>
        </div>
        <div className="spacer" />
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            if (confirm('Reset every setting to its default? The judge key is cleared too.')) reset();
          }}
        >
          Reset to defaults
        </Button>
      </div>
      {error ? (
        <ErrorPanel title="Settings storage problem" error={error} actions={[{ label: 'Go to storage', href: '#/settings/storage' }]} />
      ) : null}

      <div className="settings-grid">
        <Card title="Judge" id="settings-judge">
          <fieldset className="radio-list">
            <legend className="field-label">Who judges assertions and the visual rubric (HFS)</legend>
            {(
              [
                ['none', 'None', 'Scores without a judge are labelled partial (e.g. "VFS (no HFS)"); assertions count as unjudged.'],
                [
                  'mllm',
                  'Model (OpenAI-compatible API)',
                  'Any chat-completions endpoint: OpenAI, Gemini, vLLM, Ollama… The official judge was Gemini-2.5-Pro.',
                ],
                [
                  'human',
                  'Human',
                  'You answer each assertion and score each checkpoint on the Judge screen; complete scores with no API key.',
                ],
              ] as [JudgeKind, string, string][]
            ).map(([kind, label, hint]) => (
              <label key={kind} className="check">
                <input
                  type="radio"
                  name="judge-kind"
                  value={kind}
                  checked={judge.kind === kind}
                  onChange={() => set('judge', { ...judge, kind })}
                />
                <span>
                  {label}
                  <span className="hint">{hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {judge.kind === 'mllm' ? (
            <div className="form-grid">
              <label className="field span-2">
                <span>Endpoint (base URL)</span>
                <input
                  type="url"
                  value={judge.endpoint}
                  placeholder="https://api.openai.com/v1"
                  onChange={(e) => set('judge', { ...judge, endpoint: e.target.value })}
                />
              </label>
              <label className="field">
                <span>Model</span>
                <input
                  type="text"
                  value={judge.model}
                  placeholder="gemini-2.5-pro"
                  onChange={(e) => set('judge', { ...judge, model: e.target.value })}
                />
              </label>
              <label className="field">
                <span>API key (kept in this browser only)</span>
                <span className="row key-row">
                  <input
                    type={showKey ? 'text' : 'password'}
                    autoComplete="off"
                    spellCheck={false}
                    value={judge.apiKey}
                    placeholder="sk-…"
                    onChange={(e) => set('judge', { ...judge, apiKey: e.target.value })}
                  />
                  <Button size="sm" variant="ghost" onClick={() => setShowKey(!showKey)} aria-pressed={showKey}>
                    {showKey ? 'Hide' : 'Show'}
                  </Button>
                </span>
              </label>
              {judge.endpoint && !/^https?:\/\//.test(judge.endpoint) ? (
                <p className="note note-warn span-2">The endpoint should start with http:// or https://.</p>
              ) : null}
              {judge.endpoint.startsWith('http://') && !/^http:\/\/(localhost|127\.|\[::1\])/.test(judge.endpoint) ? (
                <p className="note note-warn span-2">A plain http:// endpoint sends your key unencrypted.</p>
              ) : null}
            </div>
          ) : judge.kind === 'human' ? (
            <p className="hint">
              Runs wait for your answers on the <a href="#/judge">Judge screen</a>; you can stop and resume at any time.
            </p>
          ) : null}
          <label className="field">
            <span>Logical assertions answered by</span>
            <select
              value={judge.assertions}
              onChange={(e) => set('judge', { ...judge, assertions: e.target.value as AssertionsSetting })}
              aria-describedby="assertions-hint"
            >
              <option value="auto">Automatic: the judge above, or the task's checks when there is none</option>
              <option value="judge">The judge (official)</option>
              <option value="checks">The task's judge-free checks: IFS (checks)</option>
              <option value="judge+checks">The judge, with the checks beside it (agreement reported)</option>
            </select>
            <span className="hint" id="assertions-hint">
              Checks (<code>checks.json</code> beside a task's files) are answered by the page itself: free and the same every run, but not
              the official judge, so IFS is labelled "IFS (checks)".
            </span>
          </label>
        </Card>

        <ResolverPanel />

        <DinoPanel />

        <Card title="Replay" id="settings-replay">
          <fieldset className="radio-list">
            <legend className="field-label">How candidate pages are operated</legend>
            <label className="check">
              <input
                type="radio"
                name="replay-mode"
                checked={replay.mode === 'official'}
                onChange={() => set('replay', { ...replay, mode: 'official' })}
              />
              <span>
                Official
                <span className="hint">
                  The harness's rules, quirks included: every Scroll goes down half a viewport and succeeds only if the page moved more than
                  5 px; fixed waits of 1 s after load and 0.5 s after each step. Scores compare with published ones.
                </span>
              </span>
            </label>
            <label className="check">
              <input
                type="radio"
                name="replay-mode"
                checked={replay.mode === 'improved'}
                onChange={() => set('replay', { ...replay, mode: 'improved' })}
              />
              <span>
                Improved
                <span className="hint">Our fixes for known weaknesses. Scores are labelled and do not compare with published ones.</span>
              </span>
            </label>
          </fieldset>
          <div className={`sub-options${replay.mode === 'improved' ? '' : ' disabled'}`}>
            <label className="check">
              <input
                type="checkbox"
                disabled={replay.mode !== 'improved'}
                checked={replay.directionalScroll}
                onChange={(e) => set('replay', { ...replay, directionalScroll: e.target.checked })}
              />
              <span>
                Honour the scroll direction and scroll the nearest scrollable container
                <span className="hint">Official: always down, whole page; a page shorter than the viewport fails every scroll.</span>
              </span>
            </label>
            <label className="check">
              <input
                type="checkbox"
                disabled={replay.mode !== 'improved'}
                checked={replay.settleWaits}
                onChange={(e) => set('replay', { ...replay, settleWaits: e.target.checked })}
              />
              <span>Wait for the page to settle instead of fixed waits (capped)</span>
            </label>
          </div>
          <label className="field narrow">
            <span>Time limit per step (seconds; official 30)</span>
            <input
              type="number"
              min={1}
              max={600}
              value={Math.round(replay.stepTimeoutMs / 1000)}
              onChange={(e) => {
                const s = Number(e.target.value);
                if (Number.isFinite(s) && s >= 1) set('replay', { ...replay, stepTimeoutMs: Math.min(600, s) * 1000 });
              }}
            />
          </label>
        </Card>

        <Card title="Capture and network" id="settings-capture">
          <fieldset className="radio-list">
            <legend className="field-label">Screenshot backend</legend>
            <label className="check">
              <input type="radio" name="capture" checked={settings.capture === 'dom'} onChange={() => set('capture', 'dom')} />
              <span>
                DOM rasteriser (in the page)
                <span className="hint">
                  Works in any tab. Canvas and video frames included; some CSS effects may differ slightly from real pixels.
                </span>
              </span>
            </label>
            <label className="check">
              <input type="radio" name="capture" checked={settings.capture === 'cdp'} onChange={() => set('capture', 'cdp')} />
              <span>
                Real pixels (browser protocol)
                <span className="hint">
                  Only in the headless CLI (<code>npx iwr eval --capture cdp</code>); in this tab runs fall back to the DOM rasteriser and
                  say so.
                </span>
              </span>
            </label>
          </fieldset>
          <fieldset className="radio-list">
            <legend className="field-label">Network for candidate pages</legend>
            <label className="check">
              <input type="radio" name="network" checked={settings.network === 'blocked'} onChange={() => set('network', 'blocked')} />
              <span>
                Blocked (official rules: no external dependencies)
                <span className="hint">Requests leaving the page are blocked, counted and listed with the results.</span>
              </span>
            </label>
            <label className="check">
              <input type="radio" name="network" checked={settings.network === 'allowed'} onChange={() => set('network', 'allowed')} />
              <span>
                Allowed
                <span className="hint">Recorded with each run; such runs are not comparable with official ones.</span>
              </span>
            </label>
          </fieldset>
        </Card>

        <StoragePanel />
      </div>
    </div>
  );
}
