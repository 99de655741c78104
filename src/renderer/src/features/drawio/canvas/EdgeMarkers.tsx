/**
 * The arrow heads as SVG markers, one per head and colour in use (see markerId). Drawn pointing
 * along the path; `auto-start-reverse` turns the same marker round at an edge's start.
 */
import { memo, useMemo } from 'react';
import { useDrawio } from '../editor/drawio-context';
import { markersInUse } from './flow-mapping';
import { markerAttributes, markerBody } from '../../../../../shared/drawio/render/cell-paint';
import { CANVAS_INK } from '../../../../../shared/drawio/render/default-ink';
import { withReferencedStroke } from '../../../../../shared/drawio/render/cell-references';

function EdgeMarkersView() {
  const edges = useDrawio((s) => s.edges);
  const groups = useDrawio((s) => s.groups);
  // An edge whose stroke names another cell's has its heads in that colour, as DrawioEdge draws its line.
  const specs = useMemo(() => markersInUse([...edges.values()].map((edge) => withReferencedStroke(edge, groups)), CANVAS_INK), [edges, groups]);
  return (
    <svg className="edge-marker-defs" aria-hidden="true">
      <defs>
        {specs.map((spec) => (
          // The head's drawing is the export's too (markerBody): plain markup from the edge's own colour.
          <marker key={spec.id} id={spec.id} {...markerAttributes(spec)} dangerouslySetInnerHTML={{ __html: markerBody(spec) }} />
        ))}
      </defs>
    </svg>
  );
}

export const EdgeMarkers = memo(EdgeMarkersView);
