/**
 * The stdio bridge inside the Claude Desktop bundle (`.mcpb`): plain JavaScript with no domain code
 * and no native module. It finds the workspace's core as the studio's bridge does (CoreLink), starts
 * the installed studio where none runs (its install record says how) and forwards every request to
 * it; the lists come from the core, kept to the toolsets and read-only mode the person picked (the
 * bundle's catalog says which tool is whose). It never dies for want of a core: it then offers only
 * `tandem_status`, which says what is wrong and what to do, and tells the client when the tools
 * come (tools/list_changed).
 */
import type { Readable, Writable } from 'node:stream';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { type InstallLookup, readInstallRecord } from '../../core/install-record';
import { VIEW_META_KEY } from '../../../shared/chat-views';
import { StudioError, formatError } from '../../kernel/errors';
import { signalCancellation } from '../call-cancellation';
import { CoreLink } from '../core-link';
import { type Log, serveLogTail, startDetached } from '../core-process';
import { JsonLineTransport } from '../json-line-transport';
import { SERVER_INFO } from '../wire';
import { type BundleCatalog, type BundleChoice, pickFromCatalog } from './catalog';
import { bundleStartLockFile, takeBundleStartLock } from './start-lock';
import { STATUS_TOOL_NAME, type StatusFacts, coreReachable, statusAnswer, statusTool } from './status';

export interface BundleBridgeOptions extends BundleChoice {
  workspaceDir: string;
  catalog: BundleCatalog;
  input: Readable;
  output: Writable;
  /** How long a request waits for a core (starting the studio included). */
  waitLimitMs: number;
  env?: NodeJS.ProcessEnv;
  log: Log;
}

/** A tool error in the studio's plain form: `! message [code]` and a `try:` line. */
function errorResult(err: StudioError): CallToolResult {
  return { content: [{ type: 'text', text: formatError(err).join('\n') }], isError: true };
}

