/**
 * A loose end of an edge (a free-floating arrow of a diagrams.net file): a small handle at its
 * point, shown on hover and while its edge is selected. Dragged onto a shape or a container it attaches the end there; dropped
 * on empty canvas it moves the end (DrawioCanvas turns the drop into one `connect #EDGE` op).
 */
import { Handle, type NodeProps, type Position } from '@xyflow/react';
import { memo } from 'react';
import { ANCHOR_HANDLE, type EdgeEndFlowNode } from './flow-mapping';
import { useEditor } from '../editor/drawio-context';

function EdgeEndNodeView({ data }: NodeProps<EdgeEndFlowNode>) {
  // Shown always while its edge is selected, as the attached ends' grips are (EdgeEndHandles).
  const edgeSelected = useEditor((s) => s.selection.edgeIds.includes(data.edgeId));
  return (
    <div
      className={`edge-end-handle${edgeSelected ? ' shown' : ''}`}
      data-testid={`edge-end-${data.edgeId}-${data.end}`}
      title={`loose ${data.end} end: drop it on a shape to attach it`}
    >
      {/* xyflow draws an edge between handles; DrawioEdge puts the end at the point itself. */}
      <Handle id={ANCHOR_HANDLE} type="source" position={'top' as Position} className="shape-anchor" isConnectable={false} />
    </div>
  );
}

export const EdgeEndNode = memo(EdgeEndNodeView);
