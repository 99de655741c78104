import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildOffer, createOfferServer } from './toolsets';
import { JsonLineTransport } from './json-line-transport';
import { type LocalSocketServer, connectLocalSocket, listenLocalSocket } from './local-socket';
import { echoDomain } from './test-fixtures';

/** Reads newline-delimited JSON values from a raw socket. */
function lineReader(socket: Socket) {
  let buffer = '';
  const lines: unknown[] = [];
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
    }
  });
  return {
    async next(): Promise<any> {
      for (let i = 0; i < 400 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      if (!lines.length) throw new Error('no line received');
      return lines.shift();
    },
  };
}

describe('local socket + JSON-line transport', () => {
  let dir: string;
  let listener: LocalSocketServer | undefined;
  const servers: McpServer[] = [];
  const origins: string[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-sock-'));
    listener = await listenLocalSocket(join(dir, 'core.sock'), (socket) => {
      const server: McpServer = createOfferServer(buildOffer({ fcp: [echoDomain], tool: [] }), {
        callTool: async (tool, args) => {
          origins.push(server.server.getClientVersion()?.name ?? '?');
          return { content: [{ type: 'text', text: `${tool.name}:${JSON.stringify(args)}` }], isError: false };
        },
      });
      servers.push(server);
      void server.connect(JsonLineTransport.overSocket(socket, 'server', 1024 * 1024));
    });
  });

  afterEach(async () => {
    await listener?.stopAccepting();
    listener?.destroyConnections();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the socket with mode 0600', () => {
    const stat = lstatSync(join(dir, 'core.sock'));
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('carries a full MCP session between an SDK client and server', async () => {
    const client = new Client({ name: 'socket-test-client', version: '1' });
    await client.connect(JsonLineTransport.overSocket(await connectLocalSocket(join(dir, 'core.sock')), 'client'));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['echo', 'echo_query', 'echo_session', 'echo_help']);
    const result = await client.callTool({ name: 'echo', arguments: { ops: ['say hi'] } });
    expect(result.content).toEqual([{ type: 'text', text: 'echo:{"ops":["say hi"]}' }]);
    expect(origins).toEqual(['socket-test-client']);
    await client.close();
  });

  it('answers bad JSON, non-JSON-RPC and oversized lines with errors and keeps serving', async () => {
    const raw = connect(join(dir, 'core.sock'));
    await new Promise((r) => raw.once('connect', r));
    const reader = lineReader(raw);

    raw.write('{not json\n');
    const parseError = await reader.next();
    expect(parseError).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });

    raw.write(JSON.stringify({ id: 7, hello: 'world' }) + '\n');
    const invalid = await reader.next();
    expect(invalid).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32600 } });

    raw.write('x'.repeat(1024 * 1024 + 10) + '\n');
    const tooBig = await reader.next();
    expect(tooBig).toMatchObject({ id: null, error: { code: -32600 } });
    expect(tooBig.error.message).toMatch(/longer than/);

    // The same connection still works.
    raw.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }) + '\n',
    );
    const init = await reader.next();
    expect(init).toMatchObject({ id: 1, result: { serverInfo: { name: 'tandem-studio' } } });
    raw.destroy();
  });

  it('replaces a stale socket file but refuses to remove anything else', async () => {
    await listener!.stopAccepting();
    listener!.destroyConnections();
    // A core killed with -9 leaves its socket file behind.
    const stale = join(dir, 'stale.sock');
    const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(stale)}, () => console.log('up'))`]);
    await new Promise((r) => child.stdout.once('data', r));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(lstatSync(stale).isSocket()).toBe(true);
    await expect(connectLocalSocket(stale, 500)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    writeFileSync(join(dir, 'plain-file'), 'data');
    const again = await listenLocalSocket(stale, () => undefined);
    expect(lstatSync(stale).isSocket()).toBe(true);
    await again.stopAccepting();
    await expect(listenLocalSocket(join(dir, 'plain-file'), () => undefined)).rejects.toThrow(/not a socket/);
  });

  it('never replaces or removes a socket that a live process answers on', async () => {
    const path = join(dir, 'core.sock');
    // Someone else answers on the path: a second listener refuses to take it.
    await expect(listenLocalSocket(path, () => undefined)).rejects.toMatchObject({ code: 'workspace_locked' });
    expect(existsSync(path + '.new')).toBe(false);
    (await connectLocalSocket(path, 500)).destroy();

    // The socket is moved aside (still served by the first listener) and a second one takes the path.
    renameSync(path, join(dir, 'moved.sock'));
    const second = await listenLocalSocket(path, () => undefined);
    // The first listener stops: it leaves the second one's socket alone.
    await listener!.stopAccepting();
    listener!.destroyConnections();
    listener = undefined;
    expect(lstatSync(path).isSocket()).toBe(true);
    (await connectLocalSocket(path, 500)).destroy();
    // The second one removes its own.
    await second.stopAccepting();
    expect(existsSync(path)).toBe(false);
  });

  it('rejects a connection to a socket nobody listens on', async () => {
    await expect(connectLocalSocket(join(dir, 'nothing.sock'), 500)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
