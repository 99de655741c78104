/** The diagram editor's refused edits (see common/Toasts.tsx). */
import { Toasts as ToastList } from '../../../common/Toasts';
import { dismissToast } from '../editor/editor-store';
import { useDrawioEditor, useEditor } from '../editor/drawio-context';

export function Toasts() {
  const { editor } = useDrawioEditor();
  const toasts = useEditor((s) => s.toasts);
  return <ToastList toasts={toasts} onDismiss={(id) => dismissToast(editor, id)} />;
}
