// The DINO model: which one (the official hub model, the built-in test model, another URL or a
// local file), loading it with download progress, what is loaded now, the cache and clearing it.
// Changing the choice drops the model already loaded, so the next run uses the new one.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSettings, flushSettings } from './store.ts';
import { Card } from '../components/Card.tsx';
import { Button } from '../components/Button.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { RadioList, type RadioOption } from '../components/RadioList.tsx';
import { bytes } from '../format.ts';
import { deleteStoredModel, listStoredModels } from '../../data/models.ts';
import { currentDino, loadDino, resetDino } from '../../engines/dino-bridge.ts';
import type { DinoSettings } from '../../data/settings.ts';
import { precisionNote, type DinoPrecision } from '../../shared/dino-id.ts';
import { choiceOf, keepLocalModel, HUB_SETTING, TEST_MODEL_PATH, TEST_MODEL_SETTING, type DinoChoice } from './dino-choice.ts';

const PRECISIONS: RadioOption<DinoPrecision>[] = [
  { value: 'float32', label: 'float32 (default)', hint: 'As the official harness runs the model without a GPU.' },
  {
    value: 'float16',
    label: 'float16, emulated',
    hint: 'As the official harness runs it on a CUDA GPU, most likely how the published figures were made: weights and every activation rounded to half precision. Results say float16; cached embeddings are kept apart.',
  },
  {
    value: 'int8',
    label: 'int8, fast and approximate (not official)',
    hint: 'Ours: the weight matrices in 8-bit integers, for quicker trial runs. Figures move from float32 (the README gives by how much); results say int8 and do not compare with published ones.',
  },
];

interface CachedModel {
  id: string;
  size: number;
  sha256: string;
}

type Loading = { loaded: number; total: number } | null;

