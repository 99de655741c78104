/** The core's per-session server, on a real Studio, through an in-memory MCP connection. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { Studio } from '../core/studio';
import { temporaryWorkspace } from '../testing/temporary-studio';
import { InFlightCalls } from '../core/in-flight-calls';
import { NOT_APPLIED_META, createCoreMcpServer } from './core-server';
import { buildOffer } from './toolsets';

describe('core MCP server', () => {
  const temp = temporaryWorkspace('tandem-core-server-');
  let studio: Studio;

  beforeEach(async () => {
    studio = await temp.open();
  });

  async function connect(calls: InFlightCalls, name: string) {
    const offer = buildOffer({ fcp: [studio.fcp('drawio').domain], tool: [] });
    const server = createCoreMcpServer(studio, offer, calls);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name, version: '1' });
    await client.connect(clientSide);
    return client;
  }

  it('runs each tool on the studio as the client', async () => {
    const client = await connect(new InFlightCalls(), 'in-memory');
    const added = await client.callTool({ name: 'drawio', arguments: { ops: ['add svc AuthService theme:blue'] } });
    expect(added).toMatchObject({
      isError: false,
      content: [
        { type: 'text', text: expect.stringMatching(/^\+svc AuthService @\(200,200 140x60\) blue\ndigest: /) },
        // The edit changed the (unsaved) document: the answer links to it.
        { type: 'resource_link', uri: expect.stringMatching(/^tandem:\/\/drawio\/[\w-]+$/), title: 'Untitled' },
      ],
    });
    const bad = await client.callTool({ name: 'drawio_query', arguments: { q: 'nonsense' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0].text).toMatch(/\[unknown_query\]/);
    const history = await client.callTool({ name: 'drawio_query', arguments: { q: 'history 1' } });
    expect((history.content as { text: string }[])[0].text).toContain('in-memory batch: add svc AuthService theme:blue');
  });

  it('while closing, refuses new calls as certainly not applied', async () => {
    const calls = new InFlightCalls();
    const client = await connect(calls, 'late');
    await calls.drain(1000);
    const refused = await client.callTool({ name: 'drawio', arguments: { ops: ['add svc TooLate'] } });
    expect(refused.isError).toBe(true);
    expect(refused._meta?.[NOT_APPLIED_META]).toBe(true);
    expect((refused.content as { text: string }[])[0].text).toContain('[studio_closing]');
    expect((await studio.snapshot('drawio')).records.some((r) => JSON.stringify(r).includes('TooLate'))).toBe(false);
  });

  it('drain waits for running calls, up to its limit', async () => {
    const calls = new InFlightCalls();
    let finish!: () => void;
    const running = calls.track(() => new Promise<void>((r) => (finish = r)));
    let drained = false;
    const draining = calls.drain(5_000).then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(drained).toBe(false);
    expect(calls.isClosing).toBe(true);
    finish();
    await running;
    await draining;
    expect(drained).toBe(true);

    const stuck = new InFlightCalls();
    void stuck.track(() => new Promise(() => undefined));
    // A call that never ends must not hold the shutdown forever: drain gives up at its limit
    // (a hang here fails the test by its timeout).
    let gaveUp = false;
    await stuck.drain(50).then(() => (gaveUp = true));
    expect(gaveUp).toBe(true);
    expect(stuck.isClosing).toBe(true);
  });
});
