// "Test on this candidate": pick one of the task's stored candidates (or, for the samples, a
// sample candidate such as the reference), replay the steps up to and including this one with
// the check being edited attached, and show its verdict with the evidence of every condition.
import { useEffect, useRef, useState } from 'react';
import type { Check, CheckVerdict } from '../../../checks/types.ts';
import { candidateTaskKey, listCandidates, type Candidate } from '../../../data/candidates.ts';
import { SAMPLES_ID } from '../../../sources/registry.ts';
import type { OpenedTaskView } from '../../state/catalog.ts';
import { loadSampleCandidate, SAMPLE_MODELS } from '../../state/sample-candidates.ts';
import { useSettings } from '../../settings/store.ts';
import { useTaskAssets } from '../../try/useTaskAssets.ts';
import { Badge } from '../../components/Card.tsx';
import { Button } from '../../components/Button.tsx';
import { tryOnCandidate, type CandidateTrial } from './try-check.ts';

type Phase =
  { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; trial: CandidateTrial; label: string } | { kind: 'error'; message: string };

export function TestPanel({
  sourceId,
  opened,
  step,
  assertion,
  check,
}: {
  sourceId: string;
  opened: OpenedTaskView;
  step: number;
  assertion: string;
  check: Check | null;
}) {
  const task = opened.task;
  const samples = sourceId === SAMPLES_ID;
  const [stored, setStored] = useState<Candidate[]>([]);
  const [pick, setPick] = useState(samples ? 'sample:reference' : '');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const { assets } = useTaskAssets(sourceId, task.id, true);
  const ctrl = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    listCandidates(candidateTaskKey(sourceId, task.id)).then(
      (list) => {
        if (!live) return;
        setStored(list);
        setPick((p) => p || (list[0] ? `cand:${list[0].id}` : ''));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [sourceId, task.id]);
  useEffect(() => () => ctrl.current?.abort(), []);

  const run = async () => {
    if (!check || !assets || !pick) return;
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setPhase({ kind: 'running' });
    try {
      const [kind, id] = [pick.slice(0, pick.indexOf(':')), pick.slice(pick.indexOf(':') + 1)];
      const cand = stored.find((x) => x.id === id);
      const html = kind === 'sample' ? await loadSampleCandidate(task.id, id) : (cand?.html ?? '');
      if (kind !== 'sample' && !cand) throw new Error('that candidate no longer exists');
      const trial = await tryOnCandidate({
        task: task.record,
        html,
        assets,
        entry: { step, assertion, check, provenance: { by: 'hand', created: new Date().toISOString() } },
        settings: useSettings.getState().settings,
        signal: c.signal,
      });
      if (!c.signal.aborted) setPhase({ kind: 'done', trial, label: kind === 'sample' ? `sample ${id}` : (cand?.name ?? id) });
    } catch (err) {
      if (!c.signal.aborted) setPhase({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <div className="check-test">
      <div className="row">
        <label className="field-inline">
          <span>Candidate</span>
          <select aria-label="Candidate to test on" value={pick} onChange={(e) => setPick(e.target.value)}>
            {!samples && !stored.length ? <option value="">no candidates yet (write one in Try it)</option> : null}
            {samples
              ? SAMPLE_MODELS.map((m) => (
                  <option key={m} value={`sample:${m}`}>
                    sample: {m}
                  </option>
                ))
              : null}
            {stored.map((c) => (
              <option key={c.id} value={`cand:${c.id}`}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <Button
          onClick={() => void run()}
          disabled={!check || !assets || !pick || phase.kind === 'running'}
          busy={phase.kind === 'running'}
        >
          Test on this candidate
        </Button>
        {phase.kind === 'running' ? (
          <Button size="sm" variant="ghost" onClick={() => ctrl.current?.abort()}>
            Stop
          </Button>
        ) : null}
      </div>
      {phase.kind === 'running' ? <p className="small muted">Replaying steps 1 to {step + 1}…</p> : null}
      {phase.kind === 'error' ? <p className="small danger-text">The test did not run: {phase.message}</p> : null}
      {phase.kind === 'done' ? <TrialView trial={phase.trial} label={phase.label} step={step} /> : null}
    </div>
  );
}

function TrialView({ trial, label, step }: { trial: CandidateTrial; label: string; step: number }) {
  if (trial.kind === 'stopped')
    return (
      <p className="note note-warn small check-verdict" data-verdict="stopped">
        On {label}: the replay stopped {trial.step === null ? 'at load' : `at step ${trial.step + 1}`} before step {step + 1}&apos;s check
        could run: {trial.reason}
      </p>
    );
  return <VerdictView verdict={trial.verdict} label={label} />;
}

function VerdictView({ verdict, label }: { verdict: CheckVerdict; label: string }) {
  return (
    <div className="check-verdict" data-verdict={verdict.result}>
      <div className="row">
        <Badge tone={verdict.result === 'Yes' ? 'ok' : 'danger'}>{verdict.result}</Badge>
        <span className="small">on {label}</span>
      </div>
      <ul className="plain-list small check-evidence">
        {verdict.evidence.map((e) => (
          <li key={e.path}>
            <span className={e.pass ? 'ok-text' : 'danger-text'}>{e.pass ? '✓' : '✗'}</span> <span className="mono">{e.path}</span> (
            {e.kind}): {e.seen}
          </li>
        ))}
      </ul>
    </div>
  );
}
