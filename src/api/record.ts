// window.iwr entry points for task recording (issue 17): the CLI's `iwr record` opens a
// session, drives the frame with real input through the browser protocol, marks each step
// done after the official wait, and finishes into the official layout's files.
import { registerApi } from './index.ts';
import { RecordingSession } from '../authoring/session.ts';
import { buildTask, type ReplayCheck, type StepEdit } from '../authoring/build.ts';
import type { RoundTrip } from '../record/describe.ts';
import type { TaskMeta } from '../record/task.ts';
import type { TaskRecord } from '../task/types.ts';
import { blobToBase64 } from '../data/bytes.ts';

export interface RecordOpenInput {
  /** The page with its asset references already anonymised (`__PLACEHOLDER_ASSETS_BASE_DIR__/asset_001.png`). */
  html: string;
  /** Anonymous asset name -> URL the app can fetch. */
  assetUrls?: Record<string, string>;
  width: number;
  height: number;
  taskId: number;
  policy?: 'blocked' | 'allowed';
}

export interface RecordFinishInput {
  meta: TaskMeta;
  edits?: (StepEdit | null)[];
  video?: 'webm' | 'mp4' | 'none';
  replay?: boolean;
}

export interface RecordFinishOutput {
  record: TaskRecord;
  steps: { description: string; roundTrip: RoundTrip; tried: number }[];
  /** Dataset-relative path -> base64 bytes. */
  files: Record<string, string>;
  blockers: string[];
  replay: Omit<ReplayCheck, 'shots'> | null;
  stopped: string | null;
  videoMime: string | null;
}

declare module './index.ts' {
  interface IwrApi {
    recordOpen(input: RecordOpenInput): Promise<{ id: number }>;
    /** After the official wait: the screenshot of the state after the steps so far; returns that step count. */
    recordMark(id: number): Promise<{ k: number; stopped: string | null }>;
    /** The steps so far, by type, and why recording stopped (if it did). */
    recordState(id: number): { steps: string[]; stopped: string | null };
    recordFinish(id: number, input: RecordFinishInput): Promise<RecordFinishOutput>;
    recordClose(id: number): void;
  }
}

/** The replay check without its screenshots (they are in the checkpoints already). */
function replaySummary(r: ReplayCheck): Omit<ReplayCheck, 'shots'> {
  return { done: r.done, total: r.total, ...(r.reason ? { reason: r.reason } : {}), differences: r.differences, ok: r.ok };
}

const sessions = new Map<number, { session: RecordingSession; html: string; assets: Map<string, Blob> }>();
let nextId = 1;

function sessionOf(id: number) {
  const s = sessions.get(id);
  if (!s) throw new Error(`no recording session ${id}`);
  return s;
}

async function fetchAll(urls: Record<string, string>): Promise<Map<string, Blob>> {
  const out = new Map<string, Blob>();
  for (const [name, url] of Object.entries(urls)) {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`asset ${name}: ${url} answered ${r.status}`);
    out.set(name, await r.blob());
  }
  return out;
}

registerApi({
  async recordOpen(input) {
    const assets = await fetchAll(input.assetUrls ?? {});
    const session = await RecordingSession.open({
      html: input.html,
      assets,
      width: input.width,
      height: input.height,
      taskId: input.taskId,
      policy: input.policy,
    });
    const id = nextId++;
    sessions.set(id, { session, html: input.html, assets });
    return { id };
  },
  async recordMark(id) {
    const { session } = sessionOf(id);
    if (session.stopped) return { k: -1, stopped: session.stopped };
    try {
      return { k: await session.mark(), stopped: null };
    } catch (err) {
      if (session.stopped) return { k: -1, stopped: session.stopped };
      throw err;
    }
  },
  recordState(id) {
    const { session } = sessionOf(id);
    return { steps: session.steps().map((s) => s.action.type), stopped: session.stopped };
  },
  async recordFinish(id, input) {
    const { session, html, assets } = sessionOf(id);
    const steps = await session.finish();
    const built = await buildTask(session, steps, {
      taskId: session.options.taskId,
      meta: input.meta,
      edits: (input.edits ?? []).map((e) => e ?? undefined),
      html,
      assets,
      video: input.video,
      replay: input.replay,
    });
    const files: Record<string, string> = {};
    for (const [path, blob] of built.files) files[path] = await blobToBase64(blob);
    return {
      record: built.record,
      steps: built.described.map((d) => ({
        description: String(d.step.parameters.description ?? ''),
        roundTrip: d.roundTrip,
        tried: d.tried,
      })),
      files,
      blockers: built.blockers,
      replay: built.replay ? replaySummary(built.replay) : null,
      stopped: session.stopped,
      videoMime: built.videoMime ?? null,
    };
  },
  recordClose(id) {
    sessions.get(id)?.session.destroy();
    sessions.delete(id);
  },
});
