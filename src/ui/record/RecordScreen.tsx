// Record a task (issue 17): pick a page (an HTML file, a folder or a zip), use it in the
// sandbox with the real mouse and keyboard, then review the generated steps (each checked by
// the resolver: a description that does not lead back to its element is flagged with the
// resolver's pick), mark checkpoints and assertions, build (replay check, video, contact
// sheets) and save into a dataset the gallery shows, or download it.
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { videoMime } from '../../authoring/video.ts';
import { describeAll, REPLAY_PIXEL_BOUND } from '../../authoring/build.ts';
import { replayScrollsFirst } from '../../record/steps.ts';
import { filesFromInput } from '../../sources/folder.ts';
import { Button, LinkButton } from '../components/Button.tsx';
import { Badge, Card } from '../components/Card.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { downloadBytes } from '../exchange/download.ts';
import { hrefFor } from '../router.ts';
import { useSources } from '../sources/store.ts';
import { useRecorder, type MetaFields } from './store.ts';
import './record.css';

/** The official desktop and mobile sizes (those of the published tasks), then custom. */
export const SIZE_PRESETS = [
  { label: 'Desktop 1920×1080', width: 1920, height: 1080 },
  { label: 'Desktop 1440×900', width: 1440, height: 900 },
  { label: 'Desktop 1280×720', width: 1280, height: 720 },
  { label: 'Mobile 390×844', width: 390, height: 844 },
  { label: 'Mobile 412×915', width: 412, height: 915 },
] as const;

// React passes unknown attributes through; TypeScript's JSX types lack these two.
const folderInputAttrs = { webkitdirectory: '', directory: '' } as Record<string, string>;

export function RecordScreen() {
  const s = useRecorder();
  const frameBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void useSources.getState().refresh();
    void useRecorder.getState().setTarget(useRecorder.getState().target);
    return () => useRecorder.getState().leave();
  }, []);

  return (
    <div className="record">
      <div className="screen-head">
        <div>
          <h2>Record a task</h2>
          <p className="sub">
            Use a page with your mouse and keyboard; each action becomes a step with a description a model can follow, and the result is a
            task in the official layout.
          </p>
        </div>
      </div>
      {s.error ? (
        <ErrorPanel
          title="Something went wrong"
          error={s.error}
          actions={[{ label: 'Dismiss', onClick: () => useRecorder.setState({ error: null }) }]}
        />
      ) : null}
      {s.phase === 'setup' || s.phase === 'opening' ? <Setup /> : null}
      {s.phase === 'recording' || s.phase === 'opening' ? <Recording /> : null}
      {/* The frame lives here while recording; the sandbox host puts it in this box. */}
      <div ref={frameBox} className="record-frame" data-testid="record-frame" hidden={s.phase !== 'recording' && s.phase !== 'opening'} />
      {s.phase === 'setup' ? (
        <div className="row">
          <Button variant="primary" disabled={!s.page || !!s.busy} onClick={() => frameBox.current && void s.start(frameBox.current)}>
            Start recording
          </Button>
          {!s.page ? <span className="hint">Choose a page first.</span> : null}
        </div>
      ) : null}
      {s.phase === 'built' ? <Built /> : null}
      {s.phase === 'review' || s.phase === 'building' || s.phase === 'built' ? <Review /> : null}
    </div>
  );
}

