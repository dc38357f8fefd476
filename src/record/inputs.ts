// What the in-page recorder reports for each piece of real (trusted) input, as plain data.
// The agent (src/agent/recorder.ts) sends these over the port; the pure step model
// (steps.ts) turns a list of them into official steps. A snapshot travels only with the
// inputs that start a step (a click, the first keystroke into a field, a key press): the
// description is generated from the page as it was just before the action.
import type { PageSnapshot } from '../driver/snapshot.ts';

export type RecordedInput =
  /** A primary-button pointer press, before the page's own handlers ran. */
  | { kind: 'click'; at: number; target: number; x: number; y: number; snapshot: PageSnapshot }
  /** A key that is not text editing in a field (Enter, Escape, Tab, arrows, a game's letter). */
  | { kind: 'key'; at: number; key: string; target: number; snapshot: PageSnapshot }
  /**
   * The value of a text field after an edit. `snapshot` is present on the first edit of a
   * field (taken before the keystroke); later edits of the same field carry only the value.
   */
  | { kind: 'edit'; at: number; xpath: string; value: string; target?: number; snapshot?: PageSnapshot }
  /** The window's vertical scroll position after a scroll (wheel, scroll bar, keys). */
  | { kind: 'scroll'; at: number; y: number; maxY: number; viewportHeight: number };

export type KeyRole = 'press' | 'edit' | 'ignore';

/** Keys that move the caret inside a text field: no step (the field's text is what counts). */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
/** Keys that change a field's text: part of a Type step. */
const EDIT_KEYS = new Set(['Backspace', 'Delete']);
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph', 'Fn', 'OS', 'Dead', 'Unidentified', 'Process']);

/**
 * What a key is in a recording. In a text field, characters and deletions are typing (a
 * Type step carries the field's text) and caret keys are nothing; Enter, Escape and Tab are
 * Presses everywhere. Outside a field every key but a bare modifier is a Press (a game's
 * arrows or letters). A shortcut with Control, Alt or Meta is ignored: the official step
 * types have no chord.
 */
export function keyRole(key: string, inEditable: boolean, chord: boolean): KeyRole {
  if (MODIFIERS.has(key) || chord) return 'ignore';
  if (!inEditable) return 'press';
  if (key === 'Enter' || key === 'Escape' || key === 'Tab') return 'press';
  if (CARET_KEYS.has(key)) return 'ignore';
  if (EDIT_KEYS.has(key) || [...key].length === 1) return 'edit';
  return 'ignore';
}
