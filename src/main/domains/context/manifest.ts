/**
 * The project manifest (get_initial_context): the live studio (every domain as it describes
 * itself), the documentation nodes and the governance rules, made fresh on every call; and the
 * static "Safe Mode" manifest the bridge answers while the core is still starting.
 */
import { basename } from 'node:path';
import type { InitialContext, ProjectManifest } from '../../../shared/context-records';
import { DOC_NODE_IDS, STATE_FILE } from '../../../shared/context-records';
import type { DomainSummary } from '../../../shared/domain-summary';
import type { PersonFocus } from '../../tool-domain/domain';
import { DOC_NODES, docNodes } from './documentation';
import { activeStack, directivesOf } from './governance';
import type { StateReading } from './state';

const INSTRUCTIONS = [
  'Call ask_cortex with the intent (and current_file) before writing any code, and follow the blueprint it returns.',
  `Read a documentation node with consult_documentation (node_id: ${DOC_NODE_IDS.join(', ')}) when you need its rules.`,
  `The rules live in ${STATE_FILE}; they change only in the studio, never by editing the file yourself.`,
];

function governanceOf(reading: StateReading): ProjectManifest['governance'] {
  const empty = { file: STATE_FILE, directives: [], directories: {}, modules: [], tables: [] };
  if (reading.status === 'missing') return { ...empty, status: 'missing', error: `no ${STATE_FILE} in the workspace: ask_cortex cannot check intents until the studio writes one` };
  if (reading.status === 'broken') return { ...empty, status: 'broken', error: reading.error };
  const { state } = reading;
  return {
    file: STATE_FILE,
    status: 'ok',
    directives: directivesOf(state),
    directories: { ...(state.directories ?? {}) },
    modules: Object.entries(state.modules ?? {}).map(([name, m]) => ({ name, enabled: m.enabled, ...(m.provider ? { provider: m.provider } : {}) })),
    tables: (state.schema?.tables ?? []).map((t) => ({ name: t.name, rls_policy: t.rls_policy ?? 'none', columns: t.columns?.length ?? 0 })),
  };
}

/** The live answer of get_initial_context. */
/** "the Diagram view (page Page-1), 2 selected, in browser tab 1": what the person has on screen. */
function personOf(focus: PersonFocus | undefined): ProjectManifest['person'] {
  if (!focus) return undefined;
  const where = focus.focus ? ` (${focus.focus.kind} ${focus.focus.name ?? focus.focus.id})` : '';
  const selected = focus.count ? `, ${focus.count} selected (the ${focus.domain} tools take them as @selected or report them)` : ', nothing selected';
  return { looking_at: `the ${focus.domain} view${where}${selected}, in ${focus.window}`, domain: focus.domain, window: focus.window, selected: focus.count };
}

export function initialContext(workspace: string, reading: StateReading, domains: DomainSummary[], now = Date.now(), person?: PersonFocus): InitialContext {
  const meta = reading.status === 'ok' ? reading.state.meta : undefined;
  const manifest: ProjectManifest = {
    project: {
      name: meta?.name || basename(workspace),
      ...(meta?.description ? { description: meta.description } : {}),
      ...(meta?.version ? { version: meta.version } : {}),
      workspace,
    },
    mode: 'live',
    generated_at: new Date(now).toISOString(),
    domains,
    documentation: docNodes(workspace, reading),
    governance: governanceOf(reading),
    instructions: INSTRUCTIONS,
    ...(person ? { person: personOf(person) } : {}),
  };
  return { system_status: 'ONLINE', manifest, active_stack: activeStack(reading.status === 'ok' ? reading.state : undefined) };
}

/** What the bridge answers by itself while no core runs: a static map that says so. */
export function safeModeContext(workspace: string, now = Date.now()): InitialContext {
  const manifest: ProjectManifest = {
    project: { name: basename(workspace), workspace },
    mode: 'safe',
    generated_at: new Date(now).toISOString(),
    domains: [],
    documentation: DOC_NODE_IDS.map((id) => ({ id, ...DOC_NODES[id], exists: false })),
    governance: {
      file: STATE_FILE,
      status: 'unavailable',
      error: 'the studio core is starting; the governance state is read once it runs',
      directives: ['Do not write code until get_initial_context answers ONLINE: the rules are not loaded yet.'],
      directories: {},
      modules: [],
      tables: [],
    },
    instructions: ['The studio core is still starting: call get_initial_context again in a few seconds for the live map.', ...INSTRUCTIONS],
  };
  return { system_status: 'SAFE_MODE', manifest, active_stack: {} };
}
