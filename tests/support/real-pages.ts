// The real-page corpus (tests/fixtures/real-pages/): reading its files, checking their form,
// and opening a page in Chromium with no request leaving it. Shared by the corpus checker
// (scripts/real-pages/check.ts), the resolver test and the capture-parity test.
import { closeSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Step } from '../../src/task/types.ts';
import type { PageSnapshot } from '../../src/driver/snapshot.ts';
import type { ResolveResult } from '../../src/driver/resolve.ts';
import { keyByName } from '../../src/shared/keys.ts';
import { hashSeed, sfc32 } from '../../src/shared/prng.ts';

export const CORPUS_DIR = fileURLToPath(new URL('../fixtures/real-pages/', import.meta.url));
/** Every page file a case file may name lies under this folder. */
export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));
/**
 * `tuning-2` is a tuning split whose pages are shared with the capture-parity split of the
 * same name (its case files name them by a relative path); its steps were written blind.
 * `tuning-3` (session 16) is a third tuning split of new families, its steps written blind too.
 */
export const SPLITS = [
  'tuning',
  'tuning-2',
  'tuning-3',
  'tuning-4',
  'tuning-5',
  'tuning-6',
  'tuning-7',
  'tuning-8',
  'tuning-9',
  'tuning-10',
  'tuning-11',
  'tuning-12',
  'tuning-13',
  'tuning-14',
  'held-out',
  'held-out-2',
  'held-out-3',
  'held-out-4',
  'held-out-5',
  'held-out-6',
  'held-out-7',
] as const;
export type Split = (typeof SPLITS)[number];
/**
 * Splits whose pages, steps and individual failures are never shown to whoever tunes the
 * resolver: only their aggregate accuracy is reported. `held-out-2` was added because
 * `held-out` was seen while tuning (session 4). The tuning splits are not withheld.
 */
export const WITHHELD: readonly Split[] = ['held-out', 'held-out-2', 'held-out-3', 'held-out-4', 'held-out-5', 'held-out-6', 'held-out-7'];
export const isWithheld = (s: Split): boolean => WITHHELD.includes(s);

/** The page's address inside the test browser; every other request is refused and counted. */
export const PAGE_ORIGIN = 'http://real-page.test';

export interface CorpusCase {
  id: string;
  type: 'Click' | 'Type' | 'Press';
  description: string;
  text?: string;
  key?: string;
  expectKey?: string;
  /** CSS selector or `xpath=/html/...`; absent only for a Press with no target. */
  expect?: string;
  setup?: string;
  tags?: string[];
}

export interface CorpusPage {
  split: Split;
  /** File name without `.json`. */
  name: string;
  file: string;
  /** The page file as the case file names it: beside it, or a path relative to it inside tests/fixtures/. */
  page: string;
  /**
   * The page file lies outside the split's folder (shared with another corpus, e.g. the
   * capture-parity tuning-2 pages): its relative image sources are kept failing on purpose,
   * so requests for them on the page's own origin are not counted as leaving the page.
   */
  shared: boolean;
  html: string;
  viewport: { width: number; height: number };
  origin: { repo?: string; path?: string; commit?: string; url?: string };
  licence: string;
  author: string;
  family: string;
  kind: string;
  changes?: string;
  setup?: string;
  cases: CorpusCase[];
}

const CASE_TYPES = new Set(['Click', 'Type', 'Press']);
const str = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

/** What is wrong with one case of a case file, each problem prefixed with `at` (file and JSON path). */
export function caseProblems(c: Record<string, unknown>, at: string): string[] {
  const problems: string[] = [];
  if (!CASE_TYPES.has(c.type as string)) problems.push(`${at}.type must be Click, Type or Press`);
  if (!str(c.description)) problems.push(`${at}.description must be a non-empty string`);
  if (c.type !== 'Press' && !str(c.expect)) problems.push(`${at}.expect is required for ${String(c.type)}`);
  // A Type may leave out `text` (issue 13 asks for both): the description then says what to type.
  if (c.text !== undefined && typeof c.text !== 'string') problems.push(`${at}.text must be a string`);
  return problems;
}

