// The real-page corpus loader (tests/support/real-pages.ts): where a case file's page may lie
// (beside it, or a shared page elsewhere under tests/fixtures/, never outside), and the
// tuning-2 split reading its pages from the capture-parity folder.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { caseProblems, CORPUS_DIR, FIXTURES_DIR, isWithheld, listCorpus, pagePath, SPLITS } from '../support/real-pages.ts';

describe('pagePath', () => {
  const dir = join(CORPUS_DIR, 'tuning-2');
  test('a page beside the case file or elsewhere under tests/fixtures/', () => {
    expect(pagePath(join(CORPUS_DIR, 'tuning'), 'a-bs-pricing.html')).toBe(join(CORPUS_DIR, 'tuning', 'a-bs-pricing.html'));
    expect(pagePath(dir, '../../capture-parity/tuning-2/flat-ui-kit.html')).toBe(
      join(FIXTURES_DIR, 'capture-parity', 'tuning-2', 'flat-ui-kit.html'),
    );
  });
  test('refuses paths leaving tests/fixtures/, absolute paths, URLs and non-HTML files', () => {
    expect(pagePath(dir, '../../../../index.html')).toBeNull();
    expect(pagePath(dir, '../../../fixtures-other/x.html')).toBeNull();
    expect(pagePath(dir, '/etc/x.html')).toBeNull();
    expect(pagePath(dir, 'https://example.com/x.html')).toBeNull();
    expect(pagePath(dir, '..\\..\\x.html')).toBeNull();
    expect(pagePath(dir, '../../capture-parity/pages.json')).toBeNull();
  });
});

test('tuning-2 is a tuning split whose pages are the capture-parity tuning-2 pages', () => {
  expect(SPLITS).toContain('tuning-2');
  expect(isWithheld('tuning-2')).toBe(false);
  expect(isWithheld('held-out')).toBe(true);
  expect(isWithheld('held-out-2')).toBe(true);
  expect(isWithheld('held-out-3')).toBe(true);
  expect(isWithheld('held-out-4')).toBe(true);
  const { pages, problems } = listCorpus(['tuning-2']);
  expect(problems).toEqual([]);
  expect(pages.length).toBe(10);
  for (const p of pages) {
    expect(p.shared, p.file).toBe(true);
    expect(p.page, p.file).toBe(`../../capture-parity/tuning-2/${p.name}.html`);
    expect(p.html.length, p.file).toBeGreaterThan(1000);
  }
});

describe('caseProblems', () => {
  const at = 'x.json: cases[0]';
  test('a Type may leave its text to the description', () => {
    const c = { id: 'a', type: 'Type', description: 'Enter the phone number 555 0134', expect: 'input' };
    expect(caseProblems(c, at)).toEqual([]);
    expect(caseProblems({ ...c, text: '555 0134' }, at)).toEqual([]);
  });
  test('names the field at fault', () => {
    expect(caseProblems({ id: 'b', type: 'Hover', description: '' }, at)).toEqual([
      `${at}.type must be Click, Type or Press`,
      `${at}.description must be a non-empty string`,
      `${at}.expect is required for Hover`,
    ]);
    expect(caseProblems({ type: 'Press', description: 'Press Enter', text: 3 }, at)).toEqual([`${at}.text must be a string`]);
  });
});

test('no template family or origin page is in both a held-out split and a tuning split', () => {
  // A held-out page of a family already tuned on measures nothing new (session 36: held-out-6's
  // Bootstrap checkout was tuning's a-bs-checkout under another repository).
  const { pages } = listCorpus();
  const side = new Map<string, Set<boolean>>();
  for (const p of pages) {
    const keys = [`family ${p.family.toLowerCase()}`, ...(p.origin.url ? [`url ${p.origin.url.replace(/\/$/, '')}`] : [])];
    for (const k of keys) side.set(k, (side.get(k) ?? new Set()).add(isWithheld(p.split)));
  }
  expect([...side].filter(([, s]) => s.size > 1).map(([k]) => k)).toEqual([]);
});
