// Text edits inside a field or contenteditable, as the browser's default action of a key.
import { input } from '../events.ts';
import { call, type Saved } from '../saved.ts';

type Field = HTMLInputElement | HTMLTextAreaElement;

export function isField(el: Element): el is Field {
  return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA';
}

/** Writes through the prototype's native setter: React and Vue track the last value they
 * wrote through the instance, and only a prototype-level write makes them see a change. */
export function setValue(s: Saved, el: Field, value: string): void {
  const setter = el.tagName === 'TEXTAREA' ? s.textareaValueSetter : s.inputValueSetter;
  if (setter) call(setter as (this: Field, v: string) => void, el, value);
  else el.value = value;
}

/** beforeinput, the change, input. `text` null with deleteContentBackward removes one char. */
export function edit(
  s: Saved,
  el: Element,
  inputType: 'insertText' | 'insertLineBreak' | 'deleteContentBackward',
  text: string | null,
): void {
  if (isField(el)) {
    if (!input(s, el, 'beforeinput', inputType, text)) return;
    if (inputType === 'deleteContentBackward') setValue(s, el, el.value.slice(0, -1));
    else if (el.maxLength < 0 || el.value.length < el.maxLength) setValue(s, el, el.value + (text ?? ''));
    else return;
    input(s, el, 'input', inputType, text);
    return;
  }
  // contenteditable: execCommand keeps caret and undo stack, and fires beforeinput/input itself.
  const ok =
    inputType === 'deleteContentBackward'
      ? call(s.execCommand, s.doc, 'delete', false)
      : call(s.execCommand, s.doc, inputType === 'insertLineBreak' ? 'insertLineBreak' : 'insertText', false, text ?? '');
  if (!ok) {
    const t = el.textContent ?? '';
    el.textContent = inputType === 'deleteContentBackward' ? t.slice(0, -1) : t + (text ?? '');
    input(s, el, 'input', inputType, text);
  }
}
