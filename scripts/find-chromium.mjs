// Finds the system Chromium or Chrome the tests and the CLI drive through playwright-core.
// Nothing here downloads a browser: the project uses what the machine has.
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export const NO_BROWSER_MESSAGE =
  'No Chromium found: install one (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.';

/**
 * The binary an environment variable names (null when it names nothing there), else the first
 * candidate that exists.
 * @param {string} envName @param {readonly string[]} candidates @returns {string | null}
 */
export function findBrowser(envName, candidates) {
  const fromEnv = process.env[envName];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** @returns {string | null} */
export const findChromium = () => findBrowser('CHROMIUM_PATH', CANDIDATES);

/**
 * Flags for a closed network and a root user: without the background-networking
 * switches Chromium keeps trying to reach Google's hosts; WebGPU is opt-in because
 * headless offers only SwiftShader, and only with these switches.
 * @param {{ webgpu?: boolean }} [opts]
 */
export function chromiumArgs(opts = {}) {
  const args = [
    '--no-sandbox',
    '--disable-gpu-sandbox',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ];
  if (opts.webgpu) args.push('--enable-unsafe-webgpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader');
  return args;
}
