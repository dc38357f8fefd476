// The task gallery: every loaded task with its picture and labels; search and filters;
// arrow keys move between cards (the grid's column count is read from the layout), Enter opens.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ensureCatalog, reloadCatalog, useCatalog, type CatalogEntry } from '../state/catalog.ts';
import { EMPTY_FILTER, facet, isMobile, levelShort, matches, type GalleryFilter } from './filters.ts';
import { Thumbnail } from './Thumbnail.tsx';
import { Badge, EmptyState } from '../components/Card.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Button } from '../components/Button.tsx';
import { hrefFor } from '../router.ts';
import { formatProblem } from '../../task/types.ts';
import './gallery.css';

// The filter survives moving to a task and back (module scope, not component state).
let savedFilter: GalleryFilter = EMPTY_FILTER;

export function GalleryScreen() {
  const { entries, sources, loading, loadedOnce, error } = useCatalog();
  const [filter, setFilterState] = useState<GalleryFilter>(savedFilter);
  const setFilter = (f: GalleryFilter) => {
    savedFilter = f;
    setFilterState(f);
  };
  useEffect(() => {
    void ensureCatalog();
  }, []);

  const tasks = useMemo(() => entries.map((e) => e.task), [entries]);
  const shown = useMemo(() => entries.filter((e) => matches(e.task, filter)), [entries, filter]);
  const interactions = useMemo(() => facet(tasks, 'interaction_complexity'), [tasks]);
  const visuals = useMemo(() => facet(tasks, 'visual_complexity'), [tasks]);
  const domains = useMemo(() => facet(tasks, 'domain'), [tasks]);
  const filtered = JSON.stringify(filter) !== JSON.stringify(EMPTY_FILTER);
  const failed = sources.filter((s) => s.status === 'error');

  return (
    <div className="gallery">
      <div className="screen-head">
        <div>
          <h2>Tasks</h2>
          <p className="sub">
            {loading && !loadedOnce
              ? 'Loading tasks…'
              : `${shown.length} of ${entries.length} tasks from ${
                  sources
                    .filter((s) => s.status === 'ready')
                    .map((s) => s.label)
                    .join(', ') || 'no source'
                }`}
          </p>
        </div>
        <div className="spacer" />
        <a className="btn btn-ghost btn-sm" href="#/sources">
          Add a dataset…
        </a>
      </div>

      <form className="filters" role="search" aria-label="Filter tasks" onSubmit={(e) => e.preventDefault()}>
        <label className="field filter-q">
          <span>Search</span>
          <input
            type="search"
            placeholder="Site, domain, step text, id…"
            value={filter.query}
            onChange={(e) => setFilter({ ...filter, query: e.target.value })}
          />
        </label>
        <Select
          label="Interaction"
          value={filter.interaction}
          options={interactions}
          onChange={(v) => setFilter({ ...filter, interaction: v })}
        />
        <Select label="Visual" value={filter.visual} options={visuals} onChange={(v) => setFilter({ ...filter, visual: v })} />
        <Select label="Domain" value={filter.domain} options={domains} onChange={(v) => setFilter({ ...filter, domain: v })} />
        <label className="field">
          <span>Device</span>
          <select value={filter.device} onChange={(e) => setFilter({ ...filter, device: e.target.value as GalleryFilter['device'] })}>
            <option value="">All</option>
            <option value="desktop">Desktop</option>
            <option value="mobile">Mobile</option>
          </select>
        </label>
        <Button size="sm" variant="ghost" disabled={!filtered} onClick={() => setFilter(EMPTY_FILTER)} className="filter-clear">
          Clear filters
        </Button>
      </form>

      {error ? (
        <ErrorPanel
          title="The task sources could not be listed."
          error={error}
          actions={[
            { label: 'Try again', onClick: () => void reloadCatalog() },
            { label: 'Manage sources', href: '#/sources' },
          ]}
        />
      ) : null}
      {failed.map((s) => (
        <ErrorPanel
          key={s.id}
          title={`Source "${s.label}" did not load.`}
          error={s.error}
          actions={[
            { label: 'Try again', onClick: () => void reloadCatalog() },
            { label: 'Manage sources', href: '#/sources' },
          ]}
        />
      ))}
      {sources.some((s) => s.problems.length) ? (
        <DatasetProblems problems={sources.flatMap((s) => s.problems.map((p) => `${s.label}: ${formatProblem(p)}`))} />
      ) : null}

      {loadedOnce && entries.length === 0 && !error && !failed.length ? (
        <EmptyState title="No tasks loaded">
          <p>
            Add a dataset folder, zip or URL in <a href="#/sources">Sources</a>.
          </p>
        </EmptyState>
      ) : loadedOnce && shown.length === 0 && entries.length > 0 ? (
        <EmptyState title="No task matches these filters">
          <Button size="sm" onClick={() => setFilter(EMPTY_FILTER)}>
            Clear filters
          </Button>
        </EmptyState>
      ) : (
        <TaskGrid entries={shown} skeleton={!loadedOnce} />
      )}
    </div>
  );
}

