// A project dropped in Try it, built in this tab: the output of an earlier build of the same
// files is reused (the builds store, by tree hash); else a WebContainer builds it with the
// same steps as the CLI (src/build/project-build.ts) and the output is kept for next time.
import { buildProjectIn, DEFAULT_BUILD_TIMEOUT_MS, treeHash, type BuildRecord, type BuildStage } from '../../build/project-build.ts';
import { bootWebContainer, BOOT_TIMEOUT_MS, WebContainerBuild } from '../../build/webcontainer.ts';
import { getBuild, putBuild } from '../../data/builds.ts';
import { webContainerSupport } from '../../shared/webcontainer-support.ts';
import { mimeOf } from '../../shared/candidate-files.ts';
import { candidateFromOutputs, type DroppedProject, type OpenedCandidate } from './candidate-drop.ts';

export type ProjectStage = 'hash' | 'boot' | BuildStage | 'save';

export interface BuiltProject extends OpenedCandidate {
  build: BuildRecord;
  /** True when an earlier build of the same files was reused. */
  cached: boolean;
}

export interface ProjectBuildHooks {
  onStage: (stage: ProjectStage) => void;
  log: (text: string) => void;
  signal: AbortSignal;
}

/**
 * How long the vendor's service gets to start the runtime: BOOT_TIMEOUT_MS, or `?wc-boot-timeout=MS`
 * in the page's address (the browser tests, which have no network, use it to see the message soon).
 */
function bootTimeout(): number {
  const v = Number(new URLSearchParams(location.search).get('wc-boot-timeout'));
  return Number.isFinite(v) && v > 0 ? v : BOOT_TIMEOUT_MS;
}

export async function buildDroppedProject(p: DroppedProject, hooks: ProjectBuildHooks): Promise<BuiltProject> {
  hooks.onStage('hash');
  const projectHash = await treeHash(p.files);
  const stored = await getBuild(projectHash);
  if (stored) {
    hooks.log(`# reused the build of ${new Date(stored.savedAt).toLocaleString()} (project sha256 ${projectHash})\n`);
    const c = await candidateFromOutputs(p.name, new Map(Object.entries(stored.outputs)));
    return { ...c, build: stored.record, cached: true };
  }
  const support = webContainerSupport({
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    sharedArrayBuffer: typeof SharedArrayBuffer === 'function',
    serviceWorker: 'serviceWorker' in navigator,
    userAgent: navigator.userAgent,
    online: navigator.onLine,
  });
  if (!support.ok) throw new Error(support.message);
  hooks.onStage('boot');
  hooks.log('# starting the WebContainer (StackBlitz)\n');
  const wc = await bootWebContainer(bootTimeout(), hooks.signal);
  const container = new WebContainerBuild(wc, `b-${projectHash.slice(0, 16)}`);
  const { outputs, record } = await buildProjectIn(container, p, {
    timeoutMs: DEFAULT_BUILD_TIMEOUT_MS,
    install: 'npm install',
    log: hooks.log,
    onStage: hooks.onStage,
    signal: hooks.signal,
  });
  const blobs = new Map<string, Blob>();
  for (const [path, data] of outputs) blobs.set(path, new Blob([data as Uint8Array<ArrayBuffer>], { type: mimeOf(path) }));
  const c = await candidateFromOutputs(p.name, blobs);
  hooks.onStage('save');
  await putBuild({ projectHash, outputs: Object.fromEntries(blobs), record, savedAt: Date.now() });
  return { ...c, build: record, cached: false };
}
