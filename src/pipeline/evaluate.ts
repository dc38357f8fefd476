// One candidate, end to end: replay -> assertions -> checkpoint selection -> OCR, DINO, HFS ->
// the official record. The browser app's Run button and the CLI's `eval`/`batch` both call
// this, so their scores are the same by construction.
import { replay } from '../run/replay.ts';
import type { StepRecord } from '../run/types.ts';
import { assertionSteps, selectCheckpoints } from '../scoring/checkpoints.ts';
import { buildEvalRecord } from '../scoring/metrics.ts';
import type { AssertionRecord } from '../scoring/eval-record.ts';
import { assertionStatuses, ifs, successStep, taskScores, type Scores } from '../scoring/metrics.ts';
import { UNJUDGED } from '../scoring/eval-record.ts';
import { judgeAssertion, judgeVisual } from '../judge/judge.ts';
import type { AssertionVerdict, VisualVerdict } from '../judge/verdicts.ts';
import { ocrEngineId } from '../engines/ocr-bridge.ts';
import { ensureDino } from '../engines/dino-bridge.ts';
import { dinoAgainstReference, ocrAgainstReference } from '../engines/references.ts';
import { modelDirName } from '../scoring/model-names.ts';
import { currentResolver } from '../resolvers/config.ts';
import { captureBackendNamed, inputBackendNamed } from './backends.ts';
import { oneReplayAtATime } from './replay-gate.ts';
import type { CheckVerdict } from '../checks/types.ts';
import type { CheckpointScore, EvaluationInput, EvaluationResult, EvaluationStage } from './types.ts';

export class EvaluationError extends Error {
  override name = 'EvaluationError';
}

const unjudgedVisual = (): VisualVerdict => ({ judge: 'none', status: 'unjudged', raw: null, cached: false, score: UNJUDGED });
const unjudgedAssertion = (): AssertionVerdict => ({ judge: 'none', status: 'unjudged', raw: null, cached: false, result: UNJUDGED });

/** A check's verdict in the form the official record keeps an assertion's. */
const checkAssertion = (v: CheckVerdict): AssertionVerdict => ({
  judge: 'checks',
  status: 'ok',
  raw: v.summary,
  cached: false,
  result: v.result,
});

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted)
    throw signal.reason instanceof Error ? signal.reason : new DOMException('The evaluation was cancelled', 'AbortError');
}

/** What eval.json says of one step's pick: the element, who decided, and the other resolver's pick when both ran. */
function decisionOf(el: NonNullable<StepRecord['element']>): Record<string, unknown> {
  return {
    ...(el.xpath ? { target: el.xpath, confidence: el.confidence } : {}),
    decided_by: el.decidedBy,
    ...(el.llm ? { llm: { model: el.llm.model, replies: el.llm.replies, cached: el.llm.cached } } : {}),
    ...(el.other ? { other: { by: el.other.by, ok: el.other.ok, target: el.other.xpath, reasons: el.other.reasons.slice(0, 6) } } : {}),
  };
}

