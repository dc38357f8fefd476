// Resolver conformance: each page of tests/fixtures/resolver/ is loaded in real Chromium
// at its viewport, the agent's collector (bundled from src/agent) takes the snapshot, the
// pure resolver runs here in Node, and the chosen element is compared with the expected
// one. Passes at >= 90%; every failure is printed with the resolver's reasons and runner-up.
//
// A case passes when the chosen element is the expected one, or (Click/Press) lies inside
// it: a click there reaches the expected element. Type needs the exact field.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './harness.ts';
import { resolveStep } from '../../src/driver/resolve.ts';
import type { PageSnapshot } from '../../src/driver/snapshot.ts';
import type { Step } from '../../src/task/types.ts';

const dir = fileURLToPath(new URL('../fixtures/resolver/', import.meta.url));
const PASS_RATE = 0.9;

interface Case {
  id: string;
  type: string;
  description?: string;
  text?: string;
  key?: string;
  element_index?: number;
  /** CSS selector, or "xpath=/html/..." ; omitted for Press/Scroll with no target. */
  expect?: string;
  expectKey?: string;
}
interface PageFile {
  page: string;
  viewport: { width: number; height: number };
  /** JS run in the page before the snapshot (e.g. focus a field); optional. */
  setup?: string;
  cases: Case[];
}

let browser: Browser;
let agentBundle = '';

beforeAll(async () => {
  browser = await launchBrowser();
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
  agentBundle = out.outputFiles[0]?.text ?? '';
});
afterAll(async () => {
  await browser?.close();
});

function toStep(c: Case): Step {
  const parameters: Step['parameters'] = {};
  if (c.description !== undefined) parameters.description = c.description;
  if (c.text !== undefined) parameters.text = c.text;
  if (c.key !== undefined) parameters.key = c.key;
  if (c.element_index !== undefined) parameters.element_index = c.element_index;
  return { type: c.type, parameters, visual_evaluation_flag: false, logical_assertion: null };
}

/** The agent's snapshot of a page written inline, at 800x400. */
async function snapshotOf(html: string): Promise<PageSnapshot> {
  const context = await browser.newContext({ viewport: { width: 800, height: 400 } });
  try {
    const page = await context.newPage();
    await page.evaluate(agentBundle);
    await page.setContent(html, { waitUntil: 'load' });
    return (await page.evaluate('window.__iwrCollect()')) as PageSnapshot;
  } finally {
    await context.close();
  }
}

test('resolver conformance set passes at >= 90%', async () => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const failures: string[] = [];
  let total = 0;
  let passed = 0;
  for (const file of files) {
    const spec = JSON.parse(readFileSync(dir + file, 'utf8')) as PageFile;
    const html = readFileSync(dir + spec.page, 'utf8');
    const context = await browser.newContext({ viewport: spec.viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('pageerror', (e) => failures.push(`${file}: page error ${e.message}`));
    // setContent writes into the current document (document.open keeps the window), so
    // the agent installed on the blank page is in place before the candidate's scripts run.
    await page.evaluate(agentBundle);
    await page.setContent(html, { waitUntil: 'load' });
    if (spec.setup) await page.evaluate(spec.setup);
    const snapshot = (await page.evaluate('window.__iwrCollect()')) as PageSnapshot;
    expect(snapshot.elements.length, `${file}: empty snapshot`).toBeGreaterThan(0);
    for (const c of spec.cases) {
      total++;
      const r = resolveStep(toStep(c), snapshot);
      const where = `${file} ${c.id} [${c.type}] "${c.description ?? ''}"`;
      if (!r.ok) {
        const alt = r.alternatives[0];
        failures.push(`${where}: ${r.reason}${alt ? `\n    runner-up ${alt.xpath} (${alt.score}): ${alt.reasons.join('; ')}` : ''}`);
        continue;
      }
      let ok = true;
      let why = '';
      if (c.expectKey !== undefined && r.key !== c.expectKey) {
        ok = false;
        why = `key ${r.key ?? '-'} != ${c.expectKey}`;
      }
      if (ok && c.expect) {
        const verdict = (await page.evaluate(
          ([sel, index, xpath, exact]) => {
            const w = window as unknown as { __iwrEls: Element[] };
            const want = sel.startsWith('xpath=')
              ? (document.evaluate(sel.slice(6), document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)
                  .singleNodeValue as Element | null)
              : document.querySelector(sel);
            if (!want) return `expected selector ${sel} matches nothing`;
            const got = index >= 0 ? w.__iwrEls[index] : null;
            if (!got) return 'resolver chose no element';
            const byXpath = document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
            if (byXpath !== got) return `xpath ${xpath} does not select the chosen element`;
            if (got === want || (!exact && want.contains(got))) return 'ok';
            return `chose <${got.localName}> "${(got.textContent ?? '').trim().slice(0, 40)}"`;
          },
          [c.expect, r.index, r.xpath, c.type === 'Type'] as const,
        )) as string;
        if (verdict !== 'ok') {
          ok = false;
          why = verdict;
        }
      }
      if (ok && c.text !== undefined && c.type === 'Type' && r.typed !== c.text) {
        ok = false;
        why = `typed ${JSON.stringify(r.typed)}`;
      }
      if (ok) {
        passed++;
        continue;
      }
      const chosen = snapshot.elements[r.index];
      const alt = r.alternatives[0];
      failures.push(
        `${where}: ${why}; chose ${chosen?.xpath ?? r.index} (${r.reasons.join('; ')})` +
          (alt ? `\n    runner-up ${alt.xpath} (${alt.score}): ${alt.reasons.join('; ')}` : ''),
      );
    }
    await context.close();
  }
  const rate = total ? passed / total : 0;
  console.log(`resolver conformance: ${passed}/${total} passed (${(rate * 100).toFixed(1)}%) over ${files.length} pages`);
  if (failures.length) console.log(`failures:\n  ${failures.join('\n  ')}`);
  expect(total).toBeGreaterThanOrEqual(150);
  expect(rate).toBeGreaterThanOrEqual(PASS_RATE);
});

test('a button that paints no background shows the canvas: white on a plain page, dark under color-scheme: dark', async () => {
  const html = (scheme: string) => `<!doctype html><html style="color-scheme: ${scheme}"><body>
    <button id="plain" style="background: none; border: 1px solid #bbb; color: #555">Button element</button>
    <button id="primary" style="background: rgb(51, 195, 240); border: 0; color: #fff">Button element</button></body></html>`;
  const looks: Record<string, string | undefined> = {};
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 800, height: 400 } });
    const page = await context.newPage();
    await page.evaluate(agentBundle);
    await page.setContent(html(scheme), { waitUntil: 'load' });
    const snapshot = (await page.evaluate('window.__iwrCollect()')) as PageSnapshot;
    const plain = snapshot.elements.findIndex((e) => e.xpath.endsWith('button[1]'));
    looks[scheme] = snapshot.elements[plain]?.look?.bgAround;
    if (scheme === 'light') {
      // Skeleton's docs: "the white 'Button element' button" is the outlined one, not the blue one with white letters.
      const r = resolveStep(toStep({ id: 'white', type: 'Click', description: "Click the white 'Button element' button" }), snapshot);
      expect(r.ok && r.index).toBe(plain);
    }
    await context.close();
  }
  expect(looks).toEqual({ light: 'rgb(255, 255, 255)', dark: 'rgb(18, 18, 18)' });
});

