// The step runner (IWR-SPEC "Replay"): load the candidate in a fresh sandbox, wait 1 s,
// screenshot 0; then each step: resolve the element, act, wait 0.5 s, screenshot k; stop at
// the first failure. Each step (load included) has a watchdog (official 30 s): a page
// that loops, crashes or never loads fails that step with a reason and the frame is torn
// down; the app is unaffected (Chromium runs the sandboxed frame in its own process).
import {
  TRANSIENT_ERRORS,
  type ActResult,
  type AgentAction,
  type InspectResult,
  type LoadResult,
  type PageSnapshot,
  type SettleResult,
} from '../agent/protocol.ts';
import { hashSeed } from '../shared/prng.ts';
import type { ResolveResult } from '../driver/resolve.ts';
import { needsLook } from '../driver/parse.ts';
import { deterministicResolver } from '../resolvers/deterministic.ts';
import type { StepResolution } from '../resolvers/types.ts';
import { ACTION_TYPES, type Step } from '../task/types.ts';
import { DEFAULT_RESOLUTION, parseResolutionText } from '../task/parse.ts';
import { SandboxError, SandboxHost } from '../sandbox/host.ts';
import { domCapture } from './capture.ts';
import { checkVerdict, readChecks, type CheckReads } from './checks.ts';
import { syntheticInput } from './input.ts';
import { EventSink } from './events.ts';
import type { Attempt, ReplayOptions, ReplaySummary, ReplayTask, ResolvedElement, StepRecord } from './types.ts';

/** Official waits (IWR-SPEC): after load, after each successful step. */
export const LOAD_WAIT_MS = 1000;
export const STEP_WAIT_MS = 500;
export const STEP_TIMEOUT_MS = 30_000;
/** Transient agent results are retried on this fixed backoff... */
export const RETRY_BACKOFF_MS = 250;
/** ...for at most this long: long enough for an opening animation, short of the step limit. */
export const RETRY_WINDOW_MS = 5000;
/** The official harness gives Playwright's real click 1.5 s before its element.click() fallback. */
export const CLICK_TIMEOUT_MS = 1500;
/** Opening the frame (retried when a killed frame's process is still busy). */
export const SANDBOX_START_MS = 30_000;
/**
 * A screenshot gets this long. The DOM rasteriser is slow on huge pages (100k nodes): the
 * step itself succeeded, so a capture that times out leaves the record 'ok' with no
 * screenshot and a captureError, rather than failing the candidate for our tool's limit.
 */
export const CAPTURE_TIMEOUT_MS = 15_000;

/** The viewport: the task's resolution as task/parse.ts reads it (1920x1080 when unusable). */
export function taskViewport(task: ReplayTask): { width: number; height: number } {
  const text = task.resolution ?? task.recording_details?.resolution;
  return (typeof text === 'string' && parseResolutionText(text)) || { ...DEFAULT_RESOLUTION };
}

