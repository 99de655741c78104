/**
 * A loose end of an edge (a free-floating arrow of a diagrams.net file): a small handle at its
 * point, shown on hover. Dragged onto a shape or a container it attaches the end there; dropped
 * on empty canvas it moves the end (DrawioCanvas turns the drop into one `connect #EDGE` op).
 */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { EdgeEndFlowNode } from './flow-mapping';

function EdgeEndNodeView({ data }: NodeProps<EdgeEndFlowNode>) {
  return <div className="edge-end-handle" data-testid={`edge-end-${data.edgeId}-${data.end}`} title={`loose ${data.end} end: drop it on a shape to attach it`} />;
}

export const EdgeEndNode = memo(EdgeEndNodeView);
