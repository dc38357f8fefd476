// Export runs as a zip in the official results layout (src/exchange/export.ts): one run from
// Results, a model or the whole leaderboard from the Leaderboard. What was left out and why
// is said next to the button.
import { useState } from 'react';
import { exportRuns, type ExportOptions } from '../../exchange/export.ts';
import { Button } from '../components/Button.tsx';
import { downloadBytes } from './download.ts';
import './exchange.css';

export function ExportButton({
  label,
  what,
  size = 'md',
  variant = 'secondary',
}: {
  label: string;
  what: ExportOptions;
  size?: 'sm' | 'md';
  variant?: 'secondary' | 'ghost' | 'primary';
}) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: 'ok' | 'warn' | 'danger'; text: string } | null>(null);
  const run = async () => {
    setBusy(true);
    setNote(null);
    try {
      const r = await exportRuns(what);
      downloadBytes(r.zip, r.fileName);
      const extra = [...r.warnings, ...r.skipped.map((s) => `${s.runId} left out: ${s.reason}`)];
      setNote(
        extra.length
          ? { tone: 'warn', text: `Saved ${r.fileName}. ${extra.join(' · ')}` }
          : { tone: 'ok', text: `Saved ${r.fileName} (${r.manifest.runs.length} run${r.manifest.runs.length === 1 ? '' : 's'}).` },
      );
    } catch (err) {
      setNote({ tone: 'danger', text: `Export failed: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="export-action">
      <Button size={size} variant={variant} busy={busy} disabled={busy} onClick={() => void run()}>
        {label}
      </Button>
      {note ? (
        <span className={`export-note small ${note.tone}-text`} role={note.tone === 'danger' ? 'alert' : 'status'} title={note.text}>
          {note.text}
        </span>
      ) : null}
    </span>
  );
}
