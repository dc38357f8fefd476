// The step model of a recording (pure): a list of recorded inputs becomes official steps.
// - a click is a Click step;
// - consecutive edits of one field are one Type step whose text is the field's final value
//   (the official Type fills the field: clears it, then types), and a click that only put
//   the caret in that field just before is folded into it;
// - a key press that is not typing is a Press step with the DOM key name;
// - consecutive scrolls are coalesced: one Scroll step per half viewport moved (the official
//   replay scrolls half a viewport per step), at least one, with the direction moved.
import type { PageSnapshot } from '../driver/snapshot.ts';
import type { RecordedInput } from './inputs.ts';
import { needsScroll } from '../shared/box.ts';

export type RecordedAction =
  | { type: 'Click'; target: number; x: number; y: number }
  | { type: 'Type'; target: number; text: string }
  | { type: 'Press'; target: number; key: string }
  | { type: 'Scroll'; direction: 'up' | 'down'; pixels: number };

/** One recorded step before it is described: the action, the page before it, when. */
export interface RawStep {
  action: RecordedAction;
  /** The page just before the step (none for Scroll: the official rule needs no target). */
  snapshot?: PageSnapshot;
  /** Time of the first input of the step (ms, the recorder's clock). */
  at: number;
  /** Time of its last input. */
  end: number;
}

interface OpenEdit {
  xpath: string;
  step: RawStep & { action: { type: 'Type' } };
}

interface OpenScroll {
  from: number;
  to: number;
  viewportHeight: number;
  at: number;
  end: number;
}

/** Scroll steps for one coalesced run: half a viewport each, at least one. */
export function scrollSteps(from: number, to: number, viewportHeight: number, at: number, end: number): RawStep[] {
  const moved = to - from;
  if (Math.abs(moved) <= 5) return [];
  const half = Math.max(1, viewportHeight / 2);
  const n = Math.max(1, Math.round(Math.abs(moved) / half));
  const direction = moved > 0 ? 'down' : 'up';
  return Array.from({ length: n }, () => ({
    action: { type: 'Scroll' as const, direction, pixels: Math.round(Math.abs(moved) / n) },
    at,
    end,
  }));
}

export class StepRecorder {
  private done: RawStep[] = [];
  private edit: OpenEdit | null = null;
  private scroll: OpenScroll | null = null;
  /** Scroll position before the current run (the last position seen outside a run). */
  private lastY = 0;

  constructor(startY = 0) {
    this.lastY = startY;
  }

  push(input: RecordedInput): void {
    if (input.kind === 'scroll') {
      this.closeEdit();
      if (!this.scroll) this.scroll = { from: this.lastY, to: input.y, viewportHeight: input.viewportHeight, at: input.at, end: input.at };
      this.scroll.to = input.y;
      this.scroll.end = input.at;
      this.lastY = input.y;
      return;
    }
    this.closeScroll();
    if (input.kind === 'edit') {
      if (this.edit && this.edit.xpath === input.xpath) {
        this.edit.step.action.text = input.value;
        this.edit.step.end = input.at;
        return;
      }
      this.closeEdit();
      if (!input.snapshot || input.target === undefined) return; // a later edit of a field whose start was lost
      const step = {
        action: { type: 'Type' as const, target: input.target, text: input.value },
        snapshot: input.snapshot,
        at: input.at,
        end: input.at,
      };
      // A click that only focused this field is part of typing into it.
      const last = this.done.at(-1);
      if (last?.action.type === 'Click' && last.snapshot?.elements[last.action.target]?.xpath === input.xpath) {
        this.done.pop();
        step.at = last.at;
      }
      this.edit = { xpath: input.xpath, step };
      return;
    }
    this.closeEdit();
    if (input.kind === 'click') {
      this.done.push({
        action: { type: 'Click', target: input.target, x: input.x, y: input.y },
        snapshot: input.snapshot,
        at: input.at,
        end: input.at,
      });
      return;
    }
    this.done.push({
      action: { type: 'Press', target: input.target, key: input.key },
      snapshot: input.snapshot,
      at: input.at,
      end: input.at,
    });
  }

  /** Closes what is open (a field being typed into, a scroll run) and returns every step so far. */
  finish(): RawStep[] {
    this.closeEdit();
    this.closeScroll();
    return [...this.done];
  }

  /** The steps so far, the open ones included as they stand, without closing them. */
  peek(): RawStep[] {
    const out = [...this.done];
    if (this.edit && this.edit.step.action.text !== '') out.push(this.edit.step);
    if (this.scroll)
      out.push(...scrollSteps(this.scroll.from, this.scroll.to, this.scroll.viewportHeight, this.scroll.at, this.scroll.end));
    return out;
  }

  private closeEdit(): void {
    // A field typed into and emptied again leaves no step.
    if (this.edit && this.edit.step.action.text !== '') this.done.push(this.edit.step);
    this.edit = null;
  }

  private closeScroll(): void {
    const s = this.scroll;
    if (!s) return;
    this.scroll = null;
    this.done.push(...scrollSteps(s.from, s.to, s.viewportHeight, s.at, s.end));
  }
}

/** Every step of a list of inputs (a whole recording at once). */
export function stepsOf(inputs: readonly RecordedInput[], startY = 0): RawStep[] {
  const r = new StepRecorder(startY);
  for (const i of inputs) r.push(i);
  return r.finish();
}

/**
 * The replay scrolls this step's element into view before using it (it was cut at the top or
 * bottom of the view, or outside it, when the person used it; the official click does the
 * same), so the screenshot after the step will not match the recorded one.
 */
export function replayScrollsFirst(raw: RawStep): boolean {
  if ((raw.action.type !== 'Click' && raw.action.type !== 'Type') || !raw.snapshot) return false;
  const el = raw.snapshot.elements[raw.action.target];
  return !!el && needsScroll(el.box, raw.snapshot.viewport);
}
