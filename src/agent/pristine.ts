// The snapshot collector reads the page through ordinary DOM calls (boxes, styles, text,
// queries). A candidate may have replaced those on the prototypes (getBoundingClientRect
// returning nothing, elementFromPoint returning null, ...). The agent records the original
// property descriptors before the candidate runs and puts them back for the duration of a
// synchronous read, then restores whatever the page had installed: no page code can run
// in between, so the page never sees the swap.

type Entry = [target: object, key: string, descriptor: PropertyDescriptor];

const SURFACE: Array<[string, string[]]> = [
  [
    'Element',
    [
      'getBoundingClientRect',
      'getClientRects',
      'getAttribute',
      'hasAttribute',
      'getAttributeNames',
      'closest',
      'matches',
      'querySelector',
      'querySelectorAll',
      'attributes',
      'classList',
      'className',
      'id',
      'tagName',
      'localName',
      'children',
      'parentElement',
      'previousElementSibling',
      'nextElementSibling',
      'firstElementChild',
      'scrollHeight',
      'scrollWidth',
      'clientHeight',
      'clientWidth',
      'scrollTop',
      'scrollLeft',
      'checkVisibility',
      'shadowRoot',
    ],
  ],
  [
    'HTMLElement',
    ['innerText', 'offsetParent', 'offsetWidth', 'offsetHeight', 'isContentEditable', 'title', 'hidden', 'tabIndex', 'labels'],
  ],
  ['Node', ['textContent', 'parentNode', 'childNodes', 'firstChild', 'nextSibling', 'nodeType', 'contains', 'getRootNode', 'isConnected']],
  [
    'Document',
    [
      'elementFromPoint',
      'elementsFromPoint',
      'querySelector',
      'querySelectorAll',
      'getElementById',
      'activeElement',
      'body',
      'documentElement',
      'scrollingElement',
    ],
  ],
  ['HTMLInputElement', ['value', 'type', 'checked', 'placeholder', 'disabled', 'labels', 'readOnly']],
  ['HTMLTextAreaElement', ['value', 'placeholder', 'disabled', 'labels', 'readOnly']],
  ['HTMLSelectElement', ['value', 'disabled', 'labels', 'selectedOptions']],
  ['HTMLButtonElement', ['disabled', 'labels', 'type']],
  ['HTMLAnchorElement', ['href']],
  ['HTMLImageElement', ['alt', 'src']],
  ['HTMLLabelElement', ['control', 'htmlFor']],
  ['CSSStyleDeclaration', ['getPropertyValue']],
  ['EventTarget', ['addEventListener', 'removeEventListener', 'dispatchEvent']],
];
const WINDOW_KEYS = ['getComputedStyle', 'innerWidth', 'innerHeight', 'scrollX', 'scrollY', 'pageXOffset', 'pageYOffset'];

export function recordPristine(win: Window): Entry[] {
  const w = win as unknown as Record<string, { prototype?: object } | undefined>;
  const entries: Entry[] = [];
  for (const [ctor, keys] of SURFACE) {
    const proto = w[ctor]?.prototype;
    if (!proto) continue;
    for (const key of keys) {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      if (d) entries.push([proto, key, d]);
    }
  }
  for (const key of WINDOW_KEYS) {
    // Window accessors live on the window object itself or on Window.prototype.
    const d = Object.getOwnPropertyDescriptor(win, key);
    if (d) entries.push([win, key, d]);
  }
  return entries;
}

function same(a: PropertyDescriptor | undefined, b: PropertyDescriptor): boolean {
  return !!a && a.value === b.value && a.get === b.get && a.set === b.set;
}

/** Runs `fn` (synchronous) with the recorded descriptors in place, then restores the page's own. */
export function withPristine<T>(entries: Entry[], fn: () => T): T {
  const swapped: Array<[object, string, PropertyDescriptor | undefined]> = [];
  for (const [target, key, original] of entries) {
    const current = Object.getOwnPropertyDescriptor(target, key);
    if (same(current, original)) continue;
    try {
      Object.defineProperty(target, key, original);
      swapped.push([target, key, current]);
    } catch {
      /* a non-configurable replacement: leave it */
    }
  }
  try {
    return fn();
  } finally {
    for (const [target, key, page] of swapped.reverse()) {
      try {
        if (page) Object.defineProperty(target, key, page);
        else delete (target as Record<string, unknown>)[key];
      } catch {
        /* ignore */
      }
    }
  }
}
