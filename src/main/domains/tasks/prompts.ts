/**
 * The six prompts of specs/tasks-mcp-design.md: workflow templates that tell the AI how to use the
 * tasks tools well. Each names only tools that exist (checked by the tests) and, where an argument
 * is given, carries live numbers so the AI starts from where things stand.
 */
import { z } from 'zod';
import { definePrompt } from '../../tool-domain/domain';
import type { TasksRuntime } from './tools';

const prompt = definePrompt<TasksRuntime>();

const projectArg = z.string().optional().describe("A project's name or id; all projects when absent");

/** One line of where things stand, for a project or for all. */
function standing(runtime: TasksRuntime, project?: string): string {
  const scope = project === undefined ? undefined : runtime.store.resolveProject(project);
  const s = runtime.store.stats(scope?.id);
  const where = scope ? `project '${scope.name}'` : 'all projects';
  return `Now, in ${where}: ${s.pending} pending (${s.pending_by_priority.high} high, ${s.pending_by_priority.medium} medium, ${s.pending_by_priority.low} low), ${s.overdue} overdue, ${s.done} done.`;
}

const projectParam = (project?: string) => (project ? `project_id "${project}"` : 'no project_id (all projects)');

export const tasksPrompts = [
  prompt({
    name: 'plan-project',
    title: 'Plan a project',
    description: 'Break a new project or large effort into phases and first todos on the shared board.',
    args: { project: z.string().optional().describe('The project name (created if missing)'), goal: z.string().optional().describe('What the project should achieve') },
    get: ({ project, goal }) =>
      [
        `Plan ${project ? `the project "${project}"` : 'a new project'}${goal ? ` whose goal is: ${goal}` : ''}.`,
        '',
        '1. Understand the scope: ask what done looks like if it is unclear. Call list_projects and, for an existing project, list_todos to see what is there.',
        `2. ${project ? `If "${project}" is not listed, create it with add_project.` : 'Create the project with add_project (name, and path of its checkout if any).'}`,
        '3. Identify 3 to 6 phases. Use a tag per phase (e.g. phase-1, phase-2) and priorities for criticality: high for what blocks others.',
        '4. Create the initial todos with add_todo: one line each, details and checklists in notes, due_date where there is a real deadline, ' +
          'links such as drawio:ServiceName when a todo is about a diagram shape.',
        '5. For any large todo, call breakdown_task to get subtasks, and add the ones that make sense.',
        '6. Finish with analyze_workload for the project and summarize the plan for the person in a few lines.',
      ].join('\n'),
  }),
  prompt({
    name: 'daily-review',
    title: 'Daily review',
    description: 'Standup workflow: overdue items, high-priority pending work, blockers, and a focus for the day.',
    args: { project: projectArg },
    get: ({ project }, { runtime }) =>
      [
        `Run a daily review${project ? ` of project "${project}"` : ''}. ${standing(runtime, project)}`,
        '',
        `1. Call analyze_workload with ${projectParam(project)}: note overdue_todos, bottlenecks (high priority pending over a week) and focus.`,
        '2. Read toki://todos/overdue and toki://todos/high-priority for the details.',
        '3. Call suggest_priorities and apply with update_todo only the changes you can justify to the person.',
        '4. Propose at most three todos to focus on today, with their ids, and ask about blockers on long-pending ones.',
      ].join('\n'),
  }),
  prompt({
    name: 'sprint-planning',
    title: 'Sprint planning',
    description: 'Organize an iteration: review the backlog, group by priority and tags, set sprint goals from high-priority work.',
    args: { project: projectArg, sprint_length: z.string().optional().describe('Sprint length in days (default 14)') },
    get: ({ project, sprint_length }, { runtime }) =>
      [
        `Plan the next ${sprint_length ?? '14'}-day sprint${project ? ` for project "${project}"` : ''}. ${standing(runtime, project)}`,
        '',
        `1. Review the backlog: list_todos with done false and ${projectParam(project)}, page by page (next_cursor).`,
        '2. Group it by priority and tags; find_related_tasks finds duplicates to merge (delete_todo the extra ones, after asking).',
        '3. Pick the sprint goals from the high-priority todos; tag the chosen todos "sprint" with add_tag_to_todo and set due dates with update_todo.',
        '4. Run suggest_priorities, then generate_status with time_range "this-sprint" to show the starting point.',
      ].join('\n'),
  }),
  prompt({
    name: 'track-agent-work',
    title: 'Track agent work',
    description: 'How an agent uses the board for its work: visible work only, internal steps stay internal.',
    args: { agent: z.string().optional().describe("The agent's name, used as a tag") },
    get: ({ agent }) =>
      [
        'Use the shared task board for work that people or other agents should see; keep your internal tracking internal.',
        '',
        '- Create a todo (add_todo) for a deliverable, a finding to act on, or a follow-up the person must know about. ' +
          'Do not create one per search query, file read or intermediate step.',
        `- Tag your todos${agent ? ` "${agent}"` : ' with your name'} (add_tag_to_todo) so others know who is on it.`,
        '- Before starting, find_related_tasks to avoid duplicating existing work.',
        '- Mark work done (mark_done) as soon as it is finished, and put results or links in notes with update_todo.',
        '- The person edits the same board: re-read with list_todos rather than relying on what you saw earlier.',
      ].join('\n'),
  }),
  prompt({
    name: 'coordinate-tasks',
    title: 'Coordinate tasks',
    description: 'Multi-agent collaboration: assigning work with tags and priorities, checking for related work, keeping status visible.',
    args: { project: projectArg },
    get: ({ project }, { runtime }) =>
      [
        `Coordinate work${project ? ` on project "${project}"` : ''} between agents and the person. ${standing(runtime, project)}`,
        '',
        '1. Assign work with tags (one per agent or role, e.g. "agent-research") and priorities; a todo another agent owns is theirs to change.',
        '2. Before starting anything, call find_related_tasks with its keywords and list_todos with the tag to see who is on it.',
        '3. Keep status visible: mark_done when finished, mark_undone if it reopens, update_todo notes with blockers.',
        '4. Subscribe to toki://todos/pending (or read it again) to see others\' changes; they arrive as resource updates.',
      ].join('\n'),
  }),
  prompt({
    name: 'report-status',
    title: 'Report status',
    description: 'Generate a status update with generate_status, formatted for its audience.',
    args: {
      project: projectArg,
      audience: z.string().optional().describe('Who reads it, e.g. "team", "manager", "client"'),
      time_range: z.string().optional().describe('today | this-week | this-sprint | an ISO range (default this-week)'),
    },
    get: ({ project, audience, time_range }) =>
      [
        `Write a status update${audience ? ` for ${audience}` : ''}.`,
        '',
        `1. Call generate_status with ${projectParam(project)} and time_range "${time_range ?? 'this-week'}".`,
        '2. Shape the markdown for the audience: a team wants the todo list; a manager wants outcomes, risks (overdue, bottlenecks from analyze_workload) and next steps; ' +
          'a client wants outcomes only.',
        '3. Frequency: daily updates stay to a few lines (time_range "today"); weekly ones (this-week) summarize themes.',
      ].join('\n'),
  }),
];
