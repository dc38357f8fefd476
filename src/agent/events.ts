// Event construction and dispatch through the saved constructors and the saved
// dispatchEvent, so a page that patches EventTarget.prototype.dispatchEvent or the event
// classes still receives real events and cannot swallow the agent's.
import type { KeyDef } from '../shared/keys.ts';
import { call, type Saved } from './saved.ts';

export function fire(s: Saved, target: EventTarget, ev: Event): boolean {
  return call(s.dispatchEvent, target, ev);
}

export interface PointAt {
  x: number;
  y: number;
}

function mouseInit(s: Saved, p: PointAt, buttons: number, detail: number, bubbles = true): MouseEventInit {
  return {
    bubbles,
    cancelable: bubbles,
    composed: true,
    view: s.win,
    clientX: p.x,
    clientY: p.y,
    screenX: p.x,
    screenY: p.y,
    button: 0,
    buttons,
    detail,
  };
}

export function mouse(s: Saved, target: EventTarget, type: string, p: PointAt, buttons: number, detail = 0): boolean {
  const bubbles = type !== 'mouseenter' && type !== 'mouseleave';
  return fire(s, target, new s.MouseEvent(type, mouseInit(s, p, buttons, detail, bubbles)));
}

export function pointer(s: Saved, target: EventTarget, type: string, p: PointAt, buttons: number): boolean {
  const bubbles = type !== 'pointerenter' && type !== 'pointerleave';
  return fire(
    s,
    target,
    new s.PointerEvent(type, {
      ...mouseInit(s, p, buttons, 0, bubbles),
      pointerId: 1,
      pointerType: 'mouse',
      isPrimary: true,
      width: 1,
      height: 1,
      pressure: buttons ? 0.5 : 0,
    }),
  );
}

export function key(s: Saved, target: EventTarget, type: 'keydown' | 'keypress' | 'keyup', k: KeyDef): boolean {
  // keypress carries the character code; keydown/keyup carry the key code (legacy rules).
  const legacy = type === 'keypress' ? (k.text ?? '').charCodeAt(0) || k.keyCode : k.keyCode;
  const ev = new s.KeyboardEvent(type, {
    bubbles: true,
    cancelable: true,
    composed: true,
    view: s.win,
    key: k.key,
    code: k.code,
    location: k.location ?? 0,
    shiftKey: k.shift === true,
    repeat: false,
  });
  // keyCode/which/charCode are read-only on KeyboardEvent and ignored by its init dict.
  Object.defineProperty(ev, 'keyCode', { value: legacy });
  Object.defineProperty(ev, 'which', { value: legacy });
  Object.defineProperty(ev, 'charCode', { value: type === 'keypress' ? legacy : 0 });
  return fire(s, target, ev);
}

export function input(s: Saved, target: EventTarget, type: 'beforeinput' | 'input', inputType: string, data: string | null): boolean {
  return fire(s, target, new s.InputEvent(type, { bubbles: true, cancelable: type === 'beforeinput', composed: true, inputType, data }));
}

export function plain(s: Saved, target: EventTarget, type: string, bubbles = true): boolean {
  return fire(s, target, new s.Event(type, { bubbles, cancelable: true }));
}
