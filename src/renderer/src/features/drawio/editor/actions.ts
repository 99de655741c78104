/**
 * Everything a person can do in the diagram editor, each one sent to the core as drawio ops or a
 * session action (DESIGN.md, "One pipeline for every edit"). The toolbar, the palette, the side
 * panel, the canvas and the keyboard all call these; none of them changes the model itself.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ApiAnswer, TandemApi } from '../../../../../shared/tandem-api';
import { dragEndOp, resizeEndOps, type ResizeResult } from '../canvas/gestures';
import type { DrawioFlowNode } from '../canvas/flow-mapping';
import type { Point } from '../model/geometry';
import {
  LAYOUT_OP,
  checkpointAction,
  clipOf,
  connectOp,
  edgeLabelOp,
  freeAlias,
  freeGroupName,
  groupOp,
  labelOp,
  layerVisibilityOp,
  openAction,
  pageAddOp,
  pageSwitchOp,
  paletteAddOp,
  pasteOps,
  removeOps,
  saveAsAction,
  styleOp,
  takenAliases,
  typeSize,
  ungroupOp,
  waypointsOp,
  type StyleChange,
} from '../model/ops';
import { DRAWIO_DOMAIN, errorMessage, type DrawioState } from '../store/drawio-store';
import { EMPTY_SELECTION, pushToast, toastContent, type DialogKind, type EditorState } from './editor-store';

/** What the actions need from the canvas, without depending on xyflow. */
export interface CanvasControls {
  /** The centre of what is on screen, in page coordinates. */
  viewportCenter(): Point;
  selectAll(): void;
  /** Puts these nodes back where their records say (after the core refused a drag). */
  resetNodes(ids: readonly string[]): void;
}

export interface ActionDeps {
  api: TandemApi;
  drawio: StoreApi<DrawioState>;
  editor: StoreApi<EditorState>;
  canvas(): CanvasControls | undefined;
  /** Asks the person whether unsaved changes may go (the native dialog path); absent: never. */
  confirmDiscard?(title: string): boolean;
}

export type DrawioActions = ReturnType<typeof createDrawioActions>;

