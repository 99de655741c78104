/**
 * The drawn route of an edge between two boxes (a loose end is a box of no size at its point):
 * a file's orthogonal edge with no waypoints routed as diagrams.net does (edge-orthogonal);
 * an entity-relation edge from its rows' sides (diagrams.net ignores its waypoints); an edge of
 * no edge style straight or curved through its waypoints from perimeter to perimeter
 * (edge-perimeter); an elbow edge bent by its first waypoint (edge-elbow); else through its
 * waypoints orthogonal or curved (edge-path); a loop (its ends one shape) as diagrams.net's loop
 * style draws it (edge-loop); else (an edge style not routed here) xyflow's smooth-step or Bézier
 * path between the facing ends.
 * Every edge is routed from the style it is drawn from (edgeStyleText: a file's, or the one an
 * edge made here is written with), so the canvas, the export and diagrams.net agree. Pure.
 */
import { getBezierPath, getSmoothStepPath, type Position } from '@xyflow/system';
import type { Point, Rect } from '../geometry';
import type { EdgeRecord, Port } from '../model';
import { edgeStyleText, type StyledEdge } from '../edge-style';
import { styleEntries, styleNumber } from '../stencils';
import { edgeEnds, type EdgeEnd } from './edge-geometry';
import { drawsLoop, loopBends, loopEndsOrthogonal } from './edge-loop';
import { elbowBends, elbowRunsVertically } from './edge-elbow';
import { edgePath, entityRelationRoute, entityRelationSegment, shortenPath } from './edge-path';
import { fixedPoint, floatingEnds, turnedBounds, type EndBox } from './edge-perimeter';
import { jettySize, orthogonalBends, portConstraintSides } from './edge-orthogonal';
import { segmentBends, type SegmentEnd } from './edge-segment';
import { fileMarker, markerShortening } from './file-markers';
import { pathPolyline } from './edge-label';

export interface EdgeRoute {
  from: EdgeEnd;
  to: EdgeEnd;
  /** SVG path data, end to end: labels and hit tests follow it. */
  path: string;
  /** The path as the line is painted: its ends pulled back where diagrams.net ends the line behind an arrowhead. */
  drawn: string;
  /** Where a label with no geometry of its own goes. */
  label: Point;
  /**
   * The points diagrams.net lays labels along (its absolutePoints): the ends and the bends, not
   * the curve or the rounded corners it paints through them.
   */
  labelLine: Point[];
  /** Whether its waypoints shape it (an entity-relation edge routes itself and ignores them). */
  followsWaypoints: boolean;
}

/** diagrams.net's default arc of a rounded edge's corners (mxConstants.LINE_ARCSIZE), halved as it draws it. */
const LINE_ARC_SIZE = 20;

/**
 * How round an edge turns its corners: diagrams.net's default edge style is rounded, so every
 * edge but one whose style says rounded=0 (as an edge made here does) turns on an arc of `arcSize` / 2.
 */
function cornerRadius(style: ReadonlyMap<string, string>): number {
  if (style.get('rounded') === '0') return 0;
  const arc = Number(style.get('arcSize'));
  return (style.has('arcSize') && Number.isFinite(arc) && arc >= 0 ? arc : LINE_ARC_SIZE) / 2;
}

function pointBox(p: Point): Rect {
  return { x: p.x, y: p.y, w: 0, h: 0 };
}

/** An end as diagrams.net's routings see it: the box its shape covers (none for a loose end) and its fixed or loose point. */
function routedEnd(box: EndBox, port: Port | undefined, onPerimeter: boolean): SegmentEnd {
  if (box.w <= 0 && box.h <= 0) return { point: { x: box.x, y: box.y } };
  const covered = turnedBounds(box);
  return port ? { box: covered, point: fixedPoint(box, port, onPerimeter) } : { box: covered };
}

/** The sides an end may leave by: its shape's `portConstraint`, else the edge's `sourcePortConstraint`/`targetPortConstraint`. */
function sidesOf(box: EndBox, style: ReadonlyMap<string, string>, end: 'source' | 'target') {
  return portConstraintSides(box.perimeter?.portConstraint ?? style.get(`${end}PortConstraint`));
}

/**
 * The box a floating end ends on: grown by the edge's `perimeterSpacing` plus its
 * `sourcePerimeterSpacing`/`targetPerimeterSpacing`, so the line stops that far from the
 * outline (mxGraphView.getFloatingTerminalPoint); a fixed or loose end is left as it is.
 */
function spacedEnd(box: EndBox, port: Port | undefined, style: ReadonlyMap<string, string>, end: 'source' | 'target'): EndBox {
  const by = styleNumber(style, 'perimeterSpacing', 0) + styleNumber(style, `${end}PerimeterSpacing`, 0);
  if (port || by === 0 || (box.w <= 0 && box.h <= 0)) return box;
  return { ...box, x: box.x - by, y: box.y - by, w: box.w + 2 * by, h: box.h + 2 * by };
}

type RoutedEdge = StyledEdge & Pick<EdgeRecord, 'points' | 'file'>;

export function edgeRoute(record: RoutedEdge, source: EndBox, target: EndBox, points: readonly Point[] = record.points ?? []): EdgeRoute {
  const route = unshortenedRoute(record, source, target, points);
  const by = (end: 'source' | 'target') => {
    const marker = fileMarker(record, end);
    return marker ? markerShortening(marker) : 0;
  };
  return { ...route, drawn: shortenPath(route.path, by('source'), by('target')) };
}

