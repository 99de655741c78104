/**
 * A page drawn as SVG from a file made here: a label of a shape or container diagrams.net draws
 * in code sits where the canvas puts it (in the shape's label box: a swimlane's band, a UML frame's
 * tab), in the HTML choice and in the text fallback alike; a container the file draws as a plain
 * box gets that box and its label, not the studio's dashed frame. Read back with an XML parser.
 */
import { XMLParser } from 'fast-xml-parser';
import { decode as decodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { readDrawioFile } from '../file/drawio-file';
import { GROUP_FRAME_DASHES, groupFrameLook } from '../../../../shared/drawio/render/group-frame';
import { nodeStencils } from './node-stencils';
import { rasterize } from './rasterize';
import { drawPage, svgFile } from '../../../../shared/drawio/render/svg-page';
import { codeShapeMarkup } from '../../../../shared/drawio/render/code-shapes';
import { styleEntries } from '../../../../shared/drawio/stencils';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: false, isArray: (name) => ['g', 'tspan', 'switch', 'path', 'rect'].includes(name) });

function drawn(cells: string[]) {
  return drawPage(readDrawioFile(`<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`, 'made.drawio'), { image: () => undefined });
}

function page(cells: string[]): string {
  return `<svg>${drawn(cells).body}</svg>`;
}

interface Drawn {
  transform?: string;
  g?: Drawn[];
  switch?: Array<{ foreignObject: { div: { div: { style: string } } }; g: Drawn[] }>;
  text?: { tspan: Array<{ '#text': string | number; x: string; y: string }> };
  rect?: Array<Record<string, string>>;
  path?: Array<Record<string, string>>;
}

/** Each cell's group (translated to its place) with its label's fallback lines, in drawing order. */
function cellsOf(svg: string): Array<{ at: [number, number]; html?: string; lines: Array<{ text: string; x: number; y: number }>; drawn: Drawn }> {
  const root = parser.parse(svg).svg as Drawn;
  return (root.g ?? [])
    .filter((g) => g.transform?.startsWith('translate('))
    .map((g) => {
      const [x, y] = g.transform!.slice('translate('.length, -1).split(',').map(Number);
      const label = g.switch?.[0];
      const text = label?.g[0].text;
      return {
        at: [x, y] as [number, number],
        html: label?.foreignObject.div.div.style,
        lines: (text?.tspan ?? []).map((s) => ({ text: String(s['#text']), x: Number(s.x), y: Number(s.y) })),
        drawn: g,
      };
    });
}

/** A px value of a CSS declaration in a style attribute. */
function cssPx(style: string | undefined, property: string): number {
  const found = style?.match(new RegExp(`(?:^|; )${property}: (-?[\\d.]+)px`));
  return found ? Number(found[1]) : NaN;
}

