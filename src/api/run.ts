// window.iwr entry points of the run engine, for the CLI and the browser tests.
// replayHtml returns plain JSON: screenshots are base64 PNG strings (decision: the CLI
// writes them to files and tests decode them; nothing is persisted by this call, so the
// `blobs` store stays the business of whoever saves runs).
import type { AgentCommand, LoadResult, PageSnapshot } from '../agent/protocol.ts';
import { resolveStep } from '../driver/resolve.ts';
import { needsLook } from '../driver/parse.ts';
import type { Step } from '../task/types.ts';
import { replay, LOAD_WAIT_MS } from '../run/replay.ts';
import type { ReplayOptions, ReplaySummary, ReplayTask, StepRecord } from '../run/types.ts';
import { SandboxHost } from '../sandbox/host.ts';
import { registerApi } from './index.ts';
import { base64ToBlob, blobToBase64 } from '../data/bytes.ts';
import { mimeOf } from '../shared/candidate-files.ts';
import type { InputName } from '../run/input.ts';
import { inputBackendNamed } from '../pipeline/backends.ts';
import { currentResolver } from '../resolvers/config.ts';
import type { DecidedBy, OtherPick } from '../resolvers/types.ts';
import type { CheckEntry } from '../checks/types.ts';

export type SerialRecord = Omit<StepRecord, 'screenshot'> & { screenshot?: string };

export interface ReplayHtmlInput {
  task: ReplayTask;
  html: string;
  /** Asset name -> URL the app can fetch (e.g. the CLI's /local-data/ mount). */
  assetUrls?: Record<string, string>;
  /** The other files of a multi-file candidate, by path relative to index.html, as base64. */
  files?: Array<{ path: string; base64: string }>;
  /** input 'trusted' needs the CLI's window.iwrTrustedInput binding (see api/pipeline.ts). */
  options?: Omit<ReplayOptions, 'assets' | 'files' | 'signal' | 'capture' | 'input' | 'container' | 'resolver' | 'checks'> & {
    input?: InputName;
  };
  /** Judge-free checks (src/checks), as the entries of a checks.json; each record carries its verdict. */
  checks?: CheckEntry[];
}

export interface ResolveHtmlInput {
  html: string;
  viewport: { width: number; height: number };
  action: Step;
}

export interface ResolveHtmlOutput {
  ok: boolean;
  xpath: string | null;
  tag: string | null;
  text: string | null;
  confidence: number;
  typed: string | null;
  alternatives: Array<{ xpath: string; score: number; reasons: string[] }>;
  reason: string | null;
  /** Who picked: the configured resolver's mode decides (Settings > Resolver, or the CLI's --resolver). */
  decidedBy: DecidedBy | null;
  /** The other resolver's pick at the same snapshot, when both ran (llm and hybrid modes). */
  other: OtherPick | null;
  /** The model's replies, when one was asked. */
  llmReplies: string[] | null;
}

/** A live sandbox driven command by command: the CLI's 'cdp' capture and the capture tests use it. */
export interface SandboxApi {
  open(input: {
    html: string;
    width: number;
    height: number;
    policy?: 'blocked' | 'allowed';
    seed?: number;
    fit?: boolean;
    assetUrls?: Record<string, string>;
  }): Promise<{ id: number; missingAssets: string[] }>;
  /** One agent command; a PNG in the reply (capture) comes back as base64 in `png`. */
  request(id: number, command: AgentCommand, timeoutMs?: number): Promise<unknown>;
  /** Snapshot + resolver on the live page, with their times (bench and debugging). */
  resolve(id: number, step: Step): Promise<{ result: ReturnType<typeof resolveStep>; snapshotMs: number; resolveMs: number }>;
  close(id: number): void;
}

declare module './index.ts' {
  interface IwrApi {
    replayHtml(input: ReplayHtmlInput): Promise<{ summary: ReplaySummary; records: SerialRecord[] }>;
    resolveHtml(input: ResolveHtmlInput): Promise<ResolveHtmlOutput>;
    sandbox: SandboxApi;
  }
}

async function fetchAssets(urls: Record<string, string>): Promise<{ assets: Map<string, Blob>; failed: string[] }> {
  const assets = new Map<string, Blob>();
  const failed: string[] = [];
  await Promise.all(
    Object.entries(urls).map(async ([name, url]) => {
      try {
        const r = await fetch(url);
        if (!r.ok) throw new Error(String(r.status));
        assets.set(name, await r.blob());
      } catch {
        failed.push(name);
      }
    }),
  );
  return { assets, failed: failed.sort() };
}

