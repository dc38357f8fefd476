// Settings: judge, resolver, DINO model, capture backend, network policy, replay mode, storage.
// Every change is saved as it is made (see store.ts); nothing here leaves the browser.
import { useEffect, useState } from 'react';
import { useSettings } from './store.ts';
import { Card } from '../components/Card.tsx';
import { Button } from '../components/Button.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { RadioList, type RadioOption } from '../components/RadioList.tsx';
import { StoragePanel } from './StoragePanel.tsx';
import { DinoPanel } from './DinoPanel.tsx';
import { ResolverPanel } from './ResolverPanel.tsx';
import type { AssertionsSetting, CaptureBackend, JudgeKind, NetworkPolicySetting, ReplaySettings } from '../../data/settings.ts';
import './settings.css';

const JUDGES: RadioOption<JudgeKind>[] = [
  {
    value: 'none',
    label: 'None',
    hint: 'Scores without a judge are labelled partial (e.g. "VFS (no HFS)"); assertions count as unjudged.',
  },
  {
    value: 'mllm',
    label: 'Model (OpenAI-compatible API)',
    hint: 'Any chat-completions endpoint: OpenAI, Gemini, vLLM, Ollama… The official judge was Gemini-2.5-Pro.',
  },
  {
    value: 'human',
    label: 'Human',
    hint: 'You answer each assertion and score each checkpoint on the Judge screen; complete scores with no API key.',
  },
];

const REPLAY_MODES: RadioOption<ReplaySettings['mode']>[] = [
  {
    value: 'official',
    label: 'Official',
    hint: "The harness's rules, quirks included: every Scroll goes down half a viewport and succeeds only if the page moved more than 5 px; fixed waits of 1 s after load and 0.5 s after each step. Scores compare with published ones.",
  },
  {
    value: 'improved',
    label: 'Improved',
    hint: 'Our fixes for known weaknesses. Scores are labelled and do not compare with published ones.',
  },
];

const CAPTURES: RadioOption<CaptureBackend>[] = [
  {
    value: 'dom',
    label: 'DOM rasteriser (in the page)',
    hint: 'Works in any tab. Canvas and video frames included; some CSS effects may differ slightly from real pixels.',
  },
  {
    value: 'cdp',
    label: 'Real pixels (browser protocol)',
    hint: (
      <>
        Only in the headless CLI (<code>npx iwr eval --capture cdp</code>); in this tab runs fall back to the DOM rasteriser and say so.
      </>
    ),
  },
];

const NETWORKS: RadioOption<NetworkPolicySetting>[] = [
  {
    value: 'blocked',
    label: 'Blocked (official rules: no external dependencies)',
    hint: 'Requests leaving the page are blocked, counted and listed with the results.',
  },
  { value: 'allowed', label: 'Allowed', hint: 'Recorded with each run; such runs are not comparable with official ones.' },
];

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
          <RadioList
            legend="Who judges assertions and the visual rubric (HFS)"
            name="judge-kind"
            options={JUDGES}
            value={judge.kind}
            onChange={(kind) => set('judge', { ...judge, kind })}
          />
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
          <RadioList
            legend="How candidate pages are operated"
            name="replay-mode"
            options={REPLAY_MODES}
            value={replay.mode}
            onChange={(mode) => set('replay', { ...replay, mode })}
          />
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
          <RadioList
            legend="Screenshot backend"
            name="capture"
            options={CAPTURES}
            value={settings.capture}
            onChange={(capture) => set('capture', capture)}
          />
          <RadioList
            legend="Network for candidate pages"
            name="network"
            options={NETWORKS}
            value={settings.network}
            onChange={(network) => set('network', network)}
          />
        </Card>

        <StoragePanel />
      </div>
    </div>
  );
}
