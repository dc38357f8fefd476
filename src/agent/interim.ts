// TEMPORARY stand-ins for src/agent/snapshot.ts and src/agent/listeners.ts (owned by the
// resolver work, not landed yet when the run engine was written). Same signatures; delete
// this file and switch the imports in main.ts once those files exist.
import type { ElementSnapshot, PageSnapshot } from '../driver/snapshot.ts';

export function _unusedInstallListenerTracking(win: Window): (el: Element) => string[] {
  const seen = new WeakMap<object, Set<string>>();
  const proto = (win as Window & typeof globalThis).EventTarget.prototype;
  const original = proto.addEventListener;
  proto.addEventListener = function (this: EventTarget, type: string, ...rest: unknown[]) {
    let set = seen.get(this);
    if (!set) seen.set(this, (set = new Set()));
    set.add(type);
    return Reflect.apply(original, this, [type, ...rest]) as void;
  } as typeof proto.addEventListener;
  return (el) => {
    const out = new Set(seen.get(el) ?? []);
    for (const a of Array.from(el.attributes)) if (a.name.startsWith('on')) out.add(a.name.slice(2));
    return [...out].sort();
  };
}

const INTERACTIVE = 'a,button,input,select,textarea,summary,label,[role],[onclick],[tabindex],[contenteditable=""],[contenteditable="true"],.btn,canvas';

function xpathOf(el: Element): string {
  const parts: string[] = [];
  for (let n: Element | null = el; n; n = n.parentElement) {
    let i = 1;
    for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === n.tagName) i++;
    parts.unshift(`${n.tagName.toLowerCase()}[${i}]`);
  }
  return '/' + parts.join('/');
}

export function collectSnapshot({ doc, win, listenersOf }: { doc: Document; win: Window; listenersOf: (el: Element) => string[] }): { snapshot: PageSnapshot; elements: Element[] } {
  const elements: Element[] = [];
  const snaps: ElementSnapshot[] = [];
  for (const el of Array.from(doc.body?.querySelectorAll('*') ?? [])) {
    const listeners = listenersOf(el);
    const style = win.getComputedStyle(el);
    const pointer = style.cursor === 'pointer';
    if (!el.matches(INTERACTIVE) && !pointer && !listeners.some((l) => /click|mouse|pointer|key/.test(l))) continue;
    const r = el.getBoundingClientRect();
    const html = el as HTMLElement;
    const text = (html.innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
    let parent = -1;
    for (let p = el.parentElement; p && parent < 0; p = p.parentElement) parent = elements.indexOf(p);
    const input = el as HTMLInputElement;
    snaps.push({
      order: snaps.length,
      xpath: xpathOf(el),
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role') ?? '',
      name: el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.getAttribute('alt') ?? input.placeholder ?? text,
      text,
      value: 'value' in input ? String(input.value) : undefined,
      placeholder: el.getAttribute('placeholder') ?? undefined,
      inputType: el.tagName === 'INPUT' ? input.type : undefined,
      id: el.id || undefined,
      classes: Array.from(el.classList),
      pointer,
      listeners,
      box: { x: r.x, y: r.y, width: r.width, height: r.height },
      visible: r.width > 0 && r.height > 0 && style.visibility !== 'hidden',
      inViewport: r.bottom > 0 && r.right > 0 && r.top < win.innerHeight && r.left < win.innerWidth,
      disabled: (el as HTMLButtonElement).disabled === true,
      editable: /^(input|textarea)$/i.test(el.tagName) || (el as HTMLElement).isContentEditable,
      parent,
    });
    elements.push(el);
  }
  const se = doc.scrollingElement;
  return {
    snapshot: {
      viewport: { width: win.innerWidth, height: win.innerHeight },
      scroll: { x: win.scrollX, y: win.scrollY, maxY: se ? se.scrollHeight - se.clientHeight : 0 },
      focused: doc.activeElement ? elements.indexOf(doc.activeElement) : -1,
      elements: snaps,
    },
    elements,
  };
}
