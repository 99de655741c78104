/** The board's top bar: the project and tag filters, the counts of what shows, and the connection. */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { tagsOf } from '../model/board';
import { useProjects, useTasksActions, useTasksView, useTodos } from '../tasks-context';

function ProjectFilter() {
  const actions = useTasksActions();
  const projects = useProjects();
  const todos = useTodos();
  const chosen = useTasksView((s) => s.project);
  const pending = useMemo(() => {
    const counts = new Map<string, number>();
    for (const todo of todos) if (!todo.done) counts.set(todo.project_id, (counts.get(todo.project_id) ?? 0) + 1);
    return counts;
  }, [todos]);
  return (
    <label className="tasks-filter">
      <span className="muted">Project</span>
      <select data-testid="tasks-project-filter" value={chosen ?? ''} onChange={(event) => actions.filterProject(event.target.value || undefined)}>
        <option value="">All projects</option>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name} ({pending.get(project.id) ?? 0})
          </option>
        ))}
      </select>
    </label>
  );
}

function TagFilter() {
  const actions = useTasksActions();
  const project = useTasksView((s) => s.project);
  const chosen = useTasksView((s) => s.tag);
  const todos = useTodos();
  const tags = useMemo(() => tagsOf(todos, project), [todos, project]);
  if (!tags.length) return null;
  return (
    <div className="tasks-tag-filter" role="group" aria-label="Filter by tag" data-testid="tasks-tag-filter">
      <button type="button" className={`tag-chip${chosen === undefined ? ' active' : ''}`} aria-pressed={chosen === undefined} onClick={() => actions.filterTag(undefined)}>
        all tags
      </button>
      {tags.map((tag) => (
        <button
          key={tag}
          type="button"
          className={`tag-chip${chosen === tag ? ' active' : ''}`}
          aria-pressed={chosen === tag}
          data-testid={`tag-filter-${tag}`}
          onClick={() => actions.filterTag(chosen === tag ? undefined : tag)}
        >
          #{tag}
        </button>
      ))}
    </div>
  );
}

export function TasksToolbar(props: { connection: ReactNode }) {
  return (
    <header className="toolbar tasks-toolbar">
      <span className="brand">Tasks</span>
      <ProjectFilter />
      <TagFilter />
      <span className="toolbar-spacer" />
      {props.connection}
    </header>
  );
}
