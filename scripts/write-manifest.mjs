#!/usr/bin/env node
// `node scripts/write-manifest.mjs <dataset folder>`: writes <folder>/manifest.json, the list of
// every file below the folder (paths relative to it), which a URL source reads to know a task's
// files. A plain static host (GitHub Pages, a bucket) cannot list folders and the app never
// guesses names, so a dataset served from one needs this file next to its data.jsonl.
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listFiles } from './serve.mjs';

const dir = process.argv[2];
if (!dir || process.argv.length > 3) {
  console.error('Usage: node scripts/write-manifest.mjs <dataset folder>   (the folder holding data.jsonl)');
  process.exit(2);
}
const root = resolve(dir);
if (!existsSync(join(root, 'data.jsonl'))) {
  console.error(`${root} has no data.jsonl: give the dataset folder (the one holding data.jsonl and data/).`);
  process.exit(1);
}
const files = listFiles(root).filter((p) => p !== 'manifest.json');
writeFileSync(join(root, 'manifest.json'), `${JSON.stringify(files, null, 1)}\n`);
console.log(`Wrote ${join(root, 'manifest.json')}: ${files.length} files.`);
