/**
 * The nine `preflight_*` tools of the testenv contract (specs/testenv-tools.md) as one table: input
 * schemas as the contract gives them (with limits), descriptions, annotations, and handlers that
 * resolve the project inside the workspace and hand over to the sessions.
 */
import { z } from 'zod';
import { serviceRecordId } from '../../../shared/testenv-records';
import type { ResolvedPath } from '../../kernel/paths';
import { ErrorCode } from '../../kernel/errors';
import { type ToolContext, ToolError, defineTool } from '../../tool-domain/domain';
import { TestenvErrorCode as Code } from './errors';
import type { Sessions } from './sessions';

export interface TestenvRuntime {
  sessions: Sessions;
}

/** Longest projectPath, configFile, name or filter accepted. */
const MAX_PATH = 4096;
const MAX_NAME = 256;
/** Most log lines one preflight_logs answers. */
export const MAX_LOG_LINES = 10_000;

const projectPath = (what: string) => z.string().min(1).max(MAX_PATH).describe(what);
const ageOrTime = z.string().min(1).max(64);
const EXAMPLE = { projectPath: 'shop' };

const tool = defineTool<TestenvRuntime>();

/** `container: "@selected"`: the service the person picked on the dashboard. */
const SELECTED = '@selected';

/** The services of the project at `abs` that the person has picked on the dashboard (presence), if any. */
function personSelection(abs: string, host: ToolContext<TestenvRuntime>['host']): { services: string[]; window: string } | undefined {
  const selection = host.selection();
  if (!selection) return undefined;
  const prefix = serviceRecordId(abs, '');
  const services = [...selection.ids].filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length));
  return services.length ? { services, window: selection.window } : undefined;
}

/** The project folder of a call: absolute or workspace-relative, inside the workspace (else OUTSIDE_WORKSPACE). */
async function project(path: string, { runtime, host }: ToolContext<TestenvRuntime>): Promise<ResolvedPath> {
  await runtime.sessions.ready;
  try {
    return host.resolvePath(path);
  } catch (err) {
    const error = ToolError.from(err);
    if (error.code === ErrorCode.pathOutsideWorkspace) {
      throw new ToolError(Code.outsideWorkspace, `${path} is outside the workspace ${host.workspace}`, 'give a folder inside the workspace, absolute or relative to it', { projectPath: path, workspace: host.workspace });
    }
    throw error;
  }
}

const write = { readOnlyHint: false, openWorldHint: false } as const;

