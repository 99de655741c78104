/**
 * Wires the renderer once, at startup: the stores fed by the chosen API, the editor's actions,
 * and the slot the canvas fills with its controls when it mounts.
 */
import type { TandemApi } from '../../../shared/tandem-api';
import type { Connection } from '../api/api';
import { createDrawioActions, type CanvasControls } from '../features/drawio/editor/actions';
import type { DrawioEditorContextValue } from '../features/drawio/editor/drawio-context';
import { createEditorStore } from '../features/drawio/editor/editor-store';
import { createDrawioStore } from '../features/drawio/store/drawio-store';

export interface Studio {
  drawio: DrawioEditorContextValue;
  registerCanvas(controls: CanvasControls | undefined): void;
  connection: Connection;
}

export function createStudio(api: TandemApi, host: 'electron' | 'browser', connection: Connection): Studio {
  const drawioStore = createDrawioStore({ api, onReconnect: connection.onReconnect });
  const editor = createEditorStore();
  let canvas: CanvasControls | undefined;
  const actions = createDrawioActions({
    api,
    drawio: drawioStore.store,
    editor,
    canvas: () => canvas,
    confirmDiscard: (title) => window.confirm(`"${title}" has unsaved changes. Discard them and open another diagram?`),
  });
  drawioStore.start();
  return {
    drawio: { drawio: drawioStore.store, editor, actions, host },
    registerCanvas: (controls) => {
      canvas = controls;
    },
    connection,
  };
}
