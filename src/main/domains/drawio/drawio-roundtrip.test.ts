/**
 * Files diagrams.net users can trust: a corpus of .drawio files in diagrams.net's own format
 * (fixtures/, written by hand) opened and saved again must keep every cell as it was, compared
 * cell by cell after parsing (ids, parents, geometry with waypoints, style keys and values in order,
 * values and attributes), not byte by byte. An edit changes exactly the cells it touches.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { StudioError } from '../../kernel/errors';
import { readDrawioFile, writeDrawioFile } from './file/drawio-file';
import { attribute } from './file/drawio-xml';
import { drawioDomain } from './index';
import type { DrawioRecord, EdgeRecord, GroupRecord, LayerRecord, PageRecord, ShapeRecord } from '../../../shared/drawio/model';
import { ok, query } from './test-kit';

const FIXTURES = join(__dirname, 'fixtures');
const FIXTURE_NAMES = readdirSync(FIXTURES).filter((name) => name.endsWith('.drawio'));

function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

// ---------------------------------------------------------------------------------------------
// A file as parsed cells, read independently of drawio-read.ts

type Node = Record<string, unknown>;
type Attrs = Record<string, string>;

const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true, trimValues: true });

function tagOf(node: Node): string {
  return Object.keys(node).find((key) => key !== ':@')!;
}

function attrsOf(node: Node): Attrs {
  return { ...((node[':@'] as Attrs | undefined) ?? {}) };
}

function childrenOf(node: Node): Node[] {
  return ((node[tagOf(node)] as Node[] | undefined) ?? []).filter((child) => !('#text' in child));
}

function textOf(node: Node): string {
  return ((node[tagOf(node)] as Node[] | undefined) ?? []).map((child) => String(child['#text'] ?? '')).join('');
}

interface ParsedCell {
  wrapper?: string;
  /** Wrapper attributes besides id and label: custom data. */
  data: Attrs;
  value: string;
  /** Style entries in order: unknown keys must stay, and stay where they were. */
  style: Array<[string, string | undefined]>;
  /** Other mxCell attributes (parent, vertex, edge, source, target, connectable...). */
  cell: Attrs;
  geometry?: { attrs: Record<string, number | string>; points: number[][]; children: Array<{ tag: string; attrs: Attrs }> };
}

interface ParsedPage {
  diagram: Attrs;
  compressed: boolean;
  model: Attrs;
  /** In file order. */
  cells: Map<string, ParsedCell>;
}

const NUMERIC = new Set(['x', 'y', 'width', 'height']);

function parseStyleEntries(style: string | undefined): Array<[string, string | undefined]> {
  return (style ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? [part, undefined] : [part.slice(0, eq), part.slice(eq + 1)];
    });
}

function parsedCell(node: Node): [string, ParsedCell] {
  const tag = tagOf(node);
  const outer = attrsOf(node);
  const inner = tag === 'mxCell' ? node : childrenOf(node).find((child) => tagOf(child) === 'mxCell')!;
  const { id, label, ...data } = tag === 'mxCell' ? { id: outer.id, label: undefined } : outer;
  const { id: _id, value, style, ...cell } = attrsOf(inner);
  const geometryNode = childrenOf(inner).find((child) => tagOf(child) === 'mxGeometry');
  let geometry: ParsedCell['geometry'];
  if (geometryNode) {
    const attrs: Record<string, number | string> = { x: 0, y: 0 };
    for (const [key, raw] of Object.entries(attrsOf(geometryNode))) attrs[key] = NUMERIC.has(key) ? Number(raw) : raw;
    const points: number[][] = [];
    const children: Array<{ tag: string; attrs: Attrs }> = [];
    for (const child of childrenOf(geometryNode)) {
      if (tagOf(child) === 'Array') for (const p of childrenOf(child)) points.push([Number(attrsOf(p).x ?? 0), Number(attrsOf(p).y ?? 0)]);
      else children.push({ tag: tagOf(child), attrs: attrsOf(child) });
    }
    children.sort((a, b) => (a.attrs.as ?? '').localeCompare(b.attrs.as ?? ''));
    geometry = { attrs, points, children };
  }
  return [
    id,
    {
      ...(tag !== 'mxCell' && { wrapper: tag }),
      data,
      value: (tag === 'mxCell' ? value : label) ?? '',
      style: parseStyleEntries(style),
      cell,
      ...(geometry && { geometry }),
    },
  ];
}

