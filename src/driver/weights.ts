// Every number the resolver scores with, in one place. A candidate's score is a sum of
// these terms; unless a line says otherwise, HIGHER IS BETTER and a negative weight is a
// penalty. Tune by general behaviour over the conformance set, never for one case.

// --- What the description names --------------------------------------------------------

/** Per unit of text similarity (0..1) with a quoted label: a quote is the strongest clue a step gives. */
export const W_LABEL = 10;
/** Per unit of similarity of a name read without quotes ("$29/mo", "the To Do column"): nearly a label, but never rules out. */
export const W_NAME = 8;
/** A name read without quotes that the element does not show: a penalty, not a rule-out (names may be paraphrased). */
export const W_NAME_MISS = -3;
/** Per unit of fit with the colours and styles the step names ("the green button", "the bold heading"). */
export const W_LOOK = 3;
/** The step names struck-through text and this element's text is not struck (see candidates.ts). */
export const W_NOT_STRUCK = -3;
/** "the number of ...", "the price of ...": an element showing a figure, or not. */
export const W_NUMERIC = 2.5;
/** Share of W_NUMERIC for a figure shown among words ("Microsoft 183", "Score: 12"). */
export const FIGURE_WITH_WORDS = 0.7;
/** Per unit of similarity of a purpose clause ("to switch to dark mode") with the control's title, label or text. */
export const W_PURPOSE = 3;
/** Words naming a table cell's column or row header ("the visitors number of the Instagram row"). */
export const W_CELL_HEADER = 6;
/** "the big pagination bar": the largest of near-equal candidates gains up to this. */
export const W_SIZE = 1.5;
/** Candidates within this of the best are compared by size. */
export const SIZE_SLACK = 2;
/** An element whose text is exactly a descendant's (a row around its one labelled cell): the descendant is meant. */
export const W_WRAPPER_OF_TEXT = -0.5;
/** An anchor for "in the X column" / "of the X row" that is a header or cell: that is what names a column. */
export const W_HEADER_ANCHOR = 1.5;
/** Per unit of similarity of the unquoted target words: weaker, they mix labels with adjectives. */
export const W_WORDS = 6;
/** The same when a quoted label is also given: the label carries the identity, the words only colour it. */
export const W_WORDS_WITH_LABEL = W_WORDS / 2;
/** Label/words found only in the group context (card title, nearby heading): a hint, not an identity. */
export const W_CONTEXT = 3;
/** Share of a text match that counts when it comes from id/class/icon hints instead of visible text. */
export const HINT_MATCH_FACTOR = 0.7;
/** A hint word borrowed from the subtree's classes, against the element's own: enough to break a tie towards the carrier. */
export const BORROWED_HINT_FACTOR = 0.95;
/** A text whose shape is what the words describe ("the email address": "zoila86@yahoo.com"): as good as its name. */
export const SHAPE_MATCH = 0.9;
/** Share for words found partly in text, partly in class names: weaker than either alone matching fully. */
export const UNION_MATCH_FACTOR = 0.6;
/** A quoted label matching an element below this similarity is missing from it (the element is ruled out). */
export const LABEL_MISS_SIMILARITY = 0.3;
/** A label found only in the element's group context counts above this similarity (it must be nearly the group's title)... */
export const CONTEXT_LABEL_MIN = 0.6;
/** A quoted label this close to the element's group text names it: no rule-out. */
export const CONTEXT_LABEL_EXACT = 0.9;
/** ...and unquoted words above this one (they are rarely the whole title). */
export const CONTEXT_WORDS_MIN = 0.4;
/** Words matching like elements this well name a series themselves ("the fourth dot"): counted as they are, not as items. */
export const SERIES_NAME_SIMILARITY = 0.6;

// --- What kind of element it is ---------------------------------------------------------

