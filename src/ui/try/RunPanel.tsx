// Run & score: one button evaluates the candidate with the current settings; progress per
// step and per scoring stage with the latest screenshot; cancellable; then the results.
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Task } from '../../task/types.ts';
import type { Candidate } from '../../data/candidates.ts';
import type { OpenedTaskView } from '../state/catalog.ts';
import { useSettings, flushSettings } from '../settings/store.ts';
import { candidateTaskKey } from '../../data/candidates.ts';
import { runCandidate, type RunEvent, type RunStage as Stage } from '../../pipeline/index.ts';
import { choiceOf, TEST_MODEL_SETTING } from '../settings/dino-choice.ts';
import { modelIdForUrl } from '../../shared/dino-id.ts';
import { resetDino } from '../../engines/dino-bridge.ts';
import { runsForTask, type RunView } from '../results/run-view.ts';
import { Button } from '../components/Button.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Badge } from '../components/Card.tsx';
import { hrefFor } from '../router.ts';
import { pct, when } from '../format.ts';

const STAGES: { id: Stage; label: string }[] = [
  { id: 'replay', label: 'Replay' },
  { id: 'ocr', label: 'OCR' },
  { id: 'dino', label: 'DINO' },
  { id: 'judge', label: 'Judge' },
  { id: 'save', label: 'Save' },
];

interface Live {
  stages: Partial<Record<Stage, { done: number; total: number; detail?: string }>>;
  steps: { k: number; step: number | null; status: string; reason?: string }[];
  shot: string | null;
  notes: string[];
}

// By name, not instanceof: the error may come through another module instance (worker bridge).
const isDinoUnavailable = (e: unknown): boolean => e instanceof Error && e.name === 'DinoModelUnavailableError';

