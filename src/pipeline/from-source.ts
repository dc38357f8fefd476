// Evaluating a task of a loaded source: opens the task (files cached by the source), hands the
// assets and reference checkpoints to the pipeline, and stores the run when asked. Every entry
// point comes through here with plain data: the Run button (pipeline/index.ts), a resumed run
// (pipeline/resume.ts) and window.iwr.evaluate for the CLI (api/pipeline.ts).
import { getTaskFile, openTask } from '../sources/registry.ts';
import { sha256Hex } from '../data/bytes.ts';
import { newRunId, saveRun } from '../data/runs.ts';
import type { Task } from '../task/types.ts';
import { evaluateCandidate } from './evaluate.ts';
import { runRecordOf } from './run-record.ts';
import type { EvaluationEvent, EvaluationOptions, EvaluationResult } from './types.ts';

export interface SourceEvaluation {
  sourceId: string;
  taskId: string;
  html: string;
  model: string;
  options?: EvaluationOptions;
  /** Store the run (runs + blobs stores); the result then carries its id. */
  save?: boolean;
  /** Recorded with a stored run. */
  candidateId?: string;
  signal?: AbortSignal;
  onEvent?: (e: EvaluationEvent) => void;
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
  const result = await evaluateCandidate({
    taskKey: `${req.sourceId}/${task.id}`,
    task: task.record,
    resolution: `${task.resolution.width}x${task.resolution.height}`,
    html: req.html,
    model: req.model,
    assets,
    checkpoint: (j) => getTaskFile(req.sourceId, task.id, `checkpoints/step_${j}.png`).catch(() => null),
    ...(req.options ? { options: req.options } : {}),
    ...(req.signal ? { signal: req.signal } : {}),
    ...(req.onEvent ? { onEvent: req.onEvent } : {}),
  });
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
          candidateHash: await sha256Hex(req.html),
          settings: { ...settings, capture: capture ?? 'dom', input: input ?? 'synthetic' },
          ...(req.candidateId ? { candidateId: req.candidateId } : {}),
          ...(typeof interaction === 'string' ? { interaction, level: interaction } : {}),
          task: task.record,
        },
        result,
      ),
      result.screenshots,
      req.html,
    );
  }
  return { task, result, runId };
}
