// `iwr eval`: one candidate on one task, in the app's own pipeline inside headless Chromium.
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { scoresObject } from '../../scoring/report.ts';
import { debugStack, errorLine, UsageError, type Command } from '../command.ts';
import { applyEngines, attachData, dataArg, dataMounts, enginesArg } from '../data.ts';
import { evaluateInSession, writeEvalOutputs } from '../evaluate.ts';
import { ensureRefStore, refStoreArg } from '../ref-store.ts';
import { checksArg, EVAL_OPTION_SPEC, EVAL_OPTION_USAGE, evalOptions } from '../options.ts';
import { openAppSession } from '../session.ts';
import { BUILD_OPTION_SPEC, BUILD_OPTION_USAGE, buildArg, prepareCandidate, withBuildRecord, type PreparedCandidate } from '../build.ts';
import { applyResolver, resolverArg, resolverSummary } from '../resolver-option.ts';

const USAGE = `Usage: iwr eval --data DIR --task ID --html FILE|DIR|ZIP --out DIR [options]

Replays FILE on task ID like the official harness, scores it (OCR, DINO, and the judge when
asked) and writes DIR/eval.json and DIR/evalpoints/<k>.png. Prints one JSON line with
IFS, ocr_score, dino_score, LFS, HFS, VFS, Final (fractions), a figure that is not official
(no judge) under a labelled key such as "VFS (no HFS)", and the partial flags.

  --data DIR     dataset folder with data.jsonl and data/<id>/, or "samples"
  --task ID      task id
  --html FILE|DIR|ZIP  the candidate: an index.html, or a folder or .zip with index.html at
                 its top (or one folder down) and the relative files it loads; a project
                 (package.json with a "build" script) is built first (log in DIR/build.log)
  --out DIR      where to write eval.json and evalpoints/
  --model NAME   model name recorded in paths (default: the folder name of FILE)
${EVAL_OPTION_USAGE}
${BUILD_OPTION_USAGE}

Exit codes: 0 done, 1 the evaluation failed (reason printed), 2 bad arguments or data.`;

export const evalCommand: Command = {
  name: 'eval',
  summary: 'evaluate one candidate (index.html, folder, zip or project) on one task (eval.json + evalpoints/)',
  usage: USAGE,
  async run(argv) {
    let values: Record<string, string | boolean | undefined>;
    try {
      values = parseArgs({
        args: argv,
        strict: true,
        options: {
          data: { type: 'string' },
          task: { type: 'string' },
          html: { type: 'string' },
          out: { type: 'string' },
          model: { type: 'string' },
          ...EVAL_OPTION_SPEC,
          ...BUILD_OPTION_SPEC,
        },
      }).values;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const data = dataArg(values.data as string | undefined);
    const taskId = values.task as string | undefined;
    if (!taskId) throw new UsageError('--task ID is required');
    const htmlPath = values.html as string | undefined;
    if (!htmlPath) throw new UsageError('--html FILE|DIR|ZIP is required');
    if (!existsSync(htmlPath)) throw new UsageError(`--html ${htmlPath}: no such file or folder`);
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('--out DIR is required');
    const options = evalOptions(values);
    const checks = checksArg(values)?.(taskId);
    const resolver = resolverArg(values);
    const engines = enginesArg(values);
    const refStore = refStoreArg(values['ref-cache'] as string | undefined);
    const isFile = statSync(htmlPath).isFile() && !/\.zip$/i.test(htmlPath);
    const model =
      (values.model as string | undefined) ??
      (isFile ? basename(dirname(resolve(htmlPath))) : basename(resolve(htmlPath)).replace(/\.zip$/i, ''));
    const build = buildArg(values);
    let candidate: PreparedCandidate;
    try {
      candidate = await prepareCandidate(htmlPath, { build, logFile: join(resolve(out), 'build.log') });
    } catch (e) {
      console.error(`iwr eval: task ${taskId} (${htmlPath}): ${errorLine(e)}`);
      return 1;
    }

    const session = await openAppSession({ mounts: { ...dataMounts(data), ...engines.mounts }, viewport: { width: 1920, height: 1200 } });
    try {
      const sourceId = await attachData(session, data);
      await applyEngines(session, engines);
      if (refStore) await ensureRefStore(session.page, refStore);
      await applyResolver(session.page, resolver);
      const result = await evaluateInSession(session, {
        sourceId,
        taskId,
        html: candidate.html,
        ...(candidate.files ? { files: candidate.files } : {}),
        model,
        options,
        checks,
        onProgress: (e) => {
          if (e.type === 'log' && e.level === 'warn') process.stderr.write(`  ${String(e.message)}\n`);
          if (e.type === 'step') {
            const r = e.record as { k: number; status: string; type: string | null; reason?: string };
            process.stderr.write(`  step ${r.k}${r.type ? ` ${r.type}` : ' load'}: ${r.status}${r.reason ? ` (${r.reason})` : ''}\n`);
          }
        },
      });
      if (candidate.build) result.evalJson = withBuildRecord(result.evalJson, candidate.build);
      await writeEvalOutputs(resolve(out), result, engines.dino.rewrites(session));
      if (refStore) process.stderr.write(`${refStore.summary()}\n`);
      const rs = await resolverSummary(session.page, resolver);
      if (rs) process.stderr.write(`${rs}\n`);
      console.log(JSON.stringify({ task: taskId, model, ...scoresObject(result.scores) }));
      return 0;
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      console.error(`iwr eval: task ${taskId} (${htmlPath}): ${errorLine(err)}`);
      debugStack(err);
      // Bad data or a model that cannot be had are the user's to fix (2); anything else failed the evaluation (1).
      return /is not in|not a dataset|no source|DinoModelUnavailable|DINO model/.test(msg) ? 2 : 1;
    } finally {
      await session.close();
    }
  },
};
