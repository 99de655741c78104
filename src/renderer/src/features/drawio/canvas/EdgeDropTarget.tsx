/**
 * The cell an edge's dragged end would attach to if let go now, outlined over the canvas as
 * diagrams.net outlines its drop target, with its connection points and the one the end would be fixed at. Nothing shows while the end is over empty canvas.
 */
import { ViewportPortal } from '@xyflow/react';
import { useEditor } from '../editor/drawio-context';

export function EdgeDropTarget() {
  const drop = useEditor((s) => s.edgeDrop);
  if (!drop) return null;
  const { x, y, w, h } = drop.box;
  return (
    <ViewportPortal>
      <div
        className="edge-drop-target"
        data-testid="edge-drop-target"
        data-cell-id={drop.cellId}
        style={{ transform: `translate(${x}px, ${y}px)`, width: w, height: h }}
      />
      {/* Its connection points, where a drop fixes the end (diagrams.net marks them so). */}
      {drop.points.map((point, i) => (
        <div key={i} className="edge-drop-point" data-testid="edge-drop-point" data-x={point.x} data-y={point.y} style={{ transform: `translate(${point.x}px, ${point.y}px)` }} />
      ))}
      {/* The one the end would be fixed at, ringed (diagrams.net highlights the point under the pointer). */}
      {drop.fixedAt && (
        <div className="edge-drop-point-chosen" data-testid="edge-drop-point-chosen" data-x={drop.fixedAt.x} data-y={drop.fixedAt.y} style={{ transform: `translate(${drop.fixedAt.x}px, ${drop.fixedAt.y}px)` }} />
      )}
    </ViewportPortal>
  );
}