test('a label whose text is not drawn and whose ::before draws a chevron is an icon, "the chevron"; a font-size 0 row showing its children is not', async () => {
  // TodoMVC's toggle-all: the label keeps "Mark all as complete" for screen readers at
  // font-size 0 and draws a chevron in its place, over the left end of the new-todo field;
  // each todo below has its own round checkbox in the same column.
  const html = `<!doctype html><html><head><style>
    body { margin: 0; position: relative; }
    .new-todo { position: absolute; left: 10px; top: 0; width: 450px; height: 65px; padding: 0 0 0 60px; border: 0; font-size: 24px; box-sizing: border-box; }
    .toggle-all-label { font-size: 0; position: absolute; left: 10px; top: 0; width: 45px; height: 65px; z-index: 1; }
    .toggle-all-label::before { content: '❯'; font-size: 22px; color: #949494; display: inline-block; transform: rotate(90deg); padding: 10px 27px 10px 27px; }
    .todos { position: absolute; top: 66px; left: 10px; margin: 0; padding: 0; list-style: none; width: 450px; }
    .todos li { position: relative; height: 58px; font-size: 24px; }
    .todos .toggle { position: absolute; left: 0; top: 9px; width: 40px; height: 40px; margin: 0; appearance: none; border-radius: 50%; border: 1px solid #ccc; }
    .todos label { padding-left: 60px; line-height: 58px; }
    ul.row { position: absolute; top: 300px; font-size: 0; margin: 0; padding: 0; } ul.row li { display: inline-block; font-size: 16px; margin-right: 12px; }
    </style></head><body>
    <input id="toggle-all" type="checkbox" style="position: absolute; right: 100%; bottom: 100%; width: 1px; height: 1px; opacity: 0; border: none">
    <label class="toggle-all-label" for="toggle-all">Mark all as complete</label>
    <input class="new-todo" placeholder="What needs to be done?">
    <ul class="todos"><li><input class="toggle" type="checkbox"><label>Buy milk</label></li><li><input class="toggle" type="checkbox"><label>Walk the dog</label></li></ul>
    <ul class="row"><li>Home</li><li>About</li></ul></body></html>`;
  const snapshot = await snapshotOf(html);
  const label = snapshot.elements.findIndex((e) => e.tag === 'label');
  expect(snapshot.elements[label]).toMatchObject({ textHidden: true, pseudo: '❯' });
  expect(snapshot.elements.find((e) => e.tag === 'ul')?.textHidden).toBeUndefined();
  const r = resolveStep(
    toStep({
      id: 'toggle-all',
      type: 'Click',
      description: 'Click the chevron at the left of the input box to mark all todos as complete',
    }),
    snapshot,
  );
  expect(r.ok && r.index).toBe(label);
});

