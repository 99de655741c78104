/** The Diagram view: the window's first view, so its code is part of the page's own script (see feature.tsx). */
import type { FeatureViewProps } from '../../app/feature';
import { DrawioEditor } from './DrawioEditor';
import type { CanvasControls } from './editor/actions';
import { DrawioEditorProvider, type DrawioEditorContextValue } from './editor/drawio-context';

export interface DrawioFeatureValue {
  readonly context: DrawioEditorContextValue;
  /** The slot the canvas fills with its controls when it mounts. */
  registerCanvas(controls: CanvasControls | undefined): void;
}

export default function DiagramFeatureView({ value, connection }: FeatureViewProps<DrawioFeatureValue>) {
  return (
    <DrawioEditorProvider value={value.context}>
      <DrawioEditor registerControls={value.registerCanvas} connection={connection} />
    </DrawioEditorProvider>
  );
}
