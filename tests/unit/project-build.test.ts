// The build steps shared by the CLI and the tab (src/build/project-build.ts), run in a container
// that scripts each command's outcome, so the order, the time limit, cancelling and every
// failure message are checked without npm; the CLI's end-to-end test (cli-project) runs the
// same steps with the real Node and npm. Also the tree hash both sides key builds by, and the
// nested tree a WebContainer mounts.
import { describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { BuildError, buildProjectIn, treeHash, type BuildContainer } from '../../src/build/project-build.ts';
import { fileSystemTreeOf } from '../../src/build/webcontainer.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const PROJECT = {
  project: { build: 'vite build', outDir: 'dist' },
  files: new Map([
    ['package.json', enc('{"scripts":{"build":"vite build"}}')],
    ['src/main.js', enc('console.log(1)')],
  ]),
};

type Script = (args: string[], log: (t: string) => void, signal: AbortSignal) => Promise<number>;

/** A container whose commands do what the test says; it records what was asked of it. */
class ScriptedContainer implements BuildContainer {
  readonly tool = 'node+npm' as const;
  mounted: string[] = [];
  ran: string[] = [];
  killed: string[] = [];
  outputs: Map<string, Uint8Array> | null = new Map([['index.html', enc('<p>built</p>')]]);
  constructor(private readonly scripts: Record<string, Script> = {}) {}
  async mount(files: ReadonlyMap<string, Uint8Array>) {
    this.mounted = [...files.keys()];
  }
  run(cmd: string, args: string[], log: (t: string) => void, signal: AbortSignal) {
    const line = `${cmd} ${args.join(' ')}`;
    this.ran.push(line);
    signal.addEventListener('abort', () => this.killed.push(line));
    return (this.scripts[line] ?? (async () => (log(`ran ${line}\n`), 0)))(args, log, signal);
  }
  async readTree(dir: string) {
    return dir === 'dist' ? this.outputs : null;
  }
  async versions() {
    return { node: 'v20.0.0', npm: '10.0.0' };
  }
}

const never: Script = () => new Promise(() => undefined);

