/**
 * `tandem mcp`: the stdio bridge that Claude Desktop starts. It answers initialize and the lists
 * (tools, resources, resource templates, prompts) itself from the same tables the core uses (so it
 * answers while the core is still starting), and forwards tools/call, resources/read, prompts/get,
 * resources/subscribe and ping to the core over the local socket. Progress notifications of a call
 * and resources/updated notifications come back from the core to the client. Its stdout carries
 * JSON-RPC only; everything else goes to the log (stderr and `<workspace>/.tandem/bridge.log`).
 */
import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ExclusiveLock } from '../core/exclusive-lock';
import { Journal } from '../core/journal';
import { Workspace } from '../core/workspace';
import { originOf } from './core-server';
import { CoreLink, type LinkWorkspace } from './core-link';
import { connectOfferServer } from './direct-tool-calls';
import { type Log, keepConsoleOffStdout, runtimeDir, serveLogTail, startDetached } from './core-process';
import { JsonLineTransport } from './json-line-transport';
import { type OfferDomains, buildOffer, createOfferServer } from './toolsets';

/** Default for how long a call waits for a core (starting one takes about a second). */
export const BRIDGE_WAIT_MS = 30_000;

export { type Log, keepConsoleOffStdout, runtimeDir };

export interface BridgeOptions {
  workspaceDir: string;
  /** The studio's domains, whose tools it offers (the caller's registry: host/domains.ts). */
  domains: OfferDomains;
  toolsets?: readonly string[];
  /** Offer only the tools that change nothing. */
  readOnly?: boolean;
  input: Readable;
  output: Writable;
  /** Starts a core for the workspace in the background; settles when that process exits. */
  startCore: () => Promise<unknown> | void;
  waitLimitMs?: number;
  log: Log;
}

/** Starts `tandem serve --workspace DIR` detached (see startDetached). */
export function startBackgroundCore(workspaceDir: string, tandemBin: string): Promise<void> {
  return startDetached(workspaceDir, process.execPath, [tandemBin, 'serve', '--workspace', workspaceDir]);
}

/** The starter lock and the journal of the workspace, in its SQLite files. */
export function sqliteLinkWorkspace(workspaceDir: string): LinkWorkspace {
  return {
    takeStarterLock: () => ExclusiveLock.take(Workspace.startLockFile(workspaceDir)),
    journaledAnswer: (requestId) => Journal.lookupRequest(Workspace.databaseFile(workspaceDir), requestId),
  };
}

/** Runs the bridge until the client closes stdin. */
export async function runStdioBridge(options: BridgeOptions): Promise<void> {
  const { log } = options;
  const offer = buildOffer(options.domains, { toolsets: options.toolsets, readOnly: options.readOnly });

  const readOnCore = (uri: string, signal: AbortSignal) => link.request(`read ${uri}`, (client, options) => client.readResource({ uri }, options), signal);
  // Everything but the lists goes to the core through the link; the link names the client the core should record.
  const server: McpServer = createOfferServer(offer, {
    callTool: (tool, args, call) => {
      // A tool that answers by itself while the core starts (a handshake) waits for it only briefly.
      const offline = tool.family === 'domain' ? tool.offline : undefined;
      return link.callTool(tool.name, args, {
        resend: tool.resend,
        checkHint: tool.checkHint,
        errorResult: tool.errorResult,
        cancellation: call.cancellation,
        // The answer goes to the client as the core wrote it (encoded-result.ts).
        passOn: true,
        fromView: call.fromView,
        // The core reports to the link under the link's own token; the client hears it under its own.
        onprogress: call.wantsProgress ? (p) => call.progress(p.progress, p.total, p.message) : undefined,
        ...(offline ? { waitLimitMs: offline.waitMs, whenUnavailable: () => offline.answer(args, options.workspaceDir) } : {}),
      });
    },
    // A connected core checks the arguments itself (the same schemas, the same answer to a bad one);
    // the bridge checks them only while it has no core, and for a tool it may answer by itself.
    forwardsArguments: (tool) => link.isConnected && !(tool.family === 'domain' && tool.offline),
    readResource: (_resource, uri, signal) => readOnCore(uri, signal),
    readLink: readOnCore,
    readApp: (app, signal) => readOnCore(app.uri, signal),
    getPrompt: (prompt, args, signal) =>
      link.request(`prompt ${prompt.spec.name}`, (client, options) => client.getPrompt({ name: prompt.spec.name, arguments: args }, options), signal),
    subscribe: (uri) => link.subscribe(uri),
    unsubscribe: (uri) => link.unsubscribe(uri),
  });
  const clientName = () => originOf(server.server.getClientVersion()?.name);
  const link = new CoreLink({
    workspaceDir: options.workspaceDir,
    workspace: sqliteLinkWorkspace(options.workspaceDir),
    clientName,
    clientVersion: () => server.server.getClientVersion()?.version,
    startCore: options.startCore,
    waitLimitMs: options.waitLimitMs ?? BRIDGE_WAIT_MS,
    describeStartFailure: () => serveLogTail(options.workspaceDir),
    onResourceUpdated: (uri) => {
      server.server.sendResourceUpdated({ uri }).catch((err: Error) => log(`resources/updated ${uri}: ${err.message}`));
    },
    log,
  });
  server.server.oninitialized = () => {
    log(`client ${clientName()} initialized; connecting to the studio core`);
    link.warmUp();
  };
  // Pings go to the core too, so that a ping measures the same path as a call.
  server.server.setRequestHandler(PingRequestSchema, async () => {
    try {
      await link.ping();
    } catch (err) {
      throw new McpError(ErrorCode.InternalError, `the studio core did not answer the ping: ${(err as Error).message}`);
    }
    return {};
  });

  const transport = new JsonLineTransport({ input: options.input, output: options.output, role: 'server' });
  transport.onerror = (err) => log(`stdio: ${err.message}`);
  const clientLeft = new Promise<void>((resolve) => (server.server.onclose = resolve));

  // Have a core starting while the client initializes.
  link.startCoreIfNone();
  await connectOfferServer(server, transport);
  log(`bridge ready for workspace ${options.workspaceDir} (tools: ${offer.tools.map((t) => t.name).join(', ')})`);
  await clientLeft;
  log('the client closed stdin; exiting');
  await link.close();
}
