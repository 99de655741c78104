/**
 * Where an edge leaves and enters its shapes. An edge with `exit:`/`entry:` ports uses them;
 * otherwise it leaves by the face that looks at the other shape, as draw.io's floating edges do.
 */
import { portAnchor, portAt, type Face, type Port } from '../model';
import type { Rect } from '../geometry';

export interface EdgeEnd {
  x: number;
  y: number;
  face: Face;
}

/**
 * A port's point on a box as diagrams.net places a connection point before any perimeter or
 * turn: the box's origin plus the point's shares of its size, plus its pixels.
 */
export function portPoint(box: Rect, port: Port): EdgeEnd {
  const { x, y, dx, dy } = portAnchor(port);
  return { x: box.x + box.w * x + dx, y: box.y + box.h * y + dy, face: port.face };
}

const OPPOSITE: Record<Face, Face> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

/** The faces two shapes turn to each other: sideways when they are further apart across than down. */
export function facingFaces(source: Rect, target: Rect): { exit: Face; entry: Face } {
  if (source === target || (source.x === target.x && source.y === target.y && source.w === target.w && source.h === target.h)) {
    return { exit: 'right', entry: 'top' };
  }
  const dx = target.x + target.w / 2 - (source.x + source.w / 2);
  const dy = target.y + target.h / 2 - (source.y + source.h / 2);
  // Measured against the room the two shapes take, so wide shapes side by side still go sideways.
  const across = Math.abs(dx) / Math.max(1, (source.w + target.w) / 2);
  const down = Math.abs(dy) / Math.max(1, (source.h + target.h) / 2);
  const exit: Face = across >= down ? (dx >= 0 ? 'right' : 'left') : dy >= 0 ? 'bottom' : 'top';
  return { exit, entry: OPPOSITE[exit] };
}

/**
 * An edge's two ends: its ports where it has them, else the middles of the faces that look at
 * each other (the studio writes the ports that make a lined-up pair straight: straight-ports).
 */
export function edgeEnds(source: Rect, target: Rect, exit?: Port, entry?: Port): { from: EdgeEnd; to: EdgeEnd } {
  const facing = facingFaces(source, target);
  return { from: portPoint(source, exit ?? { face: facing.exit, at: 0.5 }), to: portPoint(target, entry ?? { face: facing.entry, at: 0.5 }) };
}

/** How near a shape's side an edge's end must be dropped to take one of its connection points. */
export const FIXED_POINT_SNAP = 8;
/** diagrams.net's connection points on a side: at its ends, quarters and middle. */
const FIXED_POINT_STEP = 0.25;

/** Most connection points a shape's style may declare that are read. */
const MAX_DECLARED_POINTS = 256;

/**
 * The connection points a shape's style declares in diagrams.net's `points=[[x,y],[x,y,perimeter,dx,dy],...]`
 * (shares of the box, 1 or 0 for on its outline, pixels added): they replace its default points.
 * Empty for `points=[]` (none at all); undefined when the style says nothing or the value is not such a list.
 */
export function declaredConnectionPoints(style: ReadonlyMap<string, string>): Port[] | undefined {
  const text = style.get('points');
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value)) return undefined;
  // points=[] declares that the shape has none (diagrams.net then connects its edges floating).
  if (value.length === 0) return [];
  const ports: Port[] = [];
  for (const entry of value.slice(0, MAX_DECLARED_POINTS)) {
    if (!Array.isArray(entry) || entry.length < 2 || !entry.every((n) => typeof n === 'number' && Number.isFinite(n))) continue;
    const [x, y, perimeter = 1, dx = 0, dy = 0] = entry as number[];
    ports.push(portAt(x, y, dx, dy, perimeter !== 0));
  }
  return ports.length > 0 ? ports : undefined;
}

/**
 * The default connection point of a box nearest a point dropped within FIXED_POINT_SNAP of it
 * (diagrams.net's rectangle's: every quarter along each side, for a drop near a side); undefined
 * for a point further away, where the end attaches floating. A cell's own points: connectionPointAt.
 */
export function fixedPointAt(box: Rect, point: { x: number; y: number }): Port | undefined {
  const along = (from: number, length: number, at: number) => (length > 0 ? Math.round(Math.min(1, Math.max(0, (at - from) / length)) / FIXED_POINT_STEP) * FIXED_POINT_STEP : 0.5);
  const within = (from: number, length: number, at: number) => at >= from - FIXED_POINT_SNAP && at <= from + length + FIXED_POINT_SNAP;
  const sides: Array<{ face: Face; distance: number; at: number }> = [];
  if (within(box.x, box.w, point.x)) {
    sides.push({ face: 'top', distance: Math.abs(point.y - box.y), at: along(box.x, box.w, point.x) });
    sides.push({ face: 'bottom', distance: Math.abs(point.y - (box.y + box.h)), at: along(box.x, box.w, point.x) });
  }
  if (within(box.y, box.h, point.y)) {
    sides.push({ face: 'left', distance: Math.abs(point.x - box.x), at: along(box.y, box.h, point.y) });
    sides.push({ face: 'right', distance: Math.abs(point.x - (box.x + box.w)), at: along(box.y, box.h, point.y) });
  }
  const nearest = sides.sort((a, b) => a.distance - b.distance)[0];
  return nearest && nearest.distance <= FIXED_POINT_SNAP ? { face: nearest.face, at: nearest.at } : undefined;
}
