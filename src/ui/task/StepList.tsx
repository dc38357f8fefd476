// The task's steps. Compact: one line each, follows playback, click to seek. Full: type,
// description, parameters, assertion and the reference checkpoint each flagged step selects.
import { useEffect, useRef } from 'react';
import type { Step } from '../../task/types.ts';
import type { CheckpointPair } from '../../scoring/checkpoints.ts';
import { Badge } from '../components/Card.tsx';
import { useFileUrl } from '../state/useFileUrl.ts';

const PARAM_ORDER = ['text', 'key', 'element_index', 'direction', 'scroll_page'];

function params(step: Step): [string, string][] {
  const p = step.parameters ?? {};
  const keys = Object.keys(p).filter((k) => k !== 'description');
  keys.sort((a, b) => (PARAM_ORDER.indexOf(a) + 1 || 99) - (PARAM_ORDER.indexOf(b) + 1 || 99));
  return keys.map((k) => [k, typeof p[k] === 'string' ? (p[k] as string) : JSON.stringify(p[k])]);
}

export function StepList({
  steps,
  active,
  pairs,
  onSeek,
  compact,
  sourceId,
  taskDir,
}: {
  steps: Step[];
  active: number;
  pairs: CheckpointPair[];
  onSeek: (k: number) => void;
  compact?: boolean;
  sourceId?: string;
  taskDir?: string;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!compact || active < 0) return;
    const el = list.current?.children[active] as HTMLElement | undefined;
    // Scroll inside the list only; scrollIntoView would move the whole page while watching.
    if (el && list.current) {
      const box = list.current;
      if (el.offsetTop < box.scrollTop || el.offsetTop + el.offsetHeight > box.scrollTop + box.clientHeight)
        box.scrollTo({ top: el.offsetTop - box.clientHeight / 3, behavior: 'smooth' });
    }
  }, [active, compact]);
  const checkpointOf = (k: number) => pairs.find((p) => p.step === k)?.checkpoint;

  if (compact) {
    return (
      <div className="step-side">
        <h3 className="step-side-title">Steps</h3>
        <ol ref={list} className="step-compact">
          {steps.map((s, k) => (
            <li key={k} className={k === active ? 'step-on' : ''} aria-current={k === active ? 'step' : undefined}>
              <button type="button" onClick={() => onSeek(k)} data-step={k}>
                <span className="step-n">{k + 1}</span>
                <span className={`step-type type-${s.type.toLowerCase()}`}>{s.type}</span>
                <span className="step-desc">{s.parameters?.description ?? <em className="faint">no description</em>}</span>
                {s.visual_evaluation_flag ? (
                  <span className="step-flag" title="Reference checkpoint">
                    ◉
                  </span>
                ) : null}
                {s.logical_assertion ? (
                  <span className="step-flag" title={`Assertion: ${s.logical_assertion}`}>
                    ✓
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ol>
      </div>
    );
  }
  return (
    <ol className="step-full">
      {steps.map((s, k) => {
        const cp = checkpointOf(k);
        return (
          <li key={k} className={k === active ? 'step-on' : ''}>
            <div className="step-main">
              <div className="row">
                <span className="step-n">{k + 1}</span>
                <span className={`step-type type-${s.type.toLowerCase()}`}>{s.type}</span>
                {!['Click', 'Type', 'Press', 'Scroll'].includes(s.type) ? <Badge tone="danger">unknown type: fails at replay</Badge> : null}
                <span className="spacer" />
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => onSeek(k)}>
                  Show in video
                </button>
              </div>
              <p className="step-desc-full">{s.parameters?.description ?? <em className="faint">no description</em>}</p>
              {params(s).length ? (
                <dl className="step-params">
                  {params(s).map(([k2, v]) => (
                    <div key={k2}>
                      <dt>{k2}</dt>
                      <dd className="mono">{v}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {s.logical_assertion ? (
                <p className="step-assert">
                  <span className="field-label">Assertion</span> {s.logical_assertion}
                </p>
              ) : null}
            </div>
            {cp !== undefined && sourceId && taskDir ? (
              <CheckpointThumb
                sourceId={sourceId}
                path={`${taskDir}checkpoints/step_${cp}.png`}
                label={`Reference checkpoint ${cp}`}
                note={`Compared with the screenshot taken before this step runs (official rule).`}
              />
            ) : (
              <div className="step-nocp faint">{s.visual_evaluation_flag ? 'flagged' : 'no checkpoint'}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function CheckpointThumb({ sourceId, path, label, note }: { sourceId: string; path: string; label: string; note: string }) {
  const { url, error } = useFileUrl(sourceId, path);
  return (
    <figure className="step-cp" title={note}>
      {url ? (
        <img src={url} alt={label} loading="lazy" />
      ) : (
        <div className="compare-missing">{error ?? (url === null ? 'missing' : '…')}</div>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
