/**
 * The arrow heads as SVG markers, one per head and colour in use (see markerId). Drawn pointing
 * along the path; `auto-start-reverse` turns the same marker round at an edge's start.
 */
import { memo, useMemo } from 'react';
import { useDrawio } from '../editor/drawio-context';
import { markersInUse, type MarkerSpec } from './flow-mapping';

const SIZE = 12;

function MarkerShape({ spec }: { spec: MarkerSpec }) {
  const { color } = spec;
  // A hollow head (the file's endFill=0) is outlined and filled white, as diagrams.net draws it.
  const paint = spec.hollow ? { fill: '#ffffff', stroke: color, strokeWidth: 1.2 } : { fill: color };
  switch (spec.head) {
    case 'arrow':
      return <path d="M0.6,1 L11.4,6 L0.6,11 Z" {...paint} />;
    case 'open-arrow':
      return <path d="M1,1 L12,6 L1,11" fill="none" stroke={color} strokeWidth={1.5} />;
    case 'diamond':
      return <path d="M0.6,6 L6,1 L11.4,6 L6,11 Z" {...paint} />;
    case 'circle':
      return <circle cx={7} cy={6} r={4.5} {...paint} />;
    case 'crow-foot':
      return <path d="M0,6 L12,1 M0,6 L12,6 M0,6 L12,11" fill="none" stroke={color} strokeWidth={1.5} />;
  }
}

function EdgeMarkersView() {
  const edges = useDrawio((s) => s.edges);
  const specs = useMemo(() => markersInUse(edges.values()), [edges]);
  return (
    <svg className="edge-marker-defs" aria-hidden="true">
      <defs>
        {specs.map((spec) => (
          <marker
            key={spec.id}
            id={spec.id}
            viewBox={`0 0 ${SIZE} ${SIZE}`}
            markerWidth={SIZE}
            markerHeight={SIZE}
            markerUnits="userSpaceOnUse"
            refX={SIZE - 0.5}
            refY={SIZE / 2}
            orient="auto-start-reverse"
          >
            <MarkerShape spec={spec} />
          </marker>
        ))}
      </defs>
    </svg>
  );
}

export const EdgeMarkers = memo(EdgeMarkersView);
