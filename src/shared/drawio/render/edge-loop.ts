/**
 * An edge whose two ends are one cell, routed as diagrams.net routes it with its loop style
 * (mxEdgeStyle.Loop, its graph's defaultLoopStyle): two points a grid step beside the box, on the
 * side its `direction` names (west by default, which diagrams.net draws on the box's right), or
 * through its first waypoint; the line leaves and returns along the outline toward them. Pure.
 */
import type { Point, Rect } from '../geometry';
import type { Port } from '../model';
import { styleNumber } from '../stencils';

/** diagrams.net's grid (mxGraph.gridSize): a loop's step from its box, unless its style gives a `segment`. */
const GRID_SIZE = 10;

/** The edge styles diagrams.net counts orthogonal (mxGraph.isOrthogonal): their ends leave a shape straight toward their next point. */
const ORTHOGONAL_ROUTINGS: ReadonlySet<string> = new Set(['orthogonalEdgeStyle', 'segmentEdgeStyle', 'elbowEdgeStyle', 'sideToSideEdgeStyle', 'topToBottomEdgeStyle', 'entityRelationEdgeStyle']);

/**
 * Whether a loop's ends leave its shape orthogonally: as its style's `orthogonal` says, else by its
 * edge style, which diagrams.net reads for this though it routes the loop with its loop style.
 */
export function loopEndsOrthogonal(style: ReadonlyMap<string, string>): boolean {
  const orthogonal = style.get('orthogonal');
  if (orthogonal !== undefined) return orthogonal === '1' || orthogonal === 'true';
  return ORTHOGONAL_ROUTINGS.has(style.get('edgeStyle') ?? '');
}

/**
 * Whether diagrams.net draws the edge with its loop style (mxGraphView.isLoopStyleEnabled): its
 * ends are one cell, it has fewer than two waypoints, and it is no `orthogonalLoop=1` edge with a
 * fixed end (that one keeps its own edge style).
 */
export function drawsLoop(style: ReadonlyMap<string, string>, sameCell: boolean, points: readonly Point[], exit: Port | undefined, entry: Port | undefined): boolean {
  if (!sameCell || points.length >= 2) return false;
  return !(style.get('orthogonalLoop') === '1' && (exit !== undefined || entry !== undefined));
}

/**
 * The points a loop passes through: with both ends fixed, its waypoints as they are; else the two
 * points mxEdgeStyle.Loop sets beside `box` (the cell's bounds), or across it through a waypoint
 * that lies outside it.
 */
export function loopBends(box: Rect, style: ReadonlyMap<string, string>, points: readonly Point[], bothFixed: boolean): Point[] {
  if (bothFixed) return [...points];
  const waypoint = points[0] && !contains(box, points[0]) ? points[0] : undefined;
  const step = styleNumber(style, 'segment', GRID_SIZE);
  const direction = style.get('direction') ?? 'west';
  const upright = direction === 'north' || direction === 'south';
  let x = upright ? box.x + box.w / 2 : 0;
  let y = upright ? 0 : box.y + box.h / 2;
  let dx = upright ? step : 0;
  let dy = upright ? 0 : step;
  if (waypoint === undefined || waypoint.x < box.x || waypoint.x > box.x + box.w) {
    if (waypoint !== undefined) {
      x = waypoint.x;
      dy = Math.max(Math.abs(y - waypoint.y), dy);
    } else if (direction === 'north') y = box.y - 2 * dx;
    else if (direction === 'south') y = box.y + box.h + 2 * dx;
    else if (direction === 'east') x = box.x - 2 * dy;
    else x = box.x + box.w + 2 * dy;
  } else {
    // A waypoint above or below the box: the loop runs across, at its height.
    x = box.x + box.w / 2;
    dx = Math.max(Math.abs(x - waypoint.x), dy);
    y = waypoint.y;
    dy = 0;
  }
  return [
    { x: x - dx, y: y - dy },
    { x: x + dx, y: y + dy },
  ];
}

function contains(box: Rect, p: Point): boolean {
  return p.x >= box.x && p.x <= box.x + box.w && p.y >= box.y && p.y <= box.y + box.h;
}
