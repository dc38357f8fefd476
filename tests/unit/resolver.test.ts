// Resolver unit tests over hand-written snapshots: one behaviour per test.
import { describe, expect, test } from 'vitest';
import { resolveStep, type ResolveResult } from '../../src/driver/resolve.ts';
import { parseStep } from '../../src/driver/parse.ts';
import { prepare } from '../../src/driver/candidates.ts';
import { regionInstance } from '../../src/driver/geometry.ts';
import { scoreQuery } from '../../src/driver/query.ts';
import { textSimilarity } from '../../src/driver/text.ts';
import { asksQuestion } from '../../src/driver/kinds.ts';
import { colourNames, parseColour } from '../../src/driver/colours.ts';
import { canonicalPath, polygonSpellings, shapeKey } from '../../src/driver/glyphs.ts';
import { iconName } from '../../src/agent/icon-names.ts';
import { B, snap, withParents, type El } from '../support/snapshots.ts';
import type { Step } from '../../src/task/types.ts';

function step(type: string, parameters: Step['parameters']): Step {
  return { type, parameters, visual_evaluation_flag: false, logical_assertion: null };
}
function idx(r: ResolveResult): number {
  if (!r.ok) throw new Error(r.reason);
  return r.index;
}

describe('labels and text', () => {
  const page = snap([
    { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Sign in' },
    { tag: 'button', xpath: `${B(1)}/button[2]`, text: 'Sign up' },
    { tag: 'a', xpath: `${B(1)}/a[1]`, text: 'Forgot password?', href: '#' },
  ]);
  test('quoted label picks the exact text', () => {
    expect(idx(resolveStep(step('Click', { description: "Click the 'Sign up' button" }), page))).toBe(1);
  });
  test('fuzzy text tolerates typos and spacing', () => {
    expect(idx(resolveStep(step('Click', { description: 'Click Signin' }), page))).toBe(0);
    expect(idx(resolveStep(step('Click', { description: "Click 'Forgot pasword'" }), page))).toBe(2);
  });
  test('nothing matching fails with the official wording and alternatives', () => {
    const r = resolveStep(step('Click', { description: "Click the 'Checkout' button" }), page);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/^no element matches "Click the 'Checkout' button"/);
  });
  test('apostrophes inside words are not quotes', () => {
    expect(parseStep(step('Click', { description: "Click Tom's 'Like' button" })).target.labels).toEqual(['Like']);
  });
  test('a name in capitals matches the words its initials spell ("the FAQ", "Frequently Asked Questions")', () => {
    expect(textSimilarity('FAQ', 'Frequently Asked Questions')).toBeGreaterThanOrEqual(0.9);
    expect(textSimilarity('FAQs', 'Frequently Asked Questions')).toBeGreaterThanOrEqual(0.9);
    // A word written in lower case is a word, not an abbreviation; other initials do not spell it.
    expect(textSimilarity('faq', 'Frequently Asked Questions')).toBeLessThan(0.5);
    expect(textSimilarity('FAQ', 'Find All Quotes Here')).toBeLessThan(0.5);
  });
  test('similarity is exact 1 and ordered', () => {
    expect(textSimilarity('Add to cart', 'add to cart')).toBe(1);
    expect(textSimilarity('Add', 'Add to cart')).toBeLessThan(1);
    expect(textSimilarity('Add', 'Add to cart')).toBeGreaterThan(textSimilarity('Add', 'Remove'));
  });
});

