// Import a results zip (our export, or an official results folder zipped): runs are added,
// never lost; a run already stored is skipped unless "replace" is ticked.
import { useId, useRef, useState } from 'react';
import { importRuns, type ImportSummary } from '../../exchange/import.ts';
import { Button } from '../components/Button.tsx';
import { hrefFor } from '../router.ts';
import './exchange.css';

export function ImportButton({ onImported, size = 'md' }: { onImported?: (s: ImportSummary) => void; size?: 'sm' | 'md' }) {
  const input = useRef<HTMLInputElement>(null);
  const replaceId = useId();
  const [replace, setReplace] = useState(false);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File) => {
    setBusy(true);
    setError(null);
    setSummary(null);
    try {
      const s = await importRuns(file, { label: file.name, onConflict: replace ? 'replace' : 'skip' });
      setSummary(s);
      onImported?.(s);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="import-action">
      <div className="row">
        <Button size={size} busy={busy} disabled={busy} onClick={() => input.current?.click()}>
          Import results (.zip)…
        </Button>
        <label className="check small" htmlFor={replaceId}>
          <input id={replaceId} type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />
          <span>Replace runs already stored</span>
        </label>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          hidden
          aria-label="Results zip to import"
          data-testid="import-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void pick(f);
          }}
        />
      </div>
      {error ? (
        <p className="note note-warn import-note" role="alert">
          Import failed: <span className="pre-wrap">{error}</span>
        </p>
      ) : null}
      {summary ? (
        <div className="note import-note" role="status">
          {summary.imported.length} run{summary.imported.length === 1 ? '' : 's'} imported
          {summary.replaced.length ? ` (${summary.replaced.length} replaced)` : ''}
          {summary.skipped.length ? `, ${summary.skipped.length} skipped` : ''}
          {summary.withManifest ? '' : ' (official layout: rebuilt from eval.json)'}.
          {summary.imported.length ? (
            <ul className="plain-list small">
              {summary.imported.slice(0, 6).map((r) => (
                <li key={r.runId}>
                  <a href={hrefFor({ name: 'results', runId: r.runId })}>
                    task {r.task} · {r.model}
                  </a>
                </li>
              ))}
              {summary.imported.length > 6 ? <li className="muted">and {summary.imported.length - 6} more</li> : null}
            </ul>
          ) : null}
          {summary.skipped.map((s) => (
            <div key={s.runId} className="small muted">
              {s.runId}: {s.reason}
            </div>
          ))}
          {summary.checks.imported.length + summary.checks.replaced.length ? (
            <div className="small">
              Checks restored for task{summary.checks.imported.length + summary.checks.replaced.length === 1 ? '' : 's'}{' '}
              {[...summary.checks.imported, ...summary.checks.replaced].join(', ')}
              {summary.checks.replaced.length ? ` (${summary.checks.replaced.length} replaced)` : ''}.
            </div>
          ) : null}
          {summary.checks.skipped.map((s) => (
            <div key={s.taskKey} className="small muted">
              checks of {s.taskKey}: {s.reason}
            </div>
          ))}
          {summary.warnings.map((w, i) => (
            <div key={i} className="small warn-text">
              {w}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
