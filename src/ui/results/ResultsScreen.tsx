// One run's results: the seven score cards (partial where a judge is missing), the step
// table, each checkpoint's reference vs candidate (slider, difference, OCR diff, DINO, judge),
// and the page's console errors and blocked requests.
import { useEffect, useMemo, useState } from 'react';
import { precisionNote } from '../../shared/dino-id.ts';
import { dinoPrecisionOf, isTestDinoModel, loadRun, runScreenshot, type RunView } from './run-view.ts';
import { ExportButton } from '../exchange/ExportButton.tsx';
import { columnLabels, COLUMNS, type Column } from '../../scoring/metrics.ts';
import { UNJUDGED } from '../../scoring/eval-record.ts';
import { ScoreCard } from '../components/ScoreCard.tsx';
import { CompareSlider } from '../components/CompareSlider.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { EmptyState, Badge } from '../components/Card.tsx';
import { Button, LinkButton } from '../components/Button.tsx';
import { deleteRun } from '../../data/runs.ts';
import { Tabs } from '../components/Tabs.tsx';
import { useFileUrl } from '../state/useFileUrl.ts';
import { ensureCatalog, useCatalog } from '../state/catalog.ts';
import { hrefFor, navigate } from '../router.ts';
import { pct, when } from '../format.ts';
import { StepTable } from './StepTable.tsx';
import { OcrDiff } from './OcrDiff.tsx';
import { PageLog } from './PageLog.tsx';
import './results.css';

const CARD_NAMES: Record<Column, string> = {
  IFS: 'IFS',
  ocr_score: 'OCR',
  dino_score: 'DINO',
  LFS: 'LFS',
  HFS: 'HFS',
  VFS: 'VFS',
  Final: 'Final',
};
const CARD_HINTS: Record<Column, string> = {
  IFS: 'steps done / steps',
  ocr_score: 'text similarity',
  dino_score: 'visual similarity',
  LFS: '(OCR + DINO) / 2',
  HFS: 'judge rubric',
  VFS: '0.5 LFS + 0.5 HFS',
  Final: '0.7 IFS + 0.3 VFS',
};

type Tab = 'steps' | 'checkpoints' | 'log';

