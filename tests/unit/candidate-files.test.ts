import { describe, expect, test } from 'vitest';
import { candidateLayout, mimeOf, normalizeEntryPath, projectInfo, projectRoot, resolveRef } from '../../src/shared/candidate-files.ts';
import { rewriteCss, rewriteHtml, rewriteModule, runtimeTarget, VIRTUAL_ORIGIN, type RefLookup } from '../../src/agent/rewrite-files.ts';

describe('normalizeEntryPath', () => {
  test('relative names are cleaned: separators, "." and empty segments', () => {
    expect(normalizeEntryPath('css\\site.css')).toEqual({ ok: true, path: 'css/site.css' });
    expect(normalizeEntryPath('./a//b/./c.js')).toEqual({ ok: true, path: 'a/b/c.js' });
  });
  test('absolute paths and any ".." are refused, naming the entry', () => {
    for (const bad of ['/etc/passwd', 'C:\\Windows\\x.dll', 'file:///etc/passwd', '../../x', 'a/../../b', 'a/../b']) {
      const r = normalizeEntryPath(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.reason).toContain(JSON.stringify(bad));
    }
    expect(normalizeEntryPath('../../x')).toMatchObject({ reason: expect.stringContaining('climbs out') });
    expect(normalizeEntryPath('/etc/passwd')).toMatchObject({ reason: expect.stringContaining('absolute') });
  });
});

describe('resolveRef', () => {
  test('relative to the referring file, root-relative from the candidate root, query and fragment kept apart', () => {
    expect(resolveRef('index.html', './css/a.css')).toEqual({ kind: 'file', path: 'css/a.css', suffix: '' });
    expect(resolveRef('css/a.css', '../fonts/x.woff2?v=3#iefix')).toEqual({ kind: 'file', path: 'fonts/x.woff2', suffix: '?v=3#iefix' });
    expect(resolveRef('js/deep/m.js', '/assets/app.js')).toEqual({ kind: 'file', path: 'assets/app.js', suffix: '' });
    expect(resolveRef('index.html', 'img%20one.png')).toEqual({ kind: 'file', path: 'img one.png', suffix: '' });
  });
  test('schemes, protocol-relative URLs, fragments and bare module names stay external', () => {
    for (const ref of ['https://cdn.example/x.js', '//cdn.example/x.js', 'data:image/png;base64,AA', 'blob:null/1', '#top', ''])
      expect(resolveRef('index.html', ref)).toEqual({ kind: 'external' });
    expect(resolveRef('app.js', 'react', false)).toEqual({ kind: 'external' });
    expect(resolveRef('app.js', './react', false)).toMatchObject({ kind: 'file', path: 'react' });
  });
  test('climbing above the root is refused, naming the reference and its file', () => {
    expect(resolveRef('index.html', '../../etc/passwd')).toEqual({
      kind: 'refused',
      reason: '"../../etc/passwd" in index.html points outside the candidate',
    });
    expect(resolveRef('a/b.css', '../../x.png').kind).toBe('refused');
    expect(resolveRef('a/b.css', '../x.png')).toMatchObject({ kind: 'file', path: 'x.png' });
  });
});

describe('candidateLayout', () => {
  test('index.html at the top: everything kept, clutter dropped', () => {
    const l = candidateLayout(['index.html', 'css/a.css', '__MACOSX/._index.html', '.DS_Store', 'js/']);
    expect(l.root).toBe('');
    expect([...l.paths.values()]).toEqual(['index.html', 'css/a.css']);
  });
  test('index.html one folder down (a zip of a folder): that folder becomes the root, the rest is left out', () => {
    const l = candidateLayout(['site/index.html', 'site/app.js', 'README.md']);
    expect(l.root).toBe('site/');
    expect([...l.paths]).toEqual([
      ['site/index.html', 'index.html'],
      ['site/app.js', 'app.js'],
    ]);
  });
  test('no index.html, or two candidates one folder down: an error naming what was found', () => {
    expect(() => candidateLayout(['a.html', 'b.css'], 'x.zip')).toThrow(/x\.zip has no index\.html .*found a\.html, b\.css/);
    expect(() => candidateLayout(['a/index.html', 'b/index.html'])).toThrow(/index\.html in 2 folders \(a\/index\.html, b\/index\.html\)/);
    expect(() => candidateLayout([])).toThrow(/it is empty/);
  });
  test('refused entries are listed and never kept', () => {
    const l = candidateLayout(['index.html', '../../evil.js', '/abs.css']);
    expect([...l.paths.values()]).toEqual(['index.html']);
    expect(l.refused).toHaveLength(2);
    expect(l.refused[0]).toContain('"../../evil.js"');
  });
});

