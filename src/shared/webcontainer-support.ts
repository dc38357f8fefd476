// Can this tab build a project candidate in a WebContainer (@webcontainer/api)? Pure: the
// caller passes what it read from the page, so every "cannot start" case is testable without
// the vendor's service. Whether the vendor's service answers is not probed here (that would be a
// request to a third party before anyone asked for a build); the boot itself is bounded instead
// (src/build/webcontainer.ts).

export interface BrowserFacts {
  /** globalThis.crossOriginIsolated: WebContainers need SharedArrayBuffer across workers. */
  crossOriginIsolated: boolean;
  /** typeof SharedArrayBuffer === 'function'. */
  sharedArrayBuffer: boolean;
  /** typeof ServiceWorkerContainer / navigator.serviceWorker: the container's preview server needs them. */
  serviceWorker: boolean;
  /** navigator.userAgent. */
  userAgent: string;
  /** navigator.onLine: the runtime and npm packages come from the vendor's service. */
  online: boolean;
}

export type WebContainerSupport = { ok: true } | { ok: false; reason: 'not-isolated' | 'unsupported-browser' | 'offline'; message: string };

export const CLI_BUILD = 'The CLI can build it instead: npx iwr eval --html <project folder> (it runs npm install and npm run build).';

/** Chromium-based desktop browsers, and Firefox and Safari from the versions StackBlitz lists as supported (beta). */
function supportedBrowser(ua: string): boolean {
  if (/\b(Android|iPhone|iPad|Mobile)\b/.test(ua)) return false;
  // Headless Chrome says "HeadlessChrome/…": the same engine (batch tools drive WebContainers in it).
  if (/\b(?:Headless)?(Chrome|Chromium|Edg)\/\d+/.test(ua)) return true;
  const firefox = /\bFirefox\/(\d+)/.exec(ua);
  if (firefox) return Number(firefox[1]) >= 118;
  const safari = /\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//.exec(ua);
  return safari ? Number(safari[1]) >= 16 : false;
}

/** The first reason a WebContainer cannot start here, with one message saying which and pointing at the CLI. */
export function webContainerSupport(f: BrowserFacts): WebContainerSupport {
  if (!supportedBrowser(f.userAgent) || !f.serviceWorker)
    return {
      ok: false,
      reason: 'unsupported-browser',
      message: `This browser cannot run a WebContainer (a desktop Chromium, Firefox 118+ or Safari 16+ with service workers is needed). ${CLI_BUILD}`,
    };
  if (!f.crossOriginIsolated || !f.sharedArrayBuffer)
    return {
      ok: false,
      reason: 'not-isolated',
      message: `This page is not cross-origin isolated (served without Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp), so a WebContainer cannot start. ${CLI_BUILD}`,
    };
  if (!f.online)
    return {
      ok: false,
      reason: 'offline',
      message: `This browser is offline: a WebContainer needs StackBlitz's service and the npm registry. ${CLI_BUILD}`,
    };
  return { ok: true };
}
