/**
 * A cell's connection points as diagrams.net finds them (Graph.getAllConnectionConstraints): the
 * points its style declares (`points=`), else its stencil's `<connections>`, else the points the
 * shape drawn in code declares (its `constraints`); undefined leaves the studio's default points
 * (every quarter along each side, which are diagrams.net's rectangle's).
 */
import { portAt, type Port } from '../model';
import { declaredConnectionPoints } from './edge-geometry';
import { SHAPE_CONNECTION_POINTS } from './connection-constraints-data';

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
  for (const [key, value] of style) if (value === '' && Object.hasOwn(SHAPE_CONNECTION_POINTS, key)) return key;
  return undefined;
}

export function connectionPointsOf(style: ReadonlyMap<string, string>, stencilConstraints?: StencilConstraintsOf): Port[] | undefined {
  const declared = declaredConnectionPoints(style);
  if (declared) return declared;
  const shape = shapeNameOf(style);
  if (shape === undefined) return undefined;
  const stencil = stencilConstraints?.(shape);
  if (stencil?.length) return stencil.map(({ x, y, perimeter }) => portAt(x, y, 0, 0, perimeter));
  if (!Object.hasOwn(SHAPE_CONNECTION_POINTS, shape)) return undefined;
  return SHAPE_CONNECTION_POINTS[shape].map(([x, y, perimeter, dx, dy]) => portAt(x, y, dx, dy, perimeter !== 0));
}
