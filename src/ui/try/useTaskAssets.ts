// The task's assets as name -> Blob, the form the sandbox takes (it sends them into the
// opaque frame over its port). Read once per task; the sources engine caches the bytes.
import { useEffect, useState } from 'react';
import { fileBlob, openTask, type OpenedTaskView } from '../state/catalog.ts';

export function useTaskAssets(sourceId: string, taskId: string, ready: boolean) {
  const [state, setState] = useState<{
    key: string;
    opened: OpenedTaskView | null;
    assets: Map<string, Blob> | null;
    error: string | null;
  }>({ key: '', opened: null, assets: null, error: null });
  const key = `${sourceId}\n${taskId}`;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    void (async () => {
      try {
        const opened = await openTask(sourceId, taskId);
        const dir = `data/${taskId}/`;
        const map = new Map<string, Blob>();
        await Promise.all(
          opened.files.assets.map(async (a) => {
            const b = await fileBlob(sourceId, dir + a);
            if (b) map.set(a.replace(/^assets\//, ''), b);
          }),
        );
        if (live) setState({ key, opened, assets: map, error: null });
      } catch (err) {
        if (live) setState({ key, opened: null, assets: new Map(), error: err instanceof Error ? err.message : String(err) });
      }
    })();
    return () => {
      live = false;
    };
  }, [sourceId, taskId, ready, key]);
  return state.key === key ? state : { opened: null, assets: null, error: null };
}
