// `iwr replay`: operate a candidate page on a task like the official harness and keep the
// screenshots. The task line and the asset list are read here in Node; the app fetches the
// assets from the session's /local-data/ mount (or the built-in samples) and runs the replay.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError, type Command } from '../command.ts';
import { dataArg, dataMounts, findTask, taskAssetUrls } from '../data.ts';
import { openAppSession } from '../session.ts';
import { applyResolver, RESOLVER_OPTION_SPEC, RESOLVER_OPTION_USAGE, resolverArg } from '../resolver-option.ts';

const USAGE = `Usage: iwr replay --data DIR --task ID --html FILE --out DIR [options]

Replays FILE on task ID (load, 1 s, screenshot 0; each step, 0.5 s, screenshot k; stop at
the first failure) and writes DIR/evalpoints/<k>.png and DIR/replay.json (summary and one
record per screenshot: action, resolved element, ok/failed with reason, console errors,
dialogs, blocked requests, timings). Screenshots come from the app's DOM rasteriser; for
real pixels use \`iwr eval --capture cdp\`.

  --data DIR        dataset folder with data.jsonl and data/<id>/assets/, or "samples"
  --task ID         task id
  --html FILE       the candidate index.html
  --out DIR         output folder
  --seed N          Math.random seed of the page (default 0)
  --timing official|settle       fixed official waits (default) or wait for the DOM to settle
  --scroll official|directional  official scroll rule (default) or honour direction
  --network blocked|allowed      the page's network policy (default blocked)
  --step-timeout MS per-step limit (default 30000, as officially)
${RESOLVER_OPTION_USAGE}

Exit codes: 0 every step done, 1 a step failed (replay.json says why), 2 bad arguments or data.`;

function choice<T extends string>(name: string, v: string | undefined, allowed: readonly T[], fallback: T): T {
  if (v === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(v)) throw new UsageError(`--${name} ${v}: expected one of ${allowed.join(', ')}`);
  return v as T;
}

export const replay: Command = {
  name: 'replay',
  summary: 'replay a candidate on a task: evalpoints/<k>.png and replay.json',
  usage: USAGE,
  async run(argv) {
    let v: Record<string, string | undefined>;
    try {
      v = parseArgs({
        args: argv,
        strict: true,
        options: {
          data: { type: 'string' },
          task: { type: 'string' },
          html: { type: 'string' },
          out: { type: 'string' },
          seed: { type: 'string' },
          timing: { type: 'string' },
          scroll: { type: 'string' },
          network: { type: 'string' },
          'step-timeout': { type: 'string' },
          ...RESOLVER_OPTION_SPEC,
        },
      }).values;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const data = dataArg(v.data);
    if (!v.task) throw new UsageError('--task ID is required');
    if (!v.html) throw new UsageError('--html FILE is required');
    if (!existsSync(v.html)) throw new UsageError(`--html ${v.html}: no such file`);
    if (!v.out) throw new UsageError('--out DIR is required');
    const seed = v.seed === undefined ? 0 : Number(v.seed);
    const stepTimeoutMs = v['step-timeout'] === undefined ? 30_000 : Number(v['step-timeout']);
    if (!Number.isFinite(seed)) throw new UsageError(`--seed ${v.seed}: expected a number`);
    if (!Number.isFinite(stepTimeoutMs) || stepTimeoutMs <= 0)
      throw new UsageError(`--step-timeout ${v['step-timeout']}: expected a positive number`);
    const options = {
      seed,
      stepTimeoutMs,
      timing: choice('timing', v.timing, ['official', 'settle'] as const, 'official'),
      scroll: choice('scroll', v.scroll, ['official', 'directional'] as const, 'official'),
      policy: choice('network', v.network, ['blocked', 'allowed'] as const, 'blocked'),
    };
    const resolver = resolverArg(v);
    const task = findTask(data.dir, v.task);
    const html = readFileSync(v.html, 'utf8');

    const session = await openAppSession({ mounts: dataMounts(data), viewport: { width: 1280, height: 720 } });
    try {
      const assetUrls = taskAssetUrls(session, data, v.task);
      await applyResolver(session.page, resolver);
      const out = await session.page.evaluate((input) => window.iwr.replayHtml(input), { task, html, assetUrls, options });
      const dir = v.out;
      mkdirSync(join(dir, 'evalpoints'), { recursive: true });
      const records = out.records.map(({ screenshot, ...rest }) => {
        if (!screenshot) return rest;
        const file = `evalpoints/${rest.k}.png`;
        writeFileSync(join(dir, file), Buffer.from(screenshot, 'base64'));
        return { ...rest, screenshot: file };
      });
      writeFileSync(
        join(dir, 'replay.json'),
        JSON.stringify({ task: task.id, html: v.html, summary: out.summary, records }, null, 2) + '\n',
      );
      const s = out.summary;
      console.log(
        JSON.stringify({
          done: s.done,
          steps: s.steps,
          failedAt: s.failedAt,
          reason: s.reason ?? null,
          screenshots: records.filter((r) => 'screenshot' in r && r.screenshot).length,
          out: dir,
        }),
      );
      return s.failedAt === null ? 0 : 1;
    } finally {
      await session.close();
    }
  },
};
