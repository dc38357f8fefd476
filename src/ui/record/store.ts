// The Record screen's state: the page picked, the recording (src/authoring/session.ts) with a
// screenshot 0.5 s after the person's last input (the official wait after a step), the
// author's edits, the built task and where it was saved. Held outside the screen, so leaving
// the screen ends a recording but keeps its steps for review.
import { create } from 'zustand';
import { buildTask, describeAll, type BuiltTask, type StepEdit } from '../../authoring/build.ts';
import { datasetWithTask, nextRecordedId, readDatasetZip } from '../../authoring/dataset.ts';
import { recordablePage, zipFiles, type RecordablePage } from '../../authoring/page-input.ts';
import { RecordingSession } from '../../authoring/session.ts';
import { leakedNames } from '../../record/assets.ts';
import type { DescribedStep } from '../../record/describe.ts';
import type { RawStep } from '../../record/steps.ts';
import type { TaskMeta } from '../../record/task.ts';
import { errorMessage } from '../../sources/errors.ts';
import * as registry from '../../sources/registry.ts';
import { useSources } from '../sources/store.ts';

export type RecordPhase = 'setup' | 'opening' | 'recording' | 'review' | 'building' | 'built';

/** The official wait after a step: its screenshot is taken this long after the last input. */
export const STEP_WAIT_MS = 500;

export interface MetaFields {
  source_website: string;
  interaction_complexity: string;
  visual_complexity: string;
  domain: string;
  sub_domain: string;
}

export interface RecorderState {
  phase: RecordPhase;
  page: RecordablePage | null;
  width: number;
  height: number;
  /** 'new' (a new dataset) or the id of a zip source the task is added to. */
  target: string;
  taskId: number;
  session: RecordingSession | null;
  /** While recording: the steps so far, described after each screenshot. */
  live: DescribedStep[];
  stopped: string | null;
  /** After recording: the finished steps and the author's edits, one per step. */
  steps: RawStep[];
  edits: StepEdit[];
  meta: MetaFields;
  video: 'webm' | 'mp4' | 'none';
  built: BuiltTask | null;
  /** The dataset with the task in it, zipped, once the task can be exported. */
  datasetZip: Uint8Array | null;
  saved: { sourceId: string; taskId: number } | null;
  busy: string | null;
  error: string | null;
  pickFiles(label: string, files: Map<string, Blob>): Promise<void>;
  pickZip(file: File): Promise<void>;
  setSize(width: number, height: number): void;
  setTarget(target: string): Promise<void>;
  start(container: HTMLElement): Promise<void>;
  finish(): Promise<void>;
  edit(i: number, e: StepEdit): void;
  setMeta(m: Partial<MetaFields>): void;
  setVideo(v: 'webm' | 'mp4' | 'none'): void;
  build(): Promise<void>;
  save(): Promise<void>;
  /** Back to the start, keeping the page, size and dataset (the next task gets the next id). */
  again(): Promise<void>;
  /** The screen is closing: a recording under way ends (its steps are kept for review). */
  leave(): void;
}

const EMPTY_META: MetaFields = { source_website: '', interaction_complexity: '', visual_complexity: '', domain: '', sub_domain: '' };

/** The recording's mark timer and the chain of screenshots in flight (one session at a time). */
let markTimer: ReturnType<typeof setTimeout> | null = null;
let marking: Promise<void> = Promise.resolve();
let lastInputAt = 0;
let unlisten: (() => void) | null = null;

function stopMarking(): void {
  if (markTimer) clearTimeout(markTimer);
  markTimer = null;
  unlisten?.();
  unlisten = null;
}

