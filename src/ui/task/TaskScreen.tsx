// One task: the recording with its step timeline, each step's details and reference
// checkpoint, the assets and the stitched sheets.
import { useEffect, useMemo, useState } from 'react';
import { ensureCatalog, openTask, useCatalog, type OpenedTaskView } from '../state/catalog.ts';
import type { TaskProgress } from '../../sources/types.ts';
import { selectCheckpoints } from '../../scoring/checkpoints.ts';
import { formatProblem } from '../../task/types.ts';
import { hrefFor } from '../router.ts';
import { Badge, EmptyState } from '../components/Card.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { Button, LinkButton } from '../components/Button.tsx';
import { Modal } from '../components/Modal.tsx';
import { GeneratePanel } from './GeneratePanel.tsx';
import { Tabs } from '../components/Tabs.tsx';
import { bytes } from '../format.ts';
import { VideoTimeline } from './VideoTimeline.tsx';
import { StepList } from './StepList.tsx';
import { AssetsGrid } from './AssetsGrid.tsx';
import { SheetsView } from './SheetsView.tsx';
import { CheckpointsView } from './CheckpointsView.tsx';
import { ChecksTab } from './checks/ChecksTab.tsx';
import './task.css';

type Tab = 'steps' | 'checks' | 'checkpoints' | 'assets' | 'sheets';

