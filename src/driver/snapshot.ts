// The page snapshot the in-page agent sends to the app: plain, serialisable data about
// every element a step could target. The resolver works only on this, so it is pure and
// testable in Node with hand-written snapshots.

import type { Box } from '../shared/box.ts';

export type { Box };

/**
 * How the element looks, for steps that name colours and styles ("the green button", "the
 * bold heading", "the crossed-out task", "the round avatar"). Colours are computed CSS values.
 */
export interface Look {
  /** Text colour. */
  fg?: string;
  /** Own background (colour, or a gradient's first colour), when it paints one. */
  bg?: string;
  /** The background it sits on: the nearest ancestor that paints one (when it has none itself). */
  bgAround?: string;
  /** Border colour, when it has a visible border. */
  border?: string;
  bold?: boolean;
  strike?: boolean;
  /** Corners rounded to a circle or pill. */
  round?: boolean;
  fontPx?: number;
}

export interface ElementSnapshot {
  /** Position in document order among snapshot elements (0-based); stable tie-breaker. */
  order: number;
  /** Absolute XPath with an index on every part: /html[1]/body[1]/div[2]/button[1]. */
  xpath: string;
  tag: string; // lower-case
  /** Explicit role attribute, or the implicit ARIA role of the tag. */
  role: string;
  /** Accessible name (aria-label, aria-labelledby, <label>, alt, title, text). */
  name: string;
  /** Visible text content, whitespace collapsed, truncated to 200 chars. */
  text: string;
  value?: string;
  placeholder?: string;
  alt?: string;
  title?: string;
  ariaLabel?: string;
  /** input type, e.g. "text", "checkbox". */
  inputType?: string;
  id?: string;
  classes: string[];
  /** `href` for links. */
  href?: string;
  /** Computed cursor === 'pointer'. */
  pointer: boolean;
  /** Has an inline on* handler or a listener registered via addEventListener (tracked by the agent). */
  listeners: string[];
  /** Bounding box in viewport CSS pixels at snapshot time. */
  box: Box;
  /** Rendered, non-zero size, not visibility:hidden, opacity > 0. */
  visible: boolean;
  /** Box intersects the viewport. */
  inViewport: boolean;
  disabled: boolean;
  /** checked state for checkboxes/radios. */
  checked?: boolean;
  /** Can receive text: input/textarea/contenteditable. */
  editable: boolean;
  /**
   * A form field marked hidden (the `hidden` attribute or aria-hidden="true") that CSS still
   * draws: a widget such as Choices.js keeps the original input this way beside the field it
   * made for typing, which is the one a person uses.
   */
  concealed?: boolean;
  /**
   * Landmark regions containing the element, innermost first, space separated: "form header".
   * Values: header, nav, main, footer, aside, form, dialog (from tags, roles, aria-modal and
   * page-level class names such as "navbar", "site-header", "modal").
   */
  landmark?: string;
  /** Index of the parent snapshot element, or -1: lets the resolver reason about containment. */
  parent: number;
  /** Text of a nearby heading or label that describes the group this element is in. */
  context?: string;
  /**
   * The headings of the sections the element lies in, in document order's outline (the last
   * h2 before it, the last h1 before that...), innermost first, at most three, without its own
   * text or context: where a person reads it ("the newsletter email box"). Controls, list
   * items, images and containers with a title only.
   */
  sections?: string[];
  /**
   * Has a signal that it can be acted on (interactive tag or role, class `btn`, own
   * cursor:pointer, listener, on* attribute, tabindex, contenteditable). False for the
   * text-bearing elements (headings, labels, cells...) kept only as relation anchors.
   */
  interactive?: boolean;
  /**
   * Words that hint at an icon: class names, ids, `data-icon`, `<use href="#...">` and
   * icon-font ligatures of the element's small subtree, e.g. "fa fa-shopping-cart".
   */
  iconHint?: string;
  /** Hit-test at the box centre finds this element (or its subtree); false = covered. Undefined when not tested. */
  onTop?: boolean;
  look?: Look;
  /**
   * What CSS draws in ::before / ::after: text ("Score") or the words for an icon-font glyph
   * ("angle left arrow"). Read for elements with little text of their own.
   */
  pseudo?: string;
  /**
   * The element's own text is there but not drawn (font-size 0 or a transparent colour): a
   * label kept for screen readers while CSS draws an icon in its place (TodoMVC's "Mark all
   * as complete", drawn as a chevron).
   */
  textHidden?: boolean;
  /** Table cells: the text of the column's header cell and of the row's first cell. */
  cell?: { column?: string; row?: string };
  /**
   * Drawn wholly past an edge of the page where no scrolling brings it into view: a closed
   * drawer slid off the side (fixed, or in a page that cannot scroll sideways), a skip link
   * parked at left: -9999px. A person watching the recording never saw it.
   */
  offCanvas?: boolean;
}

export interface PageSnapshot {
  viewport: { width: number; height: number };
  scroll: { x: number; y: number; maxY: number };
  /** Element with focus, as an index into `elements`, or -1. */
  focused: number;
  elements: ElementSnapshot[];
  /** Elements looked at / in the document; the collector caps its work on huge pages. */
  scanned?: number;
  totalElements?: number;
  /** True when a cap cut the collection short (elements after the cap were only cheaply checked or skipped). */
  truncated?: boolean;
}