function parsedFile(xml: string): { mxfile: Attrs; pages: ParsedPage[] } {
  // A bare <mxGraphModel> (as such a file is written back) reads as one page of an <mxfile>.
  const top = (parser.parse(xml) as Node[]).find((node) => ['mxfile', 'mxGraphModel'].includes(tagOf(node)))!;
  const mxfile = tagOf(top) === 'mxfile' ? top : ({ mxfile: [{ diagram: [top] }] } as unknown as Node);
  const pages = childrenOf(mxfile)
    .filter((node) => tagOf(node) === 'diagram')
    .map((diagram): ParsedPage => {
      let model = childrenOf(diagram).find((child) => tagOf(child) === 'mxGraphModel');
      const compressed = !model;
      if (!model) {
        const inflated = decodeURIComponent(inflateRawSync(Buffer.from(textOf(diagram), 'base64')).toString('utf8'));
        model = (parser.parse(inflated) as Node[]).find((node) => tagOf(node) === 'mxGraphModel')!;
      }
      const root = childrenOf(model).find((child) => tagOf(child) === 'root')!;
      return { diagram: attrsOf(diagram), compressed, model: attrsOf(model), cells: new Map(childrenOf(root).map(parsedCell)) };
    });
  return { mxfile: attrsOf(mxfile), pages };
}

/** Opened and saved again. */
function roundTrip(xml: string, name = 'file.drawio'): string {
  return writeDrawioFile(readDrawioFile(xml, name));
}

/** JSON with object keys sorted: attribute order does not matter in XML, array order does. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** The ids of the cells that differ between two parsed pages (added, removed or changed). */
function changedCells(before: ParsedPage, after: ParsedPage): string[] {
  const ids = new Set([...before.cells.keys(), ...after.cells.keys()]);
  return [...ids].filter((id) => canonical(before.cells.get(id)) !== canonical(after.cells.get(id))).sort();
}

function ofKind<K extends DrawioRecord['kind']>(records: readonly DrawioRecord[], kind: K) {
  return records.filter((r): r is Extract<DrawioRecord, { kind: K }> => r.kind === kind);
}

function byAlias(records: readonly DrawioRecord[], alias: string): ShapeRecord {
  const found = ofKind(records, 'shape').find((s) => s.alias === alias);
  if (!found) throw new Error(`no shape ${alias}`);
  return found;
}

function groupNamed(records: readonly DrawioRecord[], name: string): GroupRecord {
  const found = ofKind(records, 'group').find((g) => g.name === name);
  if (!found) throw new Error(`no group ${name}`);
  return found;
}

function edgeBetween(records: readonly DrawioRecord[], from: string, to: string): EdgeRecord[] {
  const source = byAlias(records, from).id;
  const target = byAlias(records, to).id;
  return ofKind(records, 'edge').filter((e) => e.source === source && e.target === target);
}

// ---------------------------------------------------------------------------------------------

describe('the corpus round-trips through open and save', () => {
  it('has files to check', () => {
    expect(FIXTURE_NAMES.length).toBeGreaterThanOrEqual(3);
  });

  for (const name of FIXTURE_NAMES) {
    describe(name, () => {
      const original = fixture(name);
      const saved = roundTrip(original, name);
      const before = parsedFile(original);
      const after = parsedFile(saved);

      it('keeps the file, its pages and their models with every attribute', () => {
        expect(after.mxfile).toEqual(before.mxfile);
        expect(after.pages.map((p) => [p.diagram, p.compressed, p.model])).toEqual(before.pages.map((p) => [p.diagram, p.compressed, p.model]));
      });

      it('keeps every cell: id, parent, value, style keys in order, data, geometry and waypoints', () => {
        before.pages.forEach((page, index) => {
          const written = after.pages[index];
          expect([...written.cells.keys()].sort()).toEqual([...page.cells.keys()].sort());
          for (const [id, cell] of page.cells) expect(written.cells.get(id), `${name} cell ${id}`).toEqual(cell);
        });
      });

      it('writes parents before their children, as diagrams.net reads them', () => {
        for (const page of after.pages) {
          const seen = new Set<string>();
          for (const [id, cell] of page.cells) {
            const parent = cell.cell.parent;
            // Cells in a parent loop have no order that puts parents first; they are kept as they were.
            if (parent !== undefined && !id.startsWith('loop-')) expect(seen.has(parent), `${id} after its parent ${parent}`).toBe(true);
            seen.add(id);
          }
        }
      });

      it('is stable: a second round trip writes the same text', () => {
        expect(roundTrip(saved, name)).toBe(saved);
      });
    });
  }
});

