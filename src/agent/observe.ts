// Reads the facts a check needs from the live page (src/checks): visible text, counts, a
// field's value, an element's state and visibility, the title and the URL fragment. Facts
// only: whether they satisfy the check is decided in the app (src/checks/verdict.ts). Runs
// synchronously inside withPristine, like the snapshot, so patched DOM prototypes are not
// seen; a probe that throws reports the error and the others still answer.
import type { ElementState, Observation, Probe, ProbeTarget, Where } from '../checks/types.ts';
import { normText } from '../checks/verdict.ts';
import type { AgentContext } from './context.ts';
import { describe } from './dom.ts';
import { call } from './saved.ts';

/** Text read per probe is capped: a check looks for a phrase, not the whole of a huge page. */
const MAX_TEXT = 200_000;
/** A number check on a label climbs to an enclosing row of at most this many characters. */
const MAX_LABEL_ROW = 80;
/** Elements examined per probe when searching by text or counting. */
const MAX_ELEMENTS = 20_000;

interface View {
  ctx: AgentContext;
  width: number;
  height: number;
  /** Per element: rendered and not transparent (cached for one observe call). */
  shown: Map<Element, boolean>;
}

function isShown(v: View, el: Element): boolean {
  let s = v.shown.get(el);
  if (s === undefined) {
    s = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    v.shown.set(el, s);
  }
  return s;
}

function inView(v: View, r: DOMRect): boolean {
  return r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < v.width && r.top < v.height;
}

function elementVisible(v: View, el: Element, where: Where): boolean {
  if (!isShown(v, el)) return false;
  const r = call(v.ctx.saved.getBoundingClientRect, el);
  if (r.width <= 0 || r.height <= 0) return false;
  return where === 'page' || inView(v, r);
}

/** The visible text under `root`: text nodes of shown elements (in the viewport, for 'viewport'). */
function visibleText(v: View, root: Element, where: Where): string {
  const doc = v.ctx.saved.doc;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = doc.createRange();
  const parts: string[] = [];
  let size = 0;
  for (let n = walker.nextNode(); n && size < MAX_TEXT; n = walker.nextNode()) {
    const text = n.nodeValue ?? '';
    if (!text.trim()) continue;
    const parent = n.parentElement;
    if (!parent || parent.closest('script,style,noscript,template') || !isShown(v, parent)) continue;
    // A closed <select> shows only its chosen option.
    const option = parent.closest('option') as HTMLOptionElement | null;
    if (option && !option.selected) continue;
    if (where === 'viewport') {
      range.selectNodeContents(n);
      if (![...range.getClientRects()].some((r) => inView(v, r))) continue;
    }
    parts.push(text);
    size += text.length;
  }
  // Input buttons show their value as a label. What is typed into a field is not the page
  // saying something (a 'value' check reads it): a page that ignores Enter still shows the
  // typed text in its field, and that must not pass for the text appearing in a list.
  for (const el of root.querySelectorAll('input[type=button],input[type=submit],input[type=reset]')) {
    if (size >= MAX_TEXT || !elementVisible(v, el, where)) continue;
    const shown = (el as HTMLInputElement).value;
    if (shown) {
      parts.push(shown);
      size += shown.length;
    }
  }
  return normText(parts.join(' '));
}

/** The innermost visible element whose text contains `text` (in the viewport first). */
function elementWithText(v: View, root: Element, text: string): Element | null {
  const want = normText(text);
  let best: Element | null = null;
  let bestInView = false;
  let seen = 0;
  for (const el of root.querySelectorAll('*')) {
    if (++seen > MAX_ELEMENTS) break;
    if (el.closest('script,style,noscript,template,head')) continue;
    const own = normText(el.textContent ?? '') || normText((el as HTMLInputElement).value ?? '');
    if (!own.includes(want)) continue;
    // Innermost: no child element holds the whole text too.
    if ([...el.children].some((c) => normText(c.textContent ?? '').includes(want))) continue;
    if (!elementVisible(v, el, 'page')) continue;
    const vis = elementVisible(v, el, 'viewport');
    if (!best || (vis && !bestInView)) {
      best = el;
      bestInView = vis;
      if (vis) break;
    }
  }
  return best;
}

function findTarget(v: View, t: ProbeTarget): { el: Element | null; error?: string } {
  const doc = v.ctx.saved.doc;
  if ('index' in t) {
    const el = v.ctx.elements[t.index] ?? null;
    if (!el) return { el: null, error: `element ${t.index} of the snapshot does not exist` };
    if (!el.isConnected) return { el: null, error: 'the element was removed from the page' };
    return { el };
  }
  if ('selector' in t) {
    let all: NodeListOf<Element>;
    try {
      all = doc.querySelectorAll(t.selector);
    } catch {
      return { el: null, error: `${JSON.stringify(t.selector)} is not a valid CSS selector` };
    }
    // The first visible match, else the first match (a hidden element can still be "hidden").
    for (const el of all) if (elementVisible(v, el, 'page')) return { el };
    return { el: all[0] ?? null };
  }
  return { el: elementWithText(v, doc.body ?? doc.documentElement, t.text) };
}

function countIn(v: View, root: Element, p: Probe): number {
  const where = p.where ?? 'viewport';
  let list: Element[];
  try {
    list = [...(p.selector ? root.querySelectorAll(p.selector) : root.querySelectorAll('*'))].slice(0, MAX_ELEMENTS);
  } catch {
    throw new Error(`${JSON.stringify(p.selector)} is not a valid CSS selector`);
  }
  const want = p.text ? normText(p.text) : null;
  let n = 0;
  for (const el of list) {
    if (el.closest('script,style,noscript,template,head')) continue;
    if (want) {
      if (!normText(el.textContent ?? '').includes(want)) continue;
      // Without a selector, count only the innermost holders (a list item, not also its list).
      if (!p.selector && [...el.children].some((c) => normText(c.textContent ?? '').includes(want))) continue;
    }
    if (elementVisible(v, el, where)) n++;
  }
  return n;
}

