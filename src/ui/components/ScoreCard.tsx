import { pct } from '../format.ts';

/**
 * One score (0..1). `partial` marks a figure computed without a judge (e.g. "VFS (no HFS)");
 * `value` null means "not computed", shown as a dash with the reason, never as zero.
 */
/** `detail`: one more line under the note, e.g. which model produced the figure ('warn' when it is not the official one). */
export function ScoreCard({
  label,
  value,
  partial,
  missing,
  hint,
  emphasis,
  detail,
  detailTone,
}: {
  label: string;
  value: number | null;
  partial?: string | undefined;
  missing?: string | undefined;
  hint?: string | undefined;
  emphasis?: boolean;
  detail?: string | undefined;
  detailTone?: 'warn' | undefined;
}) {
  const tone = value === null ? 'none' : value >= 0.7 ? 'high' : value >= 0.4 ? 'mid' : 'low';
  return (
    <div className={`score-card score-${tone}${emphasis ? ' score-emphasis' : ''}`} title={hint}>
      <div className="score-label">
        {label}
        {partial ? <span className="score-partial"> ({partial === 'checks' ? 'checks' : 'partial'})</span> : null}
      </div>
      <div
        className="score-value"
        aria-label={`${label}${partial ? (partial === 'checks' ? ' (checks)' : ' partial') : ''}: ${value === null ? 'not computed' : pct(value)}`}
      >
        {value === null ? '—' : pct(value)}
      </div>
      <div className="score-note">{value === null ? (missing ?? 'not computed') : partial ? `${partial}` : (hint ?? '\u00a0')}</div>
      {detail ? (
        <div className={`score-detail${detailTone === 'warn' ? ' warn-text' : ''}`} title={detail}>
          {detail}
        </div>
      ) : null}
      {value !== null ? (
        <div className="score-bar" aria-hidden="true">
          <div style={{ transform: `scaleX(${Math.max(0, Math.min(1, value))})` }} />
        </div>
      ) : null}
    </div>
  );
}
