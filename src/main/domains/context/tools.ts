/**
 * The context domain's tools (contract: specs/context-kernel-tools.md): get_initial_context,
 * ask_cortex, context_save_rules and consult_documentation, over the runtime the domain opens
 * (index.ts), with what they publish for the Context view.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { type ContextDocRecord, type ContextGovernanceRecord, type ContextManifestRecord, DOC_NODE_IDS, STATE_FILE, docRecordId } from '../../../shared/context-records';
import type { EntityRecord } from '../../kernel/records';
import { type ToolDomainHost, ToolError, defineTool } from '../../tool-domain/domain';
import { deriveBlueprint } from './blueprint';
import { BlueprintLog, LOG_RECORDS, blueprintRecordId } from './blueprint-log';
import { INVALID_PARAMS, RATE_LIMITED, SYSTEM_ERROR } from './codes';
import { MAX_DOC_BYTES, consultNode, docNodes } from './documentation';
import { initialContext, safeModeContext } from './manifest';
import { checkProjectKey, readProjectKey } from './project-key';
import { RollingLimit } from './rate-limit';
import { type StateReading, StateReader, editedState, writeState } from './state';
import { directivesOf } from './governance';

/** ask_cortex calls per project key in any minute (the contract's 60). */
export const ASK_LIMIT = 60;
export const ASK_WINDOW_MS = 60_000;
export const MAX_INTENT_CHARS = 2_000;
const MAX_KEY_CHARS = 512;
const MAX_PATH_CHARS = 1_024;
/** How long the bridge waits for a starting core before it answers get_initial_context in Safe Mode. */
export const SAFE_MODE_WAIT_MS = 2_000;

export interface ContextRuntime {
  state: StateReader;
  limit: RollingLimit;
  log: BlueprintLog;
  /** What the view was last shown, so that only changes are published. */
  shownState?: StateReading;
  shownDocs: Map<string, string>;
}

const tool = defineTool<ContextRuntime>();

const ruleName = z.string().trim().min(1).max(200);
const projectKey = z.string().max(MAX_KEY_CHARS).describe(`The project key: TANDEM_PROJECT_KEY in the workspace's .env.local (ask the user for it)`);

/** Publishes the governance state and the documentation nodes if they changed since the view last saw them. */
export function showChanges(runtime: ContextRuntime, host: ToolDomainHost, origin: string, reading: StateReading): void {
  const put: EntityRecord[] = [];
  if (reading !== runtime.shownState) {
    runtime.shownState = reading;
    const record: ContextGovernanceRecord = {
      id: 'governance',
      kind: 'governance',
      file: reading.file,
      status: reading.status,
      ...(reading.status === 'broken' ? { error: reading.error } : {}),
      ...(reading.status === 'ok' ? { state: reading.state } : {}),
    };
    put.push(record);
  }
  for (const node of docNodes(host.workspace, reading)) {
    const signature = `${node.exists}:${node.last_updated ?? ''}:${node.generated ?? false}`;
    if (runtime.shownDocs.get(node.id) === signature) continue;
    runtime.shownDocs.set(node.id, signature);
    let content: string | undefined;
    try {
      const abs = join(host.workspace, node.path);
      if (node.exists && statSync(abs).size <= MAX_DOC_BYTES) content = readFileSync(abs, 'utf8');
      else if (node.generated) content = consultNode(host.workspace, node.id, reading).content;
    } catch {
      content = undefined; // removed meanwhile: the next call shows it
    }
    const record: ContextDocRecord = { id: docRecordId(node.id), kind: 'doc', node, ...(content !== undefined ? { content } : {}) };
    put.push(record);
  }
  if (put.length) host.publish({ origin, label: 'governance and documentation read', lines: put.map((r) => r.id), put });
}

/** The governance state for ask_cortex: refused (SYSTEM_ERROR naming the file) when missing or broken. */
function governingState(reading: StateReading) {
  if (reading.status === 'ok') return reading.state;
  if (reading.status === 'missing') {
    throw new ToolError(SYSTEM_ERROR, `no ${STATE_FILE} in the workspace: without the governance state no intent can be checked`, `create ${STATE_FILE} in the studio's Context view (or ask the user to), then call ask_cortex again`);
  }
  throw new ToolError(SYSTEM_ERROR, `${reading.error} (${reading.file}); ask_cortex refuses until it is fixed`, `ask the user to fix ${STATE_FILE} in the studio; nothing is allowed meanwhile`);
}

