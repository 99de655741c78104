/**
 * A tool domain over MCP, in-process host: a real Studio, the local socket and Streamable HTTP with
 * the SDK's client. Tools with output schemas, answers in the domain's envelope, progress,
 * resources and templates, subscriptions, prompts, attribution and the read-only mode.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../shared/change-feed';
import { Workspace } from '../core/workspace';
import { type ToolDomain, type ToolSpec, defineTool } from '../tool-domain/domain';
import { countersDomain } from '../tool-domain/testing/counters-domain';
import { fcpDomains } from '../host/domains';
import { fcpTools } from './fcp-tools';
import type { StudioHost } from '../host/studio-host';
import { temporaryWorkspace } from '../testing/temporary-studio';
import { JsonLineTransport } from './json-line-transport';
import { connectLocalSocket } from './local-socket';
import { recordProgress, waitFor } from './test-fixtures';

/** The FCP tools the studio ships, in order. */
const FCP_TOOLS = fcpDomains.flatMap((d) => fcpTools(d).map((t) => t.name));

/** The counters envelope, parsed. */
const envelope = (result: unknown) => JSON.parse(((result as CallToolResult).content[0] as { text: string }).text);

/** Each call of counters_wait that was told to stop (its signal aborted). */
const stopped: string[] = [];
const waitSpec = countersDomain.tools.find((t) => t.name === 'counters_wait') as ToolSpec<any, any>;
/** The counters domain, its slow tool watched. */
const watchedCounters = {
  ...countersDomain,
  tools: countersDomain.tools.map((t) =>
    t !== waitSpec
      ? t
      : defineTool<any>()({
          ...waitSpec,
          handler: async (args, ctx) => {
            try {
              return await waitSpec.handler(args, ctx);
            } catch (err) {
              if (ctx.caller.signal.aborted) stopped.push(ctx.caller.origin);
              throw err;
            }
          },
        }),
  ),
} as ToolDomain<any>;

