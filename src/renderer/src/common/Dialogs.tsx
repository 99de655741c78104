/**
 * The small dialogs every document view has: open a workspace file and save as (the browser's
 * stand-in for the native dialogs of the Electron window), and naming a checkpoint.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { FileEntry } from '../../../shared/tandem-api';
import { errorMessage } from '../stores/document-store';

/** What the open and save-as dialogs call the document and its files. */
export interface DocumentKind {
  /** `diagram`, `song`. */
  noun: string;
  /** With its dot: `.drawio`, `.mid`. */
  extension: string;
}

/** What the dialogs need of a view: its document and its file actions. */
export interface DocumentFiles {
  kind: DocumentKind;
  title: string;
  path?: string;
  dirty: boolean;
  listFiles(): Promise<FileEntry[]>;
  openPath(path: string, discard: boolean): unknown;
  saveToPath(path: string): unknown;
}

export function Modal(props: { title: string; onClose(): void; children: ReactNode }) {
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

function useWorkspaceFiles(listFiles: () => Promise<FileEntry[]>): { files: FileEntry[] | undefined; error?: string } {
  const [state, setState] = useState<{ files: FileEntry[] | undefined; error?: string }>({ files: undefined });
  useEffect(() => {
    let live = true;
    listFiles().then(
      (files) => live && setState({ files: [...files].sort((a, b) => b.modifiedAt - a.modifiedAt) }),
      (error: unknown) => live && setState({ files: [], error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [listFiles]);
  return state;
}

function FileList(props: { files: FileEntry[] | undefined; error?: string; onPick(path: string): void; current?: string; kind: DocumentKind }) {
  if (!props.files) return <p className="hint">Looking for {props.kind.noun}s…</p>;
  if (props.error) return <p className="hint error">{props.error}</p>;
  if (props.files.length === 0) return <p className="hint">No {props.kind.extension} files in the workspace yet.</p>;
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

export function OpenDialog({ files: doc, close }: { files: DocumentFiles; close(): void }) {
  const { files, error } = useWorkspaceFiles(doc.listFiles);
  const { dirty, kind } = doc;
  // With unsaved changes a click only picks the file; opening it is the explicit button below.
  const [picked, setPicked] = useState('');
  const open = (path: string) => {
    close();
    void doc.openPath(path, dirty);
  };
  return (
    <Modal title={`Open a ${kind.noun}`} onClose={close}>
      {dirty && (
        <p className="hint warning" data-testid="unsaved-warning">
          This {kind.noun} has unsaved changes. Opening another one discards them; save first to keep them.
        </p>
      )}
      <FileList files={files} error={error} onPick={dirty ? setPicked : open} current={picked || doc.path} kind={kind} />
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

function slug(title: string, noun: string): string {
  return title.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || noun;
}

export function SaveAsDialog({ files: doc, close }: { files: DocumentFiles; close(): void }) {
  const { files, error } = useWorkspaceFiles(doc.listFiles);
  const [initial] = useState(() => doc.path ?? `${slug(doc.title, doc.kind.noun)}${doc.kind.extension}`);
  const save = (target: string) => {
    close();
    void doc.saveToPath(target);
  };
  return (
    <Modal title="Save as" onClose={close}>
      <PathForm initial={initial} label="Path in the workspace" submit="Save" onSubmit={save} onCancel={close} testId="file-path-input" />
      <FileList files={files} error={error} onPick={save} current={doc.path} kind={doc.kind} />
    </Modal>
  );
}

export function CheckpointDialog({ create, close }: { create(name: string): unknown; close(): void }) {
  const [initial] = useState(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `cp-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  });
  const save = (name: string) => {
    close();
    void create(name);
  };
  return (
    <Modal title="Checkpoint" onClose={close}>
      <PathForm initial={initial} label="Name (undo back to it later)" submit="Create" onSubmit={save} onCancel={close} testId="checkpoint-name-input" />
    </Modal>
  );
}

/** The open dialog of a view: one of the three, or nothing. */
export function DocumentDialogs(props: { dialog: string | undefined; files: DocumentFiles; checkpoint(name: string): unknown; close(): void }) {
  switch (props.dialog) {
    case 'open':
      return <OpenDialog files={props.files} close={props.close} />;
    case 'save-as':
      return <SaveAsDialog files={props.files} close={props.close} />;
    case 'checkpoint':
      return <CheckpointDialog create={props.checkpoint} close={props.close} />;
    default:
      return null;
  }
}