async function replayHtml(input: ReplayHtmlInput): Promise<{ summary: ReplaySummary; records: SerialRecord[] }> {
  const { assets, failed } = await fetchAssets(input.assetUrls ?? {});
  const records: SerialRecord[] = [];
  const { input: inputName, ...options } = input.options ?? {};
  const gen = replay(input.task, input.html, {
    ...options,
    input: inputBackendNamed(inputName),
    assets,
    ...(input.files?.length ? { files: new Map(input.files.map((f) => [f.path, base64ToBlob(f.base64, mimeOf(f.path))])) } : {}),
    resolver: await currentResolver(),
    ...(input.checks?.length ? { checks: new Map(input.checks.map((e) => [e.step, e])) } : {}),
  });
  let next = await gen.next();
  while (!next.done) {
    const { screenshot, ...rest } = next.value;
    const rec: SerialRecord = { ...rest, screenshot: screenshot ? await blobToBase64(screenshot) : undefined };
    if (rec.step === null && failed.length)
      rec.errors = [...rec.errors, ...failed.map((n) => `asset ${n} could not be fetched by the app`)];
    records.push(rec);
    next = await gen.next();
  }
  return { summary: next.value, records };
}

async function resolveHtml(input: ResolveHtmlInput): Promise<ResolveHtmlOutput> {
  const resolver = await currentResolver();
  const host = await SandboxHost.open({ width: input.viewport.width, height: input.viewport.height });
  try {
    await host.request({ cmd: 'load', html: input.html, assets: [], seed: 0, policy: 'blocked' }, 30_000);
    await new Promise((r) => setTimeout(r, LOAD_WAIT_MS));
    const snap = await host.request<PageSnapshot>({ cmd: 'snapshot', look: needsLook(input.action) }, 30_000);
    const shot = async () => (await host.request<{ png: Blob }>({ cmd: 'capture' }, 30_000)).png;
    const res = await resolver.resolve(input.action, snap, { screenshot: shot });
    const alternatives = res.alternatives.map((a) => ({ xpath: a.xpath, score: a.score, reasons: a.reasons }));
    const who = { decidedBy: res.decidedBy, other: res.other ?? null, llmReplies: res.llm?.replies ?? null };
    if (!res.ok)
      return { ok: false, xpath: null, tag: null, text: null, confidence: 0, typed: null, alternatives, reason: res.reason, ...who };
    const el = res.index >= 0 ? snap.elements[res.index] : undefined;
    return {
      ok: true,
      xpath: res.xpath || null,
      tag: el?.tag ?? null,
      text: el ? (el.text || el.name).slice(0, 200) : null,
      confidence: res.confidence,
      typed: res.typed ?? null,
      alternatives,
      reason: null,
      ...who,
    };
  } finally {
    host.destroy();
  }
}

const live = new Map<number, SandboxHost>();
let nextLive = 1;

const sandbox: SandboxApi = {
  async open(input) {
    const { assets } = await fetchAssets(input.assetUrls ?? {});
    const host = await SandboxHost.open({ width: input.width, height: input.height, policy: input.policy, fit: input.fit ?? false });
    const id = nextLive++;
    live.set(id, host);
    const loaded = await host.request<LoadResult>(
      {
        cmd: 'load',
        html: input.html,
        assets: [...assets].map(([name, blob]) => ({ name, blob })),
        seed: input.seed ?? 0,
        policy: input.policy ?? 'blocked',
      },
      30_000,
    );
    return { id, missingAssets: loaded.missingAssets };
  },
  async request(id, command, timeoutMs = 30_000) {
    const host = live.get(id);
    if (!host) throw new Error(`no open sandbox ${id}`);
    const value = await host.request<unknown>(command, timeoutMs);
    if (value && typeof value === 'object' && (value as { png?: unknown }).png instanceof Blob) {
      const v = value as { png: Blob };
      return { ...v, png: await blobToBase64(v.png) };
    }
    return value;
  },
  async resolve(id, step) {
    const host = live.get(id);
    if (!host) throw new Error(`no open sandbox ${id}`);
    const t0 = performance.now();
    const snap = await host.request<PageSnapshot>({ cmd: 'snapshot', look: needsLook(step) }, 30_000);
    const t1 = performance.now();
    const result = resolveStep(step, snap);
    return { result, snapshotMs: t1 - t0, resolveMs: performance.now() - t1 };
  },
  close(id) {
    live.get(id)?.destroy();
    live.delete(id);
  },
};

registerApi({ replayHtml, resolveHtml, sandbox });
