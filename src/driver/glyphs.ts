// What a simple line icon draws, read from its SVG geometry: many icon-only controls are an
// inline <svg> with no title or label (Heroicons, Feather, Lucide, Tabler, hand-drawn), and a
// step names them by their look ("the little x", "the three-line menu", "the arrow pointing
// down"). Only stroke-style shapes are read: a handful of lines, polylines, dots and circles.
// Filled icon paths (Font Awesome's SVGs, Bootstrap Icons) are not guessed at; those sets name
// their icons in classes or data-icon, which the snapshot reads instead. Pure.

export type Primitive =
  | { kind: 'path'; d: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'polyline'; points: string }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'rect'; x: number; y: number; width: number; height: number };

interface Pt {
  x: number;
  y: number;
}
type Stroke = Pt[];

const NUM = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/**
 * Path data to polylines (curves as their end points, flagged), one per subpath. A subpath
 * drawn only with arcs is a ring (circles are often two half arcs): centre and radius.
 */
export function pathStrokes(d: string): { strokes: Stroke[]; curved: boolean; rings: { c: Pt; r: number }[] } {
  const strokes: Stroke[] = [];
  const rings: { c: Pt; r: number }[] = [];
  let arcsOnly = true;
  let cur: Stroke = [];
  const close = () => {
    if (cur.length > 1 && arcsOnly) {
      const xs = cur.map((q) => q.x);
      const ys = cur.map((q) => q.y);
      const w = Math.max(...xs) - Math.min(...xs);
      const h = Math.max(...ys) - Math.min(...ys);
      rings.push({ c: { x: (Math.max(...xs) + Math.min(...xs)) / 2, y: (Math.max(...ys) + Math.min(...ys)) / 2 }, r: Math.max(w, h) / 2 });
    } else if (cur.length) strokes.push(cur);
    cur = [];
    arcsOnly = true;
  };
  let p: Pt = { x: 0, y: 0 };
  let start: Pt = { x: 0, y: 0 };
  let curved = false;
  // A scanner, not a tokenizer: arc flags are single digits that may touch the next number ("a7 7 0 11-14 0").
  let at = 0;
  const skip = () => {
    while (at < d.length && /[\s,]/.test(d[at] as string)) at++;
  };
  const num = (): number => {
    skip();
    const m = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/i.exec(d.slice(at));
    if (!m) {
      at = d.length;
      return NaN;
    }
    at += m[0].length;
    return Number(m[0]);
  };
  const flag = (): number => {
    skip();
    return d[at++] === '1' ? 1 : 0;
  };
  const more = () => {
    skip();
    return at < d.length && /[-+.\d]/.test(d[at] as string);
  };
  const to = (q: Pt) => {
    p = q;
    cur.push(q);
  };
  let cmd = '';
  while (at < d.length) {
    skip();
    if (at >= d.length) break;
    if (/[a-zA-Z]/.test(d[at] as string)) cmd = d[at++] as string;
    else if (!cmd) {
      at++;
      continue;
    }
    const rel = cmd === cmd.toLowerCase();
    const C = cmd.toUpperCase();
    if (C === 'Z') {
      if (cur.length) {
        to(start);
        close();
        cur = [p];
      }
      continue;
    }
    do {
      const base = rel ? p : { x: 0, y: 0 };
      if (C === 'M') {
        if (cur.length > 1) close();
        p = { x: base.x + num(), y: base.y + num() };
        start = p;
        cur = [p];
        arcsOnly = true;
        // Further pairs after M are line-tos.
        cmd = rel ? 'l' : 'L';
        break;
      }
      if (C === 'L') to({ x: base.x + num(), y: base.y + num() });
      else if (C === 'H') to({ x: (rel ? p.x : 0) + num(), y: p.y });
      else if (C === 'V') to({ x: p.x, y: (rel ? p.y : 0) + num() });
      else if (C === 'C') {
        curved = true;
        num();
        num();
        num();
        num();
        to({ x: base.x + num(), y: base.y + num() });
      } else if (C === 'S' || C === 'Q') {
        curved = true;
        num();
        num();
        to({ x: base.x + num(), y: base.y + num() });
      } else if (C === 'T') {
        curved = true;
        to({ x: base.x + num(), y: base.y + num() });
      } else if (C === 'A') {
        curved = true;
        num();
        num();
        num();
        flag();
        flag();
        to({ x: base.x + num(), y: base.y + num() });
      } else {
        at = d.length;
        break;
      }
      if (C !== 'A') arcsOnly = false;
      if (Number.isNaN(p.x) || Number.isNaN(p.y)) return { strokes: [], curved: true, rings: [] };
    } while (more());
  }
  if (cur.length > 1) close();
  return { strokes: strokes.filter((s) => s.length > 0), curved, rings };
}

