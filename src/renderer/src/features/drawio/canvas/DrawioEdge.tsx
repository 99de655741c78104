/**
 * One edge: leaves and enters its shapes on the faces that look at each other (or its exit and
 * entry ports), drawn orthogonal, curved or straight-cornered (entity-relation edges as diagrams.net
 * routes them), solid, dashed or dotted, with its labels (EdgeLabel) and arrow heads, through its
 * waypoints. While it is selected its waypoints and its attached ends have handles to drag
 * (WaypointHandles, EdgeEndHandles). It follows the shapes live while they are dragged.
 */
import {
  BaseEdge,
  EdgeLabelRenderer,
  useInternalNode,
  type EdgeProps,
  type InternalNode,
} from '@xyflow/react';
import { memo, useEffect, useState } from 'react';
import { useReadMark } from '../../../common/presence';
import { useActions, useDrawio, useEditor } from '../editor/drawio-context';
import { useGestureActions } from './gesture-actions';
import { edgeLabelSpots } from '../../../../../shared/drawio/render/edge-label';
import { edgeRoute } from '../../../../../shared/drawio/render/edge-route';
import { edgeRecordShapeMarkup } from '../../../../../shared/drawio/render/edge-shapes';
import { perimeterBox, shapePerimeter } from '../../../../../shared/drawio/render/edge-perimeter';
import { edgeDashes, edgeWidth, filledEdgeCore } from '../../../../../shared/drawio/render/cell-paint';
import { screenOffset } from '../../../../../shared/drawio/render/screen-offset';
import { fileStyleText, type EdgeRecord } from '../../../../../shared/drawio/model';
import { styleEntries } from '../../../../../shared/drawio/stencils';
import { shadowCss } from './shadow-css';
import type { Point, Rect } from '../../../../../shared/drawio/geometry';
import { edgeStroke, type DrawioFlowEdge, type EdgeEndName } from './flow-mapping';
import { CANVAS_INK } from '../../../../../shared/drawio/render/default-ink';
import { withReferencedStroke } from '../../../../../shared/drawio/render/cell-references';
import { EdgeEndHandles, type AttachedEnd } from './EdgeEndHandles';
import type { EndLanding } from './gestures';
import { originColor, useRecentChange } from './recent-change';
import { RenameInput } from './RenameInput';
import { EdgeLabel } from './EdgeLabel';
import { useLowDetail } from './level-of-detail';
import { WaypointHandles } from './WaypointHandles';

function boxOf(node: InternalNode): Rect {
  // A loose end is a point, where its handle's middle is (also while the handle is dragged).
  if (node.type === 'edgeEnd') {
    const w = node.measured.width ?? node.width ?? 0;
    const h = node.measured.height ?? node.height ?? 0;
    return { x: node.internals.positionAbsolute.x + w / 2, y: node.internals.positionAbsolute.y + h / 2, w: 0, h: 0 };
  }
  return {
    x: node.internals.positionAbsolute.x,
    y: node.internals.positionAbsolute.y,
    w: node.measured.width ?? node.width ?? 0,
    h: node.measured.height ?? node.height ?? 0,
  };
}

