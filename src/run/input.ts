// Input backends: how a step's action reaches the page. 'synthetic' (default) asks the
// in-frame agent to dispatch the event sequence itself (works in any tab; events have
// isTrusted false). 'trusted' is for the headless CLI, which can send protocol-level mouse
// and keyboard input (Playwright's page.mouse / page.keyboard): it hands the runner a `send`
// function (for instance one exposed with page.exposeFunction) that performs one TrustedOp
// at page coordinates. The official harness clicks and types through Playwright, so its
// events are trusted; this backend gets the same.
//
// What stays with the agent under 'trusted', and why:
// - Scroll: the official rule is a script scroll of the window (half a viewport, success if
//   it moved > 5 px; browser-use runs window.scrollBy). A wheel would scroll whatever
//   container is under the pointer, asynchronously; the rule would no longer be the rule.
// - The click fallback: officially a script element.click() after the real click failed
//   for 1.5 s, untrusted in the official harness too.
// - A link to another document under the 'blocked' policy: only the agent's click can be
//   cancelled before the frame navigates (the request would leave the page, the agent with it).
// - Focus before typing or pressing: Playwright's fill/type/press focus by script, not by
//   a click; the agent does the same (see focusByAgent).
import type { ActResult, AgentAction, InspectResult, PageSnapshot } from '../agent/protocol.ts';
import { keyByName } from '../shared/keys.ts';
import { needsScroll, visibleCentre } from '../shared/box.ts';
import type { Box, ElementSnapshot } from '../driver/snapshot.ts';
import { SandboxError, type SandboxHost } from '../sandbox/host.ts';

export type InputName = 'synthetic' | 'trusted';

/** One protocol-level input, in CSS pixels of the app page (the frame is unscaled). */
export type TrustedOp =
  | { op: 'click'; x: number; y: number }
  /** The pointer alone (no button); off the page (negative) to hover nothing. */
  | { op: 'move'; x: number; y: number }
  | { op: 'wheel'; x: number; y: number; dx: number; dy: number }
  | { op: 'type'; text: string }
  /** Playwright key names, combinations allowed ("Enter", "ArrowUp", "ControlOrMeta+A"). */
  | { op: 'press'; key: string };

export interface InputBackend {
  readonly name: InputName;
  /** The frame must take the real pointer: unscaled (fit false) and not under pointer-events: none. */
  readonly realPointer: boolean;
  /** Aims with the snapshot's boxes: every retry needs a new snapshot (the runner resolves again). */
  readonly aimsFromSnapshot: boolean;
  /** Called once the frame is open, before the candidate loads. */
  start(host: SandboxHost, timeoutMs: number): Promise<void>;
  /**
   * One attempt of `action`. `snap` is the snapshot `action.index` points into (null for
   * the official scroll, which has no element). Never throws for a page problem: returns the
   * agent's tagged result; throws SandboxError on timeout, a dead frame or an abort.
   */
  act(host: SandboxHost, action: AgentAction, snap: PageSnapshot | null, timeoutMs: number, signal?: AbortSignal): Promise<ActResult>;
}

function agentAct(host: SandboxHost, action: AgentAction, timeoutMs: number, signal?: AbortSignal): Promise<ActResult> {
  return host.request<ActResult>({ cmd: 'act', action }, timeoutMs, signal);
}

export const syntheticInput: InputBackend = {
  name: 'synthetic',
  realPointer: false,
  aimsFromSnapshot: false,
  start: () => Promise.resolve(),
  act: (host, action, _snap, timeoutMs, signal) => agentAct(host, action, timeoutMs, signal),
};

// ---- pure helpers (geometry and targets from the snapshot) -------------------------------

/** Wheel deltas that bring the box's centre to the viewport's centre (scrollIntoView block/inline 'center'). */
export function wheelToCentre(box: Box, vp: { width: number; height: number }): { dx: number; dy: number } {
  const horizontallyOut = box.x + box.width <= 0 || box.x >= vp.width;
  return {
    dx: horizontallyOut ? Math.round(box.x + box.width / 2 - vp.width / 2) : 0,
    dy: Math.round(box.y + box.height / 2 - vp.height / 2),
  };
}