test('a field a widget marked hidden but CSS still draws (Choices.js) is "concealed", and typing goes to the field the widget made', async () => {
  // Choices.js keeps the original input (hidden attribute, tabindex -1; its own CSS still
  // displays it) and adds a search field for typing, both named by the same label.
  const html = `<!doctype html><html><head><style>
    .choices__input { display: block; width: 300px; height: 30px; margin: 4px 0; }
    </style></head><body>
    <label for="emails">Email addresses only</label>
    <div class="choices">
      <input id="emails" class="choices__input" type="text" value="joe@bloggs.com" hidden tabindex="-1" data-choice="active">
      <input class="choices__input choices__input--cloned" type="search" aria-label="Email addresses only">
    </div>
    <input type="text" aria-label="Names" aria-hidden="false"></body></html>`;
  const snapshot = await snapshotOf(html);
  const original = snapshot.elements.findIndex((e) => e.id === 'emails');
  const cloned = snapshot.elements.findIndex((e) => e.classes.includes('choices__input--cloned'));
  expect(snapshot.elements[original]).toMatchObject({ concealed: true, visible: true });
  expect(snapshot.elements[cloned]?.concealed).toBeUndefined();
  expect(snapshot.elements.find((e) => e.ariaLabel === 'Names')?.concealed).toBeUndefined();
  const r = resolveStep(
    toStep({ id: 'email', type: 'Type', description: "Type 'ann@example.com' into Email addresses only", text: 'ann@example.com' }),
    snapshot,
  );
  expect(r.ok && r.index).toBe(cloned);
});

test("icons named by their library's attribute (UIkit uk-icon, Feather, Lucide, Iconify) are read into the hint and found by name", async () => {
  // UIkit draws <span uk-icon="cart"> as an SVG with no name of its own; the attribute is the
  // only place the page says which icon it is. The spans are sized as the libraries draw them.
  const html = `<!doctype html><html><head><style>
    [uk-icon], i, iconify-icon { display: inline-block; width: 20px; height: 20px; }
    a, button { display: inline-block; padding: 8px; margin: 4px; }
    </style></head><body><header>
    <a id="fav" href="#"><span uk-icon="icon: heart; ratio: .75"></span></a>
    <a id="cart" href="#"><span uk-icon="cart"></span><span class="uk-badge">2</span></a>
    <button id="gear"><i data-feather="settings"></i></button>
    <button id="bell"><i data-lucide="bell"></i></button>
    <a id="home" href="#"><iconify-icon icon="mdi:home"></iconify-icon></a>
    </header></body></html>`;
  const snapshot = await snapshotOf(html);
  const pick = (description: string) => {
    const r = resolveStep(toStep({ id: description, type: 'Click', description }), snapshot);
    return r.ok ? snapshot.elements[r.index]?.id : r.reason;
  };
  expect(snapshot.elements.find((e) => e.id === 'cart')?.iconHint).toContain('cart');
  expect(pick('Open the basket, the icon with the 2')).toBe('cart');
  expect(pick('Click the heart icon')).toBe('fav');
  expect(pick('Click the gear button')).toBe('gear');
  expect(pick('Click the bell')).toBe('bell');
  expect(pick('Click the home icon')).toBe('home');
});

test('what sits inside a fully transparent container (a closed dropdown faded out) is not visible, and a step does not pick it', async () => {
  // jQuery Nice Select keeps its closed list in the page at opacity 0 (it fades in on open);
  // the items themselves are opaque, so only their ancestor says they do not show.
  const html = `<!doctype html><html><head><style>
    .list { opacity: 0; position: absolute; top: 40px; left: 10px; margin: 0; padding: 0; list-style: none; background: #fff; }
    .list li { height: 30px; width: 200px; }
    .panel { position: absolute; top: 200px; left: 10px; }
    </style></head><body>
    <div class="nice-select"><span class="current">Sort by</span><ul class="list"><li class="option" data-value="1">Top rated</li><li class="option">Lowest price</li></ul></div>
    <div class="panel"><button>Top rated</button></div></body></html>`;
  const snapshot = await snapshotOf(html);
  const option = snapshot.elements.find((e) => e.tag === 'li' && e.text === 'Top rated');
  expect(option?.visible).toBe(false);
  expect(snapshot.elements.find((e) => e.tag === 'button')?.visible).toBe(true);
  const r = resolveStep(toStep({ id: 'top-rated', type: 'Click', description: "Click 'Top rated'" }), snapshot);
  expect(r.ok && snapshot.elements[r.index]?.tag).toBe('button');
});

test("a sprite icon drawn by a div whose class names the picture is read into the button's hint, through wrapper divs (x-spreadsheet)", async () => {
  // x-spreadsheet's toolbar: empty divs, the picture a background sprite on a div named by
  // what it shows; a drop-down button holds it three divs down.
  const html = `<!doctype html><html><head><style>
    .btn { display: inline-block; width: 28px; height: 28px; margin: 2px; }
    .icon { position: relative; display: inline-block; width: 18px; height: 18px; overflow: hidden; }
    .icon-img { position: absolute; width: 262px; height: 444px; background: linear-gradient(#888, #555); }
    </style></head><body><div class="toolbar">
    <div class="btn" id="undo"><div class="x-icon"><div class="x-icon-img icon-img undo"></div></div></div>
    <div class="btn" id="print"><div class="x-icon"><div class="x-icon-img icon-img print"></div></div></div>
    <div class="btn" id="fill"><div class="dropdown"><div class="dropdown-header"><div class="x-icon"><div class="x-icon-img icon-img bgcolor"></div></div></div></div></div>
    </div><script>for (const b of document.querySelectorAll('.btn')) b.addEventListener('click', () => {});</script></body></html>`;
  const snapshot = await snapshotOf(html);
  expect(snapshot.elements.find((e) => e.id === 'print')?.iconHint?.split(' ')).toContain('print');
  expect(snapshot.elements.find((e) => e.id === 'fill')?.iconHint?.split(' ')).toContain('bgcolor');
  const pick = (description: string) => {
    const r = resolveStep(toStep({ id: description, type: 'Click', description }), snapshot);
    return r.ok ? snapshot.elements[r.index]?.id : r.reason;
  };
  expect(pick('Click the printer icon')).toBe('print');
  expect(pick('Click the paint bucket icon')).toBe('fill');
});