function DrawioEdgeView({ id, source, target, data, markerStart, markerEnd, selected }: EdgeProps<DrawioFlowEdge>) {
  const record = useDrawio((s) => s.edges.get(id)) ?? data?.record;
  const sourceAlias = useDrawio((s) => endName(s, source));
  const targetAlias = useDrawio((s) => endName(s, target));
  const renaming = useEditor((s) => s.renaming?.kind === 'edge' && s.renaming.id === id);
  const recent = useRecentChange(id);
  const documentId = useDrawio((s) => s.documentId);
  const read = useReadMark(documentId, id);
  // An edge read with both its shapes (describe A -> B) needs no tag of its own: theirs name the reader.
  const sourceRead = useReadMark(documentId, source);
  const targetRead = useReadMark(documentId, target);
  const endsTagged = sourceRead?.origin === read?.origin && targetRead?.origin === read?.origin;
  const actions = useActions();
  const gestures = useGestureActions();
  const sourcePerimeter = useDrawio((s) => shapePerimeter(s.shapes.get(source) ?? s.groups.get(source)));
  const targetPerimeter = useDrawio((s) => shapePerimeter(s.shapes.get(target) ?? s.groups.get(target)));
  const sourceNode = useInternalNode(source);
  const targetNode = useInternalNode(target);
  const lowDetail = useLowDetail();
  // A stroke naming another cell's (`inherit`) is drawn in that cell's colour.
  const ownStroke = useDrawio((s) => (record ? edgeStroke(withReferencedStroke(record, s.groups), CANVAS_INK) : CANVAS_INK));
  // Waypoints being dragged, shown until the core's change comes back (or the op fails).
  const [draft, setDraft] = useState<Point[] | undefined>(undefined);
  // An attached end being dragged (see EdgeEndHandles): drawn where it would land if let go (on the
  // cell under the pointer, at the connection point it snaps to), else at the pointer, until the change comes back.
  const [endDraft, setEndDraft] = useState<{ end: EdgeEndName; point: Point; landing?: EndLanding } | undefined>(undefined);
  useEffect(() => {
    setDraft(undefined);
    setEndDraft(undefined);
  }, [record]);
  if (!record || !sourceNode || !targetNode) return null;

  const points = draft ?? record.points ?? [];
  const endBox = (end: EdgeEndName, node: InternalNode) => {
    if (endDraft?.end !== end) return perimeterBox(boxOf(node), end === 'source' ? sourcePerimeter : targetPerimeter);
    return endDraft.landing?.under.cell ?? { ...endDraft.point, w: 0, h: 0 };
  };
  // A dragged end keeps no connection point but the one it would be fixed at.
  const routed = endDraft ? { ...record, [endDraft.end === 'source' ? 'exit' : 'entry']: endDraft.landing?.port } : record;
  const { from, to, path, drawn, label, labelLine, followsWaypoints } = edgeRoute(routed, endBox('source', sourceNode), endBox('target', targetNode), points);
  const [labelX, labelY] = [label.x, label.y];
  // The labels where diagrams.net puts them: at their geometry along its ends and bends.
  const labels = renaming ? [] : edgeLabelSpots(record, labelLine);
  // An edge of no line (strokeColor=none) shows its line while selected, so the person sees what they hold.
  const stroke = recent ? originColor(recent.origin) : selected && ownStroke === 'none' ? 'var(--accent)' : ownStroke;
  // The file's own width (strokeWidth), as diagrams.net draws it.
  const width = edgeWidth(record);
  const shadow = edgeShadowCss(record);
  const lineWidth = selected || recent ? width + 1 : width;
  // An edge of a shape of its own (flexArrow, link, ...) is drawn as that shape through its ends and bends, as the export draws it.
  const shapeMarkup = edgeRecordShapeMarkup(record, labelLine, { stroke, strokeWidth: lineWidth });
  const core = filledEdgeCore(record);
  const shapeFigure = shapeMarkup !== undefined && (
    <g className="drawio-edge-shape" style={{ transform: edgeOffsetCss(width), ...shadow }} dangerouslySetInnerHTML={{ __html: shapeMarkup }} />
  );

  if (lowDetail && !renaming) {
    // Zoomed far out: the bare line, without label, arrow heads or the wide hit path.
    return (
      <g data-testid={`edge-${sourceAlias}-${targetAlias}`} data-edge-id={id}>
        {shapeFigure || <path className="react-flow__edge-path" d={path} fill="none" style={{ stroke, strokeWidth: lineWidth }} />}
      </g>
    );
  }

  return (
    <g
      data-testid={`edge-${sourceAlias}-${targetAlias}`}
      data-edge-id={id}
      onDoubleClick={(event) => {
        event.stopPropagation();
        actions.startRename('edge', id);
      }}
    >
      {read && !recent && (
        // What an AI client just read: a dashed halo along the line and a "read by" tag at its middle.
        <path className="edge-read-mark" d={path} fill="none" style={{ stroke: originColor(read.origin) }} data-testid="edge-read-mark" data-origin={read.origin}>
          <title>{`read by ${read.origin}: ${read.what}`}</title>
        </path>
      )}
      {shapeFigure}
      <BaseEdge
        id={id}
        path={drawn}
        markerStart={shapeFigure ? undefined : markerStart}
        markerEnd={shapeFigure ? undefined : markerEnd}
        interactionWidth={14}
        style={
          shapeFigure
            ? // The shape is the drawing; its centre line stays to be picked.
              { stroke: 'transparent' }
            : {
                stroke,
                strokeWidth: lineWidth,
                strokeDasharray: edgeDashes(record),
                // On whole pixels as diagrams.net draws it (see screenOffset).
                transform: edgeOffsetCss(width),
                ...shadow,
              }
        }
      />
      {core && (
        // A filledEdge's core: the line again in its fill colour, narrower, and its heads again (see filledEdgeCore).
        <path
          d={drawn}
          fill="none"
          pointerEvents="none"
          markerStart={data?.coreMarkers?.start && `url(#${data.coreMarkers.start})`}
          markerEnd={data?.coreMarkers?.end && `url(#${data.coreMarkers.end})`}
          style={{ stroke: core.stroke, strokeWidth: core.width, strokeDasharray: core.dash, transform: edgeOffsetCss(width) }}
        />
      )}
      {labels.map((spot, i) => (
        <EdgeLabel key={i} spot={spot} />
      ))}
      {selected && !renaming && followsWaypoints && (
        <WaypointHandles
          edgeId={id}
          from={from}
          to={to}
          points={points}
          line={labelLine}
          onDrag={setDraft}
          onDone={(next) => {
            setDraft(next);
            void actions.setWaypoints(id, next).then((answer) => {
              if (answer.isError) setDraft(undefined);
            });
          }}
        />
      )}
      {selected && !renaming && (
        <EdgeEndHandles
          edgeId={id}
          ends={attachedEnds(record, from, to)}
          onDrag={(end, point) => setEndDraft({ end, point, landing: gestures.edgeEndDragging(point) })}
          onDone={(end, point) => {
            setEndDraft({ end, point, landing: gestures.edgeEndDragging(point) });
            const cellId = end === 'source' ? record.source : record.target;
            void gestures.edgeEndMoved(id, end, point, { cellId }).then((answer) => {
              if (!answer || answer.isError) setEndDraft(undefined);
            });
          }}
          onCancel={() => {
            setEndDraft(undefined);
            gestures.edgeEndDragging(undefined);
          }}
        />
      )}
      {read && !recent && !renaming && !endsTagged && (
        <EdgeLabelRenderer>
          <div className="edge-read-origin read-origin" style={{ color: originColor(read.origin), transform: `translate(-50%, 0) translate(${labelX}px, ${labelY + 10}px)` }} title={`${read.origin}: ${read.what}`}>
            read by {read.origin}
          </div>
        </EdgeLabelRenderer>
      )}
      {renaming && (
        <EdgeLabelRenderer>
          <div className="edge-rename" style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}>
            <RenameInput initial={record.label} onCommit={(text) => void actions.finishRename(text)} onCancel={actions.cancelRename} />
          </div>
        </EdgeLabelRenderer>
      )}
    </g>
  );
}