describe('projects', () => {
  test('a package.json with a build script is a project; its output folder is dist/ or the one --outDir names', () => {
    expect(projectInfo('{"scripts":{"build":"vite build"}}')).toEqual({ build: 'vite build', outDir: 'dist' });
    expect(projectInfo('{"scripts":{"build":"vite build --outDir out/site"}}')?.outDir).toBe('out/site');
    expect(projectInfo('{"scripts":{"build":"tsc && vite build --out-dir=\\"www\\""}}')?.outDir).toBe('www');
    expect(projectInfo('{"scripts":{"dev":"vite"}}')).toBeNull();
    expect(projectInfo('{"name":"x"}')).toBeNull();
    expect(() => projectInfo('{"scripts":{"build":"vite build --outDir ../../x"}}')).toThrow(/climbs out/);
    expect(() => projectInfo('{oops')).toThrow(/package\.json is not JSON/);
  });
  test('projectRoot: the top or one folder down, never inside node_modules', () => {
    expect(projectRoot(['package.json', 'index.html'])).toBe('');
    expect(projectRoot(['app/package.json', 'app/src/main.tsx'])).toBe('app/');
    expect(projectRoot(['node_modules/package.json'])).toBeNull();
    expect(projectRoot(['index.html'])).toBeNull();
  });
  test('mimeOf: module scripts and stylesheets get the types the browser insists on', () => {
    expect(mimeOf('a/b.mjs')).toBe('text/javascript');
    expect(mimeOf('x.CSS')).toBe('text/css');
    expect(mimeOf('f.woff2')).toBe('font/woff2');
    expect(mimeOf('noext')).toBe('application/octet-stream');
  });
});

describe('rewriting references between files', () => {
  const have = new Set(['css/site.css', 'css/base.css', 'fonts/f.woff2', 'img/a.png', 'js/app.js', 'js/util.js', 'data.json']);
  const seen: string[] = [];
  const lookup: RefLookup = (ref, from, mode) => {
    const t = resolveRef(from, ref, mode !== 'module');
    seen.push(`${mode}:${from}:${ref}`);
    if (t.kind === 'refused') return 'blob:missing';
    if (t.kind !== 'file') return undefined;
    if (!have.has(t.path)) return 'blob:missing';
    return mode === 'module' ? VIRTUAL_ORIGIN + t.path : `blob:${t.path}`;
  };

  test('HTML: loading tags are rewritten, links (navigation) and external URLs are not', () => {
    const html = [
      '<link rel="stylesheet" href="css/site.css">',
      "<script type=module src='./js/app.js'></script>",
      '<img src=img/a.png srcset="img/a.png 1x, https://x/y.png 2x">',
      '<a href="img/a.png">link</a>',
      '<script src="https://cdn.example/x.js"></script>',
      '<div style="background:url(img/a.png)"></div>',
      '<script type="module">import { x } from "./js/util.js"; import("./js/app.js")</script>',
      '<script>var s = "import \'./js/util.js\'";</script>',
    ].join('\n');
    const out = rewriteHtml(html, 'index.html', lookup);
    expect(out).toContain('<link rel="stylesheet" href="blob:css/site.css">');
    expect(out).toContain('<script type=module src="blob:js/app.js">');
    expect(out).toContain('<img src="blob:img/a.png" srcset="blob:img/a.png 1x, https://x/y.png 2x">');
    expect(out).toContain('<a href="img/a.png">link</a>');
    expect(out).toContain('<script src="https://cdn.example/x.js">');
    expect(out).toContain('url("blob:img/a.png")');
    expect(out).toContain(`import { x } from "${VIRTUAL_ORIGIN}js/util.js"; import("${VIRTUAL_ORIGIN}js/app.js")`);
    // A classic script's text is left to the run-time patches.
    expect(out).toContain(`var s = "import './js/util.js'";`);
  });

  test('CSS: url() in its three spellings and @import, relative to the stylesheet', () => {
    const css = `@import "base.css"; @font-face{src:url('../fonts/f.woff2') format('woff2')} .a{background:url(../img/a.png)} .b{background:url("data:image/png;base64,AA")} .c{background:url(../img/none.png)}`;
    const out = rewriteCss(css, 'css/site.css', lookup);
    expect(out).toContain('@import "blob:css/base.css"');
    expect(out).toContain('url("blob:fonts/f.woff2")');
    expect(out).toContain('url("blob:img/a.png")');
    expect(out).toContain('url("data:image/png;base64,AA")');
    expect(out).toContain('url("blob:missing")');
  });

  test('modules: static, side-effect, re-export and dynamic imports, and import.meta.url, by virtual URL; packages untouched', () => {
    const js = [
      "import { a } from './util.js';",
      'import "./util.js";',
      "export * from '../js/util.js';",
      "import React from 'react';",
      "const m = await import('./app.js');",
      "const u = new URL('../data.json', import.meta.url);",
    ].join('\n');
    const out = rewriteModule(js, 'js/app.js', lookup);
    expect(out).toContain(`import { a } from '${VIRTUAL_ORIGIN}js/util.js';`);
    expect(out).toContain(`import "${VIRTUAL_ORIGIN}js/util.js";`);
    expect(out).toContain(`export * from '${VIRTUAL_ORIGIN}js/util.js';`);
    expect(out).toContain("import React from 'react';");
    expect(out).toContain(`await import('${VIRTUAL_ORIGIN}js/app.js')`);
    expect(out).toContain(`new URL('../data.json', "${VIRTUAL_ORIGIN}js/app.js")`);
  });

  test('run-time URLs: relative, resolved against the page, virtual; traversal refused', () => {
    const base = 'http://127.0.0.1:5178/app/index.html#/try';
    expect(runtimeTarget('./data.json', base)).toMatchObject({ kind: 'file', path: 'data.json' });
    expect(runtimeTarget('http://127.0.0.1:5178/app/data.json', base)).toMatchObject({ kind: 'file', path: 'data.json' });
    expect(runtimeTarget(`${VIRTUAL_ORIGIN}js/../data.json`, base)).toMatchObject({ kind: 'file', path: 'data.json' });
    expect(runtimeTarget('https://api.example/x', base)).toEqual({ kind: 'external' });
    expect(runtimeTarget('../../secret.txt', base).kind).toBe('refused');
  });
});