/**
 * The checkbox a text stands for: a label's control, one inside the element, or the only one
 * in a close ancestor (a todo row: checkbox and text side by side).
 */
function checkboxOf(el: Element): HTMLInputElement | null {
  const sel = 'input[type=checkbox],input[type=radio]';
  const control = (el as HTMLLabelElement).control as HTMLInputElement | null | undefined;
  if (el.tagName === 'LABEL' && control?.matches(sel)) return control;
  let scope: Element | null = el;
  for (let depth = 0; scope && depth < 3; depth++, scope = scope.parentElement) {
    const boxes = scope.querySelectorAll(sel);
    if (boxes.length === 1) return boxes[0] as HTMLInputElement;
    if (boxes.length > 1) return null;
  }
  return null;
}

/** The element's colours as one string; the focus ring (outline, box-shadow) is left out. */
function styleOf(v: View, el: Element): string {
  const st = v.ctx.saved.getComputedStyle(el);
  return [
    st.backgroundColor,
    st.backgroundImage === 'none' ? '' : st.backgroundImage,
    st.color,
    st.borderTopColor,
    st.borderBottomColor,
  ].join(' | ');
}

function stateOf(v: View, el: Element): Partial<Record<ElementState, boolean>> {
  const aria = (name: string) => el.getAttribute(name);
  const f = el as HTMLInputElement & HTMLOptionElement & HTMLDetailsElement;
  const s: Partial<Record<ElementState, boolean>> = {};
  if (el.tagName === 'INPUT' && (f.type === 'checkbox' || f.type === 'radio')) s.checked = f.checked;
  else if (aria('aria-checked') !== null) s.checked = aria('aria-checked') === 'true';
  else {
    const box = checkboxOf(el);
    if (box) s.checked = box.checked;
  }
  if (el.tagName === 'OPTION') s.selected = f.selected;
  else {
    const sel = aria('aria-selected') ?? aria('aria-pressed') ?? aria('aria-current');
    s.selected = sel !== null && sel !== 'false';
  }
  s.disabled = (el as HTMLButtonElement).disabled === true || aria('aria-disabled') === 'true';
  if (el.tagName === 'DETAILS') s.expanded = f.open;
  else if (aria('aria-expanded') !== null) s.expanded = aria('aria-expanded') === 'true';
  const active = v.ctx.saved.doc.activeElement;
  s.focused = !!active && (active === el || el.contains(active));
  return s;
}

function read(v: View, p: Probe): Observation {
  const doc = v.ctx.saved.doc;
  const base = { id: p.id };
  if (p.read === 'title') return { ...base, found: true, title: doc.title };
  if (p.read === 'hash') return { ...base, found: true, hash: v.ctx.saved.win.location.hash };
  const root = doc.body ?? doc.documentElement;
  let el: Element | null = null;
  if (p.target) {
    const found = findTarget(v, p.target);
    if (found.error) return { ...base, found: false, error: found.error };
    el = found.el;
    if (!el) return { ...base, found: false };
  }
  const element = el ? `${describe(el)}${el.textContent?.trim() ? ` "${normText(el.textContent).slice(0, 60)}"` : ''}` : undefined;
  const out: Observation = { ...base, found: true, ...(element ? { element } : {}) };
  switch (p.read) {
    case 'text':
      return { ...out, text: visibleText(v, el ?? root, p.where ?? 'viewport') };
    case 'count':
      return { ...out, count: countIn(v, el ?? root, p) };
    case 'value': {
      const f = el as HTMLInputElement | null;
      return { ...out, value: f && 'value' in f ? String(f.value) : (el?.textContent ?? '') };
    }
    case 'state':
      return { ...out, state: el ? stateOf(v, el) : {} };
    case 'visible':
      return { ...out, visible: el ? elementVisible(v, el, p.where ?? 'viewport') : false };
    case 'number': {
      const f = el as HTMLInputElement | null;
      if (f && (f.tagName === 'INPUT' || f.tagName === 'TEXTAREA')) return { ...out, text: f.value };
      // A label shows no number: read the nearest enclosing element that shows one.
      let scope: Element = el ?? root;
      let text = visibleText(v, scope, 'page');
      // Only a close, short container: a label's row, not the page around it.
      for (let depth = 0; !/\d/.test(text) && scope.parentElement && scope !== root && depth < 3; depth++) {
        const up = visibleText(v, scope.parentElement, 'page');
        if (up.length > MAX_LABEL_ROW) break;
        scope = scope.parentElement;
        text = up;
      }
      return { ...out, ...(scope !== el ? { element: `${describe(scope)} "${text.slice(0, 60)}"` } : {}), text };
    }
    case 'restyled':
      return { ...out, style: el ? styleOf(v, el) : '' };
    default:
      return { ...base, found: false, error: `unknown probe ${JSON.stringify(p.read)}` };
  }
}

export function observe(ctx: AgentContext, probes: Probe[]): Observation[] {
  const v: View = { ctx, width: ctx.saved.win.innerWidth, height: ctx.saved.win.innerHeight, shown: new Map() };
  return probes.map((p) => {
    try {
      return read(v, p);
    } catch (err) {
      return { id: p.id, found: false, error: err instanceof Error ? err.message : String(err) };
    }
  });
}
