// Capture backends: how screenshot k is taken. 'dom' rasterises the DOM inside the frame
// (snapdom; works in any tab). 'cdp' is for the headless CLI, which can grab the frame's
// real pixels through the browser protocol: it hands the runner a `grab` function (for
// instance one exposed with Playwright's page.exposeFunction) that screenshots the iframe.
import type { CaptureResult } from '../agent/protocol.ts';
import type { SandboxHost } from '../sandbox/host.ts';

export interface CaptureBackend {
  readonly name: 'dom' | 'cdp';
  capture(host: SandboxHost, timeoutMs: number, signal?: AbortSignal): Promise<{ png: Blob; ms: number }>;
}

export const domCapture: CaptureBackend = {
  name: 'dom',
  async capture(host, timeoutMs, signal) {
    const r = await host.request<CaptureResult>({ cmd: 'capture' }, timeoutMs, signal);
    if (!(r?.png instanceof Blob)) throw new Error('the agent returned no PNG');
    return { png: r.png, ms: r.ms };
  },
};

/** `grab(frame)` must return PNG bytes of exactly the frame's viewport at device scale factor 1. */
export function cdpCapture(grab: (frame: HTMLIFrameElement) => Promise<Blob>): CaptureBackend {
  return {
    name: 'cdp',
    async capture(host) {
      const t0 = performance.now();
      const png = await grab(host.iframe);
      return { png, ms: Math.round(performance.now() - t0) };
    },
  };
}
