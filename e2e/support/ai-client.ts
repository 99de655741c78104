/**
 * The AI's side: a real MCP SDK client on the core's Streamable HTTP endpoint (`/mcp`, bearer
 * token), calling the drawio and midi tools exactly as an assistant does. Answers come back as their
 * text; a tool domain's answers whole.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import type { Disposables } from './disposables';
import type { StudioServer } from './studio-server';

export interface AiClient {
  /** `drawio` with one batch of ops; throws when the core answers with an error. */
  drawio(ops: string[]): Promise<string>;
  /** `drawio_query`, e.g. `map`, `describe AuthService`, `history 5`. */
  query(q: string): Promise<string>;
  /** `drawio_session`, e.g. `undo`, `open diagram.drawio`. */
  session(action: string): Promise<string>;
  /** `midi` with one batch of ops; throws when the core answers with an error. */
  midi(ops: string[]): Promise<string>;
  /** `midi_query`, e.g. `events Piano`, `history 5`. */
  midiQuery(q: string): Promise<string>;
  /** `midi_session`, e.g. `new "Song"`, `save as:song.mid`. */
  midiSession(action: string): Promise<string>;
  /** Any tool (a tool domain's, e.g. `preflight_run`), its answer as it came, errors included. */
  callTool(name: string, args: Record<string, unknown>, options?: { onprogress?: (progress: Progress) => void }): Promise<CallToolResult>;
}

function answerText(result: CallToolResult): string {
  return (result.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

export async function connectAiClient(disposables: Disposables, server: Pick<StudioServer, 'baseUrl' | 'token'>, name = 'e2e-ai'): Promise<AiClient> {
  const client = new Client({ name, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${server.token}` } },
  });
  await client.connect(transport);
  disposables.track(client, `MCP client ${name}`, (c) => c.close());

  const call = async (tool: string, args: Record<string, unknown>): Promise<string> => {
    const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
    const text = answerText(result);
    if (result.isError) throw new Error(`${tool}(${JSON.stringify(args)}) answered an error:\n${text}`);
    return text;
  };
  return {
    drawio: (ops) => call('drawio', { ops }),
    query: (q) => call('drawio_query', { q }),
    session: (action) => call('drawio_session', { action }),
    midi: (ops) => call('midi', { ops }),
    midiQuery: (q) => call('midi_query', { q }),
    midiSession: (action) => call('midi_session', { action }),
    // Far past the SDK's 60 s default: a build or a test run takes as long as it takes.
    callTool: async (name, args, options) =>
      (await client.callTool({ name, arguments: args }, undefined, { onprogress: options?.onprogress, timeout: 300_000, resetTimeoutOnProgress: true })) as CallToolResult,
  };
}

/** The `@(x,y wxh)` of a `describe` answer. */
export function geometryOf(describeAnswer: string): { x: number; y: number; w: number; h: number } | undefined {
  const match = /@\((-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?) (\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)\)/.exec(describeAnswer);
  if (!match) return undefined;
  const [x, y, w, h] = match.slice(1).map(Number);
  return { x, y, w, h };
}