/** The href of the link around element `index` when following it leaves the page (agent/actions/navigation.ts rule). */
export function leavingLink(snap: PageSnapshot, index: number): string | null {
  for (let i = index, guard = 0; i >= 0 && guard < 64; i = snap.elements[i]?.parent ?? -1, guard++) {
    const e = snap.elements[i];
    if (!e || e.tag !== 'a' || e.href === undefined) continue;
    const href = e.href.trim();
    if (href === '' || href.startsWith('#') || /^javascript:/i.test(href)) return null;
    return href;
  }
  return null;
}

/** The field a Type step means: the element itself, else the first editable inside it (a wrapper or label). */
export function editTarget(snap: PageSnapshot, index: number): number {
  if (snap.elements[index]?.editable) return index;
  const inside = (j: number): boolean => {
    for (let p = snap.elements[j]?.parent ?? -1, guard = 0; p >= 0 && guard < 64; p = snap.elements[p]?.parent ?? -1, guard++)
      if (p === index) return true;
    return false;
  };
  const j = snap.elements.findIndex((e, k) => e.editable && inside(k));
  return j >= 0 ? j : index;
}

/** The Playwright name of a Press key, with the agent's aliases ("enter", "up arrow"); null when unknown to the agent too. */
export function playwrightKey(name: string): string | null {
  const k = keyByName(name);
  if (!k) return null;
  return k.key === ' ' ? 'Space' : k.key;
}

const describeEl = (e: ElementSnapshot): string => `<${e.tag}${e.id ? `#${e.id}` : ''}>`;

// ---- the trusted backend -------------------------------------------------------------

/** After a wheel, the window's scroll position is read this often until it stops moving... */
const SCROLL_POLL_MS = 50;
/** ...for at most this long (a smooth wheel scroll in Chromium takes ~100-300 ms). */
const SCROLL_SETTLE_MS = 1000;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SandboxError('timeout', `the page did not take the trusted ${what} within ${Math.round(ms / 100) / 10} s`)),
      ms,
    );
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** `send(op)` must perform the input at page coordinates and resolve once the browser has dispatched it. */
export function trustedInput(send: (op: TrustedOp) => Promise<void>): InputBackend {
  return {
    name: 'trusted',
    realPointer: true,
    aimsFromSnapshot: true,
    async start(_host, timeoutMs) {
      // The real pointer stays where the previous replay's last click left it (in a batch: the
      // task before). Chromium did not hover a new frame under it in our checks, but a page's
      // start should not depend on history: every replay starts with the pointer off the page.
      await withTimeout(send({ op: 'move', x: -1, y: -1 }), timeoutMs, 'pointer move');
    },
    async act(host, action, snap, timeoutMs, signal) {
      if (action.type === 'Scroll' || (action.type === 'Click' && action.fallback)) return agentAct(host, action, timeoutMs, signal);
      const c = attemptOf(send, host, timeoutMs, signal);
      try {
        if (action.type === 'Press') return await press(c, action, snap);
        if (!snap) return { code: 'error:notfound', detail: 'no snapshot to aim with' };
        if (action.type === 'Click') return await click(c, action, snap);
        return await typeText(c, action, snap);
      } catch (err) {
        // A timeout, a dead frame or an abort is the runner's business; anything else is this
        // attempt's failure (e.g. a key Playwright's layout does not have), tagged like the agent's.
        if (err instanceof SandboxError) throw err;
        return { code: 'error:exception', detail: `trusted input failed: ${err instanceof Error ? err.message : String(err)}` };
      }
    },
  };
}

