/**
 * A cell of an opened file that the editor keeps but cannot edit (an edge with a loose end, an
 * edge to a container...): drawn faintly where the file had it, never selected or dragged.
 */
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { FOREIGN_KINDS, type ForeignKind } from '../../../../../shared/drawio/file-notice';
import type { ForeignFlowNode } from './flow-mapping';

const KEPT = 'kept as it is in the file, not editable here';

function ForeignNodeView({ id, data }: NodeProps<ForeignFlowNode>) {
  const { record, bounds } = data;
  const what = record.what !== undefined && Object.hasOwn(FOREIGN_KINDS, record.what) ? FOREIGN_KINDS[record.what as ForeignKind][0] : 'cell';
  const title = `${what}: ${KEPT}`;
  if (record.line) {
    const points = record.line.map((p) => `${p.x - bounds.x},${p.y - bounds.y}`).join(' ');
    return (
      <svg className="foreign-line" data-testid={`foreign-${id}`} width={bounds.w} height={bounds.h} aria-label={title}>
        <title>{title}</title>
        <polyline points={points} />
      </svg>
    );
  }
  return (
    <div className="foreign-box" data-testid={`foreign-${id}`} title={title}>
      {what}
    </div>
  );
}

export const ForeignNode = memo(ForeignNodeView);
