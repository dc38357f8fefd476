// Remembers which event types the candidate's code listens for on each element, so the
// snapshot can tell a div with a click handler from a plain div. Must be installed before
// any candidate code runs. Everything it uses is captured here, at install time: the
// candidate may later replace EventTarget.prototype methods, WeakMap.prototype or
// Function.prototype.call, and the record must stay correct and unforgeable by them.

/** Event types that make an element a plausible step target. */
const TRACKED = new Set([
  'click',
  'dblclick',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'touchstart',
  'touchend',
  'keydown',
  'keyup',
  'keypress',
  'input',
  'change',
  'submit',
  'focus',
  'blur',
]);

/** Where the tracker is kept on the window, so a second install finds the first. */
const TRACKER = Symbol.for('iwr.listenersOf');

/**
 * Patches `win.EventTarget.prototype.addEventListener` to record, per element, the event
 * types registered on it (only the types in TRACKED; listeners on window/document are not
 * elements and are ignored). Returns `listenersOf(el)`: the recorded types, sorted, or [].
 * Installing twice on the same window returns the first tracker.
 */
export function installListenerTracking(win: Window): (el: Element) => string[] {
  const w = win as Window & typeof globalThis & { [TRACKER]?: (el: Element) => string[] };
  const existing = w[TRACKER];
  if (existing) return existing;

  const apply = Reflect.apply;
  const proto = w.EventTarget.prototype;
  const original = proto.addEventListener;
  const ElementCtor = w.Element;
  const isElement = (t: unknown): t is Element => t instanceof ElementCtor;
  const map = new WeakMap<Element, Set<string>>();
  const mapGet = WeakMap.prototype.get;
  const mapSet = WeakMap.prototype.set;
  const setAdd = Set.prototype.add;
  const setHas = Set.prototype.has;
  const setValues = Set.prototype.values;
  const toLower = String.prototype.toLowerCase;
  const arrayFrom = Array.from;
  const sort = Array.prototype.sort;
  const SetCtor = Set;

  function addEventListener(
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void {
    try {
      if (listener && isElement(this)) {
        const t = apply(toLower, String(type), []) as string;
        if (apply(setHas, TRACKED, [t])) {
          let set = apply(mapGet, map, [this]) as Set<string> | undefined;
          if (!set) {
            set = new SetCtor<string>();
            apply(mapSet, map, [this, set]);
          }
          apply(setAdd, set, [t]);
        }
      }
    } catch {
      // Recording must never break the candidate's own registration.
    }
    return apply(original, this, [type, listener, options]) as void;
  }
  // Keep the patched function looking native-ish: some pages compare `.name`/`.length`.
  Object.defineProperty(addEventListener, 'name', { value: 'addEventListener' });
  Object.defineProperty(proto, 'addEventListener', { value: addEventListener, writable: true, configurable: true, enumerable: true });

  const listenersOf = (el: Element): string[] => {
    const set = apply(mapGet, map, [el]) as Set<string> | undefined;
    if (!set) return [];
    const list = arrayFrom(apply(setValues, set, []) as Iterable<string>);
    return apply(sort, list, []) as string[];
  };
  Object.defineProperty(w, TRACKER, { value: listenersOf, enumerable: false, configurable: false, writable: false });
  return listenersOf;
}