export async function runBundleBridge(options: BundleBridgeOptions): Promise<void> {
  const { catalog, workspaceDir, log } = options;
  const env = options.env ?? process.env;
  const pick = pickFromCatalog(catalog, options);
  const install = (): InstallLookup => readInstallRecord(env);

  const startStudio = () => {
    const found = install();
    if (!('record' in found)) throw new Error(`no Tandem Studio to start: ${found.file} ${found.problem === 'none' ? 'does not exist' : 'cannot be used'}`);
    const { command, args, env: extra } = found.record;
    log(`starting the installed studio: ${command} ${[...args, '--workspace', workspaceDir].join(' ')}`);
    return startDetached(workspaceDir, command, [...args, '--workspace', workspaceDir], { ...env, ...extra });
  };

  const server = new Server(
    { ...SERVER_INFO, version: catalog.version, ...(catalog.icons ? { icons: catalog.icons } : {}) },
    {
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true } },
      instructions: `Tandem Studio: you and a person work on the same models at the same time. If the studio's tools are missing or fail, call ${STATUS_TOOL_NAME}: it says what is wrong and what to do.`,
    },
  );
  const clientName = () => server.getClientVersion()?.name ?? 'claude-desktop';
  let initialized = false;
  const link = new CoreLink({
    workspaceDir,
    // Bridges started at once share a starter lock: one starts the studio, the others wait for its core.
    workspace: { takeStarterLock: () => takeBundleStartLock(bundleStartLockFile(workspaceDir), log), journaledAnswer: () => undefined },
    bridgeVersion: catalog.version,
    clientName,
    clientVersion: () => server.getClientVersion()?.version,
    startCore: startStudio,
    waitLimitMs: options.waitLimitMs,
    describeStartFailure: () => serveLogTail(workspaceDir),
    onConnectionChange: (connected) => {
      log(connected ? 'connected to the studio core' : 'lost the studio core');
      if (!initialized) return;
      // The lists change with the core: all the tools, or tandem_status alone.
      for (const send of [() => server.sendToolListChanged(), () => server.sendResourceListChanged(), () => server.sendPromptListChanged()]) {
        send().catch((err: Error) => log(`list_changed: ${err.message}`));
      }
    },
    onResourceUpdated: (uri) => server.sendResourceUpdated({ uri }).catch((err: Error) => log(`resources/updated ${uri}: ${err.message}`)),
    log,
  });

  const facts = (): StatusFacts => ({
    workspace: workspaceDir,
    bridgeVersion: catalog.version,
    link: link.status(),
    install: install(),
    settings: pick.ok ? undefined : pick,
    toolsets: pick.ok ? pick.toolsets : [],
    readOnly: options.readOnly,
  });
  /** Connected, or connected within the wait; false at once when there is nothing to wait for. */
  const reachable = async (): Promise<boolean> => {
    if (!pick.ok) return false;
    const now = facts();
    if (now.link.connected) return true;
    if (!coreReachable(now)) return false;
    try {
      await link.request('ping', (client, requestOptions) => client.ping(requestOptions));
      return true;
    } catch {
      return false;
    }
  };
  /** The core's answer to a list, or an empty one while no core is reachable. */
  const forwardList = async <T>(what: string, list: (client: Client) => Promise<T>, empty: T): Promise<T> =>
    (await reachable()) ? link.request(what, (client) => list(client)) : empty;

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    if (!pick.ok) return { tools: [statusTool] };
    const listed = await forwardList('tools/list', (client) => client.listTools(), { tools: [] });
    return { tools: [...listed.tools.filter((tool) => pick.tools.has(tool.name)), statusTool] };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    if (name === STATUS_TOOL_NAME) return statusAnswer(facts());
    const tool = pick.ok ? pick.tools.get(name) : undefined;
    if (!tool) return errorResult(new StudioError('unknown_tool', `no tool "${name}" here`, `${STATUS_TOOL_NAME} says what this bridge offers and why`));
    if (!coreReachable(facts())) {
      return errorResult(new StudioError('core_unavailable', `no Tandem Studio core can be reached for workspace ${workspaceDir}`, `${STATUS_TOOL_NAME} says why and what to do`));
    }
    const progressToken = request.params._meta?.progressToken;
    // A chat view's call for the person keeps its mark, so the core records it as the person's.
    const fromView = request.params._meta?.[VIEW_META_KEY];
    return link.callTool(name, request.params.arguments ?? {}, {
      resend: tool.resend,
      checkHint: tool.checkHint,
      errorResult,
      cancellation: signalCancellation(extra.signal),
      fromView: typeof fromView === 'string' ? fromView : undefined,
      onprogress:
        progressToken === undefined
          ? undefined
          : (p) => void extra.sendNotification({ method: 'notifications/progress', params: { ...p, progressToken } }).catch(() => undefined),
    });
  });
  const keepsResource = (uri: string) => pick.ok && pick.resourceUris.has(uri);
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const listed = await forwardList('resources/list', (client) => client.listResources(), { resources: [] });
    return { resources: listed.resources.filter((r) => keepsResource(r.uri)) };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => {
    const listed = await forwardList('resources/templates/list', (client) => client.listResourceTemplates(), { resourceTemplates: [] });
    return { resourceTemplates: listed.resourceTemplates.filter((t) => keepsResource(t.uriTemplate)) };
  });
  server.setRequestHandler(ListPromptsRequestSchema, async () => {
    const listed = await forwardList('prompts/list', (client) => client.listPrompts(), { prompts: [] });
    return { prompts: listed.prompts.filter((p) => pick.ok && pick.prompts.has(p.name)) };
  });
  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
    link.request(`read ${request.params.uri}`, (client, o) => client.readResource(request.params, o), extra.signal),
  );
  server.setRequestHandler(GetPromptRequestSchema, (request, extra) =>
    link.request(`prompt ${request.params.name}`, (client, o) => client.getPrompt(request.params, o), extra.signal),
  );
  server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    await link.subscribe(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    await link.unsubscribe(request.params.uri);
    return {};
  });
  // A ping is answered here: the bridge is alive even while no core is.
  server.setRequestHandler(PingRequestSchema, () => ({}));

  server.oninitialized = () => {
    initialized = true;
    log(`client ${clientName()} initialized`);
    if (pick.ok && coreReachable(facts())) link.warmUp();
  };
  const transport = new JsonLineTransport({ input: options.input, output: options.output, role: 'server' });
  transport.onerror = (err) => log(`stdio: ${err.message}`);
  const clientLeft = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(transport);
  log(`bundle bridge ${catalog.version} ready for workspace ${workspaceDir}`);
  await clientLeft;
  log('the client closed stdin; exiting');
  await link.close();
}
