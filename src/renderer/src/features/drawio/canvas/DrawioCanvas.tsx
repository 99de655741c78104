/**
 * The diagram canvas: xyflow showing the active page of the drawio read model.
 *
 * xyflow runs uncontrolled and the read model is pushed into it from a store subscription, not
 * through React props: a change event rebuilds only the node objects whose record changed (see
 * buildNodes), so neither this component nor the other shapes render again. Gestures (drag,
 * resize, connect) show locally while they run and become ops when they end.
 */
import {
  Background,
  BackgroundVariant,
  ConnectionMode,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type OnConnectEnd,
  type OnSelectionChangeParams,
} from '@xyflow/react';
import { useCallback, useEffect, useRef } from 'react';
import type { DrawioState } from '../store/drawio-store';
import { useActions, useDrawio, useDrawioEditor } from '../editor/drawio-context';
import { useGestureActions } from './gesture-actions';
import type { CanvasControls } from '../editor/actions';
import { DrawioEdge } from './DrawioEdge';
import { EdgeMarkers } from './EdgeMarkers';
import { ForeignNode } from './ForeignNode';
import { EdgeEndNode } from './EdgeEndNode';
import { EdgeDropTarget } from './EdgeDropTarget';
import { edgeEndPoint } from './gestures';
import { GroupNode } from './GroupNode';
import { ShapeNode } from './ShapeNode';
import { READABLE_ZOOM, initialViewport, sameViewport, type Viewport } from './viewport';
import { POINTER_OPTIONS, selectOnly, useCanvasPointer } from './pointer';
import { useLowDetail } from './level-of-detail';
import { boundsOf } from '../../../../../shared/drawio/geometry';
import { buildEdges, buildNodes, pageContent, type DrawioFlowEdge, type DrawioFlowNode } from './flow-mapping';
import { contentBounds } from '../../../../../shared/drawio/render/page-content';

const NODE_TYPES = { shape: ShapeNode, container: GroupNode, foreign: ForeignNode, edgeEnd: EdgeEndNode };
const EDGE_TYPES = { drawio: DrawioEdge };
/**
 * Above this many shapes only what is on screen is rendered. Small diagrams keep every shape in
 * the DOM, so a shape the AI adds off screen is still there for tests and assistive tech.
 */
export const RENDER_VISIBLE_ONLY_ABOVE = 300;
const MIN_ZOOM = 0.05;

/** Whether the canvas must be rebuilt: meta changes with every add, but only its page matters. */
function canvasChanged(state: DrawioState, before: DrawioState): boolean {
  return (
    state.shapes !== before.shapes ||
    state.edges !== before.edges ||
    state.groups !== before.groups ||
    state.foreign !== before.foreign ||
    state.layers !== before.layers ||
    state.meta?.activePageId !== before.meta?.activePageId
  );
}

/** The id of the shape under the pointer where a mouse or touch gesture ended. */
function shapeIdAt(event: MouseEvent | TouchEvent): string | undefined {
  const point = 'changedTouches' in event ? event.changedTouches[0] : event;
  if (!point) return undefined;
  const element = document.elementFromPoint(point.clientX, point.clientY);
  return element?.closest('.react-flow__node-shape')?.getAttribute('data-id') ?? undefined;
}

/** The document and page on screen: a new one is framed when it first shows. */
function shownPage(state: DrawioState): string {
  return `${state.documentId}/${state.meta?.activePageId ?? ''}`;
}