function Select({ label, value, options, onChange }: { label: string; value: string; options: string[]; onChange: (v: string) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

function DatasetProblems({ problems }: { problems: string[] }) {
  return (
    <details className="note note-warn dataset-problems">
      <summary>
        {problems.length} problem{problems.length === 1 ? '' : 's'} in data.jsonl (the affected tasks are still listed)
      </summary>
      <ul>
        {problems.slice(0, 200).map((p, i) => (
          <li key={i} className="mono">
            {p}
          </li>
        ))}
      </ul>
    </details>
  );
}

function TaskGrid({ entries, skeleton }: { entries: CatalogEntry[]; skeleton: boolean }) {
  const grid = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, entries.length - 1));

  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const el = grid.current;
    if (!el || !entries.length) return;
    // Columns = how many cards share the first card's top edge.
    const cards = [...el.querySelectorAll<HTMLAnchorElement>('a.task-card')];
    const top = cards[0]?.offsetTop ?? 0;
    const cols = Math.max(1, cards.filter((c) => c.offsetTop === top).length);
    const delta: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols, Home: -Infinity, End: Infinity };
    const d = delta[e.key];
    if (d === undefined) return;
    e.preventDefault();
    const next = d === -Infinity ? 0 : d === Infinity ? entries.length - 1 : Math.max(0, Math.min(entries.length - 1, current + d));
    setActive(next);
    cards[next]?.focus();
  };

  if (skeleton) {
    return (
      <ul className="task-grid" aria-busy="true" aria-label="Tasks loading">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="task-card task-skeleton" aria-hidden="true" />
        ))}
      </ul>
    );
  }
  return (
    <ul ref={grid} className="task-grid" aria-label="Tasks (arrow keys to move, Enter to open)" onKeyDown={onKey}>
      {entries.map((e, i) => (
        <li key={`${e.sourceId}/${e.task.id}`}>
          <TaskCard entry={e} tabIndex={i === current ? 0 : -1} onFocus={() => setActive(i)} />
        </li>
      ))}
    </ul>
  );
}

function TaskCard({ entry, tabIndex, onFocus }: { entry: CatalogEntry; tabIndex: number; onFocus: () => void }) {
  const { task } = entry;
  const c = task.record.classification ?? {};
  const errors = task.problems.filter((p) => p.severity === 'error').length;
  const steps = task.record.action_sequence.length;
  const { width, height } = task.resolution;
  return (
    <a
      className="task-card"
      href={hrefFor({ name: 'task', sourceId: entry.sourceId, taskId: task.id })}
      tabIndex={tabIndex}
      onFocus={onFocus}
    >
      {/* The card's name is its visible text (an aria-label must contain what is seen, WCAG 2.5.3),
          with a spoken "Task" before the number. */}
      <Thumbnail sourceId={entry.sourceId} taskId={task.id} alt="" />
      <div className="task-meta">
        <div className="task-title">
          <span className="task-id">
            <span className="sr-only">Task </span>#{task.id}
          </span>
          <span className="task-site" title={task.record.source_website}>
            {task.record.source_website || 'unknown site'}
          </span>
          {errors ? (
            <Badge tone="danger" title={task.problems.map(formatProblem).join('\n')}>
              {errors} error{errors === 1 ? '' : 's'}
            </Badge>
          ) : null}
        </div>
        <div className="task-tags">
          <Badge tone="accent" title={`Interaction complexity: ${c.interaction_complexity ?? 'unknown'}`}>
            {levelShort(c.interaction_complexity)} interaction
          </Badge>
          <Badge title={`Visual complexity: ${c.visual_complexity ?? 'unknown'}`}>{levelShort(c.visual_complexity)} visual</Badge>
          {c.domain ? <Badge title={c.sub_domain ? `${c.domain} / ${c.sub_domain}` : c.domain}>{c.domain}</Badge> : null}
        </div>
        <div className="task-facts">
          <span>
            {width}×{height}
            {isMobile(task) ? ' · mobile' : ''}
          </span>
          <span>
            {steps} step{steps === 1 ? '' : 's'} · {task.flaggedSteps + 1} checkpoints
          </span>
        </div>
      </div>
    </a>
  );
}
