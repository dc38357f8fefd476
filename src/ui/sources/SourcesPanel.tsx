// The sources panel: add a folder, zip or URL; see the remembered sources; list a source's
// tasks with their problems and open one (files fetched with progress, cached for offline).
import { useEffect } from 'react';
import { AddSource } from './AddSource.tsx';
import { SourceList } from './SourceList.tsx';
import { TaskList } from './TaskList.tsx';
import { useSources } from './store.ts';
import './sources.css';

export function SourcesPanel() {
  const { refresh, selected, busy, error, notice, dismissError } = useSources();
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return (
    <div className="src-panel" data-testid="sources-panel">
      <AddSource />
      {busy ? (
        <div className="src-busy" role="status">
          <div className="src-progress src-progress-indeterminate" role="progressbar" aria-label={busy} />
          {busy}
        </div>
      ) : null}
      {error ? (
        <div className="src-error-box" role="alert" data-testid="source-error">
          <span>{error}</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={dismissError}>
            Dismiss
          </button>
        </div>
      ) : null}
      {notice ? (
        <p className="src-notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="src-columns">
        <SourceList />
        <div className="src-detail">
          {selected ? <TaskList sourceId={selected} /> : <p className="src-muted">Select a source to list its tasks.</p>}
        </div>
      </div>
    </div>
  );
}
