// A live sandboxed preview of the candidate: one SandboxHost per version of the HTML,
// replaced (debounced) as the visitor types. Scaling to fit is done here, not by the host,
// so a resize rescales without reloading the page.
import { useCallback, useEffect, useRef, useState } from 'react';
import { SandboxHost } from '../../sandbox/host.ts';
import type { AgentEvent, LoadResult } from '../../agent/protocol.ts';

export interface PreviewState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: string;
  missingAssets: string[];
  console: { level: string; text: string }[];
  blocked: string[];
}

const MAX_LOG = 200;

export function usePreview(opts: {
  html: string;
  width: number;
  height: number;
  assets: Map<string, Blob> | null;
  /** The other files of a multi-file candidate, by path relative to index.html. */
  files?: Record<string, Blob> | undefined;
  policy: 'blocked' | 'allowed';
  seed: number;
  enabled: boolean;
  /** Shrink to the box's height too (the wide layout's fixed panel); false: to its width only. */
  fitHeight?: boolean;
  debounceMs?: number;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PreviewState>({ status: 'idle', missingAssets: [], console: [], blocked: [] });
  const [scale, setScale] = useState(1);
  const hostRef = useRef<SandboxHost | null>(null);
  const [nonce, setNonce] = useState(0);
  const { html, width, height, assets, files, policy, seed, enabled, fitHeight = true, debounceMs = 400 } = opts;

  // Scale: the frame at task resolution, shrunk to fit the stage box (never enlarged). A box
  // whose height follows its content (the narrow layout) is fitted by width only: its height
  // is the stage's own, and fitting to it could only ever shrink the frame.
  useEffect(() => {
    const el = stage.current?.parentElement;
    if (!el) return;
    const ro = new ResizeObserver(() => {
      const s = Math.min(1, el.clientWidth / width, fitHeight ? el.clientHeight / height : 1);
      setScale(s > 0 ? s : 1);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [width, height, fitHeight, enabled]);

  useEffect(() => {
    const host = hostRef.current;
    if (host) host.iframe.style.transform = `scale(${scale})`;
  }, [scale]);

  useEffect(() => {
    if (!enabled || !assets) return;
    let cancelled = false;
    const ctrl = new AbortController();
    const timer = setTimeout(
      async () => {
        const container = stage.current;
        if (!container) return;
        setState((s) => ({ ...s, status: 'loading' }));
        try {
          const host = await SandboxHost.open({ width, height, policy, container, fit: false });
          if (cancelled) {
            host.destroy('replaced');
            return;
          }
          hostRef.current?.destroy('replaced');
          hostRef.current = host;
          host.iframe.style.transform = `scale(${scale})`;
          const log: PreviewState['console'] = [];
          const blocked: string[] = [];
          host.onEvent((e: AgentEvent) => {
            if (e.type === 'console' && (e.level === 'error' || e.level === 'warn')) log.push({ level: e.level, text: e.text });
            else if (e.type === 'error') log.push({ level: 'error', text: `${e.message}${e.line ? ` (line ${e.line})` : ''}` });
            else if (e.type === 'blocked') blocked.push(e.url);
            else return;
            if (log.length > MAX_LOG) log.shift();
            setState((s) => ({ ...s, console: [...log], blocked: [...blocked] }));
          });
          const list = [...assets].map(([name, blob]) => ({ name, blob }));
          const fileList = files ? Object.entries(files).map(([path, blob]) => ({ path, blob })) : [];
          const loaded = await host.request<LoadResult>(
            { cmd: 'load', html, assets: list, seed, policy, ...(fileList.length ? { files: fileList } : {}) },
            20_000,
            ctrl.signal,
          );
          // A multi-file candidate's missing and refused files are listed with the missing assets.
          const problems = [...(loaded.missingFiles ?? []), ...(loaded.refusedFiles ?? []).map((r) => `refused: ${r}`)];
          if (!cancelled)
            setState({
              status: 'ready',
              missingAssets: [...(loaded.missingAssets ?? []), ...problems],
              console: [...log],
              blocked: [...blocked],
            });
        } catch (err) {
          if (!cancelled)
            setState({
              status: 'error',
              error: err instanceof Error ? err.message : String(err),
              missingAssets: [],
              console: [],
              blocked: [],
            });
        }
      },
      hostRef.current ? debounceMs : 0,
    );
    return () => {
      cancelled = true;
      ctrl.abort();
      clearTimeout(timer);
    };
    // scale is applied separately; it must not reload the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [html, width, height, assets, files, policy, seed, enabled, debounceMs, nonce]);

  // Tear down on unmount, or when the preview is switched off (step-through takes over).
  useEffect(() => {
    if (enabled) return;
    hostRef.current?.destroy('preview off');
    hostRef.current = null;
  }, [enabled]);
  useEffect(() => () => hostRef.current?.destroy('unmounted'), []);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { stage, state, scale, reload };
}
