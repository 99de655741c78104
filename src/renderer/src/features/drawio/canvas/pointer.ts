/**
 * The canvas pointer as a draw.io user expects it: a drag on empty canvas draws a selection box;
 * the middle button, Space+drag or the wheel pan; Ctrl+wheel (Cmd on a Mac) or a pinch zooms;
 * Shift+click adds to the selection. A right click opens the context menu on what is under it
 * (selecting it first if it was not), a double click on empty canvas adds a shape there, and a
 * shape dragged from the palette is added where it is dropped.
 */
import { SelectionMode, useReactFlow, type Edge, type Node, type ReactFlowProps } from '@xyflow/react';
import { useCallback, useMemo, type DragEvent as ReactDragEvent, type MouseEvent as ReactMouseEvent } from 'react';
import { QUICK_ADD_TYPE } from '../editor/commands';
import { useActions } from '../editor/drawio-context';
import { PALETTE_DRAG_TYPE, carriesPaletteDrag, readPaletteDrag } from '../editor/palette-drag';
import type { ContextMenuTarget } from '../editor/editor-store';
import type { DrawioFlowEdge, DrawioFlowNode } from './flow-mapping';

export const POINTER_OPTIONS = {
  selectionOnDrag: true,
  selectionMode: SelectionMode.Full,
  // The middle button; Space+drag pans with any button (xyflow's panActivationKeyCode).
  panOnDrag: [1],
  panOnScroll: true,
  multiSelectionKeyCode: ['Shift', 'Meta', 'Control'],
} satisfies Partial<ReactFlowProps<DrawioFlowNode, DrawioFlowEdge>>;

/**
 * The items with `selected` set only on those `chosen` picks; an item whose flag does not change
 * is kept as it is, so xyflow and the memoized components see it unchanged.
 */
export function selectOnly<T extends Node | Edge>(items: readonly T[], chosen: (item: T) => boolean): T[] {
  return items.map((item) => {
    const selected = chosen(item);
    return Boolean(item.selected) === selected ? item : { ...item, selected };
  });
}

/** Whether a mouse event happened on the empty canvas (xyflow's pane), not on a shape or an edge. */
export function onEmptyCanvas(event: { target: EventTarget | null }): boolean {
  return (event.target as Element | null)?.classList?.contains('react-flow__pane') ?? false;
}

type PointerHandlers = Pick<
  ReactFlowProps<DrawioFlowNode, DrawioFlowEdge>,
  'onNodeContextMenu' | 'onEdgeContextMenu' | 'onSelectionContextMenu' | 'onPaneContextMenu' | 'onDoubleClick' | 'onDragOver' | 'onDrop'
>;

export function useCanvasPointer(): PointerHandlers {
  const flow = useReactFlow<DrawioFlowNode, DrawioFlowEdge>();
  const actions = useActions();

  const open = useCallback(
    (event: ReactMouseEvent | MouseEvent, target: ContextMenuTarget) => {
      event.preventDefault();
      const at = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      actions.openContextMenu({ target, x: event.clientX, y: event.clientY, at });
    },
    [flow, actions],
  );

  const onDoubleClick = useCallback(
    (event: ReactMouseEvent) => {
      if (!onEmptyCanvas(event)) return;
      void actions.addShapeAt(QUICK_ADD_TYPE, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
    },
    [flow, actions],
  );

  const onDragOver = useCallback((event: ReactDragEvent) => {
    if (!carriesPaletteDrag(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }, []);

  const onDrop = useCallback(
    (event: ReactDragEvent) => {
      const drag = readPaletteDrag(event.dataTransfer.getData(PALETTE_DRAG_TYPE));
      if (!drag) return;
      event.preventDefault();
      void actions.addShapeAt(drag.type, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }), drag.size);
    },
    [flow, actions],
  );

  return useMemo(
    (): PointerHandlers => ({
      onNodeContextMenu(event, node) {
        // A right click on something outside the selection makes it the selection, as in draw.io.
        if (!node.selected) {
          flow.setNodes((nodes) => selectOnly(nodes, (n) => n.id === node.id));
          flow.setEdges((edges) => selectOnly(edges, () => false));
        }
        open(event, 'selection');
      },
      onEdgeContextMenu(event, edge) {
        if (!edge.selected) {
          flow.setNodes((nodes) => selectOnly(nodes, () => false));
          flow.setEdges((edges) => selectOnly(edges, (e) => e.id === edge.id));
        }
        open(event, 'selection');
      },
      onSelectionContextMenu: (event) => open(event, 'selection'),
      onPaneContextMenu: (event) => open(event, 'canvas'),
      onDoubleClick,
      onDragOver,
      onDrop,
    }),
    [flow, open, onDoubleClick, onDragOver, onDrop],
  );
}
