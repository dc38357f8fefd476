// `iwr validate --data DIR`: serves DIR to the app in headless Chromium and runs the app's
// own checks (window.iwr.validateUrl), so the CLI and the app can never disagree.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError, type Command } from '../command.ts';
import { openAppSession } from '../session.ts';

import type { ValidationReport } from '../../sources/validate.ts';
import { formatProblem } from '../../task/types.ts';

const USAGE = `Usage: iwr validate --data DIR [--json]

Checks a dataset in the official IWR-Bench layout (data.jsonl, data/<id>/video.mp4|webm,
checkpoints/step_<j>.png, stitched_assets/, assets/, metadata.json) with the app's own parser,
and prints every task found and every problem with its place (file, line, JSON path).

  --data DIR   the dataset folder (the one holding data.jsonl);
               "samples" checks the built-in sample tasks (use ./samples for a folder of that name)
  --json       print the full report as JSON instead

Exit codes: 0 no errors (warnings allowed), 1 some task has errors, 2 DIR is not a dataset.`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function printReport(label: string, r: ValidationReport): void {
  const out: string[] = [`Dataset ${label}: ${plural(r.tasks.length, 'task')}`];
  const width = Math.max(0, ...r.tasks.map((t) => t.id.length));
  for (const t of r.tasks) {
    const status = t.errors
      ? `${plural(t.errors, 'error')}${t.warnings ? `, ${plural(t.warnings, 'warning')}` : ''}`
      : t.warnings
        ? `ok, ${plural(t.warnings, 'warning')}`
        : 'ok';
    const res = `${t.resolution.width}x${t.resolution.height}${t.resolutionFrom === 'data.jsonl' ? '' : ` (${t.resolutionFrom})`}`;
    out.push(
      `  task ${t.id.padEnd(width)}  ${t.source_website || '(no source_website)'}  ${plural(t.steps, 'step')}, ${plural(t.flaggedSteps + 1, 'checkpoint')}, ${res}  ${status}`,
    );
    for (const p of t.problems) out.push(`    ${p.severity.padEnd(7)}  ${formatProblem(p)}`);
  }
  if (r.problems.length) {
    out.push('  lines of data.jsonl that gave no task:');
    for (const p of r.problems) out.push(`    ${p.severity.padEnd(7)}  ${formatProblem(p)}`);
  }
  out.push(
    `${plural(r.tasks.length, 'task')}, ${r.tasksWithErrors} with errors; ${plural(r.errors, 'error')}, ${plural(r.warnings, 'warning')}.`,
  );
  console.log(out.join('\n'));
}

function parseArgs(argv: string[]): { data: string; json: boolean } {
  let data: string | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--data') data = argv[++i];
    else if (a.startsWith('--data=')) data = a.slice('--data='.length);
    else if (a === '--json') json = true;
    else throw new UsageError(`unknown option "${a}" (see iwr validate --help)`);
  }
  if (!data) throw new UsageError('--data DIR is required (see iwr validate --help)');
  return { data, json };
}

export const validate: Command = {
  name: 'validate',
  summary: 'Check a dataset folder: list its tasks and every problem with its place',
  usage: USAGE,
  async run(argv) {
    const { data, json } = parseArgs(argv);
    const builtIn = data === 'samples';
    const dir = resolve(data);
    if (!builtIn) {
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a folder`);
      if (!existsSync(join(dir, 'data.jsonl'))) throw new UsageError(`${dir} is not a dataset: it has no data.jsonl`);
    }
    const session = await openAppSession(builtIn ? {} : { mounts: { '/local-data/': dir } });
    let report: ValidationReport;
    try {
      const url = `${session.url}${builtIn ? 'samples/dataset/' : 'local-data/'}`;
      report = await session.page.evaluate(
        (u) => (window as unknown as { iwr: { validateUrl(u: string): Promise<ValidationReport> } }).iwr.validateUrl(u),
        url,
      );
    } finally {
      await session.close();
    }
    const label = builtIn ? 'samples (built in)' : dir;
    if (report.notDataset) throw new UsageError(`${label} is not a dataset: it has no data.jsonl`);
    if (report.fatal) {
      console.error(`iwr validate: ${report.fatal}`);
      return 1;
    }
    if (json) console.log(JSON.stringify(report, null, 2));
    else printReport(label, report);
    return report.errors > 0 ? 1 : 0;
  },
};
