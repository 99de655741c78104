/**
 * diagrams.net's relative vertex geometry (`<mxGeometry relative="1" x=".5" y="0" ...>` with an
 * `<mxPoint as="offset">`), as mxGraphView.updateCellState places it: inside a vertex, x and y are
 * fractions of the parent's width and height, the offset is added in px, and the width and height
 * are the cell's own. When the parent is turned (`rotation`), the cell's centre turns with it about
 * the parent's centre (updateVertexState). Inside a layer (which has no size) only the offset counts.
 *
 * The reader places such a cell with `placeRelative`; the writer keeps the fractions and writes the
 * offset that puts the cell back where the model has it (`offsetFor`), so diagrams.net shows a
 * moved cell where it was dropped.
 */
import { attribute } from './drawio-xml';
import type { Point } from '../../../../shared/drawio/geometry';
import type { XmlNode } from '../../../../shared/drawio/model';

/** The fractions and offset of a relative geometry, as the file gives them. */
export interface RelativeGeometry {
  readonly fraction: Point;
  readonly offset: Point;
}

/** The parent a relative vertex is placed in: its origin for children, its drawn box, its turn. */
export interface RelativeParent {
  /** Where the parent's children are measured from (the parent's place before any turn). */
  readonly origin: Point;
  /** The parent's drawn top-left (turned about its centre when it is a relative cell itself). */
  readonly at: Point;
  readonly w: number;
  readonly h: number;
  /** Degrees, as the parent's style `rotation` says. */
  readonly rotation: number;
}

const finite = (raw: string | undefined): number => {
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) ? value : 0;
};

/** A vertex cell's relative geometry, when its `mxGeometry` says `relative="1"`. */
export function relativeGeometryOf(geometry: XmlNode | undefined): RelativeGeometry | undefined {
  if (!geometry || attribute(geometry, 'relative') !== '1') return undefined;
  const offset = geometry.children.find((child) => child.tag === 'mxPoint' && attribute(child, 'as') === 'offset');
  return {
    fraction: { x: finite(attribute(geometry, 'x')), y: finite(attribute(geometry, 'y')) },
    offset: offset ? { x: finite(attribute(offset, 'x')), y: finite(attribute(offset, 'y')) } : { x: 0, y: 0 },
  };
}

function turn(point: Point, degrees: number, centre: Point): Point {
  const alpha = (degrees * Math.PI) / 180;
  const cos = Math.cos(alpha);
  const sin = Math.sin(alpha);
  const dx = point.x - centre.x;
  const dy = point.y - centre.y;
  return { x: centre.x + dx * cos - dy * sin, y: centre.y + dx * sin + dy * cos };
}

/** Turns a box of size `size` at `at` about the parent's centre (by -rotation when `back`). */
function turnedBox(at: Point, size: { w: number; h: number }, parent: RelativeParent, back: boolean): Point {
  if (parent.rotation % 360 === 0) return at;
  const centre = turn({ x: at.x + size.w / 2, y: at.y + size.h / 2 }, back ? -parent.rotation : parent.rotation, {
    x: parent.at.x + parent.w / 2,
    y: parent.at.y + parent.h / 2,
  });
  return { x: centre.x - size.w / 2, y: centre.y - size.h / 2 };
}

/**
 * Where diagrams.net places a relative vertex of size `size`: `origin` is its place before a turn
 * (what its own children are measured from), `at` where it is drawn.
 */
export function placeRelative(geometry: RelativeGeometry, size: { w: number; h: number }, parent: RelativeParent): { origin: Point; at: Point } {
  const origin = {
    x: parent.origin.x + geometry.fraction.x * parent.w + geometry.offset.x,
    y: parent.origin.y + geometry.fraction.y * parent.h + geometry.offset.y,
  };
  return { origin, at: turnedBox(origin, size, parent, false) };
}

/** The offset that, with the same fractions, places a vertex drawn at `at` there again. */
export function offsetFor(fraction: Point, at: Point, size: { w: number; h: number }, parent: RelativeParent): Point {
  const origin = turnedBox(at, size, parent, true);
  return { x: origin.x - parent.origin.x - fraction.x * parent.w, y: origin.y - parent.origin.y - fraction.y * parent.h };
}
