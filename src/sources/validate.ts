// `iwr validate` and the panel's check: every task of a dataset URL, checked without
// storing anything, as a plain serialisable report.
import { hasErrors } from '../task/parse.ts';
import type { Problem, Resolution } from '../task/types.ts';
import { errorMessage, NotADatasetError } from './errors.ts';
import { loadDataset, openTaskFolder } from './loader.ts';
import { normaliseBaseUrl, UrlSource } from './url.ts';

export interface TaskReport {
  id: string;
  source_website: string;
  steps: number;
  flaggedSteps: number;
  resolution: Resolution;
  resolutionFrom: string;
  files: { video?: string; checkpoints: number; stitched: number; assets: number };
  problems: Problem[];
  errors: number;
  warnings: number;
}

export interface ValidationReport {
  url: string;
  /** Set when the URL holds no data.jsonl (then nothing else is filled in). */
  notDataset?: string;
  /** Set when the URL could not be read at all. */
  fatal?: string;
  tasks: TaskReport[];
  /** Problems of data.jsonl that belong to no task (skipped lines). */
  problems: Problem[];
  errors: number;
  warnings: number;
  tasksWithErrors: number;
}

const count = (ps: Problem[], s: Problem['severity']) => ps.filter((p) => p.severity === s).length;

export async function validateUrl(url: string, opts: { timeoutMs?: number } = {}): Promise<ValidationReport> {
  const base = normaliseBaseUrl(url, document.baseURI);
  const report: ValidationReport = { url: base, tasks: [], problems: [], errors: 0, warnings: 0, tasksWithErrors: 0 };
  const source = new UrlSource(
    { id: `validate-${Date.now().toString(36)}`, kind: 'url', label: base, url: base, addedAt: Date.now() },
    { cache: false, persist: false, ...opts },
  );
  let dataset;
  try {
    dataset = await loadDataset(source);
  } catch (err) {
    if (err instanceof NotADatasetError) report.notDataset = `${base} is not a dataset: it has no data.jsonl`;
    else report.fatal = errorMessage(err);
    return report;
  }
  report.problems = dataset.problems;
  for (const task of dataset.tasks) {
    let problems: Problem[];
    let opened;
    try {
      opened = await openTaskFolder(source, task, { readAll: false });
      problems = opened.problems;
    } catch (err) {
      problems = [...task.problems, { severity: 'error', file: `data/${task.id}/`, message: `cannot be read: ${errorMessage(err)}` }];
    }
    const t = opened?.task ?? task;
    report.tasks.push({
      id: task.id,
      source_website: task.record.source_website,
      steps: task.record.action_sequence.length,
      flaggedSteps: task.flaggedSteps,
      resolution: t.resolution,
      resolutionFrom: t.resolutionFrom ?? 'data.jsonl',
      files: {
        ...(opened?.files.video ? { video: opened.files.video } : {}),
        checkpoints: opened?.files.checkpoints.length ?? 0,
        stitched: opened?.files.stitched.length ?? 0,
        assets: opened?.files.assets.length ?? 0,
      },
      problems,
      errors: count(problems, 'error'),
      warnings: count(problems, 'warning'),
    });
  }
  const all = [...report.problems, ...report.tasks.flatMap((t) => t.problems)];
  report.errors = count(all, 'error');
  report.warnings = count(all, 'warning');
  report.tasksWithErrors = report.tasks.filter((t) => hasErrors(t.problems)).length;
  return report;
}
