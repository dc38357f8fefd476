// The batch runner: K workers over one browser pool, each evaluating a task at a time and
// writing its outputs. A task ends as done, failed (with its step, stage and file) or
// interrupted (the batch was stopped); outputs are written only for done tasks.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { OUTPUT_NAMES } from '../candidate.ts';
import { join } from 'node:path';
import { BuildError, prepareCandidate, withBuildRecord, type BuildOptions, type PreparedCandidate } from '../build.ts';
import type { EvaluateInput } from '../../api/pipeline.ts';
import { scoresObject } from '../../scoring/report.ts';
import { applyEngines, attachData, dataMounts, type DataArg, type EnginesArg } from '../data.ts';
import { ensureRefStore, type RefStore } from '../ref-store.ts';
import { applyResolver } from '../resolver-option.ts';
import { errorLine } from '../command.ts';
import type { ResolverConfigInput } from '../../resolvers/config.ts';
import { evaluateInSession, writeEvalOutputs, type ProgressEvent } from '../evaluate.ts';
import { BrowserPool, type Slot } from './pool.ts';
import type { Progress } from './progress.ts';

export interface BatchJob {
  task: string;
  steps: number;
  /** The candidate: its folder (<results>/<task>/<model>/, index.html and any files, or a project) or index.html. */
  html: string;
  /** Where eval.json and evalpoints/ go. */
  outDir: string;
}

export interface TaskOutcome {
  task: string;
  status: 'done' | 'failed' | 'interrupted';
  /** The candidate file. */
  file: string;
  /** Last step the replay reported before a failure (k: 0 = load), else null. */
  step: number | null;
  /** Pipeline stage the failure happened in (replay, ocr, dino...), else null. */
  stage: string | null;
  reason: string | null;
  /** When the task started, in ms from the batch's start (with overlap, before the one before it ended). */
  startedMs: number;
  ms: number;
  attempts: number;
  steps: number;
  /** Steps done (success_step) and checkpoints scored, for done tasks. */
  executed?: number;
  checkpoints?: number;
  timings?: Record<string, number>;
  scores?: Record<string, unknown>;
}

export interface RunOptions {
  data: DataArg;
  engines: EnginesArg;
  model: string;
  options: NonNullable<EvaluateInput['options']>;
  /** --checks: a task's checks.json to use instead of its own. */
  checksFor?: (taskId: string) => { text: string; file: string } | undefined;
  /** --ref-cache: reference OCR text and embeddings kept across runs. */
  refStore?: RefStore | null;
  /** Project candidates: how to build them; null or absent: --no-build (projects fail). */
  build?: BuildOptions | null;
  /** --resolver and its model settings, applied to every page of the pool. */
  resolver?: ResolverConfigInput;
  jobs: BatchJob[];
  concurrency: number;
  /** Scoring threads per page (DINO's WASM threads, OCR engines); absent: the page's default. */
  threads?: number;
  /**
   * Each page replays its next task while the one before is scored (default true): a replay
   * mostly waits (the official 1 s and 0.5 s pauses), scoring keeps the cores busy. At most two
   * tasks per page at once, one replaying and one being scored, so memory stays flat.
   */
  overlap?: boolean;
  progress?: Progress;
  /** Called for each finished task (the command logs; the bench samples memory). */
  onOutcome?: (o: TaskOutcome) => void;
  /** Stops the batch: no new task starts, the browser closes, running tasks end as interrupted. */
  signal?: AbortSignal;
}

// Generous: the pipeline enforces the per-step limit itself; this catches a page or worker that
// hangs outside a step (OCR of a huge screenshot, a wedged renderer).
const WATCHDOG_SLACK_MS = 180_000;

interface SlotRef {
  slot: Slot | null;
  opening: Promise<Slot> | null;
}

class Watchdog extends Error {
  override name = 'Watchdog';
}

const clean = (msg: string): string => errorLine(new Error(msg));

/**
 * When a page was asked for and when it was ready (app loaded, data attached, DINO model
 * loaded), ms from the batch's start: a fixed cost per page that a longer batch amortises
 * (bench:batch takes it out before projecting the full benchmark).
 */
export interface PageSetup {
  startMs: number;
  readyMs: number;
}