export function RunPanel({
  sourceId,
  task,
  candidate,
  flush,
  opened,
}: {
  sourceId: string;
  task: Task;
  candidate: Candidate;
  flush: () => Promise<void>;
  opened: OpenedTaskView | null;
}) {
  const settings = useSettings((s) => s.settings);
  const [phase, setPhase] = useState<'idle' | 'running' | 'done' | 'error' | 'cancelled'>('idle');
  const [live, setLive] = useState<Live>({ stages: {}, steps: [], shot: null, notes: [] });
  const [error, setError] = useState<unknown>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [history, setHistory] = useState<RunView[]>([]);
  const ctrl = useRef<AbortController | null>(null);
  const shotUrl = useRef<string | null>(null);
  const frameHost = useRef<HTMLDivElement | null>(null);
  const panel = useRef<HTMLDivElement | null>(null);
  const cancelButton = useRef<HTMLButtonElement | null>(null);
  const resultsLink = useRef<HTMLAnchorElement | null>(null);
  // Said through the live region when a run ends, as the button that started it is gone.
  const [announce, setAnnounce] = useState('');
  const taskKey = candidateTaskKey(sourceId, task.id);

  useEffect(() => {
    runsForTask(taskKey).then(setHistory, () => setHistory([]));
  }, [taskKey, runId]);
  useEffect(
    () => () => {
      ctrl.current?.abort();
      if (shotUrl.current) URL.revokeObjectURL(shotUrl.current);
    },
    [],
  );

  const start = async () => {
    setError(null);
    setRunId(null);
    setAnnounce('');
    await flush();
    // The pipeline reads the DINO choice from storage: a change made a moment ago must be there.
    await flushSettings();
    const c = new AbortController();
    ctrl.current = c;
    // Rendered now, so the live frame's container exists when the replay opens the sandbox.
    flushSync(() => {
      setLive({ stages: {}, steps: [], shot: null, notes: [] });
      setPhase('running');
    });
    const onEvent = (e: RunEvent) => {
      if (e.type === 'stage')
        setLive((l) => ({
          ...l,
          stages: { ...l.stages, [e.stage]: { done: e.done, total: e.total, ...(e.detail ? { detail: e.detail } : {}) } },
        }));
      else if (e.type === 'note') setLive((l) => ({ ...l, notes: [...l.notes, e.text] }));
      else {
        const r = e.record;
        let url: string | null = null;
        if (r.screenshot) {
          url = URL.createObjectURL(r.screenshot);
          if (shotUrl.current) URL.revokeObjectURL(shotUrl.current);
          shotUrl.current = url;
        }
        setLive((l) => ({
          ...l,
          shot: url ?? l.shot,
          steps: [...l.steps, { k: r.k, step: r.step, status: r.status, ...(r.reason ? { reason: r.reason } : {}) }],
        }));
      }
    };
    try {
      const out = await runCandidate({
        sourceId,
        taskId: task.id,
        candidateId: candidate.id,
        settings: useSettings.getState().settings,
        signal: c.signal,
        onEvent,
        ...(frameHost.current ? { container: frameHost.current } : {}),
      });
      if (!out.runId) throw new Error('The run finished but was not stored (another tab may hold it); see the leaderboard.');
      const view = (await runsForTask(taskKey).catch(() => [])).find((r) => r.id === out.runId);
      setAnnounce(
        view
          ? `Run finished: Final ${pct(view.scores.Final)}${view.scores.complete ? '' : ' (partial)'}. The results link has focus.`
          : 'Run finished. The results link has focus.',
      );
      setRunId(out.runId);
      setPhase('done');
    } catch (err) {
      if (c.signal.aborted) {
        setAnnounce('Run cancelled. Nothing was stored.');
        setPhase('cancelled');
      } else {
        setAnnounce('The run did not finish; the error is shown in the panel.');
        setError(err);
        setPhase('error');
      }
    }
  };

  // The Run button is replaced by Cancel, and Cancel by the results link: focus follows, unless
  // the visitor has moved it elsewhere meanwhile (then it is left where they put it).
  useEffect(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !!panel.current?.contains(active);
    if (!lost) return;
    if (phase === 'running') cancelButton.current?.focus();
    else if (phase === 'done') resultsLink.current?.focus();
  }, [phase, runId]);

  const runWithTestModel = async () => {
    useSettings.getState().set('dino', TEST_MODEL_SETTING);
    await flushSettings();
    resetDino();
    await start();
  };

  const n = task.record.action_sequence.length;
  const dinoNote = `DINO ${settings.dino.modelId ?? modelIdForUrl(settings.dino.modelUrl)}${choiceOf(settings.dino) === 'test' ? ' (test model, NOT DINOv2)' : ''}`;
  const judgeNote =
    settings.judge.kind === 'none'
      ? 'no judge: HFS and assertions stay unjudged (partial scores)'
      : settings.judge.kind === 'human'
        ? 'human judge: answer on the Judge screen'
        : `judge ${settings.judge.model}`;

  return (
    <div className="run-panel" ref={panel}>
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      <div className="run-head">
        <div className="stack-tight">
          <strong>
            Evaluate “{candidate.name}” on task {task.id}
          </strong>
          <span className="muted small">
            {settings.replay.mode === 'official' ? 'Official replay' : 'Improved replay'} · network {settings.network} · capture{' '}
            {settings.capture === 'cdp' ? 'real pixels (CLI only; DOM here)' : 'DOM'} · {dinoNote} · {judgeNote} ·{' '}
            <a href="#/settings">change</a>
          </span>
        </div>
        <div className="spacer" />
        {phase === 'running' ? (
          <button type="button" ref={cancelButton} className="btn btn-danger" onClick={() => ctrl.current?.abort()}>
            Cancel
          </button>
        ) : (
          <Button variant="primary" onClick={() => void start()} disabled={!opened}>
            {phase === 'idle' ? 'Run & score' : 'Run again'}
          </Button>
        )}
      </div>
      {error && isDinoUnavailable(error) ? (
        <ErrorPanel
          title="No DINO model is available, so the run stopped before the replay."
          error={error}
          actions={[
            { label: 'Use the built-in test model (NOT DINOv2) and run', onClick: () => void runWithTestModel() },
            { label: 'Choose a DINO model in Settings', href: '#/settings/dino' },
          ]}
        >
          <p className="small">
            The built-in test model lets you try the pipeline offline; its DINO figures are not comparable with published ones and the
            results say so.
          </p>
        </ErrorPanel>
      ) : error ? (
        <ErrorPanel
          title="The evaluation did not finish."
          error={error}
          actions={[
            { label: 'Try again', onClick: () => void start() },
            { label: 'Settings', href: '#/settings' },
          ]}
        />
      ) : null}
      {phase === 'cancelled' ? <p className="note">Cancelled. Nothing was stored for this run.</p> : null}
      {phase !== 'idle' && phase !== 'error' ? (
        <div className="run-live">
          <div className="run-stages">
            {STAGES.map((s) => {
              const st = live.stages[s.id];
              return (
                <ProgressBar
                  key={s.id}
                  label={s.label}
                  value={st ? (st.total ? st.done / st.total : 1) : phase === 'running' ? 0 : null}
                  detail={
                    s.id === 'judge' && settings.judge.kind === 'none'
                      ? st
                        ? 'skipped: no judge'
                        : 'waiting'
                      : st
                        ? `${st.done}/${st.total}${st.detail ? ` · ${st.detail}` : ''}`
                        : 'waiting'
                  }
                  tone={phase === 'done' ? 'ok' : 'accent'}
                />
              );
            })}
            <ol className="run-steps">
              {live.steps.map((s) => (
                <li key={`${s.k}-${s.step}`}>
                  <Badge tone={s.status === 'ok' ? 'ok' : 'danger'}>{s.step === null ? 'load' : `step ${s.step + 1}/${n}`}</Badge>{' '}
                  {s.reason ? <span className="danger-text small">{s.reason}</span> : null}
                </li>
              ))}
            </ol>
            {live.notes.map((t, i) => (
              <p key={i} className="small muted">
                {t}
              </p>
            ))}
          </div>
          <figure className="run-shot">
            {/* The sandboxed page itself while it replays; the latest screenshot once it is gone. */}
            <div ref={frameHost} className="run-frame" />
            {live.shot ? (
              <img src={live.shot} alt="Latest screenshot of the candidate" />
            ) : (
              <div className="compare-missing">screenshots appear here</div>
            )}
          </figure>
        </div>
      ) : null}
      {phase === 'done' && runId ? (
        <div className="row">
          <a ref={resultsLink} className="btn btn-primary" href={hrefFor({ name: 'results', runId })}>
            See the results →
          </a>
        </div>
      ) : null}
      <div className="run-history">
        <h3 className="small muted">Earlier runs of this task</h3>
        {history.length ? (
          <ul className="plain-list">
            {history.slice(0, 8).map((r) => (
              <li key={r.id} className="row">
                <a href={hrefFor({ name: 'results', runId: r.id })}>{r.model}</a>
                <span className="muted small">{when(r.createdAt)}</span>
                <span className="spacer" />
                <span className="small">
                  Final {pct(r.scores.Final)}
                  {r.scores.complete ? '' : ' (partial)'}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="hint">None yet.</p>
        )}
      </div>
    </div>
  );
}
