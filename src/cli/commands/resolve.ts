// `iwr resolve`: which element would a step act on? Loads FILE in the app's sandbox in
// headless Chromium, takes the agent's snapshot after the official 1 s wait and runs the
// resolver on it. Prints one JSON object.
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { UsageError, type Command } from '../command.ts';
import { openAppSession } from '../session.ts';
import { parseResolutionText } from '../../task/parse.ts';
import { ACTION_TYPES, type Step } from '../../task/types.ts';
import { applyResolver, RESOLVER_OPTION_SPEC, RESOLVER_OPTION_USAGE, resolverArg } from '../resolver-option.ts';

const USAGE = `Usage: iwr resolve --html FILE --viewport WxH --action JSON

Loads FILE in the sandbox at the viewport size (device scale factor 1), waits 1 s as the
official harness does, and resolves one step, given as in data.jsonl, e.g.
  --action '{"type":"Click","parameters":{"description":"Click the \\'Add\\' button"}}'
Prints {"ok","xpath","tag","text","confidence","typed","alternatives","reason","decided_by"}
(and "other", "llm_replies" when a model was asked); xpath is absolute with an index on
every part (/html[1]/body[1]/div[2]/button[1]).

${RESOLVER_OPTION_USAGE}

Exit codes: 0 resolved, 1 no element matches (reason printed in the JSON), 2 bad arguments.`;

/** Same rule as a task's recording_details.resolution, so "0x600" is refused rather than resolved in a frame with no width. */
function parseViewport(v: string | undefined): { width: number; height: number } {
  const size = parseResolutionText(v ?? '1920x1080');
  if (!size) throw new UsageError(`--viewport ${v}: expected WxH, e.g. 1280x720`);
  return size;
}

function parseAction(v: string | undefined): Step {
  if (!v) throw new UsageError('--action JSON is required');
  let raw: unknown;
  try {
    raw = JSON.parse(v);
  } catch (e) {
    throw new UsageError(`--action: not JSON (${(e as Error).message})`);
  }
  const a = raw as Partial<Step> | null;
  if (!a || typeof a !== 'object' || typeof a.type !== 'string')
    throw new UsageError('--action: expected an object with "type" and "parameters", as a step in data.jsonl');
  if (!(ACTION_TYPES as readonly string[]).includes(a.type))
    throw new UsageError(`--action: type ${JSON.stringify(a.type)} is not one of ${ACTION_TYPES.join(', ')}`);
  return { visual_evaluation_flag: false, logical_assertion: null, ...a, parameters: a.parameters ?? {} } as Step;
}

export const resolve: Command = {
  name: 'resolve',
  summary: 'show which element a step resolves to on a page (JSON)',
  usage: USAGE,
  async run(argv) {
    let values: Record<string, string | undefined>;
    try {
      values = parseArgs({
        args: argv,
        strict: true,
        options: { html: { type: 'string' }, viewport: { type: 'string' }, action: { type: 'string' }, ...RESOLVER_OPTION_SPEC },
      }).values;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (!values.html) throw new UsageError('--html FILE is required');
    if (!existsSync(values.html)) throw new UsageError(`--html ${values.html}: no such file`);
    const viewport = parseViewport(values.viewport);
    const action = parseAction(values.action);
    const resolver = resolverArg(values);
    const html = readFileSync(values.html, 'utf8');
    const session = await openAppSession({ viewport: { width: Math.max(1280, viewport.width), height: Math.max(720, viewport.height) } });
    try {
      await applyResolver(session.page, resolver);
      const r = await session.page.evaluate((input) => window.iwr.resolveHtml(input), { html, viewport, action });
      const out = {
        ok: r.ok,
        xpath: r.xpath,
        tag: r.tag,
        text: r.text,
        confidence: r.confidence,
        typed: r.typed,
        alternatives: r.alternatives,
        reason: r.reason,
        decided_by: r.decidedBy,
        ...(r.other ? { other: r.other } : {}),
        ...(r.llmReplies ? { llm_replies: r.llmReplies } : {}),
      };
      console.log(JSON.stringify(out));
      return r.ok ? 0 : 1;
    } finally {
      await session.close();
    }
  },
};
