// How screenshots are taken and actions reach the page, chosen by name: every entry point (the
// Run button, window.iwr.evaluate for the CLI, a resumed run) passes plain names, and this is
// the one place that turns them into backends. 'cdp' and 'trusted' need the headless CLI, which
// exposes window.iwrCdpGrab and window.iwrTrustedInput on the app page (src/cli/evaluate.ts).
import { base64ToBlob } from '../data/bytes.ts';
import { cdpCapture, domCapture, type CaptureBackend } from '../run/capture.ts';
import { syntheticInput, trustedInput, type InputBackend, type InputName, type TrustedOp } from '../run/input.ts';

export type CaptureName = 'dom' | 'cdp';
export type { InputName };

type Grab = (rect: { x: number; y: number; width: number; height: number }) => Promise<string>;

/** The capture backend named by --capture; 'cdp' needs the CLI's binding. */
export function captureBackendNamed(name: CaptureName | undefined): CaptureBackend {
  if (name === undefined || name === 'dom') return domCapture;
  if (name !== 'cdp') throw new Error(`unknown capture backend ${JSON.stringify(name)} (expected dom or cdp)`);
  const grab = (window as unknown as { iwrCdpGrab?: Grab }).iwrCdpGrab;
  if (!grab) throw new Error("capture 'cdp' needs the headless CLI (window.iwrCdpGrab is missing)");
  return cdpCapture(async (frame) => {
    const r = frame.getBoundingClientRect();
    return base64ToBlob(await grab({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
}

/** The input backend named by --input; 'trusted' needs the CLI's binding. */
export function inputBackendNamed(name: InputName | undefined): InputBackend {
  if (name === undefined || name === 'synthetic') return syntheticInput;
  if (name !== 'trusted') throw new Error(`unknown input backend ${JSON.stringify(name)} (expected synthetic or trusted)`);
  const send = (window as unknown as { iwrTrustedInput?: (op: TrustedOp) => Promise<void> }).iwrTrustedInput;
  if (!send) throw new Error("input 'trusted' needs the headless CLI (window.iwrTrustedInput is missing)");
  return trustedInput((op) => send(op));
}