describe('exported labels of shapes drawn in code', () => {
  it("puts a swimlane shape's label in its header band, by startSize, in both choices", () => {
    const svg = page([
      '<mxCell id="lane" value="Orders" style="swimlane;startSize=40;html=1;" vertex="1" parent="1"><mxGeometry x="10" y="10" width="200" height="160" as="geometry"/></mxCell>',
      '<mxCell id="thin" value="Thin" style="swimlane;startSize=20;html=1;" vertex="1" parent="1"><mxGeometry x="300" y="10" width="200" height="160" as="geometry"/></mxCell>',
    ]);
    const [lane, thin] = cellsOf(svg);
    // The band is 40 high: the one line's middle at 20, not at the box's middle (80).
    const middle = (cell: typeof lane) => cell.lines[0].y - 12 * 0.3465;
    expect(middle(lane)).toBeCloseTo(20, 0);
    expect(middle(thin)).toBeCloseTo(10, 0);
    expect(lane.lines[0].x).toBe(100);
    // The HTML choice is the band too.
    expect(cssPx(lane.html, 'height')).toBe(40);
    expect(cssPx(thin.html, 'height')).toBe(20);
  });

  it("puts a vertical swimlane's label in its band along the left, and a UML frame's in its tab", () => {
    const svg = page([
      '<mxCell id="v" value="Pool" style="swimlane;horizontal=0;startSize=30;html=1;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="300" height="100" as="geometry"/></mxCell>',
      '<mxCell id="f" value="sd Login" style="shape=umlFrame;whiteSpace=wrap;html=1;width=80;height=24;" vertex="1" parent="1"><mxGeometry x="0" y="200" width="300" height="200" as="geometry"/></mxCell>',
    ]);
    const [pool, frame] = cellsOf(svg);
    // Turned a quarter about the band's centre (15, 50), not the shape's (150, 50).
    expect(pool.drawn.switch![0].g[0].transform).toBe('rotate(-90 15 50)');
    expect(pool.lines[0].x).toBe(15);
    expect(frame.lines[0].x).toBe(40);
    expect(frame.lines[0].y - 12 * 0.3465).toBeCloseTo(12, 0);
  });

  it("draws a file's container as its box with its label where its style puts it, and a swimlane container's in its band", () => {
    const svg = page([
      '<mxCell id="box" value="Rack" style="rounded=0;whiteSpace=wrap;html=1;container=1;verticalAlign=top;fillColor=#dae8fc;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="200" height="120" as="geometry"/></mxCell>',
      '<mxCell id="in" value="Server" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="box"><mxGeometry x="20" y="40" width="80" height="40" as="geometry"/></mxCell>',
      '<mxCell id="lane" value="Team" style="swimlane;startSize=30;html=1;" vertex="1" parent="1"><mxGeometry x="300" y="0" width="200" height="200" as="geometry"/></mxCell>',
      '<mxCell id="member" value="Alice" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="lane"><mxGeometry x="20" y="60" width="80" height="40" as="geometry"/></mxCell>',
    ]);
    const cells = cellsOf(svg);
    const rack = cells.find((c) => c.lines[0]?.text === 'Rack')!;
    // The file's box in its fill, not the studio's dashed, rounded frame.
    const frame = rack.drawn.g?.[0] ?? rack.drawn;
    const figure = JSON.stringify(frame);
    expect(figure).toContain('#dae8fc');
    expect(figure).not.toContain('stroke-dasharray');
    // verticalAlign=top: the line at the top, spacing 2 and diagrams.net's 5 below the box's top edge.
    expect(rack.lines[0].y - 12 * 0.3465).toBeCloseTo(2 + 5 + 7.2, 0);
    const team = cells.find((c) => c.lines[0]?.text === 'Team')!;
    expect(team.lines[0].y - 12 * 0.3465).toBeCloseTo(15, 0);
    // A swimlane's title is bold by the stylesheet's swimlane style.
    expect(team.html).toContain('font-weight: 700');
  });

  it("numbers a ruler2 by its label and moves the label 4 px left of its first unit (dx), whatever spacingLeft the file says", () => {
    const ruler = (id: string, dx: number) =>
      `<mxCell id="${id}" value="1" style="shape=mxgraph.mockup.misc.ruler2;dx=${dx};rulerOrient=down;spacingLeft=96;align=left;verticalAlign=middle;spacingBottom=10;spacing=0;html=1;" vertex="1" parent="1"><mxGeometry x="0" y="${dx}" width="350" height="30" as="geometry"/></mxCell>`;
    const svg = page([ruler('palette', 100), ruler('moved', 150)]);
    const [palette, moved] = cellsOf(svg);
    expect(palette.lines[0].x).toBeCloseTo(96, 0);
    expect(moved.lines[0].x).toBeCloseTo(146, 0);
    // Its tick at 300 (the second tenth of dx=150) is numbered 2 units.
    expect(JSON.stringify(moved.drawn)).toMatch(/"#text":2,"x":"300"|"x":"300"[^}]*"#text":2/);
  });
});

describe('exported edge labels', () => {
  const ends = [
    '<mxCell id="a" value="" style="rounded=0;html=1;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="40" height="40" as="geometry"/></mxCell>',
    '<mxCell id="b" value="" style="rounded=0;html=1;" vertex="1" parent="1"><mxGeometry x="300" y="0" width="40" height="40" as="geometry"/></mxCell>',
  ];
  const edge = (value: string) => `<mxCell id="e" value="${value}" style="endArrow=none;html=1;" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>`;

  it('writes the label as HTML on its spot with a text fallback there', () => {
    const [label] = (parser.parse(page([...ends, edge('Paid &lt;b&gt;now&lt;/b&gt;')])).svg.g as Drawn[]).flatMap((g) => g.switch ?? []) as unknown as Array<Record<string, Record<string, string>>>;
    // Halfway along the edge from the right side of a (40, 20) to the left of b (300, 20).
    expect([Number(label.foreignObject.x), Number(label.foreignObject.y)]).toEqual([170, 20]);
    expect(JSON.stringify(label)).toContain('now');
  });

  it("is drawn in the PNG by its fallback (resvg draws no foreignObject): ink on the label's spot that an unlabelled edge lacks", async () => {
    /** Dark pixels within 30 x 8 px of the label's spot, the row of the line left out. */
    const ink = async (value: string) => {
      const page = drawn([...ends, edge(value)]);
      const png = decodePng(await rasterize(svgFile(page), 1));
      let count = 0;
      for (let y = 20 - 8; y <= 20 + 8; y++) {
        for (let x = 170 - 30; x <= 170 + 30; x++) {
          if (Math.abs(y - 20) <= 1) continue;
          const i = ((y - page.bounds.y) * png.width + (x - page.bounds.x)) * png.channels;
          if (png.data[i] < 128 && png.data[i + 1] < 128 && png.data[i + 2] < 128) count++;
        }
      }
      return count;
    };
    expect(await ink('')).toBe(0);
    expect(await ink('PAID')).toBeGreaterThan(20);
  });
});

