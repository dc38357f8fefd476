// The ways in: a folder (picker, folder input, or drop), a zip, a base URL.
import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { filesFromHandle, hasDirectoryPicker, pickDirectory } from '../../sources/folder.ts';
import { errorMessage } from '../../sources/errors.ts';
import { readDrop } from './drop.ts';
import { useSources } from './store.ts';

// React passes unknown attributes through; TypeScript's JSX types lack these two.
const folderInputAttrs = { webkitdirectory: '', directory: '' } as Record<string, string>;

export function AddSource() {
  const { addFolder, addFolderFiles, addZip, addUrl, busy } = useSources();
  const folderInput = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [over, setOver] = useState(false);
  const [dropError, setDropError] = useState<string | null>(null);

  const chooseFolder = async () => {
    if (!hasDirectoryPicker()) {
      folderInput.current?.click();
      return;
    }
    try {
      const handle = await pickDirectory();
      await addFolder(handle.name, await filesFromHandle(handle), handle);
    } catch (err) {
      if ((err as DOMException)?.name !== 'AbortError') useSources.setState({ error: errorMessage(err) });
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    setDropError(null);
    const dropped = readDrop(e.dataTransfer);
    if (dropped.kind === 'folder')
      void dropped.files().then(
        (files) => addFolder(dropped.name, files),
        (err: unknown) => setDropError(errorMessage(err)),
      );
    else if (dropped.kind === 'zip') void addZip(dropped.file);
    else setDropError(dropped.message);
  };

  const onUrl = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim()) void addUrl(url.trim());
  };

  return (
    <section className="src-add" aria-label="Add a task source">
      <div
        className={`src-drop${over ? ' src-drop-over' : ''}`}
        data-testid="source-drop"
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>Drop a dataset folder or a .zip here</p>
        <p className="src-muted">The official layout: data.jsonl and data/&lt;id&gt;/…</p>
        <div className="src-buttons">
          <button type="button" className="btn btn-secondary" onClick={() => void chooseFolder()} disabled={busy !== null}>
            Choose folder…
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => zipInput.current?.click()} disabled={busy !== null}>
            Open .zip…
          </button>
        </div>
        <input
          ref={folderInput}
          type="file"
          hidden
          multiple
          data-testid="folder-input"
          aria-label="Dataset folder"
          {...folderInputAttrs}
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])];
            e.currentTarget.value = '';
            if (files.length) void addFolderFiles(files);
          }}
        />
        <input
          ref={zipInput}
          type="file"
          hidden
          accept=".zip,application/zip"
          data-testid="zip-input"
          aria-label="Dataset zip"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void addZip(file);
          }}
        />
        {dropError ? (
          <p className="src-error" role="alert">
            {dropError}
          </p>
        ) : null}
      </div>
      <form className="src-url" onSubmit={onUrl}>
        <label htmlFor="src-url-input">Dataset URL</label>
        <input
          id="src-url-input"
          type="url"
          placeholder="https://huggingface.co/datasets/<org>/<name>/resolve/main/"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy !== null || !url.trim()}>
          Add URL
        </button>
      </form>
    </section>
  );
}
