/**
 * "Search shapes" over diagrams.net's libraries, as its palette has: the core finds the shapes
 * whose names hold the words (the names `add` takes), each shown drawn from its stencil with the
 * style its palette inserts it with. A click, or Enter on the highlighted one, adds it through the
 * same `add LIBRARY.SHAPE LABEL` op the AI uses; dragged onto the canvas, it is added where it drops. Arrow keys move the highlight, Escape clears.
 * Nothing of the libraries loads until the person searches.
 */
import { Suspense, lazy, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useActions } from '../editor/drawio-context';
import { writePaletteDrag } from '../editor/palette-drag';
import { EMPTY_SEARCH, type LibraryShapeHit, type LibrarySearch } from '../model/library-search';

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 150;

/** A result drawn from its stencil: the stencil code loads with the first results, not with the page. */
const ShapePreview = lazy(() => import('./ShapeSearchPreview'));
const PREVIEW_SIZE = 30;

type SearchState = { status: 'idle' | 'searching' } | { status: 'done'; found: LibrarySearch } | { status: 'failed'; message: string };

export function ShapeSearch() {
  const actions = useActions();
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (typed.trim() === '') {
      setSearch({ status: 'idle' });
      return;
    }
    let live = true;
    setSearch((now) => (now.status === 'done' ? now : { status: 'searching' }));
    const timer = setTimeout(() => {
      actions.searchLibraryShapes(typed).then(
        (found) => {
          if (!live) return;
          setSearch({ status: 'done', found });
          setActive(0);
        },
        (error: unknown) => live && setSearch({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed, actions]);

  const found = search.status === 'done' ? search.found : EMPTY_SEARCH;
  const hits = found.hits;
  const add = (hit: LibraryShapeHit) => void actions.addShape(hit.name, { w: hit.w, h: hit.h });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length) setActive((n) => (n + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (event.key === 'Enter' && hits[active]) {
      event.preventDefault();
      add(hits[active]);
    } else if (event.key === 'Escape' && typed !== '') {
      event.preventDefault();
      event.stopPropagation();
      setTyped('');
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className="shape-search">
      <input
        type="search"
        className="shape-search-input"
        placeholder="Search shapes"
        aria-label="Search shapes"
        data-testid="palette-search"
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={hits[active] ? optionId(active) : undefined}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {search.status === 'failed' && <p className="shape-search-note" role="alert">{search.message}</p>}
      {search.status === 'done' && hits.length === 0 && <p className="shape-search-note">No library shape matches.</p>}
      {hits.length > 0 && (
        <ul className="shape-search-results" id={listId} role="listbox" aria-label="Library shapes found">
          {hits.map((hit, index) => (
            <li
              key={hit.name}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`shape-search-result${index === active ? ' active' : ''}`}
              data-testid={`palette-shape-${hit.name}`}
              title={`Add ${hit.name} (${hit.w}x${hit.h}, library ${hit.library})`}
              onMouseEnter={() => setActive(index)}
              onClick={() => add(hit)}
              draggable
              onDragStart={(event) => writePaletteDrag(event.dataTransfer, { type: hit.name, size: { w: hit.w, h: hit.h } })}
            >
              <Suspense fallback={<svg className="shape-search-preview" width={PREVIEW_SIZE} height={PREVIEW_SIZE} aria-hidden="true" />}>
                <ShapePreview hit={hit} size={PREVIEW_SIZE} />
              </Suspense>
              <span className="shape-search-name">{hit.name.slice(hit.library.length + 1)}</span>
              <span className="shape-search-library">{hit.library}</span>
            </li>
          ))}
        </ul>
      )}
      {found.total > hits.length && (
        <p className="shape-search-note">
          {found.total - hits.length} more: add a word to narrow the search
        </p>
      )}
    </div>
  );
}