describe('what the model holds of a diagrams.net file', () => {
  const swimlanes = readDrawioFile(fixture('swimlanes.drawio'), 'swimlanes.drawio');
  const services = readDrawioFile(fixture('services-compressed.drawio'), 'services-compressed.drawio');
  const flowchart = readDrawioFile(fixture('flowchart.drawio'), 'flowchart.drawio');

  it('keeps swimlanes and containers nested, with their own bounds and members in page coordinates', () => {
    const pool = groupNamed(swimlanes, 'Order process');
    const customer = groupNamed(swimlanes, 'Customer');
    const warehouse = groupNamed(swimlanes, 'Warehouse');
    expect(pool).toMatchObject({ frame: { x: 40, y: 40, w: 720, h: 420 }, swimlane: { header: 30 }, theme: 'blue' });
    expect(pool.parentId).toBeUndefined();
    expect(customer).toMatchObject({ parentId: pool.id, frame: { x: 40, y: 70, w: 720, h: 190 }, swimlane: { header: 30, vertical: true } });
    expect(warehouse.parentId).toBe(pool.id);
    const inner = ofKind(swimlanes, 'group').find((g) => g.parentId === customer.id)!;
    expect(inner.frame).toEqual({ x: 400, y: 110, w: 300, h: 120 });
    expect(byAlias(swimlanes, 'Pay')).toMatchObject({ groupId: inner.id, x: 400, y: 140 });
    expect(byAlias(swimlanes, 'Place order')).toMatchObject({ groupId: customer.id, x: 200, y: 130 });
  });

  it('reads notes and text cells as their own types', () => {
    expect(byAlias(swimlanes, 'Card or invoice')).toMatchObject({ type: 'note', theme: 'yellow' });
    expect(byAlias(swimlanes, 'All times are UTC')).toMatchObject({ type: 'text', style: { italic: true } });
    expect(byAlias(services, 'A sticky reminder').type).toBe('note');
  });

  it('keeps rich labels as HTML beside their plain text', () => {
    expect(byAlias(swimlanes, 'Place order')).toMatchObject({ text: 'Place order\nonline', html: '<b>Place</b> <i>order</i><br><u>online</u>' });
    expect(byAlias(swimlanes, 'Pay').html).toBeUndefined();
    expect(byAlias(services, 'Auth').html).toBe('Auth<br><b>Service</b>');
  });

  it('reads waypoints in page coordinates, also for an edge inside a container', () => {
    expect(edgeBetween(swimlanes, 'Place order', 'Pay')[0].points).toEqual([
      { x: 360, y: 160 },
      { x: 360, y: 200 },
    ]);
    // Relative to the Cluster container at (40,40).
    expect(edgeBetween(services, 'api-7f9c', 'worker')[0].points).toEqual([{ x: 240, y: 80 }]);
  });

  it('reads arrow variants as the nearest head while the file keeps the variant', () => {
    const confirmed = edgeBetween(swimlanes, 'Place order', 'Pay')[0];
    expect(confirmed.targetArrow).toBe('diamond');
    expect(attribute(confirmed.file!.source, 'style')).toContain('endArrow=diamondThin');
  });

  it('keeps two edges between the same pair, and marks edges without an edge style as straight', () => {
    const both = edgeBetween(flowchart, 'In stock?', 'Pay');
    expect(both.map((e) => e.label)).toEqual(['Yes', 'retry']);
    expect(both.every((e) => e.straight)).toBe(true);
    expect(both[1]).toMatchObject({ exit: { face: 'right', at: 0.25 }, entry: { face: 'right', at: 0.75 } });
  });

  it('keeps custom data of object and UserObject cells, and the ids of cells and diagrams', () => {
    const auth = byAlias(services, 'Auth');
    expect(auth.file?.data).toEqual([
      ['tooltip', 'Issues tokens'],
      ['owner', 'team-identity'],
      ['tier', '1'],
    ]);
    expect(auth.file?.id).toBe('Yx7-1');
    const usersDb = byAlias(services, 'Users DB').file!;
    expect(usersDb.source.tag).toBe('UserObject');
    expect(usersDb.data).toEqual([['link', 'https://wiki.example.com/users-db'], ['placeholders', '1']]);
    expect(ofKind(services, 'page').map((p) => p.file?.diagram?.find(([name]) => name === 'id')?.[1])).toEqual(['srv-services', 'srv-deploy']);
    expect(ofKind(services, 'page').every((p) => p.file?.compressed)).toBe(true);
  });

  it('takes an edge label from its label cells and keeps them', () => {
    const reads = edgeBetween(services, 'Auth', 'Users DB')[0];
    expect(reads.label).toBe('reads & writes');
    expect(reads.file?.labelInCells).toBe(true);
    expect(reads).toMatchObject({ sourceArrow: 'diamond', targetArrow: 'arrow' });
  });

  it('keeps what it cannot represent as foreign cells, saying what they are', () => {
    const kinds = (records: readonly DrawioRecord[]) => ofKind(records, 'foreign').map((f) => f.what);
    expect(kinds(services)).toEqual([]);
    expect(kinds(flowchart)).toEqual(['edgeToEdge', 'parentLoop', 'parentLoop']);
  });

  it('reads free-floating edges and edges to containers as edges: loose ends at their points', () => {
    const edges = ofKind(services, 'edge') as EdgeRecord[];
    const free = edges.find((e) => e.file && JSON.stringify(e.file.source).includes('"Yx7-6"'))!;
    expect(free).toMatchObject({ source: '', target: '', sourcePoint: { x: 100, y: 300 }, targetPoint: { x: 300, y: 300 }, points: [{ x: 200, y: 340 }], targetArrow: 'none' });
    const halfLoose = edges.find((e) => e.label === 'to be decided')!;
    expect(halfLoose).toMatchObject({ source: byAlias(services, 'Users DB').id, target: '', targetPoint: { x: 440, y: 260 }, lineStyle: 'dashed' });
    expect(halfLoose.sourcePoint).toBeUndefined();
    const toContainer = edges.find((e) => e.source === byAlias(services, 'LB').id)!;
    expect(ofKind(services, 'group').map((g) => g.id)).toContain(toContainer.target);
  });

  it('marks stencils and images it draws simplified', () => {
    expect(byAlias(services, 'LB').look).toBe('mxgraph.aws4.application_load_balancer');
    expect(ofKind(services, 'shape').find((s) => s.look === 'image')).toBeDefined();
    expect(byAlias(services, 'Auth').look).toBeUndefined();
  });

  it('keeps the layer a shape is on, a hidden layer and a made-up layer name', () => {
    const layers = ofKind(services, 'layer') as LayerRecord[];
    const notes = layers.find((l) => l.name === 'Notes')!;
    expect(notes.visible).toBe(false);
    expect(byAlias(services, 'A sticky reminder').layerId).toBe(notes.id);
    expect(layers[0]).toMatchObject({ name: 'Background', file: { id: '1', unnamed: true } });
  });
});

