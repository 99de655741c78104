/**
 * The drawn route of an edge between two boxes (a loose end is a box of no size at its point):
 * an entity-relation edge from its rows' sides (diagrams.net ignores its waypoints); else through
 * its waypoints straight, orthogonal or curved (edge-path), else xyflow's own smooth-step or
 * Bézier path between the facing ends, bent outside the frames of the groups its ends sit in.
 * The canvas draws it and the export writes it, so the two cannot disagree. Pure.
 */
import { getBezierPath, getSmoothStepPath, type Position } from '@xyflow/system';
import type { Point, Rect } from '../geometry';
import { type EdgeRecord, fileStyleText } from '../model';
import { styleEntries } from '../stencils';
import { edgeEnds, type EdgeEnd } from './edge-geometry';
import { edgePath, entityRelationRoute, entityRelationSegment, shortenPath, waypointEnds } from './edge-path';
import { fileMarker, markerShortening } from './file-markers';
import { bendOutsideFrames } from './group-title';

export interface EdgeRoute {
  from: EdgeEnd;
  to: EdgeEnd;
  /** SVG path data, end to end: labels and hit tests follow it. */
  path: string;
  /** The path as the line is painted: its ends pulled back where diagrams.net ends the line behind an arrowhead. */
  drawn: string;
  /** Where a label with no geometry of its own goes. */
  label: Point;
  /** Whether its waypoints shape it (an entity-relation edge routes itself and ignores them). */
  followsWaypoints: boolean;
}

/** The frames of the groups the ends are in, when the ends are not both in the same one. */
export interface EndFrames {
  source?: Rect;
  target?: Rect;
}

type RoutedEdge = Pick<EdgeRecord, 'points' | 'exit' | 'entry' | 'lineStyle' | 'straight' | 'file' | 'sourceArrow' | 'targetArrow'>;

export function edgeRoute(record: RoutedEdge, source: Rect, target: Rect, frames: EndFrames = {}, points: readonly Point[] = record.points ?? []): EdgeRoute {
  const route = unshortenedRoute(record, source, target, frames, points);
  const by = (end: 'source' | 'target') => {
    const marker = fileMarker(record, end);
    return marker ? markerShortening(marker) : 0;
  };
  return { ...route, drawn: shortenPath(route.path, by('source'), by('target')) };
}

function unshortenedRoute(
  record: RoutedEdge,
  source: Rect,
  target: Rect,
  frames: EndFrames = {},
  points: readonly Point[] = record.points ?? [],
): Omit<EdgeRoute, 'drawn'> {
  const segment = entityRelationSegment(styleEntries(fileStyleText(record.file) ?? ''));
  if (segment !== undefined) {
    const { from, to, path } = entityRelationRoute(source, target, segment);
    return { from, to, path: path.path, label: path.label, followsWaypoints: false };
  }
  const { from, to } = points.length ? waypointEnds(source, target, points, record.exit, record.entry) : edgeEnds(source, target, record.exit, record.entry);
  if (points.length || record.straight) {
    const route = record.lineStyle === 'curved' ? 'curved' : record.straight ? 'straight' : 'routed';
    const drawn = edgePath(from, to, points, route);
    return { from, to, path: drawn.path, label: drawn.label, followsWaypoints: true };
  }
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
      : getSmoothStepPath({ ...ends, ...bendOutsideFrames(from, to, frames.source, frames.target), borderRadius: record.lineStyle === 'orthogonal' ? 0 : 8, offset: 16 });
  return { from, to, path, label: { x: labelX, y: labelY }, followsWaypoints: true };
}
