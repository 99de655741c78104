/** One tab per page; a click sends `page switch NAME`, so the AI's view follows too. */
import { useMemo } from 'react';
import { useActions, useDrawio } from '../editor/drawio-context';

export function PageTabs() {
  const actions = useActions();
  const pages = useDrawio((s) => s.pages);
  const activePageId = useDrawio((s) => s.meta?.activePageId);
  const sorted = useMemo(() => [...pages.values()].sort((a, b) => a.order - b.order), [pages]);
  return (
    <div className="page-tabs" role="tablist" aria-label="Pages">
      {sorted.map((page) => {
        const active = page.id === activePageId;
        return (
          <button
            key={page.id}
            type="button"
            role="tab"
            aria-selected={active}
            className={`page-tab${active ? ' active' : ''}`}
            data-testid={`page-tab-${page.name}`}
            onClick={() => !active && void actions.switchPage(page.name)}
          >
            {page.name}
          </button>
        );
      })}
      <button type="button" className="page-tab add" data-testid="page-add" title="Add a page" onClick={() => void actions.addPage()}>
        +
      </button>
    </div>
  );
}
