// `iwr merge`: joins the results trees of batch shards (e.g. CI matrix jobs) into one tree and
// writes its report, as if one batch had run.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { modelDirName, reportStem } from '../../scoring/model-names.ts';
import { compareTaskIds } from '../../scoring/report.ts';
import { UsageError, type Command } from '../command.ts';
import { incompleteReason, taskDir } from '../batch/outputs.ts';
import type { TaskOutcome } from '../batch/run.ts';
import { report } from './report.ts';

const USAGE = `Usage: iwr merge --results DIR --model NAME --from DIR1,DIR2,...

Copies every finished task of NAME (eval.json and evalpoints/, and index.html when DIR lacks
it) from each results tree in --from into DIR, joins their batch summaries into
DIR/reports/<NAME>_batch.json, and writes DIR/reports/<NAME>_metrics.md. DIR may be one of
the sources. A task finished in two sources with different eval.json is a conflict: nothing is
written and the exit code is 2. Tasks unfinished everywhere are listed; exit 1 if any.`;

interface Found {
  task: string;
  from: string;
  dir: string;
  evalJson: string;
}

export const merge: Command = {
  name: 'merge',
  summary: 'join the results trees of batch --shard runs into one tree and report',
  usage: USAGE,
  async run(argv) {
    let values: { results?: string; model?: string; from?: string };
    try {
      values = parseArgs({
        args: argv,
        strict: true,
        options: { results: { type: 'string' }, model: { type: 'string' }, from: { type: 'string' } },
      }).values;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const { model } = values;
    if (!values.results || !model || !values.from)
      throw new UsageError('--results DIR, --model NAME and --from DIR1,DIR2,... are required');
    const results = resolve(values.results);
    const sources = values.from
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => resolve(s));
    for (const s of sources) if (!existsSync(s) || !statSync(s).isDirectory()) throw new UsageError(`--from ${s}: no such folder`);
    const mdir = modelDirName(model);

    const found = new Map<string, Found>();
    const unfinished = new Map<string, string[]>();
    const conflicts: string[] = [];
    for (const from of sources) {
      for (const task of readdirSync(from).filter((t) => t !== 'reports' && existsSync(join(from, t, mdir)))) {
        const dir = taskDir(from, task, model);
        const why = incompleteReason(dir);
        if (why) {
          unfinished.set(task, [...(unfinished.get(task) ?? []), `${from}: ${why}`]);
          continue;
        }
        const evalJson = readFileSync(join(dir, 'eval.json'), 'utf8');
        const prev = found.get(task);
        if (prev && prev.evalJson !== evalJson) conflicts.push(`task ${task}: ${prev.from} and ${from} hold different eval.json`);
        else if (!prev) found.set(task, { task, from, dir, evalJson });
      }
    }
    if (conflicts.length) throw new UsageError(`conflicting shards, nothing written:\n${conflicts.join('\n')}`);

    for (const f of [...found.values()].sort((a, b) => compareTaskIds(a.task, b.task))) {
      const out = taskDir(results, f.task, model);
      if (resolve(out) === resolve(f.dir)) continue;
      await mkdir(out, { recursive: true });
      await rm(join(out, 'eval.json'), { force: true });
      await rm(join(out, 'evalpoints'), { recursive: true, force: true });
      await cp(join(f.dir, 'evalpoints'), join(out, 'evalpoints'), { recursive: true });
      if (!existsSync(join(out, 'index.html')) && existsSync(join(f.dir, 'index.html')))
        await cp(join(f.dir, 'index.html'), join(out, 'index.html'));
      await writeFile(join(out, '.eval.json.merge.tmp'), f.evalJson);
      await rename(join(out, '.eval.json.merge.tmp'), join(out, 'eval.json'));
    }

    // Batch summaries: outcomes of every shard, one per task (a finished one wins).
    const stem = reportStem(model);
    const outcomes = new Map<string, TaskOutcome>();
    const shards: string[] = [];
    for (const from of sources) {
      const dir = join(from, 'reports');
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir)
        .filter((n) => n.startsWith(`${stem}_batch`) && n.endsWith('.json'))
        .sort()) {
        try {
          const s = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { shard?: string | null; outcomes?: TaskOutcome[] };
          if (s.shard) shards.push(s.shard);
          for (const o of s.outcomes ?? []) if (!outcomes.has(o.task) || o.status === 'done') outcomes.set(o.task, o);
        } catch (e) {
          console.error(`warning: ${join(dir, name)}: not read (${e instanceof Error ? e.message : String(e)})`);
        }
      }
    }
    await mkdir(join(results, 'reports'), { recursive: true });
    const merged = { model, merged_from: sources, shards, outcomes: [...outcomes.values()].sort((a, b) => compareTaskIds(a.task, b.task)) };
    await writeFile(join(results, 'reports', `${stem}_batch.json`), `${JSON.stringify(merged, null, 2)}\n`);

    const missing = [...unfinished].filter(([task]) => !found.has(task));
    console.log(
      `merge: ${found.size} tasks from ${sources.length} trees into ${results}${missing.length ? `; ${missing.length} unfinished` : ''}`,
    );
    for (const [task, why] of missing) console.error(`unfinished: task ${task}: ${why.join('; ')}`);
    if (!found.size) throw new UsageError(`no finished <task>/${mdir}/eval.json in ${sources.join(', ')}`);
    await report.run(['--results', results, '--model', model]);
    return missing.length ? 1 : 0;
  },
};
