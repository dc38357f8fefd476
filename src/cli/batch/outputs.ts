// The results tree of one model: <results>/<task>/<model dir>/{index.html, eval.json, evalpoints/}.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseEvalJson } from '../../scoring/evaljson.ts';
import { modelDirName } from '../../scoring/model-names.ts';

export function taskDir(results: string, task: string, model: string): string {
  return join(results, task, modelDirName(model));
}

/**
 * Why the task's outputs are not a finished evaluation, or null when they are: eval.json
 * parses without errors and every screenshot it scores is in evalpoints/.
 */
export function incompleteReason(dir: string): string | null {
  const file = join(dir, 'eval.json');
  if (!existsSync(file)) return 'no eval.json';
  const { record, problems } = parseEvalJson(readFileSync(file, 'utf8'), file);
  const err = problems.find((p) => p.severity === 'error');
  if (!record || err) return `eval.json is invalid (${err?.path ?? ''} ${err?.message ?? ''})`.trim();
  const missing = record.screenshot_paths_to_eval.map((p) => basename(p)).find((name) => !existsSync(join(dir, 'evalpoints', name)));
  return missing ? `evalpoints/${missing} is missing` : null;
}
