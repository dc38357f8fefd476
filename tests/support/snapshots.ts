// Page snapshots written by hand for the resolver's and the recorder's unit tests: each
// element gets the defaults a plain visible element has, overridden by what the test gives.
import type { ElementSnapshot, PageSnapshot } from '../../src/driver/snapshot.ts';

export type El = Partial<ElementSnapshot> & { tag: string; xpath: string };

export function snap(els: El[], extra: Partial<PageSnapshot> = {}): PageSnapshot {
  const elements: ElementSnapshot[] = els.map((e, i) => ({
    order: i,
    role: '',
    name: e.text ?? '',
    text: '',
    classes: [],
    pointer: false,
    listeners: [],
    box: { x: 10, y: 10 + i * 40, width: 100, height: 30 },
    visible: true,
    inViewport: true,
    disabled: false,
    editable: false,
    parent: -1,
    interactive: ['button', 'a', 'input', 'select', 'textarea'].includes(e.tag),
    ...e,
  }));
  return { viewport: { width: 1280, height: 720 }, scroll: { x: 0, y: 0, maxY: 0 }, focused: -1, elements, ...extra };
}

/** Sets each element's parent to the element one XPath step above it, as snapshots do. */
export function withParents(els: El[]): El[] {
  for (const e of els)
    e.parent = els.findIndex((o) => e.xpath.startsWith(`${o.xpath}/`) && e.xpath.split('/').length === o.xpath.split('/').length + 1);
  return els;
}

/** XPath of the n-th top-level div. */
export const B = (n: number) => `/html[1]/body[1]/div[${n}]`;