export function DinoPanel() {
  const dino = useSettings((s) => s.settings.dino);
  const set = useSettings((s) => s.set);
  const [models, setModels] = useState<CachedModel[] | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [loading, setLoading] = useState<Loading>(null);
  const [loaded, setLoaded] = useState(() => currentDino()?.model ?? null);
  const [otherUrl, setOtherUrl] = useState(() => (choiceOf(dino) === 'url' ? dino.modelUrl : ''));
  const fileInput = useRef<HTMLInputElement>(null);
  const ctrl = useRef<AbortController | null>(null);
  const name = useId();
  const choice = choiceOf(dino);

  const refresh = useCallback(() => {
    listStoredModels().then(setModels, (e: unknown) => setErr(String(e)));
  }, []);
  useEffect(refresh, [refresh]);
  useEffect(() => () => ctrl.current?.abort(), []);

  /** Saves the DINO choice and drops the loaded model, so the next run uses the new one. */
  const apply = async (next: DinoSettings) => {
    ctrl.current?.abort();
    set('dino', next);
    await flushSettings();
    resetDino();
    setLoaded(null);
    setErr(null);
  };

  // The precision is its own choice: another model keeps it.
  const choose = (next: DinoSettings) => apply({ ...next, ...(dino.precision ? { precision: dino.precision } : {}) });

  const loadNow = async () => {
    const c = new AbortController();
    ctrl.current = c;
    setErr(null);
    setLoading({ loaded: 0, total: 0 });
    try {
      const r = await loadDino(
        { url: dino.modelUrl },
        { ...(dino.modelId ? { modelId: dino.modelId } : {}), signal: c.signal, onProgress: (p) => setLoading({ ...p }) },
      );
      setLoaded(r.model);
      refresh();
    } catch (e) {
      if (!c.signal.aborted) setErr(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(null);
    }
  };

  const loadFile = async (file: File) => {
    setErr(null);
    setLoading({ loaded: 0, total: file.size });
    try {
      const setting = await keepLocalModel(file);
      await choose(setting);
      const r = await loadDino({ bytes: file, name: file.name }, { ...(setting.modelId ? { modelId: setting.modelId } : {}) });
      setLoaded(r.model);
      refresh();
    } catch (e) {
      setErr(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(null);
    }
  };

  const choosePrecision = (precision: DinoPrecision) => {
    const { precision: _old, ...rest } = dino;
    return apply(precision === 'float32' ? rest : { ...rest, precision });
  };

  const webgpu = typeof navigator !== 'undefined' && 'gpu' in navigator;
  const options: RadioOption<DinoChoice>[] = [
    {
      value: 'hub',
      label: 'facebook/dinov2-base from the model hub (official)',
      hint: 'The model the published figures use. About 350 MB, downloaded once and kept in this browser.',
    },
    {
      value: 'test',
      label: 'Built-in test model (NOT DINOv2 — for trying the pipeline offline; scores are not comparable with published ones)',
      hint: `A tiny network shipped with the app (${TEST_MODEL_PATH}). Runs work with no network; results name it on the DINO card.`,
    },
    { value: 'url', label: 'Another URL', hint: 'An ONNX export with input pixel_values and output last_hidden_state.' },
    { value: 'file', label: 'A local ONNX file', hint: 'Read from your disk and kept in this browser.' },
  ];

  return (
    <Card title="DINO model" id="settings-dino">
      <RadioList
        legend="Which model computes the DINO similarity"
        name={name}
        options={options}
        value={choice}
        onChange={(id) => {
          if (id === 'hub') void choose(HUB_SETTING);
          else if (id === 'test') void choose(TEST_MODEL_SETTING);
          else if (id === 'url') {
            if (otherUrl) void choose({ modelUrl: otherUrl });
            else document.getElementById(`${name}-url`)?.focus();
          } else fileInput.current?.click();
        }}
      />
      <RadioList
        legend="Precision"
        name={`${name}-precision`}
        options={PRECISIONS}
        value={dino.precision ?? 'float32'}
        onChange={(id) => void choosePrecision(id)}
      />
      <div className="form-grid">
        <label className="field span-2">
          <span>Model URL (for “Another URL”)</span>
          <span className="row key-row">
            <input
              id={`${name}-url`}
              type="url"
              value={otherUrl}
              placeholder="https://…/model.onnx"
              spellCheck={false}
              onChange={(e) => setOtherUrl(e.target.value)}
            />
            <Button size="sm" disabled={!/^https?:\/\//.test(otherUrl)} onClick={() => void choose({ modelUrl: otherUrl })}>
              Use
            </Button>
          </span>
        </label>
        <input
          ref={fileInput}
          type="file"
          accept=".onnx"
          hidden
          aria-label="Local DINO model file (.onnx)"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void loadFile(f);
            e.target.value = '';
          }}
        />
      </div>
      <div className="dino-status">
        <div className="min0">
          <span className="field-label">Chosen</span>{' '}
          <span className="mono ellipsis" title={dino.modelUrl}>
            {dino.modelId ?? dino.modelUrl}
          </span>
          {choice === 'test' ? <span className="warn-text small"> · test model, NOT DINOv2</span> : null}
        </div>
        <div className="min0">
          <span className="field-label">Loaded now</span>{' '}
          {loaded ? (
            <span className="mono" title={`sha256 ${loaded.sha256} · ${loaded.source}`}>
              {loaded.modelId} ({bytes(loaded.size)}
              {precisionNote(loaded.precision)})
            </span>
          ) : (
            <span className="muted">none yet: loaded by the next run, or now</span>
          )}
        </div>
        {choice !== 'file' ? (
          <div className="row">
            {loading ? (
              <Button size="sm" variant="ghost" onClick={() => ctrl.current?.abort()}>
                Cancel
              </Button>
            ) : (
              <Button size="sm" onClick={() => void loadNow()} disabled={!!loaded}>
                {loaded ? 'Loaded' : 'Load now'}
              </Button>
            )}
          </div>
        ) : null}
        {loading ? (
          <ProgressBar
            label="Loading the model"
            value={loading.total ? loading.loaded / loading.total : null}
            detail={loading.total ? `${bytes(loading.loaded)} of ${bytes(loading.total)}` : bytes(loading.loaded)}
          />
        ) : null}
      </div>
      {err ? (
        <p className="note note-warn" role="alert">
          {err}
        </p>
      ) : null}
      <p className="hint">
        Runs on {webgpu ? 'WebGPU when an adapter is available, else ' : ''}WebAssembly
        {webgpu ? '' : ' (WebGPU is not available in this browser; that only affects speed)'}. With no cached model and no network, runs
        stop before the replay and say so; nothing is substituted silently.
      </p>
      <div className="cached-models">
        <span className="field-label">Kept in this browser</span>
        {models === null ? (
          <p className="hint">Reading…</p>
        ) : models.length === 0 ? (
          <p className="hint">No model file kept yet.</p>
        ) : (
          <ul className="plain-list">
            {models.map((m) => (
              <li key={m.id} className="row">
                <span className="mono ellipsis" title={m.id}>
                  {m.id}
                </span>
                <span className="muted">{bytes(m.size)}</span>
                <span className="faint mono" title={`sha256 ${m.sha256}`}>
                  {m.sha256.slice(0, 10)}
                </span>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`Clear ${m.id}`}
                  onClick={async () => {
                    await deleteStoredModel(m.id);
                    refresh();
                  }}
                >
                  Clear
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
