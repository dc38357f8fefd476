import { useEffect, useState } from 'react';
import { fileUrl } from './catalog.ts';

/** An object URL for a dataset file: undefined while loading, null when absent, or the error. */
export function useFileUrl(sourceId: string, path: string | null): { url: string | null | undefined; error: string | null } {
  const [state, setState] = useState<{ url: string | null | undefined; error: string | null; key: string }>({
    url: undefined,
    error: null,
    key: '',
  });
  const key = `${sourceId}\n${path ?? ''}`;
  useEffect(() => {
    if (!path) return;
    let live = true;
    fileUrl(sourceId, path).then(
      (url) => live && setState({ url, error: null, key }),
      (e: unknown) => live && setState({ url: null, error: e instanceof Error ? e.message : String(e), key }),
    );
    return () => {
      live = false;
    };
  }, [sourceId, path, key]);
  if (!path) return { url: null, error: null };
  return state.key === key ? { url: state.url, error: state.error } : { url: undefined, error: null };
}