test('a calendar column headed by <abbr title="Wednesday">Wed</abbr> is named both ways in its cells', async () => {
  // Pikaday's March 2019: the day names are abbreviations spelled out in their titles. A
  // heading's other title (a tooltip on the <th>) is not its name.
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const full = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const head = days.map((d, i) => `<th title="Sort"><abbr title="${full[i]}">${d}</abbr></th>`).join('');
  const row = (from: number) => `<tr>${days.map((_, i) => `<td><button>${from + i}</button></td>`).join('')}</tr>`;
  const html = `<!doctype html><html><body><table><thead><tr>${head}</tr></thead><tbody>${row(4)}</tbody></table>
    <table><thead><tr><th title="Sort by name">Name</th></tr></thead><tbody><tr><td>Ada</td></tr></tbody></table></body></html>`;
  const snapshot = await snapshotOf(html);
  const column = (text: string) => snapshot.elements.find((e) => e.tag === 'td' && e.text === text)?.cell?.column;
  expect(column('6')).toBe('Wed Wednesday');
  expect(column('Ada')).toBe('Name');
});

test("a toolbar button's value says which variant it applies (Quill's ql-script super and sub), read into its hint", async () => {
  const html = `<!doctype html><html><body><div class="ql-toolbar">
    <button type="button" class="ql-script" value="sub"><svg viewBox="0 0 18 18" width="18" height="18"><path d="M15 15h-3"/></svg></button>
    <button type="button" class="ql-script" value="super"><svg viewBox="0 0 18 18" width="18" height="18"><path d="M15 3h-3"/></svg></button>
    </div></body></html>`;
  const snapshot = await snapshotOf(html);
  const buttons = snapshot.elements.filter((e) => e.tag === 'button');
  expect(buttons.map((b) => b.iconHint?.split(' ').includes('super'))).toEqual([false, true]);
  const r = resolveStep(toStep({ id: 'sup', type: 'Click', description: 'Click the superscript button' }), snapshot);
  expect(r.ok && snapshot.elements[r.index]?.iconHint).toContain('super');
});

test('an ARIA grid drawn with divs (SlickGrid) names its cells by their column header, like a table', async () => {
  const cell = (cls: string, text: string) => `<div role="gridcell" class="slick-cell ${cls}">${text}</div>`;
  const rows = [1, 2, 3, 4, 5]
    .map(
      (n) =>
        `<div role="row" class="slick-row">${cell('l0 r0 cell-selection', String(n))}${cell('l1 r1 cell-title', `Task ${n}`)}${cell('l2 r2', `0${n}/01/2009`)}${cell('l3 r3', `0${n}/05/2009`)}</div>`,
    )
    .join('');
  const html = `<!doctype html><html><head><style>
    .slick-header, .slick-row { display: flex; } .slick-header div, .slick-cell { width: 100px; height: 25px; }
    </style></head><body><div role="grid">
    <div class="slick-header">${['#', 'Title', 'Start', 'Finish'].map((h) => `<div role="columnheader" onclick="">${h}</div>`).join('')}</div>
    <div class="slick-viewport">${rows}</div></div></body></html>`;
  const snapshot = await snapshotOf(html);
  const start4 = snapshot.elements.find((e) => e.text === '04/01/2009');
  expect(start4?.cell).toEqual({ column: 'Start', row: '4' });
  const pick = (description: string) => {
    const r = resolveStep(toStep({ id: 'x', type: 'Click', description }), snapshot);
    return r.ok ? snapshot.elements[r.index] : undefined;
  };
  expect(pick('Click the start date of Task 4')?.text).toBe('04/01/2009');
  expect(pick('Click the Finish heading')?.role).toBe('columnheader');
});

test('a small empty shape painted in its own colour is kept ("the red square on the board"); a large backdrop is not', async () => {
  const html = `<!doctype html><html><head><style>
    #board { position: relative; width: 400px; height: 300px; background: #0000a8; }
    .block { position: absolute; width: 20px; height: 20px; }
    #line { position: absolute; top: 150px; left: 0; width: 400px; height: 2px; background: white; }
    #backdrop { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.1); pointer-events: none; }
    </style></head><body><div id="board">
    <div class="block" id="head" style="left: 20px; top: 20px; background: #00a800"></div>
    <div class="block" id="food" style="left: 200px; top: 100px; background: #ff0000"></div>
    <div id="line"></div></div><div id="backdrop"></div></body></html>`;
  const snapshot = await snapshotOf(html);
  const ids = snapshot.elements.map((e) => e.id);
  expect(ids).toEqual(expect.arrayContaining(['head', 'food', 'line']));
  expect(ids).not.toContain('backdrop');
  const pick = (description: string) => {
    const r = resolveStep(toStep({ id: 'x', type: 'Click', description }), snapshot);
    return r.ok ? snapshot.elements[r.index]?.id : r.reason;
  };
  expect(pick('Click the red square on the board')).toBe('food');
  expect(pick('Click the green square')).toBe('head');
});

