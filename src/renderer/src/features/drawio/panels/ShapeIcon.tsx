/** A small drawing of a shape type, from the same outlines as the canvas. */
import { memo } from 'react';
import type { ShapeType } from '../../../../../shared/drawio/model';
import { isPaintless, shapeOutline } from '../../../../../shared/drawio/render/shape-geometry';

function ShapeIconView({ type, width = 30, height = 22 }: { type: ShapeType; width?: number; height?: number }) {
  const outline = shapeOutline(type, width, height);
  if (isPaintless(type)) {
    // A text has no outline to show: the icon is a letter.
    return (
      <svg className="shape-icon" width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
        <text x={width / 2} y={height / 2} textAnchor="middle" dominantBaseline="central" fontSize={height * 0.7} fill="#6c8ebf">
          T
        </text>
      </svg>
    );
  }
  return (
    <svg className="shape-icon" width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
      <path d={outline.body} fill="#dae8fc" stroke="#6c8ebf" strokeWidth={1.2} />
      {outline.details && <path d={outline.details} fill="none" stroke="#6c8ebf" strokeWidth={1.2} />}
    </svg>
  );
}

export const ShapeIcon = memo(ShapeIconView);
