// The human judge: one pending question at a time from the judge engine's queue (src/judge):
// an assertion (before/after screenshots, Yes/No) or the visual rubric (reference and
// candidate, a score per part). Keyboard: Y/N, 1-9 then Enter, arrows between parts.
// Answers are stored as they are given, so closing the tab loses nothing.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { answerHumanAssertion, answerHumanVisual, humanProgress, pendingHumanItems, type HumanItem } from '../../judge/human-queue.ts';
import { RUBRIC, type RubricScores } from '../../judge/templates.ts';
import { Button } from '../components/Button.tsx';
import { EmptyState } from '../components/Card.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { useSettings } from '../settings/store.ts';
import './judge.css';

export function JudgeScreen() {
  const [items, setItems] = useState<HumanItem[] | null>(null);
  const [progress, setProgress] = useState<{ pending: number; answered: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [index, setIndex] = useState(0);
  const kind = useSettings((s) => s.settings.judge.kind);

  const refresh = useCallback(() => {
    Promise.all([pendingHumanItems(), humanProgress()]).then(
      ([list, p]) => {
        setError(null);
        setItems(list);
        setProgress(p);
      },
      (e: unknown) => setError(e),
    );
  }, []);
  useEffect(refresh, [refresh]);
  // The judge kind may have been set elsewhere (window.iwr.configureJudge, another tab).
  useEffect(() => {
    void useSettings.getState().load();
  }, []);
  // Runs waiting for a person add questions while this screen is open.
  useEffect(() => {
    const t = setInterval(refresh, 3000);
    return () => clearInterval(t);
  }, [refresh]);

  const item = items?.[Math.min(index, (items?.length ?? 1) - 1)] ?? null;
  const total = progress ? progress.pending + progress.answered : 0;

  const answered = () => {
    // The queue is re-read: another tab may have answered too.
    refresh();
  };

  return (
    <div className="judge">
      <div className="screen-head">
        <div>
          <h2>Human judge</h2>
          <p className="sub">Answer the questions runs are waiting for. Each answer is saved at once; you can stop and come back.</p>
        </div>
        <div className="spacer" />
        {progress ? (
          <div className="judge-progress">
            <ProgressBar
              label={`${progress.answered} answered, ${progress.pending} waiting`}
              value={total ? progress.answered / total : 0}
              tone="ok"
            />
          </div>
        ) : null}
      </div>
      {error ? (
        <ErrorPanel title="The judge queue could not be read." error={error} actions={[{ label: 'Try again', onClick: refresh }]} />
      ) : null}
      {kind !== 'human' ? (
        <p className="note">
          The judge in Settings is <strong>{kind === 'none' ? 'None' : 'a model'}</strong>: new runs will not ask you.{' '}
          <a href="#/settings/judge">Choose the human judge</a> to score runs here.
        </p>
      ) : null}
      {items === null ? (
        <p className="loading">Reading the queue…</p>
      ) : !item ? (
        <EmptyState title="Nothing to judge">
          <p>Questions appear here when a run uses the human judge. Start one from a task's Try it screen.</p>
        </EmptyState>
      ) : (
        <>
          <div className="row judge-nav">
            <span className="muted">
              Question {Math.min(index, items.length - 1) + 1} of {items.length} waiting
            </span>
            <Button size="sm" variant="ghost" disabled={index <= 0} onClick={() => setIndex(Math.max(0, index - 1))}>
              ← Previous
            </Button>
            <Button size="sm" variant="ghost" disabled={index >= items.length - 1} onClick={() => setIndex(index + 1)}>
              Skip →
            </Button>
          </div>
          {item.task === 'assertion' ? (
            <AssertionQuestion key={item.id} item={item} onDone={answered} />
          ) : (
            <RubricQuestion key={item.id} item={item} onDone={answered} />
          )}
        </>
      )}
    </div>
  );
}

function useImageUrls(images: Blob[]): string[] {
  const urls = useMemo(() => images.map((b) => URL.createObjectURL(b)), [images]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

function Pair({ item }: { item: HumanItem }) {
  const urls = useImageUrls(item.images);
  return (
    <div className="judge-pair">
      {item.labels.map((label, i) => (
        <figure key={label}>
          <figcaption>
            <span className="judge-num">{i + 1}</span> {label}
          </figcaption>
          {urls[i] ? <img src={urls[i]} alt={`${label} screenshot`} /> : <div className="compare-missing">no image</div>}
        </figure>
      ))}
    </div>
  );
}

function AssertionQuestion({ item, onDone }: { item: HumanItem; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState('');
  const answer = useCallback(
    async (a: 'Yes' | 'No') => {
      if (busy) return;
      setBusy(true);
      try {
        await answerHumanAssertion(item.id, a, note);
        onDone();
      } catch (e) {
        setError(e);
        setBusy(false);
      }
    },
    [busy, item.id, note, onDone],
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea')) return;
      if (e.key === 'y' || e.key === 'Y') void answer('Yes');
      if (e.key === 'n' || e.key === 'N') void answer('No');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [answer]);
  return (
    <section className="card judge-card" aria-label="Assertion question">
      <div className="card-body stack">
        <p className="judge-q">
          <span className="field-label">After the step, is this true?</span>
          <strong className="judge-assertion">{item.assertion}</strong>
        </p>
        <Pair item={item} />
        {error ? (
          <ErrorPanel title="The answer was not saved." error={error} actions={[{ label: 'Reload the queue', onClick: onDone }]} />
        ) : null}
        <div className="row judge-actions">
          <Button variant="primary" onClick={() => void answer('Yes')} disabled={busy} aria-keyshortcuts="y">
            Yes <kbd>Y</kbd>
          </Button>
          <Button variant="danger" onClick={() => void answer('No')} disabled={busy} aria-keyshortcuts="n">
            No <kbd>N</kbd>
          </Button>
          <label className="field judge-note">
            <span className="sr-only">Note (optional)</span>
            <input type="text" placeholder="Optional note (why)" value={note} onChange={(e) => setNote(e.target.value)} />
          </label>
        </div>
      </div>
    </section>
  );
}

function RubricQuestion({ item, onDone }: { item: HumanItem; onDone: () => void }) {
  const [scores, setScores] = useState<Partial<Record<string, number>>>({});
  const [part, setPart] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const complete = RUBRIC.every((r) => typeof scores[r.id] === 'number');
  const total = RUBRIC.reduce((n, r) => n + (scores[r.id] ?? 0), 0);

  const submit = useCallback(async () => {
    if (!complete || busy) return;
    setBusy(true);
    try {
      await answerHumanVisual(item.id, scores as unknown as RubricScores);
      onDone();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  }, [complete, busy, item.id, scores, onDone]);

  // Keys 1-9 set the focused part to that tenth of its maximum (9 = 90%); 0 = zero; Enter submits.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const inField = e.target instanceof HTMLInputElement && e.target.type === 'number';
      if (e.key === 'Enter') {
        e.preventDefault();
        void submit();
        return;
      }
      if (inField || (e.target instanceof HTMLElement && e.target.closest('textarea'))) return;
      if (/^[0-9]$/.test(e.key)) {
        const r = RUBRIC[part];
        if (!r) return;
        const v = Math.round((Number(e.key) / 10) * r.max);
        setScores((s) => ({ ...s, [r.id]: e.key === '0' ? 0 : v }));
        setPart((p) => Math.min(RUBRIC.length - 1, p + 1));
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setPart((p) => Math.max(0, Math.min(RUBRIC.length - 1, p + (e.key === 'ArrowDown' ? 1 : -1))));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [part, submit]);

  return (
    <section className="card judge-card" aria-label="Visual rubric question">
      <div className="card-body judge-rubric-layout">
        <Pair item={item} />
        <div className="judge-rubric">
          <p className="field-label">How faithfully does the candidate (2) reproduce the reference (1)?</p>
          <ol className="rubric-list">
            {RUBRIC.map((r, i) => (
              <li key={r.id} className={i === part ? 'rubric-on' : ''} onClick={() => setPart(i)}>
                <label className="rubric-row">
                  <span className="rubric-label">
                    {r.label} <span className="muted">/ {r.max}</span>
                  </span>
                  <input
                    ref={(el) => {
                      inputs.current[i] = el;
                    }}
                    type="number"
                    min={0}
                    max={r.max}
                    step={1}
                    value={scores[r.id] ?? ''}
                    onFocus={() => setPart(i)}
                    onChange={(e) => {
                      const v = e.target.value === '' ? undefined : Math.max(0, Math.min(r.max, Math.round(Number(e.target.value))));
                      setScores((s) => ({ ...s, [r.id]: v }));
                    }}
                    aria-describedby={`hint-${r.id}`}
                  />
                </label>
                <span id={`hint-${r.id}`} className="hint">
                  {r.hint}
                </span>
              </li>
            ))}
          </ol>
          <div className="row">
            <strong className="rubric-total">{total} / 100</strong>
            <span className="spacer" />
            <Button variant="primary" disabled={!complete || busy} busy={busy} onClick={() => void submit()} aria-keyshortcuts="Enter">
              Submit <kbd>Enter</kbd>
            </Button>
          </div>
          <p className="keys">
            <span>
              <kbd>1</kbd>–<kbd>9</kbd> score the highlighted part (tenths of its maximum), <kbd>0</kbd> zero
            </span>
            <span>
              <kbd>↑</kbd>
              <kbd>↓</kbd> move between parts
            </span>
          </p>
          {error ? (
            <ErrorPanel title="The scores were not saved." error={error} actions={[{ label: 'Reload the queue', onClick: onDone }]} />
          ) : null}
        </div>
      </div>
    </section>
  );
}
