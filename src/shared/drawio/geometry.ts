/**
 * Page geometry shared by the core and the renderer: rectangles in page px, top-left origin, as
 * the records hold them. Pure (no imports), so the browser bundle can use it too.
 */
export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Strict intersection: shapes that only touch do not overlap. */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The smallest rectangle holding all `rects`; undefined for none. */
export function boundsOf(rects: Iterable<Rect>): Rect | undefined {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const r of rects) {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.w);
    maxY = Math.max(maxY, r.y + r.h);
  }
  return minX === Infinity ? undefined : { x: minX, y: minY, w: maxX - minX, h: maxY - minY };
}

/** Margins on a shape's four sides, as the shape has them facing east, unflipped. */
export interface SideMargins {
  readonly top?: number;
  readonly right?: number;
  readonly bottom?: number;
  readonly left?: number;
}

/**
 * A box less margins that turn with a shape's `direction` (a quarter turn clockwise from east per
 * step: the bottom's margin is on the left facing south) and swap sides with its flips, each
 * rounded and at most the box's side, as diagrams.net's getDirectedBounds gives a callout's body
 * and a shape's label bounds.
 */
export function directedBounds(box: Rect, margins: SideMargins, direction = 'east', flipH = false, flipV = false): Rect {
  const across = (value = 0) => Math.round(Math.max(0, Math.min(box.w, value)));
  const down = (value = 0) => Math.round(Math.max(0, Math.min(box.h, value)));
  let [left, right, top, bottom] = [across(margins.left), across(margins.right), down(margins.top), down(margins.bottom)];
  const upright = direction === 'south' || direction === 'north';
  // A flip mirrors the margins in the shape's own frame, before it turns.
  if (upright ? flipV : flipH) [left, right] = [right, left];
  if (upright ? flipH : flipV) [top, bottom] = [bottom, top];
  const [l, t, r, b] =
    direction === 'south' ? [bottom, left, top, right] : direction === 'west' ? [right, bottom, left, top] : direction === 'north' ? [top, right, bottom, left] : [left, top, right, bottom];
  return { x: box.x + l, y: box.y + t, w: Math.max(0, box.w - l - r), h: Math.max(0, box.h - t - b) };
}

/** Groups as they nest: each one's parent among them, and how deep it lies (0 at the top). */
export interface Nesting<G> {
  readonly parentOf: ReadonlyMap<string, G>;
  readonly depth: ReadonlyMap<string, number>;
}

/**
 * How `groups` nest by their `parentId`, in one pass over the chains: a chain is walked once
 * however deep it is (no recursion), a parent outside `groups` counts as none, and a loop (which
 * only a broken model could hold) is cut where it closes.
 */
export function nestGroups<G extends { readonly id: string; readonly parentId?: string }>(groups: Iterable<G>): Nesting<G> {
  const byId = new Map<string, G>();
  for (const group of groups) byId.set(group.id, group);
  const parentOf = new Map<string, G>();
  const depth = new Map<string, number>();
  const walking = new Set<string>();
  for (const start of byId.values()) {
    const path: G[] = [];
    let current: G | undefined = start;
    while (current && !depth.has(current.id) && !walking.has(current.id)) {
      walking.add(current.id);
      path.push(current);
      const parent: G | undefined = current.parentId !== undefined ? byId.get(current.parentId) : undefined;
      const linked: G | undefined = parent && !walking.has(parent.id) ? parent : undefined;
      if (linked) parentOf.set(current.id, linked);
      current = linked;
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const parent = parentOf.get(path[i].id);
      depth.set(path[i].id, parent ? (depth.get(parent.id) ?? 0) + 1 : 0);
      walking.delete(path[i].id);
    }
  }
  return { parentOf, depth };
}
