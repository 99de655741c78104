/**
 * A chat client's side of MCP Apps, for the chat-view tests: a real MCP client on the studio's
 * Streamable HTTP endpoint (the chat's connection: its calls are the AI's), and a host page in
 * Chromium (chat-host-page.ts, made from ext-apps' AppBridge) that draws a tool's ui:// view with
 * the tool's result, as Claude Desktop does, and relays the view's calls to that client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { build } from 'esbuild';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { join } from 'node:path';
import type { Disposables } from './disposables';
import type { StudioServer } from './studio-server';

export const CHAT_ORIGIN = 'chat-assistant';

export interface ChatHost {
  client: Client;
  tools: Tool[];
  /** Calls a tool as the chat's model does; throws when it answers an error. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** The tool's view read from its `_meta.ui.resourceUri`, shown with the call's input and result; the page and the view's frame. */
  show(tool: string, input: Record<string, unknown>, result: CallToolResult): Promise<Shown>;
  /** The app's own tool calls the host relayed, in order. */
  relayed: Array<{ name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> }>;
}

export interface Shown {
  page: Page;
  /** The view's frame. */
  view: FrameLocator;
  html: string;
  mimeType?: string;
  /** Every URL the page and the view asked the network for (a self-contained view asks for none). */
  requests: string[];
}

let hostScript: Promise<string> | undefined;

/** The host page's script, bundled once per test file. */
function hostPageScript(): Promise<string> {
  hostScript ??= build({ entryPoints: [join(__dirname, 'chat-host-page.ts')], bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'silent' }).then(
    (out) => out.outputFiles[0].text,
  );
  return hostScript;
}

export async function startChatHost(disposables: Disposables, server: Pick<StudioServer, 'baseUrl' | 'token'>, context: BrowserContext): Promise<ChatHost> {
  const client = new Client({ name: CHAT_ORIGIN, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${server.token}` } } }));
  disposables.track(client, 'chat host MCP client', (c) => c.close());
  const { tools } = await client.listTools();
  const relayed: ChatHost['relayed'] = [];
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    if (result.isError) throw new Error(`${name} answered an error: ${JSON.stringify(result.content)}`);
    return result;
  };
  return {
    client,
    tools,
    call,
    relayed,
    async show(toolName, input, result) {
      const tool = tools.find((t) => t.name === toolName);
      const uri = (tool?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
      if (!uri) throw new Error(`${toolName} declares no view (_meta.ui.resourceUri)`);
      const read = await client.readResource({ uri });
      const content = read.contents[0] as { text?: string; mimeType?: string };
      if (typeof content.text !== 'string') throw new Error(`${uri} has no text`);
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.exposeFunction('hostCallTool', async (params: ChatHost['relayed'][number]) => {
        relayed.push(params);
        return client.callTool(params, undefined, { timeout: 60_000 });
      });
      await page.setContent(`<!doctype html><html><body style="margin:0"><script>${await hostPageScript()}</script></body></html>`);
      await page.evaluate(({ html, input, result }) => window.showApp(html, input, result), { html: content.text, input, result });
      return { page, view: page.frameLocator('#app'), html: content.text, mimeType: content.mimeType, requests };
    },
  };
}