export const testenvTools = [
  tool({
    name: 'preflight_init',
    title: 'Start a test-environment session',
    description:
      'Loads and validates the project\'s e2e.yaml (services, mocks, test suites) and starts a session for the project folder. ' +
      'Takes Preflight\'s layouts (service: or services:, repos: looked for at repos/<name>, dashboard: ignored). ' +
      'Answers the services, mocks and suites it found, the repos and named volumes, and notes on what it does not act on. Errors: CONFIG_NOT_FOUND, CONFIG_INVALID (each problem with its path and line), SESSION_EXISTS. ' +
      'Next: preflight_build.',
    access: 'write',
    input: {
      projectPath: projectPath('Absolute path to project directory containing e2e.yaml'),
      configFile: z.string().min(1).max(MAX_PATH).optional().describe('Config filename override (default: e2e.yaml)'),
    },
    example: EXAMPLE,
    annotations: { ...write, destructiveHint: false, idempotentHint: false },
    handler: async ({ projectPath, configFile }, ctx) => ctx.runtime.sessions.init(await project(projectPath, ctx), configFile, ctx.caller),
  }),
  tool({
    name: 'preflight_build',
    title: 'Build the service images',
    description:
      'Builds the Docker image of every service (or of `service`), streaming the build log as progress notifications when the call has a progressToken. ' +
      'Errors: SESSION_NOT_FOUND, BUILD_FAILED (with the build\'s last lines), DOCKERFILE_NOT_FOUND, DOCKER_ERROR. Next: preflight_setup.',
    access: 'write',
    input: {
      projectPath: projectPath('Project path (must have active session)'),
      noCache: z.boolean().optional().describe('Disable Docker layer cache'),
      service: z.string().min(1).max(MAX_NAME).optional().describe('Build specific service (multi-service mode)'),
    },
    example: EXAMPLE,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    handler: async ({ projectPath, noCache, service }, ctx) => ctx.runtime.sessions.build(await project(projectPath, ctx), { noCache, service }, ctx.caller),
  }),
  tool({
    name: 'preflight_setup',
    title: 'Start the test environment',
    description:
      'Creates the project network, starts the mocks, starts the service containers (in parallel where dependsOn allows, ports on 127.0.0.1) and waits for their health checks. ' +
      'On any failure everything it started is removed and the answer carries the failing service\'s logs. ' +
      'Errors: SESSION_NOT_FOUND, NOT_BUILT, HEALTH_CHECK_TIMEOUT, PORT_CONFLICT, DOCKER_ERROR, INVALID_STATE. Next: preflight_run.',
    access: 'write',
    input: {
      projectPath: projectPath('Project path (must have built images)'),
      timeout: z
        .string()
        .regex(/^\d+(\.\d+)?(ms|s|m|h)$/, 'a duration such as 30s, 500ms or 2m')
        .optional()
        .describe('Health check timeout override, e.g. "120s"'),
    },
    example: EXAMPLE,
    annotations: { ...write, destructiveHint: false, idempotentHint: false },
    handler: async ({ projectPath, timeout }, ctx) => ctx.runtime.sessions.setup(await project(projectPath, ctx), { timeout }, ctx.caller),
  }),
  tool({
    name: 'preflight_run',
    title: 'Run the test suites',
    description:
      'Runs every suite (or those whose ids `filter` lists, comma-separated) against the running environment, with the configured retries. ' +
      'Passing cases are brief; failing ones carry the error, a summary, a suggested fix where one can be inferred, the request and response, each failed assertion ' +
      'and diagnostics (container logs, health, the mocks\' recent requests). Errors: SESSION_NOT_FOUND, NOT_RUNNING, SUITE_NOT_FOUND.',
    access: 'write',
    input: {
      projectPath: projectPath('Project path (must have running environment)'),
      filter: z.string().max(MAX_PATH).optional().describe('Suite ID filter (comma-separated for multiple)'),
      parallel: z.boolean().optional().describe('Override parallel execution setting'),
    },
    example: EXAMPLE,
    annotations: { ...write, destructiveHint: false, idempotentHint: false },
    handler: async ({ projectPath, filter, parallel }, ctx) => ctx.runtime.sessions.run(await project(projectPath, ctx), { filter, parallel }, ctx.caller),
  }),
  tool({
    name: 'preflight_run_suite',
    title: 'Run one test suite',
    description: 'Runs one suite by id; the answer is as preflight_run\'s with one suite. Errors: SESSION_NOT_FOUND, NOT_RUNNING, SUITE_NOT_FOUND.',
    access: 'write',
    input: {
      projectPath: projectPath('Project path'),
      suiteId: z.string().min(1).max(MAX_NAME).describe('Suite identifier to run'),
    },
    example: { ...EXAMPLE, suiteId: 'users-api' },
    annotations: { ...write, destructiveHint: false, idempotentHint: false },
    handler: async ({ projectPath, suiteId }, ctx) => ctx.runtime.sessions.runSuite(await project(projectPath, ctx), suiteId, ctx.caller),
  }),
  tool({
    name: 'preflight_status',
    title: 'Show the environment',
    description:
      'The session\'s state, network, containers (status, ports and whether they answer, health — unhealthy with its exitCode for one that stopped —, uptime) and mocks (port, request count); ' +
      'selectedByPerson names the services the person has picked on the dashboard, if any. Errors: SESSION_NOT_FOUND.',
    access: 'read',
    input: { projectPath: projectPath('Project path') },
    example: EXAMPLE,
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler: async ({ projectPath }, ctx) => {
      const path = await project(projectPath, ctx);
      const status = await ctx.runtime.sessions.status(path);
      const picked = personSelection(path.abs, ctx.host);
      return picked ? { ...status, selectedByPerson: picked } : status;
    },
  }),
  tool({
    name: 'preflight_logs',
    title: 'Read a container\'s log',
    description:
      `The last \`lines\` lines (at most ${MAX_LOG_LINES}) of a container's log, by container or service name ("${SELECTED}": the service the person picked on the dashboard), optionally only since an age such as "5m" or a time. ` +
      'A container that stopped answers its log too, with its status and exit code. Errors: SESSION_NOT_FOUND, CONTAINER_NOT_FOUND, CONTAINER_NOT_RUNNING (not started yet).',
    access: 'read',
    input: {
      projectPath: projectPath('Project path'),
      container: z.string().min(1).max(MAX_NAME).describe('Container name'),
      lines: z.number().int().min(1).max(MAX_LOG_LINES).optional().default(100).describe('Number of tail lines'),
      since: ageOrTime.optional().describe('Show logs since timestamp, e.g. "5m", "2h"'),
    },
    example: { ...EXAMPLE, container: 'api', lines: 50 },
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler: async ({ projectPath, container, lines, since }, ctx) => {
      const path = await project(projectPath, ctx);
      if (container !== SELECTED) return ctx.runtime.sessions.logs(path, { container, lines, since });
      const picked = personSelection(path.abs, ctx.host);
      if (!picked) {
        throw new ToolError(Code.containerNotFound, `${SELECTED}: the person has picked no service of ${path.rel || '.'} on the dashboard (or no window shows it)`, 'name the container, or call preflight_status for their names');
      }
      return ctx.runtime.sessions.logs(path, { container: picked.services[0], lines, since });
    },
  }),
  tool({
    name: 'preflight_clean',
    title: 'Remove the environment and end the session',
    description:
      'Stops and removes the containers (by force where one does not stop: force_removed), the mocks and the network, and ends the session; says what became of each. ' +
      'Errors: SESSION_NOT_FOUND (what the project\'s labels still mark is removed all the same).',
    access: 'write',
    input: {
      projectPath: projectPath('Project path'),
      force: z.boolean().optional().default(true).describe('Force remove stuck containers'),
    },
    example: EXAMPLE,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    handler: async ({ projectPath, force }, ctx) => ctx.runtime.sessions.clean(await project(projectPath, ctx), { force }, ctx.caller),
  }),
  tool({
    name: 'preflight_mock_requests',
    title: 'Read the requests the mocks received',
    description:
      'The requests each mock (or `mockName`) recorded: method, url, headers and the parsed body, optionally only since a time or age, and optionally clearing the log. ' +
      'Errors: SESSION_NOT_FOUND, MOCK_NOT_FOUND, MOCKS_NOT_RUNNING.',
    access: 'write',
    input: {
      projectPath: projectPath('Project path'),
      mockName: z.string().min(1).max(MAX_NAME).optional().describe('Specific mock name (default: all mocks)'),
      since: ageOrTime.optional().describe('Filter requests after timestamp'),
      clear: z.boolean().optional().describe('Clear request log after reading'),
    },
    example: EXAMPLE,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    handler: async ({ projectPath, mockName, since, clear }, ctx) => ctx.runtime.sessions.mockRequests(await project(projectPath, ctx), { mockName, since, clear }, ctx.caller),
  }),
];
