// The task's assets with their anonymised names and sizes; click one to see it large.
import { useEffect, useState } from 'react';
import { fileBlob, fileUrl } from '../state/catalog.ts';
import { Modal } from '../components/Modal.tsx';
import { EmptyState } from '../components/Card.tsx';
import { bytes } from '../format.ts';
import { isImagePath } from '../../task/folder.ts';

interface AssetView {
  path: string;
  name: string;
  size: number | null;
  url: string | null;
  dims?: string;
}

export function AssetsGrid({ sourceId, taskDir, assets }: { sourceId: string; taskDir: string; assets: string[] }) {
  const [items, setItems] = useState<AssetView[]>(() =>
    assets.map((a) => ({ path: a, name: a.replace(/^assets\//, ''), size: null, url: null })),
  );
  const [open, setOpen] = useState<AssetView | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all(
      assets.map(async (a): Promise<AssetView> => {
        const name = a.replace(/^assets\//, '');
        try {
          const blob = await fileBlob(sourceId, taskDir + a);
          return { path: a, name, size: blob?.size ?? null, url: blob ? await fileUrl(sourceId, taskDir + a) : null };
        } catch {
          return { path: a, name, size: null, url: null };
        }
      }),
    ).then((v) => live && setItems(v));
    return () => {
      live = false;
    };
  }, [sourceId, taskDir, assets]);

  if (!assets.length) return <EmptyState title="This task has no assets folder" />;
  const total = items.reduce((n, i) => n + (i.size ?? 0), 0);
  return (
    <>
      <p className="hint">
        {assets.length} files, {bytes(total)}. Candidates reference them as <code>__PLACEHOLDER_ASSETS_BASE_DIR__/&lt;name&gt;</code>.
      </p>
      <ul className="asset-grid">
        {items.map((a) => (
          <li key={a.path}>
            <button type="button" className="asset" onClick={() => setOpen(a)}>
              <span className="asset-img">
                {a.url && isImagePath(a.name) ? (
                  <img src={a.url} alt="" loading="lazy" />
                ) : (
                  <span className="faint">{a.name.split('.').pop()?.toUpperCase()}</span>
                )}
              </span>
              <span className="asset-name mono">{a.name}</span>
              <span className="asset-size muted">{a.size === null ? '…' : bytes(a.size)}</span>
              {/* Named by what it shows (WCAG 2.5.3: a label must contain the visible text), plus what it does. */}
              <span className="sr-only">, enlarge</span>
            </button>
          </li>
        ))}
      </ul>
      <Modal open={open !== null} title={open?.name ?? ''} onClose={() => setOpen(null)} wide>
        {open?.url ? (
          <figure className="asset-large">
            {isImagePath(open.name) ? (
              <img src={open.url} alt={open.name} />
            ) : (
              <a href={open.url} download={open.name}>
                Download {open.name}
              </a>
            )}
            <figcaption className="muted">
              {open.name} · {open.size === null ? '' : bytes(open.size)}
            </figcaption>
          </figure>
        ) : (
          <p>Not readable.</p>
        )}
      </Modal>
    </>
  );
}