/** Reads one page's JSON and HTML; every problem is returned with the file and JSON path. */
export function readCorpusPage(split: Split, jsonFile: string): { page?: CorpusPage; problems: string[] } {
  const file = join(CORPUS_DIR, split, jsonFile);
  const where = `${split}/${jsonFile}`;
  const problems: string[] = [];
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    return { problems: [`${where}: not JSON (${(e as Error).message})`] };
  }
  for (const k of ['page', 'licence', 'author', 'family', 'kind'] as const)
    if (!str(raw[k])) problems.push(`${where}: "${k}" must be a non-empty string`);
  const vp = raw.viewport as { width?: unknown; height?: unknown } | undefined;
  if (!vp || !Number.isInteger(vp.width) || !Number.isInteger(vp.height))
    problems.push(`${where}: "viewport" must be {width, height} in integers`);
  const origin = (raw.origin ?? {}) as CorpusPage['origin'];
  if (!str(origin.url) && !str(origin.repo)) problems.push(`${where}: "origin" must name a repo or a url`);
  let html = '';
  let shared = false;
  if (str(raw.page)) {
    const at = pagePath(dirname(file), raw.page);
    if (!at) problems.push(`${where}: page ${raw.page} must be an .html file inside tests/fixtures/`);
    else {
      shared = dirname(at) !== dirname(file);
      try {
        html = readFileSync(at, 'utf8');
      } catch {
        problems.push(`${where}: page ${raw.page} not found`);
      }
    }
  }
  const cases = Array.isArray(raw.cases) ? (raw.cases as Record<string, unknown>[]) : [];
  if (!cases.length) problems.push(`${where}: "cases" must be a non-empty list`);
  const ids = new Set<string>();
  cases.forEach((c, i) => {
    const at = `${where}: cases[${i}]`;
    if (!str(c.id)) problems.push(`${at}.id must be a non-empty string`);
    else if (ids.has(c.id)) problems.push(`${at}.id "${c.id}" repeats`);
    else ids.add(c.id);
    problems.push(...caseProblems(c, at));
  });
  if (problems.length) return { problems };
  return {
    page: {
      split,
      name: jsonFile.replace(/\.json$/, ''),
      file: where,
      page: raw.page as string,
      shared,
      html,
      viewport: vp as { width: number; height: number },
      origin,
      licence: raw.licence as string,
      author: raw.author as string,
      family: raw.family as string,
      kind: raw.kind as string,
      changes: raw.changes as string | undefined,
      setup: raw.setup as string | undefined,
      cases: cases as unknown as CorpusCase[],
    },
    problems,
  };
}

/**
 * Where a case file's `page` lies: a path relative to the JSON file's folder (usually just
 * the name of the file beside it). Null when it is absolute, not an .html file, or leaves
 * tests/fixtures/.
 */
export function pagePath(jsonDir: string, page: string): string | null {
  if (page.startsWith('/') || page.includes('\\') || /^[a-z]+:/i.test(page) || !page.endsWith('.html')) return null;
  const at = resolve(jsonDir, page);
  const rel = relative(FIXTURES_DIR, at);
  if (!rel || rel.startsWith('..') || rel.startsWith(sep) || resolve(FIXTURES_DIR, rel) !== at) return null;
  return at;
}

export function listCorpus(splits: readonly Split[] = SPLITS): { pages: CorpusPage[]; problems: string[] } {
  const pages: CorpusPage[] = [];
  const problems: string[] = [];
  for (const split of splits) {
    let files: string[];
    try {
      files = readdirSync(join(CORPUS_DIR, split))
        .filter((f) => f.endsWith('.json'))
        .sort();
    } catch {
      continue;
    }
    for (const f of files) {
      const r = readCorpusPage(split, f);
      problems.push(...r.problems);
      if (r.page) pages.push(r.page);
    }
  }
  return { pages, problems };
}

/** A corpus case as a data.jsonl step. */
export function stepOf(c: CorpusCase): Step {
  const parameters: Step['parameters'] = { description: c.description };
  if (c.text !== undefined) parameters.text = c.text;
  if (c.key !== undefined) parameters.key = c.key;
  return { type: c.type, parameters, visual_evaluation_flag: false, logical_assertion: null };
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** URLs the page tried to load; a self-contained page has none. */
  blocked: string[];
}

