// The stitched asset sheets, full width: what a model sees first when asked to build the page.
import { useFileUrl } from '../state/useFileUrl.ts';
import { EmptyState } from '../components/Card.tsx';

export function SheetsView({ sourceId, taskDir, sheets }: { sourceId: string; taskDir: string; sheets: string[] }) {
  if (!sheets.length) return <EmptyState title="No stitched sheets">Generation will send the video frames only.</EmptyState>;
  return (
    <div className="sheets">
      <p className="hint">Contact sheets of the assets with their file names; sent to a model before the video frames.</p>
      {sheets.map((s) => (
        <Sheet key={s} sourceId={sourceId} path={taskDir + s} name={s.replace(/^stitched_assets\//, '')} />
      ))}
    </div>
  );
}

function Sheet({ sourceId, path, name }: { sourceId: string; path: string; name: string }) {
  const { url, error } = useFileUrl(sourceId, path);
  return (
    <figure className="sheet">
      {url ? <img src={url} alt={`Stitched sheet ${name}`} loading="lazy" /> : <div className="compare-missing">{error ?? 'Loading…'}</div>}
      <figcaption className="mono muted">{name}</figcaption>
    </figure>
  );
}
