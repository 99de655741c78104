/**
 * `tandem_status`, the one tool the bundle's bridge offers whatever happens: where the bridge
 * stands (connected to the workspace's core, or why not) and what to do about it, in words a
 * person can act on. It is all the bridge offers while no core can be reached.
 */
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { readEndpoint } from '../../core/endpoint';
import type { InstallLookup } from '../../core/install-record';
import { serveLogTail } from '../core-process';

export const STATUS_TOOL_NAME = 'tandem_status';

export const statusTool: Tool = {
  name: STATUS_TOOL_NAME,
  title: 'Tandem Studio: status',
  description:
    'Says whether the Tandem Studio bridge reaches the studio core of its workspace, and if not, exactly what is wrong ' +
    '(no studio installed, another version, the workspace locked, ...) and what to do. Call it when the studio tools are missing or fail.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

export type StatusState =
  | 'connected'
  | 'starting'
  | 'no_studio_installed'
  | 'install_record_unreadable'
  | 'studio_missing'
  | 'version_mismatch'
  | 'workspace_locked'
  | 'bad_settings'
  | 'core_unreachable';

export interface Status {
  state: StatusState;
  message: string;
  suggestion?: string;
}

export interface StatusFacts {
  workspace: string;
  bridgeVersion: string;
  /** The link's own view; unansweredPid: the announced core that did not answer its last connection. */
  link: { connected: boolean; problem?: string; coreVersion?: string; unansweredPid?: number };
  install: InstallLookup;
  /** The settings' problem, if the person's choice of toolsets is not valid. */
  settings?: { problem: string; suggestion: string };
  toolsets: string[];
  readOnly: boolean;
}

/** Whether a call can hope for a core: one runs, or an installed studio can be started. */
export function coreReachable(facts: Pick<StatusFacts, 'workspace' | 'install' | 'link'>): boolean {
  return facts.link.connected || readEndpoint(facts.workspace) !== undefined || 'record' in facts.install;
}

/** A start command given as a path that is not there any more (a bare name is looked up on PATH when run). */
const missingCommand = (command: string) => isAbsolute(command) && !existsSync(command);

export function diagnose(facts: StatusFacts): Status {
  const { workspace, bridgeVersion, link, install } = facts;
  if (facts.settings) return { state: 'bad_settings', message: facts.settings.problem, suggestion: facts.settings.suggestion };
  if (link.connected) {
    return {
      state: 'connected',
      message: `connected to the Tandem Studio ${link.coreVersion ?? bridgeVersion} core of workspace ${workspace}; toolsets: ${facts.toolsets.join(', ')}${facts.readOnly ? ' (read-only)' : ''}`,
    };
  }
  const reinstall = 'open the studio window, choose "Connect Claude Desktop" and install the bundle it offers (same version as the studio)';
  if (link.coreVersion && link.coreVersion !== bridgeVersion) {
    return { state: 'version_mismatch', message: `the studio core of workspace ${workspace} runs Tandem Studio ${link.coreVersion}, this bundle is ${bridgeVersion}`, suggestion: reinstall };
  }
  const running = readEndpoint(workspace);
  if (running && link.unansweredPid === running.pid) {
    // A live process announced itself as the workspace's core (and so holds its lock) but does not answer.
    return {
      state: 'workspace_locked',
      message: `process ${running.pid} holds workspace ${workspace} (it announced itself in .tandem/endpoint.json) but does not answer: ${link.problem ?? 'no answer'}`,
      suggestion: `if process ${running.pid} is a Tandem core that hangs or was stopped, end it (kill ${running.pid}); the bridge then starts the studio again at the next call`,
    };
  }
  if (!running) {
    if ('problem' in install) {
      return install.problem === 'none'
        ? {
            state: 'no_studio_installed',
            message: `no Tandem Studio is installed for this user, and none runs for workspace ${workspace}: ${install.file} does not exist (the studio writes it when it first starts; this bundle holds only the bridge to it)`,
            suggestion: 'install Tandem Studio and start it once (in its folder: npm install && npm start), then call tandem_status again',
          }
        : {
            state: 'install_record_unreadable',
            message: `the studio's install record ${install.file} cannot be used${install.detail ? `: ${install.detail}` : ''}`,
            suggestion: `start the studio once (it writes the file again), or delete ${install.file} and then start it`,
          };
    }
    if (missingCommand(install.record.command)) {
      return {
        state: 'studio_missing',
        message: `the studio recorded in ${install.file} is not there any more: ${install.record.command} does not exist`,
        suggestion: 'start Tandem Studio once from where it is installed now (it records itself again)',
      };
    }
    if (install.record.version !== bridgeVersion) {
      return {
        state: 'version_mismatch',
        message: `the installed Tandem Studio is ${install.record.version} (${install.file}), this bundle is ${bridgeVersion}`,
        suggestion: reinstall,
      };
    }
  }
  const log = serveLogTail(workspace, 3);
  const locked = log?.match(/[^|]*\[workspace_locked\][^|]*/)?.[0]?.trim();
  if (!running && locked) {
    const pid = locked.match(/pid (\d+)/)?.[1];
    return {
      state: 'workspace_locked',
      message: `the studio could not open workspace ${workspace}: ${locked}`,
      suggestion: pid ? `if process ${pid} is a Tandem core that no longer answers, stop it (kill ${pid}); then call tandem_status again` : 'stop the Tandem process that holds the workspace, then call tandem_status again',
    };
  }
  return {
    state: running ? 'core_unreachable' : 'starting',
    message: `the studio core of workspace ${workspace} is not reachable yet: ${link.problem ?? 'not connected'}${log ? `; its log ends: ${log}` : ''}`,
    suggestion: `wait a moment and call tandem_status again; if it stays so, start the studio yourself (tandem serve --workspace ${workspace}) and read ${workspace}/.tandem/serve.log`,
  };
}

export function statusAnswer(facts: StatusFacts): CallToolResult {
  const status = diagnose(facts);
  const lines = [
    `Tandem Studio bridge ${facts.bridgeVersion}: ${status.state}`,
    status.message,
    ...(status.suggestion ? [`try: ${status.suggestion}`] : []),
    `workspace: ${facts.workspace}`,
    `install record: ${'record' in facts.install ? `${facts.install.file} (studio ${facts.install.record.version})` : `${facts.install.file} (${facts.install.problem})`}`,
  ];
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: { ...status, workspace: facts.workspace, bridgeVersion: facts.bridgeVersion, ...(facts.link.coreVersion ? { coreVersion: facts.link.coreVersion } : {}) },
  };
}
