/**
 * Reading a studio document's link (resources/read of tandem://DOMAIN/ID) makes its file's bytes in
 * a worker, as a save does: over a real core and real MCP clients on its socket, another client's
 * queries keep being answered while a big diagram is read, and the read writes no file.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type StudioHost, startStudioHost } from '../host/studio-host';
import { JsonLineTransport } from './json-line-transport';
import { connectLocalSocket } from './local-socket';

const SHAPES = 3000;

describe('reading a studio document by its link', () => {
  let dir: string | undefined;
  let host: StudioHost | undefined;
  const clients: Client[] = [];

  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((c) => c.close()));
    await host?.close();
    host = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function client(name: string): Promise<Client> {
    dir ??= mkdtempSync(join(tmpdir(), 'tandem-document-links-'));
    host ??= await startStudioHost({ workspaceDir: dir });
    const c = new Client({ name, version: '1' });
    await c.connect(JsonLineTransport.overSocket(await connectLocalSocket(host.socket), 'client'));
    clients.push(c);
    return c;
  }

  it('keeps answering other clients while a big diagram is made into its file, and writes none', async () => {
    const ai = await client('claude-ai');
    const reader = await client('reader');
    const other = await client('other');
    let link: ResourceLink | undefined;
    for (let start = 0; start < SHAPES; start += 250) {
      const ops = [];
      for (let i = start; i < start + 250; i++) {
        ops.push(`add box S${i} label:"Service number ${i}" at:${(i % 50) * 160},${Math.floor(i / 50) * 100}`);
        if (i > 0) ops.push(`connect S${i - 1} -> S${i} label:"calls ${i}"`);
      }
      const result = (await ai.callTool({ name: 'drawio', arguments: { ops } })) as CallToolResult;
      expect(result.isError, JSON.stringify(result.content).slice(0, 500)).toBeFalsy();
      link = result.content.find((c): c is ResourceLink => c.type === 'resource_link');
    }
    expect(link?.uri).toMatch(/^tandem:\/\/drawio\//);

    // Another client asks, answer after answer, for as long as the read runs. Were the diagram
    // written on the core's thread, its requests would wait behind it: only the few asked while the
    // big answer travels to the reader would come back first (8 here when it was so); with the
    // file made in a worker they keep coming the whole time (about 1800 here).
    let readDone = false;
    const read = reader.readResource({ uri: link!.uri }).finally(() => (readDone = true));
    let answeredDuring = 0;
    while (!readDone) {
      const answer = (await other.callTool({ name: 'drawio_query', arguments: { q: 'describe S1' } })) as CallToolResult;
      if (readDone) break;
      expect(answer.isError).toBeFalsy();
      expect(JSON.stringify(answer.content)).toContain('Service number 1');
      answeredDuring++;
    }
    const content = (await read).contents[0] as { text?: string; mimeType?: string };
    expect(content.mimeType).toBe('application/vnd.jgraph.mxfile');
    expect(content.text).toMatch(/^<mxfile[\s\S]*Service number 2999/);
    expect(answeredDuring).toBeGreaterThanOrEqual(50);
    // Read, not saved: no file of the diagram in the workspace.
    expect(readdirSync(dir!).filter((name) => name.endsWith('.drawio'))).toEqual([]);
  });
});