function Setup() {
  const { page, width, height, target, taskId, busy } = useRecorder();
  const sources = useSources((st) => st.sources);
  const zips = sources.filter((x) => x.kind === 'zip');
  const preset = SIZE_PRESETS.find((p) => p.width === width && p.height === height);
  const htmlInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  // Custom stays chosen while its numbers happen to equal a preset's.
  const [custom, setCustom] = useState(!preset);

  const onHtml = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    if (f) void useRecorder.getState().pickFiles(f.name, new Map([[f.name, f]]));
    e.target.value = '';
  };
  const onFolder = (e: ChangeEvent<HTMLInputElement>) => {
    const list = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!list.length) return;
    const { name, files } = filesFromInput(list);
    void Promise.all([...files].map(async ([p, get]) => [p, await get()] as const)).then((pairs) =>
      useRecorder.getState().pickFiles(name, new Map(pairs)),
    );
  };
  const onZip = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    if (f) void useRecorder.getState().pickZip(f);
    e.target.value = '';
  };

  return (
    <Card title="1. The page" className="record-setup">
      <div className="stack">
        <div className="row">
          <Button onClick={() => htmlInput.current?.click()}>An HTML file</Button>
          <Button onClick={() => folderInput.current?.click()}>A folder</Button>
          <Button onClick={() => zipInput.current?.click()}>A zip</Button>
          <input ref={htmlInput} type="file" accept=".html,.htm,text/html" hidden onChange={onHtml} data-testid="record-html" />
          <input ref={folderInput} type="file" hidden onChange={onFolder} data-testid="record-folder" {...folderInputAttrs} />
          <input ref={zipInput} type="file" accept=".zip,application/zip" hidden onChange={onZip} data-testid="record-zip" />
          {busy ? <span className="muted">{busy}</span> : null}
        </div>
        {page ? (
          <p data-testid="record-page">
            <strong>{page.pagePath}</strong> from {page.label}
            {page.assets.size
              ? `, with ${page.assets.size} asset${page.assets.size === 1 ? '' : 's'} (${[...page.assets.keys()].slice(0, 4).join(', ')}${page.assets.size > 4 ? ', …' : ''})`
              : ', no assets'}
          </p>
        ) : (
          <p className="hint">
            The page runs in the same sandbox as candidates (network blocked). Files it references by a relative path are its assets: they
            are renamed asset_001.png, … and the references rewritten, as in the official tasks.
          </p>
        )}
        <div className="row">
          <label className="field">
            <span>Size</span>
            <select
              value={preset && !custom ? `${width}x${height}` : 'custom'}
              onChange={(e) => {
                const m = /^(\d+)x(\d+)$/.exec(e.target.value);
                setCustom(!m);
                if (m) useRecorder.getState().setSize(Number(m[1]), Number(m[2]));
              }}
            >
              {SIZE_PRESETS.map((p) => (
                <option key={p.label} value={`${p.width}x${p.height}`}>
                  {p.label}
                </option>
              ))}
              <option value="custom">Custom…</option>
            </select>
          </label>
          {custom || !preset ? (
            <>
              <label className="field">
                <span>Width</span>
                <input
                  type="number"
                  min={200}
                  max={4000}
                  value={width}
                  onChange={(e) => useRecorder.getState().setSize(Number(e.target.value) || width, height)}
                />
              </label>
              <label className="field">
                <span>Height</span>
                <input
                  type="number"
                  min={200}
                  max={4000}
                  value={height}
                  onChange={(e) => useRecorder.getState().setSize(width, Number(e.target.value) || height)}
                />
              </label>
            </>
          ) : null}
          <label className="field">
            <span>Dataset</span>
            <select value={target} onChange={(e) => void useRecorder.getState().setTarget(e.target.value)} data-testid="record-target">
              <option value="new">A new dataset</option>
              {zips.map((z) => (
                <option key={z.id} value={z.id}>
                  {z.label}
                </option>
              ))}
            </select>
          </label>
          <span className="muted" data-testid="record-task-id">
            This task will be #{taskId}
          </span>
        </div>
      </div>
    </Card>
  );
}

function Recording() {
  const { live, stopped, busy, width, height, phase } = useRecorder();
  return (
    <Card
      title={phase === 'opening' ? 'Loading the page…' : `2. Recording at ${width}×${height}`}
      actions={
        <Button
          variant="primary"
          disabled={phase !== 'recording' || !!busy}
          busy={!!busy && phase === 'recording'}
          onClick={() => void useRecorder.getState().finish()}
        >
          Finish recording
        </Button>
      }
    >
      {stopped ? (
        <ErrorPanel title="Recording stopped" error={stopped}>
          <p>The steps recorded so far are kept: finish to review them.</p>
        </ErrorPanel>
      ) : (
        <p className="hint">
          Use the page below as a person would: clicks, typing, keys (Enter, Escape, arrows, Tab) and the wheel become steps. A screenshot
          is taken 0.5 s after your last input, as the official replay waits after a step.
        </p>
      )}
      <ol className="record-live" aria-label="Steps so far" data-testid="record-live">
        {live.map((d, i) => (
          <li key={i}>
            <Badge>{d.step.type}</Badge> {String(d.step.parameters.description ?? '')}
          </li>
        ))}
      </ol>
    </Card>
  );
}

