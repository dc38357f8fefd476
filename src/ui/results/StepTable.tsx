// Every step of the run: action, resolved element, ok or why it failed, assertion verdict, timings.
import type { RunView } from './run-view.ts';
import { Badge } from '../components/Card.tsx';
import { ms } from '../format.ts';
import type { StoredStep } from '../../data/runs.ts';

export function StepTable({ run }: { run: RunView }) {
  const byStep = new Map(run.steps.filter((s) => s.step !== null).map((s) => [s.step as number, s]));
  const load = run.steps.find((s) => s.step === null);
  const success = run.eval.success_step;
  // Judge-free checks (src/checks): the answers themselves ('checks'), or beside the judge ('judge+checks').
  const studio = run.eval.iwr_studio;
  const byChecks = studio?.assertions_mode === 'checks';
  const checks = new Map(((studio?.checks?.verdicts ?? []) as CheckRow[]).map((v) => [v.step, v]));
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Steps">
      <table className="data step-table">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Action</th>
            <th>Resolved element</th>
            <th>Outcome</th>
            <th>Assertion</th>
            <th className="num">Time</th>
          </tr>
        </thead>
        <tbody>
          {load ? (
            <tr>
              <td className="num">0</td>
              <td>Load</td>
              <td className="muted">page loaded, screenshot 0</td>
              <td>
                {load.status === 'ok' ? <Badge tone="ok">ok</Badge> : <Badge tone="danger">failed</Badge>}{' '}
                {load.reason ? <span className="danger-text small">{load.reason}</span> : null}
              </td>
              <td />
              <td className="num">{ms(load.timings.totalMs)}</td>
            </tr>
          ) : null}
          {run.actions.map((a, i) => {
            const s = byStep.get(i);
            const as = run.eval.assertion_results?.[i] ?? null;
            const el = s?.element;
            const counted = i < success;
            return (
              <tr key={i} className={!s ? 'row-ref' : undefined}>
                <td className="num">{i + 1}</td>
                <td>
                  <span className={`step-type type-${a.type.toLowerCase()}`}>{a.type}</span>
                  <div className="small step-table-desc">{a.parameters?.description}</div>
                </td>
                <td className="small">
                  {el ? (
                    <>
                      <code>&lt;{el.tag}&gt;</code> {el.text ? <q>{el.text.slice(0, 60)}</q> : null}{' '}
                      <Badge tone={el.confidence >= 0.7 ? 'ok' : el.confidence >= 0.4 ? 'warn' : 'danger'}>
                        {el.confidence.toFixed(2)}
                      </Badge>
                      <div className="mono faint ellipsis" title={el.xpath}>
                        {el.xpath}
                      </div>
                      {el.decidedBy && el.decidedBy !== 'deterministic' ? (
                        <div className="muted">chosen by the model{el.decidedBy === 'llm-vision' ? ' from the screenshot' : ''}</div>
                      ) : null}
                      {el.other ? <OtherPick pick={el.other} chosen={el.xpath} /> : null}
                      {el.runnerUp ? (
                        <div className="muted">
                          runner-up{' '}
                          {el.runnerUp.text ? <q>{el.runnerUp.text.slice(0, 40)}</q> : <span className="mono">{el.runnerUp.xpath}</span>} (
                          {el.runnerUp.score.toFixed(2)})
                        </div>
                      ) : null}
                    </>
                  ) : s && a.type === 'Scroll' ? (
                    <span className="muted">window (official scroll)</span>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td>
                  {!s ? (
                    <span className="muted small">not run</span>
                  ) : s.status === 'ok' ? (
                    <Badge tone="ok">ok</Badge>
                  ) : (
                    <>
                      <Badge tone="danger">failed</Badge> <span className="danger-text small">{s.reason}</span>
                    </>
                  )}
                  {s && !counted && s.status === 'ok' ? <div className="small warn-text">after the first "No": not counted</div> : null}
                </td>
                <td className="small">
                  {a.logical_assertion ? (
                    <>
                      <div className="muted">{a.logical_assertion}</div>
                      {as ? (
                        <Badge tone={as.result === 'Yes' ? 'ok' : as.result === 'No' ? 'danger' : 'warn'}>{as.result}</Badge>
                      ) : (
                        <span className="faint">not judged (no screenshot after)</span>
                      )}
                      {as && byChecks ? <div className="muted">by the check: {as.response}</div> : null}
                      {!byChecks && checks.get(i) ? <CheckBeside check={checks.get(i)!} judged={as?.result ?? null} /> : null}
                    </>
                  ) : (
                    <span className="faint">—</span>
                  )}
                </td>
                <td className="num small">
                  {s?.timings ? (
                    <span
                      title={`resolve ${ms(s.timings.resolveMs)} · act ${ms(s.timings.actMs)} · wait ${ms(s.timings.waitMs)} · capture ${ms(s.timings.captureMs)}`}
                    >
                      {ms(s.timings.totalMs)}
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The other resolver's pick at the same step: agreement, or the element it would have chosen and why. */
function OtherPick({ pick, chosen }: { pick: NonNullable<NonNullable<StoredStep['element']>['other']>; chosen: string }) {
  const who = pick.by === 'llm' ? 'the model' : 'our resolver';
  const same = pick.ok && (pick.xpath === chosen || pick.xpath.startsWith(`${chosen}/`) || chosen.startsWith(`${pick.xpath}/`));
  if (same) return <div className="ok-text small">{who} agrees</div>;
  return (
    <div className="warn-text small" title={pick.reasons.join('; ')}>
      {who} would pick{' '}
      {pick.ok ? (
        <>
          <code>&lt;{pick.tag}&gt;</code> {pick.text ? <q>{pick.text.slice(0, 40)}</q> : <span className="mono">{pick.xpath}</span>}
        </>
      ) : (
        `nothing (${pick.reasons[0] ?? ''})`
      )}
    </div>
  );
}

interface CheckRow {
  step: number;
  result: 'Yes' | 'No' | null;
  summary?: string;
}

/** A check's verdict next to the judge's: the same answer, or not. */
function CheckBeside({ check, judged }: { check: CheckRow; judged: string | null }) {
  if (!check.result) return <div className="faint small">no check for this assertion</div>;
  const agrees = judged === check.result;
  return (
    <div className={`small ${judged === 'Yes' || judged === 'No' ? (agrees ? 'ok-text' : 'warn-text') : 'muted'}`} title={check.summary}>
      check: {check.result}
      {judged === 'Yes' || judged === 'No' ? (agrees ? ' (agrees)' : ' (disagrees)') : ''}
    </div>
  );
}
