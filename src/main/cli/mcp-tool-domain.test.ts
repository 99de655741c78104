/**
 * A tool domain through `tandem mcp`, as Claude Desktop would use it: the BUILT cli, a core the
 * bridge starts, the SDK's stdio client. The test domain (counters) is hosted by every process of
 * the run through TANDEM_TEST_TOOL_DOMAINS (test only).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type CallToolResult, McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Workspace } from '../core/workspace';
import { type ChatAppSpec, chatAppUri } from '../kernel/chat-apps';
import { fcpDomains, toolDomains } from '../host/domains';
import { domainTools } from '../mcp/domain-tools';
import { fcpTools } from '../mcp/fcp-tools';
import { countersDomain } from '../tool-domain/testing/counters-domain';
import type { ToolDomain } from '../tool-domain/domain';
import { TEST_TOOL_DOMAINS_ENV } from '../tool-domain/testing/test-only';
import { isAlive, recordProgress, waitFor } from '../mcp/test-fixtures';
import { Harness, readEndpointFile } from './test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

const withCounters = { [TEST_TOOL_DOMAINS_ENV]: 'counters' };
/** The fixed resources (or, with `templates`, the templates) of `domains`. */
/** The chat views' ui:// resources, listed after the domains' own resources. */
const appsOf = (domains: ReadonlyArray<{ name: string; apps?: readonly ChatAppSpec[] }>) => domains.flatMap((d) => (d.apps ?? []).map((a) => chatAppUri(d.name, a.view)));
const resourcesOf = (domains: readonly ToolDomain<any>[], templates = false) =>
  domains.flatMap((d) => (d.resources ?? []).map((r) => r.uri).filter((uri) => uri.includes('{') === templates));
/** The counters envelope, parsed. */
const envelope = (result: unknown) => JSON.parse(((result as CallToolResult).content[0] as { text: string }).text);
const corePid = (ws: string) => waitFor(() => readEndpointFile(ws)?.pid, 15_000, 'a core to announce itself');

/** Collects the resources/updated notifications a client receives. */
function watchUpdates(client: Client): string[] {
  const updated: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
  return updated;
}

