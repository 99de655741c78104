/**
 * The Architecture view's own state: the project and element on screen, the tree's closed branches,
 * the D2 being edited with its live preview, the open dialog, and the toasts. None of it is the
 * architecture; that lives in the architecture store (records from the core).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ElementKind } from '../../../../shared/architecture-records';
import type { ToastState } from '../../common/toasts';

/** The D2 the person is editing, and what the last preview of it gave. */
export interface D2Draft {
  /** The element's record id. */
  elementId: string;
  text: string;
  /** The source the draft started from (the record's d2 then): unchanged drafts are not saved. */
  base: string;
  /** The last rendering that compiled (shown dimmed while the text does not compile). */
  svg?: string;
  /** D2's error for `previewOf`, when it does not compile. */
  error?: { message: string; line?: number };
  /** The text the last preview (svg or error) belongs to; a preview of older text is not current. */
  previewOf?: string;
  /** A preview or a save is under way. */
  pending?: 'preview' | 'save';
  /** The line to bring into view and mark (a finding clicked, an error). */
  focusLine?: number;
}

export type ArchDialog =
  | { type: 'create'; kind: ElementKind }
  | { type: 'edit'; elementId: string }
  | { type: 'delete'; elementId: string }
  | { type: 'init' };

export interface ArchitectureViewState extends ToastState {
  /** The project on screen, by folder; the default one (else the first) when unset or gone. */
  chosenProject?: string;
  /** The selected element's record id. */
  selected?: string;
  /** Tree branches the person closed (by record id): open is the default, so new elements show. */
  collapsed: ReadonlySet<string>;
  draft?: D2Draft;
  dialog?: ArchDialog;
}

export function createArchitectureViewStore(): StoreApi<ArchitectureViewState> {
  return createStore<ArchitectureViewState>()(() => ({ collapsed: new Set(), toasts: [] }));
}
