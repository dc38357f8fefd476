// Where an action aims, from an element's box and the viewport: shared by the in-page agent
// (live boxes) and the trusted input backend (snapshot boxes), so both follow one rule.

/** A rectangle in CSS pixels of the frame's viewport. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** "Scroll it into view first": entirely outside the viewport, or cut at the top or bottom. */
export function needsScroll(box: Box, vp: Viewport): boolean {
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  return right <= 0 || bottom <= 0 || box.x >= vp.width || box.y >= vp.height || box.y < 0 || bottom > vp.height;
}

/** Centre of the part of the box inside the viewport, as a user would aim; null when none is. */
export function visibleCentre(box: Box, vp: Viewport): { x: number; y: number } | null {
  const left = Math.max(box.x, 0);
  const top = Math.max(box.y, 0);
  const right = Math.min(box.x + box.width, vp.width);
  const bottom = Math.min(box.y + box.height, vp.height);
  if (right <= left || bottom <= top) return null;
  return { x: (left + right) / 2, y: (top + bottom) / 2 };
}