export function TaskScreen({ sourceId, taskId }: { sourceId: string; taskId: string }) {
  const loadedOnce = useCatalog((s) => s.loadedOnce);
  const entry = useCatalog((s) => s.entries.find((e) => e.sourceId === sourceId && e.task.id === taskId));
  const [opened, setOpened] = useState<OpenedTaskView | null>(null);
  const [progress, setProgress] = useState<TaskProgress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [tab, setTab] = useState<Tab>('steps');
  const [seekTo, setSeekTo] = useState<{ step: number; n: number } | null>(null);
  const seek = (k: number) => {
    setSeekTo((old) => ({ step: k, n: (old?.n ?? 0) + 1 }));
    document.querySelector('.video-box')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const [active, setActive] = useState(-1);
  const [generating, setGenerating] = useState(false);

  useEffect(() => {
    void ensureCatalog();
  }, []);

  useEffect(() => {
    if (!entry) return;
    let live = true;
    openTask(sourceId, taskId, (p) => live && setProgress(p)).then(
      (o) => live && setOpened(o),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [entry, sourceId, taskId, attempt]);

  const task = opened?.task ?? entry?.task;
  const pairs = useMemo(
    () => (task ? selectCheckpoints(task.record.action_sequence, task.record.action_sequence.length, []).pairs : []),
    [task],
  );

  if (!entry) {
    if (!loadedOnce) return <p className="loading">Loading tasks…</p>;
    return (
      <EmptyState title={`Task ${taskId} is not in source "${sourceId}"`}>
        <p>
          The source may have been removed, or the link is from another browser. <a href="#/tasks">Back to the gallery</a> ·{' '}
          <a href="#/sources">Sources</a>
        </p>
      </EmptyState>
    );
  }
  const t = task!;
  const c = t.record.classification ?? {};
  const steps = t.record.action_sequence;
  const dir = `data/${t.id}/`;
  const errors = (opened?.problems ?? t.problems).filter((p) => p.severity === 'error');
  const warnings = (opened?.problems ?? t.problems).filter((p) => p.severity === 'warning');

  return (
    <div className="task-screen">
      <div className="screen-head">
        <div className="min0">
          <div className="crumbs">
            <a href="#/tasks">Tasks</a> / #{t.id}
          </div>
          <h2 className="ellipsis">{t.record.source_website || `Task ${t.id}`}</h2>
          <div className="row task-head-tags">
            <Badge tone="accent">Interaction {c.interaction_complexity ?? '?'}</Badge>
            <Badge>Visual {c.visual_complexity ?? '?'}</Badge>
            {c.domain ? <Badge>{c.sub_domain ? `${c.domain} / ${c.sub_domain}` : c.domain}</Badge> : null}
            <Badge title={t.resolutionFrom ? `from ${t.resolutionFrom}` : undefined}>
              {t.resolution.width}×{t.resolution.height}
            </Badge>
            <Badge>
              {steps.length} steps · {t.flaggedSteps + 1} checkpoints · {steps.filter((s) => s.logical_assertion).length} assertions
            </Badge>
          </div>
        </div>
        <div className="spacer" />
        <Button onClick={() => setGenerating(true)} disabled={!opened}>
          Generate with a model…
        </Button>
        <LinkButton variant="primary" href={hrefFor({ name: 'try', sourceId, taskId })}>
          Try it: write a page →
        </LinkButton>
      </div>

      {opened ? (
        <Modal open={generating} title={`Generate a page for task ${t.id} with a model`} onClose={() => setGenerating(false)} wide>
          <GeneratePanel sourceId={sourceId} opened={opened} />
        </Modal>
      ) : null}
      {error ? (
        <ErrorPanel
          title={`Task ${t.id}'s files could not be read.`}
          error={error}
          actions={[
            {
              label: 'Try again',
              onClick: () => {
                setError(null);
                setAttempt(attempt + 1);
              },
            },
            { label: 'Sources', href: '#/sources' },
          ]}
        />
      ) : null}
      {!opened && !error ? (
        <div className="open-progress">
          <ProgressBar
            label={progress?.file ? `Reading ${progress.file.replace(dir, '')}` : 'Listing the task folder…'}
            value={progress && progress.total ? progress.done / progress.total : null}
            detail={progress ? `${progress.done}/${progress.total} files · ${bytes(progress.bytes)}` : undefined}
          />
        </div>
      ) : null}
      {errors.length || warnings.length ? (
        <details className={`note ${errors.length ? 'note-warn' : ''} task-problems`} open={errors.length > 0}>
          <summary>
            {errors.length} error{errors.length === 1 ? '' : 's'}, {warnings.length} warning{warnings.length === 1 ? '' : 's'} in this task
          </summary>
          <ul>
            {[...errors, ...warnings].map((p, i) => (
              <li key={i} className="mono">
                {p.severity}: {formatProblem(p)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      <div className="task-top">
        <VideoTimeline
          sourceId={sourceId}
          videoPath={opened?.files.video ? dir + opened.files.video : null}
          loading={!opened}
          steps={steps}
          resolution={t.resolution}
          seekTo={seekTo}
          onActive={setActive}
        />
        <StepList steps={steps} active={active} pairs={pairs} onSeek={seek} compact />
      </div>

      <Tabs
        label="Task details"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'steps', label: `Steps (${steps.length})` },
          { id: 'checks', label: `Checks (${steps.filter((s) => s.logical_assertion).length})` },
          { id: 'checkpoints', label: `Reference checkpoints (${t.flaggedSteps + 1})` },
          { id: 'assets', label: `Assets${opened ? ` (${opened.files.assets.length})` : ''}` },
          { id: 'sheets', label: `Stitched sheets${opened ? ` (${opened.files.stitched.length})` : ''}` },
        ]}
      />
      <div role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'steps' ? (
          <StepList steps={steps} active={active} pairs={pairs} sourceId={sourceId} taskDir={dir} onSeek={seek} />
        ) : tab === 'checks' ? (
          opened ? (
            <ChecksTab sourceId={sourceId} opened={opened} />
          ) : (
            <p className="loading">Reading the task folder…</p>
          )
        ) : tab === 'checkpoints' ? (
          <CheckpointsView sourceId={sourceId} taskDir={dir} pairs={pairs} steps={steps} resolution={t.resolution} />
        ) : tab === 'assets' ? (
          opened ? (
            <AssetsGrid sourceId={sourceId} taskDir={dir} assets={opened.files.assets} />
          ) : (
            <p className="loading">Reading the task folder…</p>
          )
        ) : opened ? (
          <SheetsView sourceId={sourceId} taskDir={dir} sheets={opened.files.stitched} />
        ) : (
          <p className="loading">Reading the task folder…</p>
        )}
      </div>
    </div>
  );
}
