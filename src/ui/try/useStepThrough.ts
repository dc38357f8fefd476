// "Step through": the real replay (src/run) pulled one record at a time, so the visitor sees
// each step's chosen element, its confidence and the runner-up before the next step runs.
// The generator keeps the sandbox alive between pulls; stopping returns it, which tears it down.
import { useCallback, useEffect, useRef, useState } from 'react';
import { replay } from '../../run/replay.ts';
import type { ReplaySummary, StepRecord } from '../../run/types.ts';
import type { TaskRecord } from '../../task/types.ts';

export interface StepThroughState {
  running: boolean;
  busy: boolean;
  records: (StepRecord & { shotUrl?: string })[];
  summary: ReplaySummary | null;
  error: string | null;
}

const IDLE: StepThroughState = { running: false, busy: false, records: [], summary: null, error: null };

export interface StepThroughOptions {
  /** The other files of a multi-file candidate. */
  files?: ReadonlyMap<string, Blob>;
  policy: 'blocked' | 'allowed';
  timing: 'official' | 'settle';
  scroll: 'official' | 'directional';
  stepTimeoutMs: number;
}

export function useStepThrough(stage: React.RefObject<HTMLDivElement | null>, scale: number) {
  const [state, setState] = useState<StepThroughState>(IDLE);
  const gen = useRef<AsyncGenerator<StepRecord, ReplaySummary> | null>(null);
  const ctrl = useRef<AbortController | null>(null);
  const urls = useRef<string[]>([]);

  const applyScale = useCallback(() => {
    const f = stage.current?.querySelector('iframe');
    if (f) f.style.transform = `scale(${scale})`;
  }, [stage, scale]);
  useEffect(applyScale, [applyScale]);

  const pull = useCallback(async () => {
    const g = gen.current;
    if (!g) return;
    setState((s) => ({ ...s, busy: true, error: null }));
    try {
      const r = await g.next();
      applyScale();
      if (r.done) {
        gen.current = null;
        setState((s) => ({ ...s, busy: false, running: false, summary: r.value }));
        return;
      }
      const rec = r.value;
      const shotUrl = rec.screenshot ? URL.createObjectURL(rec.screenshot) : undefined;
      if (shotUrl) urls.current.push(shotUrl);
      setState((s) => ({ ...s, busy: false, records: [...s.records, { ...rec, ...(shotUrl ? { shotUrl } : {}) }] }));
    } catch (err) {
      gen.current = null;
      setState((s) => ({ ...s, busy: false, running: false, error: err instanceof Error ? err.message : String(err) }));
    }
  }, [applyScale]);

  const stop = useCallback(async () => {
    ctrl.current?.abort();
    const g = gen.current;
    gen.current = null;
    if (g) await g.return({} as ReplaySummary).catch(() => undefined);
    setState((s) => ({ ...s, running: false, busy: false }));
  }, []);

  const start = useCallback(
    async (task: TaskRecord, html: string, assets: Map<string, Blob>, opts: StepThroughOptions) => {
      await stop();
      for (const u of urls.current) URL.revokeObjectURL(u);
      urls.current = [];
      const c = new AbortController();
      ctrl.current = c;
      const container = stage.current ?? undefined;
      gen.current = replay(task, html, { ...opts, assets, signal: c.signal, ...(container ? { container } : {}), fit: false });
      setState({ ...IDLE, running: true });
      await pull();
    },
    [pull, stop, stage],
  );

  useEffect(
    () => () => {
      ctrl.current?.abort();
      void gen.current?.return({} as ReplaySummary).catch(() => undefined);
      for (const u of urls.current) URL.revokeObjectURL(u);
    },
    [],
  );

  const reset = useCallback(() => {
    void stop();
    setState(IDLE);
  }, [stop]);

  return { state, start, next: pull, stop, reset };
}
