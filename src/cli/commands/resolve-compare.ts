// `iwr resolve-compare`: where our deterministic resolver and a model (the official way to
// pick elements) disagree. Each candidate of a results tree is replayed once; at every Click
// and Type step both pick on the same snapshot, and the replay follows one of them
// (--follow). Every disagreement is listed with both elements and their reasons.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError, type Command } from '../command.ts';
import { dataArg, dataMounts, datasetTasks, findTask, taskAssetUrls } from '../data.ts';
import { openAppSession } from '../session.ts';
import { applyResolver, RESOLVER_OPTION_SPEC, resolverArg, resolverSummary } from '../resolver-option.ts';
import { ensureRefStore, refStoreArg } from '../ref-store.ts';
import { modelDirName } from '../../scoring/model-names.ts';
import type { SerialRecord } from '../../api/run.ts';

const USAGE = `Usage: iwr resolve-compare --data DIR --results DIR --model NAME --resolver-endpoint URL [options]

Replays each <results>/<task>/<model>/index.html once. At every Click and Type step our
deterministic resolver and the model pick an element on the same page snapshot; the replay
follows one of them. Prints every disagreement (both elements, our reasons, the model's
reply) and a summary line; --out FILE writes the same as JSON.

  --data DIR               dataset folder with data.jsonl, or "samples"
  --results DIR            results tree (<task>/<model>/index.html)
  --model NAME             model folder to replay
  --tasks LIST             comma-separated task ids (default: all with a candidate)
  --follow deterministic|llm  whose pick acts (default deterministic: our replay, the model
                           asked beside it)
  --resolver-endpoint URL  OpenAI-compatible base URL (key: IWR_RESOLVER_API_KEY, else IWR_API_KEY)
  --resolver-model NAME    default gpt-4o
  --resolver-vision on|off ask again with the screenshot when the model finds nothing (default on)
  --ref-cache DIR          keep the model's answers on disk, so a rerun makes no request
  --out FILE               the report as JSON

Exit codes: 0 no disagreement, 1 disagreements found (or a replay could not run), 2 bad arguments.`;

export interface Side {
  ok: boolean;
  xpath: string;
  tag: string;
  text: string;
  reasons: string[];
}

export interface Disagreement {
  task: string;
  step: number;
  type: string;
  description: string;
  acted: 'deterministic' | 'llm';
  ours: Side;
  model: Side & { replies: string[] };
}

const inside = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/** The steps of one replay where the two picks differ (a click inside the other's element counts as the same). */
export function disagreementsOf(task: string, records: SerialRecord[]): { compared: number; found: Disagreement[] } {
  const found: Disagreement[] = [];
  let compared = 0;
  for (const r of records) {
    const el = r.element;
    if (r.step === null || !el?.other || !r.action) continue;
    compared++;
    const acted = el.decidedBy === 'deterministic' ? 'deterministic' : 'llm';
    const main: Side = {
      ok: el.decidedBy !== 'none',
      xpath: el.xpath,
      tag: el.tag,
      text: el.text,
      reasons: el.decidedBy === 'none' && r.reason ? [r.reason] : el.reasons,
    };
    const other: Side = { ok: el.other.ok, xpath: el.other.xpath, tag: el.other.tag, text: el.other.text, reasons: el.other.reasons };
    const same = main.ok === other.ok && (!main.ok || inside(main.xpath, other.xpath));
    if (same) continue;
    const ours = acted === 'deterministic' ? main : other;
    const model = acted === 'deterministic' ? other : main;
    found.push({
      task,
      step: r.step,
      type: r.action.type,
      description: String(r.action.parameters?.description ?? ''),
      acted,
      ours,
      model: { ...model, replies: el.llm?.replies ?? [] },
    });
  }
  return { compared, found };
}

const side = (s: Side) => (s.ok ? `<${s.tag}> "${s.text.slice(0, 60)}" ${s.xpath}` : `no element (${s.reasons[0] ?? ''})`);

