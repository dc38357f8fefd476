import { formatBytes } from '../../sources/errors.ts';
import { SAMPLES_ID } from '../../sources/registry.ts';
import { useSources } from './store.ts';

const KIND_LABEL = { samples: 'Samples', folder: 'Folder', zip: 'Zip', url: 'URL' } as const;

export function SourceList() {
  const { sources, selected, select, remove } = useSources();
  return (
    <ul className="src-list" aria-label="Task sources">
      {sources.map((s) => (
        <li key={s.id} className={`src-item${s.id === selected ? ' src-item-on' : ''}`} data-source-id={s.id}>
          <button type="button" className="src-item-main" onClick={() => void select(s.id)} aria-pressed={s.id === selected}>
            <span className="src-kind">{KIND_LABEL[s.kind]}</span>
            <span className="src-label">{s.label}</span>
            <span className="src-muted">
              {formatBytes(s.storedBytes)} stored{!s.attached ? ' · add the folder again to read files not opened yet' : ''}
            </span>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void remove(s.id)}
            aria-label={s.id === SAMPLES_ID ? `Clear cache of ${s.label}` : `Remove ${s.label}`}
          >
            {s.id === SAMPLES_ID ? 'Clear cache' : 'Remove'}
          </button>
        </li>
      ))}
    </ul>
  );
}