function pointsOf(s: string): Pt[] {
  const n = (s.match(NUM) ?? []).map(Number);
  const out: Pt[] = [];
  for (let i = 0; i + 1 < n.length; i += 2) out.push({ x: n[i] as number, y: n[i + 1] as number });
  return out;
}

const dist = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y);

interface Seg {
  a: Pt;
  b: Pt;
  len: number;
  /** Degrees in [0, 180). */
  angle: number;
}

function segOf(a: Pt, b: Pt): Seg {
  let angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  if (angle < 0) angle += 180;
  if (angle >= 180) angle -= 180;
  return { a, b, len: dist(a, b), angle };
}

const isHorizontal = (s: Seg) => s.angle < 12 || s.angle > 168;
const isVertical = (s: Seg) => Math.abs(s.angle - 90) < 12;
const isDiagonal = (s: Seg) => Math.abs(s.angle - 45) < 20 || Math.abs(s.angle - 135) < 20;
const mid = (s: Seg): Pt => ({ x: (s.a.x + s.b.x) / 2, y: (s.a.y + s.b.y) / 2 });

/** Names a step might use for the icon, or [] when the shape is not one of the simple ones. */
export function classifyGlyph(prims: Primitive[], viewBox?: { width: number; height: number }): string[] {
  const strokes: Stroke[] = [];
  const circles: { c: Pt; r: number }[] = [];
  let curved = false;
  for (const p of prims) {
    if (p.kind === 'path') {
      const r = pathStrokes(p.d);
      curved ||= r.curved;
      strokes.push(...r.strokes);
      circles.push(...r.rings);
    } else if (p.kind === 'line')
      strokes.push([
        { x: p.x1, y: p.y1 },
        { x: p.x2, y: p.y2 },
      ]);
    else if (p.kind === 'polyline') strokes.push(pointsOf(p.points));
    else if (p.kind === 'circle') circles.push({ c: { x: p.cx, y: p.cy }, r: p.r });
    else if (p.kind === 'rect') {
      // A thin bar (hamburger lines drawn as rects) is a stroke along its long side.
      if (p.height <= p.width / 4)
        strokes.push([
          { x: p.x, y: p.y + p.height / 2 },
          { x: p.x + p.width, y: p.y + p.height / 2 },
        ]);
      else if (p.width <= p.height / 4)
        strokes.push([
          { x: p.x + p.width / 2, y: p.y },
          { x: p.x + p.width / 2, y: p.y + p.height },
        ]);
    }
  }
  const size = Math.max(viewBox?.width ?? 24, viewBox?.height ?? 24, 1);
  // Zero-length strokes are dots (Heroicons draw "⋯" as three h.01 moves).
  const dots: Pt[] = [...circles.filter((c) => c.r <= size / 8).map((c) => c.c)];
  const big = circles.filter((c) => c.r > size / 8);
  const segs: Seg[] = [];
  const polys: Stroke[] = [];
  for (const s of strokes) {
    const span = s.length ? Math.max(...s.map((q) => dist(q, s[0] as Pt))) : 0;
    if (span < size / 20) {
      if (s[0]) dots.push(s[0]);
      continue;
    }
    polys.push(s);
    for (let k = 0; k + 1 < s.length; k++) {
      const g = segOf(s[k] as Pt, s[k + 1] as Pt);
      if (g.len > size / 40) segs.push(g);
    }
  }
  if (curved && !big.length && segs.length > 6) return [];
  const names: string[] = [];
  // Three dots in a row: the "more" (kebab / meatballs) menu.
  if (dots.length === 3 && segs.length === 0 && !big.length) {
    const xs = dots.map((d) => d.x);
    const ys = dots.map((d) => d.y);
    const vertical = Math.max(...ys) - Math.min(...ys) > Math.max(...xs) - Math.min(...xs);
    return vertical ? ['more', 'dots', 'vertical', 'kebab'] : ['more', 'dots', 'horizontal', 'ellipsis'];
  }
  // Parallel horizontal bars stacked: the menu ("hamburger", "three lines").
  if (segs.length >= 2 && segs.length <= 4 && segs.every(isHorizontal) && !big.length) {
    const ys = segs.map((s) => mid(s).y).sort((a, b) => a - b);
    const spread = (ys.at(-1) as number) - (ys[0] as number);
    if (spread > size / 5) return segs.length === 3 ? ['menu', 'hamburger', 'lines', 'bars'] : ['menu', 'lines', 'bars'];
    if (segs.length === 1 || spread < size / 20) return ['minus'];
  }
  if (segs.length === 1 && isHorizontal(segs[0] as Seg) && !big.length && !dots.length) return ['minus'];
  if (segs.length === 2 && !big.length) {
    const [s, t] = segs as [Seg, Seg];
    const m1 = mid(s);
    const m2 = mid(t);
    const crossing = dist(m1, m2) < size / 6 && Math.abs(s.len - t.len) < Math.max(s.len, t.len) / 3;
    if (crossing && isDiagonal(s) && isDiagonal(t) && Math.abs(s.angle - t.angle) > 60) return ['close', 'x', 'cross', 'times'];
    if (crossing && ((isHorizontal(s) && isVertical(t)) || (isVertical(s) && isHorizontal(t)))) return ['plus', 'add'];
  }
  // One polyline of two legs meeting at an apex: a chevron (or a tick).
  const legs =
    polys.length === 1 && (polys[0] as Stroke).length === 3
      ? (polys[0] as Stroke)
      : segs.length === 2 && dist(segs[0]!.b, segs[1]!.a) < size / 20
        ? [segs[0]!.a, segs[0]!.b, segs[1]!.b]
        : null;
  if (legs && !big.length) {
    const [a, apex, b] = legs as [Pt, Pt, Pt];
    const l1 = dist(a, apex);
    const l2 = dist(apex, b);
    if (Math.abs(l1 - l2) < Math.max(l1, l2) / 3) {
      const ends = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const dx = apex.x - ends.x;
      const dy = apex.y - ends.y;
      const dir = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
      return ['chevron', 'arrow', dir, dir === 'right' ? 'next' : dir === 'left' ? 'previous' : dir === 'down' ? 'expand' : 'collapse'];
    }
    // One leg clearly longer than the other, meeting at the lowest point: a tick.
    if (Math.max(l1, l2) > Math.min(l1, l2) * 1.4 && apex.y > a.y && apex.y > b.y) return ['check', 'tick', 'done'];
  }
  // A chevron head on a shaft: an arrow.
  if (segs.length === 3 && !big.length) {
    const shaft = [...segs].sort((p, q) => q.len - p.len)[0] as Seg;
    if (isHorizontal(shaft) || isVertical(shaft)) {
      const heads = segs.filter((g) => g !== shaft);
      const tip = [shaft.a, shaft.b].find((e) => heads.every((h) => dist(h.a, e) < size / 10 || dist(h.b, e) < size / 10));
      if (tip) {
        const other = tip === shaft.a ? shaft.b : shaft.a;
        const dir = isHorizontal(shaft) ? (tip.x > other.x ? 'right' : 'left') : tip.y > other.y ? 'down' : 'up';
        names.push('arrow', dir, dir === 'right' ? 'next' : dir === 'left' ? 'previous' : dir === 'down' ? 'download' : 'upload');
        return names;
      }
    }
  }
  // A ring with a short handle at the lower right: search.
  if (big.length === 1 && segs.length === 1) {
    const ring = big[0] as { c: Pt; r: number };
    const h = segs[0] as Seg;
    const far = dist(h.a, ring.c) > dist(h.b, ring.c) ? h.a : h.b;
    if (isDiagonal(h) && far.x > ring.c.x && far.y > ring.c.y) return ['search', 'magnifier'];
  }
  if (big.length === 1 && segs.length === 0 && dots.length === 0) return ['circle'];
  return names;
}

