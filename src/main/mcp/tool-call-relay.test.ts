import { PassThrough } from 'node:stream';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { JsonLineTransport } from './json-line-transport';
import { ToolCallRelay } from './tool-call-relay';

/** A relay over a real line transport whose core never answers; what it sends is kept as lines. */
async function silentCore() {
  const toCore = new PassThrough();
  const sent: string[] = [];
  toCore.on('data', (chunk: Buffer) => sent.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const transport = new JsonLineTransport({ input: new PassThrough(), output: toCore, role: 'client' });
  await transport.start();
  return { relay: new ToolCallRelay(transport), sent };
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
});
