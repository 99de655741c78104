/**
 * The stores and actions of the diagram editor, handed down by context so components select
 * narrowly from them (`useDrawio(s => s.shapes.get(id))`) and tests can hand in their own.
 */
import { useStore } from 'zustand';
import { featureContext } from '../../../common/feature-context';
import type { StoreApi } from 'zustand/vanilla';
import type { DrawioState } from '../store/drawio-store';
import type { DrawioActions } from './actions';
import type { EditorState } from './editor-store';

export interface DrawioEditorContextValue {
  drawio: StoreApi<DrawioState>;
  editor: StoreApi<EditorState>;
  actions: DrawioActions;
  /** `electron` shows native file dialogs; `browser` the workspace file list. */
  host: 'electron' | 'browser';
}

const drawioEditorContext = featureContext<DrawioEditorContextValue>('the diagram editor');
export const DrawioEditorProvider = drawioEditorContext.Provider;
export const useDrawioEditor = drawioEditorContext.use;

/** Selects from the drawio read model; the component renders again only when the selection changes. */
export function useDrawio<T>(selector: (state: DrawioState) => T): T {
  return useStore(useDrawioEditor().drawio, selector);
}

export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useDrawioEditor().editor, selector);
}

export function useActions(): DrawioActions {
  return useDrawioEditor().actions;
}