export function ResultsScreen({ runId, checkpoint }: { runId: string; checkpoint?: number | undefined }) {
  const [run, setRun] = useState<RunView | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [tab, setTab] = useState<Tab>(checkpoint !== undefined ? 'checkpoints' : 'steps');
  useEffect(() => {
    void ensureCatalog();
    let live = true;
    loadRun(runId).then(
      (r) => live && setRun(r),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [runId]);
  const entry = useCatalog((s) => (run ? s.entries.find((e) => e.sourceId === run.sourceId && e.task.id === run.taskId) : undefined));

  if (error)
    return (
      <ErrorPanel
        title="This run could not be read."
        error={error}
        actions={[
          { label: 'Leaderboard', href: '#/leaderboard' },
          { label: 'Tasks', href: '#/tasks' },
        ]}
      />
    );
  if (run === undefined) return <p className="loading">Loading the run…</p>;
  if (run === null)
    return (
      <EmptyState title={`No run ${runId} in this browser`}>
        <p>
          It may have been cleared in Settings, or the link is from another browser. <a href="#/leaderboard">Leaderboard</a>
        </p>
      </EmptyState>
    );

  const s = run.scores;
  const labels = columnLabels(s);
  const agreement = run.eval.iwr_studio?.checks?.agreement;
  const site = entry?.task.record.source_website ?? `task ${run.taskId}`;
  const res = entry?.task.resolution ?? { width: 1280, height: 720 };
  const judgeErrors = (run.eval.assertion_results ?? []).filter((a) => a?.result === 'Error').length;

  return (
    <div className="results">
      <div className="screen-head">
        <div className="min0">
          <div className="crumbs">
            <a href="#/tasks">Tasks</a> /{' '}
            <a href={hrefFor({ name: 'task', sourceId: run.sourceId, taskId: run.taskId })}>
              #{run.taskId} {site}
            </a>{' '}
            / Results
          </div>
          <h2 className="ellipsis">
            {run.model} <span className="muted">on</span> {site}
          </h2>
          <p className="sub">
            {when(run.createdAt)}
            {run.candidateHash ? (
              <>
                {' '}
                · candidate <code title={run.candidateHash}>{run.candidateHash.slice(0, 10)}</code>
              </>
            ) : null}{' '}
            · {run.eval.success_step}/{run.eval.total_step} steps · {run.pairs.length} checkpoints
            {run.eval.iwr_studio?.network_policy ? ` · network ${run.eval.iwr_studio.network_policy}` : ''}
            {run.eval.iwr_studio?.judge
              ? ` · judge ${run.eval.iwr_studio.judge.kind}${run.eval.iwr_studio.judge.model ? ` (${run.eval.iwr_studio.judge.model})` : ''}`
              : ''}
            {builtWith(run.eval.iwr_studio?.['build'])}
          </p>
        </div>
        <div className="spacer" />
        <div className="head-actions">
          <LinkButton
            href={hrefFor({
              name: 'try',
              sourceId: run.sourceId,
              taskId: run.taskId,
              ...(run.candidateId ? { candidateId: run.candidateId } : {}),
            })}
          >
            Edit the candidate
          </LinkButton>
          <ExportButton label="Export this run (.zip)" what={{ runIds: [run.id] }} />
          <Button
            variant="danger"
            onClick={async () => {
              if (!confirm(`Delete this run of ${run.model} on task ${run.taskId}? Export it first to keep a copy.`)) return;
              try {
                await deleteRun(run.id);
                navigate({ name: 'leaderboard' });
              } catch (err) {
                setError(err);
              }
            }}
          >
            Delete
          </Button>
        </div>
      </div>

      <div className="score-grid" role="list" aria-label="Scores">
        {COLUMNS.map((c) => (
          <div role="listitem" key={c}>
            <ScoreCard
              label={CARD_NAMES[c]}
              value={s[c]}
              partial={labels[c].qualifier ?? undefined}
              missing={c === 'HFS' ? 'no judge ran' : undefined}
              hint={CARD_HINTS[c]}
              emphasis={c === 'Final'}
              {...(c === 'dino_score' ? dinoDetail(run) : {})}
            />
          </div>
        ))}
      </div>
      {!s.complete || judgeErrors || agreement ? (
        <p className="note note-warn results-note">
          {s.hfs.status !== 'complete'
            ? `HFS: ${s.hfs.judged} of ${s.hfs.total} checkpoints judged, so VFS and Final are partial and not comparable with published figures. `
            : ''}
          {agreement
            ? `The task's checks agree with the judge on ${agreement.agreed} of ${agreement.compared} assertion(s)${agreement.compared ? ` (${Math.round((100 * agreement.agreed) / agreement.compared)} %)` : ''}. `
            : ''}
          {s.assertions.source === 'checks'
            ? "Assertions were answered by the task's judge-free checks, not the official judge: IFS (checks) is not comparable with published figures. "
            : ''}
          {s.assertions.status === 'unjudged'
            ? `${s.assertions.unjudgedSteps.length} assertion(s) unjudged: IFS counts them as passed (an upper bound). `
            : ''}
          {judgeErrors ? `${judgeErrors} assertion judgment(s) ended in Error (counted as not "No", as officially). ` : ''}
          <a href="#/settings/judge">Choose a judge</a>
        </p>
      ) : null}

      <Tabs
        label="Result details"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'steps', label: 'Steps' },
          { id: 'checkpoints', label: `Checkpoints (${run.pairs.length})` },
          { id: 'log', label: 'Console & network' },
        ]}
      />
      <div role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'steps' ? (
          <StepTable run={run} />
        ) : tab === 'checkpoints' ? (
          <Checkpoints run={run} width={res.width} height={res.height} selected={checkpoint ?? 0} />
        ) : (
          <PageLog run={run} />
        )}
      </div>
    </div>
  );
}

