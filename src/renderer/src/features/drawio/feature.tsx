/** The diagram view in the studio's feature table: the editor's stores and actions, and the canvas's controls once it mounts. */
import { confirmDiscard, once, type Feature } from '../../app/feature';
import { createDrawioActions, type CanvasControls } from './editor/actions';
import { createEditorStore } from './editor/editor-store';
import { createDrawioReveal } from './editor/reveal';
import { createDrawioStore } from './store/drawio-store';
import DiagramFeatureView, { type DrawioFeatureValue } from './view';

export const drawioFeature: Feature<DrawioFeatureValue> = {
  domain: 'drawio',
  label: 'Diagram',
  icon: (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M2.5 3.5h6v5h-6zM11.5 11.5h6v5h-6zM5.5 8.5v5.5h6" />
    </svg>
  ),
  first: true,
  create({ api, host, connection, navigation }) {
    const drawioStore = createDrawioStore({ api, onReconnect: connection.onReconnect });
    const editor = createEditorStore();
    let canvas: CanvasControls | undefined;
    const actions = createDrawioActions({ api, drawio: drawioStore.store, editor, canvas: () => canvas, confirmDiscard: confirmDiscard('diagram') });
    navigation.register('drawio', createDrawioReveal({ drawio: drawioStore.store, switchPage: actions.switchPage, canvas: () => canvas }));
    const registerCanvas = (controls: CanvasControls | undefined) => {
      canvas = controls;
    };
    return { value: { context: { drawio: drawioStore.store, editor, actions, host }, registerCanvas }, start: once(() => drawioStore.start()) };
  },
  // The first view shows at once: its code is in the page's own script, not loaded after it.
  View: DiagramFeatureView,
};
