/** The diagram editor's dialogs (see common/Dialogs.tsx): open, save as, checkpoint, and export. */
import { DocumentDialogs, type DocumentFiles } from '../../../common/Dialogs';
import { useActions, useDrawio, useEditor } from '../editor/drawio-context';
import { Suspense, lazy } from 'react';

/** Export (its previews draw the page) loads the first time it opens. */
const ExportDialog = lazy(() => import('./ExportDialog').then(({ ExportDialog }) => ({ default: ExportDialog })));

const DIAGRAM = { noun: 'diagram', extension: '.drawio' };

export function Dialogs() {
  const dialog = useEditor((s) => s.dialog);
  const actions = useActions();
  const title = useDrawio((s) => s.meta?.title ?? s.title);
  const path = useDrawio((s) => s.path);
  const dirty = useDrawio((s) => s.dirty);
  if (dialog === 'export') {
    return (
      <Suspense fallback={null}>
        <ExportDialog close={() => actions.openDialog(undefined)} />
      </Suspense>
    );
  }
  const files: DocumentFiles = { kind: DIAGRAM, title, path, dirty, listFiles: actions.listFiles, openPath: actions.openPath, saveToPath: actions.saveToPath };
  return <DocumentDialogs dialog={dialog} files={files} checkpoint={actions.checkpoint} close={() => actions.openDialog(undefined)} />;
}
