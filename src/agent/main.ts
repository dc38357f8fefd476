// The in-page agent: bundled as an IIFE (virtual:iwr-agent) and inlined in the sandbox's
// srcdoc, so it runs before the candidate exists. It saves the DOM references it needs,
// installs its hooks, takes the MessagePort from the first message the parent posts, and
// from then on talks only through that port; every later window message is ignored.
import type { AgentContext } from './context.ts';
import { click, fallbackClick } from './actions/click.ts';
import { press } from './actions/press.ts';
import { scroll } from './actions/scroll.ts';
import { type } from './actions/type.ts';
import { captureViewport } from './capture.ts';
import { observe } from './observe.ts';
import { installListeners, installWindowHooks } from './hooks.ts';
import { captureSnapshotDom, collectSnapshot } from './snapshot.ts';
import { installListenerTracking } from './listeners.ts';
import { load } from './loader.ts';
import {
  HELLO,
  type ActResult,
  type AgentAction,
  type AgentEvent,
  type AgentMessage,
  type AgentRequest,
  type InspectResult,
} from './protocol.ts';
import { call, saveReferences } from './saved.ts';
import { settle } from './settle.ts';
import { recordPristine, withPristine } from './pristine.ts';
import { activeElement, describe } from './dom.ts';
import { createRecorder } from './recorder.ts';

/** Per kind, events past this many are counted, not sent: an alert or console storm must not flood the app. */
const EVENT_CAP = 200;
/** The load command waits this long for readyState 'complete' (slow media), then goes on. */
const LOAD_CAP_MS = 15_000;

function start(): void {
  const saved = saveReferences(window);
  const listenersOf = installListenerTracking(window);
  // After listener tracking: its patched addEventListener is the one to keep in place.
  const pristine = recordPristine(window);
  const snapshotDom = captureSnapshotDom(window);
  let port: MessagePort | null = null;
  const counts = new Map<string, number>();
  const queue: AgentMessage[] = [];
  const send = (msg: AgentMessage) => {
    if (!port) {
      queue.push(msg);
      return;
    }
    try {
      call(saved.postMessage, port, msg);
    } catch (err) {
      // An uncloneable value must not kill the agent; say what happened instead.
      call(saved.postMessage, port, {
        kind: 'event',
        event: { type: 'error', message: `agent could not send a message: ${String(err)}`, at: saved.now() },
      });
    }
  };
  const ctx: AgentContext = {
    saved,
    elements: [],
    policy: 'blocked',
    emit(event: AgentEvent) {
      if (event.type === 'recorded') {
        send({ kind: 'event', event });
        return;
      }
      const n = (counts.get(event.type) ?? 0) + 1;
      counts.set(event.type, n);
      if (n <= EVENT_CAP) send({ kind: 'event', event });
      else if (n === EVENT_CAP + 1)
        send({
          kind: 'event',
          event: {
            type: 'console',
            level: 'warn',
            text: `[iwr agent] more than ${EVENT_CAP} ${event.type} events; further ones are counted only`,
            at: saved.now(),
          },
        });
    },
  };
  const takeSnapshot = () =>
    withPristine(pristine, () => collectSnapshot({ doc: saved.doc, win: saved.win, listenersOf, dom: snapshotDom, look: true }));
  const recorder = createRecorder(ctx, takeSnapshot, (input) => ctx.emit({ type: 'recorded', input }));
  ctx.reinstall = [() => recorder.install()];
  installWindowHooks(ctx);
  installListeners(ctx);

  async function act(action: AgentAction): Promise<ActResult> {
    const el = action.index === undefined || action.index < 0 ? undefined : ctx.elements[action.index];
    if (action.type === 'Press') {
      // "Press Enter in the search box": the key goes to that element, so focus it first.
      if (el && activeElement(saved) !== el) call(saved.focus, el as HTMLElement, { preventScroll: true });
      return press(ctx, action.key);
    }
    if (action.type === 'Scroll') return scroll(ctx, action.mode, action.direction, action.scrollPage, el);
    if (!el) return { code: 'error:notfound', detail: `no element ${action.index} in the last snapshot` };
    if (action.type === 'Click') return action.fallback ? fallbackClick(ctx, el) : click(ctx, el);
    if (action.type === 'Type') return type(ctx, el, action.text);
    return { code: 'error:unknownaction', detail: `unknown action ${JSON.stringify((action as { type: unknown }).type)}` };
  }

  function inspect(selector: string): InspectResult {
    const el = saved.doc.querySelector(selector) as HTMLInputElement | null;
    return {
      found: !!el,
      text: el ? (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 2000) : undefined,
      value: el && 'value' in el ? String(el.value) : undefined,
      checked: el && 'checked' in el ? Boolean(el.checked) : undefined,
      scrollY: saved.win.scrollY,
      focused: describe(activeElement(saved)),
      title: saved.doc.title,
    };
  }

  async function handle(req: AgentRequest): Promise<unknown> {
    switch (req.cmd) {
      case 'ping':
        return 'pong';
      case 'load':
        ctx.policy = req.policy;
        return load(ctx, req.html, req.assets, req.seed, LOAD_CAP_MS, req.files ?? []);
      case 'snapshot': {
        const { snapshot, elements } = withPristine(pristine, () =>
          collectSnapshot({ doc: saved.doc, win: saved.win, listenersOf, dom: snapshotDom, look: req.look !== false }),
        );
        ctx.elements = elements;
        return snapshot;
      }
      case 'act':
        return act(req.action);
      case 'settle':
        return settle(saved, req.quietMs, req.capMs);
      case 'capture':
        return captureViewport(saved);
      case 'inspect':
        return inspect(req.selector);
      case 'observe':
        return withPristine(pristine, () => observe(ctx, req.probes));
      case 'record':
        return recorder.set(req.on === true);
      default:
        throw new Error(`unknown command ${JSON.stringify((req as { cmd: unknown }).cmd)}`);
    }
  }

  const onMessage = (ev: MessageEvent) => {
    const data = ev.data as { type?: unknown } | null;
    // Only the parent's first message, carrying exactly one port, is accepted.
    if (port || ev.source !== saved.win.parent || data?.type !== HELLO || ev.ports.length !== 1) return;
    port = ev.ports[0]!;
    call(saved.removeEventListener, saved.win, 'message', onMessage as EventListener, true);
    port.onmessage = (e: MessageEvent) => {
      const req = e.data as AgentRequest;
      if (typeof req?.id !== 'number') return;
      handle(req).then(
        (value) => send({ kind: 'reply', reply: { id: req.id, ok: true, value } }),
        (err: unknown) =>
          send({
            kind: 'reply',
            reply: { id: req.id, ok: false, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) },
          }),
      );
    };
    for (const m of queue.splice(0)) send(m);
    send({ kind: 'event', event: { type: 'ready' } });
  };
  call(saved.addEventListener, saved.win, 'message', onMessage as EventListener, true);
}

start();
