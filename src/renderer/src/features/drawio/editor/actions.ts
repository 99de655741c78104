/**
 * Everything a person can do in the diagram editor, each one sent to the core as drawio ops or a
 * session action (DESIGN.md, "One pipeline for every edit"). The toolbar, the palette, the side
 * panel, the canvas and the keyboard all call these; none of them changes the model itself.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ApiAnswer, TandemApi } from '../../../../../shared/tandem-api';
import { createDocumentActions, sendAndFind } from '../../../common/document-actions';
import { word } from '../../../common/fcp-text';
import { whenFound } from '../../../common/navigation';
import { imageDataUrl } from '../canvas/image-data-url';
import { boundsOf, type Point } from '../../../../../shared/drawio/geometry';
import {
  LAYOUT_OP,
  alignOps,
  clipOf,
  connectOp,
  edgeLabelOp,
  freeAlias,
  freeGroupName,
  groupOp,
  labelOp,
  layerVisibilityOp,
  moveOp,
  moveUnits,
  shapesWithin,
  offsetTo,
  orderOp,
  pageAddOp,
  PASTE_OFFSET,
  pageSwitchOp,
  paletteAddOp,
  pasteOps,
  removeOps,
  styleOp,
  takenAliases,
  typeSize,
  ungroupOp,
  waypointsOp,
  type Alignment,
  type DiagramClip,
  type PastePlan,
  type StyleChange,
} from '../model/ops';
import { DRAWIO_DOMAIN, type DrawioState } from '../store/drawio-store';
import { EMPTY_SELECTION, type ContextMenuState, type EditorState } from './editor-store';
import { nudgeDelta, type NudgeDirection } from './nudge';
import { EMPTY_SEARCH, LIBRARY_SEARCH_LIMIT, librarySearchQuery, parseLibrarySearch, type LibrarySearch } from '../model/library-search';

/** What the actions need from the canvas, without depending on xyflow. */
export interface CanvasControls {
  /** The centre of what is on screen, in page coordinates. */
  viewportCenter(): Point;
  selectAll(): void;
  /** Selects exactly these shapes (none: clears the selection). */
  select(shapeIds: readonly string[]): void;
  /** Selects these shapes and centres the view on them (a link opened from another view). */
  reveal(shapeIds: readonly string[]): void;
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

/** How long new shapes (a paste, a duplicate, an add) may take to show before they are selected. */
export const SELECT_NEW_WAIT_MS = 3000;

export function createDrawioActions(deps: ActionDeps) {
  const { api, drawio, editor } = deps;

  const documentActions = createDocumentActions({
    api,
    domain: DRAWIO_DOMAIN,
    view: editor,
    document: () => {
      const { dirty, title, meta, path } = drawio.getState();
      return { dirty, title: meta?.title ?? title, path };
    },
    confirmDiscard: deps.confirmDiscard,
  });
  const { mutate } = documentActions;

  const activePageId = () => drawio.getState().meta?.activePageId ?? '';
  const selection = () => editor.getState().selection;
  const done = Promise.resolve<ApiAnswer>({ text: '', isError: false });

  /** The selection as pieces that move: shapes, and groups standing for their members. */
  const selectedUnits = () => {
    const { shapes, groups } = drawio.getState();
    const { shapeIds, groupIds } = selection();
    const moved = groupIds.flatMap((id) => {
      const group = groups.get(id);
      return group ? [{ ...group, shapeIds: shapesWithin(id, groups.values(), shapes.values()) }] : [];
    });
    return moveUnits(shapeIds, moved, shapes);
  };

  /**
   * Sends ops that add shapes called `aliases` and selects those shapes once they show, as
   * draw.io selects what it pasted or added (so the next nudge or delete acts on them).
   */
  const addAndSelect = async (ops: readonly string[], aliases: readonly string[]): Promise<ApiAnswer> => {
    const pageId = activePageId();
    const wanted = new Set(aliases.map((a) => a.toLowerCase()));
    const shown = (state: DrawioState) => {
      const ids = [...state.shapes.values()].filter((s) => s.pageId === pageId && wanted.has(s.alias.toLowerCase())).map((s) => s.id);
      return ids.length === wanted.size ? ids : undefined;
    };
    const { answer, found } = await sendAndFind(drawio, () => mutate(ops), shown, SELECT_NEW_WAIT_MS);
    const canvas = deps.canvas();
    if (found && canvas) {
      canvas.select(found);
      // The canvas reports the selection on its next render: the next key waits for that, so it acts on the new shapes.
      const selectedNow = (state: EditorState) => (found.every((id) => state.selection.shapeIds.includes(id)) ? true : undefined);
      await whenFound(editor, selectedNow, SELECT_NEW_WAIT_MS);
    }
    return answer;
  };

  const pasteClip = (clip: DiagramClip, offset?: { x: number; y: number }): Promise<ApiAnswer> => {
    const plan: PastePlan = pasteOps(clip, takenAliases(drawio.getState().shapes.values(), activePageId()), offset);
    return addAndSelect(plan.ops, plan.aliases);
  };

  /** The shapes of the selection with the edges among them; a selected group frame copies its members. */
  const selectedClip = (): DiagramClip | undefined => {
    const { shapes, edges } = drawio.getState();
    const ids = new Set(selection().shapeIds);
    for (const groupId of selection().groupIds) for (const s of shapes.values()) if (s.groupId === groupId) ids.add(s.id);
    return ids.size ? clipOf(ids, shapes, edges.values()) : undefined;
  };

  const actions = {
    ...documentActions,

    /**
     * Draws the active page into a picture in the workspace with the diagram inside (the core's
     * `export` session action); the answer says where it went. Refusals come back as the answer.
     */
    openExport(): void {
      editor.setState({ dialog: 'export' });
    },
    exportPage(path: string, scale: number): Promise<ApiAnswer> {
      const page = drawio.getState().pages.get(activePageId())?.name;
      const pagePart = page ? ` page:${word(page)}` : '';
      return api.session(DRAWIO_DOMAIN, `export as:${word(path)}${pagePart}${scale === 1 ? '' : ` scale:${scale}`}`);
    },

    /** Adds a shape in the middle of the view; `size`: a library shape's palette size (the core gives it that too). */
    addShape(type: string, size?: { w: number; h: number }): Promise<ApiAnswer> {
      const { shapes, customTypes } = drawio.getState();
      const center = deps.canvas()?.viewportCenter() ?? { x: 200, y: 200 };
      const onPage = [...shapes.values()].filter((s) => s.pageId === activePageId());
      const { op } = paletteAddOp(type, center, takenAliases(onPage, activePageId()), size ?? typeSize(type, customTypes), onPage);
      return mutate([op]);
    },

    /** Adds a shape of `type` centred exactly on `at` (a double click, the menu's Add, a palette drop), then selects it. */
    addShapeAt(type: string, at: Point, size?: { w: number; h: number }): Promise<ApiAnswer> {
      const { shapes, customTypes } = drawio.getState();
      const { op, alias } = paletteAddOp(type, at, takenAliases(shapes.values(), activePageId()), size ?? typeSize(type, customTypes));
      return addAndSelect([op], [alias]);
    },

    /** diagrams.net's library shapes whose names hold the words (the palette's "Search shapes"). */
    async searchLibraryShapes(words: string): Promise<LibrarySearch> {
      const q = librarySearchQuery(words, LIBRARY_SEARCH_LIMIT);
      if (q === undefined) return EMPTY_SEARCH;
      const answer = await api.query(DRAWIO_DOMAIN, q);
      if (answer.isError) throw new Error(answer.text);
      return parseLibrarySearch(answer.text);
    },

    /** Puts these canvas nodes back where their records say (the core refused what a gesture did to them). */
    resetNodes(ids: readonly string[]): void {
      deps.canvas()?.resetNodes(ids);
    },

    connect(sourceId: string, targetId: string): Promise<ApiAnswer> {
      return mutate([connectOp(sourceId, targetId)]);
    },

    /** A waypoint dragged, added or removed on the canvas: the edge's new points. */
    setWaypoints(edgeId: string, points: readonly Point[]): Promise<ApiAnswer> {
      return mutate([waypointsOp(edgeId, points)]);
    },

    /** Arrow keys: the selection one step (or a grid step) over, in whole pixels, as one strict `move`. */
    nudge(direction: NudgeDirection, large: boolean): Promise<ApiAnswer> {
      const units = selectedUnits();
      const box = boundsOf(units.map((u) => u.box));
      if (!box) return done;
      const delta = nudgeDelta(direction, large);
      return mutate([moveOp(units.map((u) => u.ref), { x: Math.round(box.x + delta.x), y: Math.round(box.y + delta.y) })]);
    },

    align: (alignment: Alignment) => mutate(alignOps(selectedUnits(), alignment)),

    order(place: 'front' | 'back'): Promise<ApiAnswer> {
      const op = orderOp(
        selectedUnits().map((u) => u.ref),
        place,
      );
      return op ? mutate([op]) : done;
    },

    startRename(kind: 'shape' | 'edge', id: string): void {
      editor.setState({ renaming: { kind, id } });
    },
    /** F2: renames the one selected shape or edge. */
    renameSelection(): void {
      const { shapeIds, edgeIds } = selection();
      if (shapeIds.length === 1 && edgeIds.length === 0) actions.startRename('shape', shapeIds[0]);
      else if (edgeIds.length === 1 && shapeIds.length === 0) actions.startRename('edge', edgeIds[0]);
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
      return mutate([edgeLabelOp(edge.id, text)]);
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
    ungroupSelection(): Promise<ApiAnswer> {
      const { groups } = drawio.getState();
      return mutate(selection().groupIds.flatMap((id) => groups.get(id) ?? []).map((g) => ungroupOp(g.name)));
    },

    restyle(change: StyleChange): Promise<ApiAnswer> {
      const ids = selection().shapeIds;
      if (ids.length === 0) return Promise.resolve({ text: '', isError: false });
      return mutate([styleOp(ids, change)]);
    },

    layout: () => mutate([LAYOUT_OP]),

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

    selectNone(): void {
      deps.canvas()?.select([]);
    },

    copy(): void {
      const clip = selectedClip();
      if (clip) editor.setState({ clipboard: clip });
    },
    cut(): Promise<ApiAnswer> {
      if (!selectedClip()) return done;
      actions.copy();
      return actions.deleteSelection();
    },
    /**
     * Pastes what was copied: at `at` (where the context menu opened) or, from the keyboard, a
     * step below-right of the last paste. The pasted shapes are then the selection.
     */
    paste(at?: Point): Promise<ApiAnswer> {
      const clip = editor.getState().clipboard;
      if (!clip || clip.shapes.length === 0) return done;
      if (at) return pasteClip(clip, offsetTo(clip, at));
      // The next paste lands a step further, like copying the pasted shapes again.
      editor.setState({
        clipboard: { ...clip, shapes: clip.shapes.map((s) => ({ ...s, x: s.x + PASTE_OFFSET, y: s.y + PASTE_OFFSET })) },
      });
      return pasteClip(clip);
    },
    /** Ctrl+D: a copy of the selection a step below-right, selected; the clipboard is left alone. */
    duplicate(): Promise<ApiAnswer> {
      const clip = selectedClip();
      return clip ? pasteClip(clip) : done;
    },

    openContextMenu(menu: ContextMenuState): void {
      editor.setState({ contextMenu: menu });
    },
    closeContextMenu(): void {
      if (editor.getState().contextMenu) editor.setState({ contextMenu: undefined });
    },
    /** An image file of the diagram (workspace-relative) as a data: URL, served by the core (drawio's `image` asset); a refusal is remembered for the notice. */
    loadImage(path: string): Promise<string> {
      return api.asset('drawio', 'image', path).then((bytes) => imageDataUrl(bytes, path), (err: unknown) => {
        actions.imageNotDrawn(path);
        throw err;
      });
    },

    /** An image the canvas could not draw (a file the core did not serve, a name not in diagrams.net's library), for the file notice. */
    imageNotDrawn(key: string): void {
      const unserved = editor.getState().unservedImages ?? new Set<string>();
      if (!unserved.has(key)) editor.setState({ unservedImages: new Set([...unserved, key]) });
    },
  };
  return actions;
}