export async function evaluateCandidate(input: EvaluationInput): Promise<EvaluationResult> {
  const { task, signal, onEvent } = input;
  const opts = input.options ?? {};
  const steps = task.action_sequence;
  const timings: Record<EvaluationStage, number> = { replay: 0, assertions: 0, ocr: 0, dino: 0, hfs: 0, score: 0 };
  const stage = (s: EvaluationStage, done: number, total: number) => onEvent?.({ type: 'stage', stage: s, done, total });
  const timed = async <T>(s: EvaluationStage, f: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await f();
    } finally {
      timings[s] += Math.round(performance.now() - t0);
    }
  };

  // DINO first: with no model there is no DINO figure, and we say so before spending a replay.
  const dinoModel = await ensureDino(signal);
  // A model resolver without an endpoint is refused here too, before the replay.
  const resolver = opts.resolver ?? (await currentResolver());
  const mode = opts.assertions ?? 'judge';
  const checkEntries = mode === 'judge' ? [] : (input.checks ?? []);

  // 1. Replay (taking turns with any other evaluation's replay on this page; see replay-gate.ts).
  const records: StepRecord[] = [];
  const screenshots: Blob[] = [];
  const summary = await oneReplayAtATime(() =>
    timed('replay', async () => {
      stage('replay', 0, steps.length + 1);
      const gen = replay({ id: task.id, action_sequence: steps, resolution: input.resolution }, input.html, {
        assets: input.assets,
        ...(input.files?.size ? { files: input.files } : {}),
        seed: opts.seed ?? 0,
        policy: opts.policy ?? 'blocked',
        timing: opts.timing ?? 'official',
        scroll: opts.scroll ?? 'official',
        ...(opts.stepTimeoutMs ? { stepTimeoutMs: opts.stepTimeoutMs } : {}),
        capture: captureBackendNamed(opts.capture),
        input: inputBackendNamed(opts.input),
        resolver,
        ...(opts.container ? { container: opts.container } : {}),
        // Real pixels need the frame unscaled on the page (replay() sees to it for real pointer input).
        ...(opts.capture === 'cdp' ? { fit: false } : opts.fit !== undefined ? { fit: opts.fit } : {}),
        ...(checkEntries.length ? { checks: new Map(checkEntries.map((e) => [e.step, e])) } : {}),
        ...(signal ? { signal } : {}),
      });
      let next = await gen.next();
      while (!next.done) {
        const rec = next.value;
        records.push(rec);
        for (const m of rec.missingFiles ?? []) onEvent?.({ type: 'log', level: 'warn', message: `missing file: ${m}` });
        for (const m of rec.refusedFiles ?? []) onEvent?.({ type: 'log', level: 'warn', message: `refused: ${m}` });
        if (rec.status === 'ok' && rec.screenshot) screenshots[rec.k] = rec.screenshot;
        onEvent?.({ type: 'step', record: rec });
        stage('replay', records.length, steps.length + 1);
        next = await gen.next();
      }
      return next.value;
    }),
  );
  // The page is free for another replay from here on (`iwr batch` starts its next task).
  onEvent?.({ type: 'replayed' });
  throwIfAborted(signal);
  if (!screenshots[0]) {
    throw new EvaluationError(`the candidate page did not load: ${summary.reason ?? 'no screenshot 0'}`);
  }
  const executed = summary.done;

  // 2. Assertions: screenshot i (before) against i + 1 (after) for each step with one.
  // With checks, each assertion's check ran during the replay (its verdict is in the step's record).
  const judging = opts.judge ?? 'configured';
  const judgeOpts = { ...(opts.rejudge ? { rejudge: true } : {}), ...(signal ? { signal } : {}) };
  const assertionVerdicts: (AssertionVerdict | null)[] = steps.map(() => null);
  const checkVerdicts: (CheckVerdict | null)[] = steps.map((_, i) => records.find((r) => r.step === i && r.status === 'ok')?.check ?? null);
  /** Step i's assertion as its check answered it ('checks' mode, and the checks' own scores beside a judge). */
  const checkedAssertion = (i: number): AssertionVerdict => {
    const v = checkVerdicts[i];
    return v ? checkAssertion(v) : unjudgedAssertion();
  };
  const toJudge = assertionSteps(steps, executed);
  await timed('assertions', async () => {
    stage('assertions', 0, toJudge.length);
    let n = 0;
    for (const i of toJudge) {
      const before = screenshots[i];
      const after = screenshots[i + 1];
      const assertion = String(steps[i]?.logical_assertion ?? '');
      if (mode === 'checks') assertionVerdicts[i] = checkedAssertion(i);
      else
        assertionVerdicts[i] =
          judging === 'none' || !before || !after ? unjudgedAssertion() : await judgeAssertion(before, after, assertion, judgeOpts);
      stage('assertions', ++n, toJudge.length);
    }
  });
  const assertionRecords = (verdicts: readonly (AssertionVerdict | null)[]): (AssertionRecord | null)[] =>
    verdicts.map((v, i) =>
      v
        ? {
            result: v.result,
            prev_img_path: `evalpoints/${i}.png`,
            curr_img_path: `evalpoints/${i + 1}.png`,
            response: v.raw ?? '',
            assertion: String(steps[i]?.logical_assertion ?? ''),
            ...(v.thinking ? { thinking: v.thinking } : {}),
          }
        : null,
    );
  const assertionResults = assertionRecords(assertionVerdicts);

  // 3. Which screenshots meet which reference checkpoints.
  const selection = selectCheckpoints(steps, executed, assertionStatuses(assertionResults));
  const pairs = selection.pairs;
  const references: Blob[] = [];
  for (const p of pairs) {
    const ref = await input.checkpoint(p.checkpoint);
    if (!ref) throw new EvaluationError(`reference checkpoints/step_${p.checkpoint}.png is missing for task ${task.id}`);
    references.push(ref);
  }

  // 4a. OCR: references once per (task, engine, checkpoint), candidates once per image content.
  // Every image is handed to the OCR worker pool at once (it queues them over its workers);
  // each text depends on its image only, so the order they finish in changes nothing.
  const ocr = await timed('ocr', async () => {
    stage('ocr', 0, pairs.length);
    let done = 0;
    return Promise.all(
      pairs.map(async (p, n) => {
        const sim = await ocrAgainstReference(
          input.taskKey,
          p.checkpoint,
          references[n] as Blob,
          screenshots[p.screenshot] as Blob,
          signal,
        );
        stage('ocr', ++done, pairs.length);
        return sim;
      }),
    );
  });

  // 4b. DINO: reference embeddings cached per model hash.
  const dino = await timed('dino', async () => {
    const out: number[] = [];
    stage('dino', 0, pairs.length);
    for (const [n, p] of pairs.entries()) {
      const ref = references[n] as Blob;
      const cand = screenshots[p.screenshot] as Blob;
      out.push(await dinoAgainstReference(input.taskKey, p.checkpoint, ref, cand, signal));
      stage('dino', n + 1, pairs.length);
    }
    return out;
  });

  // 4c. HFS: the visual judge, reference first.
  const hfs = await timed('hfs', async () => {
    const out: VisualVerdict[] = [];
    stage('hfs', 0, pairs.length);
    for (const [n, p] of pairs.entries()) {
      out.push(
        judging === 'none' ? unjudgedVisual() : await judgeVisual(references[n] as Blob, screenshots[p.screenshot] as Blob, judgeOpts),
      );
      stage('hfs', n + 1, pairs.length);
    }
    return out;
  });
  throwIfAborted(signal);

  // 5. The official record and scores.
  const t0 = performance.now();
  const judgeKind = [...hfs, ...assertionVerdicts].find((v) => v && v.judge !== 'none' && v.judge !== 'checks');
  const checkpointScores = pairs.map((_, n) => ({
    ocr: ocr[n]?.sim ?? 0,
    dino: dino[n] ?? 0,
    hfs: hfs[n]?.score ?? UNJUDGED,
    mllmRes: hfs[n]?.raw ?? null,
    ocrTexts: { checkpoint_text: ocr[n]?.reference ?? '', screenshot_text: ocr[n]?.candidate ?? '', similarity: ocr[n]?.sim ?? 0 },
  }));
  const screenshotPaths = screenshots.map((_, k) => `${task.id}/${modelDirName(input.model)}/evalpoints/${k}.png`);
  // Beside a judge, the scores the checks alone give: their cut selects a prefix of the
  // checkpoints scored above, so no image is scored twice. Left out when the judge's cut came
  // first (its prefix is then the shorter one and the checks' scores would need more images).
  let checksScores: Scores | undefined;
  if (mode === 'judge+checks' && checkEntries.length) {
    const results = assertionRecords(steps.map((_, i) => (toJudge.includes(i) ? checkedAssertion(i) : null)));
    const n = selectCheckpoints(steps, executed, assertionStatuses(results)).pairs.length;
    if (n <= pairs.length) {
      checksScores = taskScores(
        buildEvalRecord({
          steps,
          executed,
          screenshotPaths,
          assertionResults: results,
          checkpoints: checkpointScores.slice(0, n),
          extras: { assertions_mode: 'checks' },
        }),
      );
    }
  }
  const checksRecord = checkEntries.length
    ? checksSummary(mode, toJudge, steps, executed, checkVerdicts, assertionVerdicts, checksScores)
    : undefined;
  const record = buildEvalRecord({
    steps,
    executed,
    screenshotPaths,
    assertionResults,
    checkpoints: checkpointScores,
    extras: {
      app_version: __APP_VERSION__,
      driver_decisions: records
        .filter((r) => r.step !== null)
        .map((r) => ({
          step: r.step as number,
          type: r.action?.type ?? '',
          outcome: r.status === 'ok' ? 'done' : 'failed',
          ...(r.element ? decisionOf(r.element) : {}),
          ...(r.reason ? { reason: r.reason } : {}),
        })),
      resolver: summary.resolver,
      models: {
        dino: { id: dinoModel.modelId, sha256: dinoModel.sha256, source: dinoModel.source, precision: dinoModel.precision },
        ocr: { id: ocrEngineId() },
      },
      judge: judgeKind ? { kind: judgeKind.judge, ...(judgeKind.model ? { model: judgeKind.model } : {}) } : { kind: 'none' },
      assertions_mode: mode,
      ...(checksRecord ? { checks: checksRecord } : {}),
      network_policy: summary.policy,
      capture_backend: summary.capture,
      input_backend: summary.input,
      replay: {
        timing: summary.timing,
        scroll: summary.scroll,
        seed: summary.seed,
        failed_at: summary.failedAt,
        reason: summary.reason ?? null,
      },
    },
  });
  const scores = taskScores(record);
  timings.score = Math.round(performance.now() - t0);
  const checkpoints: CheckpointScore[] = pairs.map((p, n) => ({
    ...p,
    ocr: ocr[n]?.sim ?? 0,
    dino: dino[n] ?? 0,
    hfs: hfs[n] ?? unjudgedVisual(),
    ocrTexts: { reference: ocr[n]?.reference ?? '', candidate: ocr[n]?.candidate ?? '' },
  }));
  return {
    record,
    scores,
    summary,
    steps: records,
    screenshots,
    assertions: assertionVerdicts,
    checks: checkVerdicts,
    checkpoints,
    timings,
  };
}

