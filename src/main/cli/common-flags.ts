/** Flags that several commands share, and their validation. */
import { StudioError } from '../kernel/errors';
import { fcpDomains, toolDomains } from '../host/domains';
import { ALL_TOOLSETS, parseToolsetList, selectToolsets } from '../mcp/toolsets';
import { type FlagSpec, UsageError } from './usage';

export const workspaceFlag: FlagSpec = {
  type: 'string',
  value: 'DIR',
  summary: 'the workspace folder (default: $TANDEM_WORKSPACE, else ~/Tandem)',
};

/** Every toolset, FCP and tool domains alike. */
const toolsetNames = () => [...fcpDomains, ...toolDomains].map((d) => d.name);

export const toolsetsFlag: FlagSpec = {
  type: 'string',
  value: 'a,b',
  summary: `toolsets to offer (default: ${ALL_TOOLSETS}: ${toolsetNames().join(',')})`,
};

export const readOnlyFlag: FlagSpec = {
  type: 'boolean',
  summary: 'offer only the tools that change nothing (every write tool is left out)',
};

/** `--toolsets a,b` checked against the registered domains; undefined means all. */
export function parseToolsetsFlag(value: string | boolean | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const names = parseToolsetList(String(value));
  if (names.length === 0) {
    throw new UsageError('bad_toolsets', '--toolsets needs at least one toolset name', `--toolsets ${toolsetNames().join(',')}`);
  }
  try {
    selectToolsets(toolsetNames().map((name) => ({ name })), names);
  } catch (err) {
    if (err instanceof StudioError) throw new UsageError(err.code, err.message, err.suggestion);
    throw err;
  }
  return names;
}
