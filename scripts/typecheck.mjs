// Type-checks each runtime with its own library set; see the tsconfig.*.json files.
import { spawnSync } from 'node:child_process';

const projects = ['tsconfig.core.json', 'tsconfig.app.json', 'tsconfig.worker.json', 'tsconfig.node.json'];
let ok = true;
for (const project of projects) {
  const result = spawnSync('node_modules/.bin/tsc', ['-p', project, '--noEmit'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`type errors in ${project}`);
    ok = false;
  }
}
process.exit(ok ? 0 : 1);