/**
 * A tab that corpus pages are loaded into one after another: one browser context and one page,
 * so a load does not start a renderer process (about 0.3 s of a 0.9 s load). Every request but
 * the page being loaded is refused.
 */
export interface CorpusTab {
  context: BrowserContext;
  page: Page;
  /** The browser protocol session of `page`, kept for the clearing between loads. */
  cdp: CDPSession;
  /** The page being loaded, its URL, and the URLs it tried to load (a self-contained page has none). */
  current: { p: CorpusPage; url: string; blocked: string[] } | null;
}

export async function newCorpusTab(
  browser: Browser,
  opts: { beforeLoad?: string; viewport?: CorpusPage['viewport'] } = {},
): Promise<CorpusTab> {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  // What the route answers is the tab's current page, set by each load.
  const state: Pick<CorpusTab, 'current'> = { current: null };
  await context.route('**/*', (route) => {
    const u = route.request().url();
    const cur = state.current;
    if (cur && u === cur.url) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: cur.p.html });
    // A shared page's relative images fail on purpose, as in the corpus it comes from.
    if (cur && !(cur.p.shared && u.startsWith(`${PAGE_ORIGIN}/`))) cur.blocked.push(u);
    return route.abort('blockedbyclient');
  });
  // Math.random seeded by the page's path, as the replay seeds it by task: a game that drops its
  // food at random (and once under its own welcome dialog) gives the same page every load.
  await context.addInitScript(`Math.random = (${sfc32.toString()})((${hashSeed.toString()})(location.pathname));`);
  if (opts.beforeLoad) await context.addInitScript(opts.beforeLoad);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return Object.assign(state, { context, page, cdp });
}

/**
 * Loads a corpus page into a tab at the page's viewport, device scale factor 1, as a first
 * visit: the previous page is unloaded and everything it stored (cookies, storage, caches) is
 * cleared first, as a fresh context would be. Runs the page setup and then `extraSetup`;
 * returns the URLs the page tried to load.
 */
export async function loadCorpusPage(tab: CorpusTab, p: CorpusPage, extraSetup?: string): Promise<string[]> {
  const { page, context } = tab;
  if (tab.current) {
    tab.current = null;
    await page.goto('about:blank');
    await context.clearCookies();
    await tab.cdp.send('Storage.clearDataForOrigin', { origin: PAGE_ORIGIN, storageTypes: 'all' });
  }
  const vp = page.viewportSize();
  if (!vp || vp.width !== p.viewport.width || vp.height !== p.viewport.height) await page.setViewportSize(p.viewport);
  // A shared page is served under its file name alone: `..` in a URL would be folded away.
  const url = `${PAGE_ORIGIN}/${basename(p.page)}`;
  const blocked: string[] = [];
  tab.current = { p, url, blocked };
  await page.goto(url, { waitUntil: 'load' });
  // Fonts embedded as data: URLs load asynchronously; boxes depend on them.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (p.setup) await page.evaluate(p.setup);
  if (extraSetup) await page.evaluate(extraSetup);
  await settleAnimations(page);
  return blocked;
}

/**
 * Opens a corpus page in a tab of its own (see loadCorpusPage). `beforeLoad` runs in the page
 * before its own scripts (e.g. the agent's listener tracking).
 */
export async function openCorpusPage(
  browser: Browser,
  p: CorpusPage,
  opts: { extraSetup?: string; beforeLoad?: string } = {},
): Promise<OpenedPage> {
  const tab = await newCorpusTab(browser, { viewport: p.viewport, ...(opts.beforeLoad ? { beforeLoad: opts.beforeLoad } : {}) });
  const blocked = await loadCorpusPage(tab, p, opts.extraSetup);
  return { context: tab.context, page: tab.page, blocked };
}