describe('tandem mcp with a tool domain', () => {
  it('answers every list from the tables while no core can run, and calls in the domain\'s envelope', async () => {
    const ws = harness.tempWorkspace();
    const holder = await Workspace.acquire(ws);
    try {
      const { client } = await harness.bridgeClient(ws, 'early-client', { ...withCounters, TANDEM_BRIDGE_WAIT_MS: '1500' });
      const { tools } = await client.listTools();
      // The registered tool domains (this process has no test domains), then the test one.
      const registered = toolDomains.flatMap((d) => domainTools(d).map((t) => t.name));
      expect(tools.map((t) => t.name)).toEqual([...fcpDomains.flatMap((d) => fcpTools(d).map((t) => t.name)), ...registered, ...countersDomain.tools.map((t) => t.name), 'tandem_view_changes', 'tandem_view_select', 'tandem_view_assets']);
      expect(tools.find((t) => t.name === 'counters_list')!.outputSchema).toMatchObject({ properties: { counters: { type: 'array' } } });
      expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([...resourcesOf(toolDomains), 'counters://all', ...appsOf([...fcpDomains, ...toolDomains])]);
      expect((await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate)).toEqual([...resourcesOf(toolDomains, true), 'counters://counter/{name}']);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual([...toolDomains.flatMap((d) => (d.prompts ?? []).map((p) => p.name)), 'counters-review']);

      // Checked by the bridge itself, in the domain's envelope.
      const bad = await client.callTool({ name: 'counters_bump', arguments: { name: 'Bad Name' } });
      expect(envelope(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(/^bad arguments for counters_bump: name: /) } });
      // No core: the link's own error, in the envelope too.
      const refused = await client.callTool({ name: 'counters_bump', arguments: { name: 'early' } });
      expect(refused.isError).toBe(true);
      expect(envelope(refused)).toMatchObject({ ok: false, error: { code: 'core_unavailable', suggestion: expect.stringContaining('tandem serve --workspace') } });
      const unread = await client.readResource({ uri: 'counters://all' }).catch((err: McpError) => err);
      expect(unread).toMatchObject({ data: { error: { code: 'core_unavailable' } } });
    } finally {
      holder.release();
    }
  });

  it('forwards calls, progress, resources, prompts and subscriptions to the core and back', async () => {
    const ws = harness.tempWorkspace();
    const { client } = await harness.bridgeClient(ws, 'claude-ai', withCounters);
    // The second bridge comes once the first one's core runs, so that no second core races for the lock.
    await corePid(ws);
    const { client: other } = await harness.bridgeClient(ws, 'other-ai', withCounters);

    const seen = recordProgress(client, 'bump-visits');
    const bumped = await client.callTool({ name: 'counters_bump', arguments: { name: 'visits', by: 9, steps: 3 }, _meta: { progressToken: 'bump-visits' } });
    expect(bumped.structuredContent).toEqual({ name: 'visits', value: 9 });
    await waitFor(() => seen.length >= 3, 10_000, 'three progress notifications');
    expect(seen).toEqual([1, 2, 3].map((n) => ({ progress: n, total: 3, message: `visits = ${3 * n}` })));
    // The core's own checks and errors come back as the domain answered them.
    expect(envelope(await client.callTool({ name: 'counters_reset', arguments: { name: 'ghost' } }))).toMatchObject({ error: { code: 'NOT_FOUND' } });
    // counters_total runs in the core's worker thread (the domain is registered there by the env).
    expect((await client.callTool({ name: 'counters_total', arguments: {} })).structuredContent).toEqual({ total: 9 });

    const one = await client.readResource({ uri: 'counters://counter/visits' });
    expect(JSON.parse((one.contents[0] as { text: string }).text)).toEqual({ name: 'visits', value: 9, updatedBy: 'claude-ai' });
    const ghost = await client.readResource({ uri: 'counters://counter/ghost' }).catch((err: McpError) => err);
    expect(ghost).toBeInstanceOf(McpError);
    // The core's error reaches the client as the core sent it, not wrapped once more.
    expect(ghost).toMatchObject({ code: -32602, message: 'MCP error -32602: ! no counter "ghost" [NOT_FOUND]\n  try: counters_list shows the counters there are' });
    expect(await client.readResource({ uri: 'counters://nothing' }).catch((err: McpError) => err.code)).toBe(-32002);
    const review = await client.getPrompt({ name: 'counters-review', arguments: {} });
    expect(review.messages[0].content).toEqual({ type: 'text', text: 'Review these counters:\n- visits: 9' });

    const updated = watchUpdates(client);
    await client.subscribeResource({ uri: 'counters://all' });
    await other.callTool({ name: 'counters_bump', arguments: { name: 'signups' } });
    await waitFor(() => updated.length > 0, 10_000, 'resources/updated through the bridge');
    expect(updated).toEqual(['counters://all']);
    await client.unsubscribeResource({ uri: 'counters://all' });
    await other.callTool({ name: 'counters_bump', arguments: { name: 'signups' } });
    // The change is seen by a read; no notification came for it.
    expect((await client.callTool({ name: 'counters_list', arguments: { prefix: 'sign' } })).structuredContent).toEqual({ counters: [{ name: 'signups', value: 2 }] });
    expect(updated).toEqual(['counters://all']);
  });

  it('relays every progress notification under the client\'s own token, before the answer', async () => {
    const ws = harness.tempWorkspace();
    const { bridge, send, initialize, messages } = harness.rawBridge(ws, withCounters);
    initialize('raw-client');
    const call = { name: 'counters_bump', arguments: { name: 'steps', by: 4, steps: 4 }, _meta: { progressToken: 'tok-7' } };
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: call });
    // A call without a token gets no notifications.
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { ...call, arguments: { name: 'quiet', by: 4, steps: 4 }, _meta: undefined } });
    await waitFor(() => messages().some((m) => m.id === 2) && messages().some((m) => m.id === 3), 20_000, 'the answers');
    const upToAnswer = messages().slice(0, messages().findIndex((m) => m.id === 2) + 1);
    const progress = messages().filter((m) => m.method === 'notifications/progress');
    expect(progress.map((m) => m.params)).toEqual([1, 2, 3, 4].map((n) => ({ progressToken: 'tok-7', progress: n, total: 4, message: `steps = ${n}` })));
    expect(upToAnswer.filter((m) => m.method === 'notifications/progress')).toHaveLength(4);
    expect(messages().find((m) => m.id === 3).result.structuredContent).toEqual({ name: 'quiet', value: 4 });
    bridge.stdin.end();
  });

  it('keeps subscriptions across a core crash, sends reads again, and never sends a cut-off write twice', async () => {
    const ws = harness.tempWorkspace();
    const { client, stderr } = await harness.bridgeClient(ws, 'steady-ai', withCounters);
    await client.callTool({ name: 'counters_bump', arguments: { name: 'kept', by: 4 } });
    const updated = watchUpdates(client);
    await client.subscribeResource({ uri: 'counters://counter/kept' });

    // A write cut off by the crash: not sent again, and the client is told what shows whether it ran.
    const first = await corePid(ws);
    process.kill(first, 'SIGSTOP');
    const write = client.callTool({ name: 'counters_bump', arguments: { name: 'kept' } });
    await new Promise((r) => setTimeout(r, 300));
    process.kill(first, 'SIGKILL');
    expect(envelope(await write)).toMatchObject({
      ok: false,
      error: { code: 'connection_lost', message: expect.stringContaining('may or may not have been applied'), suggestion: 'counters_list shows where things stand' },
    });

    // The next call starts a core; the bridge subscribes there again and says the resource may have changed.
    const listed = await client.callTool({ name: 'counters_list', arguments: {} });
    expect(listed.structuredContent).toEqual({ counters: [{ name: 'kept', value: 4 }] });
    await waitFor(() => updated.includes('counters://counter/kept'), 10_000, 'resources/updated after the reconnect');
    const second = await corePid(ws);
    expect(second).not.toBe(first);
    harness.track(second);
    updated.length = 0;
    await client.callTool({ name: 'counters_bump', arguments: { name: 'kept' } });
    await waitFor(() => updated.length > 0, 10_000, 'resources/updated from the new core');
    expect(updated).toEqual(['counters://counter/kept']);

    // A read cut off by a crash is sent again to the next core and answered.
    process.kill(second, 'SIGSTOP');
    const read = client.readResource({ uri: 'counters://counter/kept' });
    const slow = client.callTool({ name: 'counters_wait', arguments: { ms: 10 } });
    await new Promise((r) => setTimeout(r, 300));
    process.kill(second, 'SIGKILL');
    expect(JSON.parse(((await read).contents[0] as { text: string }).text)).toMatchObject({ name: 'kept', value: 5 });
    expect(envelope(await slow)).toMatchObject({ ok: true, data: { waited: 10 } });
    expect(isAlive(second)).toBe(false);
    expect(stderr()).toContain('counters_wait: connection lost mid-call; sending it again to the next core');
  });

  it('offers only the read tools with --read-only, and toolsets by name', async () => {
    const ws = harness.tempWorkspace();
    const { client } = await harness.bridgeClient(ws, 'reader', withCounters, ['--read-only', '--toolsets', 'counters']);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['counters_list', 'counters_wait', 'counters_total']);
    expect((await client.listResources()).resources).toHaveLength(1);
    const refused = await client.callTool({ name: 'counters_bump', arguments: { name: 'x' } });
    expect((refused.content as { text: string }[])[0].text).toMatch(/^! no tool "counters_bump" here; tools: counters_list, counters_wait, counters_total \[unknown_tool\]/);
  });
});
