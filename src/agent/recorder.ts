// Task recording inside the frame: while the app has recording on, every trusted (real)
// input of the person is reported over the port as a RecordedInput (src/record/inputs.ts),
// with a snapshot of the page taken before the page's own handlers see the input (the
// listeners are on the window in the capture phase, installed before any candidate code).
// Synthetic events (the page's own dispatchEvent, our replay actions) are not recorded.
import type { AgentContext } from './context.ts';
import type { CollectResult } from './snapshot.ts';
import { keyRole, type RecordedInput } from '../record/inputs.ts';
import { activeElement, isEditable } from './dom.ts';
import { call } from './saved.ts';

export interface Recorder {
  /** Starts or stops reporting; returns the scroll position at that moment. */
  set(on: boolean): { scrollY: number; maxY: number; viewportHeight: number };
  /** (Re)installs the window listeners: document.open erases them. */
  install(): void;
}

/** The snapshot element standing for an event target: the nearest ancestor (inclusive) that is in the snapshot, interactive first. */
function indexFor(result: CollectResult, target: Element | null): number {
  let fallback = -1;
  for (let el: Element | null = target, guard = 0; el && guard < 64; el = el.parentElement, guard++) {
    const i = result.elements.indexOf(el);
    if (i < 0) continue;
    if (result.snapshot.elements[i]?.interactive) return i;
    if (fallback < 0) fallback = i;
  }
  return fallback;
}

function valueOf(el: Element): string {
  if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') return (el as HTMLInputElement).value;
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function createRecorder(ctx: AgentContext, snapshot: () => CollectResult, report: (input: RecordedInput) => void): Recorder {
  const s = ctx.saved;
  let on = false;
  /** The field being typed into and its path, so later edits need no snapshot. */
  let field: { el: Element; xpath: string } | null = null;
  /** Taken at the keydown that starts typing in a new field: the page before the first character. */
  let pending: { el: Element; result: CollectResult } | null = null;

  const scrollState = () => {
    const doc = s.doc.scrollingElement ?? s.doc.documentElement;
    const vh = s.win.innerHeight;
    return { scrollY: s.win.scrollY, maxY: Math.max(0, (doc?.scrollHeight ?? 0) - vh), viewportHeight: vh };
  };

  const onPointerDown = (ev: PointerEvent) => {
    if (!on || !ev.isTrusted || ev.button !== 0) return;
    const result = snapshot();
    const target = indexFor(result, ev.target as Element | null);
    if (target < 0) return;
    field = null;
    report({ kind: 'click', at: s.now(), target, x: ev.clientX, y: ev.clientY, snapshot: result.snapshot });
  };

  const onKeyDown = (ev: KeyboardEvent) => {
    if (!on || !ev.isTrusted) return;
    const active = activeElement(s);
    const editable = !!active && isEditable(active);
    const role = keyRole(ev.key, editable, ev.ctrlKey || ev.altKey || ev.metaKey);
    if (role === 'ignore') return;
    if (role === 'edit') {
      if (active && field?.el !== active) pending = { el: active, result: snapshot() };
      return;
    }
    const result = snapshot();
    const target = active && active !== s.doc.body ? result.elements.indexOf(active) : -1;
    field = null;
    report({ kind: 'key', at: s.now(), key: ev.key, target, snapshot: result.snapshot });
  };

  const onInput = (ev: Event) => {
    if (!on || !ev.isTrusted) return;
    const el = ev.target as Element | null;
    if (!el || !isEditable(el)) return;
    if (field?.el === el) {
      report({ kind: 'edit', at: s.now(), xpath: field.xpath, value: valueOf(el) });
      return;
    }
    // The first edit of this field: the snapshot from its keydown, else (a paste) one now.
    const result = pending?.el === el ? pending.result : snapshot();
    pending = null;
    const target = indexFor(result, el);
    const xpath = result.snapshot.elements[target]?.xpath;
    if (target < 0 || !xpath) return;
    field = { el, xpath };
    report({ kind: 'edit', at: s.now(), xpath, value: valueOf(el), target, snapshot: result.snapshot });
  };

  const onScroll = (ev: Event) => {
    if (!on || !ev.isTrusted) return;
    // Only the window's scroll counts (the official Scroll moves the window).
    if (ev.target !== s.doc && ev.target !== s.win) return;
    const st = scrollState();
    report({ kind: 'scroll', at: s.now(), y: st.scrollY, maxY: st.maxY, viewportHeight: st.viewportHeight });
  };

  return {
    set(v: boolean) {
      on = v;
      field = null;
      pending = null;
      return scrollState();
    },
    install() {
      call(s.addEventListener, s.win, 'pointerdown', onPointerDown as EventListener, true);
      call(s.addEventListener, s.win, 'keydown', onKeyDown as EventListener, true);
      call(s.addEventListener, s.win, 'input', onInput, true);
      call(s.addEventListener, s.win, 'scroll', onScroll, true);
    },
  };
}
