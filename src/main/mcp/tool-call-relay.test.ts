import { PassThrough } from 'node:stream';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { JsonLineTransport } from './json-line-transport';
import { plainResult, rawJsonOf } from './encoded-result';
import { ToolCallRelay } from './tool-call-relay';
import { NOT_APPLIED_META } from './wire';

/** A relay over a real line transport whose core never answers; what it sends is kept as lines. */
async function silentCore() {
  const toCore = new PassThrough();
  const sent: string[] = [];
  toCore.on('data', (chunk: Buffer) => sent.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const transport = new JsonLineTransport({ input: new PassThrough(), output: toCore, role: 'client' });
  await transport.start();
  return { relay: new ToolCallRelay(transport), sent };
}

/** A relay over a real line transport whose core's lines the test writes. */
async function scriptedCore() {
  const fromCore = new PassThrough();
  const transport = new JsonLineTransport({ input: fromCore, output: new PassThrough(), role: 'client' });
  await transport.start();
  return { relay: new ToolCallRelay(transport), write: (...lines: string[]) => fromCore.write(lines.map((line) => line + '\n').join('')) };
}

/** What a server-role line transport writes for `message`, as the client reads it. */
async function writtenLine(message: Parameters<JsonLineTransport['send']>[0]): Promise<string> {
  const toClient = new PassThrough();
  const transport = new JsonLineTransport({ input: new PassThrough(), output: toClient, role: 'server' });
  await transport.start();
  await transport.send(message);
  return (toClient.read() as Buffer).toString('utf8');
}

describe('the relay of tools/call to the core', () => {
  it('times a short call out on its own deadline while a longer call waits, and tells the core', async () => {
    const { relay, sent } = await silentCore();
    const long = relay.call({ name: 'drawio_query', arguments: { q: 'stats' } }, { timeout: 60_000 });
    long.catch(() => undefined);
    // Held back until the longer call's deadline a minute away, this would outlast the test's own timeout.
    const short = relay.call({ name: 'drawio_query', arguments: { q: 'map' } }, { timeout: 50 });
    const error = await short.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.RequestTimeout);
    const cancelled = sent.map((line) => JSON.parse(line)).filter((message) => message.method === 'notifications/cancelled');
    expect(cancelled.map((message) => message.params.requestId)).toEqual(['relay-2']);
    relay.closed();
    await expect(long).rejects.toMatchObject({ code: ErrorCode.ConnectionClosed });
  });

  it("passes a call's result on as the text the core wrote, its progress first, and reads what the link must read", async () => {
    const { relay, write } = await scriptedCore();
    const progress: unknown[] = [];
    const passed = relay.call({ name: 'drawio', arguments: { ops: ['label A "v1"'] } }, { timeout: 60_000, passOn: true, onprogress: (p) => progress.push(p) });
    const parsed = relay.call({ name: 'drawio_query', arguments: { q: 'stats' } }, { timeout: 60_000 });
    const refused = relay.call({ name: 'drawio', arguments: { ops: ['add svc B'] } }, { timeout: 60_000, passOn: true });
    const result = '{"content":[{"type":"text","text":"*label A \\"v1\\"\\ndigest: 1s  é"}],"isError":false}';
    const notApplied = `{"content":[{"type":"text","text":"! closing"}],"isError":true,"_meta":{"${NOT_APPLIED_META}":true}}`;
    // The progress and the answer in one chunk, as the core may send them.
    write(
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'relay-1', progress: 1, total: 2 } }),
      `{"jsonrpc":"2.0","id":"relay-1","result":${result}}`,
      `{"jsonrpc":"2.0","id":"relay-2","result":${result}}`,
      `{"jsonrpc":"2.0","id":"relay-3","result":${notApplied}}`,
    );
    const [first, second, third] = await Promise.all([passed, parsed, refused]);
    expect(progress).toEqual([{ progress: 1, total: 2 }]);
    expect(rawJsonOf(first)).toBe(result);
    // Written to the client under its own id, byte for byte as the core wrote the result.
    expect(await writtenLine({ jsonrpc: '2.0', id: 7, result: first })).toBe(`{"jsonrpc":"2.0","id":7,"result":${result}}\n`);
    expect(plainResult(first)).toEqual(JSON.parse(result));
    // A call not passed on, and a result the link reads (the core refused it while closing), come parsed.
    expect(rawJsonOf(second)).toBeUndefined();
    expect(second).toEqual(JSON.parse(result));
    expect(rawJsonOf(third)).toBeUndefined();
    expect(third._meta?.[NOT_APPLIED_META]).toBe(true);
  });
});
