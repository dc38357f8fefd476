// Checks before input, Playwright style: the element is connected, visible, enabled, stable
// across animation frames and really the one under the point. Each returns a tagged result.
import { needsScroll, visibleCentre } from '../shared/box.ts';
import type { ActCode } from './protocol.ts';
import { call, type Saved } from './saved.ts';

/** Namespaces compared against `namespaceURI`: an HTML element, and an SVG one. */
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';
export const SVG_NS = 'http://www.w3.org/2000/svg';

export type Check<T> = { code: 'done'; value: T } | { code: Exclude<ActCode, 'done'>; detail: string };

export function describe(el: Element | null): string {
  if (!el) return 'nothing';
  const id = el.id ? `#${el.id}` : '';
  const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
  return `<${el.tagName.toLowerCase()}${id}${cls}>`;
}

export function isVisible(s: Saved, el: Element): boolean {
  const r = call(s.getBoundingClientRect, el);
  if (r.width <= 0 || r.height <= 0) return false;
  const st = s.getComputedStyle(el);
  return st.visibility !== 'hidden' && st.visibility !== 'collapse' && st.display !== 'none' && Number(st.opacity) > 0;
}

export function isDisabled(s: Saved, el: Element): boolean {
  const ctl = call(s.closest, el, 'button,input,select,textarea,fieldset,option,optgroup') as HTMLButtonElement | null;
  if (ctl && ctl.disabled === true) return true;
  const aria = call(s.closest, el, '[aria-disabled]');
  return aria?.getAttribute('aria-disabled') === 'true';
}

/** The control a user means when the target is a label or a decoration inside a control. */
export function retarget(s: Saved, el: Element, mode: 'click' | 'edit'): Element {
  if (mode === 'edit') {
    const label = call(s.closest, el, 'label') as HTMLLabelElement | null;
    if (label?.control) return label.control;
    if (isEditable(el)) return el;
    const inner = el.querySelector('input:not([type=hidden]),textarea,[contenteditable=""],[contenteditable="true"]');
    return inner ?? el;
  }
  // A click on an inner span still targets the button for enabled/focus checks.
  return call(s.closest, el, 'button,a[href],[role=button],[role=link],input,select,textarea,label,summary') ?? el;
}

export function isEditable(el: Element): boolean {
  if (el.tagName === 'TEXTAREA') return !(el as HTMLTextAreaElement).readOnly;
  if (el.tagName === 'INPUT') {
    const t = (el as HTMLInputElement).type;
    return (
      !(el as HTMLInputElement).readOnly &&
      !['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'image', 'hidden', 'range', 'color'].includes(t)
    );
  }
  return (el as HTMLElement).isContentEditable === true;
}

export function nextFrame(s: Saved): Promise<void> {
  // rAF stalls in a throttled (hidden) frame; the timer keeps checks from hanging.
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    s.requestAnimationFrame(() => finish());
    s.setTimeout(finish, 50);
  });
}

function sameRect(a: DOMRect, b: DOMRect): boolean {
  return Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.width - b.width) < 0.5 && Math.abs(a.height - b.height) < 0.5;
}

function animated(s: Saved, el: Element): boolean {
  const all = typeof s.doc.getAnimations === 'function' ? s.doc.getAnimations() : [];
  for (const a of all) {
    if (a.playState !== 'running') continue;
    const target = (a.effect as KeyframeEffect | null)?.target;
    if (!target) return true;
    if (target === el || call(s.contains, target, el)) return true;
  }
  return false;
}

/** Scrolls the element into view when needed and returns its centre once it has stopped moving. */
export async function actionPoint(s: Saved, el: Element): Promise<Check<{ x: number; y: number }>> {
  if (!el.isConnected) return { code: 'error:notconnected', detail: `${describe(el)} is no longer in the page` };
  if (!isVisible(s, el)) return { code: 'error:notvisible', detail: `${describe(el)} is not visible` };
  const vp = { width: s.win.innerWidth, height: s.win.innerHeight };
  let r = call(s.getBoundingClientRect, el);
  if (needsScroll(r, vp)) {
    call(s.scrollIntoView, el, { block: 'center', inline: 'center', behavior: 'instant' } as ScrollIntoViewOptions);
    // Aim with the box after the scroll: the frame wait below is skipped on still pages.
    r = call(s.getBoundingClientRect, el);
  }
  // Stable: the same box over two consecutive animation frames (animations, transitions).
  // With no CSS animation or transition running on the element or an ancestor, nothing
  // but script can move it, and script cannot run before the dispatch (hit-testing at
  // dispatch time catches the rest): skip the two-frame wait, which costs >= 33 ms.
  let stableFor = animated(s, el) ? 0 : 2;
  for (let i = 0; i < 10 && stableFor < 2; i++) {
    await nextFrame(s);
    const now = call(s.getBoundingClientRect, el);
    stableFor = sameRect(now, r) ? stableFor + 1 : 0;
    r = now;
  }
  if (stableFor < 2) return { code: 'error:notstable', detail: `${describe(el)} is still moving` };
  const centre = visibleCentre(r, vp);
  if (!centre) return { code: 'error:notvisible', detail: `${describe(el)} is outside the viewport` };
  return { code: 'done', value: centre };
}

/** The element under the point, which must be the target or inside it (or its label's control). */
export function hitTarget(s: Saved, el: Element, x: number, y: number): Check<Element> {
  const hit = call(s.elementFromPoint, s.doc, x, y);
  if (!hit) return { code: 'error:obscured', detail: `nothing is under (${Math.round(x)}, ${Math.round(y)})` };
  if (hit === el || call(s.contains, el, hit)) return { code: 'done', value: hit };
  // A label whose control is the target, or a target that is the hit's label control.
  const label = call(s.closest, hit, 'label') as HTMLLabelElement | null;
  if (label && label.control === el) return { code: 'done', value: hit };
  if (el.tagName === 'LABEL' && (el as HTMLLabelElement).control === hit) return { code: 'done', value: hit };
  return { code: 'error:obscured', detail: `${describe(hit)} is on top of ${describe(el)} at (${Math.round(x)}, ${Math.round(y)})` };
}

export function activeElement(s: Saved): Element | null {
  return s.activeElementGetter ? call(s.activeElementGetter, s.doc) : s.doc.activeElement;
}

const FOCUSABLE = 'a[href],button,input,select,textarea,iframe,summary,[tabindex],[contenteditable=""],[contenteditable="true"]';

/** The element a mouse-down at the point would focus (nearest focusable ancestor), or null. */
export function focusableAncestor(s: Saved, el: Element): HTMLElement | null {
  const f = call(s.closest, el, FOCUSABLE) as HTMLElement | null;
  if (!f || isDisabled(s, f)) return null;
  return f;
}

/** Tab order: positive tabIndex first in order, then tabIndex 0 in document order. */
export function tabbables(s: Saved): HTMLElement[] {
  const all = Array.from(s.doc.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (e) => e.tabIndex >= 0 && !isDisabled(s, e) && isVisible(s, e),
  );
  const positive = all.filter((e) => e.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex);
  return [...positive, ...all.filter((e) => e.tabIndex === 0)];
}
