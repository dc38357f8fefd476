import { describe, expect, test } from 'vitest';
import { webContainerSupport, type BrowserFacts } from '../../src/shared/webcontainer-support.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const ready: BrowserFacts = { crossOriginIsolated: true, sharedArrayBuffer: true, serviceWorker: true, userAgent: CHROME, online: true };

describe('webContainerSupport', () => {
  test('an isolated, online desktop Chromium can start one', () => {
    expect(webContainerSupport(ready)).toEqual({ ok: true });
    // Headless Chrome (batch tools, this project's browser tests) names itself HeadlessChrome.
    expect(webContainerSupport({ ...ready, userAgent: CHROME.replace('Chrome/', 'HeadlessChrome/') })).toEqual({ ok: true });
  });
  test('each cannot-start case says which, once, and points at the CLI', () => {
    const cases: Array<[Partial<BrowserFacts>, string, RegExp]> = [
      [{ crossOriginIsolated: false }, 'not-isolated', /not cross-origin isolated .*Cross-Origin-Embedder-Policy: require-corp/],
      [{ sharedArrayBuffer: false }, 'not-isolated', /not cross-origin isolated/],
      [{ online: false }, 'offline', /offline: a WebContainer needs StackBlitz's service/],
      [{ serviceWorker: false }, 'unsupported-browser', /cannot run a WebContainer/],
      [
        { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36' },
        'unsupported-browser',
        /desktop Chromium/,
      ],
      [{ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0' }, 'unsupported-browser', /Firefox 118\+/],
      [
        {
          userAgent:
            'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Safari/605.1.15',
        },
        'unsupported-browser',
        /Safari 16\+/,
      ],
    ];
    for (const [facts, reason, message] of cases) {
      const r = webContainerSupport({ ...ready, ...facts });
      expect(r.ok, JSON.stringify(facts)).toBe(false);
      if (r.ok) continue;
      expect(r.reason, JSON.stringify(facts)).toBe(reason);
      expect(r.message).toMatch(message);
      expect(r.message).toContain('npx iwr eval --html');
    }
  });
  test('a supported Firefox or Safari passes; the browser is checked before isolation', () => {
    expect(webContainerSupport({ ...ready, userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' }).ok).toBe(
      true,
    );
    expect(
      webContainerSupport({
        ...ready,
        userAgent: 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      }).ok,
    ).toBe(true);
    const both = webContainerSupport({ ...ready, serviceWorker: false, crossOriginIsolated: false });
    expect(both.ok === false && both.reason).toBe('unsupported-browser');
  });
});