/** Per unit of kind compatibility (0..1) with the kind the step names ("button", "checkbox"...). */
export const W_KIND = 5;
/** A text area asked for by that name: a field of several lines beats a one-line input (less than a kind). */
export const W_MULTILINE = 2;
/** An editable element at least this tall (px) is a field of several lines (a one-line input is about 40). */
export const MULTILINE_MIN_PX = 60;
/** The step names a kind and the element is not one: wrong widgets must lose to right ones. */
export const W_KIND_MISMATCH = -3;
/** A small empty square painted in its own colour is a "square" (kind cell) to the eye, less surely than a board's cell. */
export const DRAWN_SQUARE_AS_CELL = 0.8;
/** Larger than this (px) it is a panel, not a square one points at. */
export const DRAWN_SQUARE_MAX_PX = 64;
/** A label naming a checkbox, radio or switch beside or inside it is nearly that control (the control itself wins when both show). */
export const LABEL_AS_CONTROL = 0.9;
/** px²: a control drawn no bigger than this is kept for screen readers only (the sr-only pattern clips it to 1x1). */
export const UNSEEN_CONTROL_MAX_AREA = 4;
/** Element has an interactive signal; a step acts on something that reacts. */
export const W_INTERACTIVE = 2;
/** Click/Press on an element with no interactive signal: allowed (delegated handlers), but a reacting twin wins. */
export const W_NOT_INTERACTIVE = -1;
/** Not a control, but inside one (a click on it reaches the control): half the control's credit. */
export const W_IN_CONTROL = W_INTERACTIVE / 2;
/** How far up a control may be, and how big (share of the viewport's area), for that credit. */
export const IN_CONTROL_LEVELS = 3;
/** How far up any walk over an element's ancestors goes: deeper than any real page's nesting, a guard against a malformed parent chain. */
export const ANCESTOR_LEVELS_MAX = 50;
export const IN_CONTROL_MAX_SCREEN = 0.25;
/** Generated pages are asked to put class `btn` on every clickable element (IWR prompt). */
export const W_BTN_CLASS = 0.5;
/** Type needs an editable target: nothing else can take text. */
export const W_EDITABLE_FOR_TYPE = 4;
/** A Press step names where the key goes: a field takes keys first... */
export const W_EDITABLE_FOR_PRESS = 3;
/** ...and text that cannot take focus hardly ever does. */
export const W_NOT_FOCUSABLE_FOR_PRESS = -2;
/** Non-editable element for a Type step: effectively excluded. */
export const W_NOT_EDITABLE_FOR_TYPE = -12;

// --- Where and whether it can be acted on ----------------------------------------------

/** Not rendered (zero size, hidden, transparent): the official harness cannot click it either. */
export const W_INVISIBLE = -9;
/** An anchor that is not rendered: a weaker penalty, an anchor is only a landmark for the eye. */
export const W_INVISIBLE_ANCHOR = W_INVISIBLE / 2;
/** Outside the viewport: still clickable after scrolling, but steps usually mean what is on screen. */
export const W_OFFSCREEN = -0.6;
/** Hit-test at the centre lands on another element (e.g. behind an open modal). */
export const W_COVERED = -3;
/** Disabled controls ignore clicks; prefer an enabled twin. */
export const W_DISABLED = -1;
/** A field marked hidden that CSS still draws (Choices.js's original input): the widget's own field is the one used. */
export const W_CONCEALED = -1;
/** A <label> when the step says "the ... box": the words name the box, the label only shows them. */
export const W_LABEL_FOR_BOX = -3;
/** "the red alert box": an element drawn as a box (its own fill or border) when the step says "box". */
export const W_DRAWN_BOX = 1;
/** Per unit of fit (0..1) with "top right", "bottom" ... */
export const W_POSITION = 3;
/** Extra position fit per viewport height beyond the edge: a tie-breaker only, never a lead. */
export const POSITION_BEYOND = 0.001;
/** In the named region ("in the header", "in the modal"). */
export const W_REGION = 3.5;
/** Per unit of fit (0..1) with a relation to an anchor ("next to 'Milk'", "below the search box"). */
export const W_RELATION = 5;
/** The step's element_index (Type) points at this element: a tie-breaker, its index space is the recording's. */
export const W_ELEMENT_INDEX = 1.5;
/** "the empty square": an element showing no text fits; one showing a mark or number does not. */
export const W_EMPTY = 1.5;
/** A focused field for a Type step: the replay's last click put the cursor there; a field the step names still wins. */
export const W_FOCUSED_FIELD = 3;

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
/** A Press whose described target was neither found nor focused goes to the page, as a guess. */
export const UNFOUND_KEY_TARGET_CONFIDENCE = 0.5;
/** Where a ruled-out candidate (missing a quoted label) is held: under MIN_SCORE whatever else it earns. */
export const RULED_OUT_SCORE = MIN_SCORE - 0.5;
/** Candidates within this fraction of the best non-ordinal score count as "the same kind of thing" for ordinals and grids. */
export const ORDINAL_GROUP_RATIO = 0.8;
/** Groups of like elements (same tag+classes) within this of the best group are compared by size for ordinals/grids. */
export const PARTITION_SLACK = 2.6;
/**
 * A partition whose best member fits the asked kind this much less than another partition's
 * is not equally good: twelve product cards, not the 150 links inside them, are "the products".
 */