/** The ends of an edge that are attached to a cell, where they meet it (a loose end has its own handle). */
function attachedEnds(record: EdgeRecord, from: Point, to: Point): AttachedEnd[] {
  const ends: AttachedEnd[] = [];
  if (record.source !== '') ends.push({ end: 'source', at: from });
  if (record.target !== '') ends.push({ end: 'target', at: to });
  return ends;
}

/** What an end is called in test ids: a shape's alias, a container's name, else the node id (a loose end's). */
function endName(state: { shapes: ReadonlyMap<string, { alias: string }>; groups: ReadonlyMap<string, { name: string }> }, nodeId: string): string {
  return state.shapes.get(nodeId)?.alias ?? state.groups.get(nodeId)?.name ?? nodeId;
}

/** An edge's shadow (its line and arrowheads, not its labels), as diagrams.net casts it. */
function edgeShadowCss(record: EdgeRecord) {
  const text = fileStyleText(record.file);
  return text?.includes('shadow') ? shadowCss(styleEntries(text)) : undefined;
}

/** The half pixel diagrams.net moves a line of odd width by, as CSS. */
function edgeOffsetCss(width: number): string | undefined {
  const offset = screenOffset(width);
  return offset ? `translate(${offset}px, ${offset}px)` : undefined;
}

export const DrawioEdge = memo(DrawioEdgeView);
