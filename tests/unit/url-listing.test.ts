// A URL source without a manifest reads the server's folder listing: the entries are the links
// to the folder's direct children, whichever server wrote the page.
import { describe, expect, test } from 'vitest';
import { listingEntries, noListingMessage } from '../../src/sources/url.ts';

const folder = 'http://host/ds/data/1/';

describe('listingEntries', () => {
  test("python's http.server: relative links, folders with a slash, names percent-encoded", () => {
    const html = `<!DOCTYPE HTML><html><head><title>Directory listing for /ds/data/1/</title></head><body><hr><ul>
<li><a href="assets/">assets/</a></li>
<li><a href="checkpoints/">checkpoints/</a></li>
<li><a href="my%20notes.txt">my notes.txt</a></li>
<li><a href="video.webm">video.webm</a></li>
<li><a href=".DS_Store">.DS_Store</a></li>
</ul><hr></body></html>`;
    expect(listingEntries(html, folder).sort()).toEqual(['assets/', 'checkpoints/', 'my notes.txt', 'video.webm']);
  });

  test('nginx autoindex and Apache: the parent link, sort links and absolute paths elsewhere are left out', () => {
    const nginx = `<html><head><title>Index of /ds/data/1/</title></head><body><h1>Index of /ds/data/1/</h1><hr><pre><a href="../">../</a>
<a href="assets/">assets/</a>                                            01-Dec-2026 10:00       -
<a href="metadata.json">metadata.json</a>                                01-Dec-2026 10:00     120
</pre><hr></body></html>`;
    expect(listingEntries(nginx, folder).sort()).toEqual(['assets/', 'metadata.json']);
    const apache = `<table><tr><th><a href="?C=N;O=D">Name</a></th><th><a href='?C=M;O=A'>Last modified</a></th></tr>
<tr><td><a href="/ds/data/">Parent Directory</a></td></tr>
<tr><td><a href="/ds/data/1/video.mp4">video.mp4</a></td></tr>
<tr><td><a href=checks.json>checks.json</a></td></tr>
<tr><td><a href="http://elsewhere/ds/data/1/x.png">x.png</a></td></tr>
<tr><td><a href="assets/asset_001.png">deeper</a></td></tr></table>`;
    expect(listingEntries(apache, folder).sort()).toEqual(['checks.json', 'video.mp4']);
  });

  test('a page that is not a listing (an app shell) has no entries', () => {
    expect(listingEntries('<!doctype html><div id="root"></div><script src="./assets/index.js"></script>', folder)).toEqual([]);
  });
});

test('without a manifest or a listing, the error names the URL and both fixes', () => {
  const m = noListingMessage('https://example.org/ds/');
  expect(m).toContain('https://example.org/ds/ has no manifest.json');
  expect(m).toContain('node scripts/write-manifest.mjs');
  expect(m).toContain('directory listings');
});
