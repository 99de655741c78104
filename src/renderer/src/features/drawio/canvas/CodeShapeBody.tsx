/**
 * A shape diagrams.net draws in code (a swimlane, a UML frame, a floor-plan wall, an AWS 4
 * group...), drawn by the same codeShapeMarkup the export uses; an AWS 4 group's icon (a BPMN
 * task's marker) comes from its stencil, loaded as the stencil shapes' are. Marked `data-code-shape` with the shape's name.
 */
import { useId, useMemo } from 'react';
import { codeShapeMarkup, codeShapeStencil, type StencilDrawer, type TableGrid } from '../../../../../shared/drawio/render/code-shapes';
import { drawStencil, type LoadedStencil } from './stencils';

interface CodeShapeBodyProps {
  name: string;
  style: ReadonlyMap<string, string>;
  w: number;
  h: number;
  fill: string;
  stroke: string;
  /** The stencil drawn inside the shape (an AWS 4 group's icon), once loaded. */
  icon?: LoadedStencil;
  /** A table's grid (see table-grid). */
  table?: TableGrid;
  /** The cell's id, which seeds a hand-drawn (sketch=1) figure. */
  cellId?: string;
}

export function CodeShapeBody({ name, style, w, h, fill, stroke, icon, table, cellId }: CodeShapeBodyProps) {
  const gradientId = useId();
  const markup = useMemo(
    () => {
      // The one stencil loaded for the shape (see codeShapeStencil); another it names is left out.
      const loaded = icon && codeShapeStencil(style);
      const drawer: StencilDrawer | undefined = icon && ((wanted, box, paint) => (wanted === loaded ? drawStencil(icon, box, paint) : undefined));
      return codeShapeMarkup(style, { w, h, fill, stroke, gradientId, table, cellId }, drawer) ?? '';
    },
    [style, w, h, fill, stroke, gradientId, icon, table, cellId],
  );
  return <g data-code-shape={name} dangerouslySetInnerHTML={{ __html: markup }} />;
}
