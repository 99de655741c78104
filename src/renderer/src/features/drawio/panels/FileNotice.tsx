/**
 * Over the canvas, what the opened file holds that the editor keeps but cannot edit (as `open`
 * answers it) or draws simplified (judged by the canvas's stencil catalog). It can be closed; it
 * comes back with the next document.
 */
import { memo, useEffect, useMemo, useState } from 'react';
import { fileNotice, simplifiedNotice } from '../../../../../shared/drawio/file-notice';
import { styleEntries, type StencilCatalog } from '../../../../../shared/drawio/stencils';
import { loadStencilCatalog } from '../canvas/stencils';
import { drawsImage, imageKey, imageSourceOf } from '../../../../../shared/drawio/render/image-source';
import { shapeFigureStyle } from '../../../../../shared/drawio/render/shape-figure';
import { useDrawio, useEditor } from '../editor/drawio-context';
import { shapeStyleText, type ShapeRecord } from '../../../../../shared/drawio/model';

/** The stencil catalog once loaded, when the document has shapes drawn from stencils at all. */
function useStencilCatalog(shapes: ReadonlyMap<string, ShapeRecord>): StencilCatalog | undefined {
  const [catalog, setCatalog] = useState<StencilCatalog | undefined>(undefined);
  const wanted = useMemo(() => [...shapes.values()].some((shape) => shape.look !== undefined && shape.look !== 'image'), [shapes]);
  useEffect(() => {
    if (!wanted || catalog) return;
    let live = true;
    void loadStencilCatalog().then((loaded) => live && setCatalog(loaded));
    return () => {
      live = false;
    };
  }, [wanted, catalog]);
  return catalog;
}

function FileNoticeView() {
  const shapes = useDrawio((s) => s.shapes);
  const foreign = useDrawio((s) => s.foreign);
  const documentId = useDrawio((s) => s.documentId);
  const diagramPath = useDrawio((s) => s.path);
  const unservedImages = useEditor((s) => s.unservedImages);
  const [closedFor, setClosedFor] = useState<string | undefined>(undefined);
  const catalog = useStencilCatalog(shapes);
  const lines = useMemo(() => {
    // Until the catalog has loaded a stencil shape counts as drawn: the line appears, if at all, once it is known.
    // An image counts when the canvas cannot draw it: a remote one, a file the core did not serve, a name not in the library.
    const drawsImageOf = (shape: ShapeRecord) => {
      const source = imageSourceOf(shapeStyleText(shape) ?? '', diagramPath);
      return drawsImage(source) && !(source && unservedImages?.has(imageKey(source)));
    };
    // A shape diagrams.net draws in code is drawn so on the canvas (see shape-figure).
    const draws = (shape: ShapeRecord) => {
      if (shape.look === 'image') return drawsImageOf(shape);
      const style = styleEntries(shapeStyleText(shape) ?? '');
      return shapeFigureStyle(shape, style) !== undefined || !catalog || catalog.drawsStyle(style);
    };
    return [...fileNotice(foreign.values()), ...simplifiedNotice(shapes.values(), draws)];
  }, [shapes, foreign, catalog, diagramPath, unservedImages]);
  if (lines.length === 0 || closedFor === documentId) return null;
  return (
    <div className="file-notice" role="status" data-testid="file-notice">
      <ul>
        {lines.map((line) => (
          <li key={line}>{line.charAt(0).toUpperCase() + line.slice(1)}.</li>
        ))}
      </ul>
      <button type="button" aria-label="Close the notice" onClick={() => setClosedFor(documentId)}>
        ×
      </button>
    </div>
  );
}

export const FileNotice = memo(FileNoticeView);