function Checkpoints({ run, width, height, selected }: { run: RunView; width: number; height: number; selected: number }) {
  const j = Math.min(selected, Math.max(0, run.pairs.length - 1));
  const pair = run.pairs[j];
  const [candUrl, setCandUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pair) return;
    let url: string | null = null;
    let live = true;
    void runScreenshot(run.id, pair.screenshot).then(
      (b) => {
        if (!live) return;
        url = b ? URL.createObjectURL(b) : null;
        setCandUrl(url);
      },
      () => live && setCandUrl(null),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [pair, run.id]);
  const ref = useFileUrl(run.sourceId, pair ? `data/${run.taskId}/checkpoints/step_${pair.checkpoint}.png` : null);
  const kept = run.eval.success_step + 1;
  const ev = run.eval;
  const hfs = ev.all_mllm_scores[j];
  const scored = useMemo(() => run.pairs.map((_, i) => i < kept), [run.pairs, kept]);

  if (!pair) return <EmptyState title="No checkpoint was scored" />;
  return (
    <div className="cp-results">
      <nav className="cp-list" aria-label="Checkpoints">
        {run.pairs.map((p, i) => (
          <button
            key={i}
            type="button"
            className={`cp-item${i === j ? ' cp-item-on' : ''}`}
            aria-current={i === j ? 'true' : undefined}
            onClick={() => navigate({ name: 'results', runId: run.id, checkpoint: i }, { replace: true })}
          >
            <span className="cp-item-title">
              step_{p.checkpoint} <span className="muted">vs screenshot {p.screenshot}</span>
            </span>
            <span className="cp-item-scores small">
              OCR {fmt(ev.all_ocr_scores[i])} · DINO {fmt(ev.all_dino_scores[i])} · HFS {fmt(ev.all_mllm_scores[i])}
            </span>
            {!scored[i] ? <Badge tone="warn">beyond done + 1: not averaged</Badge> : null}
          </button>
        ))}
      </nav>
      <div className="cp-detail">
        <CompareSlider
          refSrc={ref.url ?? null}
          candSrc={candUrl}
          width={width}
          height={height}
          refLabel={`Reference step_${pair.checkpoint}.png`}
          candLabel={`Candidate screenshot ${pair.screenshot}`}
        />
        <div className="cp-metrics">
          <div>
            <span className="field-label">OCR similarity</span> <strong>{fmt(ev.all_ocr_scores[j])}</strong>
          </div>
          <div>
            <span className="field-label">DINO similarity</span> <strong>{fmt(ev.all_dino_scores[j])}</strong>
            {run.dinoModel ? (
              <span className={`small ${isTestDinoModel(run.dinoModel) ? 'warn-text' : 'muted'}`}>
                {' '}
                ({run.dinoModel.id}
                {precisionNote(dinoPrecisionOf(run.dinoModel) ?? undefined)}
                {isTestDinoModel(run.dinoModel) ? ', test model, NOT DINOv2' : ''})
              </span>
            ) : null}
          </div>
          <div>
            <span className="field-label">Judge (HFS)</span>{' '}
            <strong>{hfs === UNJUDGED || hfs === undefined ? 'unjudged' : pct(hfs)}</strong>
          </div>
        </div>
        <details className="cp-section" open>
          <summary>OCR text diff</summary>
          <OcrDiff texts={ev.all_ocr_texts[j]} />
        </details>
        {ev.all_mllm_res[j] ? (
          <details className="cp-section">
            <summary>Judge reply</summary>
            <pre className="judge-reply">{ev.all_mllm_res[j]}</pre>
          </details>
        ) : null}
      </div>
    </div>
  );
}

/** The DINO card names the model behind the figure; the offline test model is called out as not DINOv2. */
function dinoDetail(run: RunView): { detail: string; detailTone?: 'warn' } {
  const m = run.dinoModel;
  if (!m) return { detail: 'model not recorded' };
  const precision = dinoPrecisionOf(m);
  const id = precision ? `${m.id} (${precision})` : m.id;
  if (isTestDinoModel(m)) return { detail: `${id}\nNOT DINOv2`, detailTone: 'warn' };
  // int8 is our fast approximation: its figures do not compare with published ones.
  return precision === 'int8' ? { detail: `${id}\napproximate, not official`, detailTone: 'warn' } : { detail: id };
}

function fmt(v: number | string | undefined): string {
  return typeof v === 'number' ? pct(v) : v === UNJUDGED ? 'n/a' : '—';
}

/** " · built with webcontainer (npm run build)" when the candidate was a project's build output. */
function builtWith(b: unknown): string {
  const r = b as { tool?: unknown; script?: unknown } | undefined;
  return r && typeof r.tool === 'string' ? ` · project built with ${r.tool}${typeof r.script === 'string' ? ` (${r.script})` : ''}` : '';
}
