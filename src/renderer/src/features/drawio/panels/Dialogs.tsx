/**
 * The editor's small dialogs: open a workspace file and save as (the browser's stand-in for the
 * native dialogs of the Electron window), and naming a checkpoint.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { FileEntry } from '../../../../../shared/tandem-api';
import { useActions, useDrawio, useEditor } from '../editor/drawio-context';
import { errorMessage } from '../store/drawio-store';

function Modal(props: { title: string; onClose(): void; children: ReactNode }) {
  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => e.target === e.currentTarget && props.onClose()}
      onKeyDown={(e) => e.key === 'Escape' && props.onClose()}
    >
      <div className="modal" role="dialog" aria-modal="true" aria-label={props.title} data-testid="dialog">
        <h2 className="modal-title">{props.title}</h2>
        {props.children}
      </div>
    </div>
  );
}

function useWorkspaceFiles(): { files: FileEntry[] | undefined; error?: string } {
  const actions = useActions();
  const [state, setState] = useState<{ files: FileEntry[] | undefined; error?: string }>({ files: undefined });
  useEffect(() => {
    let live = true;
    actions.listFiles().then(
      (files) => live && setState({ files: [...files].sort((a, b) => b.modifiedAt - a.modifiedAt) }),
      (error: unknown) => live && setState({ files: [], error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [actions]);
  return state;
}

function FileList(props: { files: FileEntry[] | undefined; error?: string; onPick(path: string): void; current?: string }) {
  if (!props.files) return <p className="hint">Looking for diagrams…</p>;
  if (props.error) return <p className="hint error">{props.error}</p>;
  if (props.files.length === 0) return <p className="hint">No .drawio files in the workspace yet.</p>;
  return (
    <ul className="file-list" data-testid="file-list">
      {props.files.map((file) => (
        <li key={file.path}>
          <button
            type="button"
            className={`file-item${file.path === props.current ? ' current' : ''}`}
            data-testid={`file-${file.path}`}
            onClick={() => props.onPick(file.path)}
          >
            <span>{file.path}</span>
            <time>{new Date(file.modifiedAt).toLocaleString()}</time>
          </button>
        </li>
      ))}
    </ul>
  );
}

function PathForm(props: { initial: string; label: string; submit: string; onSubmit(value: string): void; onCancel(): void; testId: string }) {
  const [value, setValue] = useState(props.initial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) props.onSubmit(value.trim());
  };
  return (
    <form className="path-form" onSubmit={submit}>
      <label className="field wide">
        <span>{props.label}</span>
        <input ref={input} autoFocus value={value} onChange={(e) => setValue(e.target.value)} data-testid={props.testId} spellCheck={false} />
      </label>
      <div className="modal-actions">
        <button type="button" className="text-button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary-button" data-testid="dialog-confirm">
          {props.submit}
        </button>
      </div>
    </form>
  );
}

function OpenDialog({ close }: { close(): void }) {
  const actions = useActions();
  const { files, error } = useWorkspaceFiles();
  const current = useDrawio((s) => s.path);
  const dirty = useDrawio((s) => s.dirty);
  // With unsaved changes a click only picks the file; opening it is the explicit button below.
  const [picked, setPicked] = useState('');
  const open = (path: string) => {
    close();
    void actions.openPath(path, dirty);
  };
  return (
    <Modal title="Open a diagram" onClose={close}>
      {dirty && (
        <p className="hint warning" data-testid="unsaved-warning">
          This diagram has unsaved changes. Opening another one discards them; save first to keep them.
        </p>
      )}
      <FileList files={files} error={error} onPick={dirty ? setPicked : open} current={picked || current} />
      <PathForm
        key={picked}
        initial={picked}
        label={dirty ? 'File to open' : 'Or a path in the workspace'}
        submit={dirty ? 'Discard changes and open' : 'Open'}
        onSubmit={open}
        onCancel={close}
        testId="file-path-input"
      />
    </Modal>
  );
}

function slug(title: string): string {
  return title.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'diagram';
}

function SaveAsDialog({ close }: { close(): void }) {
  const actions = useActions();
  const { files, error } = useWorkspaceFiles();
  const path = useDrawio((s) => s.path);
  const title = useDrawio((s) => s.meta?.title ?? s.title);
  const [initial] = useState(() => path ?? `${slug(title)}.drawio`);
  const save = (target: string) => {
    close();
    void actions.saveToPath(target);
  };
  return (
    <Modal title="Save as" onClose={close}>
      <PathForm initial={initial} label="Path in the workspace" submit="Save" onSubmit={save} onCancel={close} testId="file-path-input" />
      <FileList files={files} error={error} onPick={save} current={path} />
    </Modal>
  );
}

function CheckpointDialog({ close }: { close(): void }) {
  const actions = useActions();
  const [initial] = useState(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `cp-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  });
  const save = (name: string) => {
    close();
    void actions.checkpoint(name);
  };
  return (
    <Modal title="Checkpoint" onClose={close}>
      <PathForm initial={initial} label="Name (undo back to it later)" submit="Create" onSubmit={save} onCancel={close} testId="checkpoint-name-input" />
    </Modal>
  );
}

export function Dialogs() {
  const dialog = useEditor((s) => s.dialog);
  const actions = useActions();
  const close = () => actions.openDialog(undefined);
  switch (dialog) {
    case 'open':
      return <OpenDialog close={close} />;
    case 'save-as':
      return <SaveAsDialog close={close} />;
    case 'checkpoint':
      return <CheckpointDialog close={close} />;
    default:
      return null;
  }
}
