// The sample suite's sources: one folder per task under samples-src/, named <id>-<slug>.
// This module is plain Node (no browser) so the up-to-date check stays fast.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const sourcesDir = join(repoRoot, 'samples-src');
export const samplesDir = join(repoRoot, 'public/samples');
export const datasetDir = join(samplesDir, 'dataset');
export const resultsDir = join(samplesDir, 'results');
export const manifestPath = join(samplesDir, 'manifest.json');
export const generatorDir = fileURLToPath(new URL('.', import.meta.url));

/** The candidate pages every task ships, in the official results layout `results/<id>/<model>/index.html`. */
export const MODELS = /** @type {const} */ (['reference', 'static-lookalike', 'partial', 'broken']);

/**
 * @typedef {object} SampleSource
 * @property {number} id
 * @property {string} slug
 * @property {string} dir        absolute path of samples-src/<id>-<slug>
 * @property {Record<string, unknown> & { action_sequence: Array<Record<string, unknown>>, recording_details: { resolution: string } }} record  task.json with `id` added
 * @property {string[]} assetSources  absolute paths of assets/asset_NNN.svg, in name order
 * @property {string[]} files    every source file, relative to dir, sorted (what the hash covers)
 */

/** @param {string} dir @param {string} [prefix] @returns {string[]} */
function listFiles(dir, prefix = '') {
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out.sort();
}

/** @returns {SampleSource[]} */
export function readSources() {
  /** @type {SampleSource[]} */
  const tasks = [];
  for (const name of readdirSync(sourcesDir).sort()) {
    const m = /^(\d+)-([a-z0-9-]+)$/.exec(name);
    if (!m) continue;
    const dir = join(sourcesDir, name);
    const taskFile = join(dir, 'task.json');
    if (!existsSync(taskFile)) throw new Error(`samples-src/${name}: task.json is missing`);
    /** @type {any} */
    let parsed;
    try {
      parsed = JSON.parse(readFileSync(taskFile, 'utf8'));
    } catch (err) {
      throw new Error(`samples-src/${name}/task.json: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    for (const required of ['reference.html', 'partial.html', 'broken.html']) {
      if (!existsSync(join(dir, required))) throw new Error(`samples-src/${name}: ${required} is missing`);
    }
    const id = Number(m[1]);
    const assetsDir = join(dir, 'assets');
    const assetSources = existsSync(assetsDir)
      ? readdirSync(assetsDir)
          .filter((f) => /^asset_\d{3}\.svg$/.test(f))
          .sort()
          .map((f) => join(assetsDir, f))
      : [];
    // id first, as in the official data.jsonl lines.
    tasks.push({ id, slug: m[2] ?? '', dir, record: { id, ...parsed }, assetSources, files: listFiles(dir) });
  }
  const ids = tasks.map((t) => t.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup !== undefined) throw new Error(`samples-src: task id ${dup} is used by two folders`);
  return tasks.sort((a, b) => a.id - b.id);
}

/** @param {string} root @param {string[]} files */
function hashFiles(root, files) {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(f)
      .update('\0')
      .update(readFileSync(join(root, f)))
      .update('\0');
  }
  return h.digest('hex');
}

/** @param {SampleSource} task */
export const hashTask = (task) => hashFiles(task.dir, task.files);

/** The generator's own code: a change to it may change every derived file. */
export function hashGenerator() {
  const files = readdirSync(generatorDir)
    .filter((f) => f.endsWith('.mjs') || f.endsWith('.html'))
    .sort();
  return hashFiles(generatorDir, files);
}

/** @param {number} id */
export const taskDataDir = (id) => join(datasetDir, 'data', String(id));
