/**
 * A Streamable HTTP client whose core dies in the middle of a call: the BUILT cli, kill -9, the
 * SDK's own client transport.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../mcp/test-fixtures';
import { Harness, readEndpointFile, textOf } from './test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

/** Far less than the SDK's own request timeout (60 s), far more than noticing a closed connection takes. */
const PROMPTLY_MS = 10_000;

describe('an HTTP client whose core dies mid-call', () => {
  it('gets an error at once instead of waiting for its own timeout', async () => {
    const ws = harness.tempWorkspace();
    const core = await harness.serve(ws);
    const endpoint = readEndpointFile(ws)!;
    // Counts the POSTs that carry a tools/call, to know when the slow call has gone out.
    let callsSent = 0;
    const countingFetch: typeof fetch = (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('"tools/call"')) callsSent++;
      return fetch(input, init);
    };
    const client = new Client({ name: 'crash-witness', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${endpoint.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } },
        fetch: countingFetch,
      }),
    );

    // A diagram big enough that laying it out again and again takes many seconds.
    const shapes = Array.from({ length: 200 }, (_, i) => `add box S${i}`);
    const edges = Array.from({ length: 199 }, (_, i) => `connect S${Math.floor(i / 3)} -> S${i + 1}`);
    expect(textOf(await client.callTool({ name: 'drawio', arguments: { ops: [...shapes, ...edges] } }))).toMatch(/^\+box S0 /);
    const sentBefore = callsSent;
    let settled = false;
    const slow = client.callTool({ name: 'drawio', arguments: { ops: Array(20).fill('layout @all algo:layered') } }).then(
      () => 'answered',
      (err: Error) => err,
    );
    void slow.finally(() => (settled = true));
    await waitFor(() => callsSent > sentBefore, 5_000, 'the slow call to go out');
    await new Promise((r) => setTimeout(r, 500));
    expect(settled).toBe(false);
    core.child.kill('SIGKILL');
    await core.exited;

    const outcome = await Promise.race([slow, new Promise((r) => setTimeout(() => r('still waiting'), PROMPTLY_MS))]);
    expect(outcome).toBeInstanceOf(Error);
    await client.close().catch(() => undefined);
  }, 60_000);
});
