// The srcdoc of the sandbox frame: the CSP and the agent, nothing else. The candidate is
// written over this document by the agent once the app has sent it through the port.
import type { NetworkPolicy } from '../agent/protocol.ts';
import { cspFor } from './csp.ts';

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function bootstrapHtml(agentSource: string, policy: NetworkPolicy): string {
  // The agent bundle has `</script` escaped by the build plugin; check anyway, since an
  // early end tag would run the rest of the bundle as page text.
  if (/<\/script/i.test(agentSource)) throw new Error('agent bundle contains "</script": it cannot be inlined');
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttr(cspFor(policy))}">`,
    `<script>${agentSource}</script>`,
    '</head><body></body></html>',
  ].join('');
}