describe('kinds and icons', () => {
  const page = snap([
    { tag: 'a', xpath: `${B(1)}/a[1]`, text: 'Search', href: '#' },
    { tag: 'input', xpath: `${B(1)}/input[1]`, inputType: 'text', placeholder: 'Search...', editable: true },
    {
      tag: 'button',
      xpath: `${B(1)}/button[1]`,
      classes: ['icon-btn'],
      iconHint: 'fa fa-shopping-cart',
      box: { x: 1200, y: 10, width: 32, height: 32 },
    },
    { tag: 'button', xpath: `${B(1)}/button[2]`, text: '×', box: { x: 1240, y: 10, width: 24, height: 24 } },
    { tag: 'input', xpath: `${B(1)}/input[2]`, inputType: 'checkbox', name: 'Remember me' },
    { tag: 'label', xpath: `${B(1)}/label[1]`, text: 'Remember me', interactive: false },
    { tag: 'select', xpath: `${B(1)}/select[1]`, name: 'Sort by', role: 'combobox' },
  ]);
  test('"link" and "field" choose the right kind for the same word', () => {
    expect(idx(resolveStep(step('Click', { description: 'Click the Search link' }), page))).toBe(0);
    expect(idx(resolveStep(step('Click', { description: 'Click the search field' }), page))).toBe(1);
  });
  test('icon-only controls by class names and glyphs', () => {
    expect(idx(resolveStep(step('Click', { description: 'Click the cart icon' }), page))).toBe(2);
    expect(idx(resolveStep(step('Click', { description: 'Click the basket button' }), page))).toBe(2);
    expect(idx(resolveStep(step('Click', { description: 'Close the popup with the X button' }), page))).toBe(3);
  });
  test('a class that writes the word beats an id that only means the same ("the bell", "notification-bell" over "user-notification-1")', () => {
    const p = snap([
      // A settings switch for notifications comes first in the page and has a label.
      {
        tag: 'input',
        xpath: `${B(1)}/input[1]`,
        inputType: 'checkbox',
        role: 'checkbox',
        id: 'user-notification-1',
        iconHint: 'form-switch',
      },
      { tag: 'a', xpath: `${B(1)}/a[1]`, href: '#', role: 'button', classes: ['nav-link', 'notification-bell'], iconHint: 'icon' },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click the bell' }), p))).toBe(1);
  });
  test('checkbox beats its label; dropdown finds the select', () => {
    expect(idx(resolveStep(step('Click', { description: "Check the 'Remember me' checkbox" }), page))).toBe(4);
    expect(idx(resolveStep(step('Click', { description: 'Open the sort dropdown' }), page))).toBe(6);
  });
});

describe('ordinals, positions, grids', () => {
  const cards = snap(
    [0, 1, 2, 3].flatMap((i) => [
      {
        tag: 'div',
        xpath: `${B(1)}/div[${i + 1}]`,
        classes: ['product-card'],
        text: `Item ${i} Add to cart`,
        box: { x: 10 + i * 300, y: 100, width: 280, height: 200 },
        interactive: false,
      },
      {
        tag: 'button',
        xpath: `${B(1)}/div[${i + 1}]/button[1]`,
        classes: ['btn'],
        text: 'Add to cart',
        parent: i * 2,
        box: { x: 20 + i * 300, y: 250, width: 100, height: 30 },
      },
    ]),
  );
  test('the second card / the last button / 3rd', () => {
    expect(idx(resolveStep(step('Click', { description: 'Click the second card' }), cards))).toBe(2);
    expect(idx(resolveStep(step('Click', { description: "Click the last 'Add to cart' button" }), cards))).toBe(7);
    expect(idx(resolveStep(step('Click', { description: "Click the 3rd 'Add to cart' button" }), cards))).toBe(5);
  });
  test('top right prefers the corner element', () => {
    const p = snap([
      { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Menu', box: { x: 10, y: 10, width: 40, height: 40 } },
      { tag: 'button', xpath: `${B(1)}/button[2]`, text: 'Menu', box: { x: 1220, y: 10, width: 40, height: 40 } },
      { tag: 'button', xpath: `${B(1)}/button[3]`, text: 'Menu', box: { x: 1220, y: 650, width: 40, height: 40 } },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click the menu button in the top right corner' }), p))).toBe(1);
    expect(idx(resolveStep(step('Click', { description: 'Click the bottom right menu button' }), p))).toBe(2);
  });
  test('row and column of a grid', () => {
    const tiles: El[] = [];
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++)
        tiles.push({
          tag: 'div',
          xpath: `${B(1)}/div[${r * 3 + c + 1}]`,
          classes: ['tile'],
          box: { x: c * 110, y: r * 110, width: 100, height: 100 },
          interactive: true,
        });
    expect(idx(resolveStep(step('Click', { description: 'Click the tile in row 2, column 3' }), snap(tiles)))).toBe(5);
    expect(parseStep(step('Click', { description: 'the cell at (2, 3)' })).target.ordinal).toBeUndefined();
  });
});

describe('relations and regions', () => {
  const rows = snap([
    { tag: 'span', xpath: `${B(1)}/span[1]`, text: 'Milk', interactive: false, box: { x: 10, y: 10, width: 60, height: 20 } },
    { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Add', box: { x: 300, y: 10, width: 40, height: 20 } },
    { tag: 'span', xpath: `${B(2)}/span[1]`, text: 'Bread', interactive: false, box: { x: 10, y: 50, width: 60, height: 20 } },
    { tag: 'button', xpath: `${B(2)}/button[1]`, text: 'Add', box: { x: 300, y: 50, width: 40, height: 20 } },
  ]);
  test("the 'Add' button next to 'Bread'", () => {
    expect(idx(resolveStep(step('Click', { description: "Click the 'Add' button next to 'Bread'" }), rows))).toBe(3);
    expect(idx(resolveStep(step('Click', { description: "Click 'Add' for Milk" }), rows))).toBe(1);
  });
  test('below the search box', () => {
    const p = snap([
      { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Go', box: { x: 10, y: 10, width: 40, height: 20 } },
      { tag: 'input', xpath: `${B(1)}/input[1]`, placeholder: 'Search', editable: true, box: { x: 100, y: 100, width: 200, height: 30 } },
      { tag: 'button', xpath: `${B(1)}/button[2]`, text: 'Go', box: { x: 100, y: 140, width: 40, height: 20 } },
    ]);
    expect(idx(resolveStep(step('Click', { description: "Click 'Go' below the search box" }), p))).toBe(2);
  });
  test('in the header uses landmarks', () => {
    const p = snap([
      {
        tag: 'a',
        xpath: `/html[1]/body[1]/header[1]/a[1]`,
        text: 'Login',
        href: '#',
        landmark: 'nav header',
        box: { x: 900, y: 400, width: 40, height: 20 },
      },
      { tag: 'a', xpath: `/html[1]/body[1]/footer[1]/a[1]`, text: 'Login', href: '#', landmark: 'footer' },
    ]);
    expect(idx(resolveStep(step('Click', { description: "Click 'Login' in the header" }), p))).toBe(0);
    expect(idx(resolveStep(step('Click', { description: "Click 'Login' in the footer" }), p))).toBe(1);
  });
  test('covered and invisible elements lose', () => {
    const p = snap([
      { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Close', onTop: false },
      { tag: 'button', xpath: `${B(2)}/button[1]`, text: 'Close', onTop: true },
      { tag: 'button', xpath: `${B(3)}/button[1]`, text: 'Close', visible: false, inViewport: false },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click Close' }), p))).toBe(1);
  });
});

describe('Type, Press, Scroll', () => {
  const form = snap([
    { tag: 'input', xpath: `${B(1)}/input[1]`, name: 'Origin', editable: true },
    { tag: 'input', xpath: `${B(1)}/input[2]`, name: 'Destination', editable: true },
    { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Destination guide' },
  ]);
  test('text to type inside the description', () => {
    const r = resolveStep(step('Type', { description: "Type 'Paris' into the destination field" }), form);
    expect(r.ok && r.typed).toBe('Paris');
    expect(idx(r)).toBe(1);
  });
  test('text parameter wins; a quote equal to it is not a label', () => {
    const r = resolveStep(step('Type', { description: "Enter 'Lyon' as origin", text: 'Lyon' }), form);
    expect(r.ok && r.typed).toBe('Lyon');
    expect(idx(r)).toBe(0);
  });
  test('element_index decides only when the description matches nothing', () => {
    expect(idx(resolveStep(step('Type', { description: 'Type here', text: 'x', element_index: 1 }), form))).toBe(1);
    expect(idx(resolveStep(step('Type', { description: 'Type in the origin field', text: 'x', element_index: 1 }), form))).toBe(0);
  });
  test('with no text given and nothing quoted, a value at the end of the description is the text', () => {
    const typed = (d: string) => parseStep(step('Type', { description: d })).typed;
    expect(typed('Enter the phone number 555 0134')).toBe('555 0134');
    expect(typed('Enter your age 42')).toBe('42');
    expect(typed('Type the address into the box ann@example.com')).toBe('ann@example.com');
    expect(parseStep(step('Type', { description: 'Enter the phone number 555 0134' })).target.words).toEqual(['phone', 'number']);
    expect(typed("Enter 'x' in box 2")).toBe('x');
  });
  test('no text anywhere fails with a reason', () => {
    const r = resolveStep(step('Type', { description: 'Fill in the destination' }), form);
    expect(r.ok).toBe(false);
  });
  test('Press keys from the parameter or the description', () => {
    const k = (d: string, key?: string) => {
      const r = resolveStep(step('Press', key ? { description: d, key } : { description: d }), form);
      return r.ok ? r.key : r.reason;
    };
    expect(k('Press the up arrow')).toBe('ArrowUp');
    expect(k('press enter to submit')).toBe('Enter');
    expect(k('Hit Escape to close the dialog')).toBe('Escape');
    expect(k('press tab')).toBe('Tab');
    expect(k('press the space bar')).toBe('Space');
    expect(k('Press Backspace')).toBe('Backspace');
    expect(k("Press the 'w' key")).toBe('w');
    expect(k('Press down to drop the piece faster')).toBe('ArrowDown');
    expect(k('press left twice')).toBe('ArrowLeft');
    expect(k('move', 'ArrowLeft')).toBe('ArrowLeft');
    expect(k('x', 'enter')).toBe('Enter');
    // The dataset writes the space bar as a key of one space: the key given, not an empty one.
    expect(k('Start the game', ' ')).toBe('Space');
  });
  test('Press Enter in a named field targets it', () => {
    expect(idx(resolveStep(step('Press', { description: 'Press Enter in the destination field' }), form))).toBe(1);
  });
  test('Scroll needs no target and parses a direction', () => {
    const r = resolveStep(step('Scroll', { description: 'Scroll up to the top' }), form);
    expect(r.ok && r.index).toBe(-1);
    expect(r.ok && r.direction).toBe('up');
    const d = resolveStep(step('Scroll', { description: 'Scroll the page' }), form);
    expect(d.ok && d.direction).toBe('down');
  });
  test('unknown action types fail', () => {
    expect(resolveStep(step('Hover', { description: 'x' }), form).ok).toBe(false);
  });
});

test('deterministic: same inputs, same answer; ties go to document order', () => {
  const p = snap([
    { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'OK' },
    { tag: 'button', xpath: `${B(2)}/button[1]`, text: 'OK' },
  ]);
  const a = resolveStep(step('Click', { description: "Click 'OK'" }), p);
  const b = resolveStep(step('Click', { description: "Click 'OK'" }), structuredClone(p));
  expect(a).toEqual(b);
  expect(idx(a)).toBe(0);
  expect(a.ok && a.alternatives[0]?.index).toBe(1);
});

describe('series, boards, glyphs, regions and kind tolerance', () => {
  // A 3x3 board of buttons whose marks add classes ("o", "win") and text: layout decides.
  const marks = ['X', '', 'O', '', 'X', 'O', 'O', 'O', 'X'];
  const board = snap([
    { tag: 'div', xpath: `${B(1)}`, classes: ['board'], text: marks.join(' '), box: { x: 0, y: 0, width: 200, height: 200 } },
    ...marks.map((m, i): El => ({
      tag: 'button',
      xpath: `${B(1)}/button[${i + 1}]`,
      text: m,
      classes: ['btn', 'cell', ...(m === 'O' ? ['o'] : []), ...(i === 4 ? ['win'] : [])],
      parent: 0,
      box: { x: (i % 3) * 60, y: Math.floor(i / 3) * 60, width: 56, height: 56 },
    })),
  ]);
  test('a grid cell counts every sibling cell, whatever its mark', () => {
    expect(idx(resolveStep(step('Click', { description: 'Tap the square in row 3, column 2 of the board' }), board))).toBe(8);
    expect(idx(resolveStep(step('Click', { description: 'Tap the empty square in row 2, column 1' }), board))).toBe(4);
    expect(idx(resolveStep(step('Click', { description: 'Click the 3rd column, 1st row cell' }), board))).toBe(3);
  });
  const dots = snap([
    { tag: 'button', xpath: `${B(1)}/button[1]`, classes: ['btn', 'arrow'], text: '‹', box: { x: 10, y: 100, width: 40, height: 40 } },
    { tag: 'button', xpath: `${B(1)}/button[2]`, classes: ['btn', 'arrow'], text: '›', box: { x: 300, y: 100, width: 40, height: 40 } },
    ...[1, 2, 3, 4].map((n): El => ({
      tag: 'button',
      xpath: `${B(2)}/button[${n}]`,
      classes: ['btn', 'dot', ...(n === 1 ? ['on'] : [])],
      box: { x: 100 + n * 20, y: 260, width: 12, height: 12 },
    })),
  ]);
  test('an ordinal counts the series the words name, state classes included', () => {
    expect(idx(resolveStep(step('Click', { description: 'Tap the fourth dot' }), dots))).toBe(5);
    expect(idx(resolveStep(step('Click', { description: 'Tap the last of the four dots' }), dots))).toBe(5);
    expect(idx(resolveStep(step('Click', { description: 'Tap the dot for slide 2' }), dots))).toBe(3);
  });
  test('direction glyphs answer to left/right and previous/next', () => {
    expect(idx(resolveStep(step('Click', { description: 'Tap the right arrow button' }), dots))).toBe(1);
    expect(idx(resolveStep(step('Click', { description: 'Tap the previous button' }), dots))).toBe(0);
    expect(textSimilarity('next', '»')).toBeGreaterThan(0.7);
    expect(textSimilarity('left', '<')).toBeGreaterThan(0.7);
  });
  test('an overlay drawn on a photo is "on the photo"; its side is read inside the photo', () => {
    const photo = snap([
      { tag: 'img', xpath: `${B(1)}/img[1]`, alt: 'Santorini', box: { x: 0, y: 0, width: 360, height: 220 } },
      { tag: 'button', xpath: `${B(1)}/button[1]`, text: '‹', box: { x: 8, y: 90, width: 40, height: 40 } },
      { tag: 'button', xpath: `${B(1)}/button[2]`, text: '›', box: { x: 312, y: 90, width: 40, height: 40 } },
      { tag: 'button', xpath: `${B(2)}/button[1]`, text: '›', box: { x: 312, y: 400, width: 40, height: 40 } },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Tap the next arrow on the destination photo' }), photo))).toBe(2);
    expect(idx(resolveStep(step('Click', { description: 'Tap the arrow on the left side of the photo' }), photo))).toBe(1);
  });
  test('parse: verbs that are labels, "by" anchors, container nouns, means clauses', () => {
    const like = parseStep(step('Click', { description: 'Like the post by Aiko Tanaka' }));
    expect(like.target.words).toEqual(['like']);
    // A capitalised full name is read as shown: a name, matched like a label but never ruling out.
    expect(like.relations.map((r) => r.anchor.names?.join(' '))).toContain('Aiko Tanaka');
    const list = parseStep(step('Click', { description: 'Click the more icon of the Done list' }));
    expect(list.relations[0]?.anchor).toMatchObject({ words: ['done'], container: 'list' });
    const means = parseStep(step('Click', { description: 'Close the modal by clicking the X button' }));
    expect(means.target.kinds).toContain('button');
    expect(means.target.region).toBe('modal');
    expect(parseStep(step('Click', { description: "Click 'Sort by' price" })).relations).toEqual([]);
  });
  test('a round check button is a checkbox to the step', () => {
    const todo = snap([
      { tag: 'button', xpath: `${B(1)}/button[1]`, classes: ['btn', 'check'], box: { x: 10, y: 10, width: 22, height: 22 } },
      { tag: 'span', xpath: `${B(1)}/span[1]`, text: 'Buy oat milk', interactive: false, box: { x: 40, y: 10, width: 120, height: 22 } },
      { tag: 'button', xpath: `${B(1)}/button[2]`, text: 'Delete', box: { x: 200, y: 10, width: 60, height: 22 } },
    ]);
    expect(idx(resolveStep(step('Click', { description: "Click the round checkbox to the left of 'Buy oat milk'" }), todo))).toBe(0);
  });
});

describe('rows and their cells', () => {
  // Two rows named Facebook; each has a label cell and a number cell at its centre.
  const T = `${B(1)}/table[1]/tbody[1]`;
  const row = (n: number, label: string, num: string, y: number): El[] => [
    { tag: 'tr', xpath: `${T}/tr[${n}]`, text: `${label} ${num}`, name: `${label} ${num}`, box: { x: 10, y, width: 300, height: 30 } },
    { tag: 'th', xpath: `${T}/tr[${n}]/th[1]`, text: label, box: { x: 10, y, width: 100, height: 30 } },
    { tag: 'td', xpath: `${T}/tr[${n}]/td[1]`, text: num, box: { x: 110, y, width: 200, height: 30 } },
  ];
  const els = [...row(1, 'Facebook', '1,480', 10), ...row(2, 'Google', '4,807', 40), ...row(3, 'Facebook', '5,480', 70)];
  for (const [i, e] of els.entries()) if (e.tag !== 'tr') e.parent = i - (e.tag === 'th' ? 1 : 2);
  const page = snap(els);
  test('a row named by its words is clicked on the cell that carries them', () => {
    const r = resolveStep(step('Click', { description: 'Click the second Facebook row' }), page);
    expect(idx(r)).toBe(7); // th "Facebook" of the third row (the second Facebook row)
    expect(r.ok && r.reasons.some((x) => x.startsWith('clicked on its cell'))).toBe(true);
  });
  test('a row picked by other words keeps its own centre', () => {
    expect(idx(resolveStep(step('Click', { description: 'Click the second row' }), page))).toBe(3);
  });
});

describe('a board of columns', () => {
  // Three columns, each: a title that renames on click (an interactive h2), an "Add Task..."
  // field, then three task items with a trash icon each.
  const titles = ['To Do', 'In Progress', 'Done'];
  const els: El[] = [];
  titles.forEach((title, c) => {
    const col = `${B(1)}/div[${c + 1}]`;
    const x = 10 + c * 320;
    els.push({
      tag: 'h2',
      xpath: `${col}/h2[1]`,
      text: title,
      role: 'heading',
      listeners: ['click'],
      interactive: true,
      box: { x, y: 10, width: 80, height: 24 },
    });
    els.push({ tag: 'input', xpath: `${col}/input[1]`, text: 'Add Task...', editable: true, box: { x, y: 400, width: 280, height: 30 } });
    for (let k = 0; k < 3; k++) {
      const y = 60 + k * 50;
      els.push({
        tag: 'li',
        xpath: `${col}/ul[1]/li[${k + 1}]`,
        text: `${title} card ${k + 1}`,
        interactive: true,
        box: { x, y, width: 280, height: 40 },
      });
      els.push({
        tag: 'i',
        xpath: `${col}/ul[1]/li[${k + 1}]/i[1]`,
        classes: ['fa', 'fa-trash'],
        listeners: ['click'],
        interactive: true,
        box: { x: x + 250, y: y + 12, width: 16, height: 16 },
      });
    }
  });
  const page = snap(els);
  const at = (xpath: string) => els.findIndex((e) => e.xpath === xpath);
  test("a clickable column title still opens its column: the ordinal counts that column's tasks", () => {
    const r = resolveStep(step('Click', { description: 'Delete the second task in the Done list with its trash icon' }), page);
    expect(idx(r)).toBe(at(`${B(1)}/div[3]/ul[1]/li[2]/i[1]`));
  });
  test('"Add Task..." fields name an action, not a series of tasks', () => {
    const r = resolveStep(step('Click', { description: 'Click the third task in the To Do column' }), page);
    expect(idx(r)).toBe(at(`${B(1)}/div[1]/ul[1]/li[3]`));
  });
});

describe('a list named by its container', () => {
  // TodoMVC: the heading, the new-todo field, the list and the counter all say "todo"; the
  // items themselves do not.
  const L = `${B(1)}/ul[1]`;
  const els: El[] = [
    { tag: 'h1', xpath: `${B(1)}/h1[1]`, text: 'todos', box: { x: 10, y: 10, width: 500, height: 40 } },
    { tag: 'input', xpath: `${B(1)}/input[1]`, classes: ['new-todo'], editable: true, box: { x: 10, y: 60, width: 500, height: 50 } },
    {
      tag: 'ul',
      xpath: L,
      classes: ['todo-list'],
      text: 'Buy milk Call the plumber Renew passport',
      box: { x: 10, y: 120, width: 500, height: 180 },
    },
  ];
  ['Buy milk', 'Call the plumber', 'Renew passport'].forEach((t, k) => {
    const y = 120 + k * 60;
    els.push({ tag: 'li', xpath: `${L}/li[${k + 1}]`, text: t, parent: 2, box: { x: 10, y, width: 500, height: 60 } });
    els.push({
      tag: 'input',
      xpath: `${L}/li[${k + 1}]/input[1]`,
      inputType: 'checkbox',
      checked: k === 1,
      classes: ['toggle'],
      box: { x: 10, y: y + 10, width: 40, height: 40 },
    });
  });
  els.push({
    tag: 'span',
    xpath: `${B(1)}/span[1]`,
    classes: ['todo-count'],
    text: '2 items left',
    box: { x: 10, y: 310, width: 100, height: 20 },
  });
  const page = snap(els);
  test('"the second todo" counts the list\'s items, not the things that say "todo"', () => {
    const r = resolveStep(step('Click', { description: 'Click the green tick of the second todo to make it active again' }), page);
    expect(idx(r)).toBe(els.findIndex((e) => e.xpath === `${L}/li[2]/input[1]`));
  });
});

describe('a capitalised kind word is a label', () => {
  const page = snap([
    { tag: 'a', xpath: `${B(1)}/a[1]`, text: 'Home', href: '#', classes: ['card-link'] },
    { tag: 'a', xpath: `${B(1)}/a[2]`, text: 'Products', href: '#' },
    { tag: 'article', xpath: `${B(1)}/article[1]`, text: 'Spring sale', classes: ['card'] },
  ]);
  test('"Click Products" means the element showing Products, not a product card', () => {
    expect(idx(resolveStep(step('Click', { description: 'Click Products in the list' }), page))).toBe(1);
  });
  test('"Press Tab" keeps Tab a key', () => {
    const r = resolveStep(step('Press', { description: 'Press Tab' }), page);
    expect(r.ok && r.key).toBe('Tab');
  });
});

describe('a border colour', () => {
  const look = (border: string) => ({ fg: 'rgb(0, 0, 0)', bg: 'rgb(255, 255, 255)', border });
  const page = snap([
    { tag: 'input', xpath: `${B(1)}/input[1]`, editable: true, placeholder: 'Name', look: look('rgb(118, 118, 118)') },
    { tag: 'input', xpath: `${B(1)}/input[2]`, editable: true, placeholder: 'Email', look: look('rgb(231, 76, 60)') },
    { tag: 'input', xpath: `${B(1)}/input[3]`, editable: true, placeholder: 'City', look: look('rgb(118, 118, 118)') },
  ]);
  test('"the input with the red border" is the field whose border is red', () => {
    expect(idx(resolveStep(step('Type', { description: "Type 'x' into the input with the red border", text: 'x' }), page))).toBe(1);
  });
});

describe('a formatting toolbar drawn with a sprite (x-spreadsheet)', () => {
  // Every button is an empty div; the only words are the sprite's classes, read into the hint.
  const look = { fg: 'rgb(0, 0, 0)', bgAround: 'rgb(245, 246, 247)', fontPx: 13 };
  const button = (n: number, picture: string, extra: Partial<El> = {}): El => ({
    tag: 'div',
    xpath: `${B(1)}/div[${n}]`,
    classes: ['x-spreadsheet-toolbar-btn'],
    listeners: ['click'],
    interactive: true,
    iconHint: `x-spreadsheet-icon x-spreadsheet-icon-img ${picture}`,
    look,
    box: { x: 30 + n * 30, y: 6, width: 28, height: 28 },
    ...extra,
  });
  const page = snap([
    button(1, 'undo'),
    button(2, 'print'),
    button(3, 'paintformat'),
    button(4, 'font-bold'),
    button(5, 'bgcolor'),
    button(6, 'freeze', { classes: ['x-spreadsheet-toolbar-btn', 'active'], look: { ...look, bg: 'rgba(0, 0, 0, 0.08)' } }),
    // A caption in bold elsewhere: what "bold" would match if it were read only as a look.
    { tag: 'span', xpath: `${B(2)}/span[1]`, text: 'Sheet', look: { ...look, bold: true }, box: { x: 10, y: 700, width: 40, height: 20 } },
  ]);
  const pick = (description: string) => idx(resolveStep(step('Click', { description }), page));
  test('a picture is named by what it does: printer, paint bucket, paint roller', () => {
    expect(pick('Click the printer icon near the top left')).toBe(1);
    expect(pick('Click the paint-bucket icon to change the cell background')).toBe(4);
    expect(pick('Copy the formatting with the paint-roller button')).toBe(2);
  });
  test('"the bold B button" names the button by what it does; a weight among an icon\'s classes is its picture', () => {
    expect(parseStep(step('Click', { description: 'Click the bold B button in the toolbar' })).target.words).toEqual(['bold', 'b']);
    expect(pick('Click the bold B button in the toolbar')).toBe(3);
    // Outside a letter's name, "bold" stays a look.
    expect(parseStep(step('Click', { description: 'Click the bold caption' })).target.look?.bold).toBe(true);
  });
  test('"shown pressed, with a grey background": pressed is the active toggle, and the background is its own colour', () => {
    const parsed = parseStep(step('Click', { description: 'Click the toolbar button that is shown pressed, with a grey background' }));
    expect(parsed.relations).toEqual([]);
    expect(parsed.target.look?.colours).toEqual(['grey']);
    expect(pick('Click the toolbar button that is shown pressed, with a grey background')).toBe(5);
  });
});

test('"the dark red colour box, the last one in the Colors folder" is the box drawn dark red, not the folder named Colors', () => {
  // dat.GUI: a folder's black title bar "Colors", then rows whose text inputs are painted in the
  // colour they hold. "colour" says the box shows a colour, and "the last one" counts boxes.
  const F = `${B(1)}/ul[1]/li[1]`;
  const row = (n: number, bg: string): El[] => [
    {
      tag: 'li',
      xpath: `${F}/ul[1]/li[${n + 1}]`,
      classes: ['cr', 'color'],
      text: `color${n}`,
      box: { x: 1024, y: 251 + 28 * n, width: 241, height: 28 },
    },
    {
      tag: 'input',
      xpath: `${F}/ul[1]/li[${n + 1}]/input[1]`,
      editable: true,
      interactive: true,
      value: `#${n}`,
      look: { fg: 'rgb(255, 255, 255)', bg, bgAround: 'rgb(26, 26, 26)' },
      box: { x: 1117, y: 255 + 28 * n, width: 143, height: 21 },
    },
  ];
  const page = snap(
    withParents([
      { tag: 'li', xpath: F, classes: ['folder'], text: 'Colors color0 color1 color2', box: { x: 1020, y: 223, width: 245, height: 112 } },
      {
        tag: 'li',
        xpath: `${F}/ul[1]/li[1]`,
        classes: ['title'],
        text: 'Colors',
        listeners: ['click'],
        interactive: true,
        look: { fg: 'rgb(238, 238, 238)', bg: 'rgb(0, 0, 0)', bgAround: 'rgb(255, 255, 255)' },
        box: { x: 1020, y: 223, width: 245, height: 28 },
      },
      ...row(0, 'rgb(255, 0, 0)'),
      ...row(1, 'rgb(0, 128, 255)'),
      ...row(2, 'rgb(76, 7, 19)'),
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the dark red colour box, the last one in the Colors folder' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${F}/ul[1]/li[3]/input[1]`);
});

describe('a step wizard (jQuery Steps)', () => {
  const page = snap([
    { tag: 'a', xpath: `${B(1)}/ul[1]/li[1]/a[1]`, text: 'Basic Example', href: '#basic', box: { x: 40, y: 10, width: 90, height: 17 } },
    { tag: 'a', xpath: `${B(1)}/ul[1]/li[2]/a[1]`, text: 'Tabs', href: '#tabs', box: { x: 140, y: 10, width: 34, height: 17 } },
    {
      tag: 'a',
      xpath: `${B(2)}/ul[1]/li[1]/a[1]`,
      role: 'tab',
      text: '1. First Step',
      href: '#s1',
      box: { x: 40, y: 100, width: 200, height: 40 },
    },
    {
      tag: 'a',
      xpath: `${B(2)}/ul[1]/li[2]/a[1]`,
      role: 'tab',
      text: '2. Second Step',
      href: '#s2',
      box: { x: 250, y: 100, width: 200, height: 40 },
    },
    { tag: 'a', xpath: `${B(2)}/ul[2]/li[1]/a[1]`, text: 'Previous', href: '#previous', box: { x: 1000, y: 500, width: 94, height: 38 } },
    { tag: 'a', xpath: `${B(2)}/ul[2]/li[2]/a[1]`, text: 'Next', href: '#next', box: { x: 1100, y: 500, width: 65, height: 38 } },
  ]);
  test('"go back one step": how far is the amount, not the name', () => {
    expect(parseStep(step('Click', { description: 'Go back one step' })).target.words).toEqual(['back']);
    expect(idx(resolveStep(step('Click', { description: 'Go back one step' }), page))).toBe(4);
    expect(idx(resolveStep(step('Click', { description: 'Go forward a step' }), page))).toBe(5);
  });
  test('"the Tabs version of the demo": a capitalised kind word before a plain noun is a name shown', () => {
    expect(parseStep(step('Click', { description: 'Open the Tabs version of the demo' })).target).toMatchObject({
      names: ['Tabs'],
      kinds: [],
    });
    expect(idx(resolveStep(step('Click', { description: 'Open the Tabs version of the demo' }), page))).toBe(1);
    // In lower case it is the kind.
    expect(parseStep(step('Click', { description: 'Click the first tab' })).target.kinds).toEqual(['tab']);
  });
  test('"the dark blue step": a saturated colour below mid lightness is dark, beside a pale one of the same hue', () => {
    expect(colourNames(parseColour('rgb(33, 132, 190)'))).toContain('dark');
    expect(colourNames(parseColour('rgb(157, 200, 226)'))).toEqual(expect.arrayContaining(['blue', 'light']));
    // A mid grey stays neither.
    expect(colourNames(parseColour('rgb(128, 128, 128)'))).toEqual(['grey']);
    const tab = (n: number, text: string, bg: string): El => ({
      tag: 'a',
      xpath: `${B(2)}/ul[1]/li[${n}]/a[1]`,
      role: 'tab',
      text,
      href: `#s${n}`,
      look: { fg: 'rgb(255, 255, 255)', bg, bgAround: 'rgb(255, 255, 255)' },
      box: { x: 40 + 210 * (n - 1), y: 100, width: 200, height: 40 },
    });
    const wizard = snap([tab(1, '1. First Step', 'rgb(157, 200, 226)'), tab(2, 'current step: 2. Second Step', 'rgb(33, 132, 190)')]);
    expect(idx(resolveStep(step('Click', { description: 'Click the dark blue step, the one that is open now' }), wizard))).toBe(1);
    expect(idx(resolveStep(step('Click', { description: 'Click the pale blue step' }), wizard))).toBe(0);
  });
});

describe('a pager', () => {
  const els: El[] = [1, 2, 3, 4, 5].map((n) => ({
    tag: 'article',
    xpath: `${B(1)}/article[${n}]`,
    text: `Result ${n * 7}`,
    classes: ['result'],
  }));
  for (const n of [1, 2, 3, 4, 5])
    els.push({ tag: 'a', xpath: `${B(2)}/a[${n}]`, text: String(n), href: '#', box: { x: 10 + n * 40, y: 400, width: 30, height: 30 } });
  const page = snap(els);
  test('"the fourth page" is the pager button showing 4, not the fourth result', () => {
    expect(idx(resolveStep(step('Click', { description: 'Go to the fourth page of results' }), page))).toBe(8);
  });
});

describe('reading-order words and pager glyphs', () => {
  const row = (n: number, x: number, text: string, extra: Partial<El> = {}): El => ({
    tag: 'a',
    xpath: `${B(1)}/a[${n}]`,
    text,
    href: '#',
    box: { x, y: 100, width: 30, height: 30 },
    ...extra,
  });
  const pager = snap([
    row(1, 10, '« Previous', { name: 'Previous' }),
    row(2, 50, '1'),
    row(3, 90, '2'),
    row(4, 130, '» Next', { name: 'Next' }),
  ]);
  test('"the » arrow" is the Next link, "the « arrow" the Previous one', () => {
    expect(idx(resolveStep(step('Click', { description: 'Click the » arrow after the page numbers' }), pager))).toBe(3);
    expect(idx(resolveStep(step('Click', { description: 'Click the « arrow' }), pager))).toBe(0);
  });
  const fields = snap([
    { tag: 'input', xpath: `${B(1)}/input[1]`, editable: true, placeholder: 'Start Date', box: { x: 10, y: 10, width: 150, height: 30 } },
    {
      tag: 'i',
      xpath: `${B(1)}/i[1]`,
      classes: ['material-icons'],
      text: '',
      listeners: ['click'],
      interactive: true,
      box: { x: 165, y: 15, width: 20, height: 20 },
    },
    { tag: 'input', xpath: `${B(1)}/input[2]`, editable: true, placeholder: 'End Date', box: { x: 200, y: 10, width: 150, height: 30 } },
    {
      tag: 'i',
      xpath: `${B(1)}/i[2]`,
      classes: ['material-icons'],
      text: '',
      listeners: ['click'],
      interactive: true,
      box: { x: 355, y: 15, width: 20, height: 20 },
    },
  ]);
  test('"the icon after the End Date box" is the one to its right', () => {
    expect(idx(resolveStep(step('Click', { description: 'Click the little icon after the End Date box' }), fields))).toBe(3);
  });
});

describe('phrases', () => {
  const parse = (d: string) => parseStep(step('Click', { description: d }));
  test('"the last one" counts without looking for the word "one"', () => {
    const p = parse('Click the GitHub icon, the last one');
    expect(p.target.words).not.toContain('one');
    expect(p.target.ordinal).toBe(-1);
  });
  test('a title with "on" in it stays one name ("under Share on SNS")', () => {
    const p = parse('Click the GitHub icon under Share on SNS');
    expect(p.relations).toHaveLength(1);
    expect(p.relations[0]?.anchor.names).toEqual(['Share on SNS']);
  });
});

describe('a named member of a counted set', () => {
  const teal = { fg: 'rgb(255, 255, 255)', bg: 'rgb(26, 188, 156)' };
  const grey = { fg: 'rgb(255, 255, 255)', bg: 'rgb(52, 73, 94)' };
  const els: El[] = [
    {
      tag: 'a',
      xpath: `${B(1)}/a[1]`,
      text: 'Primary Button',
      href: '#',
      classes: ['btn'],
      look: teal,
      box: { x: 10, y: 10, width: 150, height: 40 },
    },
    {
      tag: 'a',
      xpath: `${B(1)}/a[2]`,
      text: 'Default Button',
      href: '#',
      classes: ['btn'],
      look: grey,
      box: { x: 170, y: 10, width: 150, height: 40 },
    },
  ];
  // Icon font names that do not say "clock": the count and the set pick it.
  ['time', 'photo', 'gear', 'heart'].forEach((icon, k) =>
    els.push({
      tag: 'a',
      xpath: `${B(2)}/a[${k + 1}]`,
      href: '#',
      classes: ['btn'],
      iconHint: `fa-${icon}`,
      look: teal,
      box: { x: 10 + k * 50, y: 300, width: 48, height: 40 },
    }),
  );
  const page = snap(els);
  test('"the clock button, the first of the four teal icon buttons" counts the icon buttons', () => {
    const r = resolveStep(step('Click', { description: 'Click the clock button, the first of the four teal icon buttons' }), page);
    expect(idx(r)).toBe(2);
  });
});

describe('a cell by its column and a counted row', () => {
  // A tag list of clickable items above a striped table whose header cells sort the columns.
  const tags: El[] = ['HTML', 'CSS', 'JS', 'Vue', 'React', 'Go'].map((t, i) => ({
    tag: 'li',
    xpath: `${B(1)}/ul[1]/li[${i + 1}]`,
    text: t,
    pointer: true,
    interactive: true,
    box: { x: 10 + i * 60, y: 10, width: 50, height: 30 },
  }));
  const T = `${B(2)}/table[1]`;
  const head: El[] = [
    { tag: 'tr', xpath: `${T}/thead[1]/tr[1]`, text: 'Name Salary', box: { x: 10, y: 60, width: 300, height: 30 } },
    { tag: 'th', xpath: `${T}/thead[1]/tr[1]/th[1]`, text: 'Name', interactive: true, box: { x: 10, y: 60, width: 150, height: 30 } },
    // As snapshots give it: a header cell's "row" is the header row's first cell.
    {
      tag: 'th',
      xpath: `${T}/thead[1]/tr[1]/th[2]`,
      text: 'Salary',
      role: 'columnheader',
      cell: { row: 'Name' },
      context: 'Name',
      interactive: true,
      box: { x: 160, y: 60, width: 150, height: 30 },
    },
  ];
  const rows: El[] = [
    ['Airi Satou', '$162,700'],
    ['Angelica Ramos', '$1,200,000'],
    ['Ashton Cox', '$86,000'],
    ['Bradley Greer', '$132,000'],
  ].flatMap(([name, pay], r) => {
    const y = 90 + r * 30;
    const tr = `${T}/tbody[1]/tr[${r + 1}]`;
    return [
      { tag: 'tr', xpath: tr, classes: [r % 2 ? 'even' : 'odd'], text: `${name} ${pay}`, box: { x: 10, y, width: 300, height: 30 } },
      { tag: 'td', xpath: `${tr}/td[1]`, text: name, cell: { column: 'Name', row: name }, box: { x: 10, y, width: 150, height: 30 } },
      { tag: 'td', xpath: `${tr}/td[2]`, text: pay, cell: { column: 'Salary', row: name }, box: { x: 160, y, width: 150, height: 30 } },
    ] as El[];
  });
  const els = [...tags, ...head, ...rows];
  withParents(els);
  const page = snap(els);
  test('"the salary in the third row" counts the table rows that hold a salary, not the tag list', () => {
    const r = resolveStep(step('Click', { description: 'Click the salary in the third row' }), page);
    expect(page.elements[idx(r)]?.text).toBe('$86,000');
  });
  test('"Bradley Greer\'s salary" is the cell in his row, not the Salary header above it', () => {
    const r = resolveStep(step('Click', { description: "Click Bradley Greer's salary" }), page);
    expect(page.elements[idx(r)]?.text).toBe('$132,000');
  });
  test('"the name in the last row" is a name cell, not the header cell that sits in the row the Name header starts', () => {
    const r = resolveStep(step('Click', { description: 'Click the name in the last row of the table' }), page);
    expect(page.elements[idx(r)]?.text).toBe('Bradley Greer');
  });
});

describe('the part beside the words', () => {
  // A category list: each link reads "<name> <count>", the count in its own span.
  const els: El[] = [
    ['Laptops', '93'],
    ['Iphone', '233'],
    ['Microsoft', '183'],
  ].flatMap(([name, n], i) => {
    const li = `${B(1)}/ul[1]/li[${i + 1}]`;
    const y = 10 + i * 38;
    return [
      { tag: 'li', xpath: li, text: `${name} ${n}`, box: { x: 10, y, width: 195, height: 38 } },
      { tag: 'a', xpath: `${li}/a[1]`, text: `${name} ${n}`, href: '#', box: { x: 10, y, width: 195, height: 37 } },
      { tag: 'span', xpath: `${li}/a[1]/span[1]`, text: n, box: { x: 170, y: y + 8, width: 34, height: 21 } },
    ] as El[];
  });
  withParents(els);
  test('"the count next to Iphone" is the count inside the link that reads "Iphone 233"', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Click the count next to Iphone' }), page);
    expect(page.elements[idx(r)]?.text).toBe('233');
  });
});

describe('"next to" is beside, not at a corner', () => {
  // Browser Usage card: a name cell and a figure cell per row, rows touching. The row above's
  // figure touches Firefox's cell only at a corner; Firefox's own figure shares its line.
  const rows = [
    ['Chrome', '4306'],
    ['Firefox', '3801'],
    ['IE', '1689'],
  ];
  const els: El[] = rows.flatMap(([name, n], i) => {
    const tr = `${B(1)}/table[1]/tbody[1]/tr[${i + 1}]`;
    const y = 100 + i * 46;
    return [
      { tag: 'tr', xpath: tr, text: `${name} ${n}`, interactive: false, box: { x: 20, y, width: 400, height: 46 } },
      { tag: 'td', xpath: `${tr}/td[1]`, text: name, role: 'cell', interactive: false, box: { x: 20, y, width: 200, height: 46 } },
      { tag: 'td', xpath: `${tr}/td[2]`, text: n, role: 'cell', interactive: false, box: { x: 220, y, width: 200, height: 46 } },
    ] as El[];
  });
  withParents(els);
  test('"the number next to Firefox" is the figure on its row', () => {
    const page = snap(els);
    expect(page.elements[idx(resolveStep(step('Click', { description: 'Click the number next to Firefox' }), page))]?.text).toBe('3801');
  });
});

test('"the big banner image" is a wide picture, not a picture in the header', () => {
  const p = parseStep(step('Click', { description: 'Click the big banner image above the heading' }));
  expect(p.target.region).toBeUndefined();
  expect(p.target.kinds).toEqual(['image']);
  // "the banner" alone is a box the page names a banner (a cookie banner, a hero strip), not its header.
  const inBanner = parseStep(step('Click', { description: 'Click the logo in the banner' }));
  expect(inBanner.target.region).toBeUndefined();
  expect(inBanner.relations.map((r) => [r.type, r.anchor.words.join(' ')])).toEqual([['inside', 'banner']]);
});

describe('a band is a strip of the page', () => {
  test('"in the Explore band" is inside the band that Explore names', () => {
    const p = parseStep(step('Click', { description: 'Click the tutorial tag in the Explore band' }));
    expect(p.target.words).toEqual(['tutorial', 'tag']);
    expect(p.relations.map((r) => [r.type, r.anchor.words.join(' '), r.anchor.container])).toEqual([['inside', 'explore', 'band']]);
  });
  test('"the text in the green band" is text on green, not an anchor named band', () => {
    const p = parseStep(step('Click', { description: 'Click the text in the green band at the very bottom' }));
    expect(p.relations).toEqual([]);
    expect(p.target.look?.around).toEqual(['green']);
  });
});

test('a region counted by an ordinal is that one of the <nav>s (or footers...) written in the page, in page order', () => {
  // Chota's nav demo: the top bar's links, a second bar kept whole, two demo bars in a section.
  const link = (nav: string, y: number): El => ({
    tag: 'a',
    xpath: `${nav}/div[1]/a[1]`,
    href: '#',
    text: 'Link 1',
    landmark: 'nav',
    box: { x: 900, y, width: 83, height: 48 },
  });
  const infos = prepare(
    snap([
      link('/html[1]/body[1]/nav[1]', 86),
      {
        tag: 'nav',
        xpath: '/html[1]/body[1]/nav[2]',
        role: 'navigation',
        text: 'Link 1',
        interactive: false,
        landmark: 'nav',
        box: { x: 0, y: 207, width: 1280, height: 50 },
      },
      link('/html[1]/body[1]/nav[2]', 208),
      link('/html[1]/body[1]/div[3]/section[1]/nav[1]', 330),
      link('/html[1]/body[1]/div[3]/section[1]/nav[2]', 450),
      {
        tag: 'footer',
        xpath: '/html[1]/body[1]/footer[1]',
        text: 'Made with chota',
        interactive: false,
        box: { x: 0, y: 900, width: 1280, height: 60 },
      },
    ]),
  );
  expect(regionInstance('nav', 1, infos)).toBe('/html[1]/body[1]/nav[1]');
  expect(regionInstance('nav', 2, infos)).toBe('/html[1]/body[1]/nav[2]');
  expect(regionInstance('nav', -1, infos)).toBe('/html[1]/body[1]/div[3]/section[1]/nav[2]');
  expect(regionInstance('nav', 5, infos)).toBeUndefined();
  // One footer: "the first footer" is what the region alone already reads.
  expect(regionInstance('footer', 1, infos)).toBeUndefined();
});

test('"the list" is what holds a series of like entries, not a word that looks like "list" (a playlist of divs)', () => {
  // A player on the left; on the right a playlist: a plain div holding five song rows.
  const list = '/html[1]/body[1]/div[1]/div[2]';
  const songs = [
    ['Risin High', 'Ancient Astronauts'],
    ['The Gun', 'Lorn'],
    ['Terrain', 'pg.lost'],
    ['Vorel', 'Russian Circles'],
    ['Anthem', 'Emancipator'],
  ];
  const page = snap(
    withParents([
      {
        tag: 'div',
        xpath: '/html[1]/body[1]/div[1]/div[1]',
        text: 'Now playing Risin High',
        interactive: false,
        box: { x: 190, y: 20, width: 450, height: 700 },
      },
      { tag: 'div', xpath: list, text: songs.flat().join(' '), interactive: false, box: { x: 640, y: 20, width: 450, height: 715 } },
      ...songs.flatMap(([title, artist], i): El[] => [
        {
          tag: 'div',
          xpath: `${list}/div[${i + 1}]`,
          classes: ['song', 'amplitude-song-container'],
          listeners: ['click'],
          text: `${title} ${artist}`,
          box: { x: 640, y: 20 + i * 65, width: 450, height: 65 },
        },
        {
          tag: 'span',
          xpath: `${list}/div[${i + 1}]/span[1]`,
          classes: ['song-title'],
          text: title as string,
          interactive: false,
          box: { x: 680, y: 30 + i * 65, width: 300, height: 21 },
        },
        {
          tag: 'span',
          xpath: `${list}/div[${i + 1}]/span[2]`,
          classes: ['song-artist'],
          text: artist as string,
          interactive: false,
          box: { x: 680, y: 52 + i * 65, width: 300, height: 21 },
        },
      ]),
    ]),
  );
  const infos = prepare(page);
  // The playlist holds a series; the player beside it and a song row (two spans) do not.
  expect(infos.filter((x) => x.holdsSeries).map((x) => x.e.xpath)).toEqual([list]);
  // Read as an anchor, "the list" is the playlist, whose classes say nothing, not "pg.lost".
  const anchor = scoreQuery(
    { labels: [], words: ['list'], kinds: [], position: { h: 'right' } },
    [],
    parseStep(step('Click', { description: 'Click the list' })),
    page,
    infos,
    true,
    1,
  ).sort((a, b) => b.score - a.score)[0];
  expect(infos[anchor?.i ?? -1]?.e.xpath).toBe(list);
});

describe('corners and headers', () => {
  test('"at the top right of the table" is a corner of the table, not what lies to its right', () => {
    const p = parseStep(step('Type', { description: "Type 'London' into the Search box at the top right of the table", text: 'London' }));
    expect(p.target.position).toEqual({ v: 'top', h: 'right' });
    expect(p.relations.map((r) => [r.type, r.anchor.words.join(' ')])).toEqual([['group', 'table']]);
  });
  test('a menu down the side is not "the header"', () => {
    const page = snap([
      {
        tag: 'a',
        xpath: `${B(1)}/nav[1]/ul[1]/li[1]/a[1]`,
        text: 'Dashboard',
        landmark: 'nav',
        box: { x: 24, y: 145, width: 208, height: 44 },
      },
      { tag: 'a', xpath: `${B(2)}/nav[1]/a[1]`, text: 'Dashboard', landmark: 'nav', box: { x: 312, y: 30, width: 100, height: 20 } },
    ]);
    expect(idx(resolveStep(step('Click', { description: "Click 'Dashboard' in the header" }), page))).toBe(1);
  });
});

describe('a name in a row stands for its row', () => {
  // Rows whose first cell holds an avatar block (name and job title); the last cell has Edit and Delete icons.
  const T = `${B(1)}/table[1]/tbody[1]`;
  const els: El[] = ['Hans Burger', 'Jolina Angelie', 'Dave Li', 'Sarah Curry'].flatMap((name, r) => {
    const tr = `${T}/tr[${r + 1}]`;
    const y = 10 + r * 60;
    return [
      { tag: 'tr', xpath: tr, text: `${name} Designer`, box: { x: 10, y, width: 600, height: 60 } },
      { tag: 'td', xpath: `${tr}/td[1]`, text: `${name} Designer`, box: { x: 10, y, width: 300, height: 60 } },
      { tag: 'p', xpath: `${tr}/td[1]/div[1]/p[1]`, text: name, box: { x: 60, y: y + 10, width: 100, height: 20 } },
      { tag: 'p', xpath: `${tr}/td[1]/div[1]/p[2]`, text: 'Designer', box: { x: 60, y: y + 32, width: 100, height: 18 } },
      { tag: 'td', xpath: `${tr}/td[2]`, text: '', box: { x: 310, y, width: 300, height: 60 } },
      { tag: 'button', xpath: `${tr}/td[2]/button[1]`, ariaLabel: 'Edit', name: 'Edit', box: { x: 500, y: y + 30, width: 20, height: 20 } },
      {
        tag: 'button',
        xpath: `${tr}/td[2]/button[2]`,
        ariaLabel: 'Delete',
        name: 'Delete',
        box: { x: 540, y: y + 30, width: 20, height: 20 },
      },
    ] as El[];
  });
  withParents(els);
  test('"the icon at the end of his row" counts the icons of Dave Li\'s row', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Delete Dave Li using the icon at the end of his row' }), page);
    expect(page.elements[idx(r)]?.xpath).toBe(`${T}/tr[3]/td[2]/button[2]`);
  });
});

describe('icon names', () => {
  test('"the camera icon" is the button whose icon class says photo', () => {
    const page = snap(
      ['fui-time', 'fui-photo', 'fui-heart', 'fui-eye'].map((icon, i) => ({
        tag: 'a',
        xpath: `${B(1)}/a[${i + 1}]`,
        href: '#',
        classes: ['btn', 'btn-primary'],
        iconHint: icon,
        box: { x: 10 + i * 50, y: 10, width: 48, height: 41 },
      })),
    );
    expect(idx(resolveStep(step('Click', { description: 'Click the camera icon' }), page))).toBe(1);
  });
});

describe('empty by what a field inside shows', () => {
  test('"the empty square" skips a cell whose field shows a digit', () => {
    const T = `${B(1)}/table[1]/tbody[1]/tr[1]`;
    const els = withParents(
      ['5', '', '3'].flatMap((v, c) => [
        { tag: 'td', xpath: `${T}/td[${c + 1}]`, box: { x: 10 + c * 66, y: 10, width: 66, height: 48 } },
        {
          tag: 'input',
          xpath: `${T}/td[${c + 1}]/input[1]`,
          classes: ['square'],
          editable: true,
          disabled: true,
          ...(v ? { value: v } : {}),
          box: { x: 11 + c * 66, y: 11, width: 64, height: 46 },
        },
      ]),
    );
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Click the empty square in the top row' }), page);
    expect(page.elements[idx(r)]?.xpath).toMatch(/td\[2\]/);
  });
});

describe('a list item and the link it wraps', () => {
  // A docs sidebar: wide list items, each only a dash and a short link; a click at the item's
  // centre lands beside the link and follows nothing.
  const UL = `${B(1)}/ul[1]`;
  const els = withParents([
    { tag: 'a', xpath: `${B(1)}/a[1]`, text: 'Getting Started', box: { x: 30, y: 130, width: 200, height: 22 } },
    { tag: 'ul', xpath: UL, role: 'list', box: { x: 30, y: 155, width: 200, height: 70 } },
    ...['Introduction', 'Models and Views', 'Collections', 'Routing'].flatMap((name, i) => [
      {
        tag: 'li',
        xpath: `${UL}/li[${i + 1}]`,
        role: 'listitem',
        text: `– ${name}`,
        pointer: true,
        interactive: true, // the cursor is a pointer over the whole item, as on the real page
        box: { x: 30, y: 157 + i * 17, width: 200, height: 14 },
      },
      { tag: 'a', xpath: `${UL}/li[${i + 1}]/a[1]`, text: name, box: { x: 39, y: 158 + i * 17, width: 60, height: 12 } },
    ]),
  ]);
  test('"the third entry under Getting Started" clicks the link inside the third item', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Click the third entry under Getting Started in the sidebar' }), page);
    expect(page.elements[idx(r)]).toMatchObject({ tag: 'a', text: 'Collections' });
    expect(r.ok && r.reasons.some((x) => x.startsWith('clicked on the <a> it wraps'))).toBe(true);
  });
  test('an item wrapping two controls with its text keeps the item', () => {
    const two = withParents([
      ...els,
      { tag: 'button', xpath: `${UL}/li[3]/button[1]`, text: 'Collections', box: { x: 120, y: 192, width: 60, height: 12 } },
    ]);
    // Two controls inside show the item's text: which one is meant is unknown, so the click stays on the item.
    const page = snap(two);
    const r = resolveStep(step('Click', { description: 'Click the third entry under Getting Started in the sidebar' }), page);
    expect(r.ok && r.reasons.some((x) => x.startsWith('clicked on the'))).toBe(false);
  });
});

describe('a flat page of titled tables', () => {
  // Headings, tables and pagers are siblings in one container (a Tailwind admin page): the
  // heading's section is the whole page, so "under" must also mean "after it".
  const M = `${B(1)}/main[1]`;
  const block = (n: number, title: string, y: number): El[] => [
    { tag: 'h4', xpath: `${M}/h4[${n}]`, text: title, box: { x: 280, y, width: 976, height: 27 } },
    { tag: 'table', xpath: `${M}/div[${n}]/table[1]`, box: { x: 280, y: y + 40, width: 976, height: 600 } },
    { tag: 'button', xpath: `${M}/div[${n}]/nav[1]/button[1]`, ariaLabel: 'Previous', box: { x: 1100, y: y + 660, width: 40, height: 24 } },
    { tag: 'button', xpath: `${M}/div[${n}]/nav[1]/button[2]`, ariaLabel: 'Next', box: { x: 1200, y: y + 660, width: 40, height: 24 } },
  ];
  const els = withParents([
    { tag: 'main', xpath: M, box: { x: 260, y: 0, width: 1020, height: 1500 } },
    { tag: 'h2', xpath: `${M}/h2[1]`, text: 'Tables', box: { x: 280, y: 20, width: 976, height: 30 } },
    ...block(1, 'Table with avatars', 60),
    ...block(2, 'Table with actions', 760),
  ]);
  test('"Under the Table with actions" names that heading, and its pager is the one after it', () => {
    const page = snap(els);
    const r = resolveStep(
      step('Click', { description: 'Under the Table with actions, click the arrow pointing right to go to the next page' }),
      page,
    );
    expect(page.elements[idx(r)]?.xpath).toBe(`${M}/div[2]/nav[1]/button[2]`);
  });
});

describe('an inbox whose senders are names or addresses', () => {
  // Sing App: "the LinkedIn email" is the row from LinkedIn; an address (of the shape an email
  // has) from someone else is not it just for being an address.
  const TB = `${B(1)}/table[1]/tbody[1]`;
  const row = (n: number, sender: string, subject: string): El[] => [
    { tag: 'tr', xpath: `${TB}/tr[${n}]`, text: `${sender} ${subject}`, box: { x: 440, y: 100 + n * 50, width: 800, height: 48 } },
    {
      tag: 'span',
      xpath: `${TB}/tr[${n}]/td[1]/span[1]`,
      classes: ['starred'],
      iconHint: 'fa fa-star-o',
      pointer: true,
      interactive: true,
      box: { x: 503, y: 115 + n * 50, width: 13, height: 18 },
    },
    { tag: 'td', xpath: `${TB}/tr[${n}]/td[2]`, text: sender, classes: ['name'], box: { x: 540, y: 100 + n * 50, width: 200, height: 48 } },
    {
      tag: 'td',
      xpath: `${TB}/tr[${n}]/td[3]`,
      text: subject,
      classes: ['subject'],
      box: { x: 740, y: 100 + n * 50, width: 400, height: 48 },
    },
  ];
  const els = withParents([
    ...row(1, 'Philip Horbacheuski', 'Hi, Welcome to Google Mail'),
    ...row(2, 'notifications@facebook.com', 'Someone just commented on your photo!'),
    ...row(3, 'LinkedIn', 'Jobs you may be interested in'),
  ]);
  test('"Star the LinkedIn email" stars the row from LinkedIn', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Star the LinkedIn email' }), page);
    expect(page.elements[idx(r)]?.xpath).toBe(`${TB}/tr[3]/td[1]/span[1]`);
  });
  test('"the email address in the second row" is still the address', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Click the email address in the second row' }), page);
    expect(page.elements[idx(r)]?.xpath).toBe(`${TB}/tr[2]/td[2]`);
  });
});

describe('a kind in the plural names the set the target is one of', () => {
  test('"Home in the links at the bottom of the page" is a link at the bottom, not something inside a link', () => {
    const parsed = parseStep(step('Click', { description: 'Click Home in the links at the bottom of the page' }));
    expect(parsed.relations).toEqual([]);
    expect(parsed.target).toMatchObject({ kinds: ['link'], position: { v: 'bottom' } });
  });
  test('a plural in -es counts too ("the cat in the images at the top")', () => {
    const parsed = parseStep(step('Click', { description: 'Click the cat in the images at the top' }));
    expect(parsed.relations).toEqual([]);
    expect(parsed.target).toMatchObject({ kinds: ['image'], position: { v: 'top' } });
  });
});

describe("a video player's control bar: a speaker icon beside a volume slider", () => {
  // Plyr: the mute button draws its speaker as an SVG sprite ("plyr-volume") and holds both of
  // its state labels as hidden text; the slider beside it is labelled "Volume".
  const BAR = `${B(1)}/div[1]`;
  const els = withParents([
    {
      tag: 'div',
      xpath: BAR,
      classes: ['plyr__controls'],
      text: 'Play 00:00 Unmute Mute',
      box: { x: 444, y: 497, width: 800, height: 77 },
    },
    { tag: 'button', xpath: `${BAR}/button[1]`, text: 'Play', textHidden: true, box: { x: 454, y: 532, width: 32, height: 32 } },
    { tag: 'svg', xpath: `${BAR}/button[1]/svg[1]`, iconHint: 'plyr-play', box: { x: 461, y: 539, width: 18, height: 18 } },
    {
      tag: 'button',
      xpath: `${BAR}/button[2]`,
      text: 'Unmute Mute',
      classes: ['plyr__control'],
      box: { x: 964, y: 532, width: 32, height: 32 },
    },
    { tag: 'svg', xpath: `${BAR}/button[2]/svg[1]`, iconHint: 'plyr-volume', box: { x: 971, y: 539, width: 18, height: 18 } },
    {
      tag: 'input',
      xpath: `${BAR}/input[1]`,
      role: 'slider',
      ariaLabel: 'Volume',
      name: 'Volume',
      box: { x: 1001, y: 539, width: 90, height: 19 },
    },
  ]);
  test('"the speaker icon" is the volume icon, not the slider labelled Volume', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Mute the sound with the speaker icon' }), page);
    expect(page.elements[idx(r)]?.xpath).toMatch(/button\[2\]/);
  });
});

test('"the speaker icon ... to mute" is the mute button, not the volume bar beside it', () => {
  // jPlayer: a mute button, a 46x5 volume bar whose class says volume, a max-volume button. A
  // speaker drawn on a control is the mute toggle; the bar's class matched "speaker" by its
  // synonym "volume" and won at confidence 0.96.
  const V = `${B(1)}/div[1]`;
  const look = { fg: 'rgb(0, 0, 0)', bgAround: 'rgb(238, 238, 238)', fontPx: 13.3333 };
  const page = snap(
    withParents([
      { tag: 'div', xpath: V, classes: ['jp-volume-controls'], text: 'mute max volume', box: { x: 75, y: 305, width: 100, height: 25 } },
      {
        tag: 'button',
        xpath: `${V}/button[1]`,
        role: 'button',
        name: 'mute',
        text: 'mute',
        classes: ['jp-mute'],
        pointer: true,
        look,
        box: { x: 79, y: 310.4, width: 18, height: 15 },
      },
      {
        tag: 'button',
        xpath: `${V}/button[2]`,
        role: 'button',
        name: 'max volume',
        text: 'max volume',
        classes: ['jp-volume-max'],
        pointer: true,
        look,
        context: 'mute',
        box: { x: 153, y: 310.4, width: 18, height: 15 },
      },
      {
        tag: 'div',
        xpath: `${V}/div[1]`,
        classes: ['jp-volume-bar'],
        iconHint: 'jp-volume-bar-value',
        pointer: true,
        interactive: true,
        look: { ...look, fg: 'rgb(102, 102, 102)', fontPx: 16 },
        context: 'max volume',
        box: { x: 101, y: 315.4, width: 46, height: 5 },
      },
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the speaker icon at the left end of the volume slider to mute' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${V}/button[1]`);
});

test('a switch that shows no words is named by the label beside it: "the Dates editable switch"', () => {
  // Frappe Gantt's demo: three Bootstrap form-switches; every label's `for` points at the first
  // switch, so only that one has a name ("Editable"), and it matched "Dates editable" half way.
  const F = `${B(1)}/div[1]`;
  const rows: [string, string, string][] = [
    ['Editable', 'mutable-general', 'Editable'],
    ['Progress editable', 'mutable-progress', ''],
    ['Dates editable', 'mutable-dates', ''],
  ];
  const page = snap(
    withParents([
      {
        tag: 'div',
        xpath: F,
        text: 'Set edit access Editable Progress editable Dates editable',
        box: { x: 70, y: 137, width: 1140, height: 287 },
      },
      ...rows.flatMap(([label, id, name], k): El[] => [
        {
          tag: 'div',
          xpath: `${F}/div[${k + 1}]`,
          classes: ['form-check', 'form-switch'],
          text: label,
          box: { x: 118, y: 328 + k * 26, width: 189, height: 24 },
        },
        {
          tag: 'input',
          xpath: `${F}/div[${k + 1}]/input[1]`,
          role: 'switch',
          inputType: 'checkbox',
          id,
          name,
          classes: ['form-check-input'],
          interactive: true,
          checked: true,
          context: label,
          box: { x: 118, y: 332 + k * 26, width: 32, height: 16 },
        },
        {
          tag: 'label',
          xpath: `${F}/div[${k + 1}]/label[1]`,
          role: 'label',
          text: label,
          classes: ['form-check-label'],
          interactive: true,
          box: { x: 158, y: 328 + k * 26, width: 120, height: 24 },
        },
      ]),
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Turn off the Dates editable switch' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${F}/div[3]/input[1]`);
});

describe('a docs menu whose groups are titled by plain words before their list', () => {
  // <li><span>Shortcodes</span><ul>…nine items…</ul></li>: the words title the list as a
  // heading would, so its last item is "under" them however far down it is (Hugo Book).
  const NAV = `${B(1)}/nav[1]/ul[1]`;
  const group = (n: number, title: string, items: string[], y: number): El[] => [
    {
      tag: 'li',
      xpath: `${NAV}/li[${n}]`,
      role: 'listitem',
      text: [title, ...items].join(' '),
      box: { x: 16, y, width: 224, height: 30 + items.length * 30 },
    },
    { tag: 'span', xpath: `${NAV}/li[${n}]/span[1]`, text: title, box: { x: 16, y, width: 76, height: 16 } },
    ...items.flatMap((name, i): El[] => [
      {
        tag: 'li',
        xpath: `${NAV}/li[${n}]/ul[1]/li[${i + 1}]`,
        role: 'listitem',
        text: name,
        box: { x: 16, y: y + 30 + i * 30, width: 224, height: 16 },
      },
      {
        tag: 'a',
        xpath: `${NAV}/li[${n}]/ul[1]/li[${i + 1}]/a[1]`,
        text: name,
        box: { x: 16, y: y + 30 + i * 30, width: 224, height: 16 },
      },
    ]),
  ];
  const shortcodes = ['Buttons', 'Columns', 'Details', 'Expand', 'Hints', 'Mermaid', 'Section', 'Tabs', 'KaTeX'];
  const els = withParents([
    { tag: 'li', xpath: `${NAV}/li[1]`, role: 'listitem', text: 'Introduction', box: { x: 16, y: 300, width: 224, height: 16 } },
    { tag: 'a', xpath: `${NAV}/li[1]/a[1]`, text: 'Introduction', box: { x: 16, y: 300, width: 224, height: 16 } },
    ...group(2, 'Shortcodes', shortcodes, 330),
    ...group(3, 'Guides', ['Deploy', 'Themes'], 660),
  ]);
  test('"the last item under Shortcodes" is the last of its list', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Click the last item under Shortcodes' }), page);
    expect(page.elements[idx(r)]?.text).toBe('KaTeX');
  });
});

describe('a heading named with its own question mark', () => {
  test('"the phone number under Still Have Questions?" reads the whole heading, "?" and all', () => {
    const els = withParents([
      // Numbered steps higher up: figures too, and in the viewport.
      ...['01', '02', '03'].map((n, i) => ({
        tag: 'span',
        xpath: `${B(1)}/span[${i + 1}]`,
        text: n,
        box: { x: 100 + i * 200, y: 200, width: 30, height: 30 },
      })),
      // The FAQ's questions, further down on the left, are accordion items: "Questions" read as a
      // kind word finds them, and the phone number is not below them.
      ...['How do I know that I have been approved?', 'What is the difference between the free versions?'].map((text, i) => ({
        tag: 'div',
        xpath: `${B(2)}/div[${i + 1}]`,
        classes: ['accordion-item'],
        text,
        box: { x: 100, y: 1500 + i * 60, width: 600, height: 50 },
      })),
      { tag: 'h2', xpath: `${B(3)}/h2[1]`, text: 'Still Have Questions?', box: { x: 900, y: 1400, width: 300, height: 40 } },
      { tag: 'a', xpath: `${B(3)}/a[1]`, text: '+3301563965', href: 'tel:+3301563965', box: { x: 900, y: 1460, width: 160, height: 24 } },
    ]);
    for (const e of els) e.inViewport = (e.box?.y ?? 0) < 720;
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Click the phone number under Still Have Questions?' }), page);
    expect(page.elements[idx(r)]?.text).toBe('+3301563965');
  });
});

describe('a coloured place is the colour around the target', () => {
  test('"No in the black radio row" is the No that sits on black, though the black row is not in the snapshot', () => {
    const S = `${B(1)}/div[1]`;
    const light = { fg: 'rgb(33, 37, 41)', bgAround: 'rgb(255, 255, 255)' };
    const dark = { fg: 'rgb(255, 255, 255)', bgAround: 'rgb(33, 37, 41)' };
    // The dark row is an anonymous div: its labels list the radio group as their parent.
    const radios = (row: number, path: string, look: typeof light, y: number): El[] =>
      ['Yes', 'No'].flatMap((t, i) => [
        {
          tag: 'label',
          xpath: `${path}/label[${i + 1}]`,
          text: t,
          interactive: true,
          look,
          box: { x: 186 + i * 140, y, width: 60, height: 24 },
        },
        {
          tag: 'input',
          xpath: `${path}/label[${i + 1}]/input[1]`,
          classes: row === 2 ? ['nes-radio', 'is-dark'] : ['nes-radio'],
          look,
          box: { x: 186 + i * 140, y, width: 1, height: 1 },
        },
      ]);
    const els = withParents([
      { tag: 'h3', xpath: `${B(1)}/h3[1]`, text: 'Radios', box: { x: 186, y: 935, width: 112, height: 24 } },
      { tag: 'div', xpath: S, classes: ['item'], text: 'Yes No Yes No', box: { x: 186, y: 975, width: 908, height: 112 } },
      ...radios(1, S, light, 979),
      ...radios(2, `${S}/div[1]`, dark, 1039),
    ]);
    for (const e of els) if (e.tag === 'label' && e.parent === -1) e.parent = 1; // the unlisted div is skipped
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Choose No in the black radio row' }), page);
    expect(page.elements[idx(r)]?.xpath).toBe(`${S}/div[1]/label[2]`);
  });
});

describe('one capitalised word is a name as shown', () => {
  // A Share panel: each row a label and a switch; another panel of unlabelled switches above.
  const els = withParents([
    ...[1, 2].map((n) => ({
      tag: 'div',
      xpath: `${B(1)}/div[${n}]`,
      classes: ['bootstrap-switch'],
      text: 'ON OFF',
      interactive: true,
      box: { x: 655, y: 1590 + n * 50, width: 80, height: 29 },
    })),
    { tag: 'h3', xpath: `${B(2)}/h3[1]`, text: 'Share', box: { x: 897, y: 1512, width: 212, height: 60 } },
    ...['Facebook', 'Twitter', 'Pinterest'].flatMap((name, i) => [
      { tag: 'li', xpath: `${B(2)}/ul[1]/li[${i + 1}]`, text: `${name} ON OFF`, box: { x: 912, y: 1607 + i * 40, width: 162, height: 34 } },
      { tag: 'label', xpath: `${B(2)}/ul[1]/li[${i + 1}]/label[1]`, text: name, box: { x: 912, y: 1607 + i * 40, width: 81, height: 26 } },
      {
        tag: 'div',
        xpath: `${B(2)}/ul[1]/li[${i + 1}]/div[1]`,
        classes: ['bootstrap-switch'],
        text: 'ON OFF',
        interactive: true,
        context: name,
        box: { x: 994, y: 1607 + i * 40, width: 80, height: 29 },
      },
    ]),
  ]);
  test('"Turn on sharing to Facebook with its switch" is the switch labelled Facebook', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Turn on sharing to Facebook with its switch' }), page);
    expect(page.elements[idx(r)]?.xpath).toBe(`${B(2)}/ul[1]/li[1]/div[1]`);
  });
});

describe('an FAQ question', () => {
  // A landing page: a menu link to the FAQ, a promo link that mentions the Figma file, and the
  // FAQ's questions lower down, each a button whose text asks it.
  const els = withParents([
    { tag: 'nav', xpath: `${B(1)}/nav[1]`, text: 'Home FAQs', box: { x: 0, y: 0, width: 1280, height: 60 } },
    { tag: 'a', xpath: `${B(1)}/nav[1]/a[1]`, text: 'Home', href: '#', box: { x: 900, y: 20, width: 60, height: 20 } },
    { tag: 'a', xpath: `${B(1)}/nav[1]/a[2]`, text: 'FAQs', href: '#faq', box: { x: 980, y: 20, width: 60, height: 20 } },
    {
      tag: 'a',
      xpath: `${B(2)}/a[1]`,
      text: 'Created using Figma Get Figma file',
      href: '#',
      box: { x: 100, y: 200, width: 300, height: 40 },
    },
    ...['Is there a Figma file available?', 'Do you provide loans to military personnel?', 'How do I repay?'].flatMap((q, i) => [
      {
        tag: 'div',
        xpath: `${B(3)}/div[${i + 1}]`,
        text: `${q} Yes, see the docs.`,
        box: { x: 100, y: 900 + i * 80, width: 800, height: 70 },
      },
      {
        tag: 'button',
        xpath: `${B(3)}/div[${i + 1}]/button[1]`,
        text: q,
        box: { x: 100, y: 900 + i * 80, width: 800, height: 40 },
        inViewport: false,
      },
    ]),
  ]);
  test('"the question about the Figma file" is the line that asks it, not a link that mentions the file', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Open the question about the Figma file' }), page);
    expect(page.elements[idx(r)]?.text).toBe('Is there a Figma file available?');
  });
  test('"the FAQ question about loans" is a question in the FAQ, not the FAQs link', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: 'Open the FAQ question about loans to military personnel' }), page);
    expect(page.elements[idx(r)]?.text).toBe('Do you provide loans to military personnel?');
  });
});

describe('a control named by the verb, on the item whose text begins so', () => {
  // A moderation list: each comment has its text and Approve / Reject buttons.
  const comments = ['Well, the way they make shows is, they make one show.', "My money's in that office, right?", 'Thanks for the update.'];
  const els = withParents(
    comments.flatMap((c, i) => [
      {
        tag: 'div',
        xpath: `${B(1)}/div[${i + 1}]`,
        text: `${c} Approve Reject`,
        box: { x: 100, y: 100 + i * 120, width: 700, height: 110 },
      },
      { tag: 'p', xpath: `${B(1)}/div[${i + 1}]/p[1]`, text: c, box: { x: 110, y: 110 + i * 120, width: 600, height: 40 } },
      {
        tag: 'button',
        xpath: `${B(1)}/div[${i + 1}]/button[1]`,
        text: 'Approve',
        role: 'button',
        box: { x: 110, y: 160 + i * 120, width: 90, height: 30 },
      },
      {
        tag: 'button',
        xpath: `${B(1)}/div[${i + 1}]/button[2]`,
        text: 'Reject',
        role: 'button',
        box: { x: 210, y: 160 + i * 120, width: 90, height: 30 },
      },
    ]),
  );
  test('"Approve the comment that starts with ..." is that comment\'s Approve button', () => {
    const page = snap(els);
    const r = resolveStep(step('Click', { description: `Approve the comment that starts with "My money's in that office"` }), page);
    expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/div[2]/button[1]`);
    // "that starts with" says what the comment's text begins with; "starts" is no anchor of its own.
    const parsed = parseStep(step('Click', { description: `Approve the comment that starts with "My money's in that office"` }));
    expect(parsed.target.words).toEqual(['approve']);
    expect(parsed.relations).toMatchObject([{ type: 'group', anchor: { labels: ["My money's in that office"], words: ['comment'] } }]);
    expect(JSON.stringify(parsed)).not.toContain('starts');
    const rejected = resolveStep(step('Click', { description: "Reject the comment which begins with 'Thanks'" }), page);
    expect(page.elements[idx(rejected)]?.xpath).toBe(`${B(1)}/div[3]/button[2]`);
  });
});

describe('a field marked hidden beside the one a widget made', () => {
  test('typing goes to the field that is not concealed, though both carry the same name', () => {
    const page = snap([
      { tag: 'input', xpath: `${B(1)}/input[1]`, name: 'Email addresses only', editable: true, role: 'textbox', concealed: true },
      { tag: 'input', xpath: `${B(1)}/input[2]`, name: 'Email addresses only', editable: true, role: 'searchbox' },
    ]);
    const r = resolveStep(step('Type', { description: "Type 'ann@example.com' into Email addresses only", text: 'ann@example.com' }), page);
    expect(idx(r)).toBe(1);
    expect(r.ok && r.alternatives[0]?.reasons).toContain('a field marked hidden');
  });
});

describe('icon words read the way icon sets write them', () => {
  const icons = (hints: string[], extra: Partial<El> = {}) =>
    hints.map((iconHint, i) => ({
      tag: 'a',
      xpath: `${B(1)}/a[${i + 1}]`,
      href: '#',
      iconHint,
      box: { x: 10 + i * 40, y: 10, width: 24, height: 24 },
      ...extra,
    }));
  test('"the three-line button" is the one whose icon class says "bars" (plural words are compared stemmed)', () => {
    const page = snap(icons(['icon-button chevron-arrow-right', 'icon-button bars'], { tag: 'button' }));
    expect(idx(resolveStep(step('Click', { description: 'Click the three-line button' }), page))).toBe(1);
  });
  test("Font Awesome's reorder and th icons are the list and grid views", () => {
    const page = snap(icons(['fa fa-th-large', 'fa fa-reorder']));
    expect(idx(resolveStep(step('Click', { description: 'Switch to the list view with the icon next to Views' }), page))).toBe(1);
    expect(idx(resolveStep(step('Click', { description: 'Switch to the grid view' }), page))).toBe(0);
  });
  test('a brand in the icon class names the icon, whatever words describe the logo', () => {
    const page = snap([
      { tag: 'button', xpath: `${B(1)}/button[1]`, text: '<', look: { bg: 'rgb(231, 110, 85)', fg: 'rgb(255, 255, 255)' } },
      { tag: 'i', xpath: `${B(1)}/i[1]`, classes: ['nes-icon', 'youtube', 'is-large'], box: { x: 10, y: 60, width: 64, height: 64 } },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click the red YouTube play icon' }), page))).toBe(1);
  });
  test("a Material Icons ligature is an icon: its text is the glyph's name", () => {
    const page = snap([
      { tag: 'a', xpath: `${B(1)}/a[1]`, href: '#', text: 'Download', classes: ['btn', 'btn-primary'], look: { bg: 'rgb(0, 123, 255)' } },
      {
        tag: 'i',
        xpath: `${B(1)}/i[1]`,
        text: 'settings',
        classes: ['material-icons'],
        box: { x: 36, y: 600, width: 24, height: 24 },
        look: { fg: 'rgb(255, 255, 255)', bgAround: 'rgb(45, 83, 254)' },
      },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click the round blue gear button' }), page))).toBe(1);
  });
  test('"the cross" is a Remove button (the × a widget draws means remove)', () => {
    const page = snap([
      { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Edit item', box: { x: 90, y: 10, width: 20, height: 20 } },
      { tag: 'button', xpath: `${B(1)}/button[2]`, text: 'Remove item', box: { x: 120, y: 10, width: 20, height: 20 } },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click the small cross' }), page))).toBe(1);
  });
  test('a class word borrowed from the subtree loses a tie to the descendant that carries it', () => {
    const page = snap(
      withParents([
        { tag: 'div', xpath: `${B(1)}`, classes: ['ui-slider'], iconHint: 'ui-slider-handle', listeners: ['click'], interactive: true },
        { tag: 'a', xpath: `${B(1)}/a[1]`, href: '#', classes: ['ui-slider-handle'], box: { x: 40, y: 10, width: 18, height: 18 } },
      ]),
    );
    expect(idx(resolveStep(step('Click', { description: 'Click the handle of the slider' }), page))).toBe(1);
  });
});

describe('names joined by "&" and colours Chromium writes as color(srgb ...)', () => {
  test('"under Alerts & Notifications" is one heading\'s name', () => {
    const parsed = parseStep(step('Click', { description: 'Flip the last toggle under Alerts & Notifications' }));
    expect(parsed.relations[0]?.anchor.names).toEqual(['Alerts & Notifications']);
  });
  test('color(srgb r g b) is parsed, so a colour-mixed grey item is grey', () => {
    expect(parseColour('color(srgb 0.688235 0.688235 0.688235)')).toEqual({ r: 175, g: 175, b: 175, a: 1 });
    expect(parseColour('color(srgb 1 0 0 / 0.5)')).toEqual({ r: 255, g: 0, b: 0, a: 0.5 });
    expect(parseColour('color(display-p3 1 0 0)')).toBeNull();
  });
});

describe('"big" among like things', () => {
  test('"page 3 in the big pagination bar" is in the tallest of three pagers, not under the large heading', () => {
    const heights = [38, 56, 31];
    let y = 60;
    const els: El[] = [
      {
        tag: 'h2',
        xpath: `${B(1)}/h2[1]`,
        text: 'Pagination',
        id: 'pagination',
        look: { fontPx: 32 },
        box: { x: 10, y: 10, width: 600, height: 38 },
      },
    ];
    heights.forEach((h, i) => {
      els.push({
        tag: 'ul',
        xpath: `${B(1)}/ul[${i + 1}]`,
        text: '1 2 3',
        classes: ['pagination'],
        look: { fontPx: 16 },
        box: { x: 10, y, width: 600, height: h },
      });
      [1, 2, 3].forEach((n) =>
        els.push({
          tag: 'a',
          xpath: `${B(1)}/ul[${i + 1}]/li[${n}]/a[1]`,
          href: '#',
          text: String(n),
          look: { fontPx: 16 },
          box: { x: 10 + n * 40, y, width: 36, height: h },
        }),
      );
      y += h + 20;
    });
    const page = snap(withParents(els));
    const r = resolveStep(step('Click', { description: 'Click page 3 in the big pagination bar' }), page);
    expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/ul[2]/li[3]/a[1]`);
  });
});

describe('words inside a control, numbers in utility classes, bars and bar charts', () => {
  test('"Click \'60 FPS\'" is the span showing it inside a clickable stats panel, not the panel', () => {
    const page = snap(
      withParents([
        {
          tag: 'div',
          xpath: `${B(1)}`,
          text: '60 FPS (30-60) 18 MS (0-664)',
          listeners: ['click'],
          interactive: true,
          box: { x: 500, y: 700, width: 80, height: 46 },
        },
        { tag: 'span', xpath: `${B(1)}/span[1]`, text: '60 FPS', box: { x: 506, y: 704, width: 30, height: 10 } },
      ]),
    );
    expect(idx(resolveStep(step('Click', { description: "Click '60 FPS'" }), page))).toBe(1);
  });
  test('a "4" on screen is not a utility class\'s number ("ml-4")', () => {
    const page = snap([
      { tag: 'span', xpath: `${B(1)}/span[1]`, text: 'Tables', classes: ['ml-4'] },
      { tag: 'button', xpath: `${B(1)}/button[1]`, text: '4', box: { x: 300, y: 600, width: 30, height: 26 } },
    ]);
    const r = resolveStep(step('Click', { description: 'Go to page 4' }), page);
    expect(idx(r)).toBe(1);
    expect(JSON.stringify(r.alternatives)).not.toContain('class/id/icon');
  });
  test('"the bar-chart icon" is the chart icon, not the list icon that reads as a menu', () => {
    const page = snap([
      { tag: 'i', xpath: `${B(1)}/i[1]`, classes: ['fas', 'fa-clipboard-list'], box: { x: 10, y: 10, width: 12, height: 16 } },
      { tag: 'i', xpath: `${B(1)}/i[2]`, classes: ['far', 'fa-chart-bar'], box: { x: 40, y: 10, width: 16, height: 16 } },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click the bar-chart icon' }), page))).toBe(1);
    // Font Awesome's "bars" is still the three-line menu.
    const menu = snap([
      { tag: 'i', xpath: `${B(1)}/i[1]`, classes: ['far', 'fa-chart-bar'], box: { x: 10, y: 10, width: 16, height: 16 } },
      { tag: 'i', xpath: `${B(1)}/i[2]`, classes: ['fas', 'fa-bars'], box: { x: 40, y: 10, width: 16, height: 16 } },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click the hamburger menu icon' }), menu))).toBe(1);
  });
});

describe('"with the <control>" after a purpose is the means', () => {
  test('"Add the ASUS Zenbook to compare with the small icon ..." is the compare icon of that card, not its Add to cart button', () => {
    const parsed = parseStep(step('Click', { description: 'Add the ASUS Zenbook to compare with the small icon next to the cart button' }));
    expect(parsed.target.kinds).toContain('icon');
    expect(parsed.target.purpose).toBeUndefined();
    const page = snap(
      withParents([
        {
          tag: 'article',
          xpath: `${B(1)}/article[1]`,
          text: 'ASUS Zenbook UX330UA add to cart',
          box: { x: 10, y: 10, width: 300, height: 200 },
        },
        { tag: 'h3', xpath: `${B(1)}/article[1]/h3[1]`, text: 'ASUS Zenbook UX330UA', box: { x: 20, y: 20, width: 200, height: 24 } },
        {
          tag: 'a',
          xpath: `${B(1)}/article[1]/a[1]`,
          href: '#',
          name: 'Add to compare',
          textHidden: true,
          text: 'Add to compare',
          box: { x: 200, y: 170, width: 16, height: 16 },
        },
        {
          tag: 'button',
          xpath: `${B(1)}/article[1]/button[1]`,
          text: 'add to cart',
          classes: ['js-add-to-cart'],
          box: { x: 230, y: 160, width: 36, height: 36 },
        },
      ]),
    );
    const r = resolveStep(
      step('Click', { description: 'Add the ASUS Zenbook to compare with the small icon next to the cart button' }),
      page,
    );
    expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/article[1]/a[1]`);
  });
});

describe('an anchor phrase nothing on the page says', () => {
  test('"the icon with four little corners ... to go full screen": no icon shows those words, so the purpose decides', () => {
    const page = snap(
      ['bi bi-list', 'bi bi-search', 'bi bi-arrows-fullscreen fullscreen'].map((iconHint, i) => ({
        tag: 'a',
        xpath: `${B(1)}/a[${i + 1}]`,
        href: '#',
        iconHint,
        landmark: 'nav',
        box: { x: 200 + i * 48, y: 8, width: 48, height: 40 },
      })),
    );
    const description = 'Click the icon with four little corners in the top bar to go full screen';
    expect(parseStep(step('Click', { description })).target.purpose).toContain('fullscreen');
    const r = resolveStep(step('Click', { description }), page);
    expect(idx(r)).toBe(2);
    expect(r.ok && r.reasons.join(' ')).toContain('not found');
  });
  test('a counted anchor ("the second task") is named by its noun alone and still counts', () => {
    const page = snap(
      withParents([
        { tag: 'ul', xpath: `${B(1)}/ul[1]`, text: 'Buy milk Walk the dog', box: { x: 10, y: 10, width: 300, height: 100 } },
        { tag: 'li', xpath: `${B(1)}/ul[1]/li[1]`, text: 'Buy milk', box: { x: 10, y: 10, width: 300, height: 40 } },
        { tag: 'button', xpath: `${B(1)}/ul[1]/li[1]/button[1]`, iconHint: 'fa fa-trash', box: { x: 280, y: 20, width: 20, height: 20 } },
        { tag: 'li', xpath: `${B(1)}/ul[1]/li[2]`, text: 'Walk the dog', box: { x: 10, y: 60, width: 300, height: 40 } },
        { tag: 'button', xpath: `${B(1)}/ul[1]/li[2]/button[1]`, iconHint: 'fa fa-trash', box: { x: 280, y: 70, width: 20, height: 20 } },
      ]),
    );
    const r = resolveStep(step('Click', { description: 'Delete the second task with its trash icon' }), page);
    expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/ul[1]/li[2]/button[1]`);
  });
});

describe('positions past the viewport', () => {
  test('"the bottom right cell" of a table below the fold is its lower right cell, not the one above it', () => {
    const page = snap(
      [0, 1].flatMap((row) =>
        [0, 1].map((col) => ({
          tag: 'td',
          role: 'cell',
          xpath: `${B(1)}/table[1]/tbody[1]/tr[${row + 1}]/td[${col + 1}]`,
          text: `cell ${row}${col}`,
          inViewport: false,
          box: { x: 100 + col * 460, y: 5100 + row * 68, width: 458, height: 66 },
        })),
      ),
    );
    const r = resolveStep(step('Click', { description: 'Click the bottom right cell of the table' }), page);
    expect(page.elements[idx(r)]?.text).toBe('cell 11');
  });
});

describe('a box named by the label shown with it', () => {
  test('"the Option groups box" is the widget under the label, not the label', () => {
    const description = 'Open the Option groups box under the Multiple select heading';
    expect(parseStep(step('Click', { description })).target.names).toEqual(['Option groups']);
    const page = snap([
      { tag: 'h2', xpath: `${B(1)}/h2[1]`, text: 'Multiple select', box: { x: 24, y: 10, width: 342, height: 30 } },
      {
        tag: 'label',
        role: 'label',
        xpath: `${B(1)}/label[1]`,
        text: 'Option groups',
        interactive: true,
        box: { x: 24, y: 60, width: 342, height: 20 },
      },
      {
        tag: 'div',
        role: 'combobox',
        xpath: `${B(1)}/div[1]`,
        text: 'CA Montreal Toronto',
        context: 'Option groups',
        interactive: true,
        box: { x: 24, y: 88, width: 342, height: 44 },
      },
    ]);
    expect(idx(resolveStep(step('Click', { description }), page))).toBe(2);
  });
  test('"the diagram" is an image', () => {
    const page = snap([
      { tag: 'a', xpath: `${B(1)}/a[1]`, href: '#', text: 'Collections' },
      {
        tag: 'img',
        role: 'img',
        xpath: `${B(1)}/img[1]`,
        name: 'Model-View Separation.',
        classes: ['figure'],
        box: { x: 10, y: 300, width: 550, height: 100 },
      },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click the diagram' }), page))).toBe(1);
  });
});

describe('text described by its shape', () => {
  test('"the email address" is the text that is one; "the phone number" likewise', () => {
    const page = snap([
      { tag: 'a', xpath: `${B(1)}/a[1]`, href: '#', text: 'Sent Mail', iconHint: 'fa fa-envelope' },
      {
        tag: 'div',
        xpath: `${B(1)}/div[1]`,
        text: 'Zoila86@yahoo.com',
        classes: ['email'],
        box: { x: 700, y: 200, width: 136, height: 21 },
      },
      { tag: 'div', xpath: `${B(1)}/div[2]`, text: '+1 (555) 010-7788', box: { x: 700, y: 230, width: 136, height: 21 } },
      { tag: 'a', xpath: `${B(1)}/a[2]`, href: '#', text: 'Call us', iconHint: 'fa fa-phone' },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click the light blue email address in the open message' }), page))).toBe(1);
    expect(idx(resolveStep(step('Click', { description: 'Click the phone number' }), page))).toBe(2);
  });
});

describe('middle', () => {
  test('"the 8 in the middle box of the board" is the centre of the board, wherever the board is on screen', () => {
    const els: El[] = [
      { tag: 'tbody', xpath: `${B(1)}/table[1]/tbody[1]`, classes: ['sudoku-board'], box: { x: 0, y: 0, width: 300, height: 300 } },
    ];
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++)
        els.push({
          tag: 'input',
          role: 'textbox',
          xpath: `${B(1)}/table[1]/tbody[1]/tr[${r + 1}]/td[${c + 1}]/input[1]`,
          value: r === c ? '8' : String(r * 3 + c + 1),
          editable: true,
          box: { x: c * 100 + 10, y: r * 100 + 10, width: 80, height: 80 },
        });
    const page = snap(withParents(els).map((e) => ({ ...e, parent: e.tag === 'input' ? 0 : -1 })));
    const r = resolveStep(step('Click', { description: 'Click the 8 in the middle box of the board' }), page);
    expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/table[1]/tbody[1]/tr[2]/td[2]/input[1]`);
  });
  test('"the middle card" of a row is the centre one', () => {
    const page = snap(
      [0, 1, 2].map((i) => ({
        tag: 'article',
        xpath: `${B(1)}/article[${i + 1}]`,
        text: `Card ${i + 1}`,
        box: { x: 40 + i * 420, y: 100, width: 400, height: 300 },
      })),
    );
    expect(idx(resolveStep(step('Click', { description: 'Open the middle card' }), page))).toBe(1);
  });
});

describe('a link drawn as a filled box', () => {
  const purple = 'rgb(126, 58, 242)';
  const page = snap([
    {
      tag: 'a',
      xpath: `${B(1)}/a[1]`,
      href: '#',
      text: 'Get started',
      box: { x: 60, y: 300, width: 318, height: 40 },
      look: { fg: 'rgb(255, 255, 255)', bg: purple, bgAround: 'rgb(255, 255, 255)' },
    },
    {
      tag: 'a',
      xpath: `${B(2)}/p[1]/a[1]`,
      href: '#',
      text: 'get started',
      box: { x: 550, y: 700, width: 88, height: 19 },
      look: { fg: purple, bgAround: 'rgb(255, 255, 255)' },
    },
  ]);
  test('"the purple link" is the one in purple letters, not the purple button a link is drawn as', () => {
    expect(idx(resolveStep(step('Click', { description: "Click the purple 'get started' link inside the open answer" }), page))).toBe(1);
  });
  test('"the purple button" is the filled one', () => {
    expect(idx(resolveStep(step('Click', { description: "Click the purple 'Get started' button" }), page))).toBe(0);
  });
});

describe('a drawn icon and a character', () => {
  test('"the bookmark icon on the card" is the drawn SVG icon, not a small button showing a digit', () => {
    const els: El[] = [
      {
        tag: 'article',
        xpath: `${B(1)}/article[1]`,
        text: 'Inception Movie 1 2 3',
        classes: ['card'],
        box: { x: 0, y: 0, width: 600, height: 400 },
      },
    ];
    for (const n of [1, 2, 3])
      els.push({
        tag: 'button',
        role: 'button',
        xpath: `${B(1)}/article[1]/div[1]/button[${n}]`,
        text: String(n),
        box: { x: 400 + n * 20, y: 40, width: 20, height: 20 },
      });
    els.push({ tag: 'h2', xpath: `${B(1)}/article[1]/h2[1]`, text: 'Inception Movie', box: { x: 20, y: 100, width: 300, height: 30 } });
    els.push({
      tag: 'a',
      xpath: `${B(1)}/article[1]/a[1]`,
      href: '#',
      text: '',
      iconHint: 'svgIcon-use',
      box: { x: 560, y: 360, width: 25, height: 15 },
    });
    const page = snap(els.map((e, i) => ({ ...e, parent: i ? 0 : -1 })));
    expect(idx(resolveStep(step('Click', { description: 'Click the bookmark icon on the Inception Movie card' }), page))).toBe(5);
  });
});

describe("a person's name", () => {
  const page = snap([
    { tag: 'a', xpath: `${B(1)}/nav[1]/a[1]`, href: '#', text: 'Sudoku.js', box: { x: 680, y: 120, width: 92, height: 23 } },
    {
      tag: 'button',
      role: 'button',
      xpath: `${B(1)}/div[1]/button[1]`,
      text: 'Show Candidates',
      box: { x: 847, y: 895, width: 136, height: 30 },
    },
    { tag: 'p', xpath: `${B(1)}/footer[1]/p[1]`, text: 'Sudoku.js Demo by', box: { x: 640, y: 1069, width: 150, height: 16 } },
    {
      tag: 'a',
      xpath: `${B(1)}/footer[1]/p[1]/a[1]`,
      href: '#',
      text: 'Rob McGuire-dale',
      box: { x: 798, y: 1069, width: 114, height: 16 },
    },
  ]);
  test('"the author\'s name" is text shaped as a name, not a Title Case button', () => {
    expect(parseStep(step('Click', { description: "Click the author's name at the bottom right" })).target.words).toEqual([
      'author',
      'name',
    ]);
    expect(idx(resolveStep(step('Click', { description: "Click the author's name at the bottom right" }), page))).toBe(3);
  });
  test('"next to the user\'s name": the anchor is a person\'s name too, not a "Name" label; two labels run together are no name', () => {
    const p = parseStep(step('Click', { description: "Click the bell next to the user's name" }));
    expect(p.target.words).toEqual(['bell']);
    expect(p.relations.map((r) => r.anchor.words)).toEqual([['user', 'name']]);
    // A settings form: a "Last Name" label and a row holding the labels "City" and "State", with
    // notification switches (ids say "notification") beside them; the top bar: the bell, then the
    // signed-in user's name.
    const form = snap([
      { tag: 'label', xpath: `${B(1)}/form[1]/label[1]`, text: 'Last Name', box: { x: 300, y: 200, width: 80, height: 20 } },
      {
        tag: 'div',
        xpath: `${B(1)}/form[1]/div[1]`,
        text: 'City State',
        box: { x: 300, y: 300, width: 600, height: 20 },
        interactive: false,
      },
      { tag: 'label', xpath: `${B(1)}/form[1]/div[1]/label[1]`, text: 'City', parent: 1, box: { x: 300, y: 300, width: 40, height: 20 } },
      { tag: 'label', xpath: `${B(1)}/form[1]/div[1]/label[2]`, text: 'State', parent: 1, box: { x: 600, y: 300, width: 40, height: 20 } },
      {
        tag: 'input',
        xpath: `${B(1)}/form[1]/input[1]`,
        inputType: 'checkbox',
        role: 'checkbox',
        id: 'user-notification-1',
        box: { x: 910, y: 300, width: 36, height: 20 },
      },
      {
        tag: 'a',
        xpath: `${B(1)}/nav[1]/a[1]`,
        href: '#',
        role: 'button',
        classes: ['notification-bell'],
        iconHint: 'icon',
        box: { x: 1700, y: 17, width: 50, height: 42 },
      },
      {
        tag: 'span',
        xpath: `${B(1)}/nav[1]/a[2]/span[1]`,
        text: 'Bonnie Green',
        interactive: false,
        box: { x: 1810, y: 28, width: 86, height: 16 },
      },
    ]);
    expect(idx(resolveStep(step('Click', { description: "Click the bell with the red dot next to the user's name" }), form))).toBe(5);
  });
});

/** A product card: a plain box holding a title link (in its heading) and a category link in a list. */
function productCard(xpath: string, title: string, category: string, box: { x: number; y: number }, classes = ['card']): El[] {
  return [
    { tag: 'div', xpath, classes, text: `${title} ${category}`, box: { ...box, width: 250, height: 230 }, interactive: false },
    { tag: 'h4', xpath: `${xpath}/h4[1]`, text: title, box: { x: box.x + 20, y: box.y + 40, width: 160, height: 23 } },
    { tag: 'a', xpath: `${xpath}/h4[1]/a[1]`, href: '#', text: title, box: { x: box.x + 20, y: box.y + 40, width: 160, height: 23 } },
    { tag: 'ul', xpath: `${xpath}/ul[1]`, text: category, box: { x: box.x + 20, y: box.y + 80, width: 160, height: 15 } },
    {
      tag: 'li',
      xpath: `${xpath}/ul[1]/li[1]`,
      classes: ['list-inline-item'],
      text: category,
      box: { x: box.x + 20, y: box.y + 80, width: 80, height: 15 },
    },
    {
      tag: 'a',
      xpath: `${xpath}/ul[1]/li[1]/a[1]`,
      href: '#',
      text: category,
      box: { x: box.x + 20, y: box.y + 80, width: 80, height: 15 },
    },
  ];
}

describe('grids of cards', () => {
  const titles = ['Macbook Air', 'Study Table', 'Desk Lamp', 'Office Chair', 'Bookshelf', 'Coffee Table'];
  const grid = (classes = ['card'], top = 100): El[] =>
    titles.flatMap((t, i) =>
      productCard(`${B(2)}/div[${i + 1}]`, t, 'Furniture', { x: 100 + (i % 3) * 300, y: top + Math.floor(i / 3) * 260 }, classes),
    );
  const titleOf = (page: ReturnType<typeof snap>, r: ResolveResult) => page.elements[idx(r)]?.text;

  test('"the middle product in the second row" is a grid cell: the middle column of that row', () => {
    expect(parseStep(step('Click', { description: 'Open the middle product in the second row' })).target.grid).toEqual({ row: 2, col: 0 });
    expect(parseStep(step('Click', { description: 'Open the left product in the bottom row' })).target.grid).toEqual({ row: -1, col: 1 });
    const page = snap(withParents(grid()));
    expect(titleOf(page, resolveStep(step('Click', { description: 'Open the middle product in the second row' }), page))).toBe('Bookshelf');
    expect(titleOf(page, resolveStep(step('Click', { description: 'Open the left product in the bottom row' }), page))).toBe(
      'Office Chair',
    );
  });

  test('a card that is no control opens through its title link, not its centre', () => {
    const page = snap(withParents(grid()));
    const r = resolveStep(step('Click', { description: 'Open the second product' }), page);
    expect(page.elements[idx(r)]?.tag).toBe('a');
    expect(titleOf(page, r)).toBe('Study Table');
  });

  test('an item opens through a link around its heading (<a><h4>title</h4></a>) as through one inside it', () => {
    const row = (n: number, title: string): El[] => [
      { tag: 'li', xpath: `${B(1)}/ul[1]/li[${n}]`, text: `Name ${title} Sales ${n}`, box: { x: 0, y: n * 60, width: 1200, height: 60 } },
      { tag: 'div', xpath: `${B(1)}/ul[1]/li[${n}]/div[1]`, text: 'Name', box: { x: 0, y: n * 60, width: 80, height: 20 } },
      {
        tag: 'a',
        xpath: `${B(1)}/ul[1]/li[${n}]/a[1]`,
        text: title,
        href: '#',
        box: { x: 100, y: n * 60, width: 300, height: 20 },
      },
      { tag: 'h4', xpath: `${B(1)}/ul[1]/li[${n}]/a[1]/h4[1]`, text: title, box: { x: 100, y: n * 60, width: 300, height: 20 } },
    ];
    const page = snap(withParents([...row(1, 'Twelve myths uncovered'), ...row(2, 'Lorem Ipsum is not simply random text')]));
    const r = resolveStep(step('Click', { description: 'Open the item Lorem Ipsum is not simply random text' }), page);
    expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/ul[1]/li[2]/a[1]`);
  });

  test('a longer list of links beside the cards is not the series "the fifth product" counts', () => {
    const els: El[] = [];
    for (let i = 0; i < 10; i++)
      els.push({
        tag: 'a',
        xpath: `${B(1)}/a[${i + 1}]`,
        href: '#',
        text: `Category ${i + 1}`,
        box: { x: 10, y: 100 + i * 30, width: 80, height: 20 },
      });
    for (let i = 0; i < 6; i++) {
      const box = { x: 100 + (i % 3) * 300, y: 100 + Math.floor(i / 3) * 260 };
      els.push({
        tag: 'div',
        xpath: `${B(2)}/div[${i + 1}]`,
        classes: ['card'],
        text: `Item ${i + 1}`,
        box: { ...box, width: 250, height: 230 },
        interactive: false,
      });
    }
    const page = snap(withParents(els));
    const r = resolveStep(step('Click', { description: 'Open the fifth product' }), page);
    expect(page.elements[idx(r)]?.xpath.startsWith(`${B(2)}/div[5]`)).toBe(true);
  });

  test('links inside list items of a navbar are not products', () => {
    const nav: El[] = ['Home', 'Listings', 'Pages', 'Blog'].flatMap((t, i) => [
      {
        tag: 'li',
        xpath: `${B(1)}/ul[1]/li[${i + 1}]`,
        classes: ['nav-item'],
        text: t,
        box: { x: 300 + i * 90, y: 20, width: 80, height: 40 },
      },
      {
        tag: 'a',
        xpath: `${B(1)}/ul[1]/li[${i + 1}]/a[1]`,
        href: '#',
        classes: ['nav-link'],
        text: t,
        box: { x: 300 + i * 90, y: 20, width: 80, height: 40 },
      },
    ]);
    const page = snap(withParents([...nav, ...grid()]));
    expect(titleOf(page, resolveStep(step('Click', { description: 'Open the second product' }), page))).toBe('Study Table');
  });

  test("a strip of cards elsewhere on the page, with one class fewer, is not the grid's first row", () => {
    const featured: El[] = ['Spoilers', 'Inception'].flatMap((t, i) =>
      productCard(`${B(1)}/div[1]/div[${i + 1}]`, t, 'Review', { x: 300 + i * 300, y: 0 }, ['card']),
    );
    const page = snap(withParents([...featured, ...grid(['card', 'h-100'], 400)]));
    expect(titleOf(page, resolveStep(step('Click', { description: 'Open the second story in the second row' }), page))).toBe('Bookshelf');
  });

  test('"the first of the four teal icon buttons" counts the set of four, not a larger set of like buttons', () => {
    const teal = { fg: 'rgb(255, 255, 255)', bg: 'rgb(26, 188, 156)', bgAround: 'rgb(255, 255, 255)' };
    const big: El[] = [0, 1, 2, 3, 4].map((i) => ({
      tag: 'a',
      xpath: `${B(3)}/div[${i + 1}]/div[1]/a[1]`,
      href: '#',
      classes: ['btn', 'btn-primary', 'btn-large', 'btn-block'],
      text: `Get Pro ${i + 1}`,
      look: teal,
      box: { x: 100, y: 1200 + i * 300, width: 184, height: 41 },
    }));
    const icons: El[] = ['fui-time', 'fui-photo', 'fui-heart', 'fui-eye'].map((icon, i) => ({
      tag: 'a',
      xpath: `${B(1)}/a[${i + 1}]`,
      href: '#',
      classes: ['btn', 'btn-primary'],
      iconHint: icon,
      look: teal,
      box: { x: 655 + i * 48, y: 600, width: 48, height: 41 },
    }));
    const page = snap([...big, ...icons]);
    const r = resolveStep(step('Click', { description: 'Click the clock button, the first of the four teal icon buttons' }), page);
    expect(page.elements[idx(r)]?.iconHint).toBe('fui-time');
  });

  test('"of" after a counted anchor says what it counts in: "the third story of All Stories"', () => {
    const p = parseStep(step('Click', { description: 'Click the author name on the third story of All Stories' }));
    expect(p.relations).toHaveLength(1);
    expect(p.relations[0]?.anchor.ordinal).toBe(3);
    expect(p.relations[0]?.anchor.sub?.[0]?.anchor.names).toEqual(['All Stories']);
    const section = (n: number, heading: string, authors: string[], y: number): El[] => [
      { tag: 'section', xpath: `/html[1]/body[1]/section[${n}]`, text: heading, box: { x: 0, y, width: 1280, height: 300 } },
      { tag: 'h2', xpath: `/html[1]/body[1]/section[${n}]/h2[1]`, text: heading, box: { x: 100, y, width: 300, height: 30 } },
      ...authors.flatMap((a, i): El[] => [
        {
          tag: 'article',
          xpath: `/html[1]/body[1]/section[${n}]/article[${i + 1}]`,
          classes: ['card'],
          text: `Post ${i + 1} ${a}`,
          box: { x: 100 + i * 300, y: y + 50, width: 280, height: 200 },
        },
        {
          tag: 'a',
          xpath: `/html[1]/body[1]/section[${n}]/article[${i + 1}]/a[1]`,
          href: '#',
          text: a,
          box: { x: 120 + i * 300, y: y + 200, width: 100, height: 16 },
        },
      ]),
    ];
    const page = snap(
      withParents([
        ...section(1, 'Featured', ['Ann Lee', 'Bo Chan', 'Cy Diaz'], 0),
        ...section(2, 'All Stories', ['Dee Ford', 'Ed Gray', 'Flo Hart'], 400),
      ]),
    );
    const r = resolveStep(step('Click', { description: 'Click the author name on the third story of All Stories' }), page);
    expect(page.elements[idx(r)]?.text).toBe('Flo Hart');
  });
});

test("a heading's text is a title, never the author's name, however capitalised (MDL blog card)", () => {
  // A card: a photo whose title link sits on it, and the author's name under it, not a link.
  const card = '/html[1]/body[1]/main[1]/div[1]';
  const page = snap(
    withParents([
      {
        tag: 'div',
        xpath: card,
        classes: ['card'],
        text: 'Coffee Pic The Newist 2 days ago',
        box: { x: 200, y: 240, width: 580, height: 360 },
      },
      {
        tag: 'div',
        xpath: `${card}/div[1]`,
        classes: ['card__media'],
        text: 'Coffee Pic',
        box: { x: 200, y: 240, width: 580, height: 284 },
      },
      { tag: 'h3', xpath: `${card}/div[1]/h3[1]`, role: 'heading', text: 'Coffee Pic', box: { x: 222, y: 458, width: 158, height: 40 } },
      {
        tag: 'a',
        xpath: `${card}/div[1]/h3[1]/a[1]`,
        href: 'entry.html',
        text: 'Coffee Pic',
        box: { x: 222, y: 458, width: 158, height: 40 },
      },
      {
        tag: 'div',
        xpath: `${card}/div[2]`,
        text: 'The Newist 2 days ago',
        interactive: false,
        box: { x: 200, y: 524, width: 580, height: 76 },
      },
      {
        tag: 'strong',
        xpath: `${card}/div[2]/strong[1]`,
        text: 'The Newist',
        interactive: false,
        box: { x: 274, y: 542, width: 70, height: 18 },
      },
      {
        tag: 'span',
        xpath: `${card}/div[2]/span[1]`,
        text: '2 days ago',
        interactive: false,
        box: { x: 274, y: 562, width: 70, height: 18 },
      },
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the author name under the Coffee Pic photo' }), page);
  expect(page.elements[idx(r)]?.text).toBe('The Newist');
});

describe('an editor toolbar of icon buttons named only by their classes (Quill)', () => {
  // Two rows of 28x24 buttons in groups, each with its own class, the variant in its value
  // (read into the icon hint), and wider pickers (spans acting as buttons) among them.
  const button = (cls: string, x: number, y: number, hint?: string): El => ({
    tag: 'button',
    role: 'button',
    xpath: '',
    classes: [cls],
    ...(hint ? { iconHint: hint } : {}),
    box: { x, y, width: 28, height: 24 },
  });
  const picker = (x: number, y: number): El => ({
    tag: 'span',
    role: 'button',
    xpath: '',
    classes: ['ql-picker-label'],
    interactive: true,
    box: { x, y, width: 98, height: 24 },
  });
  const rows: El[][] = [
    [
      picker(289, 59),
      picker(397, 59),
      button('ql-bold', 514, 59),
      button('ql-italic', 542, 59),
      button('ql-script', 721, 59, 'sub'),
      button('ql-script', 749, 59, 'super'),
    ],
    [
      button('ql-list', 289, 83, 'ordered'),
      button('ql-list', 317, 83, 'bullet'),
      button('ql-indent', 345, 83, '-1'),
      picker(448, 83),
      picker(560, 83),
      button('ql-clean', 680, 83),
    ],
  ];
  const els: El[] = [{ tag: 'div', xpath: `${B(1)}/div[1]`, classes: ['ql-toolbar'], box: { x: 280, y: 50, width: 720, height: 66 } }];
  rows.forEach((row, r) =>
    row.forEach((e, k) =>
      els.push({ ...e, landmark: 'header', xpath: `${B(1)}/div[1]/span[${r * 3 + Math.floor(k / 2) + 1}]/${e.tag}[${(k % 2) + 1}]` }),
    ),
  );
  const page = snap(withParents(els));
  const cls = (r: ResolveResult) => `${page.elements[idx(r)]?.classes.join('.')} ${page.elements[idx(r)]?.iconHint ?? ''}`.trim();

  test('"Make the text bold with the B": what the step does is the purpose, the glyph after "with" the control', () => {
    const p = parseStep(step('Click', { description: 'Make the text bold with the B in the toolbar' }));
    expect(p.target.purpose).toEqual(['make', 'bold']);
    expect(p.target.words).toEqual(['b']);
    expect(cls(resolveStep(step('Click', { description: 'Make the text bold with the B in the toolbar' }), page))).toBe('ql-bold');
  });
  test('a word the markup splits in two ("superscript": class script, value super) names the button', () => {
    expect(cls(resolveStep(step('Click', { description: 'Click the superscript button' }), page))).toBe('ql-script super');
  });
  test('the toolbar\'s buttons are one series however each is classed: "the first one on the second row"', () => {
    const r = resolveStep(step('Click', { description: 'Click the list icon, the first one on the second row of the toolbar' }), page);
    expect(cls(r)).toBe('ql-list ordered');
    expect(cls(resolveStep(step('Click', { description: 'Click the last button of the toolbar, to clear formatting' }), page))).toBe(
      'ql-clean',
    );
  });
});

describe('what icons and buttons are called', () => {
  const icon = (n: number, hint: string): El => ({
    tag: 'a',
    xpath: `${B(1)}/a[${n}]`,
    href: '#',
    iconHint: hint,
    box: { x: 900 + n * 40, y: 10, width: 32, height: 32 },
  });
  const page = snap([
    icon(1, 'feather-bell'),
    icon(2, 'feather-message-square'),
    icon(3, 'fa fa-paperclip'),
    icon(4, 'ql-link'),
    icon(5, 'ql-blockquote'),
    { tag: 'a', xpath: `${B(2)}/a[1]`, href: '#', text: 'Compose Mail', box: { x: 20, y: 100, width: 200, height: 40 } },
    { tag: 'a', xpath: `${B(2)}/a[2]`, href: '#', text: 'Inbox', box: { x: 20, y: 160, width: 200, height: 30 } },
    icon(6, 'bi bi-arrow-clockwise'),
  ]);
  test.each([
    ['Click the speech bubble icon next to the bell', 1],
    ['Click the attachment icon', 2],
    ['Click the chain icon', 3],
    ['Click the quotation marks button', 4],
    ['Start writing a new email', 5],
    ['Refresh the list with the circular arrow button', 7],
  ])('"%s"', (description, expected) => {
    expect(idx(resolveStep(step('Click', { description }), page))).toBe(expected);
  });
});

describe('a mail list whose rows are not all marked alike', () => {
  // Vali Admin's mailbox: the subject cells carry "mail-subject", except one row's; a folder
  // list beside it has an Inbox link drawn as a filled button (a weak "checkbox" candidate
  // that must not decide which container the ordinal counts in).
  const els: El[] = [
    {
      tag: 'ul',
      xpath: `${B(1)}/ul[1]`,
      classes: ['nav', 'mail-nav'],
      text: 'Inbox 12 Sent Trash',
      box: { x: 260, y: 264, width: 230, height: 120 },
    },
    {
      tag: 'a',
      xpath: `${B(1)}/ul[1]/li[1]/a[1]`,
      href: '#',
      text: 'Inbox 12',
      look: { fg: 'rgb(255, 255, 255)', bg: 'rgb(0, 105, 92)' },
      iconHint: 'bi bi-inbox',
      box: { x: 260, y: 264, width: 230, height: 42 },
    },
    {
      tag: 'a',
      xpath: `${B(1)}/ul[1]/li[2]/a[1]`,
      href: '#',
      text: 'Sent',
      iconHint: 'bi bi-envelope',
      box: { x: 260, y: 306, width: 230, height: 42 },
    },
    { tag: 'tbody', xpath: `${B(2)}/table[1]/tbody[1]`, box: { x: 533, y: 249, width: 697, height: 260 } },
  ];
  for (let r = 1; r <= 5; r++) {
    const tr = `${B(2)}/table[1]/tbody[1]/tr[${r}]`;
    const y = 249 + (r - 1) * 52;
    els.push(
      { tag: 'tr', xpath: tr, text: `John Doe Report ${r}`, box: { x: 533, y, width: 697, height: 52 } },
      { tag: 'td', xpath: `${tr}/td[1]`, box: { x: 533, y, width: 31, height: 52 } },
      {
        tag: 'input',
        xpath: `${tr}/td[1]/input[1]`,
        inputType: 'checkbox',
        role: 'checkbox',
        box: { x: 538, y: y + 12, width: 14, height: 14 },
      },
      { tag: 'td', xpath: `${tr}/td[2]`, text: 'John Doe', box: { x: 588, y, width: 60, height: 52 } },
      {
        tag: 'td',
        xpath: `${tr}/td[3]`,
        classes: r === 2 ? [] : ['mail-subject'],
        text: `Report ${r}`,
        box: { x: 649, y, width: 469, height: 52 },
      },
      { tag: 'td', xpath: `${tr}/td[4]`, box: { x: 1118, y, width: 24, height: 52 } },
      { tag: 'i', xpath: `${tr}/td[4]/i[1]`, iconHint: 'bi bi-paperclip', box: { x: 1120, y: y + 16, width: 16, height: 16 } },
    );
  }
  const page = snap(withParents(els));
  const row = (r: ResolveResult) => /tr\[(\d)\]/.exec(page.elements[idx(r)]?.xpath ?? '')?.[1];
  test('"the third email" counts the rows a person sees, the unmarked one too', () => {
    expect(row(resolveStep(step('Click', { description: 'Tick the checkbox of the third email' }), page))).toBe('3');
    expect(row(resolveStep(step('Click', { description: 'Click the paperclip on the third email' }), page))).toBe('3');
  });
});

test('"the red alert box" is a box drawn in red, not the "Alerts" link of the menu', () => {
  const page = snap([
    { tag: 'a', xpath: `${B(1)}/ul[1]/li[1]/a[1]`, href: '#', text: 'Alerts', box: { x: 240, y: 900, width: 45, height: 21 } },
    {
      tag: 'div',
      xpath: `${B(2)}/div[1]`,
      classes: ['alert', 'alert-primary'],
      text: 'Alert-primary',
      look: { fg: 'rgb(65, 64, 62)', bg: 'rgb(193, 192, 189)', border: 'rgb(65, 64, 62)' },
      box: { x: 200, y: 2900, width: 878, height: 57 },
      interactive: false,
    },
    {
      tag: 'div',
      xpath: `${B(2)}/div[2]`,
      classes: ['alert', 'alert-danger'],
      text: 'Alert-danger',
      look: { fg: 'rgb(167, 52, 45)', bg: 'rgb(240, 203, 201)', border: 'rgb(167, 52, 45)' },
      box: { x: 200, y: 2980, width: 878, height: 57 },
      interactive: false,
    },
  ]);
  expect(idx(resolveStep(step('Click', { description: 'Click the red alert box' }), page))).toBe(2);
});

test('"the crossed-out S" is the strikethrough button, whose letter is drawn, not written', () => {
  const els: El[] = ['ql-bold', 'ql-italic', 'ql-underline', 'ql-strike'].map((cls, i) => ({
    tag: 'button',
    role: 'button',
    xpath: `${B(1)}/span[1]/button[${i + 1}]`,
    classes: [cls],
    box: { x: 514 + i * 28, y: 59, width: 28, height: 24 },
  }));
  els.push({ tag: 'p', xpath: `${B(2)}/p[1]`, text: 'Some text in the editor', box: { x: 280, y: 130, width: 700, height: 20 } });
  const page = snap(els);
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Click the crossed-out S' }), page))]?.classes).toEqual(['ql-strike']);
});

test('"to show the whole month" names the "month" view button ("whole" adds nothing to what is shown)', () => {
  const page = snap(
    ['today', 'month', 'week', 'day', 'list'].map((t, i) => ({
      tag: 'button',
      role: 'button',
      xpath: `${B(1)}/div[1]/button[${i + 1}]`,
      text: t,
      box: { x: 180 + i * 60, y: 40, width: 56, height: 34 },
    })),
  );
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Switch the calendar to show the whole month' }), page))]?.text).toBe(
    'month',
  );
});

test('"the left editor" is the component whose one-word class ends in "editor" ("jsoneditor"), not a part carrying its prefix', () => {
  const els: El[] = [];
  [8, 522].forEach((x, n) => {
    const root = B(n + 1);
    els.push(
      { tag: 'div', xpath: root, classes: ['jsoneditor', 'jsoneditor-mode-tree'], box: { x, y: 84, width: 500, height: 500 } },
      { tag: 'div', xpath: `${root}/div[1]`, classes: ['jsoneditor-menu'], box: { x: x + 1, y: 85, width: 498, height: 35 } },
      ...['expand-all', 'collapse-all', 'sort', 'undo', 'redo'].map((c, i) => ({
        tag: 'button',
        role: 'button',
        xpath: `${root}/div[1]/button[${i + 1}]`,
        classes: [`jsoneditor-${c}`],
        name: `${c.replace('-', ' ')} fields`,
        box: { x: x + 5 + i * 30, y: 89, width: 26, height: 26 },
      })),
    );
    for (let r = 0; r < 4; r++)
      els.push(
        {
          tag: 'tr',
          xpath: `${root}/table[1]/tr[${r + 1}]`,
          classes: ['jsoneditor-expandable'],
          box: { x: x + 1, y: 146 + r * 24, width: 498, height: 24 },
        },
        {
          tag: 'button',
          role: 'button',
          xpath: `${root}/table[1]/tr[${r + 1}]/button[1]`,
          classes: ['jsoneditor-button', 'jsoneditor-dragarea'],
          name: 'Drag to move this field',
          box: { x: x + 1, y: 146 + r * 24, width: 24, height: 24 },
        },
        {
          tag: 'button',
          role: 'button',
          xpath: `${root}/table[1]/tr[${r + 1}]/button[2]`,
          classes: ['jsoneditor-button', 'jsoneditor-contextmenu'],
          name: 'Open the actions menu',
          box: { x: x + 25, y: 146 + r * 24, width: 24, height: 24 },
        },
      );
  });
  const page = snap(withParents(els));
  const pick = (d: string) => page.elements[idx(resolveStep(step('Click', { description: d }), page))];
  expect(pick("Click the grey curved undo arrow in the left editor's toolbar")?.box.x).toBe(8 + 5 + 90);
  expect(pick('Click the expand all button, the first icon in the toolbar of the right editor')?.box.x).toBe(522 + 5);
});

test('a few plain words after a final comma name the target ("the second icon in the toolbar, collapse all"), over a miscounted ordinal', () => {
  expect(
    parseStep(step('Click', { description: 'Click the second icon in the toolbar of the right editor, collapse all' })).target.names,
  ).toEqual(['collapse all']);
  // A place, a purpose or a pronoun after the comma is not a name.
  for (const d of [
    "Click 'Generate report' on the right, above the cards",
    'Click the last button, to clear formatting',
    'Click the link, the last one',
  ])
    expect(parseStep(step('Click', { description: d })).target.names ?? []).toEqual([]);
  const page = snap(
    ['Expand all fields', 'Collapse all fields', 'Sort contents', 'Undo last action'].map((name, i) => ({
      tag: 'button',
      role: 'button',
      xpath: `${B(1)}/div[1]/button[${i + 1}]`,
      name,
      box: { x: 13 + i * 30, y: 89, width: 26, height: 26 },
    })),
  );
  expect(
    page.elements[idx(resolveStep(step('Click', { description: 'Click the third icon in the toolbar, collapse all' }), page))]?.name,
  ).toBe('Collapse all fields');
});

test('"the menu icon of the null row" in a tree drawn as nested tables: the row holds the table that writes the name', () => {
  const els: El[] = [];
  ['array', 'boolean', 'null', 'number'].forEach((key, r) => {
    const tr = `${B(1)}/table[1]/tbody[1]/tr[${r + 1}]`;
    const y = 146 + r * 24;
    els.push(
      { tag: 'tr', xpath: tr, text: `${key} : x`, box: { x: 9, y, width: 498, height: 24 } },
      { tag: 'td', xpath: `${tr}/td[1]`, box: { x: 9, y, width: 24, height: 24 } },
      {
        tag: 'button',
        role: 'button',
        xpath: `${tr}/td[1]/button[1]`,
        name: 'Drag to move this field',
        box: { x: 9, y, width: 24, height: 24 },
      },
      { tag: 'td', xpath: `${tr}/td[2]`, box: { x: 33, y, width: 24, height: 24 } },
      {
        tag: 'button',
        role: 'button',
        xpath: `${tr}/td[2]/button[1]`,
        name: 'Open the actions menu',
        box: { x: 33, y, width: 24, height: 24 },
      },
      { tag: 'td', xpath: `${tr}/td[3]`, text: `${key} : x`, box: { x: 57, y, width: 450, height: 24 } },
      { tag: 'tr', xpath: `${tr}/td[3]/table[1]/tbody[1]/tr[1]`, text: `${key} : x`, box: { x: 81, y, width: 116, height: 24 } },
      { tag: 'td', xpath: `${tr}/td[3]/table[1]/tbody[1]/tr[1]/td[1]`, text: key, box: { x: 105, y, width: 42, height: 24 } },
      { tag: 'td', xpath: `${tr}/td[3]/table[1]/tbody[1]/tr[1]/td[2]`, text: 'x', box: { x: 155, y, width: 42, height: 24 } },
    );
  });
  const page = snap(withParents(els));
  const pick =
    page.elements[idx(resolveStep(step('Click', { description: 'Click the small square menu icon at the start of the null row' }), page))];
  expect(pick?.xpath).toBe(`${B(1)}/table[1]/tbody[1]/tr[3]/td[2]/button[1]`);
});

test('"back to the current date" is the calendar\'s "today" button, not a date cell', () => {
  const page = snap([
    ...['prev', 'next', 'today'].map((t, i) => ({
      tag: 'button',
      role: 'button',
      xpath: `${B(1)}/div[1]/button[${i + 1}]`,
      text: t === 'today' ? 'today' : '',
      name: t,
      box: { x: 90 + i * 46, y: 40, width: 44, height: 34 },
    })),
    ...['Sun 9/6', 'Mon 9/7', 'Tue 9/8'].map((t, i) => ({
      tag: 'a',
      role: 'cell',
      xpath: `${B(2)}/table[1]/thead[1]/tr[1]/th[${i + 1}]/a[1]`,
      text: t,
      href: '#',
      box: { x: 187 + i * 150, y: 97, width: 58, height: 20 },
    })),
  ]);
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Jump back to the current date' }), page))]?.text).toBe('today');
});

test('"the H2 button" is the heading control whose value is 2 (Quill\'s ql-header buttons show no text)', () => {
  const page = snap(
    ['1', '2'].map((v, i) => ({
      tag: 'button',
      role: 'button',
      xpath: `${B(1)}/span[1]/button[${i + 1}]`,
      classes: ['ql-header'],
      iconHint: v,
      box: { x: 797 + i * 28, y: 59, width: 28, height: 24 },
    })),
  );
  expect(
    page.elements[idx(resolveStep(step('Click', { description: 'Make it a second-level heading with the H2 button' }), page))]?.iconHint,
  ).toBe('2');
});

test('"the page for creating a new account" is the Sign Up link: a target that says nothing of itself is what its "for" phrase names', () => {
  const page = snap(
    withParents([
      { tag: 'nav', xpath: `${B(1)}/nav[1]`, classes: ['sidebar'], box: { x: 0, y: 0, width: 260, height: 800 } },
      ...['Dashboard', 'Profile', 'Sign In', 'Sign Up', 'Blank'].map((t, i) => ({
        tag: 'a',
        xpath: `${B(1)}/nav[1]/a[${i + 1}]`,
        text: t,
        href: '#',
        classes: ['sidebar-link'],
        box: { x: 0, y: 100 + i * 42, width: 260, height: 42 },
      })),
    ]),
  );
  expect(
    page.elements[idx(resolveStep(step('Click', { description: 'Go to the page for creating a new account from the sidebar' }), page))]
      ?.text,
  ).toBe('Sign Up');
});

test('"the checkbox above the emails": a plural anchor met by a series of like cells is the whole series, above its topmost', () => {
  const els: El[] = [
    {
      tag: 'input',
      inputType: 'checkbox',
      role: 'checkbox',
      xpath: `${B(1)}/div[1]/input[1]`,
      box: { x: 538, y: 200, width: 14, height: 14 },
    },
  ];
  for (let r = 0; r < 5; r++) {
    const tr = `${B(1)}/table[1]/tbody[1]/tr[${r + 1}]`;
    const y = 249 + r * 52;
    els.push(
      {
        tag: 'input',
        inputType: 'checkbox',
        role: 'checkbox',
        xpath: `${tr}/td[1]/input[1]`,
        box: { x: 538, y: y + 8, width: 14, height: 14 },
      },
      {
        tag: 'td',
        role: 'cell',
        xpath: `${tr}/td[2]`,
        classes: ['mail-subject'],
        text: `A report on project ${r + 1}`,
        box: { x: 649, y, width: 469, height: 52 },
      },
    );
  }
  // The folder list beside them: an inbox holds emails, it is not one.
  els.push(
    {
      tag: 'ul',
      xpath: `${B(2)}/ul[1]`,
      classes: ['nav', 'mail-nav'],
      text: 'Inbox Sent Trash',
      box: { x: 260, y: 265, width: 230, height: 126 },
    },
    ...['Inbox', 'Sent', 'Trash'].map((t, i) => ({
      tag: 'a',
      xpath: `${B(2)}/ul[1]/li[${i + 1}]/a[1]`,
      text: t,
      href: '#',
      box: { x: 260, y: 265 + i * 42, width: 230, height: 42 },
    })),
  );
  const page = snap(els);
  expect(idx(resolveStep(step('Click', { description: 'Tick the checkbox above the emails to select them all' }), page))).toBe(0);
});

test('an inbox is a folder of emails, not an email: "the envelope" is the envelope icon, not the Inbox link', () => {
  const page = snap([
    ...['Inbox', 'Sent', 'Trash'].map((t, i) => ({
      tag: 'a',
      xpath: `${B(1)}/a[${i + 1}]`,
      text: t,
      href: '#',
      box: { x: 40, y: 200 + i * 44, width: 130, height: 44 },
    })),
    { tag: 'a', xpath: `${B(2)}/a[1]`, href: '#', classes: ['bi', 'bi-envelope'], box: { x: 1200, y: 20, width: 24, height: 24 } },
  ]);
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Click the envelope' }), page))]?.classes).toEqual([
    'bi',
    'bi-envelope',
  ]);
});

test('"the three vertical dots of the small white card": a card is as small as its box, not as the font of its wrapper', () => {
  const look = { fg: 'rgb(0, 0, 0)', bgAround: 'rgb(255, 255, 255)', fontPx: 13 };
  const cards: [number, number, number, number][] = [
    [198, 238, 584, 360],
    [798, 238, 284, 360],
    [198, 614, 884, 360],
  ];
  const els: El[] = [
    { tag: 'div', xpath: `${B(1)}`, classes: ['posts', 'mdl-grid'], box: { x: 190, y: 230, width: 900, height: 1000 }, look },
  ];
  cards.forEach(([x, y, w, h], i) =>
    els.push({
      tag: 'div',
      xpath: `${B(1)}/div[${i + 1}]`,
      classes: ['mdl-card', `post-${i}`],
      text: `Post ${i + 1}`,
      box: { x, y, width: w, height: h },
      look: { ...look, bg: 'rgb(255, 255, 255)', fontPx: 14 },
    }),
  );
  // Only the small card has the menu, drawn by a Material Icons ligature, in its lower half.
  els.push(
    {
      tag: 'button',
      role: 'button',
      xpath: `${B(1)}/div[2]/button[1]`,
      text: 'more_vert show menu',
      box: { x: 1034, y: 500, width: 32, height: 32 },
    },
    { tag: 'a', xpath: `${B(1)}/nav[1]/a[1]`, text: 'More arrow_forward', href: '#', box: { x: 991, y: 1190, width: 84, height: 32 } },
  );
  const page = snap(withParents(els), { viewport: { width: 1280, height: 1280 } });
  expect(
    page.elements[
      idx(resolveStep(step('Click', { description: 'Click the three vertical dots at the bottom right of the small white card' }), page))
    ]?.xpath,
  ).toBe(`${B(1)}/div[2]/button[1]`);
});

test('"in the Textarea" is the field of several lines, not the first one-line input', () => {
  const page = snap(
    ['Text Input', 'Password', 'Textarea', 'Date input'].map((name, i) => ({
      tag: name === 'Textarea' ? 'textarea' : 'input',
      role: 'textbox',
      xpath: `${B(1)}/form[1]/p[${i + 1}]/${name === 'Textarea' ? 'textarea' : 'input'}[1]`,
      name,
      editable: true,
      box: { x: 345, y: 100 + i * 160, width: 574, height: name === 'Textarea' ? 120 : 42 },
    })),
  );
  expect(
    page.elements[idx(resolveStep(step('Type', { description: "Write 'See you soon' in the Textarea", text: 'See you soon' }), page))]?.tag,
  ).toBe('textarea');
});

test('"Enter (555) 010-2030 as the phone number": the typed text says nothing of the field, "phone number" is a name, a date is no phone', () => {
  const fields: [string, string, string][] = [
    ['Text Input', 'text', ''],
    ['Phone Number', 'tel', ''],
    ['Number Input', 'number', ''],
    ['Date input', 'date', '1970-01-01'],
    ['Month input', 'month', '1970-01'],
  ];
  const page = snap(
    fields.map(([name, inputType, value], i) => ({
      tag: 'input',
      role: inputType === 'number' ? 'spinbutton' : 'textbox',
      xpath: `${B(1)}/form[1]/p[${i + 1}]/input[1]`,
      name,
      inputType,
      value,
      editable: true,
      box: { x: 345, y: 100 + i * 95, width: 574, height: 42 },
    })),
  );
  const pick = (description: string, text: string) => page.elements[idx(resolveStep(step('Type', { description, text }), page))]?.name;
  expect(pick('Enter (555) 010-2030 as the phone number', '(555) 010-2030')).toBe('Phone Number');
  expect(
    parseStep(step('Type', { description: 'Enter (555) 010-2030 as the phone number', text: '(555) 010-2030' })).target.words,
  ).not.toContain('555');
  const login = snap(
    ['Username', 'Password', 'Card number', 'Quantity'].map((name, i) => ({
      tag: 'input',
      role: 'textbox',
      xpath: `${B(1)}/form[1]/input[${i + 1}]`,
      name,
      value: name === 'Quantity' ? '1' : '',
      editable: true,
      box: { x: 345, y: 100 + i * 60, width: 300, height: 40 },
    })),
  );
  const into = (description: string, text: string) => login.elements[idx(resolveStep(step('Type', { description, text }), login))]?.name;
  expect(into('Enter my secret password into the Username field', 'my secret password')).toBe('Username');
  expect(into('Type 4242 4242 4242 4242 as the card number', '4242 4242 4242 4242')).toBe('Card number');
});

test('"Skip to the next track" is the player\'s next control (to skip is to go to the next)', () => {
  const page = snap(
    ['amplitude-prev', 'amplitude-play-pause', 'amplitude-next'].map((c, i) => ({
      tag: 'div',
      xpath: `${B(1)}/div[${i + 1}]`,
      classes: [c],
      pointer: true,
      listeners: ['click'],
      interactive: true,
      box: { x: 330 + i * 55, y: 540, width: 40, height: 40 },
    })),
  );
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Skip to the next track' }), page))]?.classes).toEqual([
    'amplitude-next',
  ]);
});

test('"Click Select first 10 rows": a sentence-case label opening with a verb, right after the step\'s verb, is the label as shown', () => {
  const els: El[] = [
    { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Select first 10 rows', box: { x: 719, y: 188, width: 119, height: 32 } },
    { tag: 'button', xpath: `${B(1)}/button[2]`, text: 'Go to top', box: { x: 850, y: 188, width: 80, height: 32 } },
  ];
  for (let r = 0; r < 12; r++)
    els.push({
      tag: 'div',
      role: 'row',
      xpath: `${B(2)}/div[${r + 1}]`,
      classes: ['slick-row'],
      text: `${r + 1} Task ${r + 1} 5 days`,
      pointer: true,
      listeners: ['click'],
      interactive: true,
      box: { x: 9, y: 250 + r * 25, width: 590, height: 25 },
    });
  const page = snap(els);
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Click Select first 10 rows' }), page))]?.text).toBe(
    'Select first 10 rows',
  );
});

test('"Task 7 in the Title column": the cell that writes "Task 7" whole, not the row number 7 beside it', () => {
  const els: El[] = [
    { tag: 'div', role: 'columnheader', xpath: `${B(1)}/div[1]/div[1]`, text: '#', box: { x: 9, y: 100, width: 40, height: 25 } },
    { tag: 'div', role: 'columnheader', xpath: `${B(1)}/div[1]/div[2]`, text: 'Title', box: { x: 49, y: 100, width: 100, height: 25 } },
  ];
  for (let r = 1; r <= 9; r++)
    els.push(
      {
        tag: 'div',
        role: 'row',
        xpath: `${B(1)}/div[${r + 1}]`,
        classes: ['slick-row'],
        text: `${r} Task ${r} 5 days`,
        box: { x: 9, y: 100 + r * 25, width: 590, height: 25 },
      },
      {
        tag: 'div',
        role: 'gridcell',
        xpath: `${B(1)}/div[${r + 1}]/div[1]`,
        classes: ['slick-cell', 'cell-selection'],
        text: String(r),
        context: `Task ${r}`,
        pointer: true,
        listeners: ['click'],
        interactive: true,
        box: { x: 9, y: 100 + r * 25, width: 40, height: 25 },
      },
      {
        tag: 'div',
        role: 'gridcell',
        xpath: `${B(1)}/div[${r + 1}]/div[2]`,
        classes: ['slick-cell', 'cell-title'],
        text: `Task ${r}`,
        pointer: true,
        listeners: ['click'],
        interactive: true,
        box: { x: 49, y: 100 + r * 25, width: 100, height: 25 },
      },
    );
  const page = snap(withParents(els));
  for (const description of ['Click Task 7 in the Title column', 'Click on task 7'])
    expect(page.elements[idx(resolveStep(step('Click', { description }), page))]?.text, description).toBe('Task 7');
});

test('"the Finish heading" is the column header itself, not each cell it names', () => {
  const els: El[] = ['#', 'Title', 'Start', 'Finish'].map((h, i) => ({
    tag: 'div',
    role: 'columnheader',
    xpath: `${B(1)}/div[1]/div[${i + 1}]`,
    classes: ['slick-header-column', 'slick-header-sortable'],
    text: h,
    interactive: true,
    box: { x: 9 + i * 100, y: 92, width: 100, height: 31 },
  }));
  // SlickGrid writes each header's name in a span inside it.
  els.push({
    tag: 'span',
    xpath: `${B(1)}/div[1]/div[4]/span[1]`,
    classes: ['slick-column-name'],
    text: 'Finish',
    box: { x: 313, y: 99, width: 40, height: 16 },
  });
  for (let r = 1; r <= 6; r++)
    els.push({
      tag: 'div',
      role: 'gridcell',
      xpath: `${B(1)}/div[2]/div[${r}]/div[4]`,
      classes: ['slick-cell', 'l3', 'r3'],
      text: `0${r}/05/2009`,
      cell: { column: 'Finish', row: String(r) },
      interactive: true,
      box: { x: 309, y: 99 + r * 25, width: 100, height: 25 },
    });
  const page = snap(withParents(els));
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Click the Finish heading' }), page))]?.role).toBe('columnheader');
});

test('"the first sidenote number": a digit glued to letters ("h1") is a name, not a figure', () => {
  const page = snap(
    withParents([
      { tag: 'section', xpath: `${B(1)}/section[1]`, box: { x: 100, y: 100, width: 800, height: 400 } },
      { tag: 'h2', xpath: `${B(1)}/section[1]/h2[1]`, text: 'Fundamentals', box: { x: 100, y: 100, width: 300, height: 40 } },
      { tag: 'p', xpath: `${B(1)}/section[1]/p[1]`, text: 'Use h1 and h2 for headings', box: { x: 100, y: 150, width: 600, height: 30 } },
      { tag: 'code', xpath: `${B(1)}/section[1]/p[1]/code[1]`, text: 'h1', box: { x: 130, y: 155, width: 18, height: 17 } },
      { tag: 'code', xpath: `${B(1)}/section[1]/p[1]/code[2]`, text: 'h2', box: { x: 190, y: 155, width: 18, height: 17 } },
      {
        tag: 'label',
        role: 'label',
        xpath: `${B(1)}/section[1]/p[2]/label[1]`,
        classes: ['margin-toggle', 'sidenote-number'],
        interactive: true,
        box: { x: 356, y: 220, width: 6, height: 30 },
      },
    ]),
  );
  expect(
    page.elements[
      idx(resolveStep(step('Click', { description: 'Click the first little sidenote number in the Fundamentals section' }), page))
    ]?.tag,
  ).toBe('label');
});

test('"the little house icon" is the ⌂ link (the house glyph means home)', () => {
  const page = snap([
    { tag: 'a', xpath: `${B(1)}/a[1]`, text: '☰', href: '#', box: { x: 792, y: 72, width: 13, height: 25 } },
    { tag: 'span', xpath: `${B(1)}/span[1]`, text: 'Search:', box: { x: 730, y: 72, width: 60, height: 25 } },
    { tag: 'a', xpath: `${B(1)}/a[2]`, text: '⌂', href: '#', box: { x: 680, y: 72, width: 13, height: 25 } },
    {
      tag: 'button',
      xpath: `${B(1)}/button[1]`,
      name: 'Navigate to Top of Grid',
      classes: ['btn'],
      box: { x: 820, y: 72, width: 36, height: 32 },
    },
  ]);
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Click the little house icon next to Search' }), page))]?.text).toBe(
    '⌂',
  );
});

test('"the first chart" is a picture; in "the bar-chart icon" the chart is what the icon shows', () => {
  const page = snap(
    withParents([
      { tag: 'a', xpath: `${B(1)}/p[1]/a[1]`, text: 'Dave Liepmann', href: '#', box: { x: 380, y: 430, width: 134, height: 25 } },
      { tag: 'section', xpath: `${B(1)}/section[1]`, box: { x: 100, y: 600, width: 900, height: 900 } },
      { tag: 'h2', xpath: `${B(1)}/section[1]/h2[1]`, text: 'Figures', box: { x: 100, y: 600, width: 300, height: 40 } },
      {
        tag: 'img',
        role: 'img',
        xpath: `${B(1)}/section[1]/figure[1]/img[1]`,
        name: 'Exports and Imports',
        box: { x: 160, y: 660, width: 400, height: 282 },
      },
      {
        tag: 'img',
        role: 'img',
        xpath: `${B(1)}/section[1]/figure[2]/img[1]`,
        name: 'Rhinoceros',
        box: { x: 160, y: 980, width: 400, height: 282 },
      },
    ]),
  );
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Click the first chart in the Figures section' }), page))]?.name).toBe(
    'Exports and Imports',
  );
  expect(parseStep(step('Click', { description: 'Click the red bar-chart icon on the Traffic card' })).target).toMatchObject({
    kinds: ['icon'],
    words: ['bar', 'chart'],
  });
});

test('"Open Anvil on Bandcamp" is the Bandcamp link of the Anvil row, not the title; "on the left" stays a place', () => {
  const row = (n: number, title: string): El[] => [
    {
      tag: 'div',
      xpath: `${B(1)}/div[${n}]`,
      text: `${title} Emancipator`,
      classes: ['song'],
      interactive: true,
      box: { x: 640, y: 40 + 65 * n, width: 450, height: 65 },
    },
    {
      tag: 'span',
      xpath: `${B(1)}/div[${n}]/span[1]`,
      text: title,
      classes: ['song-title'],
      box: { x: 680, y: 50 + 65 * n, width: 320, height: 24 },
    },
    {
      tag: 'a',
      xpath: `${B(1)}/div[${n}]/a[1]`,
      href: `https://emancipator.bandcamp.com/track/${title.toLowerCase()}`,
      iconHint: `bandcamp-link https://emancipator.bandcamp.com/track/${title.toLowerCase()}`,
      classes: ['bandcamp-link'],
      box: { x: 1000, y: 60 + 65 * n, width: 24, height: 24 },
    },
  ];
  const page = snap(withParents([...row(1, 'Risin High'), ...row(2, 'Anvil'), ...row(3, 'Dusk To Dawn')]));
  const picked = page.elements[idx(resolveStep(step('Click', { description: 'Open Anvil on Bandcamp' }), page))];
  expect(picked?.tag).toBe('a');
  expect(picked?.xpath).toBe(`${B(1)}/div[2]/a[1]`);
  expect(parseStep(step('Click', { description: 'Open the settings on the left' })).target).toMatchObject({
    words: ['settings'],
    position: { h: 'left' },
  });
});

test('"the third of the three small pictures" and "the middle picture in the row of three" count a row drawn alike, however deep each sits in its own tables', () => {
  // An email template: every picture in a column table of its own, ten levels below the cell they share.
  const deep = (col: number, row: number) =>
    `${B(1)}/table[1]/tbody[1]/tr[${row}]/td[1]/div[${col}]/table[1]/tbody[1]/tr[1]/td[1]/table[1]/tbody[1]/tr[1]/td[1]/img[1]`;
  const pic = (xpath: string, x: number, y: number, size: number): El => ({
    tag: 'img',
    role: 'img',
    xpath,
    name: 'alt_text',
    box: { x, y, width: size, height: size },
  });
  const page = snap([
    pic(`${B(1)}/table[1]/tbody[1]/tr[1]/td[1]/img[1]`, 340, 20, 600),
    pic(deep(1, 2), 322, 700, 310),
    pic(deep(2, 2), 649, 700, 310),
    pic(deep(1, 3), 322, 1351, 200),
    pic(deep(2, 3), 540, 1351, 200),
    pic(deep(3, 3), 758, 1351, 200),
    pic(`${B(1)}/table[1]/tbody[1]/tr[4]/td[1]/img[1]`, 322, 1700, 150),
  ]);
  expect(idx(resolveStep(step('Click', { description: 'Click the third of the three small pictures' }), page))).toBe(5);
  expect(idx(resolveStep(step('Click', { description: 'Click the first of the three small pictures' }), page))).toBe(3);
  // "in the row of three": that row is the set, and the middle of three is its second.
  expect(idx(resolveStep(step('Click', { description: 'Click the middle picture in the row of three' }), page))).toBe(4);
  expect(idx(resolveStep(step('Click', { description: 'Click the right picture in the row of two' }), page))).toBe(2);
});

test('"Open the simple modal example" is the "Open Modal!" button: a short label the step spells, verb first', () => {
  const page = snap([
    { tag: 'h4', xpath: `${B(1)}/h4[1]`, text: 'Simple example', interactive: false },
    { tag: 'a', xpath: `${B(1)}/a[1]`, text: 'Open Modal!', href: '#modal-1' },
    { tag: 'a', xpath: `${B(1)}/a[2]`, text: 'Docs', href: '#docs' },
    // Its words are in the description too, but not from the verb on: not spelled by it.
    { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'Simple modal' },
  ]);
  const r = resolveStep(step('Click', { description: 'Open the simple modal example' }), page);
  expect(idx(r)).toBe(1);
  if (r.ok) expect(r.reasons).toContain('label "open modal" spelled by the step');
  // A label starting with another verb, or longer than four words, is not spelled out.
  const other = snap([
    { tag: 'a', xpath: `${B(1)}/a[1]`, text: 'Close modal', href: '#' },
    { tag: 'a', xpath: `${B(1)}/a[2]`, text: 'Open the simple modal example', href: '#' },
  ]);
  const r2 = resolveStep(step('Click', { description: 'Open the simple modal example' }), other);
  const reasons = [...(r2.ok ? r2.reasons : []), ...r2.alternatives.flatMap((a) => a.reasons)];
  expect(reasons.length).toBeGreaterThan(0);
  expect(reasons.join(' ')).not.toContain('spelled');
});

test('"the 8am time label on the left" is the text 8am, not the empty slot its row header names', () => {
  const T = `${B(1)}/table[1]`;
  const els: El[] = ['7am', '8am', '9am'].flatMap((time, r) => {
    const tr = `${T}/tbody[1]/tr[${r + 1}]`;
    const y = 10 + r * 40;
    return [
      { tag: 'tr', xpath: tr, text: time, box: { x: 10, y, width: 600, height: 40 } },
      // As FullCalendar's time axis gives it: the label's cell is the row's header, the slot beside it is named by it.
      { tag: 'td', xpath: `${tr}/td[1]`, text: time, box: { x: 10, y, width: 60, height: 40 } },
      { tag: 'div', xpath: `${tr}/td[1]/div[1]`, text: time, box: { x: 20, y: y + 12, width: 35, height: 16 } },
      { tag: 'td', xpath: `${tr}/td[2]`, text: '', context: time, cell: { row: time }, box: { x: 70, y, width: 540, height: 40 } },
    ] as El[];
  });
  withParents(els);
  const page = snap(els);
  const r = resolveStep(step('Click', { description: 'Click the 8am time label on the left' }), page);
  expect(page.elements[idx(r)]?.text).toBe('8am');
  // Without a word for something that shows text, an empty cell is still named by its row: "the 8am slot".
  const slotStep = parseStep(step('Click', { description: 'Click the 8am slot' }));
  const slot = scoreQuery(slotStep.target, [], slotStep, page, prepare(page), false).find((s) => s.i === 7);
  expect(slot?.reasons.join(' ')).toContain('header');
});

describe('a checkbox and a radio drawn by their labels (system.css)', () => {
  // Two option rows labelled "Right": a radio's and a checkbox's, each input hidden behind the label it draws.
  const row = (n: number, type: 'radio' | 'checkbox') => [
    { tag: 'div', xpath: `${B(n)}`, text: 'Right', classes: ['field-row'] },
    {
      tag: 'input',
      xpath: `${B(n)}/input[1]`,
      inputType: type,
      role: type,
      name: 'Right',
      visible: false,
      box: { x: 10, y: n * 40, width: 5, height: 0 },
    },
    {
      tag: 'label',
      xpath: `${B(n)}/label[1]`,
      role: 'label',
      text: 'Right',
      interactive: true,
      box: { x: 30, y: n * 40, width: 40, height: 13 },
    },
  ];
  const page = snap(withParents([...row(1, 'radio'), ...row(2, 'checkbox')]));
  test('"Tick the Right checkbox": a side word with a capital before a kind noun is a name, and the label of the checkbox is the checkbox', () => {
    expect(parseStep(step('Click', { description: 'Tick the Right checkbox' })).target).toMatchObject({
      names: ['Right'],
      kinds: ['checkbox'],
    });
    expect(parseStep(step('Click', { description: 'Tick the right checkbox' })).target.position).toEqual({ h: 'right' });
    expect(parseStep(step('Press', { description: 'Press the Left arrow' })).target.names).toBeUndefined();
    expect(idx(resolveStep(step('Click', { description: 'Tick the Right checkbox' }), page))).toBe(5);
    expect(idx(resolveStep(step('Click', { description: 'Choose the Right radio button' }), page))).toBe(2);
  });
  test("the label takes its control's kind: wholly where the control is not drawn, a little less than a control that shows", () => {
    const infos = prepare(page);
    expect(infos[5]?.kinds.get('checkbox')).toBeCloseTo(1);
    expect(infos[2]?.kinds.get('radio')).toBeCloseTo(1);
    expect(infos[2]?.kinds.get('checkbox') ?? 0).toBeLessThan(0.9);
    const shown = snap(
      withParents(
        row(1, 'checkbox').map((e) => (e.tag === 'input' ? { ...e, visible: true, box: { x: 10, y: 40, width: 13, height: 13 } } : e)),
      ),
    );
    const kinds = prepare(shown);
    expect(kinds[2]?.kinds.get('checkbox')).toBeCloseTo(0.9);
    expect(kinds[1]?.kinds.get('checkbox')).toBeCloseTo(1);
  });
});

describe('an avatar drawn as initials in a circle', () => {
  // shadcn's header: the avatar is a round button of initials with no "avatar" in its classes;
  // a side menu lists Users and Profile, which "avatar" reaches as synonyms.
  const els: El[] = [
    { tag: 'a', xpath: `${B(1)}/nav[1]/a[1]`, text: 'Users', href: '#', box: { x: 16, y: 200, width: 200, height: 30 } },
    { tag: 'a', xpath: `${B(1)}/nav[1]/a[2]`, text: 'Profile', href: '#', box: { x: 16, y: 240, width: 200, height: 30 } },
    {
      tag: 'button',
      xpath: `${B(1)}/header[1]/button[1]`,
      text: 'SN',
      classes: ['inline-flex', 'rounded-full'],
      look: { round: true },
      box: { x: 1224, y: 24, width: 32, height: 32 },
    },
    { tag: 'button', xpath: `${B(1)}/header[1]/button[2]`, text: 'OK', classes: ['btn'], box: { x: 1100, y: 24, width: 64, height: 32 } },
  ];
  const page = snap(withParents(els));
  test('a small round box of initials is an avatar; a square button of two capitals is not', () => {
    const infos = prepare(page);
    expect(infos[2]?.ownHints).toContain('avatar');
    expect(infos[3]?.ownHints).not.toContain('avatar');
  });
  test('"the avatar at the top right" is the circle of initials, not the Users link', () => {
    const r = resolveStep(step('Click', { description: 'Click the avatar at the top right' }), page);
    expect(page.elements[idx(r)]?.text).toBe('SN');
  });
});

describe('a corner named after what it is', () => {
  test('"the GitHub corner" keeps "corner" as a word; "the top right corner" is a place', () => {
    const q = parseStep(step('Click', { description: 'Click the black GitHub corner in the top right corner of the page' })).target;
    expect(q.words).toEqual(['github', 'corner']);
    expect(q.position).toEqual({ v: 'top', h: 'right' });
    expect(parseStep(step('Click', { description: 'Click the button in the top right corner' })).target.words).toEqual([]);
  });
  test('what a link of no size holds borrows its class words', () => {
    const page = snap(
      withParents([
        {
          tag: 'a',
          xpath: '/html[1]/body[1]/a[1]',
          classes: ['github-corner'],
          href: '#',
          visible: false,
          box: { x: 0, y: 0, width: 0, height: 0 },
        },
        {
          tag: 'svg',
          xpath: "/html[1]/body[1]/a[1]/*[name()='svg'][1]",
          interactive: false,
          box: { x: 1200, y: 0, width: 80, height: 80 },
        },
      ]),
    );
    expect(prepare(page)[1]?.hints).toEqual(expect.arrayContaining(['github', 'corner']));
  });
});

describe('"the field for the invalid input": an anchor of the kind asked is the target', () => {
  const F = '/html[1]/body[1]/form[1]/fieldset[1]';
  const row = (n: number, label: string): El[] => [
    { tag: 'div', xpath: `${F}/div[${n}]`, text: label, box: { x: 10, y: n * 60, width: 600, height: 56 } },
    { tag: 'label', xpath: `${F}/div[${n}]/label[1]`, text: label, box: { x: 10, y: n * 60, width: 300, height: 20 } },
    {
      tag: 'input',
      xpath: `${F}/div[${n}]/input[1]`,
      name: label,
      inputType: 'text',
      editable: true,
      role: 'textbox',
      box: { x: 10, y: n * 60 + 22, width: 600, height: 30 },
    },
  ];
  const page = snap(
    withParents([
      ...row(1, 'Email input:'),
      ...row(2, 'Text input:'),
      ...row(3, 'Invalid input (min-length 10):'),
      ...row(4, 'Password input:'),
    ]),
  );
  test('the field the anchor names is picked, not a neighbour of it', () => {
    const r = resolveStep(
      step('Type', { description: "Type 'short' in the field for the invalid input with min length 10", text: 'short' }),
      page,
    );
    expect(page.elements[idx(r)]?.name).toBe('Invalid input (min-length 10):');
  });
});

describe('a game area listening to keys, and a readout written as shown', () => {
  const page = snap(
    withParents([
      {
        tag: 'div',
        xpath: B(3),
        text: '[Paused] Press [space] to unpause. more apps - source code Length: 1 Highscore: 0 JavaScript Snake Use the arrow keys',
        listeners: ['keydown', 'keyup'],
        interactive: true,
        box: { x: 10, y: 10, width: 1260, height: 700 },
      },
      { tag: 'div', xpath: `${B(3)}/div[1]`, text: 'Length: 1', box: { x: 30, y: 660, width: 100, height: 20 } },
      { tag: 'div', xpath: `${B(3)}/div[2]`, text: 'Highscore: 0', box: { x: 1100, y: 660, width: 120, height: 20 } },
    ]),
  );
  test('"Click Length: 1 under the board": a capitalised word, a colon and a figure are one name', () => {
    expect(parseStep(step('Click', { description: 'Click Length: 1 under the board on the left' })).target.names).toEqual(['Length: 1']);
    expect(parseStep(step('Click', { description: 'Click the Score: 12 counter' })).target.names).toEqual(['Score: 12']);
  });
  test('a container interactive only by its key listeners gets no credit for a click', () => {
    const r = resolveStep(step('Click', { description: 'Click Length: 1 under the board on the left' }), page);
    expect(idx(r)).toBe(1);
    expect(idx(resolveStep(step('Click', { description: 'Click Highscore: 0' }), page))).toBe(2);
  });
  test('"the bold words arrow keys in the message box": what follows "words" is the text shown', () => {
    const p = parseStep(step('Click', { description: 'Click the bold words arrow keys in the black message box' }));
    expect(p.target.labels).toEqual(['arrow keys']);
    expect(p.target.kinds).toEqual([]);
    expect(p.relations.map((r) => r.type)).toEqual(['inside']);
    // Not a shown text: a place after "words", or a phrase ending in a kind noun.
    expect(parseStep(step('Click', { description: 'Click the words in the header' })).target.labels).toEqual([]);
    expect(parseStep(step('Click', { description: 'Click the word count in the status bar' })).target.labels).toEqual([]);
  });
});

test('"the white View on map button": a sentence-case label after an article and a look word stays whole', () => {
  const p = parseStep(step('Click', { description: 'Click the white View on map button over the big restaurant photo' }));
  expect(p.target.names).toEqual(['View on map']);
  expect(p.relations.map((r) => r.type)).toEqual(['above']);
  expect(parseStep(step('Click', { description: 'Click the blue Save button' })).target.words).toEqual(['save']);
});

test('"the gear icon at the end of the last row" counts the rows of the list, not a twin icon elsewhere on the page', () => {
  const L = '/html[1]/body[1]/div[1]/article[1]/ul[1]';
  const rows: El[] = [1, 2, 3, 4].flatMap((n) => [
    { tag: 'li', xpath: `${L}/li[${n}]`, text: `Item ${n}`, box: { x: 280, y: 100 + n * 80, width: 950, height: 70 } },
    {
      tag: 'a',
      xpath: `${L}/li[${n}]/div[1]/a[1]`,
      text: `Item ${n}`,
      href: '#',
      box: { x: 300, y: 110 + n * 80, width: 200, height: 20 },
    },
    {
      tag: 'i',
      xpath: `${L}/li[${n}]/div[2]/a[1]/i[1]`,
      classes: ['fa', 'fa-cog'],
      pseudo: 'gear',
      box: { x: 1180, y: 120 + n * 80, width: 16, height: 18 },
    },
  ]);
  const sidebar: El = {
    tag: 'i',
    xpath: '/html[1]/body[1]/div[1]/aside[1]/footer[1]/a[1]/i[1]',
    classes: ['fa', 'fa-cog'],
    pseudo: 'gear',
    box: { x: 20, y: 700, width: 16, height: 18 },
  };
  const page = snap(withParents([...rows, sidebar]));
  const r = resolveStep(step('Click', { description: 'Click the gear icon at the end of the last row' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${L}/li[4]/div[2]/a[1]/i[1]`);
});

test('"Sort descending" finds the control that shows the short form "Desc", not its "Asc" twin', () => {
  const U = '/html[1]/body[1]/div[1]/ul[1]';
  const page = snap(
    withParents([
      { tag: 'li', xpath: `${U}/li[1]`, text: 'Shuffle', pointer: true, interactive: true, box: { x: 100, y: 100, width: 80, height: 30 } },
      { tag: 'li', xpath: `${U}/li[2]`, text: 'Asc', pointer: true, interactive: true, box: { x: 190, y: 100, width: 60, height: 30 } },
      { tag: 'li', xpath: `${U}/li[3]`, text: 'Desc', pointer: true, interactive: true, box: { x: 260, y: 100, width: 60, height: 30 } },
    ]),
  );
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Sort descending' }), page))]?.text).toBe('Desc');
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Sort ascending' }), page))]?.text).toBe('Asc');
});

test('"Tick the second item in the Groceries list": the item is counted, the checkbox it holds takes the click', () => {
  const L = '/html[1]/body[1]/div[1]/div[2]';
  const items: El[] = ['Eggs', 'Bread', 'Coffee beans'].flatMap((label, n) => [
    {
      tag: 'div',
      xpath: `${L}/div[${n + 1}]`,
      classes: ['todo-item'],
      text: label,
      pointer: true,
      interactive: true,
      box: { x: 600, y: 200 + n * 40, width: 300, height: 36 },
    },
    {
      tag: 'input',
      xpath: `${L}/div[${n + 1}]/input[1]`,
      inputType: 'checkbox',
      role: 'checkbox',
      interactive: true,
      box: { x: 606, y: 210 + n * 40, width: 16, height: 16 },
    },
    {
      tag: 'p',
      xpath: `${L}/div[${n + 1}]/p[1]`,
      text: label,
      box: { x: 630, y: 208 + n * 40, width: 200, height: 20 },
    },
  ]);
  const heading: El = { tag: 'h2', xpath: `${L}/h2[1]`, text: 'Groceries', box: { x: 600, y: 160, width: 300, height: 30 } };
  const page = snap(withParents([heading, ...items]));
  const r = resolveStep(step('Click', { description: 'Tick the second item in the Groceries list' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${L}/div[2]/input[1]`);
});

test('"Click on the to-do \'Send the slides\'": the button showing the text wins over the checkbox only labelled with it for screen readers', () => {
  const R = '/html[1]/body[1]/div[1]/div[3]';
  const page = snap(
    withParents([
      {
        tag: 'input',
        xpath: `${R}/input[1]`,
        inputType: 'checkbox',
        role: 'checkbox',
        name: 'Send the slides',
        ariaLabel: 'Send the slides',
        interactive: true,
        box: { x: 538, y: 190, width: 13, height: 13 },
      },
      {
        tag: 'button',
        xpath: `${R}/p[1]/button[1]`,
        role: 'button',
        name: 'Send the slides',
        text: 'Send the slides',
        title: 'Edit',
        interactive: true,
        box: { x: 564, y: 186, width: 182, height: 19 },
      },
    ]),
  );
  const r = resolveStep(step('Click', { description: "Click on the to-do 'Send the slides'" }), page);
  expect(page.elements[idx(r)]?.tag).toBe('button');
  // Asked for the checkbox, the checkbox it is.
  expect(page.elements[idx(resolveStep(step('Click', { description: "Tick the 'Send the slides' checkbox" }), page))]?.tag).toBe('input');
});

test('"the second box of the bottom row of the grid": the grid\'s own box, matched by "grid", is the set and not a member', () => {
  const G = '/html[1]/body[1]/div[1]/div[11]/div[1]';
  const squares: El[] = [1, 2, 3, 4, 5, 6].map((n) => ({
    tag: 'div',
    xpath: `${G}/div[${n}]`,
    classes: ['grid-square'],
    text: `Item ${n}`,
    pointer: true,
    interactive: true,
    box: { x: 100 + ((n - 1) % 3) * 124, y: 300 + Math.floor((n - 1) / 3) * 124, width: 100, height: 100 },
  }));
  const grid: El = {
    tag: 'div',
    xpath: G,
    id: 'gridDemo',
    classes: ['col'],
    text: squares.map((q) => q.text).join(' '),
    pointer: true,
    interactive: true,
    box: { x: 70, y: 290, width: 1125, height: 260 },
  };
  const page = snap(withParents([grid, ...squares]));
  const r = resolveStep(step('Click', { description: 'Click the second box of the bottom row of the grid' }), page);
  expect(page.elements[idx(r)]?.text).toBe('Item 5');
});

test('"the four-way arrow handle next to Item 5": the icon inside the row that shows only those words is beside them', () => {
  const L = '/html[1]/body[1]/div[1]/div[7]/div[1]';
  const rows: El[] = [4, 5, 6].flatMap((n, k) => [
    {
      tag: 'div',
      xpath: `${L}/div[${n}]`,
      classes: ['list-group-item'],
      text: `Item ${n}`,
      pointer: true,
      interactive: true,
      box: { x: 70, y: 3710 + k * 49, width: 1125, height: 50 },
    },
    {
      tag: 'i',
      xpath: `${L}/div[${n}]/i[1]`,
      classes: ['fas', 'fa-arrows-alt', 'handle'],
      box: { x: 91, y: 3726 + k * 49, width: 16, height: 16 },
    },
  ]);
  const page = snap(withParents(rows));
  const r = resolveStep(step('Click', { description: 'Click the four-way arrow handle next to Item 5' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${L}/div[5]/i[1]`);
});

test('"Item 3 in the yellow list": a list drawn only by its items\' own fill is that colour', () => {
  const S = '/html[1]/body[1]/div[1]/div[4]';
  const lists: El[] = [
    ['rgb(255, 246, 178)', 1],
    ['rgb(200, 225, 255)', 2],
  ].flatMap(([fill, l]) =>
    [1, 2, 3].map((n) => ({
      tag: 'div',
      xpath: `${S}/div[${l as number}]/div[${n}]`,
      classes: ['list-group-item'],
      text: `Item ${n}`,
      pointer: true,
      interactive: true,
      look: { fg: 'rgb(33, 37, 41)', bg: fill as string, bgAround: 'rgb(244, 215, 201)', fontPx: 16 },
      box: { x: (l as number) === 1 ? 70 : 640, y: 700 + n * 50, width: 560, height: 50 },
    })),
  );
  const page = snap(withParents(lists));
  const r = resolveStep(step('Click', { description: 'Click Item 3 in the yellow list' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${S}/div[1]/div[3]`);
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Click Item 3 in the blue list' }), page))]?.xpath).toBe(
    `${S}/div[2]/div[3]`,
  );
});

test('"the last item of the left list": of two like lists side by side, the side names the list counted', () => {
  const C = '/html[1]/body[1]/div[1]/div[5]';
  const items: El[] = [1, 2].flatMap((l) =>
    [1, 2, 3, 4].map((n) => ({
      tag: 'div',
      xpath: `${C}/div[${l}]/div[${n}]`,
      classes: ['list-group-item'],
      text: `Item ${n}`,
      pointer: true,
      interactive: true,
      box: { x: l === 1 ? 70 : 640, y: 300 + n * 50, width: 555, height: 50 },
    })),
  );
  const page = snap(withParents(items));
  const last = resolveStep(step('Click', { description: 'Click the last item of the left list' }), page);
  expect(page.elements[idx(last)]?.xpath).toBe(`${C}/div[1]/div[4]`);
  const second = resolveStep(step('Click', { description: 'Click the second item of the right list' }), page);
  expect(page.elements[idx(second)]?.xpath).toBe(`${C}/div[2]/div[2]`);
});

test('"at the left end of the bar" is the first from the left; "at the end" and "at the right end" the last', () => {
  const ord = (d: string) => parseStep(step('Click', { description: d })).target.ordinal;
  expect(ord('Click the small chevron at the left end of the grey bar')).toBe(1);
  expect(ord('Click the icon at the end of the grey bar')).toBe(-1);
  expect(ord('Click the icon at the right end of the grey bar')).toBe(-1);
});

test('"the left arrow" names the button labelled Previous ("Previous day" too); "the right arrow" the one labelled Next', () => {
  const N = '/html[1]/body[1]/div[1]/nav[1]';
  const page = snap(
    withParents([
      {
        tag: 'button',
        xpath: `${N}/button[1]`,
        role: 'button',
        name: 'Menu',
        ariaLabel: 'Menu',
        interactive: true,
        box: { x: 10, y: 10, width: 32, height: 32 },
      },
      {
        tag: 'button',
        xpath: `${N}/button[2]`,
        role: 'button',
        name: 'Previous day',
        ariaLabel: 'Previous day',
        interactive: true,
        box: { x: 500, y: 10, width: 32, height: 32 },
      },
      {
        tag: 'button',
        xpath: `${N}/button[3]`,
        role: 'button',
        name: 'Next day',
        ariaLabel: 'Next day',
        interactive: true,
        box: { x: 740, y: 10, width: 32, height: 32 },
      },
      {
        tag: 'button',
        xpath: `${N}/button[4]`,
        role: 'button',
        name: 'Settings',
        ariaLabel: 'Settings',
        interactive: true,
        box: { x: 1200, y: 10, width: 32, height: 32 },
      },
    ]),
  );
  expect(parseStep(step('Click', { description: 'Click the big left arrow' })).target.words).toEqual(['left', 'arrow']);
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Click the big left arrow' }), page))]?.name).toBe('Previous day');
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Click the right arrow' }), page))]?.name).toBe('Next day');
});

test('a list row marked as the header by its class is not counted: "the third row" counts the rows under it (modular admin items)', () => {
  const list = '/html[1]/body[1]/ul[1]';
  const row = (n: number, classes: string[], text: string, y: number): El[] => [
    { tag: 'li', xpath: `${list}/li[${n}]`, classes, text, box: { x: 0, y, width: 900, height: 40 } },
    {
      tag: 'label',
      xpath: `${list}/li[${n}]/label[1]`,
      classes: ['item-check'],
      text: '',
      interactive: true,
      box: { x: 10, y: y + 10, width: 18, height: 18 },
    },
    { tag: 'span', xpath: `${list}/li[${n}]/span[1]`, text, box: { x: 40, y: y + 10, width: 300, height: 18 } },
  ];
  const page = snap(
    withParents([
      { tag: 'ul', xpath: list, classes: ['item-list'], text: 'Name Alpha Beta Gamma Delta', box: { x: 0, y: 0, width: 900, height: 200 } },
      ...row(1, ['item', 'item-list-header'], 'Name', 0),
      ...row(2, ['item'], 'Alpha', 40),
      ...row(3, ['item'], 'Beta', 80),
      ...row(4, ['item'], 'Gamma', 120),
      ...row(5, ['item'], 'Delta', 160),
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Tick the checkbox of the third row' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${list}/li[4]/label[1]`);
});

test('"the quote of the second testimonial": the testimonials the words name are counted (not a longer list of features), and the quote is the text in quotation marks', () => {
  const features = [1, 2, 3, 4, 5, 6].map((n): El => ({
    tag: 'li',
    xpath: `/html[1]/body[1]/ul[1]/li[${n}]`,
    classes: ['feature-item'],
    text: `Feature ${n}`,
    box: { x: 100, y: 40 * n, width: 300, height: 30 },
  }));
  const quotes = [
    '"It changed how our team works every day."',
    '"Exactly what we needed, and easy to use."',
    '"Support has been fantastic."',
  ];
  const testimonials = quotes.flatMap((q, i): El[] => {
    const at = `/html[1]/body[1]/div[1]/div[${i + 1}]`;
    const x = 100 + i * 350;
    return [
      { tag: 'div', xpath: at, classes: ['testimonial'], text: `${q} - Person ${i + 1}`, box: { x, y: 400, width: 320, height: 120 } },
      { tag: 'div', xpath: `${at}/div[1]`, classes: ['testimonial-text'], text: q, box: { x: x + 10, y: 410, width: 300, height: 60 } },
      {
        tag: 'div',
        xpath: `${at}/div[2]`,
        classes: ['testimonial-author'],
        text: `- Person ${i + 1}`,
        box: { x: x + 10, y: 480, width: 300, height: 20 },
      },
    ];
  });
  const page = snap(
    withParents([
      { tag: 'ul', xpath: '/html[1]/body[1]/ul[1]', text: '', box: { x: 100, y: 40, width: 300, height: 240 } },
      ...features,
      {
        tag: 'div',
        xpath: '/html[1]/body[1]/div[1]',
        classes: ['testimonials'],
        text: '',
        box: { x: 100, y: 400, width: 1100, height: 120 },
      },
      ...testimonials,
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the quote of the second customer testimonial' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe('/html[1]/body[1]/div[1]/div[2]/div[1]');
});

test('a list drawn as a table: "the category of the second item" is the text under the Category header of the second row (no <td>, header row marked by class)', () => {
  const list = '/html[1]/body[1]/ul[1]';
  const cols = [
    { x: 40, w: 300 },
    { x: 400, w: 150 },
  ];
  const row = (n: number, classes: string[], texts: [string, string], y: number, links: boolean): El[] => [
    { tag: 'li', xpath: `${list}/li[${n}]`, classes, text: texts.join(' '), box: { x: 0, y, width: 900, height: 40 } },
    ...texts.flatMap((t, c): El[] => {
      const at = `${list}/li[${n}]/div[${c + 1}]`;
      const box = { x: (cols[c] as { x: number }).x, y: y + 10, width: (cols[c] as { w: number }).w, height: 18 };
      return links
        ? [
            { tag: 'div', xpath: at, text: t, box },
            { tag: 'a', xpath: `${at}/a[1]`, href: '#', text: t, box: { ...box, width: 80 } },
          ]
        : [{ tag: 'span', xpath: `${at.replace('div', 'span')}`, text: t, box }];
    }),
  ];
  const page = snap(
    withParents([
      { tag: 'ul', xpath: list, text: '', box: { x: 0, y: 0, width: 900, height: 200 } },
      ...row(1, ['item', 'item-list-header'], ['Name', 'Category'], 0, false),
      ...row(2, ['item'], ['Myths Uncovered', 'Software'], 40, true),
      ...row(3, ['item'], ['Things Belong', 'Hardware'], 80, true),
      ...row(4, ['item'], ['Starting a Blog', 'Blogging'], 120, true),
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the category of the second item' }), page);
  expect(page.elements[idx(r)]?.text).toBe('Hardware');
});

test('a field with no name of its own is named by the <label> beside it in a wrapper holding only that field (w2ui form: label without for, input in a box beside it)', () => {
  const form = '/html[1]/body[1]/form[1]';
  const field = (n: number, label: string, placeholder?: string): El[] => {
    const at = `${form}/div[${n}]`;
    const y = 40 * n;
    return [
      { tag: 'div', xpath: at, classes: ['w2ui-field'], text: label, box: { x: 0, y, width: 600, height: 36 } },
      { tag: 'label', xpath: `${at}/label[1]`, text: label, box: { x: 0, y: y + 8, width: 120, height: 20 } },
      {
        tag: 'input',
        xpath: `${at}/div[1]/input[1]`,
        text: '',
        name: placeholder ?? '',
        ...(placeholder ? { placeholder } : {}),
        editable: true,
        interactive: true,
        box: { x: 130, y: y + 4, width: 300, height: 28 },
      },
    ];
  };
  const els = withParents([
    { tag: 'form', xpath: form, text: '', box: { x: 0, y: 0, width: 600, height: 300 } },
    ...field(1, 'ID'),
    ...field(2, 'First Name'),
    ...field(3, 'Last Name'),
    ...field(4, 'Date', 'm/d/yyyy'),
  ]);
  // The box around each input is not in the snapshot (nothing of its own): the input's parent is the wrapper.
  for (const e of els) if (e.tag === 'input') e.parent = els.findIndex((o) => e.xpath.startsWith(`${o.xpath}/div[1]/`));
  const page = snap(els);
  const r1 = resolveStep(step('Type', { description: 'Type Anna into the First Name field', text: 'Anna' }), page);
  expect(page.elements[idx(r1)]?.xpath).toBe(`${form}/div[2]/div[1]/input[1]`);
  const r2 = resolveStep(step('Type', { description: "Enter 'Karenina' as the last name", text: 'Karenina' }), page);
  expect(page.elements[idx(r2)]?.xpath).toBe(`${form}/div[3]/div[1]/input[1]`);
  const r3 = resolveStep(step('Type', { description: 'Type 12/24/2026 into the Date box', text: '12/24/2026' }), page);
  expect(page.elements[idx(r3)]?.xpath).toBe(`${form}/div[4]/div[1]/input[1]`);
});

test('a flat run of headings each followed by its list: "the second Change link in the Application details list" counts in that heading\'s part only (GOV.UK check your answers)', () => {
  const main = '/html[1]/body[1]/main[1]';
  const list = (n: number, rows: string[], y: number): El[] => [
    { tag: 'dl', xpath: `${main}/dl[${n}]`, text: rows.join(' '), box: { x: 0, y, width: 800, height: 40 * rows.length } },
    ...rows.map((r, i): El => ({
      tag: 'a',
      xpath: `${main}/dl[${n}]/div[${i + 1}]/dd[2]/a[1]`,
      href: '#',
      text: `Change ${r}`,
      box: { x: 700, y: y + 40 * i + 10, width: 80, height: 20 },
    })),
  ];
  const h2 = (n: number, text: string, y: number): El => ({
    tag: 'h2',
    xpath: `${main}/h2[${n}]`,
    role: 'heading',
    classes: ['govuk-heading-m'],
    text,
    box: { x: 0, y, width: 600, height: 30 },
  });
  const page = snap(
    withParents([
      { tag: 'main', xpath: main, text: '', box: { x: 0, y: 0, width: 800, height: 800 } },
      h2(1, 'Personal details', 0),
      ...list(1, ['name', 'date of birth', 'address'], 40),
      h2(2, 'Application details', 200),
      ...list(2, ['previous application', 'licence type', 'home address'], 240),
      h2(3, 'Now send your application', 400),
    ]),
  );
  // withParents links only direct children: the links' rows are not in this snapshot.
  for (const e of page.elements)
    if (e.tag === 'a') e.parent = page.elements.findIndex((o) => e.xpath.startsWith(`${o.xpath}/`) && o.tag === 'dl');
  const r = resolveStep(step('Click', { description: 'Click the second Change link in the Application details list' }), page);
  expect(page.elements[idx(r)]?.text).toBe('Change licence type');
});

test('"the Stars column heading" is the table\'s header cell, not the page\'s only <h1>', () => {
  const table = '/html[1]/body[1]/table[1]';
  const heads = ['Name', 'Stars', 'Forks'];
  const page = snap(
    withParents([
      { tag: 'h1', xpath: '/html[1]/body[1]/h1[1]', role: 'heading', text: 'CRUD Table', box: { x: 0, y: 0, width: 400, height: 40 } },
      { tag: 'table', xpath: table, text: 'Name Stars Forks', box: { x: 0, y: 60, width: 900, height: 200 } },
      { tag: 'tr', xpath: `${table}/tr[1]`, text: 'Name Stars Forks', box: { x: 0, y: 60, width: 900, height: 40 } },
      ...heads.map((h, i): El => ({
        tag: 'th',
        xpath: `${table}/tr[1]/th[${i + 1}]`,
        role: 'columnheader',
        text: h,
        box: { x: i * 300, y: 60, width: 300, height: 40 },
      })),
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the Stars column heading' }), page);
  expect(page.elements[idx(r)]?.text).toBe('Stars');
});

test('a hyphenated name the page shows ("bootstrap-table") is read as written, not as the word "bootstrap" and a table', () => {
  const table = '/html[1]/body[1]/table[1]';
  const rows = [
    ['bootstrap-table', '633', 'An extended Bootstrap table with radio, checkbox, sort, pagination, and other added features.'],
    ['multiple-select', '260', 'A jQuery plugin to select multiple elements with checkboxes'],
    ['bootstrap-table-examples', '107', 'Bootstrap table examples'],
    ['bootstrap-show-password', '11', 'Show/hide password plugin for bootstrap'],
  ];
  const columns = ['Name', 'Forks', 'Description'];
  const th = (c: string, i: number): El => ({
    tag: 'th',
    xpath: `${table}/tr[1]/th[${i + 1}]`,
    role: 'columnheader',
    text: c,
    box: { x: i * 300, y: 0, width: 300, height: 40 },
  });
  const td = (tr: string, row: string, text: string, i: number, y: number): El => ({
    tag: 'td',
    xpath: `${tr}/td[${i + 1}]`,
    role: 'cell',
    text,
    cell: { column: columns[i] as string, row },
    box: { x: i * 300, y, width: 300, height: 40 },
  });
  const page = snap(
    withParents([
      { tag: 'table', xpath: table, text: '', box: { x: 0, y: 0, width: 900, height: 250 } },
      { tag: 'tr', xpath: `${table}/tr[1]`, text: columns.join(' '), box: { x: 0, y: 0, width: 900, height: 40 } },
      ...columns.map(th),
      ...rows.flatMap((cells, r): El[] => {
        const tr = `${table}/tr[${r + 2}]`;
        const y = 40 * (r + 1);
        return [
          { tag: 'tr', xpath: tr, text: cells.join(' '), box: { x: 0, y, width: 900, height: 40 } },
          ...cells.map((c, i) => td(tr, cells[0] as string, c, i, y)),
        ];
      }),
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the fork count of bootstrap-table' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${table}/tr[2]/td[2]`);
  // Each row's last cell holds an icon-only delete link: the row is the one the name picks.
  const withDelete = snap(
    withParents([
      ...page.elements.map((e): El => ({ ...e })),
      ...rows.map((_, r): El => ({
        tag: 'a',
        xpath: `${table}/tr[${r + 2}]/td[3]/a[1]`,
        href: '#',
        text: '',
        name: 'Delete Item',
        classes: ['remove'],
        box: { x: 850, y: 40 * (r + 1) + 10, width: 20, height: 20 },
      })),
    ]),
  );
  const d = resolveStep(
    step('Click', { description: 'Delete the bootstrap-show-password item using the icon in its Action cell' }),
    withDelete,
  );
  expect(withDelete.elements[idx(d)]?.xpath).toBe(`${table}/tr[5]/td[3]/a[1]`);
});

test('"Dismiss the banner" is its "Hide this banner" button: hiding is closing', () => {
  const banner = '/html[1]/body[1]/div[1]';
  const red = { fg: 'rgb(255, 255, 255)', bgAround: 'rgb(212, 53, 28)', bg: 'rgb(212, 53, 28)', fontPx: 16 };
  const page = snap(
    withParents([
      {
        tag: 'div',
        xpath: banner,
        text: 'This is not a real service. GOV.UK Design System Hide this banner',
        look: red,
        box: { x: 0, y: 0, width: 1280, height: 60 },
      },
      {
        tag: 'p',
        xpath: `${banner}/p[1]`,
        text: 'This is not a real service, see the GOV.UK Design System',
        look: red,
        box: { x: 20, y: 10, width: 700, height: 20 },
      },
      {
        tag: 'a',
        xpath: `${banner}/p[1]/a[1]`,
        href: '#',
        text: 'GOV.UK Design System',
        look: red,
        box: { x: 500, y: 10, width: 200, height: 20 },
      },
      { tag: 'button', xpath: `${banner}/button[1]`, text: 'Hide this banner', look: red, box: { x: 20, y: 34, width: 140, height: 20 } },
      { tag: 'a', xpath: '/html[1]/body[1]/a[1]', href: '#', text: 'Back', box: { x: 20, y: 100, width: 60, height: 20 } },
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Dismiss the red banner at the top' }), page);
  expect(page.elements[idx(r)]?.text).toBe('Hide this banner');
});

test('"greyed-out" is a look (grey), not words the control should show', () => {
  const p = parseStep(step('Click', { description: 'Click the greyed-out Delete button with the cross' }));
  expect(p.target.look?.colours).toEqual(['grey']);
  expect(p.target.words).toEqual(['delete']);
  const q = parseStep(step('Click', { description: 'Click the grayed out Save button' }));
  expect(q.target.look?.colours).toEqual(['grey']);
  expect(q.target.words).not.toContain('out');
});

test('a checkbox clipped to one pixel for screen readers is not what a person ticks: its label is (jQuery UI checkboxradio, top-level in the snapshot)', () => {
  const group = '/html[1]/body[1]/fieldset[1]/div[1]';
  const options = ['Standard', 'Automatic', 'Insurance'];
  const page = snap([
    { tag: 'legend', xpath: '/html[1]/body[1]/fieldset[1]/legend[1]', text: 'Rental Car', box: { x: 0, y: 0, width: 200, height: 20 } },
    ...options.flatMap((o, i): El[] => [
      {
        tag: 'label',
        xpath: `${group}/label[${i + 1}]`,
        role: 'label',
        text: o,
        interactive: true,
        pointer: true,
        box: { x: 130 * i, y: 30, width: 125, height: 33 },
      },
      {
        tag: 'input',
        xpath: `${group}/input[${i + 1}]`,
        role: 'checkbox',
        inputType: 'checkbox',
        name: o,
        checked: false,
        box: { x: 130 * i + 124, y: 30, width: 1, height: 1 },
      },
    ]),
  ]);
  const r = resolveStep(step('Click', { description: 'Tick Insurance in the Rental Car group' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${group}/label[3]`);
});

test('a clipped checkbox named by two labels beside it gives way to them once, not once per label', () => {
  const group = '/html[1]/body[1]/div[1]';
  const label = (n: number, x: number): El => ({
    tag: 'label',
    xpath: `${group}/label[${n}]`,
    role: 'label',
    text: 'Insurance',
    interactive: true,
    box: { x, y: 30, width: 100, height: 30 },
  });
  const input: El = {
    tag: 'input',
    xpath: `${group}/input[1]`,
    role: 'checkbox',
    inputType: 'checkbox',
    name: 'Insurance',
    checked: false,
    box: { x: 110, y: 30, width: 1, height: 1 },
  };
  const checkbox = (els: El[]) =>
    prepare(snap(withParents(els)))
      .find((x) => x.e.tag === 'input')
      ?.kinds.get('checkbox');
  const one = checkbox([label(1, 0), input]);
  expect(one).toBeGreaterThan(0);
  expect(checkbox([label(1, 0), input, label(2, 120)])).toBe(one);
});

test("\"the 'Edit Record' title\" is the form box's header showing it, not the page's <h1>", () => {
  const page = snap(
    withParents([
      { tag: 'h1', xpath: '/html[1]/body[1]/h1[1]', role: 'heading', text: 'Grid & Edit', box: { x: 0, y: 0, width: 400, height: 40 } },
      {
        tag: 'div',
        xpath: '/html[1]/body[1]/div[1]',
        classes: ['w2ui-form'],
        text: 'Edit Record First Name',
        box: { x: 600, y: 60, width: 600, height: 300 },
      },
      {
        tag: 'div',
        xpath: '/html[1]/body[1]/div[1]/div[1]',
        classes: ['w2ui-form-header'],
        text: 'Edit Record',
        box: { x: 600, y: 60, width: 600, height: 36 },
      },
      { tag: 'label', xpath: '/html[1]/body[1]/div[1]/label[1]', text: 'First Name', box: { x: 610, y: 110, width: 120, height: 20 } },
    ]),
  );
  const r = resolveStep(step('Click', { description: "Click the 'Edit Record' title" }), page);
  expect(page.elements[idx(r)]?.classes).toEqual(['w2ui-form-header']);
});

test('a text asks a question when it ends in "?" and its last sentence has a word: the linear check says what the old pattern said', () => {
  const pattern = /\p{L}{2,}[^.!]{0,200}\?\s*$/u;
  expect(asksQuestion('How do I pay? ')).toBe(true);
  expect(asksQuestion('Done. Ok?')).toBe(true);
  expect(asksQuestion('Really! 3?')).toBe(false);
  expect(asksQuestion('Pay now?!')).toBe(false);
  // Seeded strings over the characters that matter (letters, digits, sentence ends, kinds of space).
  const alphabet = ['a', 'é', 'Ж', '1', ' ', '.', '!', '?', '\n', '\u00a0', '\u2028', '\ufeff', '-'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 20000; i++) {
    let s = '';
    for (let j = Math.floor(next() * 12); j > 0; j--) s += alphabet[Math.floor(next() * alphabet.length)];
    expect(asksQuestion(s), JSON.stringify(s)).toBe(pattern.test(s));
  }
});

test('"the RSS icon next to the sun": a font weight class ("font-light") is not the light-mode sun', () => {
  const page = snap(
    withParents([
      {
        tag: 'button',
        xpath: '/html[1]/body[1]/header[1]/div[1]/button[1]',
        role: 'button',
        name: 'Toggle between Dark and Light mode',
        interactive: true,
        box: { x: 1040, y: 20, width: 36, height: 36 },
      },
      {
        tag: 'a',
        xpath: '/html[1]/body[1]/header[1]/div[1]/a[1]',
        role: 'link',
        name: 'RSS Feed',
        href: '/rss.xml',
        interactive: true,
        box: { x: 1080, y: 20, width: 36, height: 36 },
      },
      ...[1, 2, 3].map((n): El => ({
        tag: 'p',
        xpath: `/html[1]/body[1]/main[1]/div[${n}]/p[1]`,
        classes: ['text-gray-600', 'font-light'],
        text: 'Optimal choice',
        box: { x: 340 * n, y: 230, width: 250, height: 28 },
      })),
      {
        tag: 'a',
        xpath: '/html[1]/body[1]/footer[1]/ul[1]/li[1]/a[1]',
        role: 'link',
        name: 'RSS',
        href: '/rss.xml',
        interactive: true,
        inViewport: false,
        box: { x: 1000, y: 1500, width: 20, height: 20 },
      },
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the RSS icon next to the sun at the top' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe('/html[1]/body[1]/header[1]/div[1]/a[1]');
});

test('"Sign in" is one word for the control: its "in" starts no relation, and "Login" is what it names', () => {
  const page = snap([
    { tag: 'a', xpath: `${B(1)}/nav[1]/a[1]`, role: 'link', text: 'Shop', href: '#', interactive: true },
    { tag: 'a', xpath: `${B(1)}/nav[1]/a[2]`, role: 'link', text: 'Login', href: 'login.html', interactive: true },
    { tag: 'a', xpath: `${B(1)}/nav[1]/a[3]`, role: 'link', text: 'Register', href: 'register.html', interactive: true },
  ]);
  for (const description of ['Sign in', 'Click Sign in', 'Log in to your account'])
    expect(page.elements[idx(resolveStep(step('Click', { description }), page))]?.text, description).toBe('Login');
  expect(parseStep(step('Click', { description: 'Go to the blog in the menu' })).relations[0]?.type).toBe('inside');
});

test("an icon's geometry key is the same however its path data is spelled, and tells icons apart", () => {
  // Heroicons' "trash" (20 solid) as v2 writes it and as v1 did: arc flags spaced or compacted, Z or z.
  const v2 = 'M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482Z';
  const v1 = 'M8.75 1A2.75 2.75 0 006 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 10.23 1.482z';
  expect(canonicalPath(v1)).toBe(canonicalPath(v2));
  expect(shapeKey([{ kind: 'path', d: v1 }])).toBe(shapeKey([{ kind: 'path', d: v2 }]));
  expect(shapeKey([{ kind: 'path', d: v1 }])).toMatch(/^[0-9a-f]{8}$/);
  // Tabler's invisible bounding box is no part of the icon.
  const x = [{ kind: 'path', d: 'M18 6l-12 12' } as const, { kind: 'path', d: 'M6 6l12 12' } as const];
  expect(shapeKey([{ kind: 'path', d: 'M0 0h24v24H0z' }, ...x])).toBe(shapeKey(x));
  expect(shapeKey(x)).not.toBe(shapeKey([{ kind: 'path', d: 'M18 6l-12 12' }]));
  expect(canonicalPath('M1 1 A 2 2 0 2 1 3 3')).toBe(''); // a flag that is no flag: not path data
  // The table the snapshot reads names Lucide's and Feather's x as they draw it.
  expect(iconName(shapeKey(x))).toBe('x');
});

test("Feather's star copied as a path of straight lines is known as its polygon: the star", () => {
  const star = [
    { kind: 'path', d: 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z' } as const,
  ];
  expect(iconName(shapeKey(star))).toBeUndefined();
  expect(polygonSpellings(star).map((alt) => iconName(shapeKey(alt)))).toContain('star');
  // A curve, or a second subpath, is no polygon.
  expect(polygonSpellings([{ kind: 'path', d: 'M12 2l3 6c1 1 2 2 3 3z' }])).toEqual([]);
  expect(polygonSpellings([{ kind: 'path', d: 'M0 0L4 0L4 4zM6 6L8 8L6 8z' }])).toEqual([]);
  expect(polygonSpellings([{ kind: 'circle', cx: 1, cy: 1, r: 1 }])).toEqual([]);
});

test('"Switch off Progress editable": switch with on/off names a switch (its label beside it is not the control); "switch to" does not', () => {
  // Frappe Gantt's demo: Bootstrap switches whose label names the row, its for= pointing elsewhere.
  const row = (n: number, name: string) => [
    {
      tag: 'div',
      xpath: `${B(1)}/div[1]/div[${n}]`,
      role: '',
      text: name,
      classes: ['form-check', 'form-switch'],
      box: { x: 118, y: 300 + 30 * n, width: 189, height: 24 },
    },
    {
      tag: 'input',
      xpath: `${B(1)}/div[1]/div[${n}]/input[1]`,
      role: 'switch',
      inputType: 'checkbox',
      text: '',
      context: name,
      classes: ['form-check-input'],
      interactive: true,
      box: { x: 118, y: 304 + 30 * n, width: 32, height: 16 },
    },
    {
      tag: 'label',
      xpath: `${B(1)}/div[1]/div[${n}]/label[1]`,
      role: 'label',
      text: name,
      classes: ['form-check-label'],
      interactive: true,
      box: { x: 158, y: 300 + 30 * n, width: 138, height: 24 },
    },
  ];
  const page = snap(withParents([...row(1, 'Dates editable'), ...row(2, 'Progress editable'), ...row(3, 'Ignore weekends')]));
  for (const description of ['Switch off Progress editable', 'Switch on Progress editable'])
    expect(page.elements[idx(resolveStep(step('Click', { description }), page))]?.xpath, description).toBe(
      `${B(1)}/div[1]/div[2]/input[1]`,
    );
  expect(parseStep(step('Click', { description: 'Switch off Ignore weekends' })).target.kinds).toEqual(['switch']);
  expect(parseStep(step('Click', { description: 'Switch to the Hotels tab' })).verbKinds).toBeUndefined();
  // A noun that names the switch ("the first toggle") is no verb's kind: the "for" phrase still says which one.
  const first = parseStep(step('Click', { description: 'Switch on the first toggle, the one for emails about your account activity' }));
  expect(first.target.kinds).toEqual(['switch']);
  expect(first.relations[0]?.anchor.words).toEqual(['emails']);
  // "Picture-in-picture" is one control (PiP), not a picture inside another.
  const pip = parseStep(step('Click', { description: 'Pop the video out with the picture-in-picture button' }));
  expect(pip.target.words).toEqual(['pip']);
  expect(pip.relations).toEqual([]);
});

test('"the Hotels tab": a thing\'s noun before a control\'s kind word names the control; "switch the example to the Linux tab" clicks the tab', () => {
  const tabs = (names: string[], y: number, n: number): El[] =>
    names.map((name, i) => ({
      tag: name === names[0] ? 'a' : 'label',
      xpath: `${B(n)}/ul[1]/li[${i + 1}]/${name === names[0] ? 'a' : 'label'}[1]`,
      role: 'tab',
      text: name,
      interactive: true,
      box: { x: 200 + 140 * i, y, width: 130, height: 40 },
    }));
  const page = snap(
    withParents([
      {
        tag: 'a',
        xpath: `${B(1)}/a[1]`,
        role: 'link',
        text: 'Example',
        href: '#example',
        interactive: true,
        box: { x: 1000, y: 60, width: 200, height: 20 },
      },
      {
        tag: 'a',
        xpath: `${B(1)}/a[2]`,
        role: 'link',
        text: 'Hotel deals',
        href: '#deals',
        interactive: true,
        box: { x: 1000, y: 90, width: 200, height: 20 },
      },
      ...tabs(['Tours', 'Hotels', 'Flights'], 300, 2),
      ...tabs(['MacOS', 'Linux', 'Windows'], 500, 3),
    ]),
  );
  const pick = (description: string) => page.elements[idx(resolveStep(step('Click', { description }), page))]?.text;
  expect(pick('Switch to the Hotels tab of the booking box')).toBe('Hotels');
  expect(parseStep(step('Click', { description: 'Switch to the Hotels tab' })).target).toMatchObject({ words: ['hotel'], kinds: ['tab'] });
  expect(pick('Switch the example to the Linux tab')).toBe('Linux');
  expect(parseStep(step('Click', { description: 'Switch the example to the Linux tab' })).target).toMatchObject({
    words: ['linux'],
    kinds: ['tab'],
  });
});

test('a quote after the whole phrase is what the target shows ("the first message of the chat, \'Hi, Kate\'"), unless the target is a picture, which shows no words', () => {
  const chat = parseStep(step('Click', { description: "Tap the very first message of the chat, 'Hi, Kate'" }));
  expect(chat.target.labels).toEqual(['Hi, Kate']);
  expect(chat.relations[0]?.anchor.labels).toEqual([]);
  const picture = parseStep(step('Click', { description: "Tap the picture of the second box, 'An interesting title'" }));
  expect(picture.target.labels).toEqual([]);
  expect(picture.relations[0]?.anchor.labels).toEqual(['An interesting title']);
});

test('"the Duration list showing 5": a number after a verb of showing is what the target shows, not an ordinal', () => {
  const duration = parseStep(step('Click', { description: 'Open the Duration list showing 5' })).target;
  expect(duration.ordinal).toBeUndefined();
  expect(duration.words).toContain('5');
  expect(parseStep(step('Click', { description: 'Click dot 3' })).target.ordinal).toBe(3);
  const page = snap([
    { tag: 'a', xpath: `${B(1)}/ul[1]/li[5]/a[1]`, role: 'link', text: 'Special Offers', href: '#offers' },
    { tag: 'select', xpath: `${B(2)}/div[4]/select[1]`, role: 'combobox', text: '5 10 15 20', value: '5', context: 'Duration' },
    { tag: 'select', xpath: `${B(2)}/div[5]/select[1]`, role: 'combobox', text: '1 2 3 4', value: '1', context: 'Members' },
  ]);
  expect(page.elements[idx(resolveStep(step('Click', { description: 'Open the Duration list showing 5' }), page))]?.context).toBe(
    'Duration',
  );
});

test('"Switch off Scroll to Today": a label beside its switch in one wrapper stands for that switch, whatever its for= says', () => {
  const row = (n: number, name: string): El[] => [
    {
      tag: 'div',
      xpath: `${B(1)}/div[${n}]`,
      text: name,
      classes: ['form-check', 'form-switch'],
      box: { x: 900, y: 300 + 40 * n, width: 240, height: 24 },
    },
    {
      tag: 'input',
      xpath: `${B(1)}/div[${n}]/input[1]`,
      role: 'switch',
      inputType: 'checkbox',
      id: `toggle-${n}`,
      classes: ['form-check-input'],
      box: { x: 900, y: 304 + 40 * n, width: 32, height: 16 },
    },
    {
      tag: 'label',
      xpath: `${B(1)}/div[${n}]/label[1]`,
      role: 'label',
      text: name,
      interactive: true,
      box: { x: 940, y: 300 + 40 * n, width: 116, height: 24 },
    },
  ];
  const page = snap(withParents([...row(1, 'Scroll to Today'), ...row(2, 'Show weekends')]));
  const r = resolveStep(step('Click', { description: 'Switch off Scroll to Today' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/div[1]/input[1]`);
});

test('what is drawn past an edge no scrolling reaches (days slid off to the left) is not seen: "the second day column" counts the columns on screen', () => {
  const els: El[] = [];
  ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'].forEach((day, k) => {
    const x = -600 + 300 * k;
    const off = x < 0 ? { offCanvas: true } : {};
    els.push(
      {
        tag: 'div',
        xpath: `${B(1)}/div[${k + 1}]`,
        text: `${day} Water the plants`,
        classes: ['todo-day'],
        box: { x, y: 100, width: 280, height: 500 },
        ...off,
      },
      { tag: 'h2', xpath: `${B(1)}/div[${k + 1}]/h2[1]`, text: day, box: { x: x + 10, y: 110, width: 200, height: 30 }, ...off },
      {
        tag: 'button',
        xpath: `${B(1)}/div[${k + 1}]/button[1]`,
        text: 'Add',
        classes: ['add'],
        box: { x: x + 10, y: 540, width: 60, height: 30 },
        ...off,
      },
    );
  });
  const page = snap(withParents(els));
  const r = resolveStep(step('Click', { description: 'Click Add in the second day column' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/div[4]/button[1]`);
});

test('"the empty cell F3": a spreadsheet reference names the cell under column header F in the row headed 3', () => {
  const els: El[] = [];
  const letters = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
  for (let r = 1; r <= 4; r++) {
    els.push({ tag: 'td', xpath: `${B(1)}/table[1]/tbody[1]/tr[${r}]/td[1]`, role: 'cell', text: String(r), classes: ['row-number'] });
    letters.forEach((col, k) =>
      els.push({
        tag: 'td',
        xpath: `${B(1)}/table[1]/tbody[1]/tr[${r}]/td[${k + 2}]`,
        role: 'cell',
        text: k < 3 ? `${col}${r * 7}` : '',
        cell: { column: col, row: String(r) },
        box: { x: 60 + 50 * k, y: 40 + 26 * r, width: 50, height: 26 },
      }),
    );
  }
  const page = snap(els);
  const r = resolveStep(step('Click', { description: 'Click the empty cell F3' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/table[1]/tbody[1]/tr[3]/td[7]`);
});

test('"the row number 7 on the left" is the figure heading row 7, not the row', () => {
  // Jspreadsheet: a gutter of row numbers, rows of an item and its figures, empty rows below.
  const els: El[] = [];
  for (let r = 1; r <= 10; r++) {
    const y = 40 + 26 * r;
    const figures = r < 8 ? [String((r % 3) + 1), String(r + 1), '0.02', '5.88'] : ['', '', '', ''];
    const item = r < 8 ? `Markers pack ${String.fromCharCode(64 + r)}` : '';
    const row = `${B(1)}/table[1]/tbody[1]/tr[${r}]`;
    els.push(
      {
        tag: 'tr',
        xpath: row,
        role: 'row',
        text: [String(r), item, ...figures].filter(Boolean).join(' '),
        box: { x: 9, y, width: 600, height: 26 },
      },
      { tag: 'td', xpath: `${row}/td[1]`, role: 'cell', text: String(r), classes: ['row-number'], box: { x: 9, y, width: 50, height: 26 } },
      {
        tag: 'td',
        xpath: `${row}/td[2]`,
        role: 'cell',
        text: item,
        cell: { column: 'A', row: String(r) },
        box: { x: 59, y, width: 200, height: 26 },
      },
      ...figures.map((text, k): El => ({
        tag: 'td',
        xpath: `${row}/td[${k + 3}]`,
        role: 'cell',
        text,
        cell: { column: 'BCDE'[k], row: String(r) },
        box: { x: 259 + 50 * k, y, width: 50, height: 26 },
      })),
    );
  }
  const page = snap(withParents(els));
  const r = resolveStep(step('Click', { description: 'Click the row number 7 on the left' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/table[1]/tbody[1]/tr[7]/td[1]`);
});

test('"Open the Example Pages menu, the one with a down arrow": an appositive "the one with" describes the target, it never names the means', () => {
  const parsed = parseStep(step('Click', { description: 'Open the Example Pages menu, the one with a down arrow' }));
  expect(parsed.target.names).toEqual(['Example Pages']);
  expect(parsed.relations[0]?.type).toBe('contains');
  const page = snap([
    { tag: 'a', xpath: `/html[1]/body[1]/nav[1]/a[1]`, role: 'link', text: 'Home', href: '/', classes: ['navbar-item'] },
    { tag: 'a', xpath: `/html[1]/body[1]/nav[1]/a[2]`, role: 'link', text: 'Docs', href: '/docs', classes: ['navbar-item'] },
    {
      tag: 'a',
      xpath: `/html[1]/body[1]/nav[1]/div[1]/a[1]`,
      role: 'link',
      text: 'Example Pages',
      classes: ['navbar-link'],
      pointer: true,
    },
  ]);
  const r = resolveStep(step('Click', { description: 'Open the Example Pages menu, the one with a down arrow' }), page);
  expect(page.elements[idx(r)]?.text).toBe('Example Pages');
});

test('"at the far right of the top bar" is a side of the bar, where "to the right of the search box" is beside the box', () => {
  const side = parseStep(step('Click', { description: 'Tap the list icon at the far right of the top bar' }));
  expect([side.target.position, side.target.region, side.relations]).toEqual([{ h: 'right' }, 'header', []]);
  expect(parseStep(step('Click', { description: 'Click the button to the right of the search box' })).relations[0]?.type).toBe('right');
  // Furo at phone size: a menu icon at the left of the header, a theme toggle and a contents icon at its right.
  const icon = (n: number, x: number, hint: string): El => ({
    tag: 'i',
    xpath: `/html[1]/body[1]/header[1]/div[${n}]/label[1]/i[1]`,
    iconHint: hint,
    classes: ['icon'],
    landmark: 'header',
    box: { x, y: 16, width: 16, height: 16 },
  });
  const page = snap([icon(1, 8, 'svg-menu'), icon(2, 330, 'theme'), icon(3, 366, 'svg-toc')], { viewport: { width: 390, height: 844 } });
  const r = resolveStep(
    step('Click', { description: 'Tap the list icon at the far right of the top bar to show what is on this page' }),
    page,
  );
  expect(page.elements[idx(r)]?.xpath).toBe('/html[1]/body[1]/header[1]/div[3]/label[1]/i[1]');
});

test('"the menu of task #10": a number after # is the id the page shows, not the tenth task', () => {
  expect(parseStep(step('Click', { description: 'Open the menu of task #10' })).relations[0]?.anchor).toMatchObject({ names: ['#10'] });
  // Kanboard: each task card's header holds its menu link, written "#id" with a caret.
  const els: El[] = [];
  [3, 8, 10, 12, 1, 5, 7, 9, 11, 2, 4, 6].forEach((id, k) => {
    const card = `${B(1)}/div[${k + 1}]`;
    els.push(
      {
        tag: 'div',
        xpath: card,
        text: `#${id} Task number ${id}`,
        classes: ['task-board'],
        box: { x: 10, y: 10 + 60 * k, width: 200, height: 56 },
      },
      {
        tag: 'a',
        xpath: `${card}/div[1]/a[1]`,
        role: 'link',
        text: `#${id}`,
        iconHint: 'fa fa-caret-down',
        classes: ['dropdown-menu'],
        box: { x: 12, y: 12 + 60 * k, width: 40, height: 16 },
      },
      {
        tag: 'a',
        xpath: `${card}/div[2]/a[1]`,
        role: 'link',
        text: `Task number ${id}`,
        href: `/task/${id}`,
        box: { x: 12, y: 32 + 60 * k, width: 150, height: 16 },
      },
    );
  });
  const page = snap(withParents(els));
  const r = resolveStep(step('Click', { description: 'Open the menu of task #10' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${B(1)}/div[3]/div[1]/a[1]`);
});

test('"the small up-and-down arrows next to Done" is Font Awesome\'s sort icon (a caret up over a caret down), not the caret-down beside it', () => {
  const th = '/html[1]/body[1]/table[1]/tbody[1]/tr[1]/th[4]';
  const page = snap(
    withParents([
      { tag: 'th', xpath: th, text: 'Done', box: { x: 900, y: 85, width: 200, height: 30 } },
      { tag: 'span', xpath: `${th}/span[1]`, text: 'Done', box: { x: 905, y: 91, width: 40, height: 17 } },
      {
        tag: 'a',
        xpath: `${th}/a[1]`,
        role: 'link',
        iconHint: 'fa fa-caret-down',
        classes: ['dropdown-menu'],
        box: { x: 1044, y: 91, width: 12, height: 16 },
      },
      { tag: 'i', xpath: `${th}/a[1]/i[1]`, classes: ['fa', 'fa-caret-down'], box: { x: 1044, y: 91, width: 12, height: 16 } },
      {
        tag: 'a',
        xpath: `${th}/a[2]`,
        role: 'link',
        iconHint: 'fa fa-sort',
        classes: ['dropdown-menu'],
        box: { x: 1061, y: 91, width: 12, height: 17 },
      },
      { tag: 'i', xpath: `${th}/a[2]/i[1]`, classes: ['fa', 'fa-sort'], box: { x: 1061, y: 91, width: 12, height: 17 } },
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the small up-and-down arrows next to Done' }), page);
  expect(page.elements[idx(r)]?.xpath).toMatch(/\/a\[2\]/);
});

test('"Press Enter in the cell being edited in row 10" goes to the focused field and the cell that holds it', () => {
  // Jspreadsheet edits a cell in a field it puts inside the cell; its fill handle is a small div below the grid.
  const els: El[] = [];
  for (let r = 1; r <= 10; r++) {
    const row = `${B(1)}/table[1]/tbody[1]/tr[${r}]`;
    const y = 40 + 26 * r;
    els.push({ tag: 'tr', xpath: row, role: 'row', text: String(r), box: { x: 9, y, width: 300, height: 26 } });
    els.push({ tag: 'td', xpath: `${row}/td[1]`, role: 'cell', text: String(r), box: { x: 9, y, width: 50, height: 26 } });
    ['A', 'B', 'C'].forEach((col, k) =>
      els.push({
        tag: 'td',
        xpath: `${row}/td[${k + 2}]`,
        role: 'cell',
        text: '',
        cell: { column: col, row: String(r) },
        box: { x: 59 + 50 * k, y, width: 50, height: 26 },
      }),
    );
  }
  const field = els.length;
  els.push({
    tag: 'input',
    xpath: `${B(1)}/table[1]/tbody[1]/tr[10]/td[3]/input[1]`,
    role: 'textbox',
    editable: true,
    box: { x: 110, y: 300, width: 50, height: 24 },
  });
  els.push({ tag: 'div', xpath: `${B(1)}/div[1]`, role: 'cell', classes: ['jexcel_corner'], box: { x: 155, y: 322, width: 7, height: 7 } });
  const page = snap(withParents(els), { focused: field });
  const r = resolveStep(step('Press', { description: 'Press Enter in the cell being edited in row 10', key: 'Enter' }), page);
  expect(page.elements[idx(r)]?.tag).toBe('input');
});

test('"Tick the checkbox of the third message" counts the inbox rows that hold a checkbox, not the header row or a breadcrumb saying "Email"', () => {
  // An inbox never writes "message": its rows are the messages. The sidebar's links and the
  // breadcrumb score too, and the header row holds the select-all checkbox.
  const els: El[] = [];
  ['Dashboard', 'Widgets', 'Typography'].forEach((t, k) => {
    els.push({ tag: 'li', xpath: `${B(1)}/nav[1]/ul[1]/li[${k + 1}]`, text: t, box: { x: 0, y: 100 + 50 * k, width: 220, height: 40 } });
    els.push({
      tag: 'a',
      xpath: `${B(1)}/nav[1]/ul[1]/li[${k + 1}]/a[1]`,
      role: 'link',
      text: t,
      href: `/${t}`,
      box: { x: 10, y: 108 + 50 * k, width: 200, height: 24 },
    });
  });
  els.push({
    tag: 'li',
    xpath: `${B(1)}/main[1]/ol[1]/li[2]`,
    text: 'Email',
    classes: ['breadcrumb-item'],
    box: { x: 370, y: 100, width: 60, height: 22 },
  });
  const table = `${B(1)}/main[1]/table[1]`;
  els.push({ tag: 'table', xpath: table, role: 'table', classes: ['table-emails'], box: { x: 450, y: 300, width: 800, height: 330 } });
  els.push({ tag: 'tr', xpath: `${table}/thead[1]/tr[1]`, role: 'row', box: { x: 450, y: 300, width: 800, height: 36 } });
  els.push({
    tag: 'input',
    xpath: `${table}/thead[1]/tr[1]/th[1]/input[1]`,
    role: 'checkbox',
    box: { x: 458, y: 312, width: 13, height: 13 },
  });
  const senders = ['Philip Horbacheuski', 'StackExchange', 'notifications@facebook.com', 'Twitter', 'LinkedIn'];
  senders.forEach((from, k) => {
    const row = `${table}/tbody[1]/tr[${k + 1}]`;
    const y = 336 + 37 * k;
    els.push({ tag: 'tr', xpath: row, role: 'row', text: `${from} Hello there`, box: { x: 450, y, width: 800, height: 37 } });
    els.push({ tag: 'input', xpath: `${row}/td[1]/input[1]`, role: 'checkbox', box: { x: 458, y: y + 12, width: 13, height: 13 } });
    els.push({ tag: 'td', xpath: `${row}/td[2]`, role: 'cell', text: from, classes: ['name'], box: { x: 500, y, width: 250, height: 37 } });
    els.push({
      tag: 'td',
      xpath: `${row}/td[3]`,
      role: 'cell',
      text: 'Hello there',
      classes: ['subject'],
      box: { x: 750, y, width: 400, height: 37 },
    });
  });
  const page = snap(withParents(els));
  const r = resolveStep(step('Click', { description: 'Tick the checkbox of the third message' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${table}/tbody[1]/tr[3]/td[1]/input[1]`);
});

test('"the header row" of a table is the row in its <thead>, not the page header', () => {
  const table = `${B(1)}/div[2]/table[1]`;
  const els = spreadsheet(table, ['A', 'B', 'C', 'D'], 6);
  const page = snap(withParents(els));
  const r = resolveStep(step('Click', { description: 'Click the last column letter in the header row' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${table}/thead[1]/tr[1]/td[5]`);
});

test('a typed text quoted with its own leading space (" assignee:dave") is the text to type, not a label of the field', () => {
  const page = snap(
    withParents([
      {
        tag: 'a',
        xpath: `${B(1)}/header[1]/a[1]`,
        role: 'link',
        text: 'Website Relaunch',
        href: '/board',
        box: { x: 20, y: 10, width: 160, height: 24 },
      },
      {
        tag: 'input',
        xpath: `${B(1)}/form[1]/input[1]`,
        role: 'textbox',
        editable: true,
        ariaLabel: 'Filter',
        value: 'status:open',
        box: { x: 300, y: 44, width: 780, height: 28 },
      },
      { tag: 'button', xpath: `${B(1)}/form[1]/button[1]`, role: 'button', text: 'Search', box: { x: 1090, y: 44, width: 70, height: 28 } },
    ]),
  );
  const r = resolveStep(
    step('Type', { description: "Type ' assignee:dave' after status:open in the filter box", text: ' assignee:dave' }),
    page,
  );
  expect(r.ok, r.ok ? '' : r.reason).toBe(true);
  expect(page.elements[idx(r)]?.tag).toBe('input');
});

test('an icon holds nothing but its own drawing: the hamburger named "menu" does not make its svg the arrow "in the menu"', () => {
  // Furo: a header label with a menu icon (an <i> around an svg), and a side tree whose
  // entries with children have an arrow in a label beside the link.
  const els: El[] = [
    {
      tag: 'label',
      xpath: `${B(1)}/header[1]/label[1]`,
      role: 'label',
      interactive: true,
      text: 'Toggle site navigation sidebar',
      box: { x: 0, y: 8, width: 32, height: 32 },
    },
    {
      tag: 'i',
      xpath: `${B(1)}/header[1]/label[1]/i[1]`,
      classes: ['icon'],
      iconHint: 'svg-menu',
      box: { x: 8, y: 16, width: 16, height: 16 },
    },
    {
      tag: 'svg',
      xpath: `${B(1)}/header[1]/label[1]/i[1]/*[name()='svg'][1]`,
      iconHint: 'svg-menu',
      box: { x: 8, y: 16, width: 16, height: 16 },
    },
  ];
  ['Getting Started', 'Kitchen Sink', 'Development'].forEach((t, k) => {
    const li = `${B(1)}/aside[1]/ul[1]/li[${k + 1}]`;
    const y = 600 + 32 * k;
    els.push(
      {
        tag: 'li',
        xpath: li,
        role: 'listitem',
        text: t,
        classes: ['toctree-l1', 'has-children'],
        box: { x: 0, y, width: 239, height: 32 },
      },
      { tag: 'a', xpath: `${li}/a[1]`, role: 'link', text: t, href: `/${k}`, box: { x: 0, y, width: 239, height: 32 } },
      {
        tag: 'label',
        xpath: `${li}/label[1]`,
        role: 'label',
        interactive: true,
        text: 'Toggle child pages in navigation',
        box: { x: 207, y, width: 32, height: 32 },
      },
      {
        tag: 'i',
        xpath: `${li}/label[1]/i[1]`,
        classes: ['icon'],
        iconHint: 'svg-arrow-right',
        box: { x: 215, y: y + 8, width: 16, height: 16 },
      },
      {
        tag: 'svg',
        xpath: `${li}/label[1]/i[1]/*[name()='svg'][1]`,
        iconHint: 'svg-arrow-right',
        box: { x: 215, y: y + 8, width: 16, height: 16 },
      },
    );
  });
  const page = snap(withParents(els), { viewport: { width: 390, height: 844 } });
  const r = resolveStep(step('Click', { description: 'Expand Kitchen Sink with the small arrow beside it in the menu' }), page);
  // The header's svg is drawn by the icon named "menu", so it is not inside that menu.
  const headerSvg = r.alternatives.find((a) => a.xpath.includes('/header[1]/'));
  expect(headerSvg?.reasons.join('; ') ?? '').not.toMatch(/inside menu #\d+ \(1\)/);
  expect(page.elements[idx(r)]?.xpath).toMatch(/\/aside\[1\]\/ul\[1\]\/li\[2\]\/label\[1\]/);
});

test('"above the row numbers" is above the figures heading the rows (a spreadsheet\'s gutter), so the blank grey corner cell is the one over them', () => {
  const grey = { fg: 'rgb(0, 0, 0)', bg: 'rgb(243, 243, 243)', bgAround: 'rgb(255, 255, 255)', border: 'rgb(204, 204, 204)', fontPx: 16 };
  // Every cell has a grey border, as on the real page: the empty body cells look grey too.
  const white = { fg: 'rgb(0, 0, 0)', bgAround: 'rgb(255, 255, 255)', border: 'rgb(204, 204, 204)', fontPx: 16 };
  const table = `${B(1)}/div[2]/table[1]`;
  const els = spreadsheet(table, ['A', 'B', 'C', 'D', 'E', 'F'], 5, { head: grey, body: white });
  const page = snap(withParents(els));
  const r = resolveStep(step('Click', { description: 'Click the blank grey corner cell above the row numbers' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${table}/thead[1]/tr[1]/td[1]`);
});

/**
 * A spreadsheet as Jspreadsheet draws it: a <thead> row of column letters after a blank corner
 * cell, then body rows led by their number in a gutter cell; cells carry their headers.
 */
function spreadsheet(table: string, letters: string[], rows: number, looks: { head?: El['look']; body?: El['look'] } = {}): El[] {
  const head = looks.head ? { look: looks.head } : {};
  const body = looks.body ? { look: looks.body } : {};
  const width = 50 * (letters.length + 1);
  const els: El[] = [
    { tag: 'tr', xpath: `${table}/thead[1]/tr[1]`, role: 'row', text: letters.join(' '), box: { x: 9, y: 9, width, height: 24 } },
    {
      tag: 'td',
      xpath: `${table}/thead[1]/tr[1]/td[1]`,
      role: 'cell',
      classes: ['jexcel_selectall'],
      ...head,
      box: { x: 9, y: 9, width: 50, height: 24 },
    },
    ...letters.map((l, k): El => ({
      tag: 'td',
      xpath: `${table}/thead[1]/tr[1]/td[${k + 2}]`,
      role: 'cell',
      text: l,
      ...head,
      box: { x: 59 + 50 * k, y: 9, width: 50, height: 24 },
    })),
  ];
  for (let r = 1; r <= rows; r++) {
    const row = `${table}/tbody[1]/tr[${r}]`;
    const y = 7 + 26 * r;
    els.push({ tag: 'tr', xpath: row, role: 'row', text: String(r), box: { x: 9, y, width, height: 26 } });
    els.push({
      tag: 'td',
      xpath: `${row}/td[1]`,
      role: 'cell',
      text: String(r),
      classes: ['jexcel_row'],
      ...head,
      box: { x: 9, y, width: 50, height: 26 },
    });
    letters.forEach((l, k) =>
      els.push({
        tag: 'td',
        xpath: `${row}/td[${k + 2}]`,
        role: 'cell',
        cell: { column: l, row: String(r) },
        ...body,
        box: { x: 59 + 50 * k, y, width: 50, height: 26 },
      }),
    );
  }
  return els;
}

test('"Choose the Crimson colour" on a picker of named colours is the button that reads Crimson, not one drawn red', () => {
  const bar = `${B(1)}/div[1]`;
  const page = snap(
    withParents([
      { tag: 'div', xpath: bar, text: 'Color: Default Red Crimson Violet', box: { x: 500, y: 60, width: 500, height: 36 } },
      { tag: 'span', xpath: `${bar}/span[1]`, text: 'Color:', box: { x: 500, y: 64, width: 50, height: 28 } },
      ...['Default', 'Ocean', 'Crimson', 'Violet'].map((t, i): El => ({
        tag: 'button',
        xpath: `${bar}/button[${i + 1}]`,
        text: t,
        classes: ['btn'],
        // The active choice is filled red; the Crimson button itself is plain.
        look: i === 0 ? { bg: 'rgb(220, 20, 60)', fg: 'rgb(255, 255, 255)' } : { bg: 'rgb(255, 255, 255)', fg: 'rgb(33, 37, 41)' },
        box: { x: 553 + 90 * i, y: 64, width: 80, height: 28 },
      })),
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Choose the Crimson colour' }), page);
  expect(page.elements[idx(r)]?.text).toBe('Crimson');
  // A colour word before a kind noun stays a look: "the crimson button" is the one drawn red.
  const red = resolveStep(step('Click', { description: 'Click the crimson button' }), page);
  expect(page.elements[idx(red)]?.text).toBe('Default');
});

test('icons described by their look: the scissors are Cut, four arrows pointing outwards are Full Screen', () => {
  const bar = `${B(1)}/div[1]`;
  const page = snap(
    withParents([
      { tag: 'div', xpath: bar, text: '', box: { x: 0, y: 10, width: 1000, height: 34 } },
      ...['copy', 'cut', 'paste', 'fullscreen', 'view'].flatMap((name, i): El[] => [
        {
          tag: 'div',
          xpath: `${bar}/div[${i + 1}]`,
          text: '',
          title: { copy: 'Copy', cut: 'Cut', paste: 'Paste', fullscreen: 'Full Screen', view: 'View' }[name] as string,
          classes: ['ui-state-default', 'tool-button'],
          listeners: ['click'],
          box: { x: 10 + 30 * i, y: 15, width: 24, height: 24 },
        },
        {
          tag: 'span',
          xpath: `${bar}/div[${i + 1}]/span[1]`,
          text: '',
          classes: ['tool-button-icon', `tool-button-icon-${name}`],
          box: { x: 14 + 30 * i, y: 19, width: 16, height: 16 },
        },
      ]),
    ]),
  );
  const at = (d: string) => page.elements[idx(resolveStep(step('Click', { description: d }), page))]?.xpath ?? '';
  expect(at('Click the scissors icon in the toolbar')).toMatch(new RegExp(`^${bar.replace(/[[\]]/g, '\\$&')}/div\\[2\\]`));
  expect(at('Click the icon with four arrows pointing outwards in the toolbar')).toMatch(
    new RegExp(`^${bar.replace(/[[\]]/g, '\\$&')}/div\\[4\\]`),
  );
});

test('"In Recent Posts, open the third post, the one about Beer CSS": counted in Recent Posts, though the feed has a post about Beer CSS too', () => {
  const feed = `${B(1)}/main[1]`;
  const side = `${B(1)}/article[1]`;
  const titles = [
    'How do I disable the messages?',
    'Dark mode colours look off',
    'Cheers to Craft Design: Beer CSS - A Lightweight Framework',
  ];
  const page = snap(
    withParents([
      { tag: 'main', xpath: feed, text: 'Beer CSS 3.0 is out', box: { x: 0, y: 60, width: 800, height: 700 } },
      { tag: 'div', xpath: `${feed}/div[1]`, text: 'Beer CSS 3.0 is out', box: { x: 20, y: 80, width: 760, height: 200 } },
      { tag: 'a', xpath: `${feed}/div[1]/a[1]`, href: '#', text: 'Beer CSS', box: { x: 30, y: 90, width: 100, height: 20 } },
      { tag: 'article', xpath: side, text: `Recent Posts ${titles.join(' ')}`, box: { x: 860, y: 380, width: 360, height: 420 } },
      { tag: 'h5', xpath: `${side}/h5[1]`, text: 'Recent Posts', box: { x: 870, y: 390, width: 200, height: 30 } },
      { tag: 'ul', xpath: `${side}/ul[1]`, text: titles.join(' '), classes: ['list'], box: { x: 864, y: 430, width: 352, height: 370 } },
      ...titles.flatMap((t, i): El[] => [
        {
          tag: 'li',
          xpath: `${side}/ul[1]/li[${i + 1}]`,
          role: 'listitem',
          text: `${t} ${i + 3} points`,
          classes: ['wave', 'small-round'],
          listeners: ['click'],
          box: { x: 864, y: 430 + 120 * i, width: 352, height: 100 + 10 * i },
        },
        { tag: 'h6', xpath: `${side}/ul[1]/li[${i + 1}]/h6[1]`, text: t, box: { x: 874, y: 440 + 120 * i, width: 330, height: 40 } },
      ]),
    ]),
  );
  const r = resolveStep(step('Click', { description: 'In Recent Posts, open the third post, the one about Beer CSS' }), page);
  expect(page.elements[idx(r)]?.xpath).toMatch(/\/li\[3\]/);
});

test('"Second Link in the third Categories column": four footer columns all titled Categories each open a section of their own', () => {
  const cols = `${B(1)}/footer[1]/div[1]`;
  const page = snap(
    withParents([
      {
        tag: 'h2',
        xpath: `${B(1)}/section[1]/h2[1]`,
        text: 'Brand name',
        classes: ['title'],
        box: { x: 300, y: 100, width: 300, height: 20 },
      },
      {
        tag: 'footer',
        xpath: `${B(1)}/footer[1]`,
        text: 'Categories First Link Second Link',
        box: { x: 0, y: 600, width: 1280, height: 200 },
      },
      { tag: 'div', xpath: cols, text: 'Categories First Link Second Link', box: { x: 300, y: 610, width: 900, height: 150 } },
      ...[0, 1, 2, 3].flatMap((k): El[] => [
        {
          tag: 'div',
          xpath: `${cols}/div[${k + 1}]`,
          text: 'Categories First Link Second Link',
          box: { x: 300 + 226 * k, y: 620, width: 194, height: 120 },
        },
        {
          tag: 'h2',
          xpath: `${cols}/div[${k + 1}]/h2[1]`,
          text: 'CATEGORIES',
          classes: ['title'],
          box: { x: 300 + 226 * k, y: 620, width: 194, height: 20 },
        },
        ...[1, 2].map((n): El => ({
          tag: 'a',
          xpath: `${cols}/div[${k + 1}]/nav[1]/li[${n}]/a[1]`,
          href: '#',
          text: n === 1 ? 'First Link' : 'Second Link',
          box: { x: 300 + 226 * k, y: 650 + 30 * n, width: 97, height: 19 },
        })),
      ]),
    ]),
  );
  const r = resolveStep(step('Click', { description: "In the footer, click 'Second Link' in the third CATEGORIES column" }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${cols}/div[3]/nav[1]/li[2]/a[1]`);
});

test('"Trash at the bottom of the sidebar" where the side menu is a nav of divs down the left: the sidebar by its place', () => {
  const tree = `${B(1)}/div[2]/div[1]`;
  const page = snap(
    withParents([
      { tag: 'div', xpath: `${B(1)}/div[1]`, text: '', landmark: 'header', box: { x: 0, y: 0, width: 1280, height: 40 } },
      {
        tag: 'div',
        xpath: `${B(1)}/div[1]/div[1]`,
        text: 'Into trash',
        title: 'Into trash',
        classes: ['tool-button'],
        listeners: ['click'],
        landmark: 'header',
        box: { x: 434, y: 8, width: 24, height: 24 },
      },
      { tag: 'div', xpath: tree, text: 'My Drive Documents Photos Trash', landmark: 'nav', box: { x: 0, y: 45, width: 250, height: 700 } },
      ...['My Drive', 'Documents', 'Photos', 'Trash'].map((t, i): El => ({
        tag: 'span',
        xpath: `${tree}/div[${i + 1}]/span[1]`,
        text: t,
        landmark: 'nav',
        box: { x: 14, y: 60 + 40 * i, width: 230, height: 25 },
      })),
      { tag: 'div', xpath: `${B(1)}/div[2]/div[2]`, text: 'Documents Photos Trash', box: { x: 260, y: 45, width: 1000, height: 700 } },
      // The file area shows the Trash folder too, lower on the screen than the tree's.
      { tag: 'div', xpath: `${B(1)}/div[2]/div[2]/div[1]`, text: 'Trash', box: { x: 900, y: 330, width: 120, height: 92 } },
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click Trash at the bottom of the sidebar' }), page);
  expect(page.elements[idx(r)]?.xpath).toBe(`${tree}/div[4]/span[1]`);
});

test('"the grey circle with the number 4" is the round badge as wide as tall, not a grey pill reading "Step 1 of 4"', () => {
  const grey = { bg: 'rgb(222, 226, 230)', fg: 'rgb(33, 37, 41)', round: true };
  const page = snap(
    withParents([
      { tag: 'span', xpath: `${B(1)}/div[1]/span[1]`, text: 'Step 1 of 4', look: grey, box: { x: 719, y: 118, width: 85, height: 20 } },
      { tag: 'span', xpath: `${B(1)}/div[1]/span[1]/span[1]`, text: '4', box: { x: 780, y: 120, width: 8, height: 16 } },
      ...[1, 2, 3, 4].flatMap((n): El[] => [
        {
          tag: 'a',
          xpath: `${B(1)}/ul[1]/li[${n}]/a[1]`,
          href: `#step-${n}`,
          text: `${n} Step ${n}`,
          box: { x: 10 + 320 * (n - 1), y: 185, width: 318, height: 56 },
        },
        {
          tag: 'span',
          xpath: `${B(1)}/ul[1]/li[${n}]/a[1]/span[1]`,
          text: String(n),
          look: grey,
          box: { x: 20 + 320 * (n - 1), y: 198, width: 30, height: 30 },
        },
      ]),
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the grey circle with the number 4' }), page);
  expect(page.elements[idx(r)]?.xpath).toMatch(/li\[4\]\/a\[1\]/);
});

test('"the picture of The 400 Blows in the first row": a row with no column narrows a grid of cards whose names repeat', () => {
  const grid = `${B(1)}/section[1]/div[1]`;
  const names = ['The Catcher in the Rye', 'Shooting Stars', 'Neptune', 'The 400 Blows'];
  const page = snap(
    withParents([
      { tag: 'div', xpath: grid, text: names.join(' '), box: { x: 0, y: 100, width: 1280, height: 700 } },
      ...Array.from({ length: 8 }, (_, k): El[] => {
        const card = `${grid}/div[${k + 1}]`;
        const x = 20 + 318 * (k % 4);
        const y = 120 + 330 * Math.floor(k / 4);
        return [
          { tag: 'div', xpath: card, text: `CATEGORY ${names[k % 4] as string} $16.00`, box: { x, y, width: 286, height: 300 } },
          { tag: 'a', xpath: `${card}/a[1]`, text: '', box: { x, y, width: 286, height: 192 } },
          { tag: 'img', xpath: `${card}/a[1]/img[1]`, role: 'img', text: '', name: 'ecommerce', box: { x, y, width: 286, height: 192 } },
          { tag: 'h3', xpath: `${card}/div[1]/h3[1]`, text: 'CATEGORY', box: { x, y: y + 200, width: 100, height: 16 } },
          { tag: 'h2', xpath: `${card}/div[1]/h2[1]`, text: names[k % 4] as string, box: { x, y: y + 220, width: 200, height: 24 } },
        ];
      }).flat(),
    ]),
  );
  const at = (d: string) => page.elements[idx(resolveStep(step('Click', { description: d }), page))]?.xpath;
  expect(at('Click the picture of The 400 Blows in the first row')).toBe(`${grid}/div[4]/a[1]/img[1]`);
  expect(at('Click the picture of The 400 Blows in the second row')).toBe(`${grid}/div[8]/a[1]/img[1]`);
});

describe('a series of boxes showing numbers names them ("widget 2", "the widget numbered 5")', () => {
  // gridstack's demo: widgets 0..5 in a grid, plain divs with no listener and no class saying
  // "widget"; each shows its number. A button row above counts as items too.
  const widgets = [3, 0, 5, 2, 1, 4];
  const page = snap([
    { tag: 'a', xpath: `${B(1)}/a[1]`, text: 'float: true', href: '#' },
    { tag: 'a', xpath: `${B(1)}/a[2]`, text: 'Compact', href: '#' },
    ...widgets.map((n, k) => ({
      tag: 'div',
      xpath: `${B(2)}/div[${k + 1}]`,
      text: String(n),
      classes: ['grid-stack-item-content'],
      box: { x: 10 + (k % 3) * 110, y: 100 + Math.floor(k / 3) * 80, width: 100, height: 70 },
    })),
  ]);
  test('the number is the name, not an ordinal over the widgets', () => {
    expect(idx(resolveStep(step('Click', { description: 'Click widget 2' }), page))).toBe(2 + widgets.indexOf(2));
    expect(idx(resolveStep(step('Click', { description: 'Click the widget numbered 5' }), page))).toBe(2 + widgets.indexOf(5));
  });
  test('"widget 0" is the one showing 0 (nothing is counted from zero)', () => {
    expect(idx(resolveStep(step('Click', { description: 'Click widget 0' }), page))).toBe(2 + widgets.indexOf(0));
  });
  test('"the faded 0:00" is a time, not a thing numbered 0', () => {
    expect(parseStep(step('Click', { description: 'Click the faded 0:00 at the top right' })).target.numbered).toBeUndefined();
  });
});

test('"Subscribe to the $49 per month plan": the Subscribe button of the card showing $49', () => {
  const plans = ['$19', '$29', '$49'];
  const page = snap(
    withParents(
      plans.flatMap((price, k) => [
        {
          tag: 'div',
          xpath: `${B(1)}/div[${k + 1}]`,
          text: `Plan ${price} / month Subscribe`,
          box: { x: 10 + k * 300, y: 100, width: 280, height: 300 },
        },
        {
          tag: 'strong',
          xpath: `${B(1)}/div[${k + 1}]/strong[1]`,
          text: `${price} / month`,
          box: { x: 20 + k * 300, y: 150, width: 120, height: 30 },
        },
        {
          tag: 'a',
          xpath: `${B(1)}/div[${k + 1}]/a[1]`,
          text: 'Subscribe',
          href: '#',
          box: { x: 20 + k * 300, y: 330, width: 120, height: 40 },
        },
      ]),
    ),
  );
  expect(parseStep(step('Click', { description: 'Subscribe to the $49 per month plan' })).target.words).toEqual(['subscribe']);
  expect(idx(resolveStep(step('Click', { description: 'Subscribe to the $49 per month plan' }), page))).toBe(8);
});

test('a blank clickable strip (a volume bar) is no icon; a thin line an icon class draws (css.gg menu) is', () => {
  const page = snap([
    { tag: 'button', xpath: `${B(1)}/button[1]`, text: '', ariaLabel: 'Mute', box: { x: 79, y: 310, width: 18, height: 15 } },
    {
      tag: 'div',
      xpath: `${B(1)}/div[1]`,
      text: '',
      interactive: true,
      classes: ['jp-volume-bar'],
      iconHint: 'jp-volume-bar-value',
      box: { x: 101, y: 315, width: 46, height: 5 },
    },
    { tag: 'button', xpath: `${B(2)}/button[1]`, text: '', iconHint: 'gg-menu-right', box: { x: 225, y: 33, width: 22, height: 4 } },
  ]);
  const infos = prepare(page);
  expect(infos[1]?.kinds.has('icon')).toBe(false);
  expect(infos[2]?.kinds.has('icon')).toBe(true);
});

test('a player\'s own verbs open a purpose clause: "the speaker icon ... to mute"', () => {
  const t = parseStep(step('Click', { description: 'Click the speaker icon at the left end of the volume slider to mute' })).target;
  expect(t.purpose).toEqual(['mute']);
  expect(parseStep(step('Click', { description: 'Tap the camera icon to attach a photo' })).target.purpose).toEqual(['attach', 'photo']);
});

test('"the tracking number" is read in a column headed "Tracking No."', () => {
  const T = `${B(1)}/table[1]`;
  const rows = [
    ['13256498', 'Keyboard'],
    ['84564564', 'Laptop'],
    ['98652366', 'Mobile'],
  ];
  const page = snap(
    withParents([
      { tag: 'table', xpath: T, text: 'TRACKING NO. PRODUCT NAME', box: { x: 10, y: 10, width: 600, height: 200 } },
      { tag: 'th', xpath: `${T}/thead[1]/tr[1]/th[1]`, text: 'TRACKING NO.', box: { x: 10, y: 10, width: 300, height: 40 } },
      { tag: 'th', xpath: `${T}/thead[1]/tr[1]/th[2]`, text: 'PRODUCT NAME', box: { x: 310, y: 10, width: 300, height: 40 } },
      ...rows.flatMap(([no, product], k) => [
        {
          tag: 'tr',
          xpath: `${T}/tbody[1]/tr[${k + 1}]`,
          text: `${no} ${product}`,
          box: { x: 10, y: 50 + k * 40, width: 600, height: 40 },
        },
        {
          tag: 'td',
          xpath: `${T}/tbody[1]/tr[${k + 1}]/td[1]`,
          text: no,
          role: 'cell',
          cell: { column: 'TRACKING NO.' },
          box: { x: 10, y: 50 + k * 40, width: 300, height: 40 },
        },
        {
          tag: 'a',
          xpath: `${T}/tbody[1]/tr[${k + 1}]/td[1]/a[1]`,
          text: no,
          href: '#',
          box: { x: 20, y: 60 + k * 40, width: 80, height: 20 },
        },
        {
          tag: 'td',
          xpath: `${T}/tbody[1]/tr[${k + 1}]/td[2]`,
          text: product,
          role: 'cell',
          cell: { column: 'PRODUCT NAME' },
          box: { x: 310, y: 50 + k * 40, width: 300, height: 40 },
        },
      ]),
    ]),
  );
  const r = resolveStep(step('Click', { description: 'Click the tracking number in the last row' }), page);
  expect(r.ok ? page.elements[r.index]?.text : r.reason).toBe('98652366');
});

test('a Press whose described target is neither found nor focused goes to the page as a guess, not with confidence 1', () => {
  const els: El[] = [
    { tag: 'h1', xpath: `${B(1)}/h1[1]`, text: 'Project plan' },
    { tag: 'input', xpath: `${B(1)}/input[1]`, text: '', editable: true, box: { x: 10, y: 60, width: 200, height: 24 } },
  ];
  const description = 'Press Enter to confirm the new task name';
  const unfocused = resolveStep(step('Press', { description, key: 'Enter' }), snap(els));
  expect(unfocused.ok && unfocused.index).toBe(-1);
  expect(unfocused.ok && unfocused.confidence).toBeLessThan(0.9);
  const focused = resolveStep(step('Press', { description, key: 'Enter' }), snap(els, { focused: 1 }));
  expect(focused.ok && focused.index).toBe(1);
  expect(focused.ok && focused.confidence).toBe(1);
});

test('"the next-track button, right of play": a two-word relation after the final comma is a place, not the name', () => {
  const t = parseStep(step('Click', { description: 'Click the next-track button, right of play' }));
  expect(t.target.names ?? []).toEqual([]);
  expect(t.relations.map((r) => r.type)).toEqual(['right']);
  const page = snap([
    { tag: 'button', xpath: `${B(1)}/button[1]`, text: 'previous', box: { x: 200, y: 300, width: 28, height: 28 } },
    { tag: 'button', xpath: `${B(1)}/button[2]`, text: 'play', box: { x: 230, y: 300, width: 40, height: 40 } },
    { tag: 'button', xpath: `${B(1)}/button[3]`, text: 'next', box: { x: 272, y: 300, width: 28, height: 28 } },
  ]);
  expect(idx(resolveStep(step('Click', { description: 'Click the next-track button, right of play' }), page))).toBe(2);
});

describe('text the page shows in brackets', () => {
  test('"{Finding Nemo}" and "[Video Mix]" are quoted labels, brackets kept', () => {
    expect(parseStep(step('Click', { description: 'Click {Finding Nemo}, the last of the videos' })).target.labels).toEqual([
      '{Finding Nemo}',
    ]);
    expect(parseStep(step('Click', { description: 'Click [Video Mix] in the setPlaylist line' })).target.labels).toEqual(['[Video Mix]']);
    expect(parseStep(step('Click', { description: 'Click the key of the row that shows {2}' })).relations[0]?.anchor.labels).toEqual([
      '{2}',
    ]);
  });
});

describe('clock times and durations', () => {
  test('"the track that is 1:00 long" names the row showing 1:00, not a first track', () => {
    const q = parseStep(step('Click', { description: 'Play the track that is 1:00 long' }));
    expect(q.relations[0]?.anchor.names).toEqual(['1:00']);
    expect(q.relations[0]?.anchor.ordinal).toBeUndefined();
    expect(parseStep(step('Click', { description: 'Click the 10:30 am slot' })).target.names).toEqual(['10:30 am']);
    const row = (n: number, title: string, time: string): El[] => [
      {
        tag: 'div',
        xpath: `${B(1)}/div[${n}]`,
        text: `${title} ${time}`,
        classes: ['song', 'amplitude-play-pause'],
        listeners: ['click'],
        interactive: true,
        box: { x: 0, y: n * 50, width: 400, height: 48 },
      },
      {
        tag: 'span',
        xpath: `${B(1)}/div[${n}]/span[1]`,
        text: title,
        interactive: false,
        box: { x: 10, y: n * 50 + 10, width: 200, height: 20 },
      },
      {
        tag: 'span',
        xpath: `${B(1)}/div[${n}]/span[2]`,
        text: time,
        interactive: false,
        box: { x: 340, y: n * 50 + 10, width: 40, height: 20 },
      },
    ];
    const page = snap(withParents([...row(1, 'Risin High', '3:29'), ...row(2, 'Anthem', '1:00'), ...row(3, 'Mountains', '4:12')]));
    expect(idx(resolveStep(step('Click', { description: 'Play the track that is 1:00 long' }), page))).toBe(3);
  });
});

describe('a capitalised ordinal and accordion headers', () => {
  test('"the Third tab" is the tab labelled Third, not the third tab, and not an accordion header jQuery UI marks role="tab"', () => {
    expect(parseStep(step('Click', { description: 'Click the Third tab' })).target).toMatchObject({ names: ['Third'] });
    expect(parseStep(step('Click', { description: 'Click the Third tab' })).target.ordinal).toBeUndefined();
    expect(parseStep(step('Click', { description: 'Click the third tab' })).target.ordinal).toBe(3);
    // jQuery UI's kitchen sink: an accordion (First, Second, Third) above a tab bar (First, Second, Third).
    const header = (n: number, text: string): El => ({
      tag: 'h3',
      xpath: `${B(1)}/h3[${n}]`,
      role: 'tab',
      text,
      classes: ['ui-accordion-header', 'ui-corner-top'],
      listeners: ['click'],
      interactive: true,
      box: { x: 50, y: 100 + n * 40, width: 1180, height: 38 },
    });
    const tab = (n: number, text: string): El[] => [
      {
        tag: 'li',
        xpath: `${B(2)}/ul[1]/li[${n}]`,
        role: 'tab',
        text,
        classes: ['ui-tabs-tab'],
        interactive: true,
        box: { x: 60 + n * 80, y: 400, width: 70, height: 38 },
      },
      {
        tag: 'a',
        xpath: `${B(2)}/ul[1]/li[${n}]/a[1]`,
        text,
        classes: ['ui-tabs-anchor'],
        href: `#tabs-${n}`,
        box: { x: 61 + n * 80, y: 401, width: 68, height: 36 },
      },
    ];
    const page = snap(
      withParents([
        header(1, 'First'),
        header(2, 'Second'),
        header(3, 'Third'),
        ...tab(1, 'First'),
        ...tab(2, 'Second'),
        ...tab(3, 'Third'),
      ]),
    );
    const picked = page.elements[idx(resolveStep(step('Click', { description: 'Click the Third tab' }), page))];
    expect(picked?.xpath).toMatch(/ul\[1\]\/li\[3\]/);
  });
});

describe('"that opens": what a control does', () => {
  test('"the button that opens the dialog" is the Open Dialog button, not an icon whose class says open', () => {
    expect(parseStep(step('Click', { description: 'Click the button that opens the dialog' })).target.purpose).toEqual(['open', 'dialog']);
    // "starts with" and "shows" stay what the element holds or says.
    expect(parseStep(step('Click', { description: 'Approve the comment that starts with "Thanks"' })).target.purpose).toBeUndefined();
    const page = snap([
      {
        tag: 'li',
        xpath: `${B(1)}/ul[1]/li[1]`,
        classes: ['ui-state-default'],
        pointer: true,
        interactive: true,
        name: '.ui-icon-folder-open',
        box: { x: 900, y: 100, width: 26, height: 26 },
      },
      {
        tag: 'span',
        xpath: `${B(1)}/ul[1]/li[1]/span[1]`,
        classes: ['ui-icon', 'ui-icon-folder-open'],
        pointer: true,
        interactive: false,
        box: { x: 905, y: 105, width: 16, height: 16 },
      },
      {
        tag: 'button',
        xpath: `${B(2)}/p[1]/button[1]`,
        text: 'Open Dialog',
        classes: ['ui-button'],
        box: { x: 50, y: 300, width: 127, height: 33 },
      },
      {
        tag: 'button',
        xpath: `${B(2)}/p[2]/button[1]`,
        text: 'Save',
        classes: ['ui-button'],
        box: { x: 50, y: 360, width: 80, height: 33 },
      },
    ]);
    expect(idx(resolveStep(step('Click', { description: 'Click the button that opens the dialog' }), page))).toBe(2);
  });
});