test('a box painted apart from its page that holds a few parts is a card, even alone in its column ("the card showing 22 sales")', async () => {
  const card = (id: string, from: string, to: string, n: string, what: string) =>
    `<div class="col"><div class="box" id="${id}" style="background-image: linear-gradient(135deg, ${from}, ${to})"><h3>${n}</h3><h4>${what}</h4></div></div>`;
  const html = `<!doctype html><html><head><style>
    body { background: #262d47; color: white; margin: 0 }
    .row { display: flex; gap: 20px; padding: 20px } .col { width: 260px } .box { height: 110px; padding: 10px; border-radius: 5px }
    #band { background: #262d47; width: 500px; height: 200px }
    </style></head><body><div class="row">
    ${card('clicks', '#4a2f8f', '#6b3fd0', '1213', 'CLICKS')}${card('views', '#1f8f6b', '#35d0a0', '422', 'VIEWS')}
    ${card('leads', '#f0a030', '#e0407a', '311', 'LEADS')}${card('sales', '#2060c0', '#40a0f0', '22', 'SALES')}
    </div><div id="band"><p>Media statistics</p><p>June May April</p></div></body></html>`;
  const snapshot = await snapshotOf(html);
  const ids = snapshot.elements.map((e) => e.id);
  expect(ids).toEqual(expect.arrayContaining(['clicks', 'views', 'leads', 'sales']));
  // A band painted like the page around it is no card.
  expect(ids).not.toContain('band');
  const r = resolveStep(toStep({ id: 'x', type: 'Click', description: 'Click the card showing 22 sales' }), snapshot);
  expect(r.ok ? snapshot.elements[r.index]?.id : r.reason).toBe('sales');
});

test('an SVG drawing that writes text (a Gantt chart) keeps its bars and labels as targets; an icon stays one element', async () => {
  const bar = (id: string, x: number, y: number, w: number, label: string) =>
    `<g class="bar-wrapper" data-id="${id}"><g class="bar-group"><rect class="bar" x="${x}" y="${y}" width="${w}" height="30"></rect>` +
    `<text class="bar-label" x="${x + w / 2}" y="${y + 15}">${label}</text></g></g>`;
  const html = `<!doctype html><html><head><style>.bar-wrapper { cursor: pointer } .bar { fill: #eee; outline: 1px solid #ccc }</style></head><body>
    <button id="menu" aria-label="Menu"><svg width="24" height="24" viewBox="0 0 24 24"><text x="2" y="16">≡</text><path d="M3 6h18"/></svg></button>
    <svg class="gantt" width="900" height="200">${bar('Task_1', 20, 20, 200, 'Redesign website')}${bar('Task_2', 240, 70, 160, 'Client meeting')}${bar('Task_3', 420, 120, 300, 'Apply new styles')}</svg>
    </body></html>`;
  const snapshot = await snapshotOf(html);
  // The icon's own text element is not a target of its own.
  expect(snapshot.elements.filter((e) => e.xpath.startsWith('/html[1]/body[1]/button[1]/')).map((e) => e.tag)).toEqual(['svg']);
  const r = resolveStep(toStep({ id: 'x', type: 'Click', description: 'Click the Client meeting task bar' }), snapshot);
  const got = r.ok ? snapshot.elements[r.index] : undefined;
  expect(got?.xpath, r.ok ? '' : r.reason).toMatch(/\*\[name\(\)='g'\]\[2\]/);
  expect(got?.text).toContain('Client meeting');
});

test('the headings a control lies under are its sections, and the button that submits a form says so: "Submit the reservation", "the newsletter email box"', async () => {
  const html = `<!doctype html><html><body>
    <h1>Bistro</h1>
    <h2>Reservation</h2><h3>Book your table</h3>
    <form onsubmit="return false"><label>Email <input type="email" placeholder="email"></label>
      <div><span>People</span><select><option>2</option></select></div>
      <button>Book table</button><button type="button">Clear</button></form>
    <h2>Special Newsletter signup</h2>
    <div><input type="email" placeholder="email"><button class="btn">Signup</button></div>
    </body></html>`;
  const snapshot = await snapshotOf(html);
  const book = snapshot.elements.find((e) => e.text === 'Book table');
  expect(book?.sections).toEqual(['Book your table', 'Reservation', 'Bistro']);
  expect(book?.iconHint?.split(' ')).toContain('submit');
  expect(snapshot.elements.find((e) => e.text === 'Clear')?.iconHint ?? '').not.toContain('submit');
  const emails = snapshot.elements.filter((e) => e.tag === 'input');
  expect(emails[1]?.sections?.[0]).toBe('Special Newsletter signup');
  const pick = (type: string, description: string, text?: string) => {
    const r = resolveStep(toStep({ id: 'x', type, description, ...(text ? { text } : {}) }), snapshot);
    return r.ok ? r.index : -1;
  };
  expect(snapshot.elements[pick('Click', 'Submit the reservation')]?.text).toBe('Book table');
  expect(pick('Type', 'Type the address into the newsletter email box', 'a@b.c')).toBe(snapshot.elements.indexOf(emails[1]!));
  expect(pick('Type', 'Type the address into the reservation email box', 'a@b.c')).toBe(snapshot.elements.indexOf(emails[0]!));
});