/** What one attempt works with: the frame, its time budget, and the ways to reach the page. */
interface TrustedAttempt {
  host: SandboxHost;
  signal: AbortSignal | undefined;
  left(): number;
  run(op: TrustedOp): Promise<void>;
  snapshot(): Promise<PageSnapshot>;
  /** App-page coordinates of a frame-viewport point, or null when the app page does not show it. */
  onPage(p: { x: number; y: number }): { x: number; y: number } | null;
}

function attemptOf(send: (op: TrustedOp) => Promise<void>, host: SandboxHost, timeoutMs: number, signal?: AbortSignal): TrustedAttempt {
  const end = performance.now() + timeoutMs;
  const left = () => Math.max(1, end - performance.now());
  return {
    host,
    signal,
    left,
    run: (op) => withTimeout(send(op), left(), op.op),
    snapshot: () => host.request<PageSnapshot>({ cmd: 'snapshot', look: false }, left(), signal),
    onPage(p) {
      const r = host.iframe.getBoundingClientRect();
      const x = r.x + p.x;
      const y = r.y + p.y;
      return x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight ? { x, y } : null;
    },
  };
}

type InView = { el: ElementSnapshot; snap: PageSnapshot; scrolled: string };

/**
 * Element `index` of `s`, scrolled into view with the wheel when the agent would scroll it,
 * as a user would, with a snapshot taken after the scroll. The index must be the same in
 * that snapshot, or the runner's action (and its fallback) would point at another element.
 */
async function inView(c: TrustedAttempt, s: PageSnapshot, index: number): Promise<InView | ActResult> {
  const el = s.elements[index];
  if (!el) return { code: 'error:notfound', detail: `no element ${index} in the last snapshot` };
  if (!el.visible) return { code: 'error:notvisible', detail: `${describeEl(el)} is not visible` };
  if (!needsScroll(el.box, s.viewport)) return { el, snap: s, scrolled: '' };
  const centre = c.onPage({ x: s.viewport.width / 2, y: s.viewport.height / 2 });
  if (!centre) return { code: 'error:exception', detail: 'the frame is not on the app page: trusted input cannot reach it' };
  const { dx, dy } = wheelToCentre(el.box, s.viewport);
  const read = async () => (await c.host.request<InspectResult>({ cmd: 'inspect', selector: 'html' }, c.left(), c.signal)).scrollY;
  const before = await read();
  await c.run({ op: 'wheel', x: centre.x, y: centre.y, dx, dy });
  // The wheel scrolls asynchronously (smooth scrolling): wait until the position holds.
  let last = before;
  for (const stop = performance.now() + Math.min(SCROLL_SETTLE_MS, c.left()); performance.now() < stop;) {
    await new Promise((r) => setTimeout(r, SCROLL_POLL_MS));
    const now = await read();
    if (now === last && now !== before) break;
    last = now;
  }
  const fresh = await c.snapshot();
  const again = fresh.elements.findIndex((e) => e.xpath === el.xpath);
  if (again < 0) return { code: 'error:notconnected', detail: `${describeEl(el)} is gone after scrolling to it` };
  if (again !== index) return { code: 'error:notconnected', detail: `the page changed while scrolling to ${describeEl(el)}` };
  return { el: fresh.elements[again]!, snap: fresh, scrolled: `wheel ${dy} px toward it, ` };
}

/**
 * Keyboard input goes to the focused frame. The app gives the frame focus only when it does
 * not have it (after a real click it does): focusing the iframe element from the app moves
 * focus to the frame's document and drops the element that had it inside.
 */
function focusFrame(c: TrustedAttempt): void {
  if (document.activeElement !== c.host.iframe) c.host.iframe.focus();
}

/** Script focus on the element, as Playwright's fill/type/press do, through the agent. */
async function focusByAgent(c: TrustedAttempt, index: number): Promise<void> {
  focusFrame(c);
  // The agent focuses a Press step's element before the key, and refuses an empty key name
  // ('error:unknownkey') before dispatching anything: a focus and nothing else.
  await agentAct(c.host, { type: 'Press', key: '', index }, c.left(), c.signal);
}