export async function runBatch(o: RunOptions): Promise<{ outcomes: TaskOutcome[]; restarts: number; wallMs: number; pages: PageSetup[] }> {
  const t0 = Date.now();
  const pool = await BrowserPool.open({
    mounts: { ...dataMounts(o.data), ...o.engines.mounts },
    viewport: { width: 1920, height: 1200 },
    prepare: async (slot) => {
      const sourceId = await attachData(slot, o.data);
      // Before the model loads, so it loads once, with this count.
      if (o.threads) await slot.page.evaluate((n) => window.iwr.setWorkerThreads(n), o.threads);
      await applyEngines(slot, o.engines);
      if (o.refStore) await ensureRefStore(slot.page, o.refStore);
      if (o.resolver) await applyResolver(slot.page, o.resolver);
      return sourceId;
    },
    ...(o.progress ? { onLog: (l: string) => o.progress?.line(l) } : {}),
  });
  let stopping = false;
  const stop = () => {
    stopping = true;
    void pool.close();
  };
  if (o.signal?.aborted) stop();
  o.signal?.addEventListener('abort', stop, { once: true });
  const queue = [...o.jobs];
  const outcomes: TaskOutcome[] = [];
  const pages: PageSetup[] = [];

  /** The worker's page, opened once however many of its tasks ask for it at the same moment. */
  function slotOf(ref: SlotRef): Promise<Slot> {
    if (ref.slot && !ref.slot.closedBecause && !ref.slot.crashed) return Promise.resolve(ref.slot);
    const opened = Date.now();
    ref.opening ??= pool
      .newSlot()
      .then((slot) => {
        pages.push({ startMs: opened - t0, readyMs: Date.now() - t0 });
        return (ref.slot = slot);
      })
      .finally(() => {
        ref.opening = null;
      });
    return ref.opening;
  }

  async function evaluateJob(job: BatchJob, slotRef: SlotRef, onReplayed?: () => void): Promise<TaskOutcome> {
    const started = Date.now();
    // The file named in outcomes: the folder's index.html, or the folder when it is a project.
    const isDir = existsSync(job.html) && statSync(job.html).isDirectory();
    const file = !existsSync(job.html) || (isDir && !existsSync(join(job.html, 'package.json'))) ? join(job.html, 'index.html') : job.html;
    const base = { task: job.task, file, steps: job.steps, startedMs: started - t0 };
    if (!existsSync(job.html) || (isDir && !readdirSync(job.html).some((n) => !OUTPUT_NAMES.test(n)))) {
      return { ...base, status: 'failed', step: null, stage: null, reason: `no index.html at ${file}`, ms: 0, attempts: 0 };
    }
    let candidate: PreparedCandidate;
    try {
      o.progress?.status(job.task, 'reading the candidate');
      candidate = await prepareCandidate(job.html, { resultsTree: true, build: o.build ?? null, logFile: join(job.outDir, 'build.log') });
    } catch (e) {
      const stage = e instanceof BuildError ? 'build' : 'candidate';
      return {
        ...base,
        status: 'failed',
        step: null,
        stage,
        reason: clean(e instanceof Error ? e.message : String(e)),
        ms: Date.now() - started,
        attempts: 1,
      };
    }
    const limit = (job.steps + 1) * (o.options.stepTimeoutMs || 30_000) + WATCHDOG_SLACK_MS;
    let last = { step: null as number | null, stage: null as string | null };
    for (let attempt = 1; ; attempt++) {
      last = { step: null, stage: null };
      let timer: NodeJS.Timeout | undefined;
      let used: Slot | null = null;
      try {
        const slot = await slotOf(slotRef);
        used = slot;
        const watchdog = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            reject(new Watchdog(`no result after ${Math.round(limit / 1000)} s (watchdog); the page was closed`));
            void slot.close(`task ${job.task}'s watchdog closed the page`);
          }, limit);
        });
        const result = await Promise.race([
          pool.whileAlive(
            evaluateInSession(slot, {
              sourceId: slot.sourceId,
              taskId: job.task,
              html: candidate.html,
              ...(candidate.files ? { files: candidate.files } : {}),
              model: o.model,
              options: o.options,
              checks: o.checksFor?.(job.task),
              onProgress: (e: ProgressEvent) => {
                if (e.type === 'step') {
                  const r = e.record as { k: number; status: string };
                  last = { step: r.k, stage: 'replay' };
                  o.progress?.status(job.task, `step ${r.k}/${job.steps}`);
                } else if (e.type === 'replayed') {
                  onReplayed?.();
                } else if (e.type === 'stage') {
                  last = { ...last, stage: String(e.stage) };
                  if (e.stage !== 'replay') o.progress?.status(job.task, `${String(e.stage)} ${String(e.done)}/${String(e.total)}`);
                }
              },
            }),
          ),
          watchdog,
        ]);
        if (candidate.build) result.evalJson = withBuildRecord(result.evalJson, candidate.build);
        await writeEvalOutputs(job.outDir, result, o.engines.dino.rewrites(slot));
        const rec = JSON.parse(result.evalJson) as { success_step: number; screenshot_paths_to_eval: string[] };
        return {
          ...base,
          status: 'done',
          step: null,
          stage: null,
          reason: null,
          ms: Date.now() - started,
          attempts: attempt,
          executed: rec.success_step,
          checkpoints: rec.screenshot_paths_to_eval.length,
          timings: result.timings,
          scores: scoresObject(result.scores),
        };
      } catch (err) {
        const msg = clean(err instanceof Error ? err.message : String(err));
        const fail = (reason: string): TaskOutcome => ({
          ...base,
          status: 'failed',
          ...last,
          reason,
          ms: Date.now() - started,
          attempts: attempt,
        });
        if (stopping) return { ...fail('the batch was stopped'), status: 'interrupted' };
        const crashed = used?.crashed ?? null;
        // Closed under this task by the watchdog of the task sharing its page (overlap).
        const closedUnder = err instanceof Watchdog ? null : (used?.closedBecause ?? null);
        const browserGone = await pool.goneWithin(2000);
        if (used && (err instanceof Watchdog || crashed || browserGone)) await used.close();
        if (used && slotRef.slot === used && used.closedBecause) slotRef.slot = null;
        if (err instanceof Watchdog) return fail(msg);
        if (browserGone || crashed || closedUnder) {
          const what = browserGone ? 'the browser died' : (crashed ?? closedUnder);
          if (attempt >= 2) return fail(`${what} twice while evaluating this task (${msg})`);
          o.progress?.line(
            `task ${job.task}: ${what} during ${last.stage ?? 'setup'}; retrying on a fresh ${browserGone ? 'browser' : 'page'}`,
          );
          try {
            if (browserGone) await pool.revive();
          } catch (e) {
            return fail(`${what} and could not be relaunched (${clean(e instanceof Error ? e.message : String(e))})`);
          }
          continue;
        }
        return fail(msg);
      } finally {
        clearTimeout(timer);
      }
    }
  }

  function finished(job: BatchJob, outcome: TaskOutcome): void {
    outcomes.push(outcome);
    o.onOutcome?.(outcome);
    const where = outcome.step !== null ? ` at step ${outcome.step}` : '';
    const text =
      outcome.status === 'done'
        ? `done in ${(outcome.ms / 1000).toFixed(1)} s (success_step ${outcome.executed}/${outcome.steps}, ${outcome.checkpoints} checkpoints)`
        : `${outcome.status}${outcome.stage ? ` in ${outcome.stage}` : ''}${where}: ${outcome.reason} [${outcome.file}]`;
    o.progress?.finish(job.task, text, outcome.status !== 'done');
  }

  // With overlap, the next task starts once this one's replay has ended and the task before it
  // is finished: never more than one task replaying and one being scored on a page.
  async function worker(): Promise<void> {
    const slotRef: SlotRef = { slot: null, opening: null };
    let scoring: Promise<void> | null = null;
    try {
      for (let job = queue.shift(); job && !stopping; job = queue.shift()) {
        const current = job;
        o.progress?.start(current.task);
        let replayed!: () => void;
        const replayEnded = new Promise<void>((resolve) => {
          replayed = resolve;
        });
        const done = evaluateJob(current, slotRef, o.overlap === false ? undefined : replayed)
          .then((outcome) => finished(current, outcome))
          .finally(replayed);
        done.catch(() => {}); // awaited below; this only keeps it from counting as unhandled meanwhile
        await replayEnded;
        await scoring;
        scoring = done;
      }
      await scoring;
    } finally {
      await slotRef.slot?.close();
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency, o.jobs.length)) }, () => worker()));
  } finally {
    o.signal?.removeEventListener('abort', stop);
    stopping = true;
    await pool.close();
  }
  return { outcomes, restarts: pool.restarts, wallMs: Date.now() - t0, pages };
}
