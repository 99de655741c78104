/**
 * The architecture domain through `tandem mcp`, as Claude Desktop would use it: the BUILT cli, the
 * core the bridge starts (with its D2 worker and offload pool), the SDK's stdio client. The
 * workspace holds a loko project as loko itself wrote it; the client opens it, edits it and builds it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { decode as decodeToon } from '@toon-format/toon';
import { afterEach, describe, expect, it } from 'vitest';
import { architectureDomain } from './index';
import { SHOP_PROJECT, writeTree } from './fixture';
import { pdfText } from './pdf-text';
import { elementRecordId } from '../../../shared/architecture-records';
import type { PresenceEvent } from '../../../shared/presence';
import { TestSocketClient } from '../../api/test-socket-client';
import { recordProgress, waitFor } from '../../mcp/test-fixtures';
import { Harness, readEndpointFile } from '../../cli/test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
const errorOf = (result: unknown) => {
  expect((result as CallToolResult).isError).toBe(true);
  return JSON.parse(text(result)).error;
};

describe('tandem mcp with the architecture domain', () => {
  it('opens an existing loko project, edits it, validates it and builds every format, with progress', async () => {
    const ws = harness.tempWorkspace();
    writeTree(join(ws, 'architecture'), SHOP_PROJECT);
    const { client } = await harness.bridgeClient(ws, 'claude-ai');

    const { tools } = await client.listTools();
    const offered = tools.filter((t) => architectureDomain.tools.some((a) => a.name === t.name));
    expect(offered.map((t) => t.name)).toEqual(architectureDomain.tools.map((t) => t.name));
    expect(offered.find((t) => t.name === 'build_docs')!.outputSchema).toMatchObject({ properties: { build: { properties: { cache_hits: { type: 'integer' } } } } });

    const project = await client.callTool({ name: 'query_project', arguments: {} });
    expect(project.structuredContent).toMatchObject({ name: 'Shop', description: 'An online shop', version: '1.2.0', system_count: 2, total_containers: 2 });
    expect(JSON.parse(text(project))).toEqual(project.structuredContent);

    // The contract's envelope for bad arguments (checked by the bridge), bad names and paths.
    expect(errorOf(await client.callTool({ name: 'create_system', arguments: {} }))).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('system_name') });
    expect(errorOf(await client.callTool({ name: 'build_docs', arguments: { format: 'docx' } }))).toMatchObject({ code: 'INVALID_INPUT' });
    expect(errorOf(await client.callTool({ name: 'create_system', arguments: { system_name: '9lives' } }))).toMatchObject({ code: 'INVALID_INPUT' });
    expect(errorOf(await client.callTool({ name: 'query_project', arguments: { project_path: '/tmp' } }))).toMatchObject({ code: 'PERMISSION_DENIED' });

    await client.callTool({ name: 'create_system', arguments: { project_path: 'architecture', system_name: 'Warehouse', description: 'Ships the orders' } });
    const diagram = await client.callTool({ name: 'update_diagram', arguments: { scope: 'system', target: 'Warehouse', d2_code: 'picker: Order Picker\ndock: Loading Dock\npicker -> dock: hands over' } });
    expect(diagram.structuredContent).toMatchObject({ success: true, diagram: { rendered_to: 'dist/diagrams/system-Warehouse.svg' } });
    expect(readFileSync(join(ws, 'architecture/dist/diagrams/system-Warehouse.svg'), 'utf8')).toContain('Loading Dock');
    const broken = errorOf(await client.callTool({ name: 'update_diagram', arguments: { scope: 'container', target: 'web-app', d2_code: 'a -> \n' } }));
    expect(broken).toMatchObject({ code: 'INVALID_SYNTAX', details: expect.stringContaining('src/Storefront/web-app/container.d2:1') });

    const toon = await client.callTool({ name: 'query_architecture', arguments: { detail: 'structure', format: 'toon' } });
    expect(decodeToon(text(toon))).toEqual(toon.structuredContent);

    const validation = await client.callTool({ name: 'validate', arguments: { strict: true } });
    // The shop lays out with ELK, which the WASM build renders; the same project laid out with dagre
    // is rendered by D2's native binary, which the built core finds where npm put it.
    expect(validation.structuredContent).toMatchObject({ success: false, validation: { errors: [] }, d2_engine: expect.stringMatching(/^D2 WASM build \(the native binary, D2 v0\.7\.1, while the WASM build loads\)$/) });
    writeTree(join(ws, 'dagre'), { ...SHOP_PROJECT, 'loko.toml': SHOP_PROJECT['loko.toml'].replace('layout = "elk"', 'layout = "dagre"') });
    const dagre = await client.callTool({ name: 'validate', arguments: { project_path: 'dagre' } });
    expect(dagre.structuredContent).toMatchObject({ validation: { errors: [] }, d2_engine: expect.stringMatching(/^D2 v0\.7\.1, native binary$/) });

    const seen = recordProgress(client, 'build');
    const built = await client.callTool({ name: 'build_docs', arguments: {}, _meta: { progressToken: 'build' } }, undefined, { timeout: 120_000 });
    expect(built.structuredContent).toMatchObject({ success: true, build: { output_dir: 'dist/', formats: ['html', 'markdown', 'pdf'], cache_hits: 1 } });
    // Progress went out per file, up to the whole.
    const total = await waitFor(() => seen.at(-1)?.progress === seen.at(-1)?.total && seen.at(-1)?.total, 10_000, 'the last progress notification');
    expect(total).toBeGreaterThan(5);
    expect(seen.map((p) => p.progress)).toEqual(seen.map((_, i) => i + 1));
    const site = readFileSync(join(ws, 'architecture/dist/system-Warehouse.html'), 'utf8');
    expect(site).toContain('Order Picker');
    expect(existsSync(join(ws, 'architecture/dist/search-index.js'))).toBe(true);
    const pdf = await pdfText(readFileSync(join(ws, 'architecture/dist/architecture.pdf')));
    for (const name of ['Storefront', 'Payments', 'Warehouse']) expect(pdf).toContain(name);

    const again = await client.callTool({ name: 'build_docs', arguments: {} });
    expect(again.structuredContent).toMatchObject({ build: { files_generated: 0, diagrams_rendered: 0 } });
  }, 180_000);

  it("tells the AI which element the person has selected, and marks in the person's view what the AI read", async () => {
    const ws = harness.tempWorkspace();
    writeTree(join(ws, 'architecture'), SHOP_PROJECT);
    await harness.serve(ws);
    const endpoint = readEndpointFile(ws)!;
    const window = await TestSocketClient.connect(endpoint.url, endpoint.token);
    try {
      const client = await harness.httpClient(endpoint, 'claude-ai');
      const before = await client.callTool({ name: 'query_project', arguments: {} });
      expect(before.structuredContent).not.toHaveProperty('selected_by_person');

      // The person selects the web-app container in the Architecture view of their window.
      const webApp = elementRecordId('container', 'architecture', 'Storefront/web-app');
      const reported = await window.call({ method: 'presence', report: { domain: 'architecture', ids: [webApp], visible: true, focus: { kind: 'project', id: 'architecture', name: 'Shop' } } });
      expect(reported.error).toBeUndefined();
      const project = await client.callTool({ name: 'query_project', arguments: {} });
      expect(project.structuredContent).toMatchObject({ name: 'Shop', selected_by_person: 'Storefront/web-app' });
      const summary = await client.callTool({ name: 'query_architecture', arguments: { detail: 'summary' } });
      expect(summary.structuredContent).toMatchObject({ type: 'summary', selected_by_person: 'Storefront/web-app' });
      // The person selects nothing: the answers say nothing about it.
      await window.call({ method: 'presence', report: { domain: 'architecture', ids: [], visible: true } });
      expect((await client.callTool({ name: 'query_project', arguments: {} })).structuredContent).not.toHaveProperty('selected_by_person');

      // The AI reads a system in full: the window is told to mark it and what the answer listed under it.
      const reads = () => window.messages.flatMap((m) => ('presence' in m && m.presence.type === 'read' ? [m.presence as Extract<PresenceEvent, { type: 'read' }>] : []));
      expect(reads()).toEqual([]);
      await client.callTool({ name: 'query_architecture', arguments: { scope: 'system', target: 'Storefront', detail: 'full' } });
      const read = await waitFor(() => reads()[0], 10_000, 'the read event');
      expect(read).toMatchObject({ origin: 'claude-ai', domain: 'architecture', documentId: 'architecture', what: 'query_architecture Storefront' });
      expect(read.ids).toEqual([
        elementRecordId('system', 'architecture', 'Storefront'),
        webApp,
        elementRecordId('component', 'architecture', 'Storefront/web-app/cart-service'),
      ]);
      // A query without a target reads no element in particular: nothing marked (the next read is the container's).
      await client.callTool({ name: 'query_architecture', arguments: { detail: 'structure' } });
      await client.callTool({ name: 'query_project', arguments: {} });
      await client.callTool({ name: 'query_architecture', arguments: { scope: 'container', target: 'web-app' } });
      await waitFor(() => reads().length > 1, 10_000, 'the second read event');
      expect(reads().map((r) => r.ids)).toEqual([read.ids, [webApp]]);
    } finally {
      window.close();
    }
  }, 60_000);
});
