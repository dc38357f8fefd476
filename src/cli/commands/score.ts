// `iwr score --eval FILE`: the official aggregate of one eval.json, as one JSON line.
// Pure Node: reads the file and runs src/scoring; no browser.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatProblem } from '../../task/types.ts';
import { parseEvalJson } from '../../scoring/evaljson.ts';
import type { EvalRecord } from '../../scoring/eval-record.ts';
import { taskScores } from '../../scoring/metrics.ts';
import { scoresObject } from '../../scoring/report.ts';
import { UsageError, type Command } from '../command.ts';

/** Reads and validates one eval.json; warnings go to stderr, errors become a UsageError. */
export async function readEvalFile(path: string): Promise<EvalRecord> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new UsageError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const { record, problems } = parseEvalJson(text, path);
  for (const p of problems.filter((x) => x.severity === 'warning')) console.error(`warning: ${formatProblem(p)}`);
  const errors = problems.filter((x) => x.severity === 'error');
  if (!record || errors.length) throw new UsageError(errors.map(formatProblem).join('\n'));
  return record;
}

export const score: Command = {
  name: 'score',
  summary: 'print the official aggregate of one eval.json as JSON',
  usage: [
    'Usage: iwr score --eval FILE',
    '',
    'Prints one JSON line: IFS, ocr_score, dino_score, LFS, HFS, VFS, Final as fractions 0..1',
    '(official aggregate: lists cut to success_step + 1, then averaged), "complete", and',
    '"partial" coverage. A figure that is not official because no judge ran is printed under',
    'a labelled key instead, e.g. "VFS (no HFS)", "Final (no HFS)", "HFS (unjudged)": null.',
    'Exit 2 when the file is missing or invalid (the file and field are named).',
  ].join('\n'),
  async run(argv) {
    let file: string | undefined;
    try {
      file = parseArgs({ args: argv, options: { eval: { type: 'string' } }, strict: true }).values.eval;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (!file) throw new UsageError('--eval FILE is required');
    const record = await readEvalFile(file);
    console.log(JSON.stringify(scoresObject(taskScores(record))));
    return 0;
  },
};