describe('an edit after open changes only what it touches', () => {
  async function openFixture(name: string) {
    const records = readDrawioFile(fixture(name), name);
    const doc = new FcpDocument(drawioDomain, records, { path: name });
    return { doc, save: () => writeDrawioFile(doc.store.snapshot()) };
  }

  it('moving one shape rewrites only its geometry', async () => {
    const { doc, save } = await openFixture('swimlanes.drawio');
    await ok(doc, 'move Pick to:260,340 strict:true');
    const before = parsedFile(fixture('swimlanes.drawio')).pages[0];
    const after = parsedFile(save()).pages[0];
    expect(changedCells(before, after)).toEqual(['pick']);
    expect(after.cells.get('pick')!.geometry!.attrs).toMatchObject({ x: 220, y: 80, width: 120, height: 60 });
    expect(after.cells.get('pick')!.style).toEqual(before.cells.get('pick')!.style);
  });

  it('restyling one shape changes only its fill, keeping the other keys where they were', async () => {
    const { doc, save } = await openFixture('flowchart.drawio');
    await ok(doc, 'style "In stock?" fill:#ff0000');
    const before = parsedFile(fixture('flowchart.drawio')).pages[0];
    const after = parsedFile(save()).pages[0];
    expect(changedCells(before, after)).toEqual(['WIyWlLk6GJQsqaUBKTNV-6']);
    const style = after.cells.get('WIyWlLk6GJQsqaUBKTNV-6')!.style;
    expect(style.slice(0, -1)).toEqual(before.cells.get('WIyWlLk6GJQsqaUBKTNV-6')!.style);
    expect(style.at(-1)).toEqual(['fillColor', '#ff0000']);
  });

  it('a new label replaces the rich one, and the rest of the page stays', async () => {
    const { doc, save } = await openFixture('swimlanes.drawio');
    await ok(doc, 'label "Place order" "Order now"');
    const before = parsedFile(fixture('swimlanes.drawio')).pages[0];
    const after = parsedFile(save()).pages[0];
    expect(changedCells(before, after)).toEqual(['order']);
    expect(after.cells.get('order')!.value).toBe('Order now');
  });

  it('changing an edge head rewrites only that head: the other variant stays thin', async () => {
    const { doc, save } = await openFixture('services-compressed.drawio');
    await ok(doc, 'connect Auth -> "Users DB" target-arrow:open-arrow source-arrow:diamond');
    const before = parsedFile(fixture('services-compressed.drawio')).pages[0];
    const written = parsedFile(save());
    expect(written.pages.every((p) => p.compressed)).toBe(true);
    const after = written.pages[0];
    expect(changedCells(before, after)).toEqual(['Yx7-3']);
    const style = Object.fromEntries(after.cells.get('Yx7-3')!.style);
    expect(style).toMatchObject({ startArrow: 'diamondThin', startFill: '1', endArrow: 'open' });
  });

  it('removing a shape takes its edge to a shape along; an edge with a loose end that started at it stays, loose', async () => {
    const { doc, save } = await openFixture('services-compressed.drawio');
    await ok(doc, 'remove "Users DB"');
    const before = parsedFile(fixture('services-compressed.drawio')).pages[0];
    const after = parsedFile(save()).pages[0];
    // The shape, its edge to a shape (with its label cell), and the loose edge that lost its source.
    expect(changedCells(before, after)).toEqual(['Yx7-2', 'Yx7-3', 'Yx7-4', 'Yx7-5']);
    expect(after.cells.get('Yx7-5')!.cell.source).toBeUndefined();
    expect(after.cells.get('Yx7-5')!.cell.target).toBe(before.cells.get('Yx7-5')!.cell.target);
    expect(after.cells.get('Yx7-6')).toEqual(before.cells.get('Yx7-6'));
  });

  it('a shape added after open gets an id no cell of the file has', async () => {
    const { doc, save } = await openFixture('flowchart.drawio');
    await ok(doc, 'add box Refund');
    const after = parsedFile(save()).pages[0];
    const added = [...after.cells.keys()].filter((id) => !parsedFile(fixture('flowchart.drawio')).pages[0].cells.has(id));
    expect(added).toHaveLength(1);
    expect(after.cells.get(added[0])!.value).toBe('Refund');
  });

  it('moving a container moves everything in it: in the file only the container and waypoints inside change', async () => {
    const { doc, save } = await openFixture('swimlanes.drawio');
    await ok(doc, 'move "Order process" to:100,60 strict:true');
    const before = parsedFile(fixture('swimlanes.drawio')).pages[0];
    const after = parsedFile(save()).pages[0];
    expect(changedCells(before, after)).toEqual(['f2', 'f3', 'pool']);
    expect(after.cells.get('pool')!.geometry!.attrs).toMatchObject({ x: 100, y: 60, width: 720, height: 420 });
    expect(after.cells.get('f2')!.geometry!.points).toEqual([
      [420, 180],
      [420, 220],
    ]);
    expect(await query(doc, 'describe Customer')).toContain('in group "Order process"');
  });

  it('moving all the shapes of a container leaves the container where it is, unless the move names it', async () => {
    const { doc, save } = await openFixture('swimlanes.drawio');
    await ok(doc, 'move Pay "Card or invoice" to:400,120 strict:true');
    const before = parsedFile(fixture('swimlanes.drawio')).pages[0];
    expect(changedCells(before, parsedFile(save()).pages[0])).toEqual(['note1', 'pay']);
    await ok(doc, 'move @group:Customer to:100,150 strict:true');
    const after = parsedFile(save()).pages[0];
    // The lane's shapes (the nested group's too) moved with the lane: the lane's own frame moved.
    expect(changedCells(before, after)).toEqual(expect.arrayContaining(['laneA', 'note1', 'pay']));
    expect(after.cells.get('start')).toEqual(before.cells.get('start'));
  });

  it('a member dragged out of its swimlane grows the lane rather than leaving it', async () => {
    const { doc, save } = await openFixture('swimlanes.drawio');
    await ok(doc, 'move Ship to:700,330 strict:true');
    const after = parsedFile(save()).pages[0];
    // Warehouse lane: x 40..760 on the page; Ship now reaches 820.
    expect(after.cells.get('laneB')!.geometry!.attrs).toMatchObject({ x: 0, y: 220, width: 780, height: 200 });
    expect(after.cells.get('ship')!.geometry!.attrs).toMatchObject({ x: 660, y: 70 });
  });

  it('ungrouping a nested container hands its shapes to the container around it', async () => {
    const { doc, save } = await openFixture('swimlanes.drawio');
    await ok(doc, 'ungroup Customer');
    const after = parsedFile(save()).pages[0];
    expect(after.cells.has('laneA')).toBe(false);
    expect(after.cells.get('order')!.cell.parent).toBe('pool');
    expect(after.cells.get('grp')!.cell.parent).toBe('pool');
    expect(after.cells.get('order')!.geometry!.attrs).toMatchObject({ x: 160, y: 90 });
  });

  it('describe shows custom data, rich labels and what diagrams.net draws a shape as', async () => {
    const { doc } = await openFixture('services-compressed.drawio');
    const auth = await query(doc, 'describe Auth');
    expect(auth).toContain('data: tooltip="Issues tokens" owner="team-identity" tier="1"');
    expect(auth).toContain('html: "Auth<br><b>Service</b>"');
    await ok(doc, 'page switch Deployment');
    expect(await query(doc, 'describe LB')).toContain('drawn as: mxgraph.aws4.application_load_balancer');
  });
});

