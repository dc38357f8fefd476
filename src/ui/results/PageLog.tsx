// What the candidate page did besides the steps: console errors, uncaught errors, dialogs,
// and blocked requests, each with the step it happened in.
import type { RunView } from './run-view.ts';
import { EmptyState } from '../components/Card.tsx';

export function PageLog({ run }: { run: RunView }) {
  const where = (step: number | null) => (step === null ? 'load' : `step ${step + 1}`);
  const rows: { at: string; kind: string; text: string; tone: string }[] = [];
  for (const s of run.steps) {
    for (const e of s.errors) rows.push({ at: where(s.step), kind: 'error', text: e, tone: 'danger' });
    for (const c of s.console)
      if (c.level === 'error' || c.level === 'warn' || c.level === 'warning')
        rows.push({ at: where(s.step), kind: `console.${c.level}`, text: c.text, tone: c.level === 'error' ? 'danger' : 'warn' });
    for (const b of s.blocked) rows.push({ at: where(s.step), kind: 'blocked', text: `${b.url} (${b.directive})`, tone: 'warn' });
    for (const d of s.dialogs) rows.push({ at: where(s.step), kind: d.dialog, text: d.message, tone: 'muted' });
  }
  const blocked = rows.filter((r) => r.kind === 'blocked').length;
  const errors = rows.filter((r) => r.tone === 'danger').length;
  if (!rows.length) return <EmptyState title="No console errors, blocked requests or dialogs" />;
  return (
    <>
      <p className="hint">
        {errors} error{errors === 1 ? '' : 's'}, {blocked} blocked request{blocked === 1 ? '' : 's'}
        {run.eval.iwr_studio?.network_policy === 'blocked' || blocked
          ? ' (the official rules forbid external dependencies; requests leaving the page are blocked)'
          : ''}
        .
      </p>
      <div className="table-wrap log-table" tabIndex={0} role="region" aria-label="Console and network log">
        <table className="data">
          <thead>
            <tr>
              <th>When</th>
              <th>Kind</th>
              <th>Message</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td className="nowrap">{r.at}</td>
                <td className={`nowrap ${r.tone}-text`}>{r.kind}</td>
                <td className="mono small log-msg">{r.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
