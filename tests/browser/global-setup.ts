// Builds the app once per test run into a private folder (so parallel runs never race on
// dist/) and serves it, with the test fixtures mounted at /fixtures/, for every browser
// test file. IWR_TEST_DIST=<dir> reuses an existing build instead.
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup(project: TestProject) {
  let dist = process.env.IWR_TEST_DIST;
  let own = false;
  if (!dist) {
    dist = mkdtempSync(join(tmpdir(), 'iwr-dist-'));
    own = true;
    await build({ root: repo, logLevel: 'warn', configFile: `${repo}/vite.config.ts`, build: { outDir: dist, emptyOutDir: true } });
  }
  const server = await startServer({ root: dist, mounts: { '/fixtures/': `${repo}/tests/fixtures` } });
  project.provide('appUrl', server.url);
  project.provide('distDir', dist);
  return async () => {
    await server.close();
    if (own) rmSync(dist, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    distDir: string;
  }
}
