// References to the DOM and timer APIs the agent needs, taken before any candidate code
// runs: a candidate may replace EventTarget.prototype.dispatchEvent, HTMLElement.prototype
// .click, setTimeout or Date, and the agent must keep working (and not be fooled).
// Calls go through `call(fn, thisArg, ...args)` so later prototype patches are not seen.

export interface Saved {
  win: Window;
  doc: Document;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
  requestAnimationFrame: (fn: (t: number) => void) => number;
  now: () => number;
  dateNow: () => number;
  dispatchEvent: EventTarget['dispatchEvent'];
  addEventListener: EventTarget['addEventListener'];
  removeEventListener: EventTarget['removeEventListener'];
  focus: HTMLElement['focus'];
  click: HTMLElement['click'];
  blur: HTMLElement['blur'];
  getBoundingClientRect: Element['getBoundingClientRect'];
  getClientRects: Element['getClientRects'];
  scrollIntoView: Element['scrollIntoView'];
  elementFromPoint: Document['elementFromPoint'];
  getComputedStyle: Window['getComputedStyle'];
  scrollBy: Window['scrollBy'];
  scrollTo: Window['scrollTo'];
  contains: Node['contains'];
  closest: Element['closest'];
  matches: Element['matches'];
  querySelector: Document['querySelector'];
  inputValueSetter: ((this: HTMLInputElement, v: string) => void) | undefined;
  textareaValueSetter: ((this: HTMLTextAreaElement, v: string) => void) | undefined;
  checkedGetter: ((this: HTMLInputElement) => boolean) | undefined;
  activeElementGetter: ((this: Document) => Element | null) | undefined;
  requestSubmit: HTMLFormElement['requestSubmit'];
  MutationObserver: typeof MutationObserver;
  MouseEvent: typeof MouseEvent;
  PointerEvent: typeof PointerEvent;
  KeyboardEvent: typeof KeyboardEvent;
  InputEvent: typeof InputEvent;
  FocusEvent: typeof FocusEvent;
  Event: typeof Event;
  URL: typeof URL;
  Blob: typeof Blob;
  consoleMethods: Record<string, (...args: unknown[]) => void>;
  postMessage: MessagePort['postMessage'];
  execCommand: Document['execCommand'];
}

function setterOf<T>(proto: object, prop: string): T | undefined {
  return Object.getOwnPropertyDescriptor(proto, prop)?.set as T | undefined;
}
function getterOf<T>(proto: object, prop: string): T | undefined {
  return Object.getOwnPropertyDescriptor(proto, prop)?.get as T | undefined;
}

export function saveReferences(win: Window): Saved {
  const w = win as Window & typeof globalThis;
  const perf = w.performance;
  const perfNow = w.Performance.prototype.now;
  const dateNow = w.Date.now;
  const consoleMethods: Record<string, (...args: unknown[]) => void> = {};
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
    const fn = (w.console as unknown as Record<string, unknown>)[level];
    if (typeof fn === 'function') consoleMethods[level] = fn.bind(w.console) as (...args: unknown[]) => void;
  }
  return {
    win,
    doc: w.document,
    setTimeout: w.setTimeout.bind(w) as unknown as Saved['setTimeout'],
    clearTimeout: w.clearTimeout.bind(w) as Saved['clearTimeout'],
    requestAnimationFrame: w.requestAnimationFrame.bind(w),
    now: () => perfNow.call(perf),
    dateNow: () => dateNow.call(w.Date),
    dispatchEvent: w.EventTarget.prototype.dispatchEvent,
    addEventListener: w.EventTarget.prototype.addEventListener,
    removeEventListener: w.EventTarget.prototype.removeEventListener,
    focus: w.HTMLElement.prototype.focus,
    click: w.HTMLElement.prototype.click,
    blur: w.HTMLElement.prototype.blur,
    getBoundingClientRect: w.Element.prototype.getBoundingClientRect,
    getClientRects: w.Element.prototype.getClientRects,
    scrollIntoView: w.Element.prototype.scrollIntoView,
    elementFromPoint: w.Document.prototype.elementFromPoint,
    getComputedStyle: w.getComputedStyle.bind(w),
    scrollBy: w.scrollBy.bind(w) as Window['scrollBy'],
    scrollTo: w.scrollTo.bind(w) as Window['scrollTo'],
    contains: w.Node.prototype.contains,
    closest: w.Element.prototype.closest,
    matches: w.Element.prototype.matches,
    querySelector: w.Document.prototype.querySelector,
    inputValueSetter: setterOf(w.HTMLInputElement.prototype, 'value'),
    textareaValueSetter: setterOf(w.HTMLTextAreaElement.prototype, 'value'),
    checkedGetter: getterOf(w.HTMLInputElement.prototype, 'checked'),
    activeElementGetter: getterOf(w.Document.prototype, 'activeElement'),
    requestSubmit: w.HTMLFormElement.prototype.requestSubmit,
    MutationObserver: w.MutationObserver,
    MouseEvent: w.MouseEvent,
    PointerEvent: w.PointerEvent,
    KeyboardEvent: w.KeyboardEvent,
    InputEvent: w.InputEvent,
    FocusEvent: w.FocusEvent,
    Event: w.Event,
    URL: w.URL,
    Blob: w.Blob,
    consoleMethods,
    postMessage: w.MessagePort.prototype.postMessage,
    execCommand: w.Document.prototype.execCommand,
  };
}

// Taken at module evaluation, which happens in the bootstrap before the candidate exists.
const apply = Reflect.apply;

/** Calls a saved method with an explicit receiver, immune to later prototype patches. */
export function call<F extends (...args: never[]) => unknown>(fn: F, self: unknown, ...args: Parameters<F>): ReturnType<F> {
  return apply(fn, self, args) as ReturnType<F>;
}