describe('limits and robustness', () => {
  function expectTooLarge(run: () => unknown, messagePart: RegExp): void {
    let caught: unknown;
    try {
      run();
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(StudioError);
    expect((caught as StudioError).code).toBe('too_large');
    expect((caught as StudioError).message).toMatch(messagePart);
    expect((caught as StudioError).suggestion).toBeTruthy();
  }

  const manyCells = (n: number) =>
    `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${Array.from(
      { length: n },
      (_, i) => `<mxCell id="c${i}" value="N${i}" vertex="1" parent="1"><mxGeometry x="${i}" y="0" width="10" height="10" as="geometry"/></mxCell>`,
    ).join('')}</root></mxGraphModel>`;

  it('refuses a file past the size limit with too_large', () => {
    expectTooLarge(() => readDrawioFile('x'.repeat(2048), 'big.drawio', { maxBytes: 1024, maxCells: 100 }), /larger than 1 KB/);
  });

  it('refuses more cells than the limit', () => {
    expectTooLarge(() => readDrawioFile(manyCells(120), 'many.drawio', { maxBytes: 1_000_000, maxCells: 100 }), /more than 100 cells/);
  });

  it('refuses compressed pages that inflate past the size limit (a zip bomb)', () => {
    const bomb = deflateRawSync(Buffer.from(encodeURIComponent(manyCells(2000)), 'utf8')).toString('base64');
    const xml = `<mxfile><diagram name="A">${bomb}</diagram></mxfile>`;
    expect(xml.length).toBeLessThan(100_000);
    expectTooLarge(() => readDrawioFile(xml, 'bomb.drawio', { maxBytes: 100_000, maxCells: 100_000 }), /inflate/);
  });

  it('reads and writes a container chain 5,000 deep without overflowing the stack', () => {
    const depth = 5000;
    const cells = Array.from(
      { length: depth },
      (_, i) => `<mxCell id="g${i}" value="G${i}" style="container=1;" vertex="1" parent="${i === 0 ? '1' : `g${i - 1}`}"><mxGeometry x="1" y="1" width="10" height="10" as="geometry"/></mxCell>`,
    ).join('');
    const xml = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}<mxCell id="leaf" value="Leaf" vertex="1" parent="g${depth - 1}"><mxGeometry x="1" y="1" width="5" height="5" as="geometry"/></mxCell></root></mxGraphModel>`;
    const records = readDrawioFile(xml, 'deep.drawio');
    const leaf = byAlias(records, 'Leaf');
    expect(leaf).toMatchObject({ x: depth + 1, y: depth + 1 });
    const again = parsedFile(writeDrawioFile(records)).pages[0];
    expect(again.cells.get('leaf')!.geometry!.attrs).toMatchObject({ x: 1, y: 1 });
    expect(again.cells.get(`g${depth - 1}`)!.cell.parent).toBe(`g${depth - 2}`);
  });

  it('refuses XML nested past the parser limit with a file error, not a crash', () => {
    const deep = `<mxfile>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</mxfile>`;
    expect(() => readDrawioFile(deep, 'deep.drawio')).toThrow(StudioError);
  });

  it('reads and writes a page of 20,000 shapes and edges', () => {
    const n = 10_000;
    const shapes = Array.from({ length: n }, (_, i) => `<mxCell id="s${i}" value="S${i}" vertex="1" parent="1"><mxGeometry x="${i}" width="10" height="10" as="geometry"/></mxCell>`);
    const edges = Array.from({ length: n - 1 }, (_, i) => `<mxCell id="e${i}" edge="1" parent="1" source="s${i}" target="s${i + 1}"><mxGeometry relative="1" as="geometry"/></mxCell>`);
    const xml = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${shapes.join('')}${edges.join('')}</root></mxGraphModel>`;
    const records = readDrawioFile(xml, 'wide.drawio');
    expect(ofKind(records, 'shape')).toHaveLength(n);
    expect(ofKind(records, 'edge')).toHaveLength(n - 1);
    expect(writeDrawioFile(records).length).toBeGreaterThan(xml.length / 2);
  });
});

