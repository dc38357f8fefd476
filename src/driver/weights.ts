// Every number the resolver scores with, in one place. A candidate's score is a sum of
// these terms; unless a line says otherwise, HIGHER IS BETTER and a negative weight is a
// penalty. Tune by general behaviour over the conformance set, never for one case.

// --- What the description names --------------------------------------------------------

/** Per unit of text similarity (0..1) with a quoted label: a quote is the strongest clue a step gives. */
export const W_LABEL = 10;
/** Per unit of similarity of the unquoted target words: weaker, they mix labels with adjectives. */
export const W_WORDS = 6;
/** Label/words found only in the group context (card title, nearby heading): a hint, not an identity. */
export const W_CONTEXT = 3;
/** Share of a text match that counts when it comes from id/class/icon hints instead of visible text. */
export const HINT_MATCH_FACTOR = 0.7;
/** Share for words found partly in text, partly in class names: weaker than either alone matching fully. */
export const UNION_MATCH_FACTOR = 0.6;

// --- What kind of element it is ---------------------------------------------------------

/** Per unit of kind compatibility (0..1) with the kind the step names ("button", "checkbox"...). */
export const W_KIND = 5;
/** The step names a kind and the element is not one: wrong widgets must lose to right ones. */
export const W_KIND_MISMATCH = -3;
/** Element has an interactive signal; a step acts on something that reacts. */
export const W_INTERACTIVE = 2;
/** Click/Press on an element with no interactive signal: allowed (delegated handlers), but a reacting twin wins. */
export const W_NOT_INTERACTIVE = -1;
/** Generated pages are asked to put class `btn` on every clickable element (IWR prompt). */
export const W_BTN_CLASS = 0.5;
/** Type needs an editable target: nothing else can take text. */
export const W_EDITABLE_FOR_TYPE = 4;
/** Non-editable element for a Type step: effectively excluded. */
export const W_NOT_EDITABLE_FOR_TYPE = -12;

// --- Where and whether it can be acted on ----------------------------------------------

/** Not rendered (zero size, hidden, transparent): the official harness cannot click it either. */
export const W_INVISIBLE = -9;
/** Outside the viewport: still clickable after scrolling, but steps usually mean what is on screen. */
export const W_OFFSCREEN = -0.6;
/** Hit-test at the centre lands on another element (e.g. behind an open modal). */
export const W_COVERED = -3;
/** Disabled controls ignore clicks; prefer an enabled twin. */
export const W_DISABLED = -1;
/** Per unit of fit (0..1) with "top right", "bottom" ... */
export const W_POSITION = 3;
/** In the named region ("in the header", "in the modal"). */
export const W_REGION = 3.5;
/** Per unit of fit (0..1) with a relation to an anchor ("next to 'Milk'", "below the search box"). */
export const W_RELATION = 5;
/** The step's element_index (Type) points at this element: a tie-breaker, its index space is the recording's. */
export const W_ELEMENT_INDEX = 1.5;
/** "the empty square": an element showing no text fits; one showing a mark or number does not. */
export const W_EMPTY = 1.5;
/** Has focus: a Type/Press step without a target usually continues where the user is. */
export const W_FOCUSED = 0.75;

// --- Container vs content --------------------------------------------------------------

/** Per extra 100 characters of text beyond the match: prefer the tightest element that matches. */
export const W_EXTRA_TEXT_PER_100 = -0.4;
/** Cap on that penalty, so a long card can still win when the step asks for the card. */
export const EXTRA_TEXT_PENALTY_CAP = -1.5;
/** A descendant with the same text is an interactive target: the wrapper yields to it. */
export const W_WRAPPER_OF_TARGET = -1;

// --- Decision -------------------------------------------------------------------------

/** Below this total the step fails with `no element matches "<description>"`. */
export const MIN_SCORE = 3.5;
/** Candidates within this fraction of the best non-ordinal score count as "the same kind of thing" for ordinals and grids. */
export const ORDINAL_GROUP_RATIO = 0.8;
/** Groups of like elements (same tag+classes) within this of the best group are compared by size for ordinals/grids. */
export const PARTITION_SLACK = 2.6;
/** Score at which confidence reaches its ceiling (a quoted exact label on the right kind ~ 15). */
export const FULL_CONFIDENCE_SCORE = 14;
/** Lead over the runner-up at which the margin no longer lowers confidence. */
export const FULL_CONFIDENCE_MARGIN = 4;
/** How many runner-ups a result lists. */
export const MAX_ALTERNATIVES = 5;
/** Anchors within this fraction of the best anchor score are all considered for a relation. */
export const ANCHOR_GROUP_RATIO = 0.85;
/** An anchor must reach this (same scale as MIN_SCORE) to count at all. */
export const MIN_ANCHOR_SCORE = 2.5;
/** "on the photo": a candidate drawn over the anchor (overlay button) is nearly as good as one inside it. */
export const OVERLAY_INSIDE_FIT = 0.9;
/** Inside the section a heading anchor titles ("the more icon of the Done list" under h2 "Done"). */
export const SECTION_FIT = 0.95;
/** "the dot for slide 4" where the dot itself is labelled "slide 4": the anchor is the target. */
export const SELF_ANCHOR_FIT = 0.8;
/** Distance (CSS px) at which "next to" proximity has fallen to one half. */
export const NEAR_HALF_DISTANCE = 120;
