/**
 * `drawio_session export` through a real MCP client on a real studio (workspace on disk, SQLite
 * journal, the offload worker that draws): every diagrams.net file of the corpus exported as
 * .drawio.svg and .drawio.png, read back with independent readers (fast-xml-parser for the SVG,
 * fast-png for the PNG's pixels and text chunks: neither is the library that wrote them), and
 * reopened in the studio with every cell as the original had it.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { XMLParser } from 'fast-xml-parser';
import { decode as decodePng, encode as encodePng } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDomainFiles } from '../../../core/list-files';
import type { Studio } from '../../../core/studio';
import { InFlightCalls } from '../../../core/in-flight-calls';
import { openStudio } from '../../../host/domains';
import { Workspace } from '../../../core/workspace';
import { createCoreMcpServer } from '../../../mcp/core-server';
import { buildOffer } from '../../../mcp/toolsets';
import { corpusFiles } from '../../../testing/corpora';
import { attr, differences, innerCell, outline } from '../testing/mxfile-outline';

const FILES = corpusFiles('drawio', ['.drawio', '.xml']);

let dir: string;
let workspace: Workspace;
let studio: Studio;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-drawio-export-'));
  workspace = await Workspace.acquire(dir);
  studio = await openStudio(workspace);
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

async function mutate(...ops: string[]): Promise<string> {
  const answer = await client.callTool({ name: 'drawio', arguments: { ops } });
  const text = (answer.content as Array<{ text: string }>)[0].text;
  expect(answer.isError, text).toBe(false);
  return text;
}

/** A tiny PNG of one colour (made with fast-png's encoder, not the export's code). */
function solidPng(rgb: [number, number, number], size = 4): Buffer {
  const data = new Uint8Array(size * size * 3);
  for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
  return Buffer.from(encodePng({ width: size, height: size, data, channels: 3, depth: 8 }));
}

/** The RGB of the pixel at page point (x, y) in a PNG exported at `scale` whose SVG twin has `viewBox`. */
function pixelAt(png: ReturnType<typeof decodePng>, viewBox: string, scale: number, x: number, y: number): number[] {
  const [vx, vy] = viewBox.split(' ').map(Number);
  const px = Math.round((x - vx) * scale);
  const py = Math.round((y - vy) * scale);
  const at = (py * png.width + px) * png.channels;
  return [...png.data.slice(at, at + 3)];
}

