/**
 * The Cortex's deterministic layer: an intent and the governance state in, a Blueprint out
 * (SCAFFOLD a new file, MODIFY the current one, or REJECT with the rule it breaks). The same state,
 * studio and intent always give the same blueprint, its id included (a hash of its content).
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { Blueprint, GovernanceState, StateTable } from '../../../shared/context-records';
import { STATE_FILE } from '../../../shared/context-records';
import type { DomainSummary } from '../../../shared/domain-summary';
import { ToolError } from '../../tool-domain/domain';
import { SYSTEM_ERROR } from './codes';
import { activeStack, firstNamed, tablesNamed, violationsOf, wordsOf } from './governance';

/** What the blueprint is asked for. */
export interface BlueprintRequest {
  intent: string;
  /** Workspace-relative path of the current file, when one was given and exists. */
  currentFile?: string;
}

type Place = 'components' | 'actions' | 'lib';

const UI_WORDS = ['form', 'page', 'component', 'button', 'section', 'modal', 'dialog', 'view', 'ui', 'layout', 'card', 'screen', 'widget', 'navbar', 'sidebar', 'menu', 'list', 'table view', 'textarea', 'input'];
const ACTION_WORDS = ['action', 'server action', 'mutation', 'submit', 'save', 'endpoint', 'api', 'handler', 'webhook'];
/** shadcn/ui components an intent may name, each one import. */
const UI_ELEMENTS = ['button', 'input', 'textarea', 'form', 'card', 'dialog', 'table', 'select', 'checkbox', 'label', 'tabs', 'avatar', 'badge'];
/** Words that say what is done rather than to what; left out of file names. */
const STOP_WORDS = new Set(
  'a an the to for of with in on and or that this my our your please new add create build make implement write update edit change fix remove delete show list get let lets allow user users so can be is it its from into by as at using use'.split(' '),
);
const VERBS: [string, readonly string[]][] = [
  ['create', ['create', 'add', 'new', 'post', 'submit', 'insert']],
  ['update', ['update', 'edit', 'change', 'rename', 'save']],
  ['delete', ['delete', 'remove', 'archive']],
  ['list', ['list', 'show', 'display', 'view', 'fetch', 'get', 'load', 'read']],
];

/** What each RLS policy the anchor knows means for code, in one line. */
const POLICY_MEANING: Record<string, string> = {
  'public-read': 'anyone may read its rows; only signed-in users may write them',
  'owner-write': "only a row's owner may insert, update or delete it (check auth.uid() against the owner column)",
  'admin-only': 'only admins may read or write it; never expose it to other users',
  strict: 'no access unless a policy grants it explicitly; add the policy before the code',
};

