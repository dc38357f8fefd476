// Waits until the DOM has been quiet for `quietMs` (no mutation), capped at `capMs`: the
// "settle" timing option, an alternative to the official fixed waits.
import type { SettleResult } from './protocol.ts';
import type { Saved } from './saved.ts';

export function settle(s: Saved, quietMs: number, capMs: number): Promise<SettleResult> {
  return new Promise((resolve) => {
    const start = s.now();
    let quietTimer = 0;
    let capTimer = 0;
    const observer = new s.MutationObserver(() => arm());
    const finish = (capped: boolean) => {
      observer.disconnect();
      s.clearTimeout(quietTimer);
      s.clearTimeout(capTimer);
      resolve({ waited: Math.round(s.now() - start), capped });
    };
    const arm = () => {
      s.clearTimeout(quietTimer);
      quietTimer = s.setTimeout(() => finish(false), quietMs);
    };
    observer.observe(s.doc, { subtree: true, childList: true, attributes: true, characterData: true });
    capTimer = s.setTimeout(() => finish(true), capMs);
    arm();
  });
}