/** current_file inside the workspace, workspace-relative, if it names an existing file. */
function currentFileOf(path: string | undefined, host: ToolDomainHost): string | undefined {
  if (path === undefined || !path.trim()) return undefined;
  let resolved;
  try {
    resolved = host.resolvePath(path.trim());
  } catch (err) {
    const refused = ToolError.from(err);
    throw new ToolError(INVALID_PARAMS, `current_file: ${refused.message}`, 'pass the path of a file inside the workspace (relative, or absolute as the IDE sends it)');
  }
  try {
    const stats = statSync(resolved.abs);
    if (stats.isDirectory()) throw new ToolError(INVALID_PARAMS, `current_file: ${resolved.rel} is a folder`, 'pass the file open in the editor');
    return resolved.rel;
  } catch (err) {
    if (err instanceof ToolError) throw err;
    return undefined; // a file that does not exist yet: the blueprint scaffolds
  }
}

export const contextTools = [
    tool({
      name: 'get_initial_context',
      title: 'Get the project map (handshake)',
      description:
        'Call first, at the start of a session: answers system_status ONLINE and the project manifest, made from the live studio: ' +
        "every domain's documents (diagrams, songs, test environments, tasks, architecture systems) with paths and one-line summaries, " +
        'the documentation nodes, the governance directives, and active_stack. While the studio core is still starting it answers ' +
        'SAFE_MODE with a static manifest: call again a few seconds later. A wrong key is AUTH_ERROR.',
      access: 'read',
      input: { project_api_key: projectKey },
      output: {
        system_status: z.enum(['ONLINE', 'SAFE_MODE']),
        manifest: z.record(z.string(), z.unknown()),
        active_stack: z.record(z.string(), z.string()),
      },
      example: { project_api_key: '<TANDEM_PROJECT_KEY from .env.local>' },
      annotations: { readOnlyHint: true, openWorldHint: false },
      handler: async ({ project_api_key }, { runtime, host, caller }) => {
        checkProjectKey(project_api_key, readProjectKey(host.workspace), host.workspace);
        const reading = runtime.state.read();
        const answer = initialContext(host.workspace, reading, await host.summaries(), Date.now(), host.lookingAt());
        showChanges(runtime, host, caller.origin, reading);
        const shown: ContextManifestRecord = { id: 'manifest', kind: 'manifest', manifest: answer.manifest, origin: caller.origin, at: Date.now() };
        host.publish({ origin: caller.origin, label: 'get_initial_context', put: [shown] });
        return answer;
      },
      offline: {
        waitMs: SAFE_MODE_WAIT_MS,
        handler: ({ project_api_key }, { workspace }) => {
          checkProjectKey(project_api_key, readProjectKey(workspace), workspace);
          return safeModeContext(workspace);
        },
      },
    }),
    tool({
      name: 'ask_cortex',
      title: 'Ask for a blueprint before writing code',
      description:
        'Call before writing any code: send what the user wants (intent) and the file open in the editor (current_file, optional). ' +
        'Answers a Blueprint checked against the governance state (logic64-state.json): type SCAFFOLD (a new file at target_file, ' +
        'under the directories the state names), MODIFY (current_file) or REJECT (compliance.reason names the rule and the allowed ' +
        'alternative), with specs: imports of the allowed stack, logic_steps and security_constraints (each table it touches with its ' +
        `RLS policy). Follow it. Limited to ${ASK_LIMIT} calls a minute per project key (RATE_LIMITED says when to retry).`,
      access: 'read',
      input: {
        intent: z.string().min(1).max(MAX_INTENT_CHARS).describe("What the user wants to build, e.g. 'Add a comments section to the blog post'"),
        current_file: z.string().max(MAX_PATH_CHARS).optional().describe('The file open in the editor (workspace-relative, or absolute inside the workspace)'),
        project_api_key: projectKey,
      },
      output: {
        blueprint_id: z.string(),
        type: z.enum(['SCAFFOLD', 'MODIFY', 'REJECT']),
        target_file: z.string(),
        specs: z.object({ imports: z.array(z.string()), logic_steps: z.array(z.string()), security_constraints: z.array(z.string()) }),
        compliance: z.object({ allowed: z.boolean(), reason: z.string().optional() }),
      },
      example: { intent: 'Add a comments section to the blog post', current_file: 'app/blog/[slug]/page.tsx', project_api_key: '<TANDEM_PROJECT_KEY>' },
      // It records the decision, but changes nothing the AI works on: a read for the client.
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      handler: async ({ intent, current_file, project_api_key }, { runtime, host, caller }) => {
        checkProjectKey(project_api_key, readProjectKey(host.workspace), host.workspace);
        const verdict = runtime.limit.take(project_api_key);
        if (!verdict.ok) {
          throw new ToolError(
            RATE_LIMITED,
            `more than ${ASK_LIMIT} ask_cortex calls in a minute for this project key; the next one passes in ${verdict.retryAfterSeconds} s`,
            `wait ${verdict.retryAfterSeconds} seconds, then call ask_cortex again`,
          );
        }
        const text = intent.trim();
        if (!text) throw new ToolError(INVALID_PARAMS, 'intent is empty', "say what the user wants, e.g. 'Create a login form'");
        if (text.length > MAX_INTENT_CHARS) throw new ToolError(INVALID_PARAMS, `intent has ${text.length} characters; at most ${MAX_INTENT_CHARS}`, 'say it in fewer words');
        const currentFile = currentFileOf(current_file, host);
        const reading = runtime.state.read();
        showChanges(runtime, host, caller.origin, reading);
        const blueprint = deriveBlueprint({ intent: text, currentFile }, governingState(reading), await host.summaries());
        const record = runtime.log.record(caller.origin, text, currentFile, blueprint);
        const removed = record.n > LOG_RECORDS ? [blueprintRecordId(record.n - LOG_RECORDS)] : [];
        host.publish({ origin: caller.origin, label: `ask_cortex: ${blueprint.type}`, lines: [text, blueprint.compliance.reason ?? blueprint.target_file], put: [record], removed });
        return blueprint;
      },
    }),
    tool({
      name: 'context_save_rules',
      title: 'Save the governance rules (studio only)',
      description:
        `Saves the rule lists (stack.forbidden, stack.allowed, stack.required) and the directories to ${STATE_FILE}, keeping the rest of ` +
        'the state. Only the studio window calls it: the AI never changes the governance (contract: read-only tools).',
      access: 'write',
      studioOnly: true,
      input: {
        forbidden: z.array(z.union([ruleName, z.object({ name: ruleName, aliases: z.array(ruleName).max(50).optional(), instead: z.string().max(200).optional() })])).max(500).optional(),
        allowed: z.array(ruleName).max(500).optional(),
        required: z.array(ruleName).max(500).optional(),
        directories: z.record(z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/i), z.string().min(1).max(300)).optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      handler: (edit, { runtime, host, caller }) => {
        let next;
        try {
          next = editedState(runtime.state.read(), edit);
        } catch (err) {
          throw new ToolError(INVALID_PARAMS, (err as Error).message, `keep directories inside the workspace and names non-empty; ${STATE_FILE} was not changed`);
        }
        writeState(host.workspace, next);
        caller.noteChanged(STATE_FILE, 'the governance rules this call saved');
        const reading = runtime.state.read();
        showChanges(runtime, host, caller.origin, reading);
        host.publish({ origin: caller.origin, label: `rules saved to ${STATE_FILE}`, lines: directivesOf(next) });
        return { saved: STATE_FILE };
      },
    }),
    tool({
      name: 'context_current_manifest',
      title: 'The project map as it is now (studio only)',
      description:
        'Answers the manifest get_initial_context would give now, without recording it as received: the Context view shows it beside ' +
        'the map an AI last received. Only the studio window calls it.',
      access: 'read',
      studioOnly: true,
      input: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
      handler: async (_args, { runtime, host, caller }) => {
        const reading = runtime.state.read();
        const { manifest } = initialContext(host.workspace, reading, await host.summaries(), Date.now(), host.lookingAt());
        showChanges(runtime, host, caller.origin, reading);
        return { manifest };
      },
    }),
    tool({
      name: 'consult_documentation',
      title: 'Read a documentation node',
      description:
        `Answers the whole markdown of one documentation node of the manifest and when it last changed: ${DOC_NODE_IDS.join(', ')}. ` +
        'db_schema is generated from the governance state when its file is missing.',
      access: 'read',
      input: { node_id: z.enum(DOC_NODE_IDS).describe('The id of the documentation node, from the manifest') },
      output: { content: z.string(), last_updated: z.string() },
      example: { node_id: 'standards' },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      handler: ({ node_id }, { runtime, host, caller }) => {
        const reading = runtime.state.read();
        showChanges(runtime, host, caller.origin, reading);
        const answer = consultNode(host.workspace, node_id, reading);
        // The person sees which node the AI read (its tab in the Context view).
        caller.noteRead([docRecordId(node_id)], `consult_documentation ${node_id}`);
        return answer;
      },
    }),
];
