/**
 * The direct tools/call path on a real local socket, written to and read as raw lines, so what
 * goes over the wire is what is checked: the answer, progress under the client's token, nothing
 * after a cancel, a thrown error as a JSON-RPC error, and a malformed call left to the SDK.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectOfferServer } from './direct-tool-calls';
import { JsonLineTransport } from './json-line-transport';
import { type LocalSocketServer, listenLocalSocket } from './local-socket';
import { echoDomain, waitFor } from './test-fixtures';
import { RpcError, buildOffer, createOfferServer } from './toolsets';

type Line = { id?: number | string; method?: string; params?: any; result?: any; error?: any };

function lines(socket: Socket): Line[] {
  const read: Line[] = [];
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      read.push(JSON.parse(buffer.slice(0, nl)) as Line);
      buffer = buffer.slice(nl + 1);
    }
  });
  return read;
}

const call = (id: number | string, ops: unknown, meta?: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { ops }, ...(meta ? { _meta: meta } : {}) } }) + '\n';

describe('tools/call by the direct path', () => {
  let dir: string;
  let listener: LocalSocketServer;
  let raw: Socket;
  let read: Line[];
  const aborted: string[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-direct-'));
    aborted.length = 0;
    listener = await listenLocalSocket(join(dir, 'core.sock'), (socket) => {
      const server = createOfferServer(buildOffer({ fcp: [echoDomain], tool: [] }), {
        callTool: async (_tool, args, context) => {
          const op = (args.ops as string[])[0];
          if (op === 'fail') throw new RpcError(-32042, 'failed on purpose', { why: 'a test' });
          if (op === 'slow') {
            context.progress(1, 2, 'half way');
            await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
            aborted.push(String(context.signal.reason));
            return { content: [{ type: 'text', text: 'too late' }] };
          }
          return { content: [{ type: 'text', text: `${op} (request ${context.requestId ?? 'none'})` }], isError: false };
        },
      });
      void connectOfferServer(server, JsonLineTransport.overSocket(socket, 'server'));
    });
    raw = connect(join(dir, 'core.sock'));
    await new Promise((resolve) => raw.once('connect', resolve));
    read = lines(raw);
  });

  afterEach(async () => {
    raw.destroy();
    await listener.stopAccepting();
    listener.destroyConnections();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a call under its id with the runner\'s answer and the request id it carried', async () => {
    raw.write(call('a-1', ['say hi'], { 'tandem.studio/request-id': 'r-7' }));
    const [answer] = await waitFor(() => read.length > 0 && read);
    expect(answer).toEqual({ jsonrpc: '2.0', id: 'a-1', result: { content: [{ type: 'text', text: 'say hi (request r-7)' }], isError: false } });
  });

  it('checks the arguments with the tool\'s schema and answers the contract\'s error', async () => {
    raw.write(call(2, 'not a list'));
    const [answer] = await waitFor(() => read.length > 0 && read);
    expect(answer.id).toBe(2);
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0].text).toMatch(/\[bad_arguments\]/);
  });

  it('sends progress under the client\'s token, and nothing once the client cancels', async () => {
    raw.write(call(3, ['slow'], { progressToken: 'mine' }));
    const [progress] = await waitFor(() => read.length > 0 && read);
    expect(progress).toEqual({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'mine', progress: 1, total: 2, message: 'half way' } });
    raw.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, reason: 'changed my mind' } }) + '\n');
    await waitFor(() => aborted.length > 0, 5_000, 'the call to be aborted');
    expect(aborted).toEqual(['changed my mind']);
    // A later call is still answered, and nothing came for the cancelled one.
    raw.write(call(4, ['say after']));
    await waitFor(() => read.length > 1 && read);
    expect(read.slice(1)).toEqual([{ jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'say after (request none)' }], isError: false } }]);
  });

  it('stops the calls still running when the connection closes', async () => {
    raw.write(call(7, ['slow'], { progressToken: 'p' }));
    await waitFor(() => read.length > 0);
    expect(aborted).toEqual([]);
    raw.destroy();
    await waitFor(() => aborted.length > 0, 5_000, 'the call to be aborted');
    expect(aborted[0]).toMatch(/abort/i);
  });

  it('answers a runner\'s failure as a JSON-RPC error with its code and data', async () => {
    raw.write(call(5, ['fail']));
    const [answer] = await waitFor(() => read.length > 0 && read);
    expect(answer).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32042, message: 'failed on purpose', data: { why: 'a test' } } });
  });

  it('leaves a malformed call to the SDK, which refuses it', async () => {
    raw.write(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'echo', arguments: ['ops'] } }) + '\n');
    const [answer] = await waitFor(() => read.length > 0 && read);
    // The SDK's own refusal (its schema check throws, which it answers as an internal error).
    expect(answer).toMatchObject({ id: 6, error: { code: -32603 } });
    expect(answer.error.message).toMatch(/arguments/);
  });
});
