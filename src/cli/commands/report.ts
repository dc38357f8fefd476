// `iwr report --results DIR --model NAME`: the official per-model table from
// `<DIR>/<task>/<model dir>/eval.json`, written to `<DIR>/reports/<model>_metrics.md`.
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { modelDirName, reportStem } from '../../scoring/model-names.ts';
import { buildReport, compareTaskIds, reportCsv, reportJson, reportMarkdown, taskRow, type TaskRow } from '../../scoring/report.ts';
import { UsageError, type Command } from '../command.ts';
import { readEvalFile } from './score.ts';

const FORMATS = ['md', 'csv', 'json'] as const;
type Format = (typeof FORMATS)[number];

export const report: Command = {
  name: 'report',
  summary: 'write reports/<model>_metrics.md from a results folder',
  usage: [
    'Usage: iwr report --results DIR --model NAME [--formats md,csv,json]',
    '',
    'Reads <DIR>/<task>/<model dir>/eval.json for every task folder (model dir: NAME',
    'lower-cased, "/" -> "__"), tasks in numeric order, and writes <DIR>/reports/<NAME with',
    '"/" -> "__">_metrics.md in the official format (also .csv / .json with --formats).',
    'Tasks without that eval.json are left out, as officially. Partial figures (no judge) are',
    'labelled and explained under the table. Exit 2 on a bad eval.json (file and field named).',
  ].join('\n'),
  async run(argv) {
    let values: { results?: string; model?: string; formats?: string };
    try {
      values = parseArgs({
        args: argv,
        options: { results: { type: 'string' }, model: { type: 'string' }, formats: { type: 'string' } },
        strict: true,
      }).values;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const { results, model } = values;
    if (!results || !model) throw new UsageError('--results DIR and --model NAME are required');
    const formats = (values.formats ?? 'md').split(',').map((f) => f.trim());
    const bad = formats.find((f) => !(FORMATS as readonly string[]).includes(f));
    if (bad) throw new UsageError(`--formats: unknown format "${bad}" (use ${FORMATS.join(', ')})`);

    let entries;
    try {
      entries = await readdir(results, { withFileTypes: true });
    } catch (e) {
      throw new UsageError(`${results}: cannot read folder (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
    const dir = modelDirName(model);
    const tasks = entries
      .filter((e) => e.isDirectory() && e.name !== 'reports' && existsSync(join(results, e.name, dir, 'eval.json')))
      .map((e) => e.name)
      .sort(compareTaskIds);
    if (!tasks.length) throw new UsageError(`${results}: no <task>/${dir}/eval.json found`);

    const rows: TaskRow[] = [];
    const errors: string[] = [];
    for (const task of tasks) {
      try {
        rows.push(taskRow(task, await readEvalFile(join(results, task, dir, 'eval.json'))));
      } catch (e) {
        if (!(e instanceof UsageError)) throw e;
        errors.push(e.message); // collect all bad files, then fail once
      }
    }
    if (errors.length) throw new UsageError(errors.join('\n'));

    const rep = buildReport(model, rows);
    const outDir = join(results, 'reports');
    await mkdir(outDir, { recursive: true });
    const render: Record<Format, () => string> = { md: () => reportMarkdown(rep), csv: () => reportCsv(rep), json: () => reportJson(rep) };
    for (const f of formats as Format[]) {
      const path = join(outDir, `${reportStem(model)}_metrics.${f}`);
      await writeFile(path, render[f](), 'utf8');
      console.log(`wrote ${path}${rep.complete ? '' : ' (partial figures labelled)'}`);
    }
    return 0;
  },
};