describe("the studio's own group frame in an export", () => {
  it("draws it with the canvas's look (group-frame.ts): dashed and faint, its title in the look's font", () => {
    const svg = page([
      '<mxCell id="g" value="Storage layer" style="tandemGroup=1;container=1;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="300" height="200" as="geometry"/></mxCell>',
      '<mxCell id="in" value="Disk" style="rounded=0;html=1;" vertex="1" parent="g"><mxGeometry x="20" y="60" width="80" height="40" as="geometry"/></mxCell>',
    ]);
    const look = groupFrameLook(undefined, false);
    const [frame] = cellsOf(svg);
    const [rect] = frame.drawn.rect!;
    expect(rect.stroke).toBe(look.stroke);
    expect(rect['stroke-dasharray']).toBe(GROUP_FRAME_DASHES);
    expect(Number(rect.rx)).toBe(look.radius);
    expect(Number(rect['fill-opacity'])).toBe(look.fillOpacity);
    expect(frame.html).toContain(`font-size: ${look.title.fontSize}px`);
    expect(frame.lines[0]).toMatchObject({ text: 'Storage layer', x: look.title.padding.x });
  });

  it('gives a themed frame its theme colours, solid, and a lane a square frame with a band', () => {
    const theme = { fill: '#dae8fc', stroke: '#6c8ebf', fontColor: '#1a1a1a' };
    const themed = groupFrameLook(theme, false);
    expect([themed.stroke, themed.dashed, themed.fill, themed.title.color]).toEqual([theme.stroke, false, theme.fill, theme.fontColor]);
    const lane = groupFrameLook(undefined, true);
    expect([lane.dashed, lane.radius, lane.band.fillOpacity]).toEqual([false, 0, 0.8]);
    expect(groupFrameLook(theme, true).band).toEqual({ fill: theme.fill, fillOpacity: 1 });
  });
});

describe('an exported card of a Kanban board', () => {
  it("is filled with its column's colour (fillColor=swimlane) and shows its column's status (placeholders=1)", () => {
    const svg = page([
      '<object label="TO DO" status="New" id="todo"><mxCell style="swimlane;startSize=20;fillColor=#A0522D;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="200" height="200" as="geometry"/></mxCell></object>',
      '<object label="Task 3 %status%" placeholders="1" id="card"><mxCell style="rounded=1;whiteSpace=wrap;html=1;fillColor=swimlane;fontColor=#FFFFFF;" vertex="1" parent="todo"><mxGeometry x="20" y="40" width="140" height="80" as="geometry"/></mxCell></object>',
    ]);
    const card = cellsOf(svg).find((c) => c.lines[0]?.text.startsWith('Task 3'))!;
    expect(card.lines.map((l) => l.text).join(' ')).toBe('Task 3 New');
    expect(JSON.stringify(card.drawn)).toContain('#A0522D');
    expect(svg).not.toContain('"swimlane"');
  });

  it("sketches a hand-drawn (sketch=1) column seeded by its id in the file, as diagrams.net seeds it, not by the studio's record id", () => {
    const style = 'swimlane;html=0;startSize=1;sketch=1;strokeColor=none;fillStyle=solid;fillColor=#A0522D;';
    const svg = page([`<object label="TO DO" id="F8-2"><mxCell style="${style}" vertex="1" parent="1"><mxGeometry x="0" y="0" width="180" height="480" as="geometry"/></mxCell></object>`]);
    const seededBy = (cellId: string) => codeShapeMarkup(styleEntries(style), { w: 180, h: 480, fill: '#A0522D', stroke: 'none', gradientId: 'g', cellId })!.match(/<path d="([^"]+)"/)![1];
    // The header band's rough fill, a curve that differs with the seed.
    expect(seededBy('F8-2')).not.toBe(seededBy('g2'));
    expect(svg).toContain(seededBy('F8-2'));
  });
});

