/**
 * The waypoints of the selected edge as handles: drag one to move it, drag a middle handle to
 * pull a new waypoint out of a segment, double-click one to remove it. The edge follows the drag
 * locally; when it ends the points go to the core as one op (see actions.setWaypoints).
 */
import { EdgeLabelRenderer, useReactFlow } from '@xyflow/react';
import { useRef, type PointerEvent } from 'react';
import type { Point } from '../../../../../shared/drawio/geometry';
import { insertionPoints } from '../../../../../shared/drawio/render/edge-path';

interface Drag {
  index: number;
  pointerId: number;
}

export function WaypointHandles(props: {
  edgeId: string;
  from: Point;
  to: Point;
  points: readonly Point[];
  /** The line as drawn (its corners), which the handles for new waypoints sit on. */
  line: readonly Point[];
  /** The points while a drag runs. */
  onDrag(points: Point[]): void;
  /** The points when it ends. */
  onDone(points: Point[]): void;
}) {
  const { edgeId, from, to, points, line, onDrag, onDone } = props;
  const flow = useReactFlow();
  const drag = useRef<Drag | undefined>(undefined);
  const latest = useRef<Point[]>([...points]);

  const at = (event: PointerEvent) => flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
  const start = (event: PointerEvent<HTMLElement>, index: number, insert: boolean) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    const next = [...points];
    if (insert) next.splice(index, 0, at(event));
    latest.current = next;
    drag.current = { index, pointerId: event.pointerId };
    onDrag(next);
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const next = [...latest.current];
    next[current.index] = at(event);
    latest.current = next;
    onDrag(next);
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    drag.current = undefined;
    onDone(latest.current.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })));
  };
  const handlers = { onPointerMove: move, onPointerUp: end, onPointerCancel: end };
  const place = (p: Point) => ({ transform: `translate(-50%, -50%) translate(${p.x}px, ${p.y}px)` });

  return (
    <EdgeLabelRenderer>
      {points.map((p, i) => (
        <div
          key={`point-${i}`}
          className="waypoint-handle nodrag nopan"
          data-testid={`waypoint-${edgeId}-${i}`}
          title="drag to move this waypoint, double-click to remove it"
          style={place(p)}
          onPointerDown={(event) => start(event, i, false)}
          onDoubleClick={(event) => {
            event.stopPropagation();
            onDone(points.filter((_, n) => n !== i).map((q) => ({ x: Math.round(q.x), y: Math.round(q.y) })));
          }}
          {...handlers}
        />
      ))}
      {insertionPoints(line, [from, ...points, to]).map((p, i) => (
        <div
          key={`add-${i}`}
          className="waypoint-handle add nodrag nopan"
          data-testid={`waypoint-add-${edgeId}-${i}`}
          title="drag to add a waypoint here"
          style={place(p)}
          onPointerDown={(event) => start(event, i, true)}
          {...handlers}
        />
      ))}
    </EdgeLabelRenderer>
  );
}
