// Try it: an HTML editor next to a live sandboxed preview at the task's resolution; open a
// file, paste, or drop an index.html; step through the replay; run the evaluation.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ensureCatalog, useCatalog } from '../state/catalog.ts';
import { candidateTaskKey } from '../../data/candidates.ts';
import { useSettings } from '../settings/store.ts';
import { replayOptionsOf } from '../../data/settings.ts';
import { hrefFor, navigate } from '../router.ts';
import { EmptyState, Badge } from '../components/Card.tsx';
import { Button } from '../components/Button.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Modal } from '../components/Modal.tsx';
import { Tabs } from '../components/Tabs.tsx';
import { HtmlEditor } from './HtmlEditor.tsx';
import { usePreview } from './usePreview.ts';
import { useCandidates } from './useCandidates.ts';
import { useTaskAssets } from './useTaskAssets.ts';
import { starterHtml } from './starter.ts';
import { StepThroughPanel } from './StepThroughPanel.tsx';
import {
  candidateFromFiles,
  candidateFromZip,
  droppedFolder,
  isProject,
  type DroppedProject,
  type OpenedCandidate,
} from './candidate-drop.ts';
import { ProjectBuildPanel, useProjectBuild } from './ProjectBuildPanel.tsx';
import type { BuiltProject } from './project-build.ts';
import { candidateHash } from '../../data/bytes.ts';
import { RunPanel } from './RunPanel.tsx';
import { postprocessReply } from '../../generate/postprocess.ts';
import { SAMPLES_ID } from '../../sources/registry.ts';
import { loadSampleCandidate, SAMPLE_MODELS } from '../state/sample-candidates.ts';
import { useNarrow } from '../state/useNarrow.ts';
import './try.css';

/** What the side panel shows; on narrow screens the editor is one more tab ('edit'). */
type Mode = 'edit' | 'preview' | 'step' | 'run';

const SIDE_TABS: { id: Mode; label: string }[] = [
  { id: 'preview', label: 'Live preview' },
  { id: 'step', label: 'Step through' },
  { id: 'run', label: 'Run & score' },
];
const NARROW_TABS: { id: Mode; label: string }[] = [{ id: 'edit', label: 'Editor' }, ...SIDE_TABS];

export function TryScreen({ sourceId, taskId, candidateId }: { sourceId: string; taskId: string; candidateId?: string | undefined }) {
  const loadedOnce = useCatalog((s) => s.loadedOnce);
  const entry = useCatalog((s) => s.entries.find((e) => e.sourceId === sourceId && e.task.id === taskId));
  useEffect(() => {
    void ensureCatalog();
  }, []);
  if (!entry) {
    if (!loadedOnce) return <p className="loading">Loading tasks…</p>;
    return (
      <EmptyState title={`Task ${taskId} is not in source "${sourceId}"`}>
        <a href="#/tasks">Back to the gallery</a>
      </EmptyState>
    );
  }
  return <TryTask key={`${sourceId}/${taskId}`} sourceId={sourceId} taskId={taskId} candidateId={candidateId} />;
}