/**
 * eval.json's `iwr_studio.checks`: every check verdict with its evidence; beside a judge
 * ('judge+checks'), the IFS the checks alone give and how often they agree with the judge.
 */
function checksSummary(
  mode: string,
  toJudge: readonly number[],
  steps: EvaluationInput['task']['action_sequence'],
  executed: number,
  checks: readonly (CheckVerdict | null)[],
  judged: readonly (AssertionVerdict | null)[],
  scores?: Scores,
): Record<string, unknown> {
  const verdicts = toJudge.map((i) => {
    const v = checks[i];
    return {
      step: i,
      assertion: String(steps[i]?.logical_assertion ?? ''),
      result: v?.result ?? null,
      ...(v ? { summary: v.summary, evidence: v.evidence } : {}),
    };
  });
  if (mode !== 'judge+checks') return { verdicts };
  const statuses = steps.map((_, i) => (toJudge.includes(i) ? (checks[i]?.result ?? 'unjudged') : null));
  let compared = 0;
  let agreed = 0;
  for (const i of toJudge) {
    const j = judged[i]?.result;
    const c = checks[i]?.result;
    if (!c || (j !== 'Yes' && j !== 'No')) continue;
    compared++;
    if (j === c) agreed++;
  }
  return {
    verdicts,
    IFS: ifs(successStep(executed, statuses), steps.length),
    ...(scores
      ? {
          scores: {
            IFS: scores.IFS,
            ocr_score: scores.ocr_score,
            dino_score: scores.dino_score,
            LFS: scores.LFS,
            HFS: scores.HFS,
            VFS: scores.VFS,
            Final: scores.Final,
          },
        }
      : {}),
    agreement: { compared, agreed, rate: compared ? agreed / compared : null },
  };
}