const META_FIELDS: { key: keyof MetaFields; label: string; placeholder: string }[] = [
  { key: 'source_website', label: 'Source website', placeholder: 'example.com' },
  { key: 'domain', label: 'Domain', placeholder: 'Tools' },
  { key: 'sub_domain', label: 'Sub-domain', placeholder: 'Counter' },
  { key: 'interaction_complexity', label: 'Interaction complexity', placeholder: 'L2' },
  { key: 'visual_complexity', label: 'Visual complexity', placeholder: 'Low' },
];

function Review() {
  const { steps, edits, stopped, meta, video, phase, busy, session, saved } = useRecorder();
  const described = useMemo(() => describeAll(steps, edits), [steps, edits]);
  const shots = session?.shots;
  const shotUrls = useMemo(() => {
    const out = new Map<number, string>();
    if (shots) for (const [k, shot] of shots) out.set(k, URL.createObjectURL(shot.png));
    return out;
  }, [shots]);
  useEffect(() => () => shotUrls.forEach((u) => URL.revokeObjectURL(u)), [shotUrls]);
  const flagged = described.filter((d) => !d.roundTrip.ok).length;
  const mp4 = !!videoMime('mp4');

  return (
    // Once saved, the task is in the dataset as built: the form is kept to read, not to edit.
    <fieldset className="record-review" disabled={!!saved}>
      {stopped ? <ErrorPanel title="The recording was stopped" error={stopped} /> : null}
      <Card
        title={`3. Steps (${steps.length})`}
        actions={
          flagged ? (
            <Badge tone="warn">{flagged} to reword</Badge>
          ) : steps.length ? (
            <Badge tone="ok">every description resolves back</Badge>
          ) : undefined
        }
      >
        {steps.length === 0 ? (
          <p role="alert" data-testid="record-empty">
            Nothing was recorded: an empty recording cannot be exported. Record again and use the page before finishing.
          </p>
        ) : (
          <ol className="record-steps" data-testid="record-steps">
            {described.map((d, i) => {
              const after = shotUrls.get(i + 1);
              return (
                <li key={i} className={d.roundTrip.ok ? undefined : 'record-step-flagged'}>
                  <div className="record-step-head">
                    <strong>Step {i + 1}</strong> <Badge>{d.step.type}</Badge>
                    {d.roundTrip.ok ? <Badge tone="ok">resolves back</Badge> : <Badge tone="danger">does not resolve back</Badge>}
                  </div>
                  <div className="record-step-body">
                    <div className="stack">
                      <label className="field">
                        <span>Description</span>
                        <input
                          type="text"
                          value={String(d.step.parameters.description ?? '')}
                          aria-label={`Description of step ${i + 1}`}
                          onChange={(e) => useRecorder.getState().edit(i, { description: e.target.value })}
                        />
                      </label>
                      {!d.roundTrip.ok ? (
                        <div className="record-roundtrip" role="note">
                          <p>{d.roundTrip.reason ?? 'The resolver picks another element for this description.'}</p>
                          {d.roundTrip.pickedXpath ? (
                            <p>
                              The resolver picked <code>{d.roundTrip.pickedXpath}</code>
                              {d.roundTrip.confidence !== undefined ? ` (confidence ${d.roundTrip.confidence.toFixed(2)})` : ''}.
                            </p>
                          ) : null}
                          {d.roundTrip.alternatives.length ? (
                            <p>
                              Alternatives:{' '}
                              {d.roundTrip.alternatives.slice(0, 4).map((a, j) => (
                                <span key={j}>
                                  {j ? '; ' : ''}
                                  <code>{a.xpath}</code> ({a.score.toFixed(2)})
                                </span>
                              ))}
                            </p>
                          ) : null}
                          <p className="hint">Reword the description (name the text, the kind or the place) until it resolves back.</p>
                        </div>
                      ) : null}
                      {replayScrollsFirst(steps[i]!) ? (
                        <p className="record-warn" role="note">
                          This element was cut off at the edge of the view when it was used: the replay scrolls it into view first (as the
                          official click does), so the screenshot after this step will not match the recording. Record again with it fully
                          in view.
                        </p>
                      ) : null}
                      <div className="row">
                        <label className="check">
                          <input
                            type="checkbox"
                            checked={d.step.visual_evaluation_flag}
                            onChange={(e) => useRecorder.getState().edit(i, { checkpoint: e.target.checked })}
                          />
                          <span>Checkpoint (compare the page before this step)</span>
                        </label>
                      </div>
                      <label className="field">
                        <span>Logical assertion (optional)</span>
                        <input
                          type="text"
                          value={d.step.logical_assertion ?? ''}
                          aria-label={`Assertion of step ${i + 1}`}
                          placeholder="What should be true after this step, e.g. 'The cart shows 1 item'"
                          onChange={(e) => useRecorder.getState().edit(i, { assertion: e.target.value })}
                        />
                      </label>
                    </div>
                    {after ? <img className="record-shot" src={after} alt={`The page after step ${i + 1}`} /> : null}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </Card>
      <Card title="4. The task">
        <div className="record-meta">
          {META_FIELDS.map((f) => (
            <label key={f.key} className="field">
              <span>{f.label}</span>
              <input
                type="text"
                value={meta[f.key]}
                placeholder={f.placeholder}
                onChange={(e) => useRecorder.getState().setMeta({ [f.key]: e.target.value })}
              />
            </label>
          ))}
          <label className="field">
            <span>Video</span>
            <select value={video} onChange={(e) => useRecorder.getState().setVideo(e.target.value as 'webm' | 'mp4' | 'none')}>
              <option value="webm">WebM</option>
              <option value="mp4" disabled={!mp4}>
                MP4{mp4 ? '' : ' (this browser cannot write it)'}
              </option>
              <option value="none">No video</option>
            </select>
          </label>
        </div>
        <div className="row record-build">
          <Button
            variant="primary"
            disabled={!steps.length || phase === 'building'}
            busy={phase === 'building'}
            onClick={() => void useRecorder.getState().build()}
          >
            Check and build the task
          </Button>
          {busy ? <span className="muted">{busy}</span> : null}
          <span className="spacer" />
          <Button variant="ghost" disabled={phase === 'building'} onClick={() => void useRecorder.getState().again()}>
            Discard and record again
          </Button>
        </div>
      </Card>
    </fieldset>
  );
}

function Built() {
  const { built, datasetZip, saved, taskId, busy, target } = useRecorder();
  const sources = useSources((st) => st.sources);
  if (!built) return null;
  const label = sources.find((x) => x.id === target)?.label;
  const checkpoints = [...built.files.keys()].filter((p) => p.includes('/checkpoints/')).length;
  const worst = built.replay?.differences.reduce((m, d) => Math.max(m, d.share), 0) ?? 0;
  if (built.blockers.length)
    return (
      <ErrorPanel
        title="The task cannot be exported yet"
        actions={[{ label: 'Back to the steps', onClick: () => useRecorder.setState({ phase: 'review' }) }]}
      >
        <ul data-testid="record-blockers">
          {built.blockers.map((b, i) => (
            <li key={i}>{b}</li>
          ))}
        </ul>
      </ErrorPanel>
    );
  return (
    <Card title={`Task #${taskId} is ready`} data-testid="record-built">
      <p>
        {built.record.action_sequence.length} steps, {checkpoints} checkpoint{checkpoints === 1 ? '' : 's'}
        {built.replay
          ? `; replayed from the start, every step ran and every screenshot matched the recording (largest difference ${(worst * 100).toFixed(2)} % of pixels, bound ${(REPLAY_PIXEL_BOUND * 100).toFixed(1)} %)`
          : ''}
        {built.videoMime ? `; video: ${built.videoMime.split(';')[0]}` : ''}.
      </p>
      <div className="row">
        {saved ? (
          <LinkButton variant="primary" href={hrefFor({ name: 'task', sourceId: saved.sourceId, taskId: String(saved.taskId) })}>
            Open task #{saved.taskId}
          </LinkButton>
        ) : (
          <Button variant="primary" busy={!!busy} disabled={!datasetZip || !!busy} onClick={() => void useRecorder.getState().save()}>
            {target === 'new' ? 'Save as a new source' : `Add to ${label ?? 'the dataset'}`}
          </Button>
        )}
        <Button disabled={!datasetZip} onClick={() => datasetZip && downloadBytes(datasetZip, `recorded-tasks.zip`)}>
          Download the dataset (zip)
        </Button>
        <Button variant="ghost" onClick={() => void useRecorder.getState().again()}>
          Record another task
        </Button>
      </div>
    </Card>
  );
}