export const PARTITION_KIND_SLACK = 0.65;
/** Score at which confidence reaches its ceiling (a quoted exact label on the right kind ~ 15). */
export const FULL_CONFIDENCE_SCORE = 14;
/** Lead over the runner-up at which the margin no longer lowers confidence. */
export const FULL_CONFIDENCE_MARGIN = 4;
/** The ordinal or grid pick is lifted this far above the group's best, so it wins clearly. */
export const ORDINAL_LEAD = 3;
/** "In the first row" with no column: each like thing of that row is lifted this much. */
export const ROW_LEAD = 2;
/** An ordinal counts candidates whose relation fit is within this of the best fit (the others are in another container). */
export const ORDINAL_RELATION_SLACK = 0.25;
/** The lowest score a member of an ordinal's group may have (absolute floor under the ratio and slack). */
export const ORDINAL_FLOOR_MIN = 1;
/** Inside the chosen partition, members this far below its best (a header row among data rows) do not count. */
export const MEMBER_SLACK = 1.5;
/**
 * An ordinal over a named kind counts the elements that are that kind, within this much of
 * the best kind fit: custom-drawn checkboxes (0.9) count with real ones (1), switches (0.8)
 * do not ("the second checkbox" on a form with a terms switch above it).
 */
export const ORDINAL_KIND_SLACK = 0.15;
/** A checkbox drawn or marked as a switch is a checkbox to this degree (a switch is a switch at 1). */
export const SWITCH_AS_CHECKBOX = 0.8;
/** An accordion's header that says role="tab": a tab only a little ("the Third tab" is the tab bar's). */
export const ACCORDION_HEADER_AS_TAB = 0.5;
/** A button with text and no fill or border is a link to the eye, nearly as much as an <a>. */
export const BARE_BUTTON_AS_LINK = 0.9;
/** A link drawn as a filled box with words, as a link and as a button (see kinds.ts). */
export const FILLED_LINK_AS_LINK = 0.9;
export const FILLED_LINK_AS_BUTTON = 0.8;
/** A small control showing one letter or digit as an icon (a drawn icon or a symbol is 1). */
export const TEXT_GLYPH_AS_ICON = 0.9;
/** "the second of the two": how many levels up a set of that size is looked for (a toolbar's buttons sit a level or two below it). */
export const SET_MAX_LEVELS = 4;
/** Boxes whose tops and heights differ by no more than this are drawn as one row (a set counted by eye). */
export const ROW_ALIGN_PX = 2;
/** Members of a set counted by number are drawn alike: the tallest at most this many times the shortest. */
export const SET_HEIGHT_RATIO = 2;
/** Grid rows: centres closer than half the median cell height share a row, and never closer than this (px). */
export const ROW_TOLERANCE_MIN_PX = 4;
/** How many runner-ups a result lists. */
export const MAX_ALTERNATIVES = 5;
/** Target candidates within this fraction of the best (before relations) are what an ordinal anchor must hold. */
export const HELD_TARGET_RATIO = 0.6;
/** Anchors within this fraction of the best anchor score are all considered for a relation. */
export const ANCHOR_GROUP_RATIO = 0.85;
/** An anchor must reach this (same scale as MIN_SCORE) to count at all. */
export const MIN_ANCHOR_SCORE = 2.5;
/** An anchor named only by its kind ("the row") with this many equal candidates is ignored: it points at none of them. */
export const BARE_ANCHOR_TIES = 3;
/** At most this many equally good anchors are tried ("next to 'Milk'" with several Milk texts). */
export const MAX_ANCHORS = 8;
/** Like anchors that make a plural anchor a series ("above the emails"): two may be chance. */
export const MIN_SERIES_ANCHORS = 3;
/** Anchors of anchors are followed this deep ("the button in the card under the heading"), no further. */
export const MAX_ANCHOR_DEPTH = 2;
/** Per XPath level a candidate shares less with the anchor than the closest contender does: groups are nested boxes. */
export const LCA_STEP_PENALTY = 0.25;
/** "the dot for slide 4" where the anchor is a dot itself: its like siblings fit "for" it at most this much. */
export const SIBLING_OF_NUMBERED_FIT = 0.2;
/** "on the photo": a candidate drawn over the anchor (overlay button) is nearly as good as one inside it. */
export const OVERLAY_INSIDE_FIT = 0.9;
/** A candidate covering this share of an icon anchor's box is part of the icon's drawing, not inside it. */
export const ICON_DRAWING_SHARE = 0.5;
/** Inside the section a heading anchor titles ("the more icon of the Done list" under h2 "Done"). */
export const SECTION_FIT = 0.95;
/** How far above its heading a section may reach (levels of snapshot ancestors). */
export const SECTION_MAX_LEVELS = 6;
/** Words longer than this before a list are a paragraph about it, not its title. */
export const CAPTION_MAX_CHARS = 40;
/** "the dot for slide 4" where the dot itself is labelled "slide 4": the anchor is the target. */
export const SELF_ANCHOR_FIT = 0.8;
/** "Douglas McGee's menu" where the name is the toggle itself: the anchor as the target, without a number to confirm it. */
export const SELF_GROUP_FIT = 0.6;
/** "the field for the invalid input": the anchor is of the kind asked, so it is the target itself. */
export const SELF_SAME_KIND_FIT = 1;
/** Distance (CSS px) at which "next to" proximity has fallen to one half. */
export const NEAR_HALF_DISTANCE = 120;
/** "the list": an element holding at least this many like siblings (same tag and classes) is one. */
export const LIST_MIN_ITEMS = 3;
/** "the number next to Firefox": a box touching the anchor only at a corner (the row above's cell) is not beside it; its proximity counts this much. */
export const NEAR_DIAGONAL_FACTOR = 0.7;

