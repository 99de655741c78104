/**
 * The error codes of the testenv contract (specs/testenv-tools.md), as ToolError codes. One list,
 * so the tools, the config loader, the mocks and the runners spell them alike.
 */
import { ToolError } from '../../tool-domain/domain';

export const TestenvErrorCode = {
  configNotFound: 'CONFIG_NOT_FOUND',
  configInvalid: 'CONFIG_INVALID',
  sessionExists: 'SESSION_EXISTS',
  sessionNotFound: 'SESSION_NOT_FOUND',
  buildFailed: 'BUILD_FAILED',
  dockerfileNotFound: 'DOCKERFILE_NOT_FOUND',
  notBuilt: 'NOT_BUILT',
  healthCheckTimeout: 'HEALTH_CHECK_TIMEOUT',
  portConflict: 'PORT_CONFLICT',
  dockerError: 'DOCKER_ERROR',
  notRunning: 'NOT_RUNNING',
  suiteNotFound: 'SUITE_NOT_FOUND',
  containerNotFound: 'CONTAINER_NOT_FOUND',
  containerNotRunning: 'CONTAINER_NOT_RUNNING',
  mockNotFound: 'MOCK_NOT_FOUND',
  mocksNotRunning: 'MOCKS_NOT_RUNNING',
  invalidState: 'INVALID_STATE',
  outsideWorkspace: 'OUTSIDE_WORKSPACE',
} as const;

/** PORT_CONFLICT for a port on 127.0.0.1 (of this machine, or of `where`) that `who` cannot listen on. */
export function portConflict(port: number, who: string, where?: string): ToolError {
  return new ToolError(
    TestenvErrorCode.portConflict,
    `port ${port} on 127.0.0.1${where ? ` of ${where}` : ''} is already in use, so ${who} cannot listen on it`,
    `stop what uses port ${port} (e.g. \`ss -ltnp 'sport = :${port}'\` shows it), or change the port in e2e.yaml; then call preflight_setup again`,
    { port, ...(where ? { where } : {}) },
  );
}