test('"the black GitHub corner": an SVG is the colour it fills, and a link drawing nothing itself is named in what it holds', async () => {
  // The github-corners snippet: an inline <a> of no size around an absolutely placed SVG.
  const html = `<!doctype html><html><body>
    <nav style="position: absolute; top: 20px; right: 120px"><a href="https://github.com/x/y" class="menu-item">Github</a></nav>
    <a href="https://github.com/x/y" class="github-corner"><svg width="80" height="80" viewBox="0 0 250 250"
      style="fill:#151513; color:#fff; position: absolute; top: 0; border: 0; right: 0;"><path d="M0,0 L115,115 L130,115 L142,142 L250,250 L250,0 Z"></path></svg></a>
    </body></html>`;
  const snapshot = await snapshotOf(html);
  const svg = snapshot.elements.find((e) => e.tag === 'svg');
  expect(svg?.look?.bg).toBe('rgb(21, 21, 19)');
  expect(snapshot.elements.find((e) => e.classes.includes('github-corner'))?.visible).toBe(false);
  const r = resolveStep(
    toStep({ id: 'corner', type: 'Click', description: 'Click the black GitHub corner in the top right corner of the page' }),
    snapshot,
  );
  expect(r.ok && snapshot.elements[r.index]?.tag).toBe('svg');
  const link = resolveStep(toStep({ id: 'link', type: 'Click', description: 'Click the Github link in the menu' }), snapshot);
  expect(link.ok && snapshot.elements[link.index]?.text).toBe('Github');
});

test('an inline SVG copied from a well-known icon set is known by its name (a Heroicons trash can, spelled as Heroicons v1 wrote it), so "the trash can on the second row" finds it', async () => {
  // Heroicons 20 solid "trash" as a Tailwind cart page inlines it: compact arc flags ("0 006"),
  // lower-case close commands, no title, no label, no class naming it.
  const trash =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" fill="currentColor" class="h-5 w-5 cursor-pointer"><path fill-rule="evenodd" d="M8.75 1A2.75 2.75 0 006 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 10.23 1.482l.149-.022.841 10.518A2.75 2.75 0 007.596 19h4.807a2.75 2.75 0 002.742-2.53l.841-10.52.149.023a.75.75 0 00.23-1.482A41.03 41.03 0 0014 4.193V3.75A2.75 2.75 0 0011.25 1h-2.5zM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4zM8.58 7.72a.75.75 0 00-1.5.06l.3 7.5a.75.75 0 101.5-.06l-.3-7.5zm4.34.06a.75.75 0 10-1.5-.06l-.3 7.5a.75.75 0 101.5.06l.3-7.5z" clip-rule="evenodd"/></svg>';
  const row = (n: number, name: string) =>
    `<tr id="r${n}"><td>${name}</td><td><button class="q">-</button> 1 <button class="q">+</button></td><td>$${n}99</td><td onclick="this.dataset.hit=1">${trash}</td></tr>`;
  const html = `<!doctype html><html><head><style>td { padding: 8px; } svg { width: 20px; height: 20px; }</style></head><body>
    <table><tbody>${row(1, 'Italian Bed')}${row(2, 'Oak Table')}${row(3, 'Desk Lamp')}</tbody></table></body></html>`;
  const snapshot = await snapshotOf(html);
  const svgs = snapshot.elements.filter((e) => e.tag === 'svg');
  expect(svgs).toHaveLength(3);
  for (const s of svgs) expect(s.iconHint?.split(' ')).toContain('trash');
  const r = resolveStep(toStep({ id: 'trash', type: 'Click', description: 'Click the trash can on the second row' }), snapshot);
  expect(r.ok && snapshot.elements[r.index]?.xpath).toMatch(/tr\[2\]\/td\[4\]/);
});

test('a switch drawn as an empty <button> is named by its <label for> (a button is labelable), so "Turn on Marketing emails" is the switch, not its label', async () => {
  // shadcn/ui (Radix) settings: each row is a label and a button role=switch the label points at.
  const row = (id: string, name: string) =>
    `<div class="row"><label for="${id}">${name}</label><button type="button" role="switch" aria-checked="false" id="${id}" onclick="this.dataset.hit=1"><span class="thumb"></span></button></div>`;
  const html = `<!doctype html><html><head><style>
    .row { display: flex; justify-content: space-between; width: 500px; padding: 12px; }
    button[role=switch] { width: 32px; height: 18px; border-radius: 9px; border: 0; background: #ccc; }
    </style></head><body><form>${row('a', 'Communication emails')}${row('b', 'Marketing emails')}${row('c', 'Social emails')}</form></body></html>`;
  const snapshot = await snapshotOf(html);
  const switches = snapshot.elements.filter((e) => e.role === 'switch');
  expect(switches.map((s) => s.name)).toEqual(['Communication emails', 'Marketing emails', 'Social emails']);
  const r = resolveStep(toStep({ id: 'marketing', type: 'Click', description: 'Turn on Marketing emails' }), snapshot);
  expect(r.ok && snapshot.elements[r.index]?.xpath).toMatch(/div\[2\]\/button\[1\]$/);
});

