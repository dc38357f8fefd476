// `npm test`: lint, format check (Prettier), type-check, unit tests (Vitest) and browser tests (Vitest driving real
// headless Chromium through playwright-core). Ends with one plain "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, NO_BROWSER_MESSAGE } from './find-chromium.mjs';
import { findFirefox, NO_FIREFOX_MESSAGE } from './find-firefox.mjs';

const extra = process.argv.slice(2);
if (!findChromium()) {
  console.error(NO_BROWSER_MESSAGE);
  process.exit(1);
}

/**
 * A step whose output streams as it runs (the tests). Not spawnSync: the checks that run
 * beside it must keep draining their output meanwhile.
 * @param {string} label @param {string} cmd @param {string[]} args @returns {Promise<boolean>}
 */
function step(label, cmd, args) {
  const started = Date.now();
  console.log(`\n== ${label}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: process.env });
    const end = (/** @type {boolean} */ passed) => {
      console.log(`== ${label}: ${passed ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve(passed);
    };
    child.on('close', (code) => end(code === 0));
    child.on('error', () => end(false));
  });
}

/**
 * Steps that do not depend on each other, run at once (they are single-threaded for most of
 * their time, and CI's clock counts); each one's output is printed whole when it ends, so
 * the log reads as if they had run one after another.
 * @param {[string, string, string[]][]} steps
 */
async function stepsTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          /** @type {Buffer[]} */
          const out = [];
          const child = spawn(cmd, args, { env: process.env });
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('close', (code) => {
            const text = Buffer.concat(out).toString();
            console.log(`\n== ${label}${text ? `\n${text.trimEnd()}` : ''}`);
            console.log(`== ${label}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
            resolve(code === 0);
          });
          child.on('error', (e) => {
            console.log(`\n== ${label}: FAILED (${e.message})`);
            resolve(false);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

/** @param {string} name */
const bin = (name) => `node_modules/.bin/${name}`;
let ok = true;
/** @type {[string, string, string[]][]} */
const checks = [];
if (!extra.length) {
  checks.push(['lint', bin('eslint'), ['.', '--max-warnings=0']]);
  checks.push(['format', bin('prettier'), ['--check', '.', '--log-level=warn']]);
  checks.push(['type-check', 'node', ['scripts/typecheck.mjs']]);
}
mkdirSync('test-artifacts', { recursive: true });
// One build for every browser test project (each project's global setup would otherwise
// build its own); a private folder, so parallel runs never race on dist/.
let ownDist = '';
/** @type {[string, string, string[]][]} */
const build = [];
if (!process.env.IWR_TEST_DIST) {
  ownDist = mkdtempSync(join(tmpdir(), 'iwr-dist-'));
  build.push(['build', bin('vite'), ['build', '--logLevel', 'warn', '--outDir', ownDist, '--emptyOutDir']]);
  process.env.IWR_TEST_DIST = ownDist;
}
// The tests wait for the build only: lint, format and type-check (twice the build's time)
// finish beside the tests' first files instead of in front of them.
const checksDone = stepsTogether(checks);
ok = (await stepsTogether(build)) && ok;
const report = 'test-artifacts/vitest.json';
const vitestOk = await step('tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]);
ok = vitestOk && (await checksDone) && ok;
if (ownDist) rmSync(ownDist, { recursive: true, force: true });

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  // Failed tests; a file that failed to run at all (no test failed in it) counts once.
  failed = json.numFailedTests || json.numFailedTestSuites || 0;
}
if (!ok && failed === 0) failed = 1; // lint or type errors count as a failure
// The Firefox smoke test skips without Firefox (CI sets IWR_REQUIRE_FIREFOX=1, so it fails there): say so last.
if (!findFirefox()) console.log(`\nThe Firefox smoke test was skipped. ${NO_FIREFOX_MESSAGE}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
