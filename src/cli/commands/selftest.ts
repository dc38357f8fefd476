// `iwr selftest`: can the evaluation tell a working page from a broken one? Each task's
// reference page is evaluated beside defect variants of itself (src/selftest/defects.ts), and
// a mode catches a defect when the variant scores below the reference.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { caught, DEFECT_TABLE, DEFECTS, defectVariants, type DefectName } from '../../selftest/defects.ts';
import { checksFinal, sameShots, selftestSummary, selftestTable, type SelftestMode, type SelftestRow } from '../../selftest/report.ts';
import type { EvaluateInput, EvaluateOutput } from '../../api/pipeline.ts';
import { debugStack, errorLine, UsageError, type Command } from '../command.ts';
import { applyEngines, attachData, dataArg, dataMounts, datasetTasks, enginesArg, findTask } from '../data.ts';
import { evaluateInSession, writeEvalOutputs } from '../evaluate.ts';
import { taskDir } from '../batch/outputs.ts';
import { pickTasks } from '../batch/tasks.ts';
import { openAppSession, repoRoot } from '../session.ts';

const USAGE = `Usage: iwr selftest --data DIR [options]

Derives defect variants of each task's reference page and evaluates them beside it:
${DEFECTS.map((d) => `  ${d.padEnd(17)} ${DEFECT_TABLE[d].summary}`).join('\n')}
A variant is left out where its defect cannot show (no Type step for ignores-input, ...).
Each page is evaluated once with the task's judge-free checks beside an absent judge
(--assertions judge+checks), giving two modes: "no judge" (Final with IFS as an upper bound)
and "checks" (Final with the checks answering); with --judge-endpoint, once more with the
judge (mode "judge"). A mode catches a variant when its Final is below the reference's.
Prints a table; exit 0 when every variant is caught by at least one mode, 1 otherwise.

  --data DIR            dataset folder with data.jsonl, or "samples"
  --results DIR         results tree with <task>/<reference dir>/index.html
                        (default for samples: the samples' results)
  --reference NAME      the model name of the reference pages (default reference)
  --tasks LIST          only these task ids, e.g. 3,6,9 or 1-4
  --defects LIST        only these defects (comma-separated names)
  --dino-model PATH|URL the DINOv2 ONNX file (as for iwr eval)
  --dino-precision float32|float16|int8  as for iwr eval
  --ocr-data FILE, --ocr-psm 3|4|6|11  the OCR engine's data and page segmentation (as
                        for iwr eval)
  --judge-endpoint URL  also evaluate with an OpenAI-compatible judge (key: IWR_JUDGE_API_KEY,
                        else IWR_API_KEY); --judge-model NAME (default gpt-4o)
  --out DIR             also write each page and its eval.json: DIR/<task>/<variant>/
  --json FILE           write the table as JSON

Exit codes: 0 every variant caught, 1 some variant not caught or an evaluation failed,
2 bad arguments or data.`;

