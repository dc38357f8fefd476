// The check language: what a step must achieve, written once per logical assertion and
// evaluated on the live page after the step (src/checks/README.md). Plain JSON, versioned.

export const CHECKS_FORMAT = 'iwr-checks';
export const CHECKS_VERSION = 1;

/**
 * An element of the page. Checks are written for any candidate of a task, so the portable
 * forms are `description` (found by the resolver, as a Click step with that description
 * would find it) and `text` (the innermost visible element whose text contains it);
 * `selector` (CSS) suits pages one controls, such as a task's reference.
 */
export type Target = { description: string } | { text: string } | { selector: string };

export type Compare = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** Where text and elements count as seen: the viewport (what the judge's screenshot shows, default) or the whole page. */
export type Where = 'viewport' | 'page';

export type ElementState = 'checked' | 'selected' | 'disabled' | 'expanded' | 'focused';

export type LeafCheck =
  /** The text is (or, with present false, is not) visible; within an element when given. Case and spacing are ignored. */
  | { kind: 'text'; text: string; present?: boolean; within?: Target; where?: Where }
  /** How many visible elements match: innermost ones containing `text`, and/or matching `selector`. */
  | { kind: 'count'; text?: string; selector?: string; within?: Target; where?: Where; op: Compare; value: number }
  /** A field's current value. */
  | { kind: 'value'; target: Target; equals?: string; contains?: string }
  /** A state of an element (checked, selected, disabled, aria-expanded, focused). */
  | { kind: 'state'; target: Target; state: ElementState; is?: boolean }
  /** An element is visible (or hidden, with visible false); an element not found counts as hidden. */
  | { kind: 'visible'; target: Target; visible?: boolean; where?: Where }
  /** The document title. */
  | { kind: 'title'; equals?: string; contains?: string }
  /** The URL fragment, with its '#'. */
  | { kind: 'hash'; equals: string }
  /**
   * The first number shown in an element: compared with `value`, or, with `change`, its
   * difference from the same element's number just before the step ("increased by 1":
   * op '=', change 1). An element showing no number (a label, "Travellers") reads the
   * number of the nearest enclosing element that shows one ("Travellers − 2 +").
   */
  | { kind: 'number'; target: Target; op: Compare; value?: number; change?: number }
  /**
   * The element looks different from just before the step: its background, text or border
   * colour changed ("highlighted", "turns orange", "outlined in yellow"). The focus ring is
   * not counted: clicking focuses, and that is not the page answering.
   */
  | { kind: 'restyled'; target: Target }
  /**
   * The screenshot after the step differs from the one before in a region (the whole
   * viewport when none): at least `min` of its pixels (default 0.005) changed.
   */
  | { kind: 'changed'; region?: { x: number; y: number; width: number; height: number }; min?: number };

export type Check = LeafCheck | { all: Check[] } | { any: Check[] } | { not: Check };

export interface Provenance {
  /** 'hand': written by a person; 'model': drafted by a model, then approved by a person. */
  by: 'hand' | 'model';
  author?: string;
  model?: string;
  approvedBy?: string;
  /** ISO dates. */
  created: string;
  approved?: string;
}

/** One logical assertion compiled into a check. */
export interface CheckEntry {
  /** 0-based index of the step whose assertion this is. */
  step: number;
  /** The assertion text it was compiled from: a changed text makes the entry stale. */
  assertion: string;
  check: Check;
  provenance: Provenance;
}

/** `data/<id>/checks.json`. */
export interface ChecksFile {
  format: typeof CHECKS_FORMAT;
  version: number;
  entries: CheckEntry[];
}

// Between the app and the in-page agent --------------------------------------------------

/** How the agent finds an element: the app resolves descriptions to snapshot indexes first. */
export type ProbeTarget = { index: number } | { text: string } | { selector: string };

export type ProbeRead = 'text' | 'count' | 'value' | 'state' | 'visible' | 'title' | 'hash' | 'number' | 'restyled';

export interface Probe {
  id: string;
  read: ProbeRead;
  target?: ProbeTarget;
  /** count: elements containing this text / matching this selector. */
  text?: string;
  selector?: string;
  where?: Where;
}

/** What the agent saw for one probe: facts only; src/checks/verdict.ts decides. */
export interface Observation {
  id: string;
  /** The probe's element (or `within` scope) was found. */
  found: boolean;
  /** A short description of the element seen (tag, id, text), for the evidence. */
  element?: string;
  /** text: the visible text (normalised); number: the element's text. */
  text?: string;
  count?: number;
  value?: string;
  state?: Partial<Record<ElementState, boolean>>;
  visible?: boolean;
  title?: string;
  hash?: string;
  /** restyled: the element's colours (background, text, border) as one string. */
  style?: string;
  /** The probe could not be read (the page threw, the element went away). */
  error?: string;
}

// Verdicts ---------------------------------------------------------------------------------

export interface LeafEvidence {
  /** JSON path of the leaf in the entry's check, e.g. "check.all[1]". */
  path: string;
  kind: LeafCheck['kind'];
  pass: boolean;
  /** What was seen, in words: 'text "count: 1" found in <p#count>'. */
  seen: string;
}

export interface CheckVerdict {
  result: 'Yes' | 'No';
  /** One line: which leaves failed, or that all held. */
  summary: string;
  evidence: LeafEvidence[];
}
