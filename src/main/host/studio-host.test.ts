/** The host in-process: a real Studio and Workspace, real sockets and HTTP, SDK clients. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Workspace } from '../core/workspace';
import { DEFAULT_ORIGIN, originOf } from '../mcp/core-server';
import type { StudioHost } from './studio-host';
import { temporaryWorkspace } from '../testing/temporary-studio';
import { JsonLineTransport } from '../mcp/json-line-transport';
import { connectLocalSocket } from '../mcp/local-socket';

const text = (result: unknown) => ((result as { content: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');

describe('studio host', () => {
  const temp = temporaryWorkspace('tandem-host-');
  let host: StudioHost | undefined;
  const clients: Client[] = [];

  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  });

  async function socketClient(name: string): Promise<Client> {
    const client = new Client({ name, version: '1' });
    await client.connect(JsonLineTransport.overSocket(await connectLocalSocket(host!.socket), 'client'));
    clients.push(client);
    return client;
  }

  it('writes endpoint.json and removes it, the lock and the socket on close', async () => {
    host = await temp.startHost();
    const endpoint = Workspace.readEndpoint(temp.dir);
    expect(endpoint).toMatchObject({ pid: process.pid, socket: host.socket, url: host.url });
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await host.close();
    expect(Workspace.readEndpoint(temp.dir)).toBeUndefined();
    expect(existsSync(host.socket)).toBe(false);
    // The lock is free again.
    const again = await Workspace.acquire(temp.dir);
    again.release();
  });

  it('lets a running batch finish and answer before it closes', async () => {
    host = await temp.startHost();
    // Hold the batch at the studio's door until close() has begun, so the test does not depend on
    // timing: the real mutate runs once the gate opens.
    const studio = host.studio;
    const realFcp = studio.fcp.bind(studio);
    let arrived!: () => void;
    const batchArrived = new Promise<void>((r) => (arrived = r));
    let openGate!: () => void;
    const gate = new Promise<void>((r) => (openGate = r));
    studio.fcp = (name: string) => {
      const endpoint = realFcp(name);
      return {
        ...endpoint,
        mutate: async (ops, origin) => {
          arrived();
          await gate;
          return endpoint.mutate(ops, origin);
        },
      };
    };
    const client = await socketClient('busy-client');
    const ops = Array.from({ length: 1500 }, (_, i) => `add svc S${i}`);
    let answered = false;
    const batch = client.callTool({ name: 'drawio', arguments: { ops } }).finally(() => (answered = true));
    await batchArrived;
    expect(answered).toBe(false);
    const closing = host.close();
    openGate();
    const answer = await batch;
    expect(answer.isError).toBeFalsy();
    expect(text(answer)).toMatch(/digest: 1500s/);
    await closing;

    // Everything acknowledged is in the next core.
    host = await temp.startHost();
    const after = await socketClient('next-client');
    expect(text(await after.callTool({ name: 'drawio_query', arguments: { q: 'stats' } }))).toContain('1500 shapes');
  });

  it('refuses unknown toolsets, naming the valid ones, and leaves the workspace free', async () => {
    await expect(temp.startHost({ toolsets: ['drawio', 'nope'] })).rejects.toMatchObject({
      code: 'unknown_toolset',
      message: expect.stringContaining('toolsets: drawio'),
    });
    expect(existsSync(join(temp.dir, '.tandem', 'core.lock'))).toBe(false);
    host = await temp.startHost({ toolsets: ['drawio'] });
    const { tools } = await (await socketClient('lister')).listTools();
    // And the two tools only the diagram's chat view calls.
    expect(tools.map((t) => t.name)).toEqual(['drawio', 'drawio_query', 'drawio_session', 'drawio_help', 'tandem_view_changes', 'tandem_view_select', 'tandem_view_assets']);
  });

  it('loads the SQLite addon it is given (the Electron build), and a missing one fails the start cleanly', async () => {
    await expect(temp.startHost({ nativeBinding: join(temp.dir, 'no-such-addon.node') })).rejects.toThrow();
    expect(existsSync(join(temp.dir, '.tandem', 'core.lock'))).toBe(false);
    const nodeBuild = join(__dirname, '..', '..', '..', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
    host = await temp.startHost({ nativeBinding: nodeBuild });
    expect(await host.studio.snapshot('drawio')).toMatchObject({ domain: 'drawio' });
  });

  it('records who acted: the client name, cleaned, or a fallback', async () => {
    expect(originOf('  claude\nai\t ')).toBe('claude ai');
    expect(originOf('')).toBe(DEFAULT_ORIGIN);
    expect(originOf(undefined)).toBe(DEFAULT_ORIGIN);
    expect(originOf('x'.repeat(500))).toHaveLength(64);
    host = await temp.startHost();
    const client = await socketClient('cursor');
    await client.callTool({ name: 'drawio', arguments: { ops: ['add svc Api'] } });
    expect(text(await client.callTool({ name: 'drawio_query', arguments: { q: 'history 1' } }))).toContain('#1 cursor batch: add svc Api');
  });
});
