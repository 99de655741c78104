/**
 * The error codes of the testenv contract (specs/testenv-tools.md), as ToolError codes. One list,
 * so the tools, the config loader, the mocks and the runners spell them alike.
 */
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