/**
 * Lets running CSS transitions and animations end (a menu sliding open, a fade-in on load),
 * as the replay's 1 s wait after load would; infinite ones are not waited for. Capped at 2 s.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A widget opened by the setup may start its transition a frame later (Material Design
    // Lite adds "is-visible" in requestAnimationFrame): let those begin before collecting.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const finite = document.getAnimations().filter((a) => {
      const t = a.effect?.getComputedTiming();
      return t && Number.isFinite(Number(t.endTime)) && a.playState === 'running';
    });
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * In the page: the element a selector names, and whether it is a valid single target
 * (exactly one match, rendered, on top at its centre once in view). Returns a problem or ''.
 */
export async function checkTarget(page: Page, selector: string, editable: boolean): Promise<string> {
  return page.evaluate(
    ([sel, needEditable]) => {
      const all: Element[] = sel.startsWith('xpath=')
        ? (() => {
            const r = document.evaluate(sel.slice(6), document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
            const out: Element[] = [];
            for (let i = 0; i < r.snapshotLength; i++) out.push(r.snapshotItem(i) as Element);
            return out;
          })()
        : Array.from(document.querySelectorAll(sel));
      if (all.length !== 1) return `expect ${sel} matches ${all.length} elements, not 1`;
      const el = all[0] as Element;
      const cs = getComputedStyle(el);
      let r = el.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) return `expect ${sel} has no size`;
      if (cs.visibility !== 'visible' || Number(cs.opacity) === 0) return `expect ${sel} is not visible`;
      if (needEditable && !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || (el as HTMLElement).isContentEditable))
        return `expect ${sel} is not a field one can type into`;
      // scrollIntoView moves inner scroll panels too: every scrolled box is put back afterwards.
      const boxes: [Element, number, number][] = [];
      for (let p = el.parentElement; p; p = p.parentElement) boxes.push([p, p.scrollLeft, p.scrollTop]);
      const sx = scrollX;
      const sy = scrollY;
      const outside = r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth;
      if (outside) {
        el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        r = el.getBoundingClientRect();
      }
      const cx = Math.min(innerWidth - 1, Math.max(0, (Math.max(r.left, 0) + Math.min(r.right, innerWidth)) / 2));
      const cy = Math.min(innerHeight - 1, Math.max(0, (Math.max(r.top, 0) + Math.min(r.bottom, innerHeight)) / 2));
      const hit = document.elementFromPoint(cx, cy);
      scrollTo({ left: sx, top: sy, behavior: 'instant' });
      for (const [p, l, t] of boxes) {
        p.scrollLeft = l;
        p.scrollTop = t;
      }
      if (!hit || !(hit === el || el.contains(hit)))
        return `expect ${sel} is covered at its centre by <${hit?.localName ?? 'nothing'}${hit?.className && typeof hit.className === 'string' ? '.' + hit.className.split(' ')[0] : ''}>`;
      return '';
    },
    [selector, editable] as const,
  );
}

