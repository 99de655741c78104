/**
 * The chat views through `tandem mcp` (the stdio bridge), as Claude Desktop reaches them: the BUILT
 * cli and its built pages (out/apps), a core the bridge starts, the SDK's stdio client. The bridge
 * lists the views from the tables, reads a page from the core, and passes a view's mark on its
 * calls through, so the core records them as the person's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { VIEW_META_KEY, type ViewChanges } from '../../shared/chat-views';
import { Harness, textOf } from './test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

describe('tandem mcp: the chat views', () => {
  it("reads a view's page through the bridge, follows the document, and records the view's edits as the person's", async () => {
    const { client } = await harness.bridgeClient(harness.tempWorkspace(), 'claude-ai', {}, ['--toolsets', 'drawio']);
    expect((await client.listResources()).resources).toEqual([expect.objectContaining({ uri: 'ui://tandem/drawio/diagram', mimeType: 'text/html;profile=mcp-app' })]);
    const page = (await client.readResource({ uri: 'ui://tandem/drawio/diagram' })).contents[0] as { text: string; mimeType: string };
    expect(page.mimeType).toBe('text/html;profile=mcp-app');
    expect(page.text).toMatch(/^<!doctype html>/i);
    expect(page.text).toContain('<script type="module">');

    await client.callTool({ name: 'drawio', arguments: { ops: ['add svc AuthService'] } });
    const first = (await client.callTool({ name: 'tandem_view_changes', arguments: { document: 'drawio' } })).structuredContent as unknown as ViewChanges;
    expect(first.snapshot?.records).toEqual(expect.arrayContaining([expect.objectContaining({ alias: 'AuthService' })]));
    await client.callTool({ name: 'drawio', arguments: { ops: ['move AuthService to:300,200 strict:true'] }, _meta: { [VIEW_META_KEY]: 'ui://tandem/drawio/diagram' } });
    const next = (await client.callTool({ name: 'tandem_view_changes', arguments: { document: 'drawio', since: first.seq, document_id: first.documentId } })).structuredContent as unknown as ViewChanges;
    expect(next.changes.map((c) => c.origin)).toEqual(['person']);
    const history = textOf((await client.callTool({ name: 'drawio_query', arguments: { q: 'history 2' } })) as CallToolResult);
    expect(history).toMatch(/#\d+ person batch: move AuthService/);
    expect(history).toMatch(/#\d+ claude-ai batch: add svc AuthService/);
  });
});
