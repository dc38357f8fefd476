// Press: keydown / keypress / keyup on the focused element (or body), bubbling to the
// document, plus the default action a real key would have when the page does not cancel
// keydown: text insertion and Backspace in fields, Enter submits the form (implicit
// submission: a click on the form's default button, else requestSubmit) or activates a
// focused button/link, Space activates a focused button, Tab moves focus, and arrow /
// page keys scroll the page when focus is on the body.
import type { AgentContext } from '../context.ts';
import type { ActResult } from '../protocol.ts';
import { activeElement, isEditable, tabbables } from '../dom.ts';
import { key } from '../events.ts';
import { keyByName, type KeyDef } from '../../shared/keys.ts';
import { call, type Saved } from '../saved.ts';
import { edit } from './edit.ts';
import { guardNavigation } from './navigation.ts';

const SCROLL_KEYS: Record<string, (vh: number) => [number, number]> = {
  ArrowDown: () => [0, 40],
  ArrowUp: () => [0, -40],
  ArrowRight: () => [40, 0],
  ArrowLeft: () => [-40, 0],
  PageDown: (vh) => [0, vh * 0.875],
  PageUp: (vh) => [0, -vh * 0.875],
  ' ': (vh) => [0, vh * 0.875],
  Home: () => [0, -1e9],
  End: () => [0, 1e9],
};

function activate(ctx: AgentContext, el: HTMLElement): void {
  const release = guardNavigation(ctx);
  try {
    // Synthetic click through the saved dispatch: a page override of HTMLElement.prototype.click
    // must not intercept the agent's activation.
    call(
      ctx.saved.dispatchEvent,
      el,
      new ctx.saved.MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: ctx.saved.win, detail: 0 }),
    );
  } finally {
    release();
  }
}

function implicitSubmit(ctx: AgentContext, field: HTMLInputElement): void {
  const form = field.form;
  if (!form) return;
  const submitter = form.querySelector<HTMLElement>('button:not([type]),button[type=submit],input[type=submit],input[type=image]');
  if (submitter) {
    if (!(submitter as HTMLButtonElement).disabled) activate(ctx, submitter);
    return;
  }
  try {
    call(ctx.saved.requestSubmit, form);
  } catch {
    /* an invalid form reports to the user and does not submit: same as a browser */
  }
}

function defaultAction(ctx: AgentContext, target: Element, k: KeyDef): void {
  const s: Saved = ctx.saved;
  const tag = target.tagName;
  if (k.key === 'Tab') {
    const list = tabbables(s);
    const i = list.indexOf(target as HTMLElement);
    const next = list[k.shift ? (i <= 0 ? list.length - 1 : i - 1) : (i + 1) % Math.max(list.length, 1)];
    if (next) call(s.focus, next, {});
    return;
  }
  if (isEditable(target)) {
    if (k.key === 'Backspace') edit(s, target, 'deleteContentBackward', null);
    else if (k.key === 'Enter') {
      if (tag === 'INPUT') implicitSubmit(ctx, target as HTMLInputElement);
      else edit(s, target, 'insertLineBreak', '\n');
    } else if (k.text && k.key.length === 1) edit(s, target, 'insertText', k.text);
    return;
  }
  // Enter activates buttons and links; on a checkbox it does nothing (Chromium).
  if (
    k.key === 'Enter' &&
    (tag === 'BUTTON' ||
      tag === 'A' ||
      tag === 'SUMMARY' ||
      (tag === 'INPUT' && ['button', 'submit', 'reset', 'image'].includes((target as HTMLInputElement).type)))
  ) {
    activate(ctx, target as HTMLElement);
    return;
  }
  const scroll = SCROLL_KEYS[k.key];
  if (scroll && (target === s.doc.body || target === s.doc.documentElement)) {
    const [dx, dy] = scroll(s.win.innerHeight);
    s.scrollBy({ left: dx, top: dy, behavior: 'instant' });
  }
}

export function press(ctx: AgentContext, keyName: string): ActResult {
  const k = keyByName(keyName);
  if (!k) return { code: 'error:unknownkey', detail: `unknown key ${JSON.stringify(keyName)}` };
  return pressKey(ctx, k);
}

/** One key with its full sequence and default action, on the focused element or body. */
export function pressKey(ctx: AgentContext, k: KeyDef): ActResult {
  const s = ctx.saved;
  const target = activeElement(s) ?? s.doc.body ?? s.doc.documentElement;
  if (!key(s, target, 'keydown', k)) {
    key(s, target, 'keyup', k);
    return { code: 'done', detail: 'keydown was cancelled by the page' };
  }
  // keypress fires only for keys that produce a character (and Enter), as in Chromium.
  let pressOk = true;
  if (k.text) pressOk = key(s, target, 'keypress', k);
  if (pressOk) defaultAction(ctx, target, k);
  const up = activeElement(s) ?? target;
  // Space activates a focused button on key release.
  const upOk = key(s, up, 'keyup', k);
  if (
    upOk &&
    k.key === ' ' &&
    (up.tagName === 'BUTTON' ||
      (up.tagName === 'INPUT' && ['button', 'submit', 'checkbox', 'radio'].includes((up as HTMLInputElement).type)))
  ) {
    activate(ctx, up as HTMLElement);
  }
  return { code: 'done', detail: `sent ${k.key === ' ' ? 'Space' : k.key} to ${target.tagName.toLowerCase()}` };
}
