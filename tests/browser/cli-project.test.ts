// Project candidates in the CLI, end to end: a results tree whose <task>/<model>/ holds a small
// Vite + React project is built with the local Node and npm (the repository's own node_modules
// linked in with --build-deps: no network) and evaluated; a project whose build breaks fails its
// task with the build's log and the batch goes on. Refusals that need no browser (--no-build, a
// zip entry climbing out) are checked on `iwr eval`.
import { beforeAll, expect, test } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { DINO, iwr, repo, SAMPLE_RESULTS, type Ran } from './cli-support.ts';

const reference = readFileSync(`${SAMPLE_RESULTS}/1/reference/index.html`, 'utf8');
const css = /<style>([\s\S]*?)<\/style>/.exec(reference)?.[1] ?? '';

/** Sample task 1's reference page written as a Vite + React app. */
const APP = `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import './style.css';

function App() {
  const [n, setN] = useState(0);
  const [name, setName] = useState('');
  const [greeting, setGreeting] = useState('');
  return (
    <>
      <header><img src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_001.png" width="36" height="36" alt="Tiny Tally logo" /><h1>Tiny Tally</h1></header>
      <main>
        <section className="card">
          <h2>Counter</h2>
          <p className="count" id="count">Count: {n}</p>
          <button className="btn" id="add" onClick={() => setN(n + 1)}>Add one</button>
        </section>
        <section className="card">
          <h2>Say hello</h2>
          <form id="hello" onSubmit={(e) => { e.preventDefault(); setGreeting('Hello, ' + name + '!'); }}>
            <input id="name" placeholder="Your name" aria-label="Your name" value={name} onChange={(e) => setName(e.target.value)} />
          </form>
          <p id="greeting">{greeting}</p>
          <img src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_002.png" width="120" height="40" alt="Made with care" />
        </section>
      </main>
    </>
  );
}
createRoot(document.getElementById('root')).render(<App />);
`;

function project(main: string): Record<string, string> {
  return {
    'package.json': JSON.stringify({ name: 'tiny-tally', private: true, type: 'module', scripts: { build: 'vite build' } }),
    'vite.config.js': "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n",
    'index.html':
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tiny Tally</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
    'src/style.css': css,
    'src/main.jsx': main,
  };
}

function writeTree(dir: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
}

let results = '';
let batch: Ran;
beforeAll(async () => {
  results = mkdtempSync(join(tmpdir(), 'iwr-project-'));
  writeTree(join(results, '1', 'proj'), project(APP));
  writeTree(join(results, '4', 'proj'), project('export default (;\n'));
  batch = await iwr([
    'batch',
    '--data',
    'samples',
    '--results',
    results,
    '--model',
    'proj',
    '--tasks',
    '1,4',
    '--dino-model',
    DINO,
    '--build-deps',
    `${repo}node_modules`,
    '--build-timeout',
    '120',
  ]);
}, 600_000);

test('a Vite + React project in the results tree is built and evaluated; eval.json records the build', () => {
  expect(batch.code, batch.stderr).toBe(1);
  const rec = JSON.parse(readFileSync(join(results, '1', 'proj', 'eval.json'), 'utf8')) as {
    success_step: number;
    total_step: number;
    all_ocr_scores: number[];
    iwr_studio: {
      build: { tool: string; node: string; npm: string; install: string; out_dir: string; output_hash: string; project_hash: string };
    };
  };
  expect(rec.success_step).toBe(rec.total_step);
  const b = rec.iwr_studio.build;
  expect(b.tool).toBe('node+npm');
  expect(b.node).toBe(process.version);
  expect(b.npm).toMatch(/^\d+\.\d+/);
  expect(b.install).toContain('node_modules');
  expect(b.out_dir).toBe('dist');
  expect(b.output_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(b.project_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(readFileSync(join(results, '1', 'proj', 'build.log'), 'utf8')).toMatch(/built in/);
  // The page the build wrote really ran: after the click and the typing, OCR reads what the reference shows
  // ("Count: 1", "Ada"). Checkpoint 0 is left out: on a loaded machine React's first render can come after
  // the official 1 s wait, as it would under the official harness.
  expect(rec.all_ocr_scores.slice(1)).toEqual([1, 1]);
  const summary = JSON.parse(readFileSync(join(results, 'reports', 'proj_batch.json'), 'utf8')) as {
    outcomes: { task: string; status: string; stage: string | null; reason: string | null; scores?: Record<string, number> }[];
  };
  const done = summary.outcomes.find((o) => o.task === '1');
  expect(done?.status).toBe('done');
  expect(done?.scores?.['IFS (unjudged assertions)']).toBe(1);
});

test('a project whose build breaks fails its task with the log; the batch goes on', () => {
  const summary = JSON.parse(readFileSync(join(results, 'reports', 'proj_batch.json'), 'utf8')) as {
    outcomes: { task: string; status: string; stage: string | null; reason: string | null }[];
  };
  const broken = summary.outcomes.find((o) => o.task === '4');
  expect(broken?.status).toBe('failed');
  expect(broken?.stage).toBe('build');
  expect(broken?.reason).toContain('npm run build');
  expect(broken?.reason).toContain(join(results, '4', 'proj', 'build.log'));
  expect(existsSync(join(results, '4', 'proj', 'eval.json'))).toBe(false);
  expect(readFileSync(join(results, '4', 'proj', 'build.log'), 'utf8')).toMatch(/main\.jsx/);
});

test('--no-build refuses a project, and a zip entry climbing out of the candidate is refused by name', async () => {
  const dir = join(results, '1', 'proj');
  const out = mkdtempSync(join(tmpdir(), 'iwr-project-out-'));
  const common = ['eval', '--data', 'samples', '--task', '1', '--out', out, '--dino-model', DINO];
  const refused = await iwr([...common, '--html', dir, '--no-build']);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('--no-build refuses projects');

  const zip = join(out, 'evil.zip');
  writeFileSync(zip, zipSync({ 'index.html': strToU8('<!doctype html><p>hi</p>'), '../../escape.js': strToU8('alert(1)') }));
  const traversal = await iwr([...common, '--html', zip]);
  expect(traversal.code).toBe(1);
  expect(traversal.stderr).toContain('refused: "../../escape.js" climbs out of the candidate\'s folder');
  expect(existsSync(join(out, 'eval.json'))).toBe(false);
}, 120_000);