export const useRecorder = create<RecorderState>((set, get) => {
  const fail = (err: unknown, phase?: RecordPhase) => set({ error: errorMessage(err), busy: null, ...(phase ? { phase } : {}) });

  const takePage = async (label: string, files: Map<string, Blob>) => {
    set({ busy: `Reading ${label}…`, error: null });
    try {
      const page = await recordablePage(label, files);
      const meta = get().meta.source_website ? get().meta : { ...get().meta, source_website: label.replace(/\.(zip|html?)$/i, '') };
      set({ page, meta, busy: null });
    } catch (err) {
      fail(err);
    }
  };

  /** A screenshot of the state after the steps so far, once the person has been still for the official wait. */
  const scheduleMark = (session: RecordingSession) => {
    lastInputAt = performance.now();
    if (markTimer) clearTimeout(markTimer);
    markTimer = setTimeout(() => {
      markTimer = null;
      marking = marking.then(async () => {
        if (session.stopped || get().session !== session) return;
        try {
          await session.mark();
        } catch (err) {
          if (!session.stopped) set({ error: `The screenshot after the last step failed: ${errorMessage(err)}` });
        }
        if (get().session === session) set({ live: describeAll(session.steps()) });
      });
    }, STEP_WAIT_MS);
  };

  /** An edit after building: the built task no longer matches, so back to review (saved tasks stay saved). */
  const changedAfterBuild = () =>
    get().phase === 'built' ? { phase: 'review' as const, built: null, datasetZip: null } : { built: null, datasetZip: null };

  return {
    phase: 'setup',
    page: null,
    width: 1280,
    height: 720,
    target: 'new',
    taskId: 1,
    session: null,
    live: [],
    stopped: null,
    steps: [],
    edits: [],
    meta: EMPTY_META,
    video: 'webm',
    built: null,
    datasetZip: null,
    saved: null,
    busy: null,
    error: null,

    pickFiles: takePage,
    async pickZip(file) {
      try {
        await takePage(file.name, zipFiles(new Uint8Array(await file.arrayBuffer()), file.name));
      } catch (err) {
        fail(err);
      }
    },
    setSize(width, height) {
      set({ width, height });
    },
    async setTarget(target) {
      set({ target, error: null });
      try {
        const dataset = target === 'new' ? null : new Uint8Array(await (await registry.zipSourceBytes(target)).arrayBuffer());
        set({ taskId: nextRecordedId(readDatasetZip(dataset, 'the dataset')) });
      } catch (err) {
        // The dataset went (removed in Sources) or cannot be read: record into a new one.
        set({ target: 'new', taskId: 1 });
        fail(err);
      }
    },

    async start(container) {
      const { page, width, height, taskId } = get();
      if (!page) return;
      set({
        phase: 'opening',
        busy: 'Loading the page…',
        error: null,
        stopped: null,
        live: [],
        built: null,
        datasetZip: null,
        saved: null,
      });
      try {
        const session = await RecordingSession.open({ html: page.html, assets: page.assets, width, height, taskId, container });
        // The screen was left while the page loaded: nothing was recorded, and its frame goes.
        if (get().phase !== 'opening') {
          session.destroy();
          return;
        }
        let seen = 0;
        unlisten = session.onChange(() => {
          if (session.stopped && get().stopped !== session.stopped) set({ stopped: session.stopped });
          if (session.inputs.length > seen) {
            seen = session.inputs.length;
            scheduleMark(session);
          }
        });
        set({ session, phase: 'recording', busy: null });
      } catch (err) {
        fail(err, 'setup');
      }
    },

    async finish() {
      const { session } = get();
      if (!session || get().phase !== 'recording') return;
      set({ busy: 'Taking the last screenshot…' });
      // A step still inside its official wait gets its screenshot before the recording ends.
      if (markTimer) {
        clearTimeout(markTimer);
        markTimer = null;
        const left = STEP_WAIT_MS - (performance.now() - lastInputAt);
        if (left > 0) await new Promise((r) => setTimeout(r, left));
        marking = marking.then(() => (session.stopped ? undefined : session.mark().then(() => undefined)));
      }
      // A page that stopped answering may hold a screenshot in flight until its time limit: not waited for.
      if (!session.stopped) await marking.catch(() => undefined);
      stopMarking();
      const steps = await session.finish();
      set({
        phase: 'review',
        steps,
        edits: steps.map(() => ({})),
        stopped: session.stopped,
        busy: null,
      });
    },

    edit(i, e) {
      const edits = [...get().edits];
      edits[i] = { ...edits[i], ...e };
      set({ edits, ...changedAfterBuild() });
    },
    setMeta(m) {
      set({ meta: { ...get().meta, ...m }, ...changedAfterBuild() });
    },
    setVideo(video) {
      set({ video, ...changedAfterBuild() });
    },

    async build() {
      const { session, steps, edits, page, meta, video, width, height, taskId, target } = get();
      if (!session || !page) return;
      set({ phase: 'building', busy: 'Replaying the steps from the start and making the video…', error: null });
      try {
        const taskMeta: TaskMeta = {
          source_website: meta.source_website.trim() || 'recorded.example',
          classification: Object.fromEntries(
            (['interaction_complexity', 'visual_complexity', 'domain', 'sub_domain'] as const)
              .filter((k) => meta[k].trim())
              .map((k) => [k, meta[k].trim()]),
          ),
          resolution: `${width}x${height}`,
        };
        const built = await buildTask(session, steps, { taskId, meta: taskMeta, edits, html: page.html, assets: page.assets, video });
        const leaks = leakedNames(`${JSON.stringify(built.record)}\n${page.html}`, [...page.names.keys()]);
        if (leaks.length) built.blockers.push(`original file names would survive in the export: ${leaks.join(', ')}`);
        let datasetZip: Uint8Array | null = null;
        if (!built.blockers.length) {
          const existing = target === 'new' ? null : new Uint8Array(await (await registry.zipSourceBytes(target)).arrayBuffer());
          datasetZip = await datasetWithTask(readDatasetZip(existing, 'the dataset'), built.record, built.files);
        }
        set({ built, datasetZip, phase: 'built', busy: null });
      } catch (err) {
        fail(err, 'review');
      }
    },

    async save() {
      const { datasetZip, target, built } = get();
      if (!datasetZip || !built) return;
      set({ busy: 'Saving the task…', error: null });
      try {
        const blob = new Blob([datasetZip as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
        const info =
          target === 'new' ? await registry.addZipSource(blob, 'recorded-tasks.zip') : await registry.replaceZipSource(target, blob);
        await useSources.getState().refresh();
        set({ saved: { sourceId: info.id, taskId: built.record.id }, target: info.id, busy: null });
      } catch (err) {
        fail(err);
      }
    },

    async again() {
      stopMarking();
      get().session?.destroy();
      set({
        session: null,
        phase: 'setup',
        steps: [],
        edits: [],
        live: [],
        built: null,
        datasetZip: null,
        saved: null,
        stopped: null,
        error: null,
      });
      await get().setTarget(get().target);
    },

    leave() {
      // The frame goes with the screen; what was recorded stays (the build needs only the
      // session's screenshots and inputs), so a recording left half-way opens in review.
      const { session, phase } = get();
      if (phase === 'opening') set({ phase: 'setup', busy: null });
      if (!session) return;
      const end = phase === 'recording' ? get().finish() : Promise.resolve();
      void end.finally(() => session.destroy());
    },
  };
});