function TryTask({ sourceId, taskId, candidateId }: { sourceId: string; taskId: string; candidateId?: string | undefined }) {
  const entry = useCatalog((s) => s.entries.find((e) => e.sourceId === sourceId && e.task.id === taskId))!;
  const task = entry.task;
  const { width, height } = task.resolution;
  const settings = useSettings((s) => s.settings);
  const { opened, assets, error: assetError } = useTaskAssets(sourceId, taskId, true);
  const assetNames = useMemo(() => (assets ? [...assets.keys()] : []), [assets]);
  const starter = useCallback(
    () => starterHtml(task.record.source_website || `Task ${task.id}`, width, height, assetNames),
    [task, width, height, assetNames],
  );
  const cands = useCandidates(candidateTaskKey(sourceId, taskId), candidateId, starter);
  const narrow = useNarrow();
  const [chosen, setMode] = useState<Mode>(narrow ? 'edit' : 'preview');
  // Wide screens always show the editor, so 'edit' left over from a narrow window means the preview.
  const mode: Mode = !narrow && chosen === 'edit' ? 'preview' : chosen;
  const [pasteOpen, setPasteOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const docKey = `${cands.current?.id ?? ''}`;

  const {
    stage: previewStage,
    state: pv,
    scale: previewScale,
    reload: reloadPreview,
  } = usePreview({
    html: cands.html,
    width,
    height,
    assets,
    files: cands.current?.files,
    policy: settings.network,
    seed: 0,
    enabled: mode === 'preview' && cands.current !== null,
    fitHeight: !narrow,
  });
  const panelTabs = (
    <Tabs
      label={narrow ? 'Editor, preview and run' : 'Right panel'}
      value={mode}
      onChange={setMode}
      tabs={narrow ? NARROW_TABS : SIDE_TABS}
    />
  );

  // A built project becomes a candidate that remembers its build; the record goes into eval.json
  // while the candidate still holds exactly what the build wrote (builtHash), not after an edit.
  const addBuilt = useCallback(
    async (b: BuiltProject) => {
      const builtHash = await candidateHash(b.html, new Map(Object.entries(b.files)));
      const added = await cands.add(b.name, b.html, 'file', b.files, { build: b.build, builtHash });
      if (!added) throw new Error('the built page could not be saved as a candidate (see the message above)');
    },
    [cands],
  );
  const projectBuild = useProjectBuild(addBuilt);

  const openCandidate = async (read: () => Promise<OpenedCandidate | DroppedProject>) => {
    setFileError(null);
    try {
      const c = await read();
      if (isProject(c)) void projectBuild.start(c);
      else await cands.add(c.name, c.html, 'file', c.files);
    } catch (err) {
      setFileError(err instanceof Error ? err.message : String(err));
    }
  };

  const openFile = async (file: File) => {
    setFileError(null);
    if (/\.zip$/i.test(file.name) || file.type === 'application/zip') return openCandidate(() => candidateFromZip(file));
    if (!/\.html?$/i.test(file.name) && file.type !== 'text/html') {
      setFileError(`${file.name} is not an HTML file: open or drop an index.html, or a folder or .zip with index.html and its files.`);
      return;
    }
    const text = await file.text();
    const name =
      file.name.replace(/\.html?$/i, '') === 'index' ? `file ${new Date().toLocaleTimeString()}` : file.name.replace(/\.html?$/i, '');
    await cands.add(name, text, 'file');
  };

  const ro = replayOptionsOf(settings);

  return (
    <div
      className={`try${dragging ? ' try-drag' : ''}`}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const folder = droppedFolder(e.dataTransfer);
        if (folder) {
          void openCandidate(async () => candidateFromFiles(folder.name, await folder.files()));
          return;
        }
        const f = e.dataTransfer.files[0];
        if (f) void openFile(f);
      }}
    >
      <div className="try-head">
        <div className="min0">
          <h2 className="sr-only">Try it: {task.record.source_website || `task ${task.id}`}</h2>
          <div className="crumbs">
            <a href="#/tasks">Tasks</a> /{' '}
            <a href={hrefFor({ name: 'task', sourceId, taskId })}>
              #{task.id} {task.record.source_website}
            </a>{' '}
            / Try it
          </div>
          <div className="row try-cands">
            <label className="field-inline">
              <span className="sr-only">Candidate</span>
              <select
                value={cands.current?.id ?? ''}
                onChange={(e) => {
                  void cands.select(e.target.value);
                  navigate({ name: 'try', sourceId, taskId, candidateId: e.target.value }, { replace: true });
                }}
                aria-label="Candidate"
              >
                {(cands.list ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.origin})
                  </option>
                ))}
              </select>
            </label>
            <SaveBadge save={cands.save} />
            <Button size="sm" variant="ghost" onClick={() => void cands.newDraft()}>
              New
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                const n = prompt('Name of this candidate (used as the model name of its runs):', cands.current?.name ?? '');
                if (n) void cands.rename(n);
              }}
            >
              Rename
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                if (confirm(`Delete the candidate "${cands.current?.name}"? Its runs stay.`)) void cands.remove();
              }}
            >
              Delete
            </Button>
            <span className="sep" aria-hidden="true" />
            <Button size="sm" onClick={() => fileInput.current?.click()}>
              Open file…
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".html,.htm,text/html,.zip,application/zip"
              hidden
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void openFile(f);
                e.target.value = '';
              }}
            />
            <Button size="sm" onClick={() => setPasteOpen(true)}>
              Paste…
            </Button>
            {sourceId === SAMPLES_ID ? (
              <label className="field-inline">
                <span className="sr-only">Load a sample candidate</span>
                <select
                  aria-label="Load a sample candidate"
                  value=""
                  onChange={(e) => {
                    const model = e.target.value;
                    if (!model) return;
                    setFileError(null);
                    loadSampleCandidate(taskId, model).then(
                      (text) => void cands.add(model, text, 'sample'),
                      (err: unknown) => setFileError(err instanceof Error ? err.message : String(err)),
                    );
                  }}
                >
                  <option value="">Sample candidates…</option>
                  {SAMPLE_MODELS.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
        </div>
        <div className="spacer" />
        <Badge title="The preview and replay run at the task's recording resolution, scaled to fit">
          {width}×{height}
        </Badge>
      </div>

      {cands.error ? (
        <ErrorPanel
          title="Candidates could not be read from this browser's storage."
          error={cands.error}
          actions={[
            { label: 'Reload', onClick: () => location.reload() },
            { label: 'Storage settings', href: '#/settings/storage' },
          ]}
        />
      ) : null}
      {cands.save.kind === 'error' ? (
        <ErrorPanel
          title="Your last edit is not saved."
          error={cands.save.message}
          actions={[
            { label: 'Retry saving', onClick: () => cands.edit(cands.html) },
            { label: 'Free storage', href: '#/settings/storage' },
          ]}
        />
      ) : null}
      {fileError ? (
        <ErrorPanel
          title="That file was not opened."
          error={fileError}
          actions={[{ label: 'Choose another file', onClick: () => fileInput.current?.click() }]}
        />
      ) : null}
      <ProjectBuildPanel state={projectBuild.state} onCancel={projectBuild.cancel} onClose={projectBuild.close} />
      {assetError ? (
        <ErrorPanel
          title="The task's assets could not be read; the preview shows missing images."
          error={assetError}
          actions={[{ label: 'Open the task page', href: hrefFor({ name: 'task', sourceId, taskId }) }]}
        />
      ) : null}

      {narrow ? <div className="try-narrow-tabs">{panelTabs}</div> : null}
      <div className="try-main">
        <section className={`card try-editor${narrow && mode !== 'edit' ? ' try-hidden' : ''}`} aria-label="HTML editor">
          <header className="card-head">
            <h2 className="card-title">index.html</h2>
            <span className="muted small">
              {cands.html.length.toLocaleString()} chars ·{' '}
              {cands.current?.files ? ` · ${Object.keys(cands.current.files).length + 1} files (only index.html is edited here)` : ''} ·
              drop a file, folder or zip anywhere
            </span>
          </header>
          {cands.current ? (
            <HtmlEditor value={cands.html} docKey={docKey} onChange={cands.edit} label={`HTML of candidate ${cands.current.name}`} />
          ) : (
            <p className="loading">Loading the candidate…</p>
          )}
        </section>

        <section className={`card try-side${mode === 'edit' ? ' try-hidden' : ''}`} aria-label="Preview and evaluation">
          {narrow ? null : <div className="try-side-head">{panelTabs}</div>}
          {mode === 'edit' ? null : mode === 'preview' ? (
            <div className="preview">
              <div className="preview-box">
                <div className="preview-stage" ref={previewStage} style={{ width: width * previewScale, height: height * previewScale }} />
              </div>
              <div className="preview-status">
                {pv.status === 'loading' ? (
                  <span className="muted">Reloading…</span>
                ) : pv.status === 'ready' ? (
                  <span className="ok-text">Loaded</span>
                ) : null}
                <span className="muted">scale {Math.round(previewScale * 100)}%</span>
                {pv.missingAssets.length ? (
                  <Badge tone="warn" title={pv.missingAssets.join('\n')}>
                    {pv.missingAssets.length} missing asset{pv.missingAssets.length === 1 ? '' : 's'}
                  </Badge>
                ) : null}
                {pv.blocked.length ? (
                  <Badge tone="warn" title={pv.blocked.join('\n')}>
                    {pv.blocked.length} blocked request{pv.blocked.length === 1 ? '' : 's'}
                  </Badge>
                ) : null}
                {pv.console.length ? (
                  <Badge tone="danger" title={pv.console.map((c) => c.text).join('\n')}>
                    {pv.console.length} console error{pv.console.length === 1 ? '' : 's'}
                  </Badge>
                ) : null}
              </div>
              {pv.status === 'error' ? (
                <ErrorPanel
                  title="The preview did not load."
                  error={pv.error}
                  actions={[{ label: 'Reload preview', onClick: reloadPreview }]}
                />
              ) : null}
            </div>
          ) : mode === 'step' ? (
            <StepThroughPanel
              task={task}
              html={cands.html}
              assets={assets}
              options={{
                policy: ro.policy,
                timing: ro.timing,
                scroll: ro.scroll,
                stepTimeoutMs: ro.stepTimeoutMs,
                ...(cands.current?.files ? { files: new Map(Object.entries(cands.current.files)) } : {}),
              }}
            />
          ) : cands.current ? (
            <RunPanel sourceId={sourceId} task={task} candidate={cands.current} flush={cands.flush} opened={opened} />
          ) : null}
        </section>
      </div>

      <PasteDialog
        open={pasteOpen}
        onClose={() => setPasteOpen(false)}
        onPaste={(text, name) =>
          void cands
            .add(name || 'pasted', /```html/i.test(text) ? postprocessReply(text).html : text, 'paste')
            .then(() => setPasteOpen(false))
        }
      />
      {dragging ? (
        <div className="drop-hint" aria-hidden="true">
          Drop an index.html, or a folder or .zip with index.html and its files, to open it as a new candidate
        </div>
      ) : null}
    </div>
  );
}

function SaveBadge({ save }: { save: ReturnType<typeof useCandidates>['save'] }) {
  const text = save.kind === 'saved' ? 'Saved' : save.kind === 'saving' ? 'Saving…' : save.kind === 'dirty' ? 'Edited' : 'Not saved';
  return (
    <span className={`save-state save-${save.kind}`} role="status" aria-live="polite">
      {text}
    </span>
  );
}

function PasteDialog({ open, onClose, onPaste }: { open: boolean; onClose: () => void; onPaste: (html: string, name: string) => void }) {
  const [text, setText] = useState('');
  const [name, setName] = useState('pasted');
  return (
    <Modal open={open} title="Paste a candidate page" onClose={onClose} wide>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) onPaste(text, name);
        }}
      >
        <label className="field">
          <span>Name (the model name its runs are listed under)</span>
          <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          <span>HTML (a whole index.html; a model's answer with a fenced html block works too)</span>
          <textarea rows={14} value={text} onChange={(e) => setText(e.target.value)} className="mono" autoFocus spellCheck={false} />
        </label>
        <div className="row">
          <Button variant="primary" type="submit" disabled={!text.trim()}>
            Open as a new candidate
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Modal>
  );
}
