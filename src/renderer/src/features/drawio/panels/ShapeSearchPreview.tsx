/** A library shape in the search's results, drawn as the canvas draws it, scaled into the preview (loaded with the first results). */
import { memo, useMemo } from 'react';
import { styleEntries } from '../../../../../shared/drawio/stencils';
import { StencilBody, useStencil } from '../canvas/StencilBody';
import type { LibraryShapeHit } from '../model/library-search';

const ShapePreview = memo(function ShapePreview({ hit, size }: { hit: LibraryShapeHit; size: number }) {
  const style = useMemo(() => styleEntries(hit.style), [hit.style]);
  // The style's shape is what the canvas calls the look of a shape drawn from a stencil.
  const stencil = useStencil(style, style.get('shape'));
  const fill = style.get('fillColor') ?? '#ffffff';
  const stroke = style.get('strokeColor') ?? '#000000';
  return (
    <svg className="shape-search-preview" width={size} height={size} viewBox={`-2 -2 ${hit.w + 4} ${hit.h + 4}`} aria-hidden="true">
      {stencil.status === 'ready' ? (
        <StencilBody stencil={stencil.stencil} style={style} w={hit.w} h={hit.h} fill={fill === 'none' ? 'none' : fill} stroke={stroke} />
      ) : (
        <rect width={hit.w} height={hit.h} fill="none" stroke="#9aa5b1" strokeDasharray="4 3" />
      )}
    </svg>
  );
});

export default ShapePreview;
