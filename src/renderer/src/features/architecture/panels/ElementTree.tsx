/**
 * The C4 tree: systems, their containers, their components. A row shows for a moment who changed
 * it (in their colour) and which AI client just read it (dashed); a branch opens and closes.
 */
import { type KeyboardEvent, memo, useMemo } from 'react';
import type { ArchElementRecord } from '../../../../../shared/architecture-records';
import { originColor } from '../../../common/origin';
import { ReadChip, useReadMark } from '../../../common/presence';
import { ARCHITECTURE_DOMAIN, buildTree, treeKeyAction, type TreeKey, type TreeNode, visibleRows } from '../model';
import { useArchitectureActions, useArchitectureView, useChangedBy, useElements } from '../architecture-context';

/** A record id as an element id the tree's aria-activedescendant can name. */
const domId = (id: string) => `arch-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

const KIND_LETTER = { system: 'S', container: 'C', component: 'c' } as const;

const TreeRow = memo(function TreeRow({ element, depth, open, hasChildren, selected }: { element: ArchElementRecord; depth: number; open: boolean; hasChildren: boolean; selected: boolean }) {
  const actions = useArchitectureActions();
  const changedBy = useChangedBy(element.id);
  const readBy = useReadMark(ARCHITECTURE_DOMAIN, element.id)?.origin;
  const unsaved = useArchitectureView((s) => s.draft?.elementId === element.id && s.draft.text !== s.draft.base);
  const trouble = element.problem ?? element.diagramError?.message;
  return (
    <div
      role="treeitem"
      id={domId(element.id)}
      data-id={element.id}
      aria-selected={selected}
      aria-expanded={hasChildren ? open : undefined}
      aria-level={depth + 1}
      className={`arch-node${selected ? ' selected' : ''}`}
      data-testid={`arch-node-${element.key}`}
      data-kind={element.kind}
      data-changed-by={changedBy}
      style={{ paddingLeft: 6 + depth * 16, ...(changedBy ? { boxShadow: `inset 3px 0 0 ${originColor(changedBy)}` } : {}) }}
      onClick={() => actions.select(element.id)}
      title={`${element.kind} ${element.key}${element.description ? `: ${element.description}` : ''}`}
    >
      <button
        type="button"
        className={`arch-twisty${hasChildren ? '' : ' leaf'}`}
        aria-label={open ? `Close ${element.name}` : `Open ${element.name}`}
        tabIndex={-1}
        onClick={(e) => {
          e.stopPropagation();
          if (hasChildren) actions.toggle(element.id);
        }}
      >
        {hasChildren ? (open ? '▾' : '▸') : ''}
      </button>
      <span className={`arch-kind ${element.kind}`} aria-hidden="true">
        {KIND_LETTER[element.kind]}
      </span>
      <span className="arch-node-name" title={element.name} data-testid="arch-node-name">
        {element.name}
      </span>
      {unsaved && (
        <span className="dirty-dot" title="Its D2 is not saved" data-testid="arch-node-unsaved">
          ●
        </span>
      )}
      {trouble && (
        <span className="arch-trouble" title={trouble} aria-label="has a problem">
          !
        </span>
      )}
      {changedBy && (
        <span className="origin-chip small" style={{ background: originColor(changedBy) }} title={`Just changed by ${changedBy}`}>
          {changedBy}
        </span>
      )}
      {readBy && (
        <ReadChip origin={readBy} />
      )}
    </div>
  );
});

function Branch({ nodes, depth }: { nodes: TreeNode[]; depth: number }) {
  const collapsed = useArchitectureView((s) => s.collapsed);
  const selected = useArchitectureView((s) => s.selected);
  return (
    <>
      {nodes.map((node) => {
        const open = !collapsed.has(node.element.id);
        return (
          <div key={node.element.id} role="group">
            <TreeRow element={node.element} depth={depth} open={open} hasChildren={node.children.length > 0} selected={selected === node.element.id} />
            {open && node.children.length > 0 && <Branch nodes={node.children} depth={depth + 1} />}
          </div>
        );
      })}
    </>
  );
}

const TREE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

export function ElementTree() {
  const actions = useArchitectureActions();
  const elements = useElements();
  const tree = useMemo(() => buildTree(elements), [elements]);
  const collapsed = useArchitectureView((s) => s.collapsed);
  const selected = useArchitectureView((s) => s.selected);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!TREE_KEYS.has(event.key)) return;
    event.preventDefault();
    const action = treeKeyAction(visibleRows(tree, collapsed), collapsed, selected, event.key as TreeKey);
    if (action && 'select' in action) {
      actions.select(action.select);
      event.currentTarget.querySelector(`[data-id="${CSS.escape(action.select)}"]`)?.scrollIntoView({ block: 'nearest' });
    } else if (action) actions.toggle(action.toggle);
  };
  return (
    <nav className="arch-tree-panel" aria-label="C4 model">
      <h2 className="panel-heading">Systems</h2>
      {tree.length === 0 ? (
        <p className="hint" data-testid="arch-tree-empty">
          No systems yet. Create one with <b>New system</b>, or ask the AI to document the architecture.
        </p>
      ) : (
        <div role="tree" className="arch-tree" data-testid="arch-tree" tabIndex={0} aria-activedescendant={selected ? domId(selected) : undefined} onKeyDown={onKeyDown}>
          <Branch nodes={tree} depth={0} />
        </div>
      )}
    </nav>
  );
}