describe('pages', () => {
  it('keeps pages in order with their diagram ids and names', () => {
    const records = readDrawioFile(fixture('services-compressed.drawio'), 'services-compressed.drawio');
    const pages = ofKind(records, 'page') as PageRecord[];
    expect(pages.map((p) => p.name)).toEqual(['Services', 'Deployment']);
    const edges = ofKind(records, 'edge') as EdgeRecord[];
    expect(edges.filter((e) => e.pageId === pages[1].id)).toHaveLength(2);
  });
});

describe('queries on an opened file', () => {
  it('map names the container a container lies in, and stats says what is kept', async () => {
    const records = readDrawioFile(fixture('swimlanes.drawio'), 'swimlanes.drawio');
    const doc = new FcpDocument(drawioDomain, records);
    expect(await query(doc, 'map')).toContain('  group Customer in:"Order process": circle, "Place order"');
    const services = new FcpDocument(drawioDomain, readDrawioFile(fixture('services-compressed.drawio'), 's.drawio'));
    expect(await query(services, 'stats')).not.toContain('kept unchanged');
    const flowchart = new FcpDocument(drawioDomain, readDrawioFile(fixture('flowchart.drawio'), 'f.drawio'));
    expect(await query(flowchart, 'stats')).toContain('  kept unchanged, not editable here: 1 edge to an edge, 2 cells in parent loops');
  });
});