describe('a tool domain over MCP', () => {
  const temp = temporaryWorkspace('tandem-tool-mcp-');
  let host: StudioHost | undefined;
  const clients: Client[] = [];

  beforeEach(() => {
    stopped.length = 0;
  });

  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((c) => c.close()));
    host = undefined;
  });

  const start = async (options: { readOnly?: boolean; toolsets?: string[] } = {}) =>
    (host = await temp.startHost({ toolDomains: [watchedCounters], ...options }));

  async function socketClient(name: string): Promise<Client> {
    const client = new Client({ name, version: '1' });
    await client.connect(JsonLineTransport.overSocket(await connectLocalSocket(host!.socket), 'client'));
    clients.push(client);
    return client;
  }

  async function httpClient(name: string): Promise<Client> {
    const client = new Client({ name, version: '1' });
    const token = Workspace.readEndpoint(temp.dir)!.token;
    await client.connect(new StreamableHTTPClientTransport(new URL(`${host!.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    clients.push(client);
    return client;
  }

  const transports = [
    ['the local socket', socketClient],
    ['Streamable HTTP', httpClient],
  ] as const;

  for (const [transport, connect] of transports) {
    describe(`over ${transport}`, () => {
      it('lists the tools with their schemas and annotations, and answers in the envelope, attributed', async () => {
        await start();
        const client = await connect('claude-ai');
        const { tools } = await client.listTools();
        const byName = new Map(tools.map((t) => [t.name, t]));
        // The diagram's chat view brings the two tools only views call.
        expect([...byName.keys()]).toEqual([...FCP_TOOLS, ...countersDomain.tools.map((t) => t.name), 'tandem_view_changes', 'tandem_view_select', 'tandem_view_assets']);
        const list = byName.get('counters_list')!;
        expect(list.title).toBe('List counters');
        expect(list.annotations).toMatchObject({ readOnlyHint: true });
        expect(list.outputSchema).toMatchObject({ type: 'object', properties: { counters: { type: 'array' } }, required: ['counters'] });
        expect(byName.get('counters_bump')!.inputSchema).toMatchObject({ properties: { name: { type: 'string' }, by: { type: 'integer' } }, required: ['name'] });
        expect(byName.get('counters_reset')!.outputSchema).toBeUndefined();

        const events: ChangeEvent[] = [];
        host!.studio.subscribe((e) => events.push(e));
        const bumped = await client.callTool({ name: 'counters_bump', arguments: { name: 'visits', by: 2 } });
        expect(bumped.structuredContent).toEqual({ name: 'visits', value: 2 });
        expect(envelope(bumped)).toMatchObject({ ok: true, data: { name: 'visits', value: 2 } });
        expect(events).toEqual([expect.objectContaining({ domain: 'counters', seq: 2, kind: 'tool', origin: 'claude-ai', ops: ['bump visits +2'] })]);
        const listed = await client.callTool({ name: 'counters_list', arguments: {} });
        expect(listed.structuredContent).toEqual({ counters: [{ name: 'visits', value: 2 }] });

        // Arguments are checked here, against the same schema, and answered in the domain's envelope.
        const bad = await client.callTool({ name: 'counters_bump', arguments: { name: 'visits', by: 'lots' } });
        expect(bad.isError).toBe(true);
        expect(envelope(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(/^bad arguments for counters_bump: by: /), suggestion: 'counters_bump({"name":"visits","by":3})' } });
        const missing = await client.callTool({ name: 'counters_reset', arguments: { name: 'ghost' } });
        expect(envelope(missing)).toMatchObject({ error: { code: 'NOT_FOUND', suggestion: 'counters_list shows the counters there are' } });
        expect(events).toHaveLength(1);
      });

      it('sends progress notifications to a client that asks for them', async () => {
        await start();
        const client = await connect('progress-client');
        const seen = recordProgress(client, 'builds');
        const result = await client.callTool({ name: 'counters_bump', arguments: { name: 'builds', by: 6, steps: 3 }, _meta: { progressToken: 'builds' } });
        expect(result.structuredContent).toEqual({ name: 'builds', value: 6 });
        await waitFor(() => seen.length >= 3, 10_000, 'three progress notifications');
        expect(seen).toEqual([
          { progress: 1, total: 3, message: 'builds = 2' },
          { progress: 2, total: 3, message: 'builds = 4' },
          { progress: 3, total: 3, message: 'builds = 6' },
        ]);
      });

      it('lists and reads resources and templates, tells subscribers about changes, and gives prompts', async () => {
        await start();
        const watcher = await connect('watcher');
        const actor = await socketClient('actor');
        expect((await watcher.listResources()).resources).toEqual([
          { uri: 'counters://all', name: 'counters-all', title: 'All counters', description: 'Every counter and its value, as JSON.' },
          expect.objectContaining({ uri: 'ui://tandem/drawio/diagram', mimeType: 'text/html;profile=mcp-app' }),
          expect.objectContaining({ uri: 'ui://tandem/midi/roll', mimeType: 'text/html;profile=mcp-app' }),
        ]);
        expect((await watcher.listResourceTemplates()).resourceTemplates).toEqual([
          { uriTemplate: 'counters://counter/{name}', name: 'counters-one', title: 'One counter', description: 'One counter and its value, as JSON.' },
        ]);
        await actor.callTool({ name: 'counters_bump', arguments: { name: 'visits', by: 5 } });
        const one = await watcher.readResource({ uri: 'counters://counter/visits' });
        expect(one.contents).toEqual([{ uri: 'counters://counter/visits', mimeType: 'application/json', text: JSON.stringify({ name: 'visits', value: 5, updatedBy: 'actor' }, null, 2) }]);
        const ghost = await watcher.readResource({ uri: 'counters://counter/ghost' }).catch((err: McpError) => err);
        expect(ghost).toBeInstanceOf(McpError);
        expect(ghost).toMatchObject({ code: -32602, data: { error: { code: 'NOT_FOUND', message: 'no counter "ghost"' } } });
        expect((ghost as McpError).message).toContain('! no counter "ghost" [NOT_FOUND]');
        expect(await watcher.readResource({ uri: 'counters://nothing' }).catch((err: McpError) => err.code)).toBe(-32002);

        const updated: string[] = [];
        watcher.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
        await watcher.subscribeResource({ uri: 'counters://all' });
        await watcher.subscribeResource({ uri: 'counters://counter/visits' });
        expect(await watcher.subscribeResource({ uri: 'elsewhere://x' }).catch((err: McpError) => err.code)).toBe(-32002);
        // Another client's change, then the person's (the renderer's call): each one reported once per resource.
        await actor.callTool({ name: 'counters_bump', arguments: { name: 'visits' } });
        await waitFor(() => updated.length >= 2, 5_000, 'resources/updated');
        expect(updated.sort()).toEqual(['counters://all', 'counters://counter/visits']);
        await watcher.unsubscribeResource({ uri: 'counters://counter/visits' });
        updated.length = 0;
        const reply = await host!.answerApi({ method: 'callTool', domain: 'counters', tool: 'counters_reset', args: { name: 'visits' } }, 'browser');
        expect(envelope((reply as { result: unknown }).result)).toMatchObject({ ok: true, data: { name: 'visits', was: 6 } });
        await waitFor(() => updated.length >= 1, 5_000, 'resources/updated after the person acted');
        expect(updated).toEqual(['counters://all']);
        // The read the notification invites shows the change.
        expect(JSON.parse(((await watcher.readResource({ uri: 'counters://all' })).contents[0] as { text: string }).text)).toEqual([]);

        const { prompts } = await watcher.listPrompts();
        expect(prompts).toEqual([
          { name: 'counters-review', title: 'Review the counters', description: 'Asks for a short review of the counters as they are now.', arguments: [{ name: 'focus', required: false }] },
        ]);
        const review = await watcher.getPrompt({ name: 'counters-review', arguments: { focus: 'trends' } });
        expect(review.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Review these counters, looking at trends:\n(no counters)' } }]);
      });
    });
  }

  it('offers only the tools that change nothing in read-only mode, across toolsets', async () => {
    await start({ readOnly: true });
    const client = await socketClient('reader');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['drawio_query', 'drawio_help', 'midi_query', 'midi_help', 'counters_list', 'counters_wait', 'counters_total', 'tandem_view_changes', 'tandem_view_select', 'tandem_view_assets']);
    const refused = await client.callTool({ name: 'counters_bump', arguments: { name: 'x' } });
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0].text).toMatch(/^! no tool "counters_bump" here; tools: drawio_query, .* \[unknown_tool\]/);
    expect((await client.listResources()).resources).toHaveLength(3);
  });

  it('offers one toolset alone when asked, without the capabilities it does not need', async () => {
    await start({ toolsets: ['drawio'] });
    const client = await socketClient('drawio-only');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['drawio', 'drawio_query', 'drawio_session', 'drawio_help', 'tandem_view_changes', 'tandem_view_select', 'tandem_view_assets']);
    // Its one resource is the diagram's chat view.
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['ui://tandem/drawio/diagram']);
    expect(client.getServerCapabilities()?.prompts).toBeUndefined();
  });

  it('answers other calls while a slow one runs, and stops the slow one when its client cancels', async () => {
    await start();
    const client = await socketClient('patient');
    const cancel = new AbortController();
    const slow = client.callTool({ name: 'counters_wait', arguments: { ms: 60_000 } }, undefined, { signal: cancel.signal }).catch((err: Error) => err);
    const other = await socketClient('other');
    expect((await other.callTool({ name: 'counters_bump', arguments: { name: 'meanwhile' } })).isError).toBeFalsy();
    expect((await client.callTool({ name: 'counters_list', arguments: {} })).structuredContent).toEqual({ counters: [{ name: 'meanwhile', value: 1 }] });
    cancel.abort('changed my mind');
    expect(await slow).toBeInstanceOf(Error);
    await waitFor(() => stopped.length === 1, 5_000, 'the slow call to be told to stop');
    expect(stopped).toEqual(['patient']);
  });
});
