// Evaluations a closed or reloaded tab left unfinished (src/pipeline/resume.ts), resumed on
// app start with their progress in a banner. Runs started from the Run button resume on
// their own; runs started through window.iwr (the CLI, scripts) are its to resume, so for
// those the banner only offers a button.
import { useEffect, useState } from 'react';
import { listPendingRuns, resumePendingRuns, type PendingRun, type ResumeResult } from '../../pipeline/resume.ts';
import { Button } from '../components/Button.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { hrefFor } from '../router.ts';
import '../exchange/exchange.css';

interface Live {
  stage: string | null;
  done: number;
  total: number;
  steps: number;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'offer'; pending: PendingRun[] }
  | { kind: 'running'; pending: PendingRun[] }
  | { kind: 'done'; results: ResumeResult[] };

// One resume per page: StrictMode runs effects twice, and a second call would only find
// the runs locked by the first.
let started: Promise<void> | null = null;

export function ResumeBanner() {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [live, setLive] = useState<Record<string, Live>>({});
  const [dismissed, setDismissed] = useState(false);

  const resume = (pending: PendingRun[]) => {
    setPhase({ kind: 'running', pending });
    started = resumePendingRuns((id, e) => {
      setLive((l) => {
        const cur = l[id] ?? { stage: null, done: 0, total: 0, steps: 0 };
        if (e.type === 'stage' && typeof e.stage === 'string')
          return { ...l, [id]: { ...cur, stage: e.stage, done: Number(e.done ?? 0), total: Number(e.total ?? 0) } };
        if (e.type === 'step') return { ...l, [id]: { ...cur, steps: cur.steps + 1 } };
        return l;
      });
    }).then(
      (results) => setPhase(results.length ? { kind: 'done', results } : { kind: 'idle' }),
      (err: unknown) =>
        setPhase({
          kind: 'done',
          results: [{ pendingId: '-', taskKey: '', model: '', status: 'failed', error: err instanceof Error ? err.message : String(err) }],
        }),
    );
  };

  useEffect(() => {
    if (started) return;
    started = listPendingRuns().then(
      (pending) => {
        if (!pending.length) return;
        if (pending.some((p) => p.input.candidateId)) resume(pending);
        else setPhase({ kind: 'offer', pending });
      },
      () => undefined,
    );
  }, []);

  if (phase.kind === 'idle' || dismissed) return null;
  if (phase.kind === 'offer')
    return (
      <div className="resume-banner" role="status">
        <span>
          {phase.pending.length} evaluation{phase.pending.length === 1 ? '' : 's'} started outside the app (command line or script) did not
          finish.
        </span>
        <div className="spacer" />
        <Button size="sm" variant="primary" onClick={() => resume(phase.pending)}>
          Resume here
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDismissed(true)}>
          Not now
        </Button>
      </div>
    );
  if (phase.kind === 'running')
    return (
      <div className="resume-banner" role="status" aria-live="polite" data-testid="resume-banner">
        <span>
          Resuming {phase.pending.length} unfinished evaluation{phase.pending.length === 1 ? '' : 's'} from before the reload:
        </span>
        <ul className="resume-banner-list">
          {phase.pending.map((p) => {
            const l = live[p.id];
            return (
              <li key={p.id}>
                <ProgressBar
                  label={`Task ${p.input.taskId} · ${p.input.model}`}
                  value={l && l.total ? l.done / l.total : null}
                  detail={l?.stage ? `${l.stage} ${l.done}/${l.total}` : 'starting'}
                />
              </li>
            );
          })}
        </ul>
      </div>
    );
  return (
    <div className="resume-banner" role="status" data-testid="resume-banner">
      <ul className="resume-banner-list">
        {phase.results.map((r) => (
          <li key={r.pendingId}>
            {r.runId ? (
              <>
                Resumed evaluation of task {r.taskKey.split('/').pop()} ({r.model}) finished:{' '}
                <a href={hrefFor({ name: 'results', runId: r.runId })}>see the results</a>
              </>
            ) : (
              <span className={r.status === 'busy' ? 'muted' : 'warn-text'}>
                {r.taskKey ? `Task ${r.taskKey.split('/').pop()} (${r.model}): ` : ''}
                {r.status === 'busy' ? 'still running in another tab' : `not resumed: ${r.error ?? r.status}`}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="spacer" />
      <Button size="sm" variant="ghost" onClick={() => setDismissed(true)}>
        Dismiss
      </Button>
    </div>
  );
}