// --- Geometry of relations (0..1 fits; see geometry.ts) ---------------------------------

/** "the arrow on the right of the photo" inside the photo: the side starts counting past this share of its width... */
export const SIDE_START = 0.35;
/** ...and is full this much further on. */
export const SIDE_SPAN = 0.5;
/** Being on a side of the anchor from inside it fits a little less than lying beside it. */
export const SIDE_OF_ANCHOR_FIT = 0.9;
/** "the email from Kian": a card, item or row that holds the anchor. */
export const HOLDER_OF_ANCHOR_FIT = 0.85;
/** "in the card" for an element outside the card but in its group: up to this much. */
export const INSIDE_BY_GROUP_FIT = 0.7;
/** "the count next to Iphone": the rest of the anchor's text reads as its words at least this well. */
export const BESIDE_WORDS_SIMILARITY = 0.9;
/** "Dave Li's row": an element of the row whose first cell holds the name. */
export const ROW_OF_NAME_FIT = 0.9;
/** "next to X" for an element inside X: close, but "next to" means beside. */
export const NEAR_INSIDE_FIT = 0.6;
/** "near"/"of": share of the fit from sharing a group (the rest from pixel distance). */
export const GROUP_LCA_SHARE = 0.6;
/** Directional relations (below, left...): fit left at any distance on the right side... */
export const DIR_FLOOR = 0.35;
/** ...times this when not aligned with the anchor on the other axis (vertical relations)... */
export const DIR_OFF_AXIS_V = 0.6;
/** ...or this for horizontal ones (rows are looser than columns in layouts)... */
export const DIR_OFF_AXIS_H = 0.5;
/** ...of which this share depends on sharing the anchor's group. */
export const DIR_GROUP_SHARE = 0.4;
/** Overlap (px) tolerated before a box counts as on the wrong side. */
export const DIR_SLACK_PX = 4;
/** A table cell outside the named row or column keeps this share of its plain relation fit. */
export const OFF_LINE_CELL_FIT = 0.4;
/** "in the Pro column" with the column's header as the anchor: lies under it (a table, a board). */
export const SAME_COLUMN_FIT = 0.9;
/** "of the Instagram row" with a cell of the row as the anchor: lies level with it. */
export const SAME_ROW_FIT = 0.9;
/** On the wrong side, vertically: a little credit when in the same group (stacked layouts vary)... */
export const WRONG_SIDE_FIT_V = 0.2;
/** ...and horizontally (left/right are rarely confused). */
export const WRONG_SIDE_FIT_H = 0.1;
/** "in the header" by place alone (no landmark): the top band of the page, in CSS px... */
export const HEADER_BAND_PX = 90;
/** "in the header" for an element of a nav below the header band (a sidebar menu). */
export const SIDE_NAV_AS_HEADER = 0.5;
/** ..."in the footer": the bottom band of the page... */
export const FOOTER_BAND_PX = 150;
/** ...fit by place alone, less than a real landmark. */
export const REGION_BY_PLACE_FIT = 0.6;
/** A nav whose centre lies in this share of the viewport's width at either side is a sidebar by its place. */
export const SIDE_BAND = 0.3;

