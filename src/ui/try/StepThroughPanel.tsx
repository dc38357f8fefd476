// Step through the replay: each press of "Next step" runs one step in the real sandbox and
// shows what the driver picked (element, confidence, reasons) and the runner-up.
import { useEffect, useRef, useState } from 'react';
import type { Task } from '../../task/types.ts';
import type { StepRecord } from '../../run/types.ts';
import { useStepThrough, type StepThroughOptions } from './useStepThrough.ts';
import { Button } from '../components/Button.tsx';
import { Badge } from '../components/Card.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { ms } from '../format.ts';

export function StepThroughPanel({
  task,
  html,
  assets,
  options,
}: {
  task: Task;
  html: string;
  assets: Map<string, Blob> | null;
  options: StepThroughOptions;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = task.resolution;
  const [scale, setScale] = useState(0.5);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setScale(Math.min(1, el.clientWidth / width, el.clientHeight / height) || 0.5));
    ro.observe(el);
    return () => ro.disconnect();
  }, [width, height]);
  const { state, start, next, stop } = useStepThrough(stage, scale);
  const steps = task.record.action_sequence;
  const last = state.records[state.records.length - 1];
  const nextIndex = last ? (last.step === null ? 0 : last.step + 1) : 0;
  const finished = !state.running && state.records.length > 0;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.key === 'n' &&
        !e.ctrlKey &&
        !e.metaKey &&
        state.running &&
        !state.busy &&
        !(e.target instanceof HTMLElement && e.target.closest('input, textarea, .cm-editor'))
      ) {
        e.preventDefault();
        void next();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state.running, state.busy, next]);

  return (
    <div className="stepper">
      <div className="row stepper-tools">
        {!state.running ? (
          <Button
            variant="primary"
            size="sm"
            disabled={!assets || state.busy}
            busy={state.busy}
            onClick={() => assets && void start(task.record, html, assets, options)}
          >
            {finished ? 'Start again' : 'Start: load the page'}
          </Button>
        ) : (
          <>
            <Button variant="primary" size="sm" disabled={state.busy} busy={state.busy} onClick={() => void next()} aria-keyshortcuts="n">
              {nextIndex < steps.length ? `Run step ${nextIndex + 1} of ${steps.length}` : 'Finish'}
            </Button>
            <Button size="sm" onClick={() => void stop()}>
              Stop
            </Button>
          </>
        )}
        <span className="muted small">
          {options.scroll === 'official' && options.timing === 'official'
            ? 'Official replay rules'
            : 'Improved replay options (see Settings)'}{' '}
          · key <kbd>N</kbd> runs the next step
        </span>
      </div>
      {state.error ? (
        <ErrorPanel
          title="The replay stopped with an error."
          error={state.error}
          actions={[{ label: 'Start again', onClick: () => assets && void start(task.record, html, assets, options) }]}
        />
      ) : null}
      <div className="stepper-body">
        <div className="stepper-frame" ref={box}>
          <div className="preview-stage" ref={stage} style={{ width: width * scale, height: height * scale }} />
          {!state.running && !state.records.length ? (
            <p className="stepper-empty muted">Press Start to load the candidate in a fresh sandbox, then run the steps one by one.</p>
          ) : null}
        </div>
        <ol className="stepper-log" aria-live="polite">
          {state.records.map((r) => (
            <RecordRow key={r.k + (r.step === null ? '-load' : `-${r.step}`)} rec={r} />
          ))}
          {state.running && nextIndex < steps.length ? (
            <li className="rec rec-next">
              <span className="step-n">{nextIndex + 1}</span>
              <span className={`step-type type-${steps[nextIndex]!.type.toLowerCase()}`}>{steps[nextIndex]!.type}</span>
              <span className="muted">next: {steps[nextIndex]!.parameters?.description}</span>
            </li>
          ) : null}
          {state.summary ? (
            <li className="rec rec-summary">
              {state.summary.failedAt === null ? (
                <Badge tone="ok">All {state.summary.steps} steps done</Badge>
              ) : (
                <Badge tone="danger">Stopped at {state.summary.failedAt < 0 ? 'load' : `step ${state.summary.failedAt + 1}`}</Badge>
              )}
              <span className="muted">
                {state.summary.done}/{state.summary.steps} steps · IFS before assertions{' '}
                {state.summary.steps ? ((state.summary.done / state.summary.steps) * 100).toFixed(0) : 0}%
              </span>
            </li>
          ) : null}
        </ol>
      </div>
    </div>
  );
}

function RecordRow({ rec }: { rec: StepRecord & { shotUrl?: string } }) {
  const el = rec.element;
  return (
    <li className={`rec rec-${rec.status}`}>
      <div className="row rec-head">
        <span className="step-n">{rec.step === null ? '0' : rec.step + 1}</span>
        {rec.action ? (
          <span className={`step-type type-${rec.action.type.toLowerCase()}`}>{rec.action.type}</span>
        ) : (
          <span className="step-type">Load</span>
        )}
        <Badge tone={rec.status === 'ok' ? 'ok' : 'danger'}>{rec.status === 'ok' ? 'ok' : 'failed'}</Badge>
        <span className="muted small">{ms(rec.timings.totalMs)}</span>
        {rec.shotUrl ? (
          <a className="small" href={rec.shotUrl} target="_blank" rel="noreferrer">
            screenshot {rec.k}
          </a>
        ) : null}
      </div>
      {rec.action?.parameters?.description ? <p className="rec-desc">{rec.action.parameters.description}</p> : null}
      {rec.reason ? <p className="rec-reason">{rec.reason}</p> : null}
      {el ? (
        <div className="rec-el">
          <div>
            <span className="field-label">Picked</span> <code>&lt;{el.tag}&gt;</code> {el.text ? <q>{el.text.slice(0, 80)}</q> : null}{' '}
            <Confidence v={el.confidence} />
            {el.typed !== undefined ? (
              <>
                {' '}
                typed <q>{el.typed}</q>
              </>
            ) : null}
          </div>
          <div className="mono faint small ellipsis" title={el.xpath}>
            {el.xpath}
          </div>
          {el.reasons.length ? <div className="small muted">why: {el.reasons.join('; ')}</div> : null}
          {el.runnerUp ? (
            <div className="small">
              <span className="field-label">Runner-up</span> <code>&lt;{el.runnerUp.tag}&gt;</code>{' '}
              {el.runnerUp.text ? <q>{el.runnerUp.text.slice(0, 60)}</q> : null}{' '}
              <span className="muted">score {el.runnerUp.score.toFixed(2)}</span>
              {el.runnerUp.reasons.length ? <span className="muted"> ({el.runnerUp.reasons.join('; ')})</span> : null}
            </div>
          ) : (
            <div className="small muted">No runner-up: only one element fits.</div>
          )}
        </div>
      ) : null}
      {rec.missingAssets?.length ? <p className="small warn-text">Missing assets: {rec.missingAssets.join(', ')}</p> : null}
      {rec.errors.length ? <p className="small danger-text">Page errors: {rec.errors.slice(0, 3).join(' · ')}</p> : null}
      {rec.blocked.length ? (
        <p className="small warn-text">
          Blocked:{' '}
          {rec.blocked
            .map((b) => b.url)
            .slice(0, 3)
            .join(', ')}
        </p>
      ) : null}
    </li>
  );
}

function Confidence({ v }: { v: number }) {
  return <Badge tone={v >= 0.7 ? 'ok' : v >= 0.4 ? 'warn' : 'danger'}>confidence {v.toFixed(2)}</Badge>;
}