export const resolveCompare: Command = {
  name: 'resolve-compare',
  summary: 'list the steps where our resolver and a model pick different elements',
  usage: USAGE,
  async run(argv) {
    let v: Record<string, string | boolean | undefined>;
    try {
      v = parseArgs({
        args: argv,
        strict: true,
        options: {
          data: { type: 'string' },
          results: { type: 'string' },
          model: { type: 'string' },
          tasks: { type: 'string' },
          follow: { type: 'string' },
          out: { type: 'string' },
          'ref-cache': { type: 'string' },
          ...RESOLVER_OPTION_SPEC,
        },
      }).values;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const data = dataArg(v.data as string | undefined);
    const model = v.model as string | undefined;
    if (!v.results || !model) throw new UsageError('--results DIR and --model NAME are required');
    const results = resolvePath(v.results as string);
    if (!existsSync(results) || !statSync(results).isDirectory()) throw new UsageError(`--results ${String(v.results)}: no such folder`);
    const follow = (v.follow as string | undefined) ?? 'deterministic';
    if (follow !== 'deterministic' && follow !== 'llm') throw new UsageError(`--follow ${follow}: expected deterministic or llm`);
    if (v.resolver !== undefined && v.resolver !== 'llm')
      throw new UsageError('resolve-compare always asks a model (--resolver llm); leave --resolver out');
    const resolver = { ...resolverArg({ ...v, resolver: 'llm' }), follow: follow as 'deterministic' | 'llm' };
    const refStore = refStoreArg(v['ref-cache'] as string | undefined);
    const wanted =
      typeof v.tasks === 'string'
        ? v.tasks
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : null;
    const mdir = modelDirName(model);
    const tasks = datasetTasks(data)
      .map((t) => t.id)
      .filter((id) => (wanted ? wanted.includes(id) : true) && existsSync(join(results, id, mdir, 'index.html')));
    if (wanted)
      for (const id of wanted)
        if (!tasks.includes(id)) throw new UsageError(`--tasks: no candidate ${join(results, id, mdir, 'index.html')}`);
    if (!tasks.length) throw new UsageError(`no candidate index.html for model ${model} under ${results}`);

    const session = await openAppSession({ mounts: dataMounts(data), viewport: { width: 1920, height: 1200 } });
    const all: Disagreement[] = [];
    const failures: string[] = [];
    let compared = 0;
    try {
      if (refStore) await ensureRefStore(session.page, refStore);
      await applyResolver(session.page, resolver);
      for (const id of tasks) {
        const task = findTask(data.dir, id);
        const html = readFileSync(join(results, id, mdir, 'index.html'), 'utf8');
        try {
          const out = await session.page.evaluate((input) => window.iwr.replayHtml(input), {
            task,
            html,
            assetUrls: taskAssetUrls(session, data, id),
            options: {},
          });
          const d = disagreementsOf(id, out.records);
          compared += d.compared;
          all.push(...d.found);
          process.stderr.write(
            `task ${id}: ${d.compared} step(s) compared, ${d.found.length} disagreement(s)${out.summary.failedAt !== null ? `; the replay stopped at step ${out.summary.failedAt + 1}: ${out.summary.reason ?? ''}` : ''}\n`,
          );
        } catch (err) {
          failures.push(`task ${id}: ${(err instanceof Error ? err.message : String(err)).replace(/^page\.evaluate: (Error: )?/, '')}`);
        }
      }
      for (const d of all) {
        console.log(
          `task ${d.task} step ${d.step + 1} [${d.type}] "${d.description}" (${d.acted === 'deterministic' ? 'ours acted' : "the model's pick acted"})`,
        );
        console.log(`  ours:  ${side(d.ours)}${d.ours.ok ? `\n         ${d.ours.reasons.slice(0, 4).join('; ')}` : ''}`);
        console.log(
          `  model: ${side(d.model)}${d.model.replies.length ? `\n         replied ${d.model.replies.map((r) => JSON.stringify(r.slice(0, 80))).join(', then ')}` : ''}`,
        );
      }
      for (const f of failures) console.error(f);
      const rs = await resolverSummary(session.page, resolver);
      if (rs) process.stderr.write(`${rs}\n`);
      if (refStore) process.stderr.write(`${refStore.summary()}\n`);
      console.log(
        `${tasks.length} task(s), ${compared} step(s) compared, ${all.length} disagreement(s)${compared ? ` (agreement ${(((compared - all.length) / compared) * 100).toFixed(1)} %)` : ''}`,
      );
      if (typeof v.out === 'string')
        writeFileSync(
          v.out,
          JSON.stringify(
            { model, follow, resolver_model: resolver.model ?? 'gpt-4o', tasks, compared, disagreements: all, failures },
            null,
            2,
          ) + '\n',
        );
      return all.length || failures.length ? 1 : 0;
    } finally {
      await session.close();
    }
  },
};
