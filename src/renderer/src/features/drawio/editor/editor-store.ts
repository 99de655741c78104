/**
 * The editor's own state: what is selected, what is being renamed, the open dialog, the toasts
 * and the clipboard. None of it is the model; the model lives in the drawio store.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Point, Rect } from '../../../../../shared/drawio/geometry';
import type { DiagramClip } from '../model/ops';
import type { DocumentDialogKind } from '../../../common/document-actions';
import type { Toast } from '../../../common/toasts';

export { dismissToast, pushToast, toastContent, type Toast } from '../../../common/toasts';

export interface Selection {
  shapeIds: readonly string[];
  groupIds: readonly string[];
  edgeIds: readonly string[];
}

export const EMPTY_SELECTION: Selection = { shapeIds: [], groupIds: [], edgeIds: [] };

/** The document dialogs, and the diagram's own Export dialog. */
export type DialogKind = DocumentDialogKind | 'export';

export interface Renaming {
  kind: 'shape' | 'edge';
  id: string;
}

/** What a right click opened on: the selection (a shape, an edge, a selection box) or the empty canvas. */
export type ContextMenuTarget = 'selection' | 'canvas';

export interface ContextMenuState {
  target: ContextMenuTarget;
  /** Where it opens, in window px. */
  x: number;
  y: number;
  /** The same point on the page: where Paste and Add put things. */
  at: Point;
}

export interface EditorState {
  selection: Selection;
  renaming?: Renaming;
  dialog?: DialogKind;
  contextMenu?: ContextMenuState;
  toasts: readonly Toast[];
  clipboard?: DiagramClip;
  /** Workspace image files the core did not serve (missing, refused), for the file notice. */
  unservedImages?: ReadonlySet<string>;
  /**
   * The cell an edge's dragged end would attach to if dropped now (drawn as the drop target), with
   * its connection points and, near one, the point the end would be fixed at.
   */
  edgeDrop?: { cellId: string; box: Rect; points: readonly Point[]; fixedAt?: Point };
}

export function createEditorStore(): StoreApi<EditorState> {
  return createStore<EditorState>()(() => ({ selection: EMPTY_SELECTION, toasts: [] }));
}
