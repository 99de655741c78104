/**
 * A cell's connection points as diagrams.net finds them (Graph.getAllConnectionConstraints): the
 * points its style declares (`points=`), else those of the shape it draws: a shape drawn in code
 * declares its `constraints`, a stencil its `<connections>`; undefined leaves the studio's default points
 * (every quarter along each side, which are diagrams.net's rectangle's), an empty list means none (a
 * class that sets `constraints = null`: an end dropped there attaches floating).
 */
import type { Point } from '../geometry';
import { portAt, type Port } from '../model';
import { FIXED_POINT_SNAP, declaredConnectionPoints, fixedPointAt } from './edge-geometry';
import { fixedPoint, type EndBox } from './edge-perimeter';
import { SHAPE_CONNECTION_POINTS } from './connection-constraints-data';
import { SIZE_DEPENDENT_POINTS as APP_SIZE_DEPENDENT_POINTS, type ConstraintPoint } from './size-dependent-points';
import { ARROWS2_POINTS } from './size-dependent-points-arrows';
import { BASIC_POINTS } from './size-dependent-points-basic';
import { INFOGRAPHIC_POINTS } from './size-dependent-points-infographic';
import { LIBRARY_POINTS } from './size-dependent-points-libraries';

/** The shapes whose points the studio lays out by their size, as diagrams.net's getConstraints does. */
const SIZE_DEPENDENT_POINTS = { ...APP_SIZE_DEPENDENT_POINTS, ...ARROWS2_POINTS, ...BASIC_POINTS, ...INFOGRAPHIC_POINTS, ...LIBRARY_POINTS };

/** One `<constraint x y perimeter>` of a stencil's `<connections>` (maxGraph's ConnectionConstraint, read). */
export interface StencilConstraint {
  readonly x: number;
  readonly y: number;
  readonly perimeter: boolean;
}

/** The `<connections>` of the stencil a shape name draws: null or undefined when it has none or is no stencil (yet). */
export type StencilConstraintsOf = (shapeName: string) => readonly StencilConstraint[] | null | undefined;

/** The shape a style draws with: its `shape=`, or the stylesheet's named style that sets one (`ellipse;...`). */
function shapeNameOf(style: ReadonlyMap<string, string>): string | undefined {
  const shape = style.get('shape');
  if (shape !== undefined && shape !== '') return shape;
  for (const [key, value] of style) if (value === '' && (Object.hasOwn(SHAPE_CONNECTION_POINTS, key) || Object.hasOwn(SIZE_DEPENDENT_POINTS, key))) return key;
  return undefined;
}

const asPorts = (points: readonly (readonly number[])[] | readonly ConstraintPoint[]): Port[] => points.map(([x, y, perimeter, dx, dy]) => portAt(x, y, dx, dy, perimeter !== 0));

/**
 * `size`: the cell's width and height, for the shapes whose points diagrams.net lays out by their
 * size (SIZE_DEPENDENT_POINTS); without it those keep the default points.
 */
export function connectionPointsOf(style: ReadonlyMap<string, string>, stencilConstraints?: StencilConstraintsOf, size?: { w: number; h: number }): Port[] | undefined {
  const declared = declaredConnectionPoints(style);
  if (declared) return declared;
  const shape = shapeNameOf(style);
  if (shape === undefined) return undefined;
  // A shape drawn in code takes its name before a stencil of the same name (mxCellRenderer.createShape).
  if (Object.hasOwn(SHAPE_CONNECTION_POINTS, shape)) return asPorts(SHAPE_CONNECTION_POINTS[shape]);
  if (Object.hasOwn(SIZE_DEPENDENT_POINTS, shape)) {
    if (!size) return undefined;
    // A shape facing north or south lays its points out in its box turned a quarter (see fixedPoint).
    const upright = style.get('direction') === 'north' || style.get('direction') === 'south';
    return asPorts(upright ? SIZE_DEPENDENT_POINTS[shape](style, size.h, size.w) : SIZE_DEPENDENT_POINTS[shape](style, size.w, size.h));
  }
  const stencil = stencilConstraints?.(shape);
  return stencil?.length ? stencil.map(({ x, y, perimeter }) => portAt(x, y, 0, 0, perimeter)) : undefined;
}

/** The default points as ports (the rectangle's): the top and bottom sides' quarters with the corners, the left and right sides' inner quarters. */
const DEFAULT_PORTS: readonly Port[] = [
  ...(['top', 'bottom'] as const).flatMap((face) => [0, 0.25, 0.5, 0.75, 1].map((at) => ({ face, at }))),
  ...(['left', 'right'] as const).flatMap((face) => [0.25, 0.5, 0.75].map((at) => ({ face, at }))),
];

/** Where a connection point of a cell is drawn: where an edge's end fixed there ends (on its perimeter, turned with it). */
export function connectionPointPlace(cell: EndBox, port: Port): Point {
  const { x, y } = fixedPoint(cell, port, port.perimeter !== false);
  return { x, y };
}

/**
 * The connection point of a cell (its box with its perimeter and turn) for an end dropped at
 * `point`: of its own points (`ports`, see connectionPointsOf; none when empty) the one drawn
 * nearest, within FIXED_POINT_SNAP; else, without `ports`, of the default ones (the quarter nearest
 * along the side the drop is near, or for a turned shape the nearest drawn); undefined further
 * away, where the end attaches floating.
 */
export function connectionPointAt(cell: EndBox, point: Point, ports?: readonly Port[]): Port | undefined {
  if (!ports && !cell.perimeter?.turn) return fixedPointAt(cell, point);
  let nearest: { port: Port; distance: number } | undefined;
  for (const port of ports ?? DEFAULT_PORTS) {
    const at = connectionPointPlace(cell, port);
    const distance = Math.hypot(at.x - point.x, at.y - point.y);
    if (!nearest || distance < nearest.distance) nearest = { port, distance };
  }
  return nearest && nearest.distance <= FIXED_POINT_SNAP ? nearest.port : undefined;
}

/** Where a cell's connection points are drawn (its own, none when it has none, else the default ones), to show them. */
export function connectionPointMarks(cell: EndBox, ports?: readonly Port[]): Point[] {
  return (ports ?? DEFAULT_PORTS).map((port) => connectionPointPlace(cell, port));
}
