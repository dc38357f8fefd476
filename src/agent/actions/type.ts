// Type: focus the field, clear it (as Playwright's fill, used by the official harness,
// does), then each character as a key press with its default action (keydown, keypress,
// beforeinput, value change, input, keyup), and `change` at the end: a browser fires it on
// blur, but the official harness never blurs, so it is sent when typing finishes.
import type { AgentContext } from '../context.ts';
import type { ActResult } from '../protocol.ts';
import { actionPoint, activeElement, describe, isDisabled, isEditable, retarget } from '../dom.ts';
import { input, plain } from '../events.ts';
import { charKey } from '../../shared/keys.ts';
import { call } from '../saved.ts';
import { isField, setValue } from './edit.ts';
import { pressKey } from './press.ts';

export async function type(ctx: AgentContext, el0: Element, text: string): Promise<ActResult> {
  const s = ctx.saved;
  const el = retarget(s, el0, 'edit');
  if (!isEditable(el)) return { code: 'error:noteditable', detail: `${describe(el)} does not accept text` };
  if (isDisabled(s, el)) return { code: 'error:notenabled', detail: `${describe(el)} is disabled` };
  const point = await actionPoint(s, el);
  if (point.code !== 'done') return { code: point.code, detail: point.detail };
  if (activeElement(s) !== el) call(s.focus, el as HTMLElement, { preventScroll: true });
  if (activeElement(s) !== el) return { code: 'error:notenabled', detail: `${describe(el)} did not take focus` };
  if (isField(el)) {
    if (el.value !== '' && input(s, el, 'beforeinput', 'deleteContentBackward', null)) {
      setValue(s, el, '');
      input(s, el, 'input', 'deleteContentBackward', null);
    }
  } else if ((el.textContent ?? '') !== '') {
    el.textContent = '';
    input(s, el, 'input', 'deleteContentBackward', null);
  }
  for (const ch of text) {
    // Typing goes to whatever has focus, like a keyboard: a page that moves focus mid-way
    // (auto-advance code fields) gets the rest where it put it.
    pressKey(ctx, ch === '\n' || ch === '\r' ? charKey('\n') : charKey(ch));
  }
  if (isField(el)) plain(s, el, 'change', true);
  const value = isField(el) ? el.value : (el.textContent ?? '');
  return { code: 'done', detail: `value is now ${JSON.stringify(value.slice(0, 80))}`, retargeted: el === el0 ? undefined : describe(el) };
}
