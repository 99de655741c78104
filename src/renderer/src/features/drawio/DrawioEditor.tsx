/**
 * The diagram editor: toolbar on top, palette left, canvas in the middle with the page tabs under
 * it, the selection's style on the right, the activity below, and the context menu.
 */
import { type ReactNode, Suspense, lazy, useMemo } from 'react';
import { useWindowTitle } from '../../common/DocumentTitle';
import { LoadState } from '../../common/LoadState';
import { useSelectionReport } from '../../common/presence';
import { type ViewKeys, useKeyCommands } from '../../common/use-key-commands';
import { useViewShown } from '../../common/view-shown';
import { usePainted } from '../../common/after-paint';
import type { CanvasControls, DrawioActions } from './editor/actions';
import { type CommandContext, EDITOR_COMMANDS } from './editor/commands';
import { useActions, useDrawio, useDrawioEditor, useEditor } from './editor/drawio-context';
import { ActivityPanel } from './panels/ActivityPanel';
import { ContextMenu } from './panels/ContextMenu';
import { Dialogs } from './panels/Dialogs';
import { PageTabs } from './panels/PageTabs';
import { Palette } from './panels/Palette';
import { SidePanel } from './panels/SidePanel';
import { Toasts } from './panels/Toasts';
import { Toolbar } from './panels/Toolbar';
import './drawio.css';

/**
 * The canvas (React Flow, d3 and the shapes' drawing) loads after the view's first paint: the
 * page's own script holds the editor around it, and the diagram comes over the API meanwhile.
 * Its import starts once the view has painted (usePainted), not during the view's render.
 */
const DrawioCanvas = lazy(() => import('./canvas/DrawioCanvas').then(({ DrawioCanvas }) => ({ default: DrawioCanvas })));
/** The file's notice judges shapes with the canvas's stencil catalog and shape code: it comes with them. */
const FileNotice = lazy(() => import('./panels/FileNotice').then(({ FileNotice }) => ({ default: FileNotice })));

/** The diagram's keyboard (see editor/commands.ts): the open dialog and context menu keep their keys. */
function useDiagramKeys() {
  const actions = useActions();
  const { editor } = useDrawioEditor();
  const keys = useMemo(
    (): ViewKeys<DrawioActions, CommandContext> => ({
      commands: EDITOR_COMMANDS,
      actions,
      keysHeld: () => Boolean(editor.getState().dialog || editor.getState().contextMenu),
      contextAt: ({ shiftKey }) => {
        const now = editor.getState();
        return { selection: now.selection, canPaste: Boolean(now.clipboard?.shapes.length), shiftKey };
      },
    }),
    [actions, editor],
  );
  useKeyCommands(keys);
}

function useDiagramWindowTitle() {
  const title = useDrawio((s) => s.meta?.title ?? s.title);
  const dirty = useDrawio((s) => s.dirty);
  useWindowTitle(title, dirty);
}

/**
 * Reports the person's selection (shapes and edges; a selected group counts as its shapes) and the
 * page they are on, so the AI's `@selected` and `drawio_query selection` see what they point at.
 */
function useDiagramPresence() {
  const selection = useEditor((s) => s.selection);
  const shapes = useDrawio((s) => s.shapes);
  const pageId = useDrawio((s) => s.meta?.activePageId);
  const pageName = useDrawio((s) => (pageId ? s.pages.get(pageId)?.name : undefined));
  const shown = useViewShown();
  const ids = useMemo(() => {
    const groups = new Set(selection.groupIds);
    const members = groups.size ? [...shapes.values()].filter((s) => s.groupId !== undefined && groups.has(s.groupId)).map((s) => s.id) : [];
    return [...new Set([...selection.shapeIds, ...members, ...selection.edgeIds])];
  }, [selection, shapes]);
  useSelectionReport('drawio', ids, shown, pageId ? { kind: 'page', id: pageId, name: pageName } : undefined);
}

function DiagramLoadState() {
  const status = useDrawio((s) => s.status);
  const error = useDrawio((s) => s.loadError);
  return <LoadState status={status} error={error} noun="diagram" testId="load-state" />;
}

export function DrawioEditor(props: { registerControls(controls: CanvasControls | undefined): void; connection: ReactNode }) {
  useDiagramKeys();
  useDiagramWindowTitle();
  useDiagramPresence();
  const painted = usePainted();
  // One canvas a document: another file's cells (whose ids repeat: s1, s2, ...) leave nothing
  // behind in the nodes React Flow and React keep by id (measured sizes, styles set before).
  const documentId = useDrawio((s) => s.documentId);
  const canvasLoading = <div className="canvas" data-testid="canvas-loading" />;
  return (
    <div className="editor domain-layout side-panes">
      <Toolbar connection={props.connection} />
      <Palette />
      <main className="canvas-column">
        <Suspense fallback={canvasLoading}>{painted ? <DrawioCanvas key={documentId} registerControls={props.registerControls} /> : canvasLoading}</Suspense>
        <Suspense fallback={null}>{painted && <FileNotice />}</Suspense>
        <DiagramLoadState />
        <PageTabs />
      </main>
      <SidePanel />
      <ActivityPanel />
      <Toasts />
      <Dialogs />
      <ContextMenu />
    </div>
  );
}