class Deadline {
  constructor(
    private end: number,
    readonly limitMs: number,
  ) {}
  restart(): void {
    this.end = performance.now() + this.limitMs;
  }
  left(): number {
    return Math.max(1, this.end - performance.now());
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new SandboxError('aborted', 'aborted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new SandboxError('aborted', 'aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function describeResolved(res: Extract<StepResolution, { ok: true }>, snap: PageSnapshot | null): ResolvedElement {
  const el = snap && res.index >= 0 ? snap.elements[res.index] : undefined;
  const alt = res.alternatives.find((a) => a.index !== res.index);
  const altEl = alt && snap ? snap.elements[alt.index] : undefined;
  const otherEl = res.other && snap && res.other.index >= 0 ? snap.elements[res.other.index] : undefined;
  return {
    decidedBy: res.decidedBy ?? 'deterministic',
    ...(res.llm ? { llm: res.llm } : {}),
    ...(res.other ? { other: { ...res.other, tag: otherEl?.tag ?? '', text: (otherEl?.text || otherEl?.name || '').slice(0, 200) } } : {}),
    index: res.index,
    xpath: res.xpath,
    tag: el?.tag ?? '',
    text: (el?.text || el?.name || '').slice(0, 200),
    confidence: res.confidence,
    typed: res.typed,
    key: res.key,
    reasons: res.reasons,
    runnerUp: alt
      ? {
          xpath: alt.xpath,
          tag: altEl?.tag ?? '',
          text: (altEl?.text || altEl?.name || '').slice(0, 200),
          score: alt.score,
          reasons: alt.reasons,
        }
      : null,
  };
}

function actionFor(step: Step, res: Extract<ResolveResult, { ok: true }> | null, scrollMode: 'official' | 'directional'): AgentAction {
  const p = step.parameters ?? {};
  switch (step.type) {
    case 'Click':
      return { type: 'Click', index: res?.index ?? -1 };
    case 'Type':
      return { type: 'Type', index: res?.index ?? -1, text: res?.typed ?? (typeof p.text === 'string' ? p.text : '') };
    case 'Press':
      return {
        type: 'Press',
        key: (typeof p.key === 'string' && p.key) || res?.key || '',
        index: res && res.index >= 0 ? res.index : undefined,
      };
    default: {
      if (scrollMode === 'official') return { type: 'Scroll', mode: 'official' };
      return {
        type: 'Scroll',
        mode: 'directional',
        direction: (typeof p.direction === 'string' && p.direction) || res?.direction || 'down',
        scrollPage: p.scroll_page === true,
        index: res && res.index >= 0 ? res.index : undefined,
      };
    }
  }
}

function reasonOf(err: unknown, deadline: Deadline): string {
  if (err instanceof SandboxError && err.code === 'timeout') return `step exceeded its ${deadline.limitMs / 1000} s limit: ${err.message}`;
  if (err instanceof Error) return err.message;
  return String(err);
}

export async function* replay(task: ReplayTask, html: string, options: ReplayOptions = {}): AsyncGenerator<StepRecord, ReplaySummary> {
  const resolution = taskViewport(task);
  const seed = options.seed ?? 0;
  const pageSeed = hashSeed(`${task.id ?? ''}|${seed}`);
  const policy = options.policy ?? 'blocked';
  const timing = options.timing ?? 'official';
  const scrollMode = options.scroll ?? 'official';
  const limit = options.stepTimeoutMs ?? STEP_TIMEOUT_MS;
  const capture = options.capture ?? domCapture;
  const input = options.input ?? syntheticInput;
  const resolver = options.resolver ?? deterministicResolver;
  const signal = options.signal;
  const steps = task.action_sequence ?? [];
  const sink = new EventSink();
  const summary: ReplaySummary = {
    policy,
    timing,
    scroll: scrollMode,
    capture: capture.name,
    input: input.name,
    resolver: resolver.info,
    seed,
    pageSeed,
    resolution,
    steps: steps.length,
    done: 0,
    failedAt: null,
    clock: 'real',
    events: { blocked: 0, dialogs: 0, errors: 0 },
  };
  let host: SandboxHost | null = null;
  /** The last screenshot taken: the "before" of the next step's `changed` checks. */
  let lastShot: Blob | undefined;

  const wait = async (ms: number, deadline: Deadline): Promise<number> => {
    const t = performance.now();
    if (timing === 'official') await sleep(Math.min(ms, deadline.left()), signal);
    else
      await host!.request<SettleResult>(
        { cmd: 'settle', quietMs: options.settleQuietMs ?? 300, capMs: options.settleCapMs ?? 3000 },
        deadline.left(),
        signal,
      );
    return Math.round(performance.now() - t);
  };
  const inspect = async (deadline: Deadline): Promise<StepRecord['inspect']> => {
    if (!options.inspect?.length || !host || host.dead) return undefined;
    const out = [];
    for (const selector of options.inspect)
      out.push(await host.request<InspectResult>({ cmd: 'inspect', selector }, deadline.left(), signal));
    return out;
  };
  const takeShot = async (h: SandboxHost): Promise<{ png?: Blob; ms: number; error?: string }> => {
    const t = performance.now();
    try {
      return await capture.capture(h, options.captureTimeoutMs ?? CAPTURE_TIMEOUT_MS, signal);
    } catch (err) {
      if (err instanceof SandboxError && (err.code === 'aborted' || err.code === 'dead')) throw err;
      return { ms: Math.round(performance.now() - t), error: `screenshot not taken: ${err instanceof Error ? err.message : String(err)}` };
    }
  };
  const finish = (rec: Omit<StepRecord, 'console' | 'errors' | 'dialogs' | 'blocked' | 'opened'>): StepRecord => {
    const files = sink.drainFiles();
    const missingFiles = [...new Set([...(rec.missingFiles ?? []), ...files.missing])];
    const refusedFiles = [...new Set([...(rec.refusedFiles ?? []), ...files.refused])];
    const r = {
      ...rec,
      ...sink.drain(),
      ...(missingFiles.length ? { missingFiles } : {}),
      ...(refusedFiles.length ? { refusedFiles } : {}),
    };
    summary.events.blocked += r.blocked.length;
    summary.events.dialogs += r.dialogs.length;
    summary.events.errors += r.errors.length;
    return r;
  };

  try {
    // Step "load": open the frame, write the candidate, wait, screenshot 0.
    {
      const t0 = performance.now();
      const deadline = new Deadline(t0 + limit, limit);
      const timings = { resolveMs: 0, actMs: 0, waitMs: 0, captureMs: 0, totalMs: 0 };
      try {
        // Starting the frame is the app's business, not the page's: it has its own limit,
        // and the load step's clock starts once the agent is there.
        // Trusted input aims at page coordinates: the frame unscaled and taking the pointer.
        host = await SandboxHost.open({
          width: resolution.width,
          height: resolution.height,
          policy,
          container: options.container,
          fit: input.realPointer ? false : options.fit,
          pointer: input.realPointer,
          startTimeoutMs: SANDBOX_START_MS,
        });
        await input.start(host, SANDBOX_START_MS);
        deadline.restart();
        host.onEvent((e) => sink.push(e));
        const assets = [...(options.assets ?? new Map<string, Blob>())].map(([name, blob]) => ({ name, blob }));
        const loaded = await host.request<LoadResult & { readyState: string }>(
          {
            cmd: 'load',
            html,
            assets,
            seed: pageSeed,
            policy,
            ...(options.files?.size ? { files: [...options.files].map(([path, blob]) => ({ path, blob })) } : {}),
          },
          deadline.left(),
          signal,
        );
        timings.actMs = Math.round(performance.now() - t0);
        timings.waitMs = await wait(LOAD_WAIT_MS, deadline);
        const shot = await takeShot(host);
        timings.captureMs = shot.ms;
        timings.totalMs = Math.round(performance.now() - t0);
        lastShot = shot.png;
        yield finish({
          k: 0,
          step: null,
          action: null,
          status: 'ok',
          attempts: [],
          screenshot: shot.png,
          captureError: shot.error,
          missingAssets: loaded.missingAssets,
          ...(loaded.missingFiles?.length ? { missingFiles: loaded.missingFiles } : {}),
          ...(loaded.refusedFiles?.length ? { refusedFiles: loaded.refusedFiles } : {}),
          inspect: await inspect(deadline),
          timings,
        });
      } catch (err) {
        timings.totalMs = Math.round(performance.now() - t0);
        summary.failedAt = -1;
        summary.reason = `load: ${reasonOf(err, deadline)}`;
        yield finish({ k: 0, step: null, action: null, status: 'failed', reason: summary.reason, attempts: [], timings });
        return summary;
      }
    }

    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      const t0 = performance.now();
      const deadline = new Deadline(t0 + limit, limit);
      const timings: StepRecord['timings'] = { resolveMs: 0, actMs: 0, waitMs: 0, captureMs: 0, totalMs: 0 };
      const attempts: Attempt[] = [];
      let element: ResolvedElement | undefined;
      const fail = (reason: string): StepRecord => {
        timings.totalMs = Math.round(performance.now() - t0);
        summary.failedAt = i;
        summary.reason = `step ${i + 1} (${step.type}): ${reason}`;
        return finish({ k: i + 1, step: i, action: step, status: 'failed', reason, element, attempts, timings });
      };
      if (!(ACTION_TYPES as readonly string[]).includes(step.type)) {
        yield fail(`unknown action type ${JSON.stringify(step.type)} (officially the step fails)`);
        return summary;
      }
      const checkEntry = options.checks?.get(i);
      try {
        // A check comparing with the state before the step reads it now, before anything moves.
        let checkBefore: CheckReads | null = null;
        if (checkEntry) {
          const c0 = performance.now();
          checkBefore = await readChecks(host!, checkEntry, 'before', signal);
          timings.checkMs = Math.round(performance.now() - c0);
        }
        let result: ActResult | null = null;
        let needsResolve = true;
        let action: AgentAction | null = null;
        // The snapshot `action.index` points into (trusted input aims with its boxes).
        let snap: PageSnapshot | null = null;
        const clickFallback = step.type === 'Click' && options.clickFallback !== false;
        const retryUntil = performance.now() + Math.min(clickFallback ? CLICK_TIMEOUT_MS : RETRY_WINDOW_MS, deadline.left());
        for (;;) {
          if (needsResolve) {
            const r0 = performance.now();
            let res: Extract<ResolveResult, { ok: true }> | null = null;
            snap = null;
            const officialScroll = step.type === 'Scroll' && scrollMode === 'official';
            if (!officialScroll) {
              // Colours and shapes are read only for steps that name one (a third of the snapshot's cost).
              snap = await host!.request<PageSnapshot>({ cmd: 'snapshot', look: needsLook(step) }, deadline.left(), signal);
              const h = host!;
              const resolved = await resolver.resolve(step, snap, {
                screenshot: async () => (await takeShot(h)).png,
                ...(signal ? { signal } : {}),
              });
              // A model's time (and its rate limits) is not the page's: the step's clock restarts after it answered.
              if (resolved.llm && resolved.llm.attempts > 0) deadline.restart();
              if (!resolved.ok) {
                timings.resolveMs += Math.round(performance.now() - r0);
                if (resolved.llm || resolved.other) {
                  const otherEl = resolved.other && resolved.other.index >= 0 ? snap.elements[resolved.other.index] : undefined;
                  element = {
                    index: -1,
                    xpath: '',
                    tag: '',
                    text: '',
                    confidence: 0,
                    reasons: [],
                    runnerUp: null,
                    decidedBy: 'none',
                    ...(resolved.llm ? { llm: resolved.llm } : {}),
                    ...(resolved.other
                      ? {
                          other: { ...resolved.other, tag: otherEl?.tag ?? '', text: (otherEl?.text || otherEl?.name || '').slice(0, 200) },
                        }
                      : {}),
                  };
                }
                yield fail(resolved.reason);
                return summary;
              }
              res = resolved;
              element = describeResolved(resolved, snap);
            }
            action = actionFor(step, res, scrollMode);
            timings.resolveMs += Math.round(performance.now() - r0);
            needsResolve = false;
          }
          const a0 = performance.now();
          result = await input.act(host!, action!, snap, deadline.left(), signal);
          timings.actMs += Math.round(performance.now() - a0);
          attempts.push({ code: result.code, detail: result.detail, atMs: Math.round(performance.now() - t0) });
          if (result.code === 'done') break;
          const transient = TRANSIENT_ERRORS.includes(result.code) || result.code === 'error:notenabled';
          if (!transient || performance.now() + RETRY_BACKOFF_MS > retryUntil) {
            if (
              clickFallback &&
              action?.type === 'Click' &&
              !action.fallback &&
              result.code !== 'error:notconnected' &&
              result.code !== 'error:notfound'
            ) {
              action = { ...action, fallback: true };
              continue;
            }
            break;
          }
          // A re-rendered page (React) replaces nodes: find the element again. Trusted input
          // aims with the snapshot's boxes, which are stale after a failed attempt.
          if (result.code === 'error:notconnected' || input.aimsFromSnapshot) needsResolve = true;
          await sleep(RETRY_BACKOFF_MS, signal);
        }
        if (host!.dead) {
          yield fail(host!.dead);
          return summary;
        }
        if (result.code !== 'done') {
          const seen = await inspect(deadline).catch(() => undefined);
          yield {
            ...fail(
              `${result.code}${result.detail ? `: ${result.detail}` : ''}${attempts.length > 1 ? ` (after ${attempts.length} attempts)` : ''}`,
            ),
            inspect: seen,
          };
          return summary;
        }
        timings.waitMs = await wait(STEP_WAIT_MS, deadline);
        const shot = await takeShot(host!);
        timings.captureMs = shot.ms;
        let check: StepRecord['check'];
        if (checkEntry) {
          const c0 = performance.now();
          const after = await readChecks(host!, checkEntry, 'after', signal);
          check = await checkVerdict(checkEntry, checkBefore, after, { before: lastShot, after: shot.png });
          timings.checkMs = (timings.checkMs ?? 0) + Math.round(performance.now() - c0);
        }
        lastShot = shot.png;
        timings.totalMs = Math.round(performance.now() - t0);
        summary.done = i + 1;
        yield finish({
          k: i + 1,
          step: i,
          action: step,
          status: 'ok',
          element,
          attempts,
          screenshot: shot.png,
          captureError: shot.error,
          inspect: await inspect(deadline),
          ...(check ? { check } : {}),
          timings,
        });
      } catch (err) {
        if (err instanceof SandboxError && err.code === 'aborted') throw err;
        if (host) host.destroy(reasonOf(err, deadline));
        yield fail(reasonOf(err, deadline));
        return summary;
      }
    }
    return summary;
  } finally {
    host?.destroy('replay finished');
  }
}
