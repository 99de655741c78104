/** The toolbar groups every document view has: history (undo, redo, checkpoint) and files (open, save). */
import type { DocumentActions } from './document-actions';
import { ToolButton, icon } from './ToolButton';

type Actions = Pick<DocumentActions, 'undo' | 'redo' | 'openDialog' | 'open' | 'save'>;

export function HistoryTools({ actions }: { actions: Actions }) {
  return (
    <div className="tool-group">
      <ToolButton id="undo" label="Undo" title="Undo the last change, whoever made it (Ctrl+Z)" onClick={() => void actions.undo()}>
        {icon('undo')}
      </ToolButton>
      <ToolButton id="redo" label="Redo" title="Redo (Ctrl+Shift+Z)" onClick={() => void actions.redo()}>
        {icon('redo')}
      </ToolButton>
      <ToolButton id="checkpoint" label="Checkpoint" title="Name this moment, to undo back to it" onClick={() => actions.openDialog('checkpoint')}>
        {icon('checkpoint')}
      </ToolButton>
    </div>
  );
}

export function FileTools(props: { actions: Actions; openTitle: string; saveTitle: string }) {
  return (
    <div className="tool-group">
      <ToolButton id="open" label="Open" title={props.openTitle} onClick={() => void props.actions.open()}>
        {icon('open')}
      </ToolButton>
      <ToolButton id="save" label="Save" title={props.saveTitle} onClick={() => void props.actions.save()}>
        {icon('save')}
      </ToolButton>
    </div>
  );
}
