/** Flags that several commands share, and their validation. */
import { FcpError } from '../fcp/errors';
import { fcpDomains } from '../domains';
import { parseToolsetList, selectToolsets } from '../mcp/fcp-tools';
import { type FlagSpec, UsageError } from './usage';

export const workspaceFlag: FlagSpec = {
  type: 'string',
  value: 'DIR',
  summary: 'the workspace folder (default: $TANDEM_WORKSPACE, else ~/Tandem)',
};

export const toolsetsFlag: FlagSpec = {
  type: 'string',
  value: 'a,b',
  summary: `toolsets to offer (default: all: ${fcpDomains.map((d) => d.name).join(',')})`,
};

/** `--toolsets a,b` checked against the registered domains; undefined means all. */
export function parseToolsetsFlag(value: string | boolean | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const names = parseToolsetList(String(value));
  if (names.length === 0) {
    throw new UsageError('bad_toolsets', '--toolsets needs at least one toolset name', `--toolsets ${fcpDomains.map((d) => d.name).join(',')}`);
  }
  try {
    selectToolsets(fcpDomains, names);
  } catch (err) {
    if (err instanceof FcpError) throw new UsageError(err.code, err.message, err.suggestion);
    throw err;
  }
  return names;
}