const PATH_COMMAND = /[MZLHVCSQTAmzlhvcsqta]/;
const NUMBER_AT = /[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/iy;
/** Tabler's invisible first path, the icon's bounding box: no part of what it draws. */
const BOUNDING_BOX = /^M 0 0 h (\d+) v \1 H 0 z$/;

/** A coordinate as the geometry keys write it: rounded to hundredths, -0 as 0. */
const hundredths = (n: number): string => String(Math.round(n * 100) / 100 || 0);

/**
 * Path data in one spelling: commands and numbers (to 0.01) separated by single spaces,
 * whatever the source's separators, compacted arc flags ("0 006 3.75" is "0 0 0 6 3.75") or
 * the case of its close command. '' when it does not read as path data.
 */
export function canonicalPath(d: string): string {
  const out: string[] = [];
  let at = 0;
  let cmd = '';
  let arg = 0;
  while (at < d.length) {
    const ch = d[at] as string;
    if (ch === ' ' || ch === ',' || ch === '\n' || ch === '\t' || ch === '\r') {
      at++;
      continue;
    }
    if (PATH_COMMAND.test(ch)) {
      cmd = ch;
      arg = 0;
      out.push(ch === 'Z' ? 'z' : ch);
      at++;
      continue;
    }
    // An arc's fourth and fifth arguments are one-digit flags, which may touch what follows.
    if ((cmd === 'a' || cmd === 'A') && (arg % 7 === 3 || arg % 7 === 4)) {
      if (ch !== '0' && ch !== '1') return '';
      out.push(ch);
      at++;
      arg++;
      continue;
    }
    NUMBER_AT.lastIndex = at;
    const m = NUMBER_AT.exec(d);
    if (!m) return '';
    out.push(hundredths(Number(m[0])));
    at += m[0].length;
    arg++;
  }
  return out.join(' ');
}

/**
 * The corners of a path drawn with straight lines only (one subpath, no curve), absolute, as
 * `pathStrokes` reads them; null otherwise. Feather's star is a `<polygon>`; a page that copies
 * it as `<path d="M12 2l3.09 6.26L22 9.27...z">` draws the same corners.
 */
function lineCorners(d: string): Pt[] | null {
  const { strokes, curved, rings } = pathStrokes(d);
  const only = strokes[0];
  return curved || rings.length || strokes.length !== 1 || !only || only.length < 3 ? null : only;
}

/**
 * The same shapes with each straight-line path spelled as the polygon it draws, with and
 * without its first corner repeated at the end: the other spellings of an icon whose key
 * (shapeKey) a set's table knows. Empty when no path is drawn with straight lines only.
 */
export function polygonSpellings(prims: Primitive[]): Primitive[][] {
  const corners = prims.map((p) => (p.kind === 'path' ? lineCorners(p.d) : null));
  if (!corners.some(Boolean)) return [];
  const spell = (closed: boolean): Primitive[] =>
    prims.map((p, k) => {
      const c = corners[k];
      if (!c) return p;
      const written = c.map((q) => `${hundredths(q.x)} ${hundredths(q.y)}`);
      const open = written.length > 1 && written[0] === written.at(-1) ? written.slice(0, -1) : written;
      return { kind: 'polyline', points: (closed ? [...open, open[0] as string] : open).join(' ') };
    });
  return [spell(true), spell(false)];
}

/**
 * A key for an icon's exact geometry (FNV-1a of its shapes in one spelling, 8 hex digits), so
 * an inline SVG copied from a well-known icon set is known by its set's name for it
 * (`src/agent/icon-keys.ts`) when nothing in the markup names it. '' for no shapes.
 */
export function shapeKey(prims: Primitive[]): string {
  const parts: string[] = [];
  for (const p of prims) {
    if (p.kind === 'path') {
      const d = canonicalPath(p.d);
      if (d && !BOUNDING_BOX.test(d)) parts.push(d);
    } else if (p.kind === 'line') parts.push(`l ${hundredths(p.x1)} ${hundredths(p.y1)} ${hundredths(p.x2)} ${hundredths(p.y2)}`);
    else if (p.kind === 'polyline') parts.push(`p ${(p.points.match(NUM) ?? []).map((n) => hundredths(Number(n))).join(' ')}`);
    else if (p.kind === 'circle') parts.push(`c ${hundredths(p.cx)} ${hundredths(p.cy)} ${hundredths(p.r)}`);
    else parts.push(`r ${hundredths(p.x)} ${hundredths(p.y)} ${hundredths(p.width)} ${hundredths(p.height)}`);
  }
  if (!parts.length) return '';
  const text = parts.join(';');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