// --- Element kinds ----------------------------------------------------------------------

/** Repeated siblings with content are items to "the first dish", a little less surely than a card class says so. */
export const REPEATED_ITEM_DEGREE = 0.8;
/** Levels above a nameless field searched for the wrapper holding it and its <label> (the field's own box, then the wrapper). */
export const FIELD_LABEL_LEVELS = 2;
/** A box's header (class "...-header") with at most this much text is its title, a heading; longer, it holds more than a title. */
export const HEADER_TITLE_MAX_CHARS = 40;
/** A table's header cell as a heading ("the Stars column heading"), a little less than an <h2>. */
export const TABLE_HEADER_AS_HEADING = 0.8;
/** A row of <th> is a header row: a row only weakly, so "the second row" counts data rows. */
export const HEADER_ROW_DEGREE = 0.4;
/** A cell of a chosen row gets the click when it alone carries the description's words this well. */
export const NAMED_CELL_MATCH = 0.9;

/** "Open the modal example" for "Open Modal!": a label the step's own words spell, verb first, counts as its words would (W_WORDS). */
export const W_SPELLED_LABEL = 6;
/** Longer labels spelled by a description's words are coincidences more often than names. */
export const SPELLED_LABEL_MAX_WORDS = 4;

/** How much of the verb's kind ("Tick": checkbox) a control inside the chosen item must be to take the click. */
export const VERB_CONTROL_KIND = 0.9;

/** A quoted label matched only by a control's aria-label, which no one sees, counts this much of a shown one. */
export const UNSHOWN_LABEL_FACTOR = 0.95;

/** "In the yellow list" met by an item's own fill rather than what it sits on. */
export const OWN_FILL_AROUND_FIT = 0.8;
/** A circle's box is at most this much wider than tall (or taller than wide). */
export const CIRCLE_ASPECT_MAX = 1.3;
