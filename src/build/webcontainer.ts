// The tab's build container: a WebContainer (@webcontainer/api), StackBlitz's Node.js in the
// browser. The runtime itself comes from StackBlitz's service (a hidden frame on
// stackblitz.com) and packages from the npm registry, so the project's own install scripts run
// there, in the vendor's sandbox, never in this app's origin; what comes back is the output
// folder's bytes, which then run in our sandbox like any candidate.
//
// One runtime per page (the library refuses a second boot), so it is booted once and each
// build gets a folder of its own. Booting is bounded: without the service the library waits
// for ever (its frame never answers), and a person must be told why instead.
import type { DirectoryNode, FileNode, FileSystemTree, WebContainer } from '@webcontainer/api';
import { CLI_BUILD } from '../shared/webcontainer-support.ts';
import { BuildError, type BuildContainer } from './project-build.ts';

/** How long the vendor's service gets to start the runtime (its frame, then the runtime's download). */
export const BOOT_TIMEOUT_MS = 60_000;

/** A flat path -> bytes map as the nested tree WebContainer.mount takes. Pure; throws on a path that is both a file and a folder. */
export function fileSystemTreeOf(files: ReadonlyMap<string, Uint8Array>): FileSystemTree {
  const root: FileSystemTree = {};
  for (const [path, contents] of files) {
    const parts = path.split('/');
    let dir = root;
    for (const [i, name] of parts.entries()) {
      const last = i === parts.length - 1;
      const node = dir[name];
      if (last) {
        if (node) throw new BuildError(`${path}: both a file and a folder in the project`);
        dir[name] = { file: { contents } } satisfies FileNode;
      } else {
        if (node && !('directory' in node))
          throw new BuildError(`${parts.slice(0, i + 1).join('/')}: both a file and a folder in the project`);
        const next: DirectoryNode = node ?? { directory: {} };
        dir[name] = next;
        dir = next.directory;
      }
    }
  }
  return root;
}

let booting: Promise<WebContainer> | null = null;

/**
 * The page's one runtime; the boot is shared by every build and kept when it only timed out or
 * was cancelled (the service may answer later, and the library allows one boot per page).
 */
export async function bootWebContainer(timeoutMs = BOOT_TIMEOUT_MS, signal?: AbortSignal): Promise<WebContainer> {
  booting ??= import('@webcontainer/api')
    .then(({ WebContainer }) => WebContainer.boot({ coep: 'require-corp', workdirName: 'iwr' }))
    .catch((e: unknown) => {
      booting = null;
      throw new BuildError(`the WebContainer did not start: ${e instanceof Error ? e.message : String(e)}. ${CLI_BUILD}`);
    });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new BuildError(
            `StackBlitz's service did not start the WebContainer within ${Math.round(timeoutMs / 1000)} s (it is loaded from stackblitz.com; a firewall, an extension or no network stops it). ${CLI_BUILD}`,
          ),
        ),
      timeoutMs,
    );
    signal?.addEventListener('abort', () => reject(new BuildError('the build was cancelled while the WebContainer was starting')), {
      once: true,
    });
    if (signal?.aborted) reject(new BuildError('the build was cancelled while the WebContainer was starting'));
  });
  try {
    return await Promise.race([booting, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A BuildContainer in the folder `dir` of a booted runtime. */
export class WebContainerBuild implements BuildContainer {
  readonly tool = 'webcontainer' as const;
  constructor(
    private readonly wc: WebContainer,
    private readonly dir: string,
  ) {}

  async mount(files: ReadonlyMap<string, Uint8Array>): Promise<void> {
    await this.wc.fs.rm(this.dir, { recursive: true, force: true });
    await this.wc.fs.mkdir(this.dir, { recursive: true });
    await this.wc.mount(fileSystemTreeOf(files), { mountPoint: this.dir });
  }

  async run(cmd: string, args: string[], log: (text: string) => void, signal: AbortSignal): Promise<number> {
    const proc = await this.wc.spawn(cmd, args, { cwd: this.dir, env: { CI: '1', NO_COLOR: '1' } });
    const kill = () => proc.kill();
    signal.addEventListener('abort', kill, { once: true });
    if (signal.aborted) kill();
    const piped = proc.output.pipeTo(new WritableStream({ write: (chunk) => log(chunk) })).catch(() => undefined);
    try {
      const code = await proc.exit;
      // The exit can arrive before the last output: wait a moment for the stream to close.
      await Promise.race([piped, new Promise((r) => setTimeout(r, 500))]);
      return code;
    } finally {
      signal.removeEventListener('abort', kill);
    }
  }

  async readTree(dir: string): Promise<Map<string, Uint8Array> | null> {
    const out = new Map<string, Uint8Array>();
    const visit = async (rel: string): Promise<boolean> => {
      let ents;
      try {
        ents = await this.wc.fs.readdir(`${this.dir}/${rel}`, { withFileTypes: true });
      } catch {
        return false;
      }
      for (const e of ents) {
        const path = `${rel}/${e.name}`;
        if (e.isDirectory()) await visit(path);
        else if (e.isFile()) out.set(path.slice(dir.length + 1), await this.wc.fs.readFile(`${this.dir}/${path}`));
      }
      return true;
    };
    return (await visit(dir)) ? out : null;
  }

  async versions(): Promise<{ node: string; npm: string }> {
    const read = async (cmd: string): Promise<string> => {
      let text = '';
      const code = await this.run(cmd, ['--version'], (t) => (text += t), new AbortController().signal).catch(() => -1);
      return code === 0 ? text.trim() : 'unknown';
    };
    return { node: await read('node'), npm: await read('npm') };
  }
}
