/**
 * The context toolset end to end, on the BUILT cli: through `tandem mcp` as Claude Desktop uses
 * it (a core started on demand, Safe Mode while none can run), and on `tandem serve` over Streamable
 * HTTP and the legacy SSE transport with several clients at once, up to the rate limit.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Blueprint, InitialContext } from '../../../shared/context-records';
import { Workspace } from '../../core/workspace';
import { readProjectKey } from './project-key';
import { waitFor } from '../../mcp/test-fixtures';
import { Harness, readEndpointFile, textOf } from '../../cli/test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

const fixture = readFileSync(join(__dirname, 'fixtures', 'logic64-state.json'), 'utf8');
const corePid = (ws: string) => waitFor(() => readEndpointFile(ws)?.pid, 15_000, 'a core to announce itself');
const envelope = (result: unknown) => JSON.parse(((result as CallToolResult).content[0] as { text: string }).text);

function projectWorkspace(): string {
  const ws = harness.tempWorkspace('context');
  writeFileSync(join(ws, 'logic64-state.json'), fixture);
  mkdirSync(join(ws, 'docs', '00_principles'), { recursive: true });
  writeFileSync(join(ws, 'docs', '00_principles', 'coding_standards.md'), '# Coding standards\n\n2.2 Server Components first.\n');
  return ws;
}

const initial = (client: Client, key: string) => client.callTool({ name: 'get_initial_context', arguments: { project_api_key: key } });
const ask = (client: Client, key: string, intent: string) => client.callTool({ name: 'ask_cortex', arguments: { intent, project_api_key: key } });

describe('the context toolset', () => {
  it('through tandem mcp: the handshake, blueprints and documentation, checked by key', async () => {
    const ws = projectWorkspace();
    const { client } = await harness.bridgeClient(ws, 'claude-ai');
    await corePid(ws);
    const key = readProjectKey(ws)!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const context = (await initial(client, key)).structuredContent as unknown as InitialContext;
    expect(context.system_status).toBe('ONLINE');
    expect(context.manifest.project.name).toBe('BinaaTrack SaaS');
    expect(context.manifest.domains.map((d) => d.domain)).toEqual(expect.arrayContaining(['drawio', 'midi', 'context']));
    expect(context.active_stack.state_management).toBe('server-actions');

    const reject = (await ask(client, key, 'Set up @reduxjs/toolkit for the cart')).structuredContent as unknown as Blueprint;
    expect(reject).toMatchObject({ type: 'REJECT', compliance: { allowed: false, reason: expect.stringContaining('@reduxjs/toolkit (Redux) is forbidden') } });
    const scaffold = (await ask(client, key, 'Add a regular expression helper')).structuredContent as unknown as Blueprint;
    expect(scaffold).toMatchObject({ type: 'SCAFFOLD', target_file: 'lib/regular-expression-helper.ts', compliance: { allowed: true } });

    const standards = await client.callTool({ name: 'consult_documentation', arguments: { node_id: 'standards' } });
    expect(standards.structuredContent).toMatchObject({ content: '# Coding standards\n\n2.2 Server Components first.\n', last_updated: expect.any(String) });
    // Checked by the bridge against the enum, answered in the contract's envelope.
    const unknown = envelope(await client.callTool({ name: 'consult_documentation', arguments: { node_id: 'mcp_tools' } }));
    expect(unknown.error.code).toBe('INVALID_PARAMS');
    expect(unknown.error.message).toContain('cortex_logic');
    expect(envelope(await initial(client, 'guess')).error).toMatchObject({ code: 'AUTH_ERROR', suggestion: expect.stringContaining('.env.local') });
  });

  it('answers the Safe Mode manifest while the core cannot start, checking the key, then the live one', async () => {
    const ws = projectWorkspace();
    writeFileSync(join(ws, '.env.local'), 'TANDEM_PROJECT_KEY=a-key-the-user-wrote-0123\n');
    // Hold the workspace lock in this process: every core the bridge starts fails to take it.
    const holder = await Workspace.acquire(ws);
    let client: Client;
    try {
      client = (await harness.bridgeClient(ws, 'early-ai', { TANDEM_BRIDGE_WAIT_MS: '1500' })).client;
      const safe = (await initial(client, 'a-key-the-user-wrote-0123')).structuredContent as unknown as InitialContext;
      expect(safe).toMatchObject({ system_status: 'SAFE_MODE', active_stack: {}, manifest: { mode: 'safe', domains: [], governance: { status: 'unavailable' } } });
      expect(safe.manifest.instructions[0]).toContain('call get_initial_context again');
      expect(envelope(await initial(client, 'wrong')).error.code).toBe('AUTH_ERROR');
      // The other tools wait for the core as any call does, then say it is unavailable.
      expect(envelope(await ask(client, 'a-key-the-user-wrote-0123', 'Create a login form')).error.code).toBe('core_unavailable');
    } finally {
      holder.release();
    }
    const live = await waitFor(
      async () => {
        const answer = (await initial(client, 'a-key-the-user-wrote-0123')).structuredContent as unknown as InitialContext | undefined;
        return answer?.system_status === 'ONLINE' ? answer : undefined;
      },
      20_000,
      'the live manifest',
    );
    expect(live.manifest.governance.status).toBe('ok');
    // The key the user wrote was kept.
    expect(readFileSync(join(ws, '.env.local'), 'utf8')).toBe('TANDEM_PROJECT_KEY=a-key-the-user-wrote-0123\n');
  });

  it('serves two SSE clients and an HTTP client at once, every toolset, up to the rate limit', async () => {
    const ws = projectWorkspace();
    await harness.serve(ws);
    const endpoint = readEndpointFile(ws)!;
    const key = readProjectKey(ws)!;
    const clients = { 'sse-a': await harness.sseClient(endpoint, 'sse-a'), 'sse-b': await harness.sseClient(endpoint, 'sse-b'), 'http-c': await harness.httpClient(endpoint, 'http-c') };

    const names = (await clients['sse-a'].listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['drawio', 'midi_query', 'get_initial_context', 'ask_cortex', 'consult_documentation']));
    // The rules are edited in the studio only.
    expect(names).not.toContain('context_save_rules');
    const refused = await clients['http-c'].callTool({ name: 'context_save_rules', arguments: { allowed: [] } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('[unknown_tool]');
    expect(readFileSync(join(ws, 'logic64-state.json'), 'utf8')).toBe(fixture);

    // All at once: a handshake, five blueprints and a diagram edit from each client.
    const work = Object.entries(clients).map(async ([name, client]) => {
      expect(((await initial(client, key)).structuredContent as { system_status: string }).system_status).toBe('ONLINE');
      const blueprints = await Promise.all([0, 1, 2, 3, 4].map((i) => ask(client, key, `Create the ${name} widget number ${i}`)));
      for (const b of blueprints) expect(b.structuredContent).toMatchObject({ type: 'SCAFFOLD' });
      const edit = await client.callTool({ name: 'drawio', arguments: { ops: [`add svc ${name.replace('-', '')}`] } });
      expect(edit.isError).toBeFalsy();
    });
    await Promise.all(work);

    // The map shows the diagram the three of them drew.
    const context = (await initial(clients['sse-b'], key)).structuredContent as unknown as InitialContext;
    expect(context.manifest.domains.find((d) => d.domain === 'drawio')!.items[0].summary).toBe('3 shapes, 0 edges, 0 groups on 1 page');

    const db = new Database(join(ws, '.tandem', 'studio.db'), { readonly: true });
    try {
      const byOrigin = db.prepare('SELECT origin, COUNT(*) AS n FROM context_blueprints GROUP BY origin ORDER BY origin').all();
      expect(byOrigin).toEqual([{ origin: 'http-c', n: 5 }, { origin: 'sse-a', n: 5 }, { origin: 'sse-b', n: 5 }]);
    } finally {
      db.close();
    }

    // 15 of the 60 a minute are used: 45 more pass, the next is RATE_LIMITED, whoever sends it.
    const more = await Promise.all(Array.from({ length: 45 }, (_, i) => ask(clients['http-c'], key, `Create helper ${i}`)));
    expect(more.filter((r) => r.isError)).toEqual([]);
    const limited = envelope(await ask(clients['sse-a'], key, 'Create one too many'));
    expect(limited.error).toMatchObject({ code: 'RATE_LIMITED', suggestion: expect.stringMatching(/^wait \d+ seconds/) });
    // Not the handshake, and the core goes on.
    expect(((await initial(clients['sse-b'], key)).structuredContent as { system_status: string }).system_status).toBe('ONLINE');
  });
});
