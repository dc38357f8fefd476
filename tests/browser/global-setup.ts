// Builds the app once (unless IWR_SKIP_BUILD=1 and dist/ exists) and serves it, with the
// test fixtures mounted at /fixtures/, for every browser test file.
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup(project: TestProject) {
  if (!(process.env.IWR_SKIP_BUILD === '1' && existsSync(`${repo}/dist/index.html`))) {
    await build({ root: repo, logLevel: 'warn', configFile: `${repo}/vite.config.ts` });
  }
  const server = await startServer({ root: `${repo}/dist`, mounts: { '/fixtures/': `${repo}/tests/fixtures` } });
  project.provide('appUrl', server.url);
  return async () => {
    await server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
  }
}