test('a table of contents is a region even when one list fills it, and "contents" reads a toc class or id: "Example in the contents list on the right"', async () => {
  // Hugo Book: the On this page list is nav#TableOfContents > ul inside aside.book-toc, each
  // wrapper holding one child; the left menu has its own "Table of Contents" page link.
  // Other generators mark it by a class alone ("toc").
  const page = (toc: string) => `<!doctype html><html><head><style>
    main { display: flex; } aside.menu { width: 220px; } article { width: 700px; } aside.side { width: 220px; }
    </style></head><body><main>
    <aside class="menu"><nav><ul><li><a href="#site">Example Site</a><ul><li><a href="#toc-page">Table of Contents</a></li></ul></li></ul></nav></aside>
    <article><h1>Tabs</h1><p>Tabs let you organize content by context.</p><h2 id="example">Example</h2><p>Lorem ipsum.</p></article>
    <aside class="side"><div>${toc}<ul><li><a href="#tabs">Tabs</a><ul><li><a href="#example">Example</a></li></ul></li></ul></nav></div></aside>
    </main></body></html>`;
  for (const toc of ['<nav id="TableOfContents">', '<nav class="toc">']) {
    const snapshot = await snapshotOf(page(toc));
    const r = resolveStep(toStep({ id: 'toc', type: 'Click', description: 'Click Example in the contents list on the right' }), snapshot);
    expect(r.ok && snapshot.elements[r.index]?.xpath, toc).toMatch(
      /aside\[2\]\/div\[1\]\/nav\[1\]\/ul\[1\]\/li\[1\]\/ul\[1\]\/li\[1\]\/a\[1\]$/,
    );
  }
});

test('what is drawn past an edge no scrolling reaches is off canvas (a closed drawer, a skip link, a fixed toast above the top), what a scroll reaches is not, and "the third message" counts those on screen', async () => {
  const html = `<!doctype html><html><head><style>
    body { margin: 0; overflow-x: hidden; font: 14px sans-serif; }
    .drawer { position: fixed; top: 0; right: 0; width: 250px; height: 100%; transform: translateX(100%); }
    .drawer ul { overflow: auto; height: 100%; margin: 0; }
    .skip { position: absolute; left: -9999px; }
    .toast { position: fixed; top: -100px; left: 0; height: 50px; }
    .side { position: fixed; left: 0; top: 0; width: 150px; height: 100%; overflow-y: auto; }
    .side a { display: block; height: 40px; }
    main { margin-left: 160px; }
    .wide { overflow-x: auto; width: 500px; } .wide table { width: 1600px; }
    .parked { position: absolute; left: 1200px; top: 20px; }
    li.message { height: 30px; }
    </style></head><body>
    <a class="skip" href="#main">Skip to content</a>
    <div class="toast">Saved</div>
    <div class="drawer"><ul><li class="message">Chris Gray</li><li class="message">Jamey Brownlow</li><li class="message">Livia Walsh</li></ul></div>
    <nav class="side">${Array.from({ length: 20 }, (_, k) => `<a href="#s${k}">Section ${k + 1}</a>`).join('')}</nav>
    <div class="parked">Parked</div>
    <main id="main"><ul><li class="message">Welcome</li><li class="message">Invoice</li><li class="message">Meeting notes</li><li class="message">Holiday</li></ul>
    <div class="wide"><table><tr><td>A1</td><td style="padding-left: 1400px">Far cell</td></tr></table></div>
    <p style="margin-top: 1500px">Footer text</p></main></body></html>`;
  const snapshot = await snapshotOf(html);
  const off = (text: string) => snapshot.elements.find((e) => e.text === text)?.offCanvas === true;
  expect(['Livia Walsh', 'Skip to content', 'Saved', 'Parked'].filter(off)).toEqual(['Livia Walsh', 'Skip to content', 'Saved', 'Parked']);
  expect(['Section 20', 'Far cell', 'Footer text', 'Meeting notes'].filter(off)).toEqual([]);
  const r = resolveStep(toStep({ id: 'third', type: 'Click', description: 'Click the third message' }), snapshot);
  expect(r.ok && snapshot.elements[r.index]?.text).toBe('Meeting notes');
});

test('a box an id names as a region is kept with one child (#cookieBanner), and "the banner" is that box, not the page header: "Refuse cookies with the second button of the banner"', async () => {
  // Bulma Clean Theme: the cookie banner is a container with an id around one row of columns.
  const html = `<!doctype html><html><body>
    <div class="section"><div class="container" id="cookieBanner"><div class="columns">
      <div class="column"><p>We use cookies on this site.</p></div>
      <div class="column"><button class="button">Accept all cookies</button><button class="button">Reject all cookies</button></div>
    </div></div></div>
    <header><nav><a class="button" href="/">Home</a><a class="button" href="/docs">Docs</a><a class="button" href="/blog">Blog</a></nav></header>
    <footer><a class="button" href="https://example.org/a">Facebook</a><a class="button" href="https://example.org/b">Instagram</a></footer></body></html>`;
  const snapshot = await snapshotOf(html);
  expect(snapshot.elements.some((e) => e.id === 'cookieBanner')).toBe(true);
  const r = resolveStep(
    toStep({ id: 'reject', type: 'Click', description: 'Refuse cookies with the second button of the banner' }),
    snapshot,
  );
  expect(r.ok && snapshot.elements[r.index]?.text).toBe('Reject all cookies');
});

