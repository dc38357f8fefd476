// Names derived from a model id, exactly as the official harness spells them.

/**
 * Result folder of a model: `<results>/<task>/<dir>/` (IWR-SPEC "Generation": lower-cased,
 * every '/' replaced by '__'), e.g. "OpenAI/GPT-4o" -> "openai__gpt-4o".
 */
export function modelDirName(model: string): string {
  return model.toLowerCase().replaceAll('/', '__');
}

/**
 * Stem of the report file `reports/<stem>_metrics.md`. Official quirk: the report writer
 * replaces '/' but does NOT lower-case, unlike the result folder, so "OpenAI/GPT-4o" writes
 * "OpenAI__GPT-4o_metrics.md" while its results live under "openai__gpt-4o/".
 */
export function reportStem(model: string): string {
  return model.replaceAll('/', '__');
}