/** The agent's collector and listener tracking as one script, injected before the page's own. */
let bundle: Promise<string> | null = null;
export function collectorBundle(): Promise<string> {
  bundle ??= (async () => {
    const { build } = await import('esbuild');
    const out = await build({
      stdin: {
        contents: `import { collectSnapshot, captureSnapshotDom } from './src/agent/snapshot.ts';
          import { installListenerTracking } from './src/agent/listeners.ts';
          const listenersOf = installListenerTracking(window);
          const dom = captureSnapshotDom(window);
          window.__iwrCollect = () => { const r = collectSnapshot({ doc: document, win: window, listenersOf, dom }); window.__iwrEls = r.elements; return r.snapshot; };`,
        resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      write: false,
      target: 'es2022',
    });
    return out.outputFiles[0]?.text ?? '';
  })();
  return bundle;
}

export interface CaseFixture {
  page: CorpusPage;
  c: CorpusCase;
  /** "<split>/<page> <case id>": the test's name. */
  key: string;
  snapshot: PageSnapshot;
  /** Snapshot index of the expected element (-1 when the collector did not keep it). */
  expected: number;
  /** Snapshot indices of elements inside the expected one (a click there reaches it). */
  inside: number[];
  /** Snapshot indices of elements around the expected one whose click point lands on it. */
  reaches: number[];
  /** Why the case itself is invalid (target not single, hidden or covered), or ''. */
  problem: string;
}

async function fixturesFor(page: Page, p: CorpusPage, cases: CorpusCase[], snapshot: PageSnapshot): Promise<CaseFixture[]> {
  const out: CaseFixture[] = [];
  for (const c of cases) {
    const problem = c.expect ? await checkTarget(page, c.expect, c.type === 'Type') : '';
    const where = c.expect
      ? await page.evaluate((sel) => {
          const w = window as unknown as { __iwrEls: Element[] };
          const want = sel.startsWith('xpath=')
            ? (document.evaluate(sel.slice(6), document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue as Element | null)
            : document.querySelector(sel);
          if (!want) return { expected: -1, inside: [] as number[], reaches: [] as number[] };
          const inside: number[] = [];
          const reaches: number[] = [];
          const sx = scrollX;
          const sy = scrollY;
          w.__iwrEls.forEach((el, i) => {
            if (el !== want && want.contains(el)) inside.push(i);
            // An element around the target reaches it when its click point (the centre of its
            // visible part, once scrolled into view) lands on the target, as the agent clicks.
            else if (el !== want && el.contains(want)) {
              const boxes: [Element, number, number][] = [];
              for (let p = el.parentElement; p; p = p.parentElement) boxes.push([p, p.scrollLeft, p.scrollTop]);
              let r = el.getBoundingClientRect();
              if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) {
                el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
                r = el.getBoundingClientRect();
              }
              const x = (Math.max(r.left, 0) + Math.min(r.right, innerWidth)) / 2;
              const y = (Math.max(r.top, 0) + Math.min(r.bottom, innerHeight)) / 2;
              const hit = document.elementFromPoint(x, y);
              if (hit && (hit === want || want.contains(hit))) reaches.push(i);
              scrollTo({ left: sx, top: sy, behavior: 'instant' });
              for (const [p, l, t] of boxes) {
                p.scrollLeft = l;
                p.scrollTop = t;
              }
            }
          });
          return { expected: w.__iwrEls.indexOf(want), inside, reaches };
        }, c.expect)
      : { expected: -1, inside: [], reaches: [] };
    out.push({ page: p, c, key: `${p.split}/${p.name} ${c.id}`, snapshot, ...where, problem });
  }
  return out;
}

/**
 * One load of a page and the fixtures of `cases` on it. A page still moving (a delayed
 * animation, a timer that lays it out again) gets the official second after load and a
 * fresh snapshot when a target is not yet in place.
 */
async function loadAndFix(tab: CorpusTab, p: CorpusPage, cases: CorpusCase[], extraSetup?: string): Promise<CaseFixture[]> {
  await loadCorpusPage(tab, p, extraSetup);
  let fx = await fixturesFor(tab.page, p, cases, (await tab.page.evaluate('window.__iwrCollect()')) as PageSnapshot);
  if (fx.some((f) => f.problem)) {
    await tab.page.waitForTimeout(1000);
    fx = await fixturesFor(tab.page, p, cases, (await tab.page.evaluate('window.__iwrCollect()')) as PageSnapshot);
  }
  return fx;
}

/**
 * Every case of the given pages with the snapshot its step is resolved on: one load per page
 * (plus one per case with its own setup), the snapshot taken as the replay takes it.
 */
export async function corpusFixtures(browser: Browser, pages: CorpusPage[], parallel = 2): Promise<CaseFixture[]> {
  const script = await collectorBundle();
  // One job per page load, run two at a time (one browser, a tab for each lane that loads
  // page after page): the machines this runs on have two cores, and most of a load is waiting
  // for the page.
  const jobs: ((tab: CorpusTab) => Promise<CaseFixture[]>)[] = [];
  for (const p of pages) {
    const shared = p.cases.filter((c) => !c.setup);
    if (shared.length) jobs.push((tab) => loadAndFix(tab, p, shared));
    for (const c of p.cases.filter((x) => x.setup)) jobs.push((tab) => loadAndFix(tab, p, [c], c.setup));
  }
  const results: CaseFixture[][] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, parallel) }, async () => {
      const tab = await newCorpusTab(browser, { beforeLoad: script });
      try {
        while (next < jobs.length) {
          const k = next++;
          results[k] = await (jobs[k] as (tab: CorpusTab) => Promise<CaseFixture[]>)(tab);
        }
      } finally {
        await tab.context.close();
      }
    }),
  );
  return results.flat();
}