export function createDrawioActions(deps: ActionDeps) {
  const { api, drawio, editor } = deps;

  const report = (answer: ApiAnswer): ApiAnswer => {
    if (answer.isError) pushToast(editor, toastContent(answer.text));
    return answer;
  };
  const fail = (error: unknown): ApiAnswer => {
    const suggestion = (error as { suggestion?: unknown })?.suggestion;
    pushToast(editor, { message: errorMessage(error), hints: typeof suggestion === 'string' ? [suggestion] : [] });
    return { text: errorMessage(error), isError: true };
  };

  /** Sends one batch; an error answer (or a lost connection) becomes a toast. */
  const mutate = (ops: readonly string[]): Promise<ApiAnswer> => {
    if (ops.length === 0) return Promise.resolve({ text: '', isError: false });
    return api.mutate(DRAWIO_DOMAIN, [...ops]).then(report, fail);
  };
  const session = (action: string): Promise<ApiAnswer> => api.session(DRAWIO_DOMAIN, action).then(report, fail);

  const activePageId = () => drawio.getState().meta?.activePageId ?? '';
  const selection = () => editor.getState().selection;

  const actions = {
    mutate,
    session,

    addShape(type: string): Promise<ApiAnswer> {
      const { shapes, customTypes } = drawio.getState();
      const center = deps.canvas()?.viewportCenter() ?? { x: 200, y: 200 };
      const onPage = [...shapes.values()].filter((s) => s.pageId === activePageId());
      return mutate([paletteAddOp(type, center, takenAliases(onPage, activePageId()), typeSize(type, customTypes), onPage)]);
    },

    async dragEnded(dragged: readonly DrawioFlowNode[]): Promise<void> {
      const op = dragEndOp(dragged, drawio.getState().shapes);
      if (!op) return;
      const answer = await mutate([op]);
      if (answer.isError) deps.canvas()?.resetNodes(dragged.map((n) => n.id));
    },

    async resizeEnded(node: DrawioFlowNode, result: ResizeResult): Promise<void> {
      const answer = await mutate(resizeEndOps(node, result));
      if (answer.isError) deps.canvas()?.resetNodes([node.id]);
    },

    connect(sourceId: string, targetId: string): Promise<ApiAnswer> {
      return mutate([connectOp(sourceId, targetId)]);
    },

    /** A waypoint dragged, added or removed on the canvas: the edge's new points. */
    setWaypoints(edgeId: string, points: readonly Point[]): Promise<ApiAnswer> {
      return mutate([waypointsOp(edgeId, points)]);
    },

    startRename(kind: 'shape' | 'edge', id: string): void {
      editor.setState({ renaming: { kind, id } });
    },
    cancelRename(): void {
      editor.setState({ renaming: undefined });
    },
    /** Ends the inline rename; sends a `label` op when the text changed. */
    finishRename(text: string): Promise<ApiAnswer> | undefined {
      const renaming = editor.getState().renaming;
      editor.setState({ renaming: undefined });
      if (!renaming) return undefined;
      const state = drawio.getState();
      if (renaming.kind === 'shape') {
        const shape = state.shapes.get(renaming.id);
        if (!shape || shape.text === text || !text.trim()) return undefined;
        return mutate([labelOp(shape.id, text)]);
      }
      const edge = state.edges.get(renaming.id);
      if (!edge || edge.label === text) return undefined;
      return mutate([edgeLabelOp(edge, text)]);
    },

    deleteSelection(): Promise<ApiAnswer> {
      const { shapes, edges, groups } = drawio.getState();
      const { shapeIds, groupIds, edgeIds } = selection();
      const ops = removeOps(
        {
          shapeIds: shapeIds.filter((id) => shapes.has(id)),
          groups: groupIds.flatMap((id) => groups.get(id) ?? []),
          edges: edgeIds.flatMap((id) => edges.get(id) ?? []),
        },
        shapes,
      );
      return mutate(ops);
    },

    groupSelection(): Promise<ApiAnswer> {
      const ids = selection().shapeIds;
      if (ids.length === 0) return Promise.resolve({ text: '', isError: false });
      return mutate([groupOp(ids, freeGroupName(drawio.getState().groups.values(), activePageId()))]);
    },

    ungroup: (name: string) => mutate([ungroupOp(name)]),

    restyle(change: StyleChange): Promise<ApiAnswer> {
      const ids = selection().shapeIds;
      if (ids.length === 0) return Promise.resolve({ text: '', isError: false });
      return mutate([styleOp(ids, change)]);
    },

    layout: () => mutate([LAYOUT_OP]),
    undo: () => session('undo'),
    redo: () => session('redo'),
    checkpoint: (name: string) => session(checkpointAction(name)),

    switchPage(name: string): Promise<ApiAnswer> {
      editor.setState({ selection: EMPTY_SELECTION, renaming: undefined });
      return mutate([pageSwitchOp(name)]);
    },
    addPage(): Promise<ApiAnswer> {
      const taken = new Set([...drawio.getState().pages.values()].map((p) => p.name.toLowerCase()));
      return mutate([pageAddOp(freeAlias(`Page-${taken.size + 1}`, taken))]);
    },
    setLayerVisible: (name: string, visible: boolean) => mutate([layerVisibilityOp(name, visible)]),

    selectAll(): void {
      deps.canvas()?.selectAll();
    },

    copy(): void {
      const { shapes, edges } = drawio.getState();
      const ids = new Set(selection().shapeIds);
      // A selected group frame copies its members.
      for (const groupId of selection().groupIds) for (const s of shapes.values()) if (s.groupId === groupId) ids.add(s.id);
      if (ids.size === 0) return;
      editor.setState({ clipboard: clipOf(ids, shapes, edges.values()) });
    },
    paste(): Promise<ApiAnswer> {
      const clip = editor.getState().clipboard;
      if (!clip || clip.shapes.length === 0) return Promise.resolve({ text: '', isError: false });
      const ops = pasteOps(clip, takenAliases(drawio.getState().shapes.values(), activePageId()));
      // The next paste lands a step further, like copying the pasted shapes again.
      editor.setState({
        clipboard: { ...clip, shapes: clip.shapes.map((s) => ({ ...s, x: s.x + 20, y: s.y + 20 })) },
      });
      return mutate(ops);
    },

    openDialog(dialog: DialogKind | undefined): void {
      editor.setState({ dialog });
    },

    /**
     * Electron: the native dialog, then `open PATH` (asking first if unsaved changes would go).
     * Browser: the workspace file list, which asks the same itself.
     */
    async open(): Promise<void> {
      if (api.pickFile) {
        const path = await api.pickFile(DRAWIO_DOMAIN, 'open').catch(fail);
        if (typeof path !== 'string') return;
        const { dirty, title, meta } = drawio.getState();
        const discard = dirty && (deps.confirmDiscard?.(meta?.title ?? title) ?? false);
        if (dirty && !discard && deps.confirmDiscard) return;
        await session(openAction(path, discard));
        return;
      }
      editor.setState({ dialog: 'open' });
    },
    openPath: (path: string, discard = false) => session(openAction(path, discard)),
    listFiles: () => api.listFiles(DRAWIO_DOMAIN),

    /** Saves to the document's file; a document without one asks where first. */
    async save(): Promise<void> {
      if (drawio.getState().path) {
        await session('save');
        return;
      }
      await actions.saveAs();
    },
    async saveAs(): Promise<void> {
      if (api.pickFile) {
        const path = await api.pickFile(DRAWIO_DOMAIN, 'save').catch(fail);
        if (typeof path === 'string') await session(saveAsAction(path));
        return;
      }
      editor.setState({ dialog: 'save-as' });
    },
    saveToPath: (path: string) => session(saveAsAction(path)),
  };
  return actions;
}
