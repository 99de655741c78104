/**
 * The project-context domain (`context`; contract: specs/context-kernel-tools.md, issue 11): the
 * map of the whole studio for an AI client (get_initial_context), blueprints checked against the
 * project's governance before any code is written (ask_cortex), and its documentation
 * (consult_documentation). Answers and errors in the contract's envelope (`{error: {code,
 * message, suggestion}}`); the other domains are read only through host.summaries().
 */
import type { ToolDomain, ToolEnvelope } from '../../tool-domain/domain';
import { jsonDataEnvelope } from '../../tool-domain/envelopes';
import { STATE_FILE } from '../../../shared/context-records';
import { BlueprintLog } from './blueprint-log';
import { INVALID_PARAMS, SYSTEM_ERROR } from './codes';
import { docNodes } from './documentation';
import { ensureProjectKey } from './project-key';
import { RollingLimit } from './rate-limit';
import { StateReader } from './state';
import { ASK_LIMIT, ASK_WINDOW_MS, type ContextRuntime, contextTools, showChanges } from './tools';

/** The contract's error shape has code, message and suggestion only. */
const envelope: ToolEnvelope = jsonDataEnvelope({ invalidInput: INVALID_PARAMS, internal: SYSTEM_ERROR, closing: SYSTEM_ERROR }, { details: false });

export const contextDomain: ToolDomain<ContextRuntime> = {
  name: 'context',
  title: 'project context: the map of the studio and its governance',
  envelope,
  tools: contextTools,
  open(host) {
    // Made once if missing; read again on every call, so a key the user changes on disk counts at once.
    ensureProjectKey(host.workspace);
    const runtime: ContextRuntime = {
      state: new StateReader(host.workspace),
      limit: new RollingLimit(ASK_LIMIT, ASK_WINDOW_MS),
      log: new BlueprintLog(host.database),
      shownDocs: new Map(),
    };
    const recent = runtime.log.recent();
    if (recent.length) host.publish({ origin: 'context', label: 'blueprint log', lines: [`${recent.length} recent blueprints`], put: recent });
    showChanges(runtime, host, 'context', runtime.state.read());
    return runtime;
  },
  summary(runtime, host) {
    const reading = runtime.state.read();
    const nodes = docNodes(host.workspace, reading);
    return {
      items: [
        { kind: 'governance', name: STATE_FILE, path: STATE_FILE, summary: reading.status === 'ok' ? 'governance state' : reading.status === 'missing' ? 'not written yet' : reading.error, state: reading.status },
        ...nodes.map((node) => ({ kind: 'documentation', name: node.id, path: node.path, summary: node.title, state: node.exists ? 'written' : node.generated ? 'generated from the state' : 'missing' })),
      ],
      counts: { documentation: nodes.filter((n) => n.exists || n.generated).length },
    };
  },
};
