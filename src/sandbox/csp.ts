// The Content-Security-Policy of the sandbox document, delivered by a <meta> in the
// srcdoc (it stays in force after the agent's document.open/write of the candidate).
// 'blocked' (default): nothing leaves the page; the official rules forbid external
// dependencies, so a candidate that needs the network is wrong, and the run says so.
// Scripts need 'unsafe-inline' (the agent and the candidate are inline) and 'unsafe-eval'
// (model-written pages use new Function / setTimeout strings); blob: and data: serve the
// task's assets, which the agent turns into blob: URLs inside the frame.
import type { NetworkPolicy } from '../agent/protocol.ts';

const BLOCKED = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval' blob: data:",
  "style-src 'unsafe-inline' blob: data:",
  'img-src blob: data:',
  'media-src blob: data:',
  'font-src blob: data:',
  'connect-src blob: data:',
  'worker-src blob:',
  "frame-src 'none'",
  "object-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  'manifest-src blob:',
];

const ALLOWED = [
  "default-src * blob: data: 'unsafe-inline' 'unsafe-eval'",
  "script-src * blob: data: 'unsafe-inline' 'unsafe-eval'",
  "style-src * blob: data: 'unsafe-inline'",
  'img-src * blob: data:',
  'media-src * blob: data:',
  'font-src * blob: data:',
  'connect-src * blob: data:',
  "frame-src 'none'",
  "object-src 'none'",
  "form-action 'none'",
];

export function cspFor(policy: NetworkPolicy): string {
  return (policy === 'allowed' ? ALLOWED : BLOCKED).join('; ');
}