function CanvasView({ registerControls }: { registerControls(controls: CanvasControls | undefined): void }) {
  const { drawio, editor } = useDrawioEditor();
  const actions = useActions();
  const gestures = useGestureActions();
  const flow = useReactFlow<DrawioFlowNode, DrawioFlowEdge>();
  const wrapper = useRef<HTMLDivElement>(null);
  const manyShapes = useDrawio((s) => s.shapes.size > RENDER_VISIBLE_ONLY_ABOVE);
  // Zoomed far out most of the diagram is on screen and every shape is a plain box: keeping them
  // all mounted is cheaper than mounting and unmounting those crossing the edge of the view.
  const lowDetail = useLowDetail();

  // Read model -> xyflow, outside React rendering.
  useEffect(() => {
    // The page last framed, and the view it was framed in: until the person pans or zooms, a canvas
    // that changes size (the window maximised, a side panel shown, the view first shown) frames it again.
    let framed: { page: string; viewport: Viewport } | undefined;
    const frame = (state: DrawioState, page: string) => {
      // From the records, not xyflow's fitView: that one frames only the nodes it has measured,
      // and with many shapes only those on screen are rendered and measured.
      const bounds = contentBounds(pageContent(state));
      const box = wrapper.current?.getBoundingClientRect();
      if (!bounds || !box || box.width <= 0 || box.height <= 0) return;
      framed = { page, viewport: initialViewport(bounds, box) };
      void flow.setViewport(framed.viewport);
    };
    const sync = (state: DrawioState, before?: DrawioState) => {
      if (before && !canvasChanged(state, before)) return;
      const content = pageContent(state);
      flow.setNodes((nodes) => buildNodes(content, nodes));
      flow.setEdges((edges) => buildEdges(content, edges));
      // Frame the diagram when a document or page first shows with something on it.
      const page = shownPage(state);
      if (page !== framed?.page && state.status === 'ready') frame(state, page);
    };
    sync(drawio.getState());
    const unsubscribe = drawio.subscribe(sync);
    const resized = new ResizeObserver(() => {
      const state = drawio.getState();
      if (state.status !== 'ready') return;
      const page = shownPage(state);
      if (page !== framed?.page || sameViewport(flow.getViewport(), framed.viewport)) frame(state, page);
    });
    if (wrapper.current) resized.observe(wrapper.current);
    return () => {
      unsubscribe();
      resized.disconnect();
    };
  }, [drawio, flow]);

  useEffect(() => {
    const select = (shapeIds: readonly string[]) => {
      const chosen = new Set(shapeIds);
      flow.setNodes((nodes) => selectOnly(nodes, (n) => chosen.has(n.id)));
      flow.setEdges((edges) => selectOnly(edges, () => false));
    };
    registerControls({
      viewportCenter() {
        const box = wrapper.current?.getBoundingClientRect();
        if (!box) return { x: 200, y: 200 };
        return flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
      },
      selectAll() {
        flow.setNodes((nodes) => selectOnly(nodes, () => true));
        flow.setEdges((edges) => selectOnly(edges, () => true));
      },
      select,
      reveal(shapeIds) {
        select(shapeIds);
        const { shapes } = drawio.getState();
        const bounds = boundsOf(shapeIds.flatMap((id) => shapes.get(id) ?? []));
        if (bounds) void flow.setCenter(bounds.x + bounds.w / 2, bounds.y + bounds.h / 2, { zoom: Math.max(flow.getZoom(), READABLE_ZOOM) });
      },
      resetNodes(ids) {
        flow.setNodes((nodes) => buildNodes(pageContent(drawio.getState()), nodes, { reset: new Set(ids) }));
      },
    });
    return () => registerControls(undefined);
  }, [flow, drawio, registerControls]);

  const onSelectionChange = useCallback(
    ({ nodes, edges }: OnSelectionChangeParams<DrawioFlowNode, DrawioFlowEdge>) => {
      editor.setState({
        selection: {
          shapeIds: nodes.filter((n) => n.type === 'shape').map((n) => n.id),
          groupIds: nodes.filter((n) => n.type === 'container').map((n) => n.id),
          edgeIds: edges.map((e) => e.id),
        },
      });
    },
    [editor],
  );
  const onDragStop = useCallback((_event: unknown, ...rest: unknown[]) => {
    // onNodeDragStop passes (event, node, nodes); onSelectionDragStop passes (event, nodes).
    const nodes = rest[rest.length - 1] as DrawioFlowNode[];
    const end = nodes.length === 1 && nodes[0].type === 'edgeEnd' ? nodes[0] : undefined;
    if (end) void gestures.edgeEndDropped(end);
    else void gestures.dragEnded(nodes);
  }, [gestures]);
  // A loose end's handle dragged: the cell under it is outlined as the drop target.
  const onNodeDrag = useCallback(
    (_event: unknown, node: DrawioFlowNode) => {
      if (node.type === 'edgeEnd') gestures.edgeEndDragging(edgeEndPoint(node));
    },
    [gestures],
  );
  const pointer = useCanvasPointer();
  const onConnect = useCallback((connection: Connection) => void actions.connect(connection.source, connection.target), [actions]);
  // xyflow connects only when the drag ends near a handle; dropping anywhere on a shape means it too.
  const onConnectEnd: OnConnectEnd = useCallback(
    (event, state) => {
      if (state.isValid || !state.fromNode) return;
      const targetId = shapeIdAt(event);
      if (targetId && targetId !== state.fromNode.id) void actions.connect(state.fromNode.id, targetId);
    },
    [actions],
  );

  return (
    <div className="canvas" ref={wrapper} data-testid="canvas">
      <EdgeMarkers />
      <ReactFlow<DrawioFlowNode, DrawioFlowEdge>
        defaultNodes={[]}
        defaultEdges={[]}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        connectionMode={ConnectionMode.Loose}
        // Cells stack as diagrams.net paints them (flow-mapping gives each its place); a selected one is not lifted.
        zIndexMode="manual"
        onlyRenderVisibleElements={manyShapes && !lowDetail}
        onSelectionChange={onSelectionChange}
        onNodeDrag={onNodeDrag}
        onNodeDragStop={onDragStop}
        onSelectionDragStop={onDragStop}
        onConnect={onConnect}
        onConnectEnd={onConnectEnd}
        // Deleting goes through the core (the editor's keyboard handler), never xyflow's own.
        deleteKeyCode={null}
        zoomOnDoubleClick={false}
        {...POINTER_OPTIONS}
        {...pointer}
        minZoom={MIN_ZOOM}
        maxZoom={4}
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} color="var(--canvas-dots)" />
        <Controls showInteractive={false} position="bottom-right" />
        <EdgeDropTarget />
      </ReactFlow>
    </div>
  );
}

export function DrawioCanvas(props: { registerControls(controls: CanvasControls | undefined): void }) {
  return (
    <ReactFlowProvider>
      <CanvasView registerControls={props.registerControls} />
    </ReactFlowProvider>
  );
}
