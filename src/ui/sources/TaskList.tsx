import { formatBytes } from '../../sources/errors.ts';
import { openedKey, useSources } from './store.ts';
import { ProblemList } from './ProblemList.tsx';

export function TaskList({ sourceId }: { sourceId: string }) {
  const { datasets, opened, openTask, progress } = useSources();
  const view = datasets[sourceId];
  if (!view) return null;
  if (view.status === 'loading') return <p className="src-muted">Reading data.jsonl…</p>;
  if (view.status === 'error')
    return (
      <p className="src-error" role="alert">
        {view.error}
      </p>
    );
  return (
    <div className="src-tasks">
      <p className="src-summary">
        {view.tasks.length} task{view.tasks.length === 1 ? '' : 's'}
        {view.problems.length ? `, ${view.problems.length} problem${view.problems.length === 1 ? '' : 's'} in data.jsonl` : ''}
      </p>
      <ProblemList problems={view.problems} />
      <ul className="src-task-list" aria-label="Tasks">
        {view.tasks.map((parsed) => {
          const o = opened[openedKey(sourceId, parsed.id)];
          const t = o?.task ?? parsed;
          const problems = o?.status === 'ready' ? o.problems : t.problems;
          const errors = problems.filter((p) => p.severity === 'error').length;
          const p = progress && progress.sourceId === sourceId && progress.taskId === t.id ? progress : null;
          return (
            <li key={t.id} className="src-task" data-task-id={t.id}>
              <div className="src-task-head">
                <strong>Task {t.id}</strong>
                <span className="src-muted">{t.record.source_website}</span>
                <span className="src-muted">
                  {t.record.action_sequence.length} steps · {t.flaggedSteps + 1} checkpoints · {t.resolution.width}x{t.resolution.height}
                </span>
                <span className={`src-badge ${errors ? 'src-badge-error' : o?.status === 'ready' ? 'src-badge-ok' : ''}`}>
                  {errors ? `${errors} error${errors === 1 ? '' : 's'}` : o?.status === 'ready' ? 'ok' : 'folder not checked yet'}
                </span>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={o?.status === 'opening'}
                  onClick={() => void openTask(sourceId, t.id)}
                >
                  {o?.status === 'ready' ? 'Check again' : 'Open'}
                </button>
              </div>
              {p ? (
                <div
                  className="src-progress"
                  role="progressbar"
                  aria-label={`Opening task ${t.id}`}
                  aria-valuemin={0}
                  aria-valuemax={p.total}
                  aria-valuenow={p.done}
                >
                  <div className="src-progress-fill" style={{ width: `${p.total ? (100 * p.done) / p.total : 0}%` }} />
                  <span className="src-muted">
                    {p.done}/{p.total} files · {formatBytes(p.bytes)}
                  </span>
                </div>
              ) : null}
              {o?.status === 'ready' && o.files ? (
                <p className="src-muted src-files">
                  {o.files.video ?? 'no video'} · {o.files.checkpoints.length} checkpoints · {o.files.stitched.length} sheets ·{' '}
                  {o.files.assets.length} assets
                </p>
              ) : null}
              {o?.status === 'error' ? (
                <p className="src-error" role="alert">
                  {o.error}
                </p>
              ) : null}
              <ProblemList problems={problems} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
