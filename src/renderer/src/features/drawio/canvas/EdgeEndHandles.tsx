/**
 * The attached ends of the selected edge as handles, as diagrams.net shows them: drag one off its
 * shape onto another shape (or container) to attach the end there, or onto empty canvas to leave
 * it loose at that point. The edge follows the pointer while the drag runs and the cell it would
 * attach to is outlined (see EdgeDropTarget); when it ends, one `connect #EDGE source:|target:` op
 * goes to the core (actions.edgeEndMoved). Loose ends have handles of their own (EdgeEndNode).
 */
import { EdgeLabelRenderer, useReactFlow } from '@xyflow/react';
import { useRef, type PointerEvent } from 'react';
import type { Point } from '../../../../../shared/drawio/geometry';
import type { EdgeEndName } from './flow-mapping';

export interface AttachedEnd {
  end: EdgeEndName;
  /** Where the end meets its cell now. */
  at: Point;
}

export function EdgeEndHandles(props: {
  edgeId: string;
  ends: readonly AttachedEnd[];
  /** The end's point while a drag runs. */
  onDrag(end: EdgeEndName, point: Point): void;
  /** Where it was let go. */
  onDone(end: EdgeEndName, point: Point): void;
  /** The drag was cancelled (or was a click): the end stays where it is. */
  onCancel(): void;
}) {
  const { edgeId, ends, onDrag, onDone, onCancel } = props;
  const flow = useReactFlow();
  const drag = useRef<{ end: EdgeEndName; pointerId: number; moved: boolean } | undefined>(undefined);
  const at = (event: PointerEvent) => flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });

  const start = (event: PointerEvent<HTMLElement>, end: EdgeEndName) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { end, pointerId: event.pointerId, moved: false };
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    current.moved = true;
    onDrag(current.end, at(event));
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = undefined;
    // A click on the handle moves nothing.
    if (current.moved && event.type === 'pointerup') onDone(current.end, at(event));
    else onCancel();
  };

  return (
    <EdgeLabelRenderer>
      {ends.map(({ end: name, at: p }) => (
        <div
          key={name}
          className="edge-end-grip nodrag nopan"
          data-testid={`edge-grip-${edgeId}-${name}`}
          title={`drag the ${name} end onto another shape to attach it there, or onto empty canvas to leave it loose`}
          style={{ transform: `translate(-50%, -50%) translate(${p.x}px, ${p.y}px)` }}
          onPointerDown={(event) => start(event, name)}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
        />
      ))}
    </EdgeLabelRenderer>
  );
}
