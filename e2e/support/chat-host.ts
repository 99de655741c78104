/**
 * A chat client's side of MCP Apps, for the chat-view tests: a real MCP client on the studio's
 * Streamable HTTP endpoint (the chat's connection: its calls are the AI's), and a host page in
 * Chromium (chat-host-page.ts, made from ext-apps' AppBridge) that draws a tool's ui:// view with
 * the tool's result, as Claude Desktop does, under the Content Security Policy its resource
 * declares (hostCsp), and relays the view's calls to that client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { build } from 'esbuild';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { join } from 'node:path';
import { expect } from 'vitest';
import { HOST_BACKGROUND } from './chat-host-theme';
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
  /** The policy the view runs under: hostCsp of what its resource declares. */
  csp: string;
  /**
   * What that policy refused the view so far (its `securitypolicyviolation` events: directive, what
   * was blocked, the start of the code); Chromium reports these to no console Playwright hears.
   */
  cspViolations(): Promise<string[]>;
  /**
   * How the view sits in a chat `width` px wide (its frame set to it): its page's background (the
   * host's variable when the view takes the host's theme) and how many px its page overflows sideways.
   */
  fit(width: number): Promise<{ background: string; overflowX: number }>;
}

/** In the chat's colours, and readable at its width: nothing of the page runs off the side at 600 px, nor in a narrow 360 px chat. */
export async function expectChatFit(shown: Pick<Shown, 'fit'>): Promise<void> {
  for (const width of [600, 360]) expect(await shown.fit(width), `at ${width} px`).toEqual({ background: HOST_BACKGROUND, overflowX: 0 });
  await shown.fit(600);
}

/** What a view's resource declares for its policy (MCP Apps `_meta.ui.csp`): the origins it may reach. */
export interface DeclaredCsp {
  connectDomains?: readonly string[];
  resourceDomains?: readonly string[];
  frameDomains?: readonly string[];
  baseUriDomains?: readonly string[];
}

/**
 * The Content Security Policy a host enforces for a view, as the MCP Apps spec builds it from what
 * the view's resource declares: nothing from the network unless declared, inline script and style
 * (the page is self-contained), data: images and media, and never 'unsafe-eval'.
 */
export function hostCsp(declared: DeclaredCsp = {}): string {
  const or = (domains: readonly string[] | undefined, otherwise: string) => (domains?.length ? domains.join(' ') : otherwise);
  const resources = declared.resourceDomains ?? [];
  const plus = (...sources: string[]) => [...sources, ...resources].join(' ');
  return [
    "default-src 'none'",
    `script-src ${plus("'self'", "'unsafe-inline'")}`,
    `style-src ${plus("'self'", "'unsafe-inline'")}`,
    `img-src ${plus("'self'", 'data:')}`,
    `font-src ${plus("'self'")}`,
    `media-src ${plus("'self'", 'data:')}`,
    `connect-src ${or(declared.connectDomains, "'none'")}`,
    `frame-src ${or(declared.frameDomains, "'none'")}`,
    `base-uri ${or(declared.baseUriDomains, "'self'")}`,
    "object-src 'none'",
  ].join('; ');
}

/**
 * The page with `policy` as its first element, as a host's sandbox puts it before any script of
 * the view, and then the test host's recorder of what the policy refuses.
 */
function underPolicy(html: string, policy: string): string {
  const recorder =
    "<script>window.__cspViolations=[];document.addEventListener('securitypolicyviolation',(e)=>" +
    "window.__cspViolations.push(e.violatedDirective+' '+e.blockedURI+' '+(e.sample||'')))</script>";
  const first = `<meta http-equiv="Content-Security-Policy" content="${policy}">${recorder}`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + first) : first + html;
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
      const content = read.contents[0] as { text?: string; mimeType?: string; _meta?: { ui?: { csp?: DeclaredCsp } } };
      if (typeof content.text !== 'string') throw new Error(`${uri} has no text`);
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const csp = hostCsp(content._meta?.ui?.csp);
      await page.exposeFunction('hostCallTool', async (params: ChatHost['relayed'][number]) => {
        relayed.push(params);
        return client.callTool(params, undefined, { timeout: 60_000 });
      });
      await page.setContent(`<!doctype html><html><body style="margin:0"><script>${await hostPageScript()}</script></body></html>`);
      await page.evaluate(({ html, input, result }) => window.showApp(html, input, result), { html: underPolicy(content.text, csp), input, result });
      const viewFrame = page.frames().find((frame) => frame !== page.mainFrame());
      if (!viewFrame) throw new Error('the view has no frame');
      const cspViolations = () => viewFrame.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
      const fit = async (width: number) => {
        await page.evaluate((w) => (document.getElementById('app')!.style.width = `${w}px`), width);
        return viewFrame.evaluate(
          () =>
            new Promise<{ background: string; overflowX: number }>((resolve) =>
              // Two frames: the view lays itself out again at the new width (a resize observer draws on the next).
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  resolve({ background: getComputedStyle(document.body).backgroundColor, overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth }),
                ),
              ),
            ),
        );
      };
      return { page, view: page.frameLocator('#app'), html: content.text, mimeType: content.mimeType, requests, csp, cspViolations, fit };
    },
  };
}
