// The build of a dropped project, live: the stage, the log as it comes (last lines kept in
// view), Cancel. When it ends the panel stays with the outcome and the whole log until closed,
// so a failed build can be read.
import { useCallback, useRef, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { buildDroppedProject, type BuiltProject, type ProjectStage } from './project-build.ts';
import type { DroppedProject } from './candidate-drop.ts';

const STAGE_TEXT: Record<ProjectStage, string> = {
  hash: 'Looking for an earlier build of these files',
  boot: 'Starting the WebContainer (StackBlitz)',
  mount: 'Copying the project in',
  install: 'npm install',
  build: 'npm run build',
  output: 'Reading the output folder',
  save: 'Keeping the build for next time',
};

/** The log shown is capped; a build that prints more keeps its last part (the end is where errors are). */
const MAX_LOG_CHARS = 200_000;

export type BuildState =
  | { phase: 'idle' }
  | { phase: 'running'; name: string; stage: ProjectStage; log: string }
  | { phase: 'done'; name: string; log: string; cached: boolean; ms: number }
  | { phase: 'failed'; name: string; log: string; message: string };

export function useProjectBuild(onBuilt: (b: BuiltProject) => Promise<void>) {
  const [state, setState] = useState<BuildState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const start = useCallback(
    async (p: DroppedProject) => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      let log = '';
      const set = (s: BuildState) => {
        if (abort.current === ctl) setState(s);
      };
      set({ phase: 'running', name: p.name, stage: 'hash', log });
      let stage: ProjectStage = 'hash';
      try {
        const built = await buildDroppedProject(p, {
          signal: ctl.signal,
          onStage: (s) => {
            stage = s;
            set({ phase: 'running', name: p.name, stage, log });
          },
          log: (text) => {
            log = (log + text).slice(-MAX_LOG_CHARS);
            set({ phase: 'running', name: p.name, stage, log });
          },
        });
        await onBuilt(built);
        set({ phase: 'done', name: p.name, log, cached: built.cached, ms: built.build.ms });
      } catch (e) {
        const message = ctl.signal.aborted ? 'The build was cancelled.' : e instanceof Error ? e.message : String(e);
        set({ phase: 'failed', name: p.name, log, message });
      }
    },
    [onBuilt],
  );
  const cancel = useCallback(() => abort.current?.abort(), []);
  const close = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setState({ phase: 'idle' });
  }, []);
  return { state, start, cancel, close };
}

export function ProjectBuildPanel({ state, onCancel, onClose }: { state: BuildState; onCancel: () => void; onClose: () => void }) {
  if (state.phase === 'idle') return null;
  const title =
    state.phase === 'running'
      ? `Building the project ${state.name}`
      : state.phase === 'done'
        ? `Built ${state.name}${state.cached ? ' (an earlier build of the same files, reused)' : ` in ${Math.round(state.ms / 1000)} s`}; it is the current candidate`
        : `The project ${state.name} was not built`;
  return (
    <section className={`card build-panel${state.phase === 'failed' ? ' build-failed' : ''}`} aria-label="Project build">
      <header className="card-head">
        <h2 className="card-title">{title}</h2>
        <div className="spacer" />
        {state.phase === 'running' ? (
          <Button size="sm" onClick={onCancel}>
            Cancel build
          </Button>
        ) : (
          <Button size="sm" variant="ghost" onClick={onClose}>
            Close
          </Button>
        )}
      </header>
      <p role="status" className="build-stage">
        {state.phase === 'running' ? `${STAGE_TEXT[state.stage]}…` : state.phase === 'failed' ? state.message : 'Done.'}
      </p>
      {state.log ? (
        <pre className="build-log" aria-label="Build log" tabIndex={0}>
          {state.log}
        </pre>
      ) : null}
    </section>
  );
}
