/**
 * The shape palette: a click adds a shape of that type in the middle of the view, a drag onto the
 * canvas adds it where it drops; "Search shapes" finds diagrams.net's library shapes.
 */
import { useMemo } from 'react';
import { useActions, useDrawio } from '../editor/drawio-context';
import { SHAPE_TYPE_NAMES, SHAPE_TYPES } from '../../../../../shared/drawio/model';
import { writePaletteDrag } from '../editor/palette-drag';
import { ShapeIcon } from './ShapeIcon';
import { ShapeSearch } from './ShapeSearch';

export function Palette() {
  const actions = useActions();
  const customTypes = useDrawio((s) => s.customTypes);
  const custom = useMemo(() => [...customTypes.values()].sort((a, b) => a.name.localeCompare(b.name)), [customTypes]);
  return (
    <nav className="palette" aria-label="Shapes">
      <h2 className="panel-heading">Shapes</h2>
      <ShapeSearch />
      <div className="palette-grid">
        {SHAPE_TYPE_NAMES.map((type) => (
          <button
            key={type}
            type="button"
            className="palette-item"
            data-testid={`palette-${type}`}
            title={`Add a ${type} (${SHAPE_TYPES[type].drawnAs})`}
            onClick={() => void actions.addShape(type)}
            draggable
            onDragStart={(event) => writePaletteDrag(event.dataTransfer, { type })}
          >
            <ShapeIcon type={type} />
            <span>{type}</span>
          </button>
        ))}
      </div>
      {custom.length > 0 && (
        <>
          <h2 className="panel-heading">Custom</h2>
          <div className="palette-grid">
            {custom.map((t) => (
              <button
                key={t.id}
                type="button"
                className="palette-item"
                data-testid={`palette-${t.name}`}
                title={`Add a ${t.name} (based on ${t.base})`}
                onClick={() => void actions.addShape(t.name)}
                draggable
                onDragStart={(event) => writePaletteDrag(event.dataTransfer, { type: t.name })}
              >
                <ShapeIcon type={t.base} />
                <span>{t.name}</span>
              </button>
            ))}
          </div>
        </>
      )}
    </nav>
  );
}
