// Finds the system Firefox the Firefox smoke test drives through WebDriver BiDi (puppeteer-core).
// Nothing here downloads a browser: Debian's firefox-esr is installed by .ci/run.
import { findBrowser } from './find-chromium.mjs';

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/Applications/Firefox.app/Contents/MacOS/firefox'];

export const NO_FIREFOX_MESSAGE =
  'No Firefox found: install one (Debian: sudo apt-get install firefox-esr) or set FIREFOX_PATH to a Firefox binary.';

/** @returns {string | null} */
export const findFirefox = () => findBrowser('FIREFOX_PATH', CANDIDATES);
