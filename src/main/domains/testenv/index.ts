/**
 * The testenv domain (issue 8, contract specs/testenv-tools.md): a project's end-to-end test
 * environment (services in Docker, mocks in the core, test suites) that the AI and the person drive
 * together through the nine `preflight_*` tools, every answer in the contract's envelope
 * `{success, data | error, timestamp}`, the state published as the records the dashboard reads.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDomain, ToolEnvelope } from '../../tool-domain/domain';
import { errorBody } from '../../tool-domain/envelopes';
import { type TestenvRuntime, testenvTools } from './tools';

/** The contract's envelope, as JSON text. */
const envelope: ToolEnvelope = {
  ok(data): CallToolResult {
    return { content: [{ type: 'text', text: JSON.stringify({ success: true, data, timestamp: Date.now() }) }] };
  },
  error(err): CallToolResult {
    const error = errorBody(err);
    return { content: [{ type: 'text', text: JSON.stringify({ success: false, error, timestamp: Date.now() }) }], isError: true };
  },
  codes: { invalidInput: 'INVALID_INPUT', internal: 'INTERNAL_ERROR', closing: 'STUDIO_CLOSING' },
};

export const testenvDomain: ToolDomain<TestenvRuntime> = {
  name: 'testenv',
  title: 'test environments: Docker services, mocks and e2e suites (Preflight contract)',
  envelope,
  tools: testenvTools,
  apps: [
    {
      view: 'results',
      title: 'Test results',
      description: "The test environments' services and their suites' latest results, live as runs finish, the AI's runs marked; run a suite again, click to select it.",
      shownBy: ['preflight_run', 'preflight_run_suite', 'preflight_status'],
    },
  ],
  // Loaded when the studio opens, not with the tool table: the sessions bring the YAML parser, the
  // runners and the mocks, which a process that only lists tools (the bridge, a worker, a core that
  // finds the workspace locked) should not pay for at start. The recovery (adopting what was handed
  // over, reaping what a crash left) runs in the background; every tool waits for it.
  open: async (host) => {
    const { Sessions } = await import('./sessions');
    return { sessions: new Sessions(host) };
  },
  close: (runtime, ending) => runtime.sessions.close(ending),
  summary: (runtime) => runtime.sessions.summary(),
};