export const selftest: Command = {
  name: 'selftest',
  summary: 'evaluate defect variants of each reference page: which modes catch which defects',
  usage: USAGE,
  async run(argv) {
    let values: Record<string, string | boolean | undefined>;
    try {
      values = parseArgs({
        args: argv,
        strict: true,
        options: {
          data: { type: 'string' },
          results: { type: 'string' },
          reference: { type: 'string' },
          tasks: { type: 'string' },
          defects: { type: 'string' },
          'dino-model': { type: 'string' },
          'dino-precision': { type: 'string' },
          'ocr-data': { type: 'string' },
          'ocr-psm': { type: 'string' },
          'judge-endpoint': { type: 'string' },
          'judge-model': { type: 'string' },
          out: { type: 'string' },
          json: { type: 'string' },
        },
      }).values;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const data = dataArg(values.data as string | undefined);
    const resultsArg =
      (values.results as string | undefined) ?? (data.kind === 'samples' ? `${repoRoot}public/samples/results` : undefined);
    if (!resultsArg) throw new UsageError('--results DIR is required (a results tree with <task>/<reference dir>/index.html)');
    const results = resolve(resultsArg);
    if (!existsSync(results)) throw new UsageError(`--results ${resultsArg}: no such folder`);
    const reference = (values.reference as string | undefined) ?? 'reference';
    const defects = ((values.defects as string | undefined)?.split(',').map((d) => d.trim()) ?? [...DEFECTS]) as DefectName[];
    for (const d of defects)
      if (!DEFECTS.includes(d)) throw new UsageError(`--defects: unknown defect ${d} (expected ${DEFECTS.join(', ')})`);
    const judgeEndpoint = values['judge-endpoint'] as string | undefined;
    if (judgeEndpoint !== undefined && !/^https?:\/\//i.test(judgeEndpoint))
      throw new UsageError(`--judge-endpoint ${judgeEndpoint}: expected an http(s) URL`);
    if (values['judge-model'] !== undefined && !judgeEndpoint) throw new UsageError('--judge-model needs --judge-endpoint');
    const modes: SelftestMode[] = judgeEndpoint ? ['no judge', 'checks', 'judge'] : ['no judge', 'checks'];
    const engines = enginesArg(values);
    const ids = pickTasks(
      datasetTasks(data).map((t) => t.id),
      values.tasks as string | undefined,
    );
    if (!ids.length) throw new UsageError(`--data ${String(values.data)}: no tasks to test`);

    // Everything that can be refused is refused before the browser starts.
    const pages = ids.map((id) => {
      const file = join(taskDir(results, id, reference), 'index.html');
      if (!existsSync(file)) throw new UsageError(`task ${id}: no reference page at ${file}`);
      const html = readFileSync(file, 'utf8');
      const task = findTask(data.dir, id);
      return { id, html, ...defectVariants(html, task, defects) };
    });

    const session = await openAppSession({ mounts: { ...dataMounts(data), ...engines.mounts }, viewport: { width: 1920, height: 1200 } });
    const rows: SelftestRow[] = [];
    try {
      const sourceId = await attachData(session, data);
      await applyEngines(session, engines);
      if (judgeEndpoint)
        await session.page.evaluate((input) => window.iwr.configureJudge(input), {
          kind: 'mllm',
          endpoint: judgeEndpoint,
          model: (values['judge-model'] as string | undefined) ?? 'gpt-4o',
          key: process.env.IWR_JUDGE_API_KEY ?? process.env.IWR_API_KEY ?? '',
          rememberKey: false,
        } as const);
      const options = (judge: 'none' | 'configured'): EvaluateInput['options'] => ({
        judge,
        assertions: judge === 'none' ? 'judge+checks' : 'judge',
      });
      for (const p of pages) {
        for (const s of p.skipped) process.stderr.write(`task ${p.id}: ${s.defect} left out (${s.reason})\n`);
        let ref: SelftestRow | null = null;
        let refShots: string[] | null = null;
        for (const page of [{ defect: 'reference' as const, html: p.html }, ...p.variants]) {
          const row: SelftestRow = { task: p.id, page: page.defect, scores: {} };
          process.stderr.write(`task ${p.id}: ${page.defect}...\n`);
          try {
            const run = (judge: 'none' | 'configured'): Promise<EvaluateOutput> =>
              evaluateInSession(session, {
                sourceId,
                taskId: p.id,
                html: page.html,
                model: `selftest-${page.defect}`,
                options: options(judge),
              });
            const plain = await run('none');
            if (page.defect === 'reference') refShots = plain.screenshots;
            else if (refShots) row.effect = !sameShots(refShots, plain.screenshots);
            row.scores['no judge'] = plain.scores.Final;
            row.scores.checks = checksFinal(plain.evalJson);
            if (values.out)
              await writeEvalOutputs(join(resolve(values.out as string), p.id, page.defect), plain, engines.dino.rewrites(session));
            if (judgeEndpoint) row.scores.judge = (await run('configured')).scores.Final;
            if (values.out) await writeFile(join(resolve(values.out as string), p.id, page.defect, 'index.html'), page.html);
          } catch (err) {
            row.error = errorLine(err);
            debugStack(err);
          }
          if (page.defect === 'reference') ref = row;
          else if (ref)
            row.caught = Object.fromEntries(
              modes.map((m) => {
                const r = ref?.scores[m];
                const v = row.scores[m];
                return [m, typeof r === 'number' && typeof v === 'number' && caught(r, v)];
              }),
            );
          rows.push(row);
        }
      }
    } finally {
      await session.close();
    }

    console.log(selftestTable(rows, modes));
    const summary = selftestSummary(rows, modes);
    console.log(summary.lines.join('\n'));
    if (values.json) {
      const file = resolve(values.json as string);
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(file, `${JSON.stringify({ modes, rows, allCaught: summary.allCaught }, null, 2)}\n`);
    }
    return summary.allCaught ? 0 : 1;
  },
};
