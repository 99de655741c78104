/**
 * The bridge's link to the core, against a stand-in core on a real local socket that writes its
 * messages exactly as a test needs them: progress and the answer in one write, as a busy core's
 * reach the bridge (JsonLineTransport hands them to the SDK in order; see its client role).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, Socket, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Workspace } from '../core/workspace';
import { sqliteLinkWorkspace } from './bridge';
import { LazyCancellation } from './call-cancellation';
import { CoreLink, type LinkedCallOptions, VERSION_MISMATCH } from './core-link';
import { waitFor } from './test-fixtures';
import { SERVER_INFO } from './wire';

type Message = { jsonrpc: '2.0'; id?: number | string; method?: string; params?: any; result?: unknown };

/** What the stand-in core does with a tools/call; `write` sends lines in one write. */
type CallHandler = (call: Message, write: (...messages: Message[]) => void) => void;

let dir: string;
let server: Server | undefined;
let link: CoreLink | undefined;
const sockets = new Set<Socket>();

afterEach(async () => {
  await link?.close();
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = link = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A core that answers initialize and hands each tools/call to `onCall`; the messages it got. */
async function standInCore(onCall: CallHandler, version: string = SERVER_INFO.version): Promise<Message[]> {
  dir = mkdtempSync(join(tmpdir(), 'tandem-core-link-'));
  const received: Message[] = [];
  const socketPath = join(dir, 'core.sock');
  server = createServer((socket) => {
    sockets.add(socket);
    const write = (...messages: Message[]) => socket.write(messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const message = JSON.parse(buffered.slice(0, newline)) as Message;
        buffered = buffered.slice(newline + 1);
        received.push(message);
        if (message.method === 'initialize') {
          write({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'stand-in', version } } });
        } else if (message.method === 'tools/call') onCall(message, write);
      }
    });
  });
  await new Promise<void>((resolve) => server!.listen(socketPath, resolve));
  const endpoint = Workspace.endpointFile(dir);
  mkdirSync(dirname(endpoint), { recursive: true });
  writeFileSync(endpoint, JSON.stringify({ pid: process.pid, socket: socketPath, url: 'http://127.0.0.1:1', token: 'unused' }));
  return received;
}

function startLink(): CoreLink {
  link = new CoreLink({
    workspaceDir: dir,
    workspace: sqliteLinkWorkspace(dir),
    clientName: () => 'link-test',
    startCore: () => {
      throw new Error('the stand-in core is already running');
    },
    waitLimitMs: 5_000,
    log: () => undefined,
  });
  return link;
}

const callOptions = (onprogress?: (p: Progress) => void): LinkedCallOptions => ({
  resend: 'never',
  checkHint: 'look',
  errorResult: (err) => ({ isError: true, content: [{ type: 'text', text: JSON.stringify({ code: err.code, message: err.message }) }] }),
  onprogress,
});

const progressOf = (call: Message, progress: number, total: number): Message => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: call.params._meta.progressToken, progress, total },
});
const answerOf = (call: Message, text: string): Message => ({ jsonrpc: '2.0', id: call.id, result: { content: [{ type: 'text', text }] } });

