/**
 * A shape diagrams.net draws in code (a swimlane, a UML frame, a floor-plan wall, an AWS 4
 * group...), drawn by the same codeShapeMarkup the export uses; an AWS 4 group's icon (a BPMN
 * task's markers) comes from its stencils, loaded as the stencil shapes' are. Marked `data-code-shape` with the shape's name.
 */
import { useId, useMemo } from 'react';
import { codeShapeMarkup, type StencilDrawer, type TableGrid } from '../../../../../shared/drawio/render/code-shapes';
import { drawStencil } from './stencils';
import { useCodeShapeStencils } from './StencilBody';

interface CodeShapeBodyProps {
  name: string;
  style: ReadonlyMap<string, string>;
  w: number;
  h: number;
  fill: string;
  stroke: string;
  /** A table's grid (see table-grid). */
  table?: TableGrid;
  /** The cell's id, which seeds a hand-drawn (sketch=1) figure. */
  cellId?: string;
  /** The cell's label (its HTML when it has one), which some shapes draw from (a ruler's numbers). */
  label?: string;
}

export function CodeShapeBody({ name, style, w, h, fill, stroke, table, cellId, label }: CodeShapeBodyProps) {
  const gradientId = useId();
  const icons = useCodeShapeStencils(style);
  const markup = useMemo(
    () => {
      // A stencil still loading is left out until it arrives.
      const drawer: StencilDrawer | undefined = icons.size ? (wanted, box, paint) => { const icon = icons.get(wanted); return icon && drawStencil(icon, box, paint); } : undefined;
      return codeShapeMarkup(style, { w, h, fill, stroke, gradientId, table, cellId, label }, drawer) ?? '';
    },
    [style, w, h, fill, stroke, gradientId, icons, table, cellId, label],
  );
  return <g data-code-shape={name} dangerouslySetInnerHTML={{ __html: markup }} />;
}
