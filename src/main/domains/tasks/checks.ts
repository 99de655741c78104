/** What a todo may hold, and the checks an input passes (each refusal says how to do it right). */
import { PRIORITIES, type Priority } from '../../../shared/tasks-records';
import { invalid } from './errors';

export const LIMITS = {
  description: 500,
  notes: 10_000,
  tag: 50,
  tagsPerTodo: 20,
  link: 200,
  linksPerTodo: 20,
  projectName: 100,
  projectPath: 1024,
  /** Todos in one page of list_todos or a resource. */
  page: 500,
  /** Shortest id prefix that names a todo or a project. */
  prefix: 6,
} as const;

export const DEFAULT_PAGE = 50;

/** A whole todo or project id. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TAG_NAME = /^[\p{L}\p{N}][\p{L}\p{N}_.:/+#-]*$/u;
const LINK = /^[a-z][a-z0-9-]*:\S(?:.*\S)?$/;
export const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

export function checkPriority(priority: string): Priority {
  if ((PRIORITIES as readonly string[]).includes(priority)) return priority as Priority;
  throw invalid(`priority '${priority}' is not one of ${PRIORITIES.join(', ')}`, `try: "${closestPriority(priority)}"`);
}

export function closestPriority(priority: string): Priority {
  const p = priority.toLowerCase();
  if (/^(h|urgent|critical|p0|p1)/.test(p)) return 'high';
  if (/^(l|minor|p3|p4)/.test(p)) return 'low';
  return 'medium';
}

export function checkDescription(text: string): string {
  const description = text.trim();
  if (!description) throw invalid('description is empty', "say what is to be done, e.g. 'implement user authentication endpoint'");
  if (description.length > LIMITS.description) {
    throw invalid(`description is ${description.length} characters; at most ${LIMITS.description}`, 'put the detail in notes and keep the description to one line');
  }
  return description;
}

export function checkTime(text: string, field: string): number {
  const at = Date.parse(text);
  if (Number.isNaN(at)) throw invalid(`${field} '${text.slice(0, 40)}' is not an ISO time`, "e.g. '2025-03-14T09:30:00.000Z', as the todo carried it");
  return at;
}

export function checkNotes(notes: string): string {
  if (notes.length > LIMITS.notes) throw invalid(`notes are ${notes.length} characters; at most ${LIMITS.notes}`, 'keep notes short, or link to a document');
  return notes;
}

export function normalizeTag(name: string): string {
  return name.trim().replace(/^#/, '').toLowerCase();
}

export function checkTags(names: readonly string[]): string[] {
  const tags = [...new Set(names.map(normalizeTag))];
  for (const tag of tags) {
    if (!tag || tag.length > LIMITS.tag || !TAG_NAME.test(tag)) {
      throw invalid(`tag '${tag}' is not a tag: one word of letters, digits and _ . : / + # - (at most ${LIMITS.tag})`, "e.g. 'bug', 'phase-1', 'frontend'");
    }
  }
  if (tags.length > LIMITS.tagsPerTodo) throw invalid(`a todo has at most ${LIMITS.tagsPerTodo} tags; ${tags.length} given`);
  return tags;
}

export function checkLinks(links: readonly string[]): string[] {
  const kept = [...new Set(links.map((l) => l.trim()))];
  for (const link of kept) {
    if (link.length > LIMITS.link || !LINK.test(link) || CONTROL.test(link)) {
      throw invalid(`link '${link.slice(0, 80)}' is not a link: domain:thing, at most ${LIMITS.link} characters`, "e.g. 'drawio:AuthService', 'midi:Piano', 'testenv:api/smoke'");
    }
  }
  if (kept.length > LIMITS.linksPerTodo) throw invalid(`a todo has at most ${LIMITS.linksPerTodo} links; ${kept.length} given`);
  return kept;
}
