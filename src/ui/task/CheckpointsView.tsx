// The reference checkpoints in scoring order, each with the screenshot it is compared with.
import type { CheckpointPair } from '../../scoring/checkpoints.ts';
import type { Resolution, Step } from '../../task/types.ts';
import { useFileUrl } from '../state/useFileUrl.ts';

export function CheckpointsView({
  sourceId,
  taskDir,
  pairs,
  steps,
  resolution,
}: {
  sourceId: string;
  taskDir: string;
  pairs: CheckpointPair[];
  steps: Step[];
  resolution: Resolution;
}) {
  return (
    <>
      <p className="hint">
        Official selection: checkpoint 0 is the page after load; each flagged step adds one, compared with the screenshot taken{' '}
        <em>before</em> that step runs (the harness's off-by-one, kept).
      </p>
      <ul className="cp-grid">
        {pairs.map((p) => (
          <Cp
            key={p.checkpoint}
            sourceId={sourceId}
            path={`${taskDir}checkpoints/step_${p.checkpoint}.png`}
            pair={p}
            step={p.step === null ? null : (steps[p.step] ?? null)}
            aspect={`${resolution.width} / ${resolution.height}`}
          />
        ))}
      </ul>
    </>
  );
}

function Cp({
  sourceId,
  path,
  pair,
  step,
  aspect,
}: {
  sourceId: string;
  path: string;
  pair: CheckpointPair;
  step: Step | null;
  aspect: string;
}) {
  const { url, error } = useFileUrl(sourceId, path);
  return (
    <li>
      <figure className="cp">
        <div className="cp-img" style={{ aspectRatio: aspect }}>
          {url ? (
            <img src={url} alt={`Reference checkpoint ${pair.checkpoint}`} loading="lazy" />
          ) : (
            <div className="compare-missing">{error ?? (url === null ? `step_${pair.checkpoint}.png is missing` : 'Loading…')}</div>
          )}
        </div>
        <figcaption>
          <strong>step_{pair.checkpoint}.png</strong>{' '}
          <span className="muted">
            {pair.step === null ? 'after load (screenshot 0)' : `flagged step ${pair.step + 1} · vs screenshot ${pair.screenshot}`}
          </span>
          {step ? <span className="cp-desc">{step.parameters?.description}</span> : null}
        </figcaption>
      </figure>
    </li>
  );
}
