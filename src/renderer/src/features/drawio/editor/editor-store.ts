/**
 * The editor's own state: what is selected, what is being renamed, the open dialog, the toasts
 * and the clipboard. None of it is the model; the model lives in the drawio store.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Point } from '../model/geometry';
import type { DiagramClip } from '../model/ops';

export interface Selection {
  shapeIds: readonly string[];
  groupIds: readonly string[];
  edgeIds: readonly string[];
}

export const EMPTY_SELECTION: Selection = { shapeIds: [], groupIds: [], edgeIds: [] };

export interface Toast {
  id: number;
  /** The error lines of the answer (`! ...`). */
  message: string;
  /** Its `try:` suggestions, shown apart so they stand out. */
  hints: readonly string[];
}

export type DialogKind = 'open' | 'save-as' | 'checkpoint';

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
}

export function createEditorStore(): StoreApi<EditorState> {
  return createStore<EditorState>()(() => ({ selection: EMPTY_SELECTION, toasts: [] }));
}

/** Splits an error answer into its message and its `try:` lines. */
export function toastContent(text: string): { message: string; hints: string[] } {
  const message: string[] = [];
  const hints: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('digest:')) continue;
    if (trimmed.startsWith('try:')) hints.push(trimmed.slice('try:'.length).trim());
    else message.push(trimmed);
  }
  return { message: message.join('\n') || 'the studio refused the edit', hints };
}

let nextToastId = 1;

export function pushToast(editor: StoreApi<EditorState>, content: { message: string; hints: readonly string[] }): void {
  const toast: Toast = { id: nextToastId++, ...content };
  // Keep the last few: a burst of failures should not cover the canvas.
  editor.setState((s) => ({ toasts: [...s.toasts, toast].slice(-4) }));
}

export function dismissToast(editor: StoreApi<EditorState>, id: number): void {
  editor.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}
