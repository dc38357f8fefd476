// The DINOv2 model: where it comes from, whether it is cached, and clearing it.
import { useCallback, useEffect, useState } from 'react';
import { useSettings } from './store.ts';
import { Card } from '../components/Card.tsx';
import { Button } from '../components/Button.tsx';
import { DEFAULT_DINO_URL } from '../../data/settings.ts';
import { bytes } from '../format.ts';
import { getDb } from '../../data/db.ts';

interface CachedModel {
  id: string;
  size: number;
  sha256: string;
  savedAt: number;
}

async function listModels(): Promise<CachedModel[]> {
  const db = await getDb();
  const all = await db.getAll('models');
  return all.map((m) => ({ id: m.id, size: m.size, sha256: m.sha256, savedAt: m.savedAt }));
}

export function DinoPanel() {
  const dino = useSettings((s) => s.settings.dino);
  const set = useSettings((s) => s.set);
  const [models, setModels] = useState<CachedModel[] | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const refresh = useCallback(() => {
    listModels().then(setModels, (e: unknown) => setErr(String(e)));
  }, []);
  useEffect(refresh, [refresh]);
  const webgpu = typeof navigator !== 'undefined' && 'gpu' in navigator;

  return (
    <Card title="DINOv2 model" id="settings-dino">
      <label className="field">
        <span>Model URL (ONNX: pixel_values → last_hidden_state)</span>
        <input type="url" value={dino.modelUrl} onChange={(e) => set('dino', { modelUrl: e.target.value })} spellCheck={false} />
      </label>
      <div className="row">
        <Button size="sm" variant="ghost" disabled={dino.modelUrl === DEFAULT_DINO_URL} onClick={() => set('dino', { modelUrl: DEFAULT_DINO_URL })}>
          Use facebook/dinov2-base (default)
        </Button>
      </div>
      <p className="hint">Downloaded once with a progress bar on the first run and kept in this browser. Offline with no cached model, runs show no DINO figure and say why; there is no silent substitute.</p>
      <p className="hint">Runs on {webgpu ? 'WebGPU when an adapter is available, else ' : ''}WebAssembly{webgpu ? '' : ' (WebGPU is not available in this browser; that only affects speed)'}.</p>
      <div className="cached-models">
        <span className="field-label">Cached models</span>
        {err ? <p className="note note-warn">Could not read the model cache: {err}</p> : null}
        {models === null ? (
          <p className="hint">Reading…</p>
        ) : models.length === 0 ? (
          <p className="hint">None cached yet.</p>
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
                  onClick={async () => {
                    const db = await getDb();
                    await db.delete('models', m.id);
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