test('blank swatches after a "Color" label all have it as their context, and a star copied from Feather as a straight-line path is a star: "Pick the dark grey colour", "the fifth star"', async () => {
  // Tailblocks' product page: <span>Color</span> then three round buttons painted by a class;
  // a rating of five Feather stars written as <path d="M12 2l3.09 6.26...z">.
  const star = (fill: string) =>
    `<svg fill="${fill}" stroke="currentColor" stroke-width="2" viewBox="0 0 24 24" style="width:16px;height:16px;color:#6366f1"><path d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z"/></svg>`;
  const html = `<!doctype html><html><head><style>
    .sw { width: 24px; height: 24px; border-radius: 50%; border: 2px solid #d1d5db; margin-left: 4px; }
    </style></head><body><h1>The Catcher in the Rye</h1>
    <div class="rating">${star('currentColor').repeat(4)}${star('none')}<span>4 Reviews</span></div>
    <div class="colors"><span>Color</span><button class="sw" style="background:#fff"></button><button class="sw" style="background:#374151"></button><button class="sw" style="background:#6366f1"></button></div>
    <h2>Brand name</h2></body></html>`;
  const snapshot = await snapshotOf(html);
  const swatches = snapshot.elements.filter((e) => e.tag === 'button');
  expect(swatches.map((s) => s.context)).toEqual(['Color', 'Color', 'Color']);
  const stars = snapshot.elements.filter((e) => e.tag === 'svg');
  expect(stars).toHaveLength(5);
  for (const s of stars) expect(s.iconHint?.split(' ')).toContain('star');
  const grey = resolveStep(toStep({ id: 'grey', type: 'Click', description: 'Pick the dark grey colour' }), snapshot);
  expect(grey.ok && snapshot.elements[grey.index]?.xpath).toMatch(/div\[2\]\/button\[2\]$/);
});

test('a box the author labelled as a region ("media player") and a bar whose class says "controls" are places a step names: "the shuffle icon in the player", "the full-screen icon at the right end of the player controls", "the play button in the middle of the control bar"', async () => {
  // jPlayer's playlist skin: the player is <div role="application" aria-label="media player">
  // with one child; its buttons sit in unlabelled rows .jp-controls and .jp-toggles of .jp-controls-holder. A
  // "Shuffle all" link, a big play overlay and icons at the page's right edge are the distractors.
  const html = `<!doctype html><html><head><style>
    button { width: 28px; height: 28px; font-size: 0; }
    .jp-video-play-icon { width: 112px; height: 100px; }
    .jp-controls, .jp-toggles { display: inline-block; }
    .jp-play { width: 40px; height: 40px; border-radius: 50%; }
    .share { position: absolute; right: 8px; top: 8px; }
    .share a { display: inline-block; width: 16px; height: 16px; background: #333; }
    </style></head><body>
    <p><a href="#all">Shuffle all</a> <a href="#fs">Full screen help</a></p>
    <div class="share"><a class="icon icon-twitter" href="#t"></a><a class="icon icon-expand" href="#e"></a></div>
    <div id="jp_container" class="jp-video" role="application" aria-label="media player"><div class="jp-type-playlist">
      <div class="jp-video-play"><button class="jp-video-play-icon">play</button></div>
      <div class="jp-interface"><div class="jp-controls-holder">
        <div class="jp-controls"><button class="jp-previous">previous</button><button class="jp-play">play</button><button class="jp-next">next</button></div>
        <div class="jp-toggles"><button class="jp-repeat">repeat</button><button class="jp-shuffle">shuffle</button><button class="jp-full-screen">full screen</button></div>
      </div></div></div></div></body></html>`;
  const snapshot = await snapshotOf(html);
  expect(snapshot.elements.some((e) => e.ariaLabel === 'media player')).toBe(true);
  const pick = (description: string) => {
    const r = resolveStep(toStep({ id: 'x', type: 'Click', description }), snapshot);
    return r.ok ? snapshot.elements[r.index]?.classes.join(' ') : r.reason;
  };
  expect(pick('Click the shuffle icon (crossed arrows) in the player')).toBe('jp-shuffle');
  expect(pick('Click the full-screen icon at the right end of the player controls')).toBe('jp-full-screen');
  expect(pick('Click the big round play button in the middle of the control bar')).toBe('jp-play');
});

test('HTML in an SVG drawing\'s <foreignObject> is on the page: a mind map\'s topics are targets ("Click the Features topic")', async () => {
  // My Mind draws its map in one SVG; each topic's words are HTML divs inside a <foreignObject>.
  const topic = (x: number, y: number, text: string) =>
    `<g class="item"><foreignObject x="${x}" y="${y}" width="120" height="30"><div xmlns="http://www.w3.org/1999/xhtml" class="content"><div class="text" style="cursor:pointer">${text}</div></div></foreignObject></g>`;
  const html = `<!doctype html><html><body style="margin:0">
    <svg width="760" height="360" xmlns="http://www.w3.org/2000/svg"><g class="item root">
      ${topic(320, 160, 'Goldfish')}${topic(520, 60, 'Features')}${topic(520, 260, 'Stats')}${topic(80, 160, 'Links')}
    </g></svg></body></html>`;
  const snapshot = await snapshotOf(html);
  const r = resolveStep(
    toStep({ id: 'f', type: 'Click', description: "Click the 'Features' topic to the right of the centre of the map" }),
    snapshot,
  );
  expect(r.ok && snapshot.elements[r.index]?.text).toBe('Features');
});