describe('the export is not themed', () => {
  it("draws default ink black and default paper white, whatever fill a label lies on, with none of the canvas's theme colours", () => {
    const svg = page([
      '<mxCell id="frame" value="Frame title" style="shape=umlFrame;whiteSpace=wrap;html=1;width=160;height=24;fontColor=#000000;fillColor=default;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="500" height="300" as="geometry"/></mxCell>',
      '<mxCell id="cls" value="Order" style="swimlane;childLayout=stackLayout;startSize=26;swimlaneFillColor=#ffffff;fillColor=none;" vertex="1" parent="1"><mxGeometry x="20" y="40" width="160" height="56" as="geometry"/></mxCell>',
      '<mxCell id="row" value="+ id: string" style="text;strokeColor=none;fillColor=none;align=left;" vertex="1" parent="cls"><mxGeometry y="26" width="160" height="30" as="geometry"/></mxCell>',
      '<mxCell id="paper" value="Paper" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="300" y="40" width="120" height="60" as="geometry"/></mxCell>',
      '<mxCell id="bare" value="bare" style="endArrow=classic;html=1;labelBackgroundColor=none;" edge="1" parent="1" source="cls" target="paper"><mxGeometry relative="1" as="geometry"/></mxCell>',
    ]);
    expect(svg).not.toContain('var(--');
    // Every label is in diagrams.net's black (the rows in the white body, the bare edge label, the paper's).
    const colours = [...svg.matchAll(/(?<![-\w])color: ?([^;"]+)/g)].map((m) => m[1].trim().toLowerCase());
    expect(colours.length).toBeGreaterThan(3);
    expect(new Set(colours)).toEqual(new Set(['#000000']));
    expect(svg).toMatch(/fill="#ffffff"/);
  });
});

describe('stencils a code shape draws inside itself', () => {
  it("draws a BPMN task's marker and an AWS 4 group's icon from the stencils, which a page without them leaves out", async () => {
    const stencils = await nodeStencils();
    const cells = [
      '<mxCell id="t" value="" style="shape=mxgraph.bpmn.task;taskMarker=user;html=1;" vertex="1" parent="1"><mxGeometry x="20" y="20" width="120" height="80" as="geometry"/></mxCell>',
      '<mxCell id="g" value="" style="shape=mxgraph.aws4.group;grIcon=mxgraph.aws4.group_aws_cloud;strokeColor=#232F3E;fillColor=none;html=1;" vertex="1" parent="1"><mxGeometry x="200" y="20" width="200" height="100" as="geometry"/></mxCell>',
    ];
    const file = readDrawioFile(`<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`, 'made.drawio');
    const paths = (body: string) => (body.match(/<path /g) ?? []).length;
    const bare = drawPage(file, { image: () => undefined }).body;
    const withStencils = stencils.drawing(() => drawPage(file, { image: () => undefined, stencils }).body);
    // The user's head and shoulders, and the cloud icon filled in the group's strokeColor.
    expect(paths(withStencils)).toBeGreaterThan(paths(bare) + 1);
    const iconFill = (body: string) => (body.match(/fill="#232F3E"/gi) ?? []).length;
    expect(iconFill(bare)).toBe(0);
    expect(iconFill(withStencils)).toBeGreaterThan(0);
  });
});

describe('a cell of a file with no style', () => {
  it("is drawn on diagrams.net's default vertex (a 1 px black box, a black label), as one whose style says so, not as the studio's own", () => {
    const geometry = (x: number) => `<mxGeometry x="${x}" y="20" width="40" height="30" as="geometry"/>`;
    const [absent, empty, said] = cellsOf(
      page([
        `<mxCell id="absent" value="1" vertex="1" parent="1">${geometry(20)}</mxCell>`,
        `<mxCell id="empty" value="2" style="" vertex="1" parent="1">${geometry(100)}</mxCell>`,
        `<mxCell id="said" value="3" style="rounded=0;" vertex="1" parent="1">${geometry(180)}</mxCell>`,
      ]),
    );
    const look = (cell: { drawn: Drawn; html?: string }) => ({ outline: cell.drawn.g ?? cell.drawn.path ?? cell.drawn.rect, colour: cell.html?.match(/(?<![-\w])color: ?([^;"]+)/)?.[1] });
    expect(look(said).colour).toBe('#000000');
    expect(look(absent)).toEqual(look(said));
    expect(look(empty)).toEqual(look(said));
    expect(JSON.stringify(look(said).outline)).toMatch(/stroke-width":"1"|"stroke":"#000000"/);
  });

  it("draws the label shape's picture beside its text, stretched to its box, and an image cell's name below it", () => {
    const dot = 'data:image/png,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    const records = readDrawioFile(
      `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>` +
        `<mxCell id="gear" value="Gear" style="label;whiteSpace=wrap;html=1;image=${dot};" vertex="1" parent="1"><mxGeometry x="20" y="20" width="160" height="60" as="geometry"/></mxCell>` +
        `<mxCell id="icon" value="Router" style="aspect=fixed;html=1;image;image=${dot};" vertex="1" parent="1"><mxGeometry x="220" y="20" width="50" height="50" as="geometry"/></mxCell>` +
        '</root></mxGraphModel></diagram></mxfile>',
      'made.drawio',
    );
    const [gear, icon] = cellsOf(`<svg>${drawPage(records, { image: (source) => (source.kind === 'data' ? source.url : undefined) }).body}</svg>`);
    const picture = (gear.drawn.g ?? []).find((g) => g.transform === 'translate(7,9)') as { image?: Record<string, string> } | undefined;
    expect(picture?.image).toMatchObject({ width: '42', height: '42', preserveAspectRatio: 'none' });
    // The text clear of it, from 52 + 2 px.
    expect(cssPx(gear.html, 'padding-left')).toBeGreaterThanOrEqual(54);
    // The image cell's name under its picture (its 50 px, the spacing and diagrams.net's 5 px), on white.
    expect(cssPx(icon.html, 'top')).toBe(57);
    expect(icon.lines[0].y).toBeGreaterThan(57);
    expect(JSON.stringify(icon.drawn)).toMatch(/background: ?white|"fill":"white"/);
  });

  it("turns and mirrors an image cell's picture about its centre as diagrams.net does, north and south in the box turned a quarter", () => {
    const dot = 'data:image/png,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    const cell = (id: string, style: string, x: number) => `<mxCell id="${id}" style="image;image=${dot};${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="20" width="60" height="20" as="geometry"/></mxCell>`;
    const records = readDrawioFile(
      `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>` +
        cell('west', 'flipV=1;direction=west;', 0) +
        cell('south', 'direction=south;', 100) +
        cell('plain', '', 200) +
        '</root></mxGraphModel></diagram></mxfile>',
      'made.drawio',
    );
    const body = drawPage(records, { image: (source) => (source.kind === 'data' ? source.url : undefined) }).body;
    expect(body).toContain('<g transform="rotate(180 30 10) translate(30 10) scale(1 -1) translate(-30 -10)"><image x="0" y="0" width="60" height="20"');
    expect(body).toContain('<g transform="rotate(90 30 10) translate(30 10) scale(1 1) translate(-30 -10)"><image x="20" y="-20" width="20" height="60"');
    expect(body.match(/<image /g)).toHaveLength(3);
    expect(body.match(/<g transform="rotate\(/g)).toHaveLength(2);
  });

  it('keeps its container a plain box that holds its cells, and an edge with no style an edge', () => {
    const records = readDrawioFile(
      `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>` +
        '<mxCell id="box" value="Box" vertex="1" parent="1"><mxGeometry x="0" y="0" width="200" height="100" as="geometry"/></mxCell>' +
        '<mxCell id="in" value="In" vertex="1" parent="box"><mxGeometry x="20" y="20" width="40" height="30" as="geometry"/></mxCell>' +
        '<mxCell id="e" edge="1" parent="1" source="in" target="box"><mxGeometry relative="1" as="geometry"/></mxCell>' +
        '</root></mxGraphModel></diagram></mxfile>',
      'made.drawio',
    );
    expect(records.filter((r) => r.kind === 'group').length + records.filter((r) => r.kind === 'shape').length).toBe(2);
    expect(records.filter((r) => r.kind === 'edge')).toHaveLength(1);
    const svg = drawPage(records, { image: () => undefined }).body;
    expect(svg).not.toContain(GROUP_FRAME_DASHES);
  });
});
