// "Generate with a model": the task's sheets and sampled video frames go to an
// OpenAI-compatible endpoint (the judge's, or one given here) with our wording of the official
// request (src/generate). The frames are shown before the request leaves, the answer's
// progress while it streams; the page is saved as a candidate and opened in Try it.
import { useEffect, useId, useRef, useState } from 'react';
import { generateCandidate, type GenerateProgress } from '../../generate/generate.ts';
import { sampleVideoFrames, type SampledFrame } from '../../generate/frames.ts';
import { candidateTaskKey } from '../../data/candidates.ts';
import type { OpenedTaskView } from '../state/catalog.ts';
import { fileBlob } from '../state/catalog.ts';
import { useSettings } from '../settings/store.ts';
import { Button } from '../components/Button.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { navigate } from '../router.ts';

type Phase =
  | { kind: 'form' }
  | { kind: 'working'; progress: GenerateProgress | null }
  | { kind: 'error'; message: string }
  | { kind: 'done'; candidateId: string; model: string; chars: number };

export function GeneratePanel({ sourceId, opened }: { sourceId: string; opened: OpenedTaskView }) {
  const judge = useSettings((s) => s.settings.judge);
  const [useJudge, setUseJudge] = useState(judge.kind === 'mllm');
  const [endpoint, setEndpoint] = useState(judge.endpoint);
  const [model, setModel] = useState(judge.kind === 'mllm' ? judge.model : '');
  const [key, setKey] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [frames, setFrames] = useState<{ url: string; time: number }[]>([]);
  const ctrl = useRef<AbortController | null>(null);
  const id = useId();
  const task = opened.task;
  const dir = `data/${task.id}/`;

  useEffect(() => () => ctrl.current?.abort(), []);
  useEffect(() => () => frames.forEach((f) => URL.revokeObjectURL(f.url)), [frames]);

  const target = useJudge ? { endpoint: judge.endpoint, model: judge.model, key: judge.apiKey } : { endpoint, model, key };
  const ready = /^https?:\/\//.test(target.endpoint) && target.model.trim() !== '' && !!opened.files.video;

  const start = async () => {
    const c = new AbortController();
    ctrl.current = c;
    setPhase({ kind: 'working', progress: { stage: 'frames' } });
    setFrames([]);
    try {
      const video = await fileBlob(sourceId, dir + (opened.files.video as string));
      if (!video) throw new Error(`${dir}${opened.files.video} could not be read`);
      const sheets: Blob[] = [];
      for (const s of opened.files.stitched) {
        const b = await fileBlob(sourceId, dir + s);
        if (b) sheets.push(b);
      }
      // The same plan generateCandidate uses (same options), shown before the request leaves.
      const preview = await sampleVideoFrames(video, { sheetCount: sheets.length, signal: c.signal });
      setFrames(preview.frames.map((f: SampledFrame) => ({ url: URL.createObjectURL(f.png), time: f.time })));
      const out = await generateCandidate({
        endpoint: target.endpoint,
        model: target.model.trim(),
        ...(target.key ? { key: target.key } : {}),
        resolution: task.resolution,
        video,
        sheets,
        taskKey: candidateTaskKey(sourceId, task.id),
        signal: c.signal,
        onProgress: (p) => setPhase({ kind: 'working', progress: p }),
      });
      if (!out.candidateId) throw new Error('the generated page was not saved');
      setPhase({ kind: 'done', candidateId: out.candidateId, model: out.modelDir, chars: out.raw.length });
    } catch (err) {
      setPhase(c.signal.aborted ? { kind: 'form' } : { kind: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };

  const p = phase.kind === 'working' ? phase.progress : null;
  return (
    <div className="gen-panel">
      <p className="hint">
        Sends {opened.files.stitched.length} asset sheet{opened.files.stitched.length === 1 ? '' : 's'} and frames of the recording (1 per
        second, capped) with the official request wording. The page is saved as a candidate named after the model.
      </p>
      <fieldset className="radio-list" disabled={phase.kind === 'working'}>
        <legend className="field-label">Endpoint</legend>
        <label className="check">
          <input type="radio" name={`${id}-ep`} checked={useJudge} onChange={() => setUseJudge(true)} disabled={judge.kind !== 'mllm'} />
          <span>
            The judge's endpoint and model
            {judge.kind === 'mllm' ? `: ${judge.model} at ${judge.endpoint}` : ' (no model judge is set up in Settings)'}
          </span>
        </label>
        <label className="check">
          <input type="radio" name={`${id}-ep`} checked={!useJudge} onChange={() => setUseJudge(false)} />
          <span>Another endpoint</span>
        </label>
      </fieldset>
      {!useJudge ? (
        <div className="form-grid">
          <label className="field span-2">
            <span>Endpoint (base URL, OpenAI-compatible)</span>
            <input
              type="url"
              value={endpoint}
              placeholder="https://api.openai.com/v1"
              onChange={(e) => setEndpoint(e.target.value)}
              disabled={phase.kind === 'working'}
            />
          </label>
          <label className="field">
            <span>Model to generate with</span>
            <input
              type="text"
              value={model}
              placeholder="gpt-4o"
              onChange={(e) => setModel(e.target.value)}
              disabled={phase.kind === 'working'}
            />
          </label>
          <label className="field">
            <span>API key (used for this request only)</span>
            <input
              type="password"
              autoComplete="off"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              disabled={phase.kind === 'working'}
            />
          </label>
        </div>
      ) : null}
      <div className="row">
        {phase.kind === 'working' ? (
          <Button variant="danger" onClick={() => ctrl.current?.abort()}>
            Cancel
          </Button>
        ) : (
          <Button variant="primary" disabled={!ready} onClick={() => void start()}>
            Generate
          </Button>
        )}
        {!opened.files.video ? <span className="warn-text small">This task has no recording to send.</span> : null}
      </div>
      {p ? (
        <ProgressBar
          label={
            p.stage === 'frames'
              ? 'Sampling the recording'
              : p.stage === 'request'
                ? `Waiting for ${target.model}`
                : p.stage === 'streaming'
                  ? `Receiving the page from ${target.model}`
                  : 'Saving'
          }
          value={null}
          detail={
            p.stage === 'streaming'
              ? `${(p.chars ?? 0).toLocaleString()} characters`
              : p.frames !== undefined
                ? `${p.frames} frames`
                : undefined
          }
        />
      ) : null}
      {phase.kind === 'error' ? (
        <p className="note note-warn" role="alert">
          {phase.message}
        </p>
      ) : null}
      {phase.kind === 'done' ? (
        <div className="row note" role="status">
          <span>
            Saved as candidate “{phase.model}” ({phase.chars.toLocaleString()} characters received).
          </span>
          <div className="spacer" />
          <Button
            variant="primary"
            size="sm"
            onClick={() => navigate({ name: 'try', sourceId, taskId: task.id, candidateId: phase.candidateId })}
          >
            Open in Try it →
          </Button>
        </div>
      ) : null}
      {frames.length ? (
        <div>
          <span className="field-label">
            Frames sent ({frames.length}, after {opened.files.stitched.length} sheet{opened.files.stitched.length === 1 ? '' : 's'})
          </span>
          <ol className="gen-frames">
            {frames.map((f, i) => (
              <li key={i}>
                <img src={f.url} alt={`Frame at ${f.time.toFixed(1)} s`} />
                <span className="small muted">{f.time.toFixed(1)} s</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
