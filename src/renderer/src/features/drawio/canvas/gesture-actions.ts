/**
 * The canvas's gestures sent as edits: a drag or a resize that ended, an edge's end dragged over the
 * page and let go. They read the page as the canvas draws it (flow-mapping, connection points, the
 * shapes' outlines), so they load with the canvas, not in the page's first script (issue 23: these
 * imports had brought about 100 kB of drawing code back into it).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ApiAnswer } from '../../../../../shared/tandem-api';
import type { Point } from '../../../../../shared/drawio/geometry';
import { connectionPointMarks, connectionPointPlace } from '../../../../../shared/drawio/render/connection-points';
import type { DrawioActions } from '../editor/actions';
import { useDrawioEditor } from '../editor/drawio-context';
import type { EditorState } from '../editor/editor-store';
import type { DrawioState } from '../store/drawio-store';
import { pageContent, type DrawioFlowNode, type EdgeEndFlowNode, type EdgeEndName, type PageContent } from './flow-mapping';
import { dragEndOp, edgeEndDropOp, edgeEndMoveOp, endLanding, resizeEndOps, type EndLanding, type EndPlace, type ResizeResult } from './gestures';

export interface GestureDeps {
  drawio: StoreApi<DrawioState>;
  editor: StoreApi<EditorState>;
  /** The editor's actions: their `mutate` sends the ops, their `resetNodes` puts back what the core refused. */
  actions: Pick<DrawioActions, 'mutate' | 'resetNodes'>;
}

export type GestureActions = ReturnType<typeof createGestureActions>;

export function createGestureActions({ drawio, editor, actions }: GestureDeps) {
  const { mutate, resetNodes } = actions;
  /** The page an edge's end is being dragged over (see edgeEndDragging). */
  let dropContent: PageContent | undefined;

  const gestures = {
    async dragEnded(dragged: readonly DrawioFlowNode[]): Promise<void> {
      const op = dragEndOp(dragged, drawio.getState().shapes);
      if (!op) return;
      const answer = await mutate([op]);
      if (answer.isError) resetNodes(dragged.map((n) => n.id));
    },

    async resizeEnded(node: DrawioFlowNode, result: ResizeResult): Promise<void> {
      const answer = await mutate(resizeEndOps(node, result));
      if (answer.isError) resetNodes([node.id]);
    },

    /**
     * While an edge's end is dragged: the cell it would attach to, shown as the drop target with
     * its connection points (none over empty canvas), and where the end would land if let go now
     * (that cell's box, and the connection point it would be fixed at), for the line to be drawn
     * there as diagrams.net previews it. The page's content is read once per drag; undefined ends it.
     */
    edgeEndDragging(point: Point | undefined): EndLanding | undefined {
      if (!point) {
        dropContent = undefined;
        if (editor.getState().edgeDrop) editor.setState({ edgeDrop: undefined });
        return undefined;
      }
      dropContent ??= pageContent(drawio.getState());
      const landing = endLanding(dropContent, point);
      const under = landing?.under;
      const fixedAt = landing?.port && connectionPointPlace(landing.under.cell, landing.port);
      const shown = editor.getState().edgeDrop;
      if (under?.id !== shown?.cellId || fixedAt?.x !== shown?.fixedAt?.x || fixedAt?.y !== shown?.fixedAt?.y) {
        editor.setState({ edgeDrop: under && { cellId: under.id, box: under.box, points: connectionPointMarks(under.cell, under.connectionPoints), ...(fixedAt && { fixedAt }) } });
      }
      return landing;
    },

    /** An attached end's handle let go at `point`: attached to what is there, or loose at the point. */
    async edgeEndMoved(edgeId: string, end: EdgeEndName, point: Point, now: EndPlace): Promise<ApiAnswer | undefined> {
      gestures.edgeEndDragging(undefined);
      const op = edgeEndMoveOp(edgeId, end, point, pageContent(drawio.getState()), now);
      return op ? mutate([op]) : undefined;
    },

    /** A loose end dragged and dropped: attached to what it was dropped on, or moved. */
    async edgeEndDropped(node: EdgeEndFlowNode): Promise<void> {
      gestures.edgeEndDragging(undefined);
      const op = edgeEndDropOp(node, pageContent(drawio.getState()));
      const answer = op ? await mutate([op]) : undefined;
      if (!op || answer?.isError) resetNodes([node.id]);
    },
  };
  return gestures;
}

/** One set of gestures an editor, whichever canvas component asks: an end's drag is read by the edge and the canvas alike. */
const gesturesOfEditor = new WeakMap<DrawioActions, GestureActions>();

/** The gestures of the editor in context. */
export function useGestureActions(): GestureActions {
  const { drawio, editor, actions } = useDrawioEditor();
  let gestures = gesturesOfEditor.get(actions);
  if (!gestures) {
    gestures = createGestureActions({ drawio, editor, actions });
    gesturesOfEditor.set(actions, gestures);
  }
  return gestures;
}