async function click(c: TrustedAttempt, action: Extract<AgentAction, { type: 'Click' }>, snap: PageSnapshot): Promise<ActResult> {
  const first = snap.elements[action.index];
  if (!first) return { code: 'error:notfound', detail: `no element ${action.index} in the last snapshot` };
  if (c.host.policy === 'blocked') {
    const href = leavingLink(snap, action.index);
    if (href !== null) {
      const r = await agentAct(c.host, action, c.left(), c.signal);
      return {
        ...r,
        detail: `synthetic click: the link to ${href.slice(0, 200)} leaves the page, and only the agent's click can be cancelled under the blocked policy${r.detail ? `; ${r.detail}` : ''}`,
      };
    }
  }
  if (first.disabled) return { code: 'error:notenabled', detail: `${describeEl(first)} is disabled` };
  const seen = await inView(c, snap, action.index);
  if ('code' in seen) return seen;
  const { el, snap: now, scrolled } = seen;
  if (el.onTop === false) return { code: 'error:obscured', detail: `${scrolled}something is on top of ${describeEl(el)}` };
  const p = visibleCentre(el.box, now.viewport);
  if (!p) return { code: 'error:notvisible', detail: `${scrolled}${describeEl(el)} is outside the viewport` };
  const at = c.onPage(p);
  if (!at)
    return {
      code: 'error:exception',
      detail: `(${Math.round(p.x)}, ${Math.round(p.y)}) of the frame is outside the app page: trusted input cannot reach it`,
    };
  await c.run({ op: 'click', x: at.x, y: at.y });
  return { code: 'done', detail: `${scrolled}trusted click at (${Math.round(p.x)}, ${Math.round(p.y)}) of the frame on ${describeEl(el)}` };
}

/** Type: focus the field, clear it (Playwright's fill does: select all, delete), then the keyboard. */
async function typeText(c: TrustedAttempt, action: Extract<AgentAction, { type: 'Type' }>, snap: PageSnapshot): Promise<ActResult> {
  const t = editTarget(snap, action.index);
  const field = snap.elements[t];
  if (!field) return { code: 'error:notfound', detail: `no element ${action.index} in the last snapshot` };
  if (!field.editable) return { code: 'error:noteditable', detail: `${describeEl(field)} does not accept text` };
  if (field.disabled) return { code: 'error:notenabled', detail: `${describeEl(field)} is disabled` };
  const seen = await inView(c, snap, t);
  if ('code' in seen) return seen;
  await focusByAgent(c, t);
  const check = await c.snapshot();
  const focused = check.elements[check.focused];
  if (focused?.xpath !== field.xpath) return { code: 'error:notenabled', detail: `${describeEl(field)} did not take focus` };
  // The snapshot has `value` only when a field's value is not empty; an editable element's text otherwise.
  const current = focused.value ?? (focused.tag === 'input' || focused.tag === 'textarea' ? '' : focused.text);
  if (current !== '') {
    await c.run({ op: 'press', key: 'ControlOrMeta+A' });
    await c.run({ op: 'press', key: 'Backspace' });
  }
  if (action.text !== '') await c.run({ op: 'type', text: action.text });
  return {
    code: 'done',
    detail: `${seen.scrolled}typed ${JSON.stringify(action.text.slice(0, 80))} with the trusted keyboard`,
    retargeted: t === action.index ? undefined : describeEl(field),
  };
}

/** Press: the key goes to the step's element when it names one (focused first), else to what has focus. */
async function press(c: TrustedAttempt, action: Extract<AgentAction, { type: 'Press' }>, snap: PageSnapshot | null): Promise<ActResult> {
  const key = playwrightKey(action.key);
  if (!key) return { code: 'error:unknownkey', detail: `unknown key ${JSON.stringify(action.key)}` };
  if (action.index !== undefined && action.index >= 0 && snap?.focused !== action.index) await focusByAgent(c, action.index);
  else focusFrame(c);
  await c.run({ op: 'press', key });
  return { code: 'done', detail: `trusted key ${key}` };
}
