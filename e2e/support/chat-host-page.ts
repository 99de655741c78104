/**
 * The browser side of the chat-view test host (bundled by chat-host.ts): what a chat client such as
 * Claude Desktop does with an MCP App, made from ext-apps' own AppBridge. It puts the app's page in
 * a sandboxed iframe (scripts only, an opaque origin: the app can fetch nothing from the studio),
 * gives it the host's theme variables and the tool's input and result, and relays the tool calls
 * the app makes to the test's MCP client (window.hostCallTool, exposed by Playwright).
 */
import { AppBridge, type McpUiStyles, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HOST_BACKGROUND } from './chat-host-theme';

declare global {
  interface Window {
    hostCallTool(params: unknown): Promise<CallToolResult>;
    showApp(html: string, toolInput: Record<string, unknown>, toolResult: CallToolResult): Promise<void>;
    hostSizes: Array<{ width?: number; height?: number }>;
  }
}

/** A few of the variables a host hands its apps (a dark theme, so a view that ignores them shows it); hosts may leave any out. */
const HOST_STYLES = {
  '--color-background-primary': HOST_BACKGROUND,
  '--color-text-primary': 'rgb(240, 238, 230)',
  '--font-sans': 'Arial, sans-serif',
} as Partial<McpUiStyles> as McpUiStyles;

window.hostSizes = [];

window.showApp = async (html, toolInput, toolResult) => {
  const frame = document.createElement('iframe');
  frame.id = 'app';
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.width = '600px';
  frame.style.height = '600px';
  frame.style.border = '0';
  document.body.append(frame);
  const bridge = new AppBridge(null, { name: 'tandem-test-host', version: '1.0.0' }, { serverTools: {}, openLinks: {} }, {
    hostContext: { theme: 'dark', styles: { variables: HOST_STYLES }, displayMode: 'inline', containerDimensions: { maxWidth: 600 } },
  });
  bridge.oncalltool = (params) => window.hostCallTool(params);
  bridge.onsizechange = (size) => {
    window.hostSizes.push(size);
    if (size.height) frame.style.height = `${size.height}px`;
  };
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  frame.srcdoc = html;
  await new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  await initialized;
  await bridge.sendToolInput({ arguments: toolInput });
  await bridge.sendToolResult(toolResult);
};
