// The structured query a step's description is read into (parse.ts) and the resolver scores
// elements against (query.ts). Plain data.
import type { Kind } from './kinds.ts';

export type Region = 'header' | 'footer' | 'nav' | 'sidebar' | 'modal' | 'main' | 'form';
export type RelationType = 'near' | 'below' | 'above' | 'left' | 'right' | 'inside' | 'group' | 'contains';

export interface TargetQuery {
  /** Quoted strings naming the element. */
  labels: string[];
  /** Unquoted content words naming it (kind/ordinal/position words removed). */
  words: string[];
  kinds: Kind[];
  /** 1-based; negative counts from the end (-1 = last). */
  ordinal?: number;
  /** "the second of the two trash icons": how many the ordinal counts over. */
  setSize?: number;
  position?: { v?: 'top' | 'bottom' | 'middle'; h?: 'left' | 'right' | 'center' };
  region?: Region;
  /** 1-based row and column; negative counts from the end; column 0 is the middle one. */
  grid?: { row: number; col: number };
  /** "The 400 Blows picture in the first row": the row of like things the target is in, with no column named (1-based; negative from the end). */
  row?: number;
  /** "the empty square": an element showing no text (a free board cell, an unfilled slot). */
  empty?: boolean;
  /** "the Done list", "the tic-tac-toe board": the region noun, split from the words naming it. */
  container?: string;
  /**
   * "seat 7", "slide 4": the noun and number of a numbered name. The resolver reads it as the
   * element showing that number ("7", "Slide 4") when there is one, else as the ordinal.
   */
  numbered?: { noun: string; n: number };
  /**
   * Names read from the description without quotes: a money amount ("$29/mo"), a number
   * before a noun ("the 16 tile"), a Title Case name with small words in it ("the To Do
   * column", "Add to Cart"). Matched like labels, but an element without them is not ruled out.
   */
  names?: string[];
  /** Colour and style words: "the green button", "the bold heading", "the crossed-out task". */
  look?: LookQuery;
  /** "the number of pending requests", "the price of the Pro plan": what shows a figure. */
  numeric?: boolean;
  /** The step names something one looks at, not a control ("badge", "heading", "counter"): being interactive is no clue. */
  passive?: boolean;
  /** "... to switch to dark mode": what the control does, matched against its title, label and text. */
  purpose?: string[];
  /** The phrase called it a box ("the First name box"): a field when typed into or pressed in. */
  boxed?: boolean;
  /** "the textarea", "the text area": a field of several lines rather than a one-line input. */
  multiline?: boolean;
  /** Anchors only: relations of the anchor itself ("the Fancy Product that costs $120.00"). */
  sub?: Relation[];
}

export interface LookQuery {
  /** Canonical colour words (see colours.ts). */
  colours: string[];
  /** Colours of the place it sits in ("the Search button in the black navbar"). */
  around?: string[];
  /** Colours of its border ("the input with the red border"). */
  borders?: string[];
  bold?: boolean;
  strike?: boolean;
  round?: boolean;
  /** Round and about as wide as tall: "the grey circle" is no pill. */
  circle?: boolean;
  outlined?: boolean;
  size?: 'big' | 'small';
}

export interface Relation {
  type: RelationType;
  anchor: TargetQuery;
}

export interface ParsedStep {
  action: string;
  target: TargetQuery;
  relations: Relation[];
  typed?: string;
  key?: string;
  direction?: 'up' | 'down' | 'left' | 'right';
  /** The control the verb works ("Tick ..." a checkbox), even when the target names a row or item. */
  verbKinds?: Kind[];
}
