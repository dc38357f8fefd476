// Every stored run, grouped by model name across tasks, with the official averages, a
// per-level breakdown and chart, and the published IWR-Bench figures as reference rows.
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import { loadAllRuns, type RunView } from '../results/run-view.ts';
import { ensureCatalog, useCatalog } from '../state/catalog.ts';
import { aggregate, allLevels, levelKey, type ModelRow } from './aggregate.ts';
import { PUBLISHED, PUBLISHED_NOTE } from './published.ts';
import { LevelChart } from './LevelChart.tsx';
import { columnLabels } from '../../scoring/metrics.ts';
import { Card, EmptyState } from '../components/Card.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Button } from '../components/Button.tsx';
import { hrefFor } from '../router.ts';
import { pct, when } from '../format.ts';
import { ExportButton } from '../exchange/ExportButton.tsx';
import { ImportButton } from '../exchange/ImportButton.tsx';
import './leaderboard.css';

const COLS = [
  ['IFS', 'IFS'],
  ['ocr_score', 'OCR'],
  ['dino_score', 'DINO'],
  ['LFS', 'LFS'],
  ['HFS', 'HFS'],
  ['VFS', 'VFS'],
  ['Final', 'Final'],
] as const;

export function LeaderboardScreen() {
  const [runs, setRuns] = useState<RunView[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [metric, setMetric] = useState<'Final' | 'IFS' | 'VFS'>('Final');
  const [showPublished, setShowPublished] = useState(true);
  const entries = useCatalog((s) => s.entries);
  const refresh = useCallback(() => {
    loadAllRuns().then(
      (r) => {
        setError(null);
        setRuns(r);
      },
      (e: unknown) => setError(e),
    );
  }, []);
  useEffect(() => {
    void ensureCatalog();
    refresh();
  }, [refresh]);

  const levelOf = useCallback(
    (r: RunView) =>
      r.level ??
      entries.find((e) => e.sourceId === r.sourceId && e.task.id === r.taskId)?.task.record.classification?.interaction_complexity,
    [entries],
  );
  const rows = useMemo(() => (runs ? aggregate(runs, levelOf) : []), [runs, levelOf]);
  const levels = useMemo(() => allLevels(rows), [rows]);

  return (
    <div className="leaderboard">
      <div className="screen-head">
        <div>
          <h2>Leaderboard</h2>
          <p className="sub">
            Runs in this browser grouped by model (candidate) name; the latest run of each task counts. Averages are the official per-column
            means.
          </p>
        </div>
        <div className="spacer" />
        <Button size="sm" variant="ghost" onClick={refresh}>
          Refresh
        </Button>
      </div>
      <div className="lb-tools">
        <ImportButton size="sm" onImported={refresh} />
        <div className="spacer" />
        {rows.length ? <ExportButton size="sm" label="Export the leaderboard (.zip)" what={{}} /> : null}
      </div>
      {error ? (
        <ErrorPanel
          title="Stored runs could not be read."
          error={error}
          actions={[
            { label: 'Try again', onClick: refresh },
            { label: 'Storage settings', href: '#/settings/storage' },
          ]}
        />
      ) : null}

      <div className="table-wrap lb-table" tabIndex={0} role="region" aria-label="Leaderboard table">
        <table className="data">
          <thead>
            <tr>
              <th className="num">#</th>
              <th>Model</th>
              <th className="num">Tasks</th>
              {COLS.map(([, label]) => (
                <th key={label} className="num">
                  {label}
                </th>
              ))}
              <th>Last run</th>
            </tr>
          </thead>
          <tbody>
            {runs === null ? (
              <tr>
                <td colSpan={11} className="muted">
                  Loading runs…
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={11} className="muted">
                  No runs yet. Open a task, write or paste a page in <strong>Try it</strong>, and press <strong>Run &amp; score</strong>; it
                  appears here under its candidate's name.
                </td>
              </tr>
            ) : (
              rows.map((r, i) => (
                <ModelRows
                  key={r.model}
                  row={r}
                  rank={i + 1}
                  open={open === r.model}
                  onToggle={() => setOpen(open === r.model ? null : r.model)}
                  levels={levels}
                  levelOf={levelOf}
                />
              ))
            )}
            {showPublished ? (
              <>
                <tr className="lb-divider">
                  <td colSpan={11}>Published IWR-Bench results (reference; {PUBLISHED_NOTE})</td>
                </tr>
                {PUBLISHED.map((p) => (
                  <tr key={p.model} className="row-ref">
                    <td />
                    <td>{p.model}</td>
                    <td className="num">113</td>
                    <td className="num">{p.IFS.toFixed(2)}%</td>
                    <td className="num">—</td>
                    <td className="num">—</td>
                    <td className="num">{p.LFS.toFixed(2)}%</td>
                    <td className="num">{p.HFS.toFixed(2)}%</td>
                    <td className="num">{p.VFS.toFixed(2)}%</td>
                    <td className="num">{p.Final.toFixed(2)}%</td>
                    <td className="muted">paper</td>
                  </tr>
                ))}
              </>
            ) : null}
          </tbody>
        </table>
      </div>
      <label className="check lb-toggle">
        <input type="checkbox" checked={showPublished} onChange={(e) => setShowPublished(e.target.checked)} />
        <span>Show the published figures as reference rows (different tasks and judge: compare with care)</span>
      </label>

      <Card
        title="Score by interaction level"
        actions={
          <label className="field-inline">
            <span className="sr-only">Metric</span>
            <select value={metric} onChange={(e) => setMetric(e.target.value as 'Final' | 'IFS' | 'VFS')} aria-label="Metric">
              <option value="Final">Final</option>
              <option value="IFS">IFS</option>
              <option value="VFS">VFS</option>
            </select>
          </label>
        }
      >
        {rows.length && levels.length ? (
          <LevelChart rows={rows} levels={levels} metric={metric} />
        ) : (
          <EmptyState title="The chart appears once runs are stored" />
        )}
      </Card>
    </div>
  );
}

function ModelRows({
  row,
  rank,
  open,
  onToggle,
  levels,
  levelOf,
}: {
  row: ModelRow;
  rank: number;
  open: boolean;
  onToggle: () => void;
  levels: string[];
  levelOf: (r: RunView) => string | undefined;
}) {
  const labels = columnLabels(row.mean);
  return (
    <>
      <tr className={open ? 'row-sel' : undefined}>
        <td className="num">{rank}</td>
        <td>
          <button type="button" className="lb-model" aria-expanded={open} onClick={onToggle}>
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> {row.model}
          </button>
          {!row.mean.complete ? (
            <span className="badge badge-warn lb-partial" title={`${labels.Final.qualifier ?? ''}`}>
              partial
            </span>
          ) : null}
        </td>
        <td className="num">{row.tasks}</td>
        {COLS.map(([c]) => (
          <td key={c} className="num" title={labels[c].qualifier ?? undefined}>
            {row.mean[c] === null ? 'n/a' : pct(row.mean[c])}
            {labels[c].qualifier ? '*' : ''}
          </td>
        ))}
        <td className="muted small">{when(row.latest)}</td>
      </tr>
      {open ? (
        <>
          {levels
            .filter((l) => row.byLevel[l])
            .map((l) => {
              const b = row.byLevel[l]!;
              return (
                <tr key={`lvl-${l}`} className="lb-sub">
                  <td />
                  <td className="muted">Level {l}</td>
                  <td className="num">{b.tasks}</td>
                  {COLS.map(([c]) => (
                    <td key={c} className="num muted">
                      {b.mean[c] === null ? 'n/a' : pct(b.mean[c])}
                    </td>
                  ))}
                  <td />
                </tr>
              );
            })}
          <tr className="lb-sub">
            <td />
            <td colSpan={10}>
              <ExportButton size="sm" variant="ghost" label={`Export ${row.model} (.zip)`} what={{ models: [row.model] }} />
            </td>
          </tr>
          {row.runs.map((r) => (
            <Fragment key={r.id}>
              <tr className="lb-sub lb-task">
                <td />
                <td>
                  <a href={hrefFor({ name: 'results', runId: r.id })}>
                    task {r.taskId} <span className="faint">({levelKey(levelOf(r))})</span>
                  </a>
                </td>
                <td />
                {COLS.map(([c]) => (
                  <td key={c} className="num small">
                    {r.scores[c] === null ? 'n/a' : pct(r.scores[c])}
                  </td>
                ))}
                <td className="muted small">{when(r.createdAt)}</td>
              </tr>
            </Fragment>
          ))}
        </>
      ) : null}
    </>
  );
}