function unshortenedRoute(
  record: RoutedEdge,
  source: EndBox,
  target: EndBox,
  points: readonly Point[],
): Omit<EdgeRoute, 'drawn'> {
  const style = styleEntries(edgeStyleText(record));
  const corner = cornerRadius(style);
  const segment = entityRelationSegment(style);
  if (segment !== undefined) {
    const { from, to, path } = entityRelationRoute(source, target, segment, corner, record.lineStyle === 'curved');
    return { from, to, path: path.path, label: path.label, labelLine: path.corners, followsWaypoints: false };
  }
  const routing = style.get('edgeStyle');
  const spaced = { source: spacedEnd(source, record.exit, style, 'source'), target: spacedEnd(target, record.entry, style, 'target') };
  // Read from the ports, not the file's style: an edit may have moved a port since.
  const onPerimeter = { exit: record.exit?.perimeter !== false, entry: record.entry?.perimeter !== false };
  // diagrams.net draws an edge with no edge style (straight, or curved through its waypoints)
  // from perimeter to perimeter, toward its waypoints.
  const curved = record.lineStyle === 'curved';
  // An edge whose ends are one shape: diagrams.net's loop style, unless it keeps its own edge style.
  const sameCell = (source.w > 0 || source.h > 0) && source.x === target.x && source.y === target.y && source.w === target.w && source.h === target.h;
  if (drawsLoop(style, sameCell, points, record.exit, record.entry)) {
    const bends = loopBends(turnedBounds(source), style, points, record.exit !== undefined && record.entry !== undefined);
    const { from, to } = floatingEnds(spaced.source, spaced.target, bends, record.exit, record.entry, loopEndsOrthogonal(style), onPerimeter);
    const drawn = edgePath(from, to, bends, curved ? 'curved' : 'straight', corner);
    return { from, to, path: drawn.path, label: drawn.label, labelLine: drawn.corners, followsWaypoints: true };
  }
  const unrouted = record.straight || (curved && (routing === undefined || routing === '' || routing === 'none'));
  if (unrouted) {
    const { from, to } = floatingEnds(spaced.source, spaced.target, points, record.exit, record.entry, false, onPerimeter);
    const drawn = edgePath(from, to, points, record.lineStyle === 'curved' ? 'curved' : 'straight', corner);
    return { from, to, path: drawn.path, label: drawn.label, labelLine: drawn.corners, followsWaypoints: true };
  }
  if (routing === 'elbowEdgeStyle') {
    // Routed from a fixed end's point, else from the shape's box; a loose end is a box of no size already.
    const fromBox = record.exit ? pointBox(fixedPoint(source, record.exit, onPerimeter.exit)) : source;
    const toBox = record.entry ? pointBox(fixedPoint(target, record.entry, onPerimeter.entry)) : target;
    const attached = (box: Rect) => (box.w > 0 || box.h > 0 ? box : undefined);
    const vertical = elbowRunsVertically(attached(source), attached(target), points[0], style.get('elbow') === 'vertical');
    const bends = elbowBends(fromBox, toBox, points[0], vertical);
    const { from, to } = floatingEnds(spaced.source, spaced.target, bends, record.exit, record.entry, true, onPerimeter);
    const drawn = edgePath(from, to, bends, curved ? 'curved' : 'straight', corner);
    return { from, to, path: drawn.path, label: drawn.label, labelLine: drawn.corners, followsWaypoints: true };
  }
  // diagrams.net's own orthogonal and segment routings; an orthogonal edge with waypoints, or
  // with fixed ends too close for its jetties, is segment-routed.
  const orthogonal = routing === 'orthogonalEdgeStyle';
  if (orthogonal || routing === 'segmentEdgeStyle') {
    const [sourceEnd, targetEnd] = [routedEnd(source, record.exit, onPerimeter.exit), routedEnd(target, record.entry, onPerimeter.entry)];
    const routed =
      orthogonal && points.length === 0
        ? orthogonalBends({ ...sourceEnd, jetty: jettySize(style, 'source'), sides: sidesOf(source, style, 'source') }, { ...targetEnd, jetty: jettySize(style, 'target'), sides: sidesOf(target, style, 'target') })
        : undefined;
    const bends = routed ?? segmentBends(sourceEnd, targetEnd, points);
    const { from, to } = floatingEnds(spaced.source, spaced.target, bends, record.exit, record.entry, true, onPerimeter);
    const drawn = edgePath(from, to, bends, curved ? 'curved' : 'straight', corner);
    return { from, to, path: drawn.path, label: drawn.label, labelLine: drawn.corners, followsWaypoints: true };
  }
  if (points.length) {
    const { from, to } = floatingEnds(spaced.source, spaced.target, points, record.exit, record.entry, true, onPerimeter);
    const drawn = edgePath(from, to, points, curved ? 'curved' : 'routed', corner);
    return { from, to, path: drawn.path, label: drawn.label, labelLine: drawn.corners, followsWaypoints: true };
  }
  const faced = edgeEnds(source, target, record.exit, record.entry);
  // A port keeps the face it leaves by; on an ellipse or a rhombus its point moves onto the outline.
  const from = record.exit ? { ...fixedPoint(source, record.exit, onPerimeter.exit), face: faced.from.face } : faced.from;
  const to = record.entry ? { ...fixedPoint(target, record.entry, onPerimeter.entry), face: faced.to.face } : faced.to;
  const ends = {
    sourceX: from.x,
    sourceY: from.y,
    sourcePosition: from.face as Position,
    targetX: to.x,
    targetY: to.y,
    targetPosition: to.face as Position,
  };
  const [path, labelX, labelY] =
    record.lineStyle === 'curved'
      ? getBezierPath(ends)
      : getSmoothStepPath({ ...ends, borderRadius: corner, offset: 16 });
  return { from, to, path, label: { x: labelX, y: labelY }, labelLine: pathPolyline(path), followsWaypoints: true };
}
