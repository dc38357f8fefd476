/** A labelled progress bar; `value` null means "working, amount unknown". */
export function ProgressBar({
  value,
  label,
  detail,
  tone = 'accent',
}: {
  value: number | null;
  label: string;
  detail?: string;
  tone?: 'accent' | 'ok' | 'danger';
}) {
  const pct = value === null ? null : Math.max(0, Math.min(1, value)) * 100;
  return (
    <div className={`progress progress-${tone}`}>
      <div className="progress-text">
        <span>{label}</span>
        {detail ? <span className="muted">{detail}</span> : pct !== null ? <span className="muted">{Math.round(pct)}%</span> : null}
      </div>
      <div
        className={`progress-track${pct === null ? ' progress-indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct === null ? undefined : Math.round(pct)}
      >
        <div className="progress-fill" style={pct === null ? undefined : { transform: `scaleX(${pct / 100})` }} />
      </div>
    </div>
  );
}
