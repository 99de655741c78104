/**
 * `drawio_session export` through a real MCP client on a real studio (workspace on disk, SQLite
 * journal, the offload worker that draws): every diagrams.net file of the corpus exported as
 * .drawio.svg and .drawio.png, read back with independent readers (fast-xml-parser for the SVG,
 * fast-png for the PNG's pixels and text chunks: neither is the library that wrote them), and
 * reopened in the studio with every cell as the original had it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { XMLParser } from 'fast-xml-parser';
import { decode as decodePng } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Studio } from '../../../core/studio';
import { Workspace } from '../../../core/workspace';
import { InFlightCalls, createCoreMcpServer } from '../../../mcp/core-server';
import { buildOffer } from '../../../mcp/toolsets';
import { corpusFiles } from '../../../testing/corpora';
import { differences, outline } from '../testing/mxfile-outline';

const FILES = corpusFiles('drawio', ['.drawio', '.xml']);

let dir: string;
let workspace: Workspace;
let studio: Studio;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-drawio-export-'));
  workspace = await Workspace.acquire(dir);
  studio = await Studio.open(workspace);
  const server = createCoreMcpServer(studio, buildOffer({ fcp: [studio.fcp('drawio').domain], tool: [] }), new InFlightCalls());
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'export-test', version: '1' });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client.close();
  await studio.close();
  workspace.release();
  rmSync(dir, { recursive: true, force: true });
});

async function session(action: string): Promise<{ isError: boolean; text: string }> {
  const answer = await client.callTool({ name: 'drawio_session', arguments: { action } });
  return { isError: answer.isError === true, text: (answer.content as Array<{ text: string }>)[0].text };
}

async function ok(action: string): Promise<string> {
  const answer = await session(action);
  expect(answer.isError, answer.text).toBe(false);
  return answer.text;
}

/** The root <svg> element of an SVG file, read by fast-xml-parser. */
function svgRoot(path: string): Record<string, string> {
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', processEntities: true, htmlEntities: false }).parse(readFileSync(path, 'utf8'));
  return parsed.svg as Record<string, string>;
}

function pngOf(path: string) {
  return decodePng(readFileSync(path));
}

/** The mxfile of a diagram saved by the studio after opening `path` (the picture, reopened). */
async function reopenedOutline(path: string, name: string) {
  await ok(`open ${path} discard:true`);
  await ok(`save as:reopened/${name}.drawio`);
  return outline(readFileSync(join(dir, 'reopened', `${name}.drawio`), 'utf8'));
}

describe('export of every corpus diagram as .drawio.svg and .drawio.png', () => {
  for (const file of FILES) {
    const name = basename(file).replace(/\.(drawio|xml)$/, '');
    it(`${basename(file)}: the pictures hold the diagram, and reopen with every cell`, async () => {
      mkdirSync(join(dir, 'diagrams'), { recursive: true });
      copyFileSync(file, join(dir, 'diagrams', basename(file)));
      const original = outline(readFileSync(file, 'utf8'));
      await ok(`open diagrams/${basename(file)} discard:true`);
      expect(await ok(`export as:out/${name}.drawio.svg`)).toMatch(new RegExp(`^!exported out/${name}\\.drawio\\.svg \\(page "[^"]*", \\d+x\\d+ px at scale 1`));
      expect(await ok(`export as:out/${name}.drawio.png scale:1.5`)).toMatch(/ px at scale 1\.5/);

      // The SVG's content attribute is the diagram, as diagrams.net reads it.
      const svg = svgRoot(join(dir, 'out', `${name}.drawio.svg`));
      expect(differences(original, outline(svg.content))).toEqual([]);
      // The PNG is the page at 1.5 times the SVG's size, with the diagram in its mxfile text chunk.
      const png = pngOf(join(dir, 'out', `${name}.drawio.png`));
      const [, , w, h] = svg.viewBox.split(' ').map(Number);
      expect([png.width, png.height]).toEqual([Math.ceil(w * 1.5), Math.ceil(h * 1.5)]);
      expect(differences(original, outline(decodeURIComponent(png.text.mxfile)))).toEqual([]);

      // Reopened in the studio, each picture gives back every cell.
      expect(differences(original, await reopenedOutline(`out/${name}.drawio.svg`, `${name}-svg`))).toEqual([]);
      expect(differences(original, await reopenedOutline(`out/${name}.drawio.png`, `${name}-png`))).toEqual([]);
    }, 60_000);
  }
});