describe('export, made by hand', () => {
  it('draws stencil shapes as their stencils: paths, not rectangles', async () => {
    const file = FILES.find((path) => basename(path) === 'network-cisco_1.xml')!;
    copyFileSync(file, join(dir, 'cisco.xml'));
    const ciscoCells = outline(readFileSync(file, 'utf8')).pages[0].cells.filter((cell) => /(^|;)shape=mxgraph\.cisco\./.test(attr(innerCell(cell), 'style') ?? '')).length;
    expect(ciscoCells).toBeGreaterThan(50);
    await ok('open cisco.xml discard:true');
    expect(await ok('export as:cisco.drawio.svg')).toContain(`, ${ciscoCells} stencil shapes,`);
    const groups = [...readFileSync(join(dir, 'cisco.drawio.svg'), 'utf8').matchAll(/<g data-stencil="(mxgraph\.cisco\.[^"]+)"><g>(.*?)<\/g>/g)];
    expect(groups).toHaveLength(ciscoCells);
    for (const [, , figure] of groups) expect(figure).toMatch(/<path [^>]*d="M /);

    await ok('new "Shop" discard:true');
    await mutate('add aws4.lambda Checkout at:100,100');
    await ok('export as:shop.drawio.svg');
    const shop = readFileSync(join(dir, 'shop.drawio.svg'), 'utf8');
    expect(shop).toMatch(/<g data-stencil="mxgraph\.aws4\.lambda">(?:(?!<\/g>).)*<path /);
    expect(shop).toContain('>Checkout</tspan>');
  });

  it('draws shapes where they are, at scale x their size, with the page around them white', async () => {
    await ok('new "Pixels" discard:true');
    await mutate('add box Red theme:red at:100,100', 'add box Far theme:blue at:500,400', 'style Far shadow:true');
    await ok('export as:pixels.drawio.svg');
    await ok('export as:pixels.drawio.png scale:2');
    const { viewBox } = svgRoot(join(dir, 'pixels.drawio.svg'));
    expect(readFileSync(join(dir, 'pixels.drawio.svg'), 'utf8').match(/filter="url\(#tandem-shadow-\d+\)"/g)).toHaveLength(1);
    const png = pngOf(join(dir, 'pixels.drawio.png'));
    const [, , w, h] = viewBox.split(' ').map(Number);
    expect([png.width, png.height]).toEqual([w * 2, h * 2]);
    // Inside each box (clear of its label), its theme's fill; between them, the white page.
    expect(pixelAt(png, viewBox, 2, 108, 108)).toEqual([0xf8, 0xce, 0xcc]);
    expect(pixelAt(png, viewBox, 2, 612, 452)).toEqual([0xda, 0xe8, 0xfc]);
    expect(pixelAt(png, viewBox, 2, 350, 300)).toEqual([255, 255, 255]);
    // Far's shadow falls below its bottom edge (Red has none).
    expect(pixelAt(png, viewBox, 2, 560, 462)[0]).toBeLessThan(250);
    expect(pixelAt(png, viewBox, 2, 160, 162)).toEqual([255, 255, 255]);
    // The labels are drawn (dark pixels in the middle of the box) from the text fallback.
    const middle = [];
    for (let x = 150; x < 170; x++) middle.push(pixelAt(png, viewBox, 2, x, 130));
    expect(middle.some(([r, g, b]) => r + g + b < 300)).toBe(true);
  });

  it('embeds data: images and workspace files, and names a remote image instead of fetching it', async () => {
    mkdirSync(join(dir, 'pics', 'img'), { recursive: true });
    writeFileSync(join(dir, 'pics', 'img', 'green.png'), solidPng([0, 200, 0]));
    const red = solidPng([220, 0, 0]).toString('base64');
    const cell = (id: string, image: string, x: number) =>
      `<mxCell id="${id}" value="" style="shape=image;imageAspect=0;image=${image};" vertex="1" parent="1"><mxGeometry x="${x}" y="40" width="80" height="60" as="geometry"/></mxCell>`;
    writeFileSync(
      join(dir, 'pics', 'images.drawio'),
      `<mxfile><diagram id="d" name="Images"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cell('a', `data:image/png,${red}`, 40)}${cell('b', 'img/green.png', 200)}${cell('c', 'https://example.com/logo.png', 360)}</root></mxGraphModel></diagram></mxfile>`,
    );
    await ok('open pics/images.drawio discard:true');
    await ok('export as:pics/images.drawio.svg');
    await ok('export as:pics/images.drawio.png');
    const svg = readFileSync(join(dir, 'pics', 'images.drawio.svg'), 'utf8');
    expect(svg.match(/<image [^>]*xlink:href="data:image\/png;base64,/g)).toHaveLength(2);
    expect(svg).toContain('>https://example.com/logo.png</tspan>');
    const { viewBox } = svgRoot(join(dir, 'pics', 'images.drawio.svg'));
    const png = pngOf(join(dir, 'pics', 'images.drawio.png'));
    expect(pixelAt(png, viewBox, 1, 80, 70)).toEqual([220, 0, 0]);
    expect(pixelAt(png, viewBox, 1, 240, 70)).toEqual([0, 200, 0]);
  });

  it('saves a picture it opened as a picture of the new content; unedited, the diagram stays the same', async () => {
    await ok('new "Round trip" discard:true');
    await mutate('add svc Api at:100,100', 'add db Store near:Api dir:right', 'connect Api -> Store label:reads');
    await ok('export as:trip.drawio.svg');
    await ok('export as:trip.drawio.png');
    for (const kind of ['svg', 'png'] as const) {
      const path = `trip.drawio.${kind}`;
      const content = () => (kind === 'svg' ? svgRoot(join(dir, path)).content : decodeURIComponent(pngOf(join(dir, path)).text.mxfile));
      const exported = outline(content());
      await ok(`open ${path} discard:true`);
      expect(await ok('save')).toMatch(new RegExp(`^!saved ${path.replace(/\./g, '\\.')}`));
      expect(differences(exported, outline(content()))).toEqual([]);
      await mutate('label Api "Gateway"');
      await ok('save');
      expect(content()).toContain('value="Gateway"');
      if (kind === 'svg') expect(readFileSync(join(dir, path), 'utf8')).toContain('>Gateway</tspan>');
      else expect(pngOf(join(dir, path)).width).toBeGreaterThan(100);
    }
  });

  it('exports the page asked for', async () => {
    await ok('new "Pages" discard:true');
    await mutate('add box First at:0,0', 'page add Second', 'add box Only at:1000,1000 size:300x200');
    await mutate('page switch Page-1');
    const answer = await ok('export as:second.drawio.png page:second');
    expect(answer).toMatch(/^!exported second\.drawio\.png \(page "Second", 320x220 px at scale 1/);
  });

  it('refuses a picture past the size limit, saying what to try, and writes nothing', async () => {
    await ok('new "Huge" discard:true');
    await mutate('add box Near at:0,0', 'add box Far at:8000,8000');
    const answer = await session('export as:huge.drawio.png scale:4');
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/^! the page would be a \d+ x \d+ px PNG \([\d.]+ megapixels\), over the limit of 40 megapixels \[too_large\]\n {2}try: export as:huge\.drawio\.png scale:0\.\d+ \| export as:huge\.drawio\.png page:NAME/);
    expect(existsSync(join(dir, 'huge.drawio.png'))).toBe(false);
    // The SVG has no pixels to limit.
    await ok('export as:huge.drawio.svg scale:4');
    // Saved to a PNG, the page is refused the same way, and the diagram file is offered instead.
    const saved = await session('save as:huge.drawio.png');
    expect(saved.text).toMatch(/\[too_large\]\n {2}try: save as:huge\.drawio$/m);
    expect(existsSync(join(dir, 'huge.drawio.png'))).toBe(false);
  });

  it('answers bad arguments with the contract error shape: message, code, try line, digest', async () => {
    await ok('new "Args" discard:true');
    const cases: Array<[string, string]> = [
      ['export', 'missing_arg'],
      ['export as:picture.pdf', 'bad_param'],
      ['export as:picture', 'bad_param'],
      ['export as:p.drawio.png scale:0', 'bad_param'],
      ['export as:p.drawio.png scale:big', 'bad_param'],
      ['export as:p.drawio.png page:Nowhere', 'unknown_ref'],
      ['export as:p.drawio.png now', 'bad_param'],
      ['export as:p.drawio.png dpi:300', 'bad_param'],
      ['export as:../outside.drawio.svg', 'path_outside_workspace'],
    ];
    for (const [action, code] of cases) {
      const answer = await session(action);
      expect(answer.isError, action).toBe(true);
      expect(answer.text, action).toMatch(new RegExp(`^! .+ \\[${code}\\]\\n`));
      expect(answer.text.split('\n').at(-1), action).toMatch(/^digest: /);
    }
    expect((await session('export as:picture.pdf')).text).toContain('try: export as:picture.drawio.svg');
  });

  it('refuses to open a plain picture, and lists only the pictures that hold a diagram', async () => {
    mkdirSync(join(dir, 'plain'), { recursive: true });
    writeFileSync(join(dir, 'plain', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');
    writeFileSync(join(dir, 'plain', 'photo.png'), solidPng([1, 2, 3]));
    for (const name of ['logo.svg', 'photo.png']) {
      const answer = await session(`open plain/${name}`);
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(new RegExp(`^! plain/${name.replace('.', '\\.')} holds no diagram: .+ \\[file_invalid\\]\\n {2}try: `));
    }
    await ok('new "Listed" discard:true');
    await ok('export as:plain/listed.drawio.svg');
    await ok('export as:plain/listed.drawio.png');
    const listed = (await listDomainFiles(dir, studio.fcp('drawio').domain)).map((file) => file.path).filter((path) => path.startsWith('plain/'));
    expect(listed).toEqual(['plain/listed.drawio.png', 'plain/listed.drawio.svg']);
  });
});