describe('buildProjectIn', () => {
  test('mounts, installs, builds and reads the output folder; the record names the tool, the script and both hashes', async () => {
    const c = new ScriptedContainer();
    let log = '';
    const stages: string[] = [];
    const { outputs, record } = await buildProjectIn(c, PROJECT, {
      timeoutMs: 10_000,
      install: 'npm install',
      log: (t) => (log += t),
      onStage: (s) => stages.push(s),
    });
    expect(c.mounted).toEqual(['package.json', 'src/main.js']);
    expect(c.ran).toEqual(['npm install --no-audit --no-fund', 'npm run build']);
    expect(stages).toEqual(['mount', 'install', 'build', 'output']);
    expect([...outputs.keys()]).toEqual(['index.html']);
    expect(record).toMatchObject({
      tool: 'node+npm',
      node: 'v20.0.0',
      npm: '10.0.0',
      script: 'vite build',
      install: 'npm install',
      out_dir: 'dist',
    });
    expect(record.project_hash).toBe(await treeHash(PROJECT.files));
    expect(record.output_hash).toBe(await treeHash(outputs));
    expect(log).toMatch(
      /^\$ npm install --no-audit --no-fund\nran npm install[^\n]*\n\$ npm run build\nran npm run build\n# built in \d+ ms; output dist\/ 1 files, sha256 [0-9a-f]{64}\n$/,
    );
  });

  test('dependencies provided another way: no npm install, and the record says what was done instead', async () => {
    const c = new ScriptedContainer();
    const { record } = await buildProjectIn(c, PROJECT, {
      timeoutMs: 10_000,
      install: { done: 'linked /deps as node_modules' },
      log: () => {},
    });
    expect(c.ran).toEqual(['npm run build']);
    expect(record.install).toBe('linked /deps as node_modules');
  });

  test('a failing install stops there and names the command with its exit code', async () => {
    const c = new ScriptedContainer({ 'npm install --no-audit --no-fund': async () => 1 });
    await expect(buildProjectIn(c, PROJECT, { timeoutMs: 10_000, install: 'npm install', log: () => {} })).rejects.toThrow(
      new BuildError('`npm install --no-audit --no-fund` failed (exit 1)'),
    );
    expect(c.ran).toEqual(['npm install --no-audit --no-fund']);
  });

  test('a command that cannot start is named', async () => {
    const c = new ScriptedContainer({ 'npm run build': () => Promise.reject(new Error('spawn npm ENOENT')) });
    await expect(buildProjectIn(c, PROJECT, { timeoutMs: 10_000, install: { done: 'x' }, log: () => {} })).rejects.toThrow(
      '`npm` could not start: spawn npm ENOENT',
    );
  });

  test('install and build share one time limit; the command still running is killed and named', async () => {
    const c = new ScriptedContainer({
      'npm install --no-audit --no-fund': () => new Promise((r) => setTimeout(() => r(0), 150)),
      'npm run build': never,
    });
    const t0 = Date.now();
    const err = await buildProjectIn(c, PROJECT, { timeoutMs: 300, install: 'npm install', log: () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildError);
    // The build got what the install left of the 300 ms (about 150), not 300 ms of its own. Node's
    // timers may fire a millisecond or two before Date.now() says the delay has passed, so the
    // bound leaves room for that instead of asserting exactly 150 (CI once saw 151).
    const left = /^`npm run build` did not finish within the build's time limit \((\d+) ms\)$/.exec((err as Error).message);
    expect(left, (err as Error).message).not.toBeNull();
    expect(Number(left![1])).toBeLessThanOrEqual(200);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(c.killed).toEqual(['npm run build']);
  });

  test('cancelling kills the running command and says so', async () => {
    const c = new ScriptedContainer({ 'npm install --no-audit --no-fund': never });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 30);
    await expect(
      buildProjectIn(c, PROJECT, { timeoutMs: 10_000, install: 'npm install', log: () => {}, signal: ctl.signal }),
    ).rejects.toThrow('`npm install --no-audit --no-fund` was cancelled');
    expect(c.killed).toEqual(['npm install --no-audit --no-fund']);
  });

  test('a build that writes no output folder, or an empty one, is a failure that names the folder', async () => {
    const none = new ScriptedContainer();
    none.outputs = null;
    await expect(buildProjectIn(none, PROJECT, { timeoutMs: 10_000, install: { done: 'x' }, log: () => {} })).rejects.toThrow(
      'the build wrote no dist/ folder',
    );
    const empty = new ScriptedContainer();
    empty.outputs = new Map();
    await expect(buildProjectIn(empty, PROJECT, { timeoutMs: 10_000, install: { done: 'x' }, log: () => {} })).rejects.toThrow(
      "the build's dist/ folder is empty",
    );
  });
});

describe('treeHash', () => {
  test('SHA-256 over the sorted "path sha256" lines: independent of order, changed by any byte or name', async () => {
    const files = new Map([
      ['b.js', enc('2')],
      ['a/index.html', enc('1')],
    ]);
    const sha = (d: Uint8Array | string) => createHash('sha256').update(d).digest('hex');
    const expected = sha([`a/index.html ${sha(enc('1'))}`, `b.js ${sha(enc('2'))}`].join('\n'));
    expect(await treeHash(files)).toBe(expected);
    expect(await treeHash(new Map([...files].reverse()))).toBe(expected);
    expect(await treeHash(new Map([...files, ['b.js', enc('3')]]))).not.toBe(expected);
    expect(
      await treeHash(
        new Map([
          ['a/index.htm', enc('1')],
          ['b.js', enc('2')],
        ]),
      ),
    ).not.toBe(expected);
  });
});

describe('fileSystemTreeOf', () => {
  test('nests paths as WebContainer.mount takes them', () => {
    const tree = fileSystemTreeOf(
      new Map([
        ['package.json', enc('{}')],
        ['src/app/main.js', enc('x')],
        ['src/b.css', enc('y')],
      ]),
    );
    expect(tree).toEqual({
      'package.json': { file: { contents: enc('{}') } },
      src: {
        directory: { app: { directory: { 'main.js': { file: { contents: enc('x') } } } }, 'b.css': { file: { contents: enc('y') } } },
      },
    });
  });

  test('a path that is both a file and a folder is refused by name', () => {
    expect(() =>
      fileSystemTreeOf(
        new Map([
          ['src', enc('x')],
          ['src/a.js', enc('y')],
        ]),
      ),
    ).toThrow('src: both a file and a folder in the project');
    expect(() =>
      fileSystemTreeOf(
        new Map([
          ['src/a.js', enc('y')],
          ['src', enc('x')],
        ]),
      ),
    ).toThrow('src: both a file and a folder in the project');
  });
});