describe('the link to the core', () => {
  it('refuses a core of another version with a message naming both, and sends it no call', async () => {
    const received = await standInCore(() => {
      throw new Error('no call may reach a core of another version');
    }, '0.0.1-old');
    const linked = startLink();
    const result = await linked.callTool('build', {}, { ...callOptions(), waitLimitMs: 1_500 });
    expect(result.isError).toBe(true);
    const error = JSON.parse((result.content as { text: string }[])[0].text) as { code: string; message: string };
    expect(error.code).toBe(VERSION_MISMATCH);
    expect(error.message).toBe(`the studio core runs Tandem Studio 0.0.1-old but this bridge is ${SERVER_INFO.version}`);
    expect(linked.status()).toEqual({ connected: false, problem: error.message, coreVersion: '0.0.1-old' });
    expect(received.filter((m) => m.method === 'tools/call')).toEqual([]);
  });

  it('sends a call it may send again at once, and one it may not only after the socket events already queued', async () => {
    await standInCore((call, write) => write(answerOf(call, 'done')));
    const linked = startLink();
    await linked.callTool('warm', {}, callOptions());
    // Every line the link writes to the core (the stand-in core writes only answers, never a call).
    const spy = vi.spyOn(Socket.prototype, 'write');
    const sentCalls = () =>
      spy.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('"tools/call"')).map((line) => (JSON.parse(line) as Message).params.name);
    const microtasks = async () => {
      for (let i = 0; i < 50; i++) await Promise.resolve();
    };
    try {
      const edit = linked.callTool('edit', {}, { ...callOptions(), resend: 'request-id' });
      const read = linked.callTool('read', {}, { ...callOptions(), resend: 'safe' });
      const write = linked.callTool('write', {}, callOptions());
      await microtasks();
      expect(sentCalls()).toEqual(['edit', 'read']);
      await new Promise((resolve) => setImmediate(resolve));
      expect(sentCalls()).toEqual(['edit', 'read', 'write']);
      for (const answer of await Promise.all([edit, read, write])) expect(answer.content).toEqual([{ type: 'text', text: 'done' }]);
    } finally {
      spy.mockRestore();
    }
  });

  it('relays progress that comes in one read with the answer, before the answer', async () => {
    await standInCore((call, write) => write(progressOf(call, 1, 2), progressOf(call, 2, 2), answerOf(call, 'built')));
    const events: string[] = [];
    const result = await startLink().callTool('build', {}, callOptions((p) => events.push(`progress ${p.progress}/${p.total}`)));
    events.push('answer');
    expect(result.content).toEqual([{ type: 'text', text: 'built' }]);
    expect(events).toEqual(['progress 1/2', 'progress 2/2', 'answer']);
  });

  it('asks for no progress when the client did not, and leaves other calls\' progress alone', async () => {
    const received = await standInCore((call, write) => {
      // A progress notification under a token this call did not send is not its own.
      write({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'someone-else', progress: 1 } }, answerOf(call, 'done'));
    });
    const seen: Progress[] = [];
    const linked = startLink();
    expect((await linked.callTool('quiet', {}, callOptions())).content).toEqual([{ type: 'text', text: 'done' }]);
    await linked.callTool('watched', {}, callOptions((p) => seen.push(p)));
    const calls = received.filter((m) => m.method === 'tools/call');
    expect(calls[0].params._meta).toBeUndefined();
    expect(calls[1].params._meta.progressToken).toBeDefined();
    expect(seen).toEqual([]);
  });

  it('answers the core\'s JSON-RPC error, a cancel and a connection lost mid-call as the tool\'s errors, and tells the core of the cancel', async () => {
    const sockets: Socket[] = [];
    const received = await standInCore((call, write) => {
      const op = (call.params.arguments as { op: string }).op;
      if (op === 'fail') write({ jsonrpc: '2.0', id: call.id, error: { code: -32050, message: 'the core broke' } } as Message);
      if (op === 'drop') for (const socket of sockets) socket.destroy();
    });
    server!.on('connection', (socket) => sockets.push(socket));
    const linked = startLink();
    const codeOf = (result: { content: unknown }) => (JSON.parse((result.content as { text: string }[])[0].text) as { code: string; message: string });

    const failed = codeOf(await linked.callTool('work', { op: 'fail' }, callOptions()));
    expect(failed).toEqual({ code: 'core_error', message: 'work failed in the studio core: MCP error -32050: the core broke' });

    // Cancelled by a call's lazy cancellation (no AbortSignal is ever made for it).
    const cancel = new LazyCancellation();
    const cancelled = linked.callTool('work', { op: 'wait' }, { ...callOptions(), cancellation: cancel });
    await waitFor(() => received.some((m) => m.method === 'tools/call' && m.params.arguments.op === 'wait'));
    cancel.abort('the client changed its mind');
    expect(codeOf(await cancelled).code).toBe('cancelled');
    const sent = received.find((m) => m.method === 'tools/call' && m.params.arguments.op === 'wait')!;
    await waitFor(() => received.some((m) => m.method === 'notifications/cancelled'));
    expect(received.find((m) => m.method === 'notifications/cancelled')!.params).toEqual({ requestId: sent.id, reason: 'the client changed its mind' });

    // resend 'never': a write cut off by a lost connection is not sent again, and the client is told so.
    expect(codeOf(await linked.callTool('work', { op: 'drop' }, callOptions())).code).toBe('connection_lost');
    expect(received.filter((m) => m.method === 'tools/call' && m.params.arguments.op === 'drop')).toHaveLength(1);
  });
});