const pascal = (words: readonly string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
const singular = (name: string) => (name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name);

/** The words that say what the thing is (`comments section blog`), lower-case. */
function subjectWords(words: readonly string[]): string[] {
  return words.filter((w) => /^[a-z][a-z0-9-]*$/.test(w) && !STOP_WORDS.has(w));
}

function verbOf(words: readonly string[]): string {
  return VERBS.find(([, forms]) => forms.some((f) => words.includes(f)))?.[0] ?? 'create';
}

function placeOf(words: readonly string[], tables: readonly StateTable[]): Place {
  if (firstNamed(words, UI_WORDS)) return 'components';
  if (firstNamed(words, ACTION_WORDS) || tables.length) return 'actions';
  return 'lib';
}

/** The state's directory for a place; the first directory it names when it has none of that kind. */
function directoryFor(place: Place, state: GovernanceState): { key: string; dir: string } {
  const dirs = Object.entries(state.directories ?? {});
  if (dirs.length === 0) {
    throw new ToolError(SYSTEM_ERROR, `${STATE_FILE} names no directories, so a new file has nowhere to go`, `add "directories" to ${STATE_FILE} (e.g. {"components": "components/ui", "actions": "app/_actions", "lib": "lib"}) in the studio's Context view`);
  }
  const [key, dir] = dirs.find(([k]) => k === place) ?? dirs[0];
  return { key, dir: posix.normalize(dir.replace(/\\/g, '/')).replace(/\/+$/, '') };
}

function importsFor(words: readonly string[], place: Place, tables: readonly StateTable[], state: GovernanceState, componentsDir: string | undefined): string[] {
  const stack = activeStack(state);
  const uses = (layer: string, pattern: RegExp) => pattern.test(stack[layer] ?? '');
  const imports = new Set<string>();
  const needsDatabase = tables.length > 0 || firstNamed(words, ['database', 'db', 'query', 'table']);
  if (needsDatabase && uses('database', /supabase/)) imports.add('@supabase/supabase-js');
  if (firstNamed(words, ['auth', 'login', 'sign in', 'signin', 'session', 'user']) && state.modules?.auth?.enabled && /supabase/.test(state.modules.auth.provider ?? '')) {
    imports.add('@supabase/supabase-js');
  }
  if (place === 'components') {
    if (uses('styling', /shadcn/) && componentsDir) {
      for (const element of UI_ELEMENTS) if (words.includes(element)) imports.add(`@/${componentsDir}/${element}`);
    }
    if (uses('frontend', /next/) && firstNamed(words, ['page', 'navigate', 'redirect', 'link'])) imports.add('next/navigation');
  }
  if (place === 'actions') {
    if (uses('frontend', /next/) && tables.length) imports.add('next/cache');
    if (uses('backend', /hono/) && firstNamed(words, ['api', 'endpoint', 'route', 'webhook'])) imports.add('hono');
  }
  if (uses('state_management', /zustand/) && firstNamed(words, ['state', 'store'])) imports.add('zustand');
  if (state.modules?.payments?.enabled && state.modules.payments.provider === 'stripe' && firstNamed(words, ['payment', 'payments', 'checkout', 'billing', 'stripe'])) imports.add('stripe');
  // Whatever the allowed stack the intent names by name.
  for (const name of [...(state.stack?.required ?? []), ...(state.stack?.allowed ?? [])]) {
    if (firstNamed(words, [name]) && /^[@a-z0-9][\w./@-]*$/i.test(name)) imports.add(name.toLowerCase());
  }
  return [...imports].sort();
}

function stepsFor(request: BlueprintRequest, words: readonly string[], place: Place, target: string, tables: readonly StateTable[], state: GovernanceState, references: readonly string[]): string[] {
  const steps: string[] = [];
  const stack = activeStack(state);
  const verb = verbOf(words);
  if (request.currentFile) steps.push(`Read ${request.currentFile} and change only what "${request.intent}" needs.`);
  for (const ref of references) steps.push(`Follow ${ref}.`);
  for (const table of tables) {
    const columns = (table.columns ?? []).map((c) => `${c.name} ${c.type}${c.required ? ' (required)' : ''}`).join(', ');
    steps.push(`Use the table ${table.name}${columns ? ` (${columns})` : ''}${stack.database ? ` through ${stack.database}` : ''}; do not invent columns.`);
  }
  const subject = tables.length ? singular(tables[0].name).split(/[_-]/) : subjectWords(words).slice(0, 2);
  const action = `${verb}${pascal(subject.length ? subject : ['item'])}`;
  if (place === 'actions' || (place === 'components' && tables.length)) {
    const how = stack.state_management === 'server-actions' || /next/.test(stack.frontend ?? '') ? "a server action ('use server')" : 'a function';
    steps.push(`Write ${action} as ${how}${place === 'actions' ? ` in ${target}` : ` under ${state.directories?.actions ?? 'the actions directory'}`}: validate its input, then ${verb} the row(s).`);
  }
  if (place === 'components') {
    steps.push(`Build the UI in ${target}${stack.styling ? ` with ${stack.styling}` : ''}${tables.length ? `, calling ${action}` : ''}.`);
    if (/next/.test(stack.frontend ?? '')) steps.push('Keep it a Server Component; mark it "use client" only where it handles events.');
  }
  if (place === 'lib') steps.push(`Write the logic in ${target} as small exported functions, without UI.`);
  if (state.stack?.required?.length) steps.push(`Use only the required stack: ${state.stack.required.join(', ')}.`);
  return steps;
}

function constraintsFor(words: readonly string[], place: Place, tables: readonly StateTable[], state: GovernanceState, target: string): string[] {
  const constraints = tables.map((table) => {
    const policy = table.rls_policy!.trim();
    const meaning = POLICY_MEANING[policy.toLowerCase()];
    return `${table.name}: ${policy}${meaning ? ` (${meaning})` : ''}`;
  });
  const writes = verbOf(words) !== 'list' && (tables.length > 0 || place === 'actions');
  if (writes) constraints.push('Validate every input on the server before it reaches the database.');
  if (writes && state.modules?.auth?.enabled) constraints.push(`Require a signed-in user (${state.modules.auth.provider ?? 'auth module'}) before any write.`);
  constraints.push(`Touch only ${target} and what the steps name (context isolation).`);
  return constraints;
}

/** The studio's things an intent names (a diagram, a system, a test environment), as `drawio: name (path)`. */
function referencesIn(words: readonly string[], summaries: readonly DomainSummary[]): string[] {
  const refs: string[] = [];
  for (const summary of summaries) {
    for (const item of summary.items) {
      if (item.name.length < 3 || !firstNamed(words, [item.name])) continue;
      refs.push(`${summary.domain}: ${item.name}${item.path ? ` (${item.path})` : ''}, ${item.summary}`);
    }
  }
  return refs.slice(0, 5);
}

/** A UUID made from the blueprint's content (RFC 4122 layout, name-based), so the same blueprint has the same id. */
function contentId(content: unknown): string {
  const hex = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The file name for a new thing: its subject words, kebab-case, with the place's extension. */
function fileNameFor(words: readonly string[], place: Place, tables: readonly StateTable[]): string {
  const subject = subjectWords(words).slice(0, 3);
  const base = (subject.length ? subject : tables.length ? [singular(tables[0].name)] : ['feature']).join('-').slice(0, 48).replace(/-+$/, '');
  return `${base}${place === 'components' ? '.tsx' : '.ts'}`;
}

/** The blueprint of `request` under `state`, with the studio's summaries for references. */
export function deriveBlueprint(request: BlueprintRequest, state: GovernanceState, summaries: readonly DomainSummary[] = []): Blueprint {
  const words = wordsOf(request.intent);
  const violations = violationsOf(request.intent, state);
  if (violations.length) {
    const body = {
      type: 'REJECT' as const,
      target_file: request.currentFile ?? '',
      specs: { imports: [], logic_steps: [], security_constraints: [] },
      compliance: { allowed: false, reason: violations.map((v) => v.reason).join(' ') },
    };
    return { blueprint_id: contentId(body), ...body };
  }
  const tables = tablesNamed(words, state.schema?.tables ?? []);
  const place = placeOf(words, tables);
  let target: string;
  if (request.currentFile) target = request.currentFile;
  else {
    const { dir } = directoryFor(place, state);
    target = posix.join(dir, fileNameFor(words, place, tables));
  }
  const componentsDir = state.directories?.components?.replace(/\\/g, '/').replace(/\/+$/, '');
  const body = {
    type: request.currentFile ? ('MODIFY' as const) : ('SCAFFOLD' as const),
    target_file: target,
    specs: {
      imports: importsFor(words, place, tables, state, componentsDir),
      logic_steps: stepsFor(request, words, place, target, tables, state, referencesIn(words, summaries)),
      security_constraints: constraintsFor(words, place, tables, state, target),
    },
    compliance: { allowed: true },
  };
  return { blueprint_id: contentId(body), ...body };
}