export interface CaseVerdict {
  pass: boolean;
  confidence: number;
  why: string;
}

/** A key as pressed (key and code), so that "Space" and " " compare equal. */
const pressed = (key: string | undefined): string | undefined => {
  const d = key === undefined ? undefined : keyByName(key);
  return d ? `${d.key}|${d.code}` : key;
};

/**
 * Did the resolver pick the one correct target? For a Click or Press, an element inside it
 * counts, and so does one around it whose click point lands on it (the agent, like a mouse,
 * clicks whatever is under the centre of the chosen element). A Type needs the field itself.
 */
export function judgeCase(f: CaseFixture, r: ResolveResult): CaseVerdict {
  if (!r.ok) return { pass: false, confidence: 0, why: r.reason };
  // "Space" and " " press the same key: compare what is pressed, not how it is spelled.
  if (f.c.expectKey !== undefined && pressed(r.key) !== pressed(f.c.expectKey))
    return { pass: false, confidence: r.confidence, why: `key ${r.key ?? '-'} instead of ${f.c.expectKey}` };
  if (f.c.type === 'Type' && f.c.text !== undefined && r.typed !== f.c.text)
    return { pass: false, confidence: r.confidence, why: `typed ${JSON.stringify(r.typed)} instead of ${JSON.stringify(f.c.text)}` };
  if (!f.c.expect) return { pass: true, confidence: r.confidence, why: '' };
  const hit = r.index === f.expected || (f.c.type !== 'Type' && (f.inside.includes(r.index) || f.reaches.includes(r.index)));
  if (hit) return { pass: true, confidence: r.confidence, why: '' };
  const got = f.snapshot.elements[r.index];
  return {
    pass: false,
    confidence: r.confidence,
    why: `chose <${got?.tag ?? '?'}> "${(got?.text || got?.name || '').slice(0, 50)}" ${got?.xpath ?? r.index} (${r.reasons.slice(0, 5).join('; ')})`,
  };
}

/** Confidence bins and the share of right picks in each: does confidence mean something? */
export function calibrationTable(
  rows: { confidence: number; pass: boolean }[],
  edges = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0001],
): { from: number; to: number; count: number; accuracy: number | null }[] {
  const out = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i] as number;
    const to = edges[i + 1] as number;
    const inBin = rows.filter((r) => r.confidence >= from && r.confidence < to);
    out.push({
      from,
      to: Math.min(1, to),
      count: inBin.length,
      accuracy: inBin.length ? inBin.filter((r) => r.pass).length / inBin.length : null,
    });
  }
  return out;
}

/** Cases known to be missed today, per split; the test expects them to fail and says when one starts passing. */
export function knownMisses(): Set<string> {
  try {
    const raw = JSON.parse(readFileSync(join(CORPUS_DIR, 'known-misses.json'), 'utf8')) as { misses?: unknown };
    return new Set(Array.isArray(raw.misses) ? raw.misses.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * The fixture cache of `real-pages:accuracy` (test-artifacts/real-pages/fixtures.jsonl), one
 * fixture per line: the whole corpus as one JSON text passed V8's longest string (512 MB) at
 * 160 pages, as every case carries its page's snapshot.
 */
export function writeFixtureCache(file: string, fixtures: readonly CaseFixture[]): void {
  const fd = openSync(file, 'w');
  try {
    for (const f of fixtures) writeSync(fd, `${JSON.stringify({ ...f, page: { ...f.page, html: '' } })}\n`);
  } finally {
    closeSync(fd);
  }
}

export function readFixtureCache(file: string): CaseFixture[] {
  const bytes = readFileSync(file);
  const out: CaseFixture[] = [];
  for (let at = 0; at < bytes.length;) {
    const end = bytes.indexOf(10, at);
    const line = bytes.subarray(at, end < 0 ? bytes.length : end).toString('utf8');
    if (line.trim()) out.push(JSON.parse(line) as CaseFixture);
    at = end < 0 ? bytes.length : end + 1;
  }
  return out;
}
