/**
 * Where shapes go: next to another shape, in a region of the canvas, after the last touched
 * shape in the flow direction; pushing shapes along the flow when a move makes them overlap; and
 * turning a diagram to a new flow direction.
 */
import type { DrawioEdit } from './edit';
import { FIRST_SHAPE_POSITION, type FlowDirection, PLACEMENT_GAP, type Port, type ShapeRecord } from '../../../shared/drawio/model';
import { type PageIndex, type Rect, rectsOverlap } from './store-index';
import { type Direction, REGIONS, type Region, badParam, parsePoint } from './values';
import { type DrawioView, boundsOf } from './view';

export interface Size {
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The canvas `map` reports and regions divide: the content with a margin, never smaller than this. */
export const CANVAS_MIN: Size = { w: 800, h: 600 };
export const CANVAS_MARGIN = 100;
/** Distance of region placements from the canvas edge. */
const REGION_PADDING = 40;

const DIRECTION_VECTORS: Record<Direction, readonly [number, number]> = {
  right: [1, 0],
  left: [-1, 0],
  above: [0, -1],
  below: [0, 1],
  'below-right': [1, 1],
  'below-left': [-1, 1],
  'above-right': [1, -1],
  'above-left': [-1, -1],
};

/** The direction "next" means in a flow: TB below, LR right, BT above, RL left. */
export function flowDirection(flow: FlowDirection): Direction {
  return ({ TB: 'below', LR: 'right', BT: 'above', RL: 'left' } as const)[flow];
}

/**
 * A shape of `size` beside `anchor` in `dir`, one gap away; the edges it does not move away from
 * stay aligned with the anchor's (right: same top; below: same left).
 */
export function besidePosition(anchor: Rect, size: Size, dir: Direction): Point {
  const [dx, dy] = DIRECTION_VECTORS[dir];
  const x = dx > 0 ? anchor.x + anchor.w + PLACEMENT_GAP : dx < 0 ? anchor.x - PLACEMENT_GAP - size.w : anchor.x;
  const y = dy > 0 ? anchor.y + anchor.h + PLACEMENT_GAP : dy < 0 ? anchor.y - PLACEMENT_GAP - size.h : anchor.y;
  return { x, y };
}

/** Steps from `start` in `dir`, past whatever is in the way, until a shape of `size` overlaps nothing. */
export function findFreeSpot(page: PageIndex, start: Point, size: Size, dir: Direction, ignore?: ReadonlySet<string>): Point {
  const [dx, dy] = DIRECTION_VECTORS[dir];
  let { x, y } = start;
  for (let attempt = 0; attempt <= page.shapes.size; attempt++) {
    const rect = { x, y, ...size };
    const blockers: ShapeRecord[] = [];
    for (const id of page.grid.candidates(rect)) {
      const shape = page.shapes.get(id);
      if (shape && !ignore?.has(id) && rectsOverlap(rect, shape)) blockers.push(shape);
    }
    if (blockers.length === 0) break;
    if (dx > 0) x = Math.max(...blockers.map((b) => b.x + b.w)) + PLACEMENT_GAP;
    if (dx < 0) x = Math.min(...blockers.map((b) => b.x)) - PLACEMENT_GAP - size.w;
    if (dy > 0) y = Math.max(...blockers.map((b) => b.y + b.h)) + PLACEMENT_GAP;
    if (dy < 0) y = Math.min(...blockers.map((b) => b.y)) - PLACEMENT_GAP - size.h;
  }
  return { x, y };
}

const roundDown10 = (n: number) => Math.floor(n / 10) * 10;
const roundUp10 = (n: number) => Math.ceil(n / 10) * 10;

/** The page area: from (0,0) (or further up-left if shapes are there) to the content plus a margin. */
export function canvasOf(shapes: Iterable<Rect>): Rect {
  const content = boundsOf(shapes);
  if (!content) return { x: 0, y: 0, ...CANVAS_MIN };
  // The canvas starts at the page origin unless shapes lie left of or above it.
  const x = content.x < 0 ? roundDown10(content.x - CANVAS_MARGIN) : 0;
  const y = content.y < 0 ? roundDown10(content.y - CANVAS_MARGIN) : 0;
  const right = Math.max(x + CANVAS_MIN.w, roundUp10(content.x + content.w + CANVAS_MARGIN));
  const bottom = Math.max(y + CANVAS_MIN.h, roundUp10(content.y + content.h + CANVAS_MARGIN));
  return { x, y, w: right - x, h: bottom - y };
}

/** Top-left of a shape of `size` in one of the nine regions of `canvas`. */
export function regionPosition(region: Region, canvas: Rect, size: Size): Point {
  const [row, column] = region === 'center' ? ['middle', 'center'] : region.split('-');
  const x =
    column === 'left'
      ? canvas.x + REGION_PADDING
      : column === 'right'
        ? canvas.x + canvas.w - REGION_PADDING - size.w
        : canvas.x + (canvas.w - size.w) / 2;
  const y =
    row === 'top'
      ? canvas.y + REGION_PADDING
      : row === 'bottom'
        ? canvas.y + canvas.h - REGION_PADDING - size.h
        : canvas.y + (canvas.h - size.h) / 2;
  return { x: Math.round(x), y: Math.round(y) };
}

export type Target = { point: Point } | { region: Region };

/** `at:300,200` or `at:top-right` (also `to:`). */
export function parseTarget(key: string, value: string): Target {
  if (/^[\s(]*-?\d/.test(value)) return { point: parsePoint(key, value) };
  const region = REGIONS.find((r) => r === value.toLowerCase());
  if (!region) {
    throw badParam(`bad ${key} "${value}": expected X,Y or a region`, `${key}:300,200 or ${key}:${REGIONS.join('|')}`);
  }
  return { region };
}

export interface PlacementRequest {
  size: Size;
  target?: Target;
  near?: Rect;
  dir?: Direction;
  /** Anchor when there is neither target nor near (the last touched shape), if any. */
  after?: Rect;
}

/**
 * Where a new shape goes. An explicit X,Y is taken as given; every other placement steps on
 * past shapes in the way, so a new shape never lands on an old one.
 */
export function placeShape(view: DrawioView, request: PlacementRequest): Point {
  const page = view.page;
  const flowDir = flowDirection(view.meta.flow);
  const { size, target } = request;
  if (target && 'point' in target) return target.point;
  if (target) {
    const start = regionPosition(target.region, canvasOf(page.shapes.values()), size);
    return findFreeSpot(page, start, size, request.dir ?? flowDir);
  }
  const anchor = request.near ?? request.after;
  if (!anchor) return findFreeSpot(page, FIRST_SHAPE_POSITION, size, request.dir ?? flowDir);
  const dir = request.dir ?? flowDir;
  return findFreeSpot(page, besidePosition(anchor, size, dir), size, dir);
}

/**
 * After `pushers` moved: every shape they now overlap that lies downstream in the flow (its
 * centre not upstream of the pusher's) moves to one gap past the pusher, and pushes on in turn.
 * Shapes in `fixed` never move. Returns the ids of the shapes that moved.
 */
export function pushAlong(edit: DrawioEdit, pushers: readonly ShapeRecord[], fixed: ReadonlySet<string>, flow: FlowDirection): Set<string> {
  const [dx, dy] = DIRECTION_VECTORS[flowDirection(flow)];
  const downstream = (r: Rect) => (dx !== 0 ? dx * (r.x + r.w / 2) : dy * (r.y + r.h / 2));
  const shifted = new Set<string>();
  const queue = pushers.map((s) => s.id);
  // Each push moves a shape strictly downstream, so this ends; the budget is a guard only.
  let budget = 20 * (edit.index.shapeCount + queue.length) + 100;
  for (let i = 0; i < queue.length && budget > 0; i++, budget--) {
    const pusher = edit.shape(queue[i]);
    if (!pusher) continue;
    const page = edit.pageIndex(pusher.pageId);
    for (const id of page.grid.candidates(pusher)) {
      if (id === pusher.id || fixed.has(id)) continue;
      const other = page.shapes.get(id);
      if (!other || !rectsOverlap(pusher, other) || downstream(other) < downstream(pusher)) continue;
      const x = dx > 0 ? pusher.x + pusher.w + PLACEMENT_GAP : dx < 0 ? pusher.x - PLACEMENT_GAP - other.w : other.x;
      const y = dy > 0 ? pusher.y + pusher.h + PLACEMENT_GAP : dy < 0 ? pusher.y - PLACEMENT_GAP - other.h : other.y;
      edit.put({ ...other, x, y });
      shifted.add(id);
      queue.push(id);
    }
  }
  return shifted;
}

// ---- orient -------------------------------------------------------------------------------

interface FlowCoordinates {
  along: number;
  across: number;
  alongExtent: number;
  acrossExtent: number;
}

/** A point in a box, as distance along the flow and across it. */
function toFlow(flow: FlowDirection, p: Point, box: Size): FlowCoordinates {
  switch (flow) {
    case 'TB':
      return { along: p.y, across: p.x, alongExtent: box.h, acrossExtent: box.w };
    case 'BT':
      return { along: box.h - p.y, across: p.x, alongExtent: box.h, acrossExtent: box.w };
    case 'LR':
      return { along: p.x, across: p.y, alongExtent: box.w, acrossExtent: box.h };
    case 'RL':
      return { along: box.w - p.x, across: p.y, alongExtent: box.w, acrossExtent: box.h };
  }
}

function fromFlow(flow: FlowDirection, f: FlowCoordinates): Point {
  switch (flow) {
    case 'TB':
      return { x: f.across, y: f.along };
    case 'BT':
      return { x: f.across, y: f.alongExtent - f.along };
    case 'LR':
      return { x: f.along, y: f.across };
    case 'RL':
      return { x: f.alongExtent - f.along, y: f.across };
  }
}

/** The point that has the same place in flow `to` as `p` has in flow `from` (the box turns with it). */
export function reorientPoint(p: Point, box: Size, from: FlowDirection, to: FlowDirection): Point {
  return fromFlow(to, toFlow(from, p, box));
}

/**
 * New top-left corners for `shapes` so that the diagram reads in flow `to` as it read in `from`:
 * each centre keeps its place along and across the flow, and the turned drawing keeps the
 * top-left corner of the old one.
 */
export function reorientShapes(shapes: readonly ShapeRecord[], from: FlowDirection, to: FlowDirection): Map<string, Point> {
  const out = new Map<string, Point>();
  const bounds = boundsOf(shapes);
  if (!bounds) return out;
  const turned = shapes.map((s) => {
    const centre = reorientPoint({ x: s.x + s.w / 2 - bounds.x, y: s.y + s.h / 2 - bounds.y }, bounds, from, to);
    return { id: s.id, x: centre.x - s.w / 2, y: centre.y - s.h / 2, w: s.w, h: s.h };
  });
  const turnedBounds = boundsOf(turned)!;
  for (const t of turned) {
    out.set(t.id, { x: Math.round(bounds.x + t.x - turnedBounds.x), y: Math.round(bounds.y + t.y - turnedBounds.y) });
  }
  return out;
}

const UNIT: Size = { w: 1, h: 1 };

function portPoint(port: Port): Point {
  switch (port.face) {
    case 'top':
      return { x: port.at, y: 0 };
    case 'bottom':
      return { x: port.at, y: 1 };
    case 'left':
      return { x: 0, y: port.at };
    case 'right':
      return { x: 1, y: port.at };
  }
}

/** An edge port turned with the diagram (a bottom exit in TB is a right exit in LR). */
export function reorientPort(port: Port, from: FlowDirection, to: FlowDirection): Port {
  // The face follows its midpoint (never a corner, so never ambiguous); the fraction follows the point.
  const mid = reorientPoint(portPoint({ face: port.face, at: 0.5 }), UNIT, from, to);
  const face = mid.y === 0 ? 'top' : mid.y === 1 ? 'bottom' : mid.x === 0 ? 'left' : 'right';
  const p = reorientPoint(portPoint(port), UNIT, from, to);
  return { face, at: face === 'top' || face === 'bottom' ? p.x : p.y };
}
