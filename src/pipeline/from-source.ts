// Evaluating a task of a loaded source: opens the task (files cached by the source), hands the
// assets and reference checkpoints to the pipeline, and stores the run when asked. Every entry
// point comes through here with plain data: the Run button (pipeline/index.ts), a resumed run
// (pipeline/resume.ts) and window.iwr.evaluate for the CLI (api/pipeline.ts).
import type { BuildRecord } from '../build/project-build.ts';
import { getTaskFile, openTask } from '../sources/registry.ts';
import { candidateHash } from '../data/bytes.ts';
import { newRunId, saveRun } from '../data/runs.ts';
import { formatProblem, type Task } from '../task/types.ts';
import { checksForSteps, parseChecksFile } from '../checks/parse.ts';
import type { CheckEntry } from '../checks/types.ts';
import { checksTaskKey, getSavedChecks, savedChecksName } from '../data/checks.ts';
import { evaluateCandidate } from './evaluate.ts';
import { runRecordOf } from './run-record.ts';
import type { EvaluationEvent, EvaluationOptions, EvaluationResult } from './types.ts';

export interface SourceEvaluation {
  sourceId: string;
  taskId: string;
  html: string;
  /** The other files of a multi-file candidate, by path relative to index.html's folder. */
  files?: ReadonlyMap<string, Blob>;
  model: string;
  options?: EvaluationOptions;
  /** Store the run (runs + blobs stores); the result then carries its id. */
  save?: boolean;
  /** Recorded with a stored run. */
  candidateId?: string;
  /**
   * Judge-free checks to use instead of the task's own checks.json (the CLI's --checks), as
   * the text of a checks.json and the name to report problems under.
   */
  checks?: { text: string; file: string };
  signal?: AbortSignal;
  onEvent?: (e: EvaluationEvent) => void;
  /** The candidate is a project's build output: recorded in eval.json under iwr_studio.build, as the CLI does. */
  build?: BuildRecord;
}

export interface SourceEvaluationResult {
  task: Task;
  result: EvaluationResult;
  runId: string | null;
}

export async function evaluateFromSource(req: SourceEvaluation): Promise<SourceEvaluationResult> {
  const opened = await openTask(req.sourceId, req.taskId, req.signal ? { signal: req.signal } : {});
  const { task, files } = opened;
  // An unknown action type is not fatal here: it fails at its step, as officially.
  const blocking = opened.problems.filter((p) => p.severity === 'error' && !/^action_sequence\[\d+\]\.type$/.test(p.path ?? ''));
  if (blocking.length) {
    req.onEvent?.({ type: 'log', level: 'warn', message: `task ${task.id}: ${blocking.map((p) => `${p.file}: ${p.message}`).join('; ')}` });
  }
  const assets = new Map<string, Blob>();
  for (const path of files.assets) assets.set(path.slice('assets/'.length), await getTaskFile(req.sourceId, task.id, path));
  const checks = (req.options?.assertions ?? 'judge') === 'judge' ? [] : await taskChecks(req, task, files.checks, req.onEvent);
  const result = await evaluateCandidate({
    taskKey: `${req.sourceId}/${task.id}`,
    task: task.record,
    resolution: `${task.resolution.width}x${task.resolution.height}`,
    html: req.html,
    ...(req.files?.size ? { files: req.files } : {}),
    model: req.model,
    assets,
    checkpoint: (j) => getTaskFile(req.sourceId, task.id, `checkpoints/step_${j}.png`).catch(() => null),
    ...(checks.length ? { checks } : {}),
    ...(req.options ? { options: req.options } : {}),
    ...(req.signal ? { signal: req.signal } : {}),
    ...(req.onEvent ? { onEvent: req.onEvent } : {}),
  });
  // evaluateCandidate always writes iwr_studio (its schema and app version).
  if (req.build && result.record.iwr_studio) result.record.iwr_studio.build = req.build;
  let runId: string | null = null;
  if (req.save) {
    runId = newRunId();
    const interaction = task.record.classification?.interaction_complexity;
    const { capture, input, container: _container, ...settings } = req.options ?? {};
    await saveRun(
      runRecordOf(
        {
          id: runId,
          taskKey: `${req.sourceId}/${task.id}`,
          sourceId: req.sourceId,
          taskId: task.id,
          model: req.model,
          candidateHash: await candidateHash(req.html, req.files),
          settings: { ...settings, capture: capture ?? 'dom', input: input ?? 'synthetic' },
          ...(req.candidateId ? { candidateId: req.candidateId } : {}),
          ...(typeof interaction === 'string' ? { interaction, level: interaction } : {}),
          task: task.record,
        },
        result,
      ),
      result.screenshots,
      req.html,
      req.files,
    );
  }
  return { task, result, runId };
}

/**
 * The checks that apply to the task's steps, from the first of: the caller's file (the CLI's
 * --checks), the checks saved in this browser for the task (the editor, an import), the task's
 * own checks.json. The one used is named in the log. Every problem (a malformed entry, a stale
 * assertion) is logged and skips that entry only.
 */
async function taskChecks(
  req: SourceEvaluation,
  task: Task,
  listed: string | undefined,
  onEvent: SourceEvaluation['onEvent'],
): Promise<CheckEntry[]> {
  let source = req.checks ?? null;
  if (!source) {
    const key = checksTaskKey(req.sourceId, task.id);
    const saved = await getSavedChecks(key);
    if (saved) source = { text: saved.text, file: savedChecksName(key) };
  }
  if (!source && listed) {
    const file = `data/${task.id}/${listed}`;
    source = { text: await (await getTaskFile(req.sourceId, task.id, listed)).text(), file };
  }
  if (!source) {
    onEvent?.({ type: 'log', level: 'warn', message: `task ${task.id} has no checks.json: its assertions stay unjudged by checks` });
    return [];
  }
  onEvent?.({ type: 'log', level: 'info', message: `task ${task.id}: assertions checked with ${source.file}` });
  const parsed = parseChecksFile(source.text, source.file);
  const applied = checksForSteps(parsed.entries, task.record.action_sequence, source.file);
  for (const p of [...parsed.problems, ...applied.problems]) onEvent?.({ type: 'log', level: 'warn', message: formatProblem(p) });
  return [...applied.byStep.values()];
}
