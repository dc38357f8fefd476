// Scroll. Official rule (IWR-SPEC "Replay"): always the window, down half a viewport,
// success only if the vertical position moved by more than 5 px; direction ignored, so a
// page shorter than the viewport fails every scroll. The 'directional' option honours
// `direction` and `scroll_page` and scrolls the nearest scrollable container instead.
import type { AgentContext } from '../context.ts';
import type { ActResult } from '../protocol.ts';
import { describe } from '../dom.ts';
import { call, type Saved } from '../saved.ts';

/** The official threshold, in CSS pixels. */
export const SCROLL_MIN_DELTA = 5;
/**
 * The official harness waits 1 s after scrolling before it reads the position again
 * (IWR-SPEC "Replay"): a page that scrolls itself back within that second fails the step,
 * and scroll-triggered effects get that long before the 0.5 s wait and the screenshot.
 */
export const OFFICIAL_SCROLL_CHECK_MS = 1000;

function canScroll(s: Saved, el: Element, axis: 'x' | 'y'): boolean {
  const st = s.getComputedStyle(el);
  const overflow = axis === 'y' ? st.overflowY : st.overflowX;
  const room = axis === 'y' ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
  return room > 1 && (overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay');
}

function scrollableFrom(s: Saved, start: Element | null, axis: 'x' | 'y'): Element | null {
  for (let n = start; n && n !== s.doc.documentElement && n !== s.doc.body; n = n.parentElement) {
    if (canScroll(s, n, axis)) return n;
  }
  return null;
}

export async function scroll(
  ctx: AgentContext,
  mode: 'official' | 'directional',
  direction: string | undefined,
  scrollPage: boolean | undefined,
  el: Element | undefined,
): Promise<ActResult> {
  const s = ctx.saved;
  const w = s.win;
  if (mode === 'official') {
    const before = w.scrollY;
    // 'instant' overrides a page's scroll-behavior: smooth, so the position is final now.
    s.scrollBy({ top: w.innerHeight / 2, left: 0, behavior: 'instant' });
    await new Promise<void>((resolve) => {
      s.setTimeout(resolve, OFFICIAL_SCROLL_CHECK_MS);
    });
    const after = w.scrollY;
    const moved = Math.abs(after - before) > SCROLL_MIN_DELTA;
    return {
      code: moved ? 'done' : 'error:notscrolled',
      scrollBefore: before,
      scrollAfter: after,
      detail: moved
        ? `window scrolled ${Math.round(after - before)} px`
        : `the page did not scroll (moved ${Math.round(after - before)} px, needs > ${SCROLL_MIN_DELTA}; page height ${s.doc.scrollingElement?.scrollHeight ?? 0} px)`,
    };
  }
  const dir = (direction ?? 'down').toLowerCase();
  const axis: 'x' | 'y' = dir === 'left' || dir === 'right' ? 'x' : 'y';
  const sign = dir === 'up' || dir === 'left' ? -1 : 1;
  const size = axis === 'y' ? w.innerHeight : w.innerWidth;
  const amount = sign * (scrollPage ? size : size / 2);
  // Container: the one around the step's element, else the one under the viewport centre,
  // unless the whole page is asked for or only the window can move.
  let container: Element | null = null;
  if (!scrollPage) {
    container = scrollableFrom(s, el ?? call(s.elementFromPoint, s.doc, w.innerWidth / 2, w.innerHeight / 2), axis);
  }
  const root = s.doc.scrollingElement;
  const windowRoom = root ? (axis === 'y' ? root.scrollHeight - root.clientHeight : root.scrollWidth - root.clientWidth) : 0;
  if (!container && windowRoom <= 1) {
    container = scrollableFrom(s, el ?? call(s.elementFromPoint, s.doc, w.innerWidth / 2, w.innerHeight / 2), axis);
  }
  const read = () => (container ? (axis === 'y' ? container.scrollTop : container.scrollLeft) : axis === 'y' ? w.scrollY : w.scrollX);
  const before = read();
  const delta = axis === 'y' ? { top: amount, left: 0 } : { top: 0, left: amount };
  if (container) container.scrollBy({ ...delta, behavior: 'instant' });
  else s.scrollBy({ ...delta, behavior: 'instant' });
  const after = read();
  const moved = Math.abs(after - before) > SCROLL_MIN_DELTA;
  const what = container ? describe(container) : 'window';
  return {
    code: moved ? 'done' : 'error:notscrolled',
    scrollBefore: before,
    scrollAfter: after,
    detail: `${what} ${dir} ${Math.round(after - before)} px`,
  };
}
