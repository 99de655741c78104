/**
 * Every resource_link a tool answer carries names something a client can read: a real SDK client
 * on `tandem mcp` reads each link of an unsaved diagram's edit (tandem://drawio/ID, the diagram as
 * its file would be written now), a saved one's (its file: URI), a song's (tandem://midi/ID, the
 * MIDI file's bytes), a todo's (toki://) and a new architecture project's files; a document no longer
 * open, and a file outside the workspace, are refused as resources that do not exist.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import { pathToFileURL } from 'node:url';
import { Harness } from './test-harness';

const harness = new Harness();
afterAll(() => harness.cleanup());

const linksOf = (result: unknown) => ((result as CallToolResult).content ?? []).filter((c): c is ResourceLink => c.type === 'resource_link');

/** Calls a tool and reads every link of its answer; answers the links and what each read gave. */
async function callAndRead(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const links = linksOf(result);
  expect(links.length, `${name} answers with a link`).toBeGreaterThan(0);
  const reads = [];
  for (const link of links) {
    const read = await client.readResource({ uri: link.uri });
    expect(read.contents[0]?.uri).toBe(link.uri);
    reads.push({ link, content: read.contents[0] as { uri: string; mimeType?: string; text?: string; blob?: string } });
  }
  return reads;
}

describe('resource links of tool answers', () => {
  it('can each be read through resources/read, whatever the domain and whether a file backs the document', async () => {
    const workspace = harness.tempWorkspace('links');
    const { client } = await harness.bridgeClient(workspace, 'claude-ai');

    const [unsaved] = await callAndRead(client, 'drawio', { ops: ['add svc AuthService theme:blue'] });
    expect(unsaved.link.uri).toMatch(/^tandem:\/\/drawio\//);
    expect(unsaved.content.mimeType).toBe('application/vnd.jgraph.mxfile');
    expect(unsaved.content.text).toMatch(/^<mxfile[\s\S]*AuthService/);

    const [saved] = await callAndRead(client, 'drawio_session', { action: 'save as:diagrams/auth.drawio' });
    expect(saved.link.uri).toBe(pathToFileURL(`${workspace}/diagrams/auth.drawio`).href);
    expect(saved.content.text).toContain('AuthService');

    const [song] = await callAndRead(client, 'midi', { ops: ['track add Piano instrument:acoustic-grand-piano', 'note Piano C4 at:1.1 dur:quarter'] });
    expect(song.link.uri).toMatch(/^tandem:\/\/midi\//);
    expect(song.content.mimeType).toBe('audio/midi');
    expect(Buffer.from(song.content.blob ?? '', 'base64').subarray(0, 4).toString('latin1')).toBe('MThd');

    const [todos] = await callAndRead(client, 'add_todo', { description: 'read every link' });
    expect(todos.link.uri).toMatch(/^toki:\/\//);
    expect(todos.content.text).toContain('read every link');

    const project = await callAndRead(client, 'init_project', { project_path: 'architecture', name: 'Payments Platform' });
    expect(project.map((read) => read.link.uri)).toContainEqual(expect.stringMatching(/^file:.*\/architecture\/loko\.toml$/));
    expect(project.find((read) => read.link.uri.endsWith('loko.toml'))?.content.text).toContain('Payments Platform');

    // A link to a document no longer open, and a file outside the workspace: resources that do not exist (-32002), saying why.
    await client.callTool({ name: 'drawio_session', arguments: { action: 'new "Other"' } });
    await expect(client.readResource({ uri: unsaved.link.uri })).rejects.toThrow(/-32002.*not a document open in the studio now/);
    await expect(client.readResource({ uri: pathToFileURL('/etc/hostname').href })).rejects.toThrow(/-32002.*outside the workspace/);
  });
});
