/** The view's dialogs: a new element, renaming and describing one, deleting one (confirmed), a new project. */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ElementKind } from '../../../../../shared/architecture-records';
import { Modal } from '../../../common/Dialogs';
import { useArchitecture, useArchitectureActions, useArchitectureView, useSelectedElement } from '../architecture-context';
import { elementById, elementsOf, parentKeys } from '../model';

const KIND_NAMES: Record<ElementKind, string> = { system: 'system', container: 'container', component: 'component' };

function Field(props: { label: string; value: string; onChange(value: string): void; testId: string; placeholder?: string; autoFocus?: boolean; multiline?: boolean; hint?: string }) {
  return (
    <label className="field wide arch-field">
      <span>{props.label}</span>
      {props.multiline ? (
        <textarea value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.testId} placeholder={props.placeholder} rows={3} autoFocus={props.autoFocus} />
      ) : (
        <input value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.testId} placeholder={props.placeholder} spellCheck={false} autoFocus={props.autoFocus} />
      )}
      {props.hint && <small className="arch-field-hint">{props.hint}</small>}
    </label>
  );
}

function DialogForm(props: { title: string; submit: string; onSubmit(): Promise<unknown>; children: ReactNode; danger?: boolean; disabled?: boolean }) {
  const actions = useArchitectureActions();
  const [busy, setBusy] = useState(false);
  const close = () => actions.openDialog(undefined);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || props.disabled) return;
    setBusy(true);
    try {
      await props.onSubmit();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={props.title} onClose={close}>
      <form className="path-form" onSubmit={(e) => void submit(e)}>
        {props.children}
        <div className="modal-actions">
          {/* A destructive dialog starts on Cancel (Enter does not delete; Escape closes). */}
          <button type="button" className="text-button" onClick={close} autoFocus={props.danger}>
            Cancel
          </button>
          <button type="submit" className={`primary-button${props.danger ? ' danger' : ''}`} data-testid="dialog-confirm" disabled={busy || props.disabled}>
            {busy ? 'Working…' : props.submit}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function CreateDialog({ kind }: { kind: ElementKind }) {
  const actions = useArchitectureActions();
  const selected = useSelectedElement();
  const parents = parentKeys(selected, kind);
  const [fields, setFields] = useState({ id: '', name: '', description: '', technology: '' });
  const set = (field: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [field]: value }));
  const where = kind === 'system' ? 'in the project' : `in ${kind === 'container' ? parents.system : `${parents.system}/${parents.container}`}`;
  return (
    <DialogForm title={`New ${KIND_NAMES[kind]} ${where}`} submit="Create" disabled={!fields.id.trim()} onSubmit={() => actions.create(kind, fields)}>
      <Field label="Id (its folder name)" value={fields.id} onChange={set('id')} testId="arch-new-id" placeholder="PaymentService" autoFocus hint="A letter, then letters, digits, - or _" />
      <Field label="Display name (optional)" value={fields.name} onChange={set('name')} testId="arch-new-name" placeholder="derived from the id" />
      <Field label="Description" value={fields.description} onChange={set('description')} testId="arch-new-description" placeholder="What it is for" multiline />
      <Field label="Technology" value={fields.technology} onChange={set('technology')} testId="arch-new-technology" placeholder={kind === 'container' ? 'PostgreSQL, Web Service…' : 'Node.js, Go…'} />
    </DialogForm>
  );
}

function EditDialog({ elementId }: { elementId: string }) {
  const actions = useArchitectureActions();
  const element = useArchitecture((s) => elementById(s, elementId));
  const [fields, setFields] = useState({ name: element?.name ?? '', description: element?.description ?? '', technology: element?.technology ?? '' });
  if (!element) return null;
  const set = (field: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [field]: value }));
  const changes = {
    ...(fields.name.trim() && fields.name.trim() !== element.name ? { name: fields.name.trim() } : {}),
    ...(fields.description.trim() !== element.description ? { description: fields.description.trim() } : {}),
    ...(fields.technology.trim() !== (element.technology ?? '') ? { technology: fields.technology.trim() } : {}),
  };
  return (
    <DialogForm title={`Rename or describe ${element.key}`} submit="Save" disabled={Object.keys(changes).length === 0} onSubmit={() => actions.update(element.id, changes)}>
      <Field label="Display name" value={fields.name} onChange={set('name')} testId="arch-edit-name" autoFocus hint={`Its id stays ${element.elementId} (the folder name)`} />
      <Field label="Description" value={fields.description} onChange={set('description')} testId="arch-edit-description" multiline />
      <Field label="Technology" value={fields.technology} onChange={set('technology')} testId="arch-edit-technology" />
    </DialogForm>
  );
}

function DeleteDialog({ elementId }: { elementId: string }) {
  const actions = useArchitectureActions();
  const element = useArchitecture((s) => elementById(s, elementId));
  const inside = useArchitecture((s) => (element ? elementsOf(s, element.project).filter((e) => e.key.startsWith(`${element.key}/`)).length : 0));
  if (!element) return null;
  return (
    <DialogForm title={`Delete ${element.key}?`} submit="Delete" danger onSubmit={() => actions.remove(element.id)}>
      <p className="hint warning" data-testid="arch-delete-warning">
        This deletes the folder {element.path}
        {inside ? ` with the ${inside} element${inside === 1 ? '' : 's'} inside it` : ''}. It cannot be undone here.
      </p>
    </DialogForm>
  );
}

function InitDialog() {
  const actions = useArchitectureActions();
  const [name, setName] = useState('');
  return (
    <DialogForm title="New architecture project" submit="Create project" onSubmit={() => actions.initProject(name)}>
      <p className="hint">Creates a loko project in the workspace folder architecture/ (loko.toml and src/).</p>
      <Field label="Project name" value={name} onChange={setName} testId="arch-init-name" placeholder="derived from the folder" autoFocus />
    </DialogForm>
  );
}

export function ElementDialogs() {
  const dialog = useArchitectureView((s) => s.dialog);
  switch (dialog?.type) {
    case 'create':
      return <CreateDialog kind={dialog.kind} />;
    case 'edit':
      return <EditDialog elementId={dialog.elementId} />;
    case 'delete':
      return <DeleteDialog elementId={dialog.elementId} />;
    case 'init':
      return <InitDialog />;
    default:
      return null;
  }
}
