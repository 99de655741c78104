/** The add row above the board: a description, and optionally the project, priority, due date and tags. */
import { useState } from 'react';
import { PRIORITIES, type Priority } from '../../../../../shared/tasks-records';
import { useProjects, useTasksActions, useTasksView } from '../tasks-context';

const EMPTY = { description: '', priority: 'medium' as Priority, due: '', tags: '' };

export function AddTodoForm() {
  const actions = useTasksActions();
  const projects = useProjects();
  const filtered = useTasksView((s) => s.project);
  const [draft, setDraft] = useState(EMPTY);
  const [project, setProject] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // The filter's project is the default target until another is chosen here.
  const target = project ?? filtered ?? '';
  const change = (partial: Partial<typeof EMPTY>) => setDraft((before) => ({ ...before, ...partial }));
  return (
    <form
      className="tasks-add"
      data-testid="tasks-add"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!draft.description.trim() || busy) return;
        setBusy(true);
        const added = await actions.add({ ...draft, project: target || undefined });
        setBusy(false);
        if (added) setDraft((before) => ({ ...EMPTY, priority: before.priority }));
      }}
    >
      <input
        className="tasks-input tasks-add-description"
        data-testid="tasks-add-description"
        aria-label="New todo"
        placeholder="Add a todo…"
        value={draft.description}
        onChange={(event) => change({ description: event.target.value })}
      />
      <select className="tasks-input" aria-label="Project" data-testid="tasks-add-project" value={target} onChange={(event) => setProject(event.target.value)}>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <select className="tasks-input" aria-label="Priority" data-testid="tasks-add-priority" value={draft.priority} onChange={(event) => change({ priority: event.target.value as Priority })}>
        {[...PRIORITIES].reverse().map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
      <input className="tasks-input" type="date" aria-label="Due date" data-testid="tasks-add-due" value={draft.due} onChange={(event) => change({ due: event.target.value })} />
      <input className="tasks-input tasks-add-tags" aria-label="Tags" placeholder="tags" data-testid="tasks-add-tags" value={draft.tags} onChange={(event) => change({ tags: event.target.value })} />
      <button type="submit" className="primary-button" data-testid="tasks-add-submit" disabled={!draft.description.trim() || busy}>
        Add
      </button>
    </form>
  );
}
