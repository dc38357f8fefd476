// Click: the event sequence a mouse produces at the element's centre, dispatched to the
// element really under that point (so an inner span gets it and it bubbles to its button,
// and a label forwards to its control through the browser's own activation behaviour).
import type { AgentContext } from '../context.ts';
import type { ActResult } from '../protocol.ts';
import { actionPoint, activeElement, describe, focusableAncestor, hitTarget, isDisabled, retarget, XHTML_NS } from '../dom.ts';
import { mouse, pointer } from '../events.ts';
import { call } from '../saved.ts';
import { guardNavigation } from './navigation.ts';

export async function click(ctx: AgentContext, el: Element): Promise<ActResult> {
  const s = ctx.saved;
  const control = retarget(s, el, 'click');
  if (isDisabled(s, control)) return { code: 'error:notenabled', detail: `${describe(control)} is disabled` };
  const point = await actionPoint(s, el);
  if (point.code !== 'done') return { code: point.code, detail: point.detail };
  const p = point.value;
  const hit = hitTarget(s, el, p.x, p.y);
  if (hit.code !== 'done') return { code: hit.code, detail: hit.detail };
  const target = hit.value;

  pointer(s, target, 'pointerover', p, 0);
  pointer(s, target, 'pointerenter', p, 0);
  mouse(s, target, 'mouseover', p, 0);
  mouse(s, target, 'mouseenter', p, 0);
  pointer(s, target, 'pointermove', p, 0);
  mouse(s, target, 'mousemove', p, 0);
  const downOk = pointer(s, target, 'pointerdown', p, 1);
  // A cancelled pointerdown suppresses the compatibility mouse events (Pointer Events spec).
  const mouseDownOk = downOk ? mouse(s, target, 'mousedown', p, 1, 1) : true;
  if (downOk && mouseDownOk) {
    // mousedown's default action moves focus to the nearest focusable ancestor, or clears it.
    const f = focusableAncestor(s, target);
    if (f) {
      if (activeElement(s) !== f) call(s.focus, f, { preventScroll: true });
    } else {
      const active = activeElement(s) as HTMLElement | null;
      if (active && active !== s.doc.body) call(s.blur, active);
    }
  }
  pointer(s, target, 'pointerup', p, 0);
  if (downOk) mouse(s, target, 'mouseup', p, 0, 1);
  const release = guardNavigation(ctx);
  try {
    mouse(s, target, 'click', p, 0, 1);
  } finally {
    release();
  }
  return { code: 'done', retargeted: target === el ? undefined : describe(target) };
}

/**
 * The official harness (browser-use) clicks with Playwright and a 1.5 s timeout, and when
 * that fails (hidden, covered, moving, disabled) runs `el.click()` in the page instead:
 * a lone click event, no pointer events, no hit-test. Replaying that keeps scores
 * comparable; the replay labels the step as done by the fallback. The saved native click
 * is used, so a page overriding HTMLElement.prototype.click cannot swallow it.
 */
export function fallbackClick(ctx: AgentContext, el: Element): ActResult {
  const s = ctx.saved;
  if (!el.isConnected) return { code: 'error:notconnected', detail: `${describe(el)} is no longer in the page` };
  const release = guardNavigation(ctx);
  try {
    // click() exists on HTML elements only; an SVG icon gets the equivalent synthetic event.
    if (el.namespaceURI === XHTML_NS) call(s.click, el as HTMLElement);
    else mouse(s, el, 'click', { x: 0, y: 0 }, 0, 1);
  } finally {
    release();
  }
  return {
    code: 'done',
    detail: `fallback element.click() on ${describe(el)} (the official harness's second try after a failed real click)`,
  };
}
