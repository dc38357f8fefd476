// public/samples/manifest.json: what each task's derived files were made from. The check
// compares it with the sources without a browser, so CI can tell in a second whether
// someone edited samples-src/ (or this generator) and forgot `npm run samples`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashGenerator, hashTask, manifestPath, readSources, samplesDir } from './sources.mjs';

/**
 * @typedef {object} ManifestTask
 * @property {number} id
 * @property {string} slug
 * @property {string} sources  sha256 of the task folder's files
 * @property {boolean} replayed  checkpoints and video come from our replay of the reference
 * @property {string[]} files  derived files, relative to public/samples/
 */
/**
 * @typedef {object} Manifest
 * @property {string} generator  sha256 of scripts/samples/
 * @property {ManifestTask[]} tasks
 */

/** @param {Manifest} manifest */
export function writeManifest(manifest) {
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** @returns {Manifest | null} */
export function readManifest() {
  if (!existsSync(manifestPath)) return null;
  return JSON.parse(readFileSync(manifestPath, 'utf8'));
}

/**
 * The up-to-date check. Returns one line per problem, each naming the task; empty when clean.
 * @param {Manifest | null} [manifest]  the committed manifest (a test may pass an altered one)
 * @returns {{ problems: string[], warnings: string[] }}
 */
export function checkSamples(manifest = readManifest()) {
  const problems = /** @type {string[]} */ ([]);
  const warnings = /** @type {string[]} */ ([]);
  const rerun = 'run `npm run samples` and commit the result';
  if (!manifest) return { problems: [`public/samples/manifest.json is missing: ${rerun}`], warnings };
  const sources = readSources();
  if (manifest.generator !== hashGenerator()) problems.push(`scripts/samples/ changed since the samples were generated: ${rerun}`);
  const byId = new Map(manifest.tasks.map((t) => [t.id, t]));
  for (const task of sources) {
    const name = `task ${task.id} (samples-src/${task.id}-${task.slug})`;
    const entry = byId.get(task.id);
    if (!entry) {
      problems.push(`${name} has never been generated: ${rerun}`);
      continue;
    }
    if (entry.sources !== hashTask(task)) problems.push(`${name}: its sources changed since the samples were generated: ${rerun}`);
    const missing = entry.files.filter((f) => !existsSync(join(samplesDir, f)));
    if (missing.length)
      problems.push(`${name}: derived files are missing: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}`);
    if (!entry.replayed) warnings.push(`${name}: checkpoints and video were not made by a replay yet`);
  }
  const known = new Set(sources.map((t) => t.id));
  for (const entry of manifest.tasks) {
    if (!known.has(entry.id))
      problems.push(`task ${entry.id} (${entry.slug}) is in the manifest but samples-src/ has no folder for it: ${rerun}`);
  }
  return { problems, warnings };
}
