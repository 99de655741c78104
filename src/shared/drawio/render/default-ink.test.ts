/**
 * Which colours are diagrams.net's default ink (drawn in the theme's ink on the canvas, black in
 * the export), read from a made-here file through the real reader: a shape, an edge and a
 * container that name no colour (or `default`) against ones that name red, and a shape an edit
 * recoloured since.
 */
import { describe, expect, it } from 'vitest';
import { readDrawioFile } from '../../../main/domains/drawio/file/drawio-file';
import type { EdgeRecord, GroupRecord, ShapeRecord } from '../model';
import { styleEntries } from '../stencils';
import { fileStyleText } from '../model';
import { drawnColors, edgeStroke, markersInUse } from './cell-paint';
import { CANVAS_INK, CANVAS_PAPER, FILE_INK, FILE_PAPER, canvasLabelColor, frameColors, inkOn, keepsDefaultColor, memberSurface, surfaceOfFill, readableOnCanvas } from './default-ink';

const NO_VOCABULARY = { customTypes: new Map(), customThemes: new Map() };
const RED = '#ff0000';

const cells = [
  '<mxCell id="plain" value="Plain" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="120" height="60" as="geometry"/></mxCell>',
  '<mxCell id="said" value="Said default" style="ellipse;strokeColor=default;fillColor=none;fontColor=default;" vertex="1" parent="1"><mxGeometry x="200" y="0" width="120" height="60" as="geometry"/></mxCell>',
  `<mxCell id="red" value="Red" style="rounded=0;strokeColor=${RED};fontColor=${RED};fillColor=none;" vertex="1" parent="1"><mxGeometry x="400" y="0" width="120" height="60" as="geometry"/></mxCell>`,
  '<mxCell id="e1" style="endArrow=classic;html=1;" edge="1" parent="1" source="plain" target="said"><mxGeometry relative="1" as="geometry"/></mxCell>',
  `<mxCell id="e2" style="endArrow=classic;strokeColor=${RED};" edge="1" parent="1" source="said" target="red"><mxGeometry relative="1" as="geometry"/></mxCell>`,
  '<mxCell id="box" value="Box" style="rounded=0;container=1;" vertex="1" parent="1"><mxGeometry x="0" y="200" width="300" height="200" as="geometry"/></mxCell>',
  '<mxCell id="inner" value="In" style="rounded=0;" vertex="1" parent="box"><mxGeometry x="20" y="40" width="60" height="40" as="geometry"/></mxCell>',
];
const records = readDrawioFile(
  `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`,
  'made.drawio',
);
const shape = (text: string) => records.find((r): r is ShapeRecord => r.kind === 'shape' && r.text === text)!;
const edges = records.filter((r): r is EdgeRecord => r.kind === 'edge');
const edgeTo = (text: string) => edges.find((e) => e.target === shape(text).id)!;

describe("diagrams.net's default ink", () => {
  it('draws the outline a file leaves to the default in the ink asked for, a named colour as named', () => {
    expect(drawnColors(shape('Plain'), NO_VOCABULARY, CANVAS_INK).colors.stroke).toBe(CANVAS_INK);
    expect(drawnColors(shape('Said default'), NO_VOCABULARY, CANVAS_INK).colors.stroke).toBe(CANVAS_INK);
    expect(drawnColors(shape('Red'), NO_VOCABULARY, CANVAS_INK).colors.stroke).toBe(RED);
    // The export asks for none: diagrams.net's black.
    expect(drawnColors(shape('Plain'), NO_VOCABULARY).colors.stroke).toBe(FILE_INK);
  });

  it('fills a shape the file leaves to the default fill with the paper asked for; a named fill or none as named', () => {
    expect(drawnColors(shape('Plain'), NO_VOCABULARY, CANVAS_INK, CANVAS_PAPER).colors.fill).toBe(CANVAS_PAPER);
    expect(drawnColors(shape('Plain'), NO_VOCABULARY).colors.fill).toBe(FILE_PAPER);
    expect(drawnColors(shape('Said default'), NO_VOCABULARY, CANVAS_INK, CANVAS_PAPER).colors.fill).toBe('none');
    expect(drawnColors(shape('Red'), NO_VOCABULARY, CANVAS_INK, CANVAS_PAPER).colors.fill).toBe('none');
  });

  it('draws an edge with no colour of its own, and its heads, in the ink; a red one red', () => {
    expect(edgeStroke(edgeTo('Said default'), CANVAS_INK)).toBe(CANVAS_INK);
    expect(edgeStroke(edgeTo('Said default'))).toBe(FILE_INK);
    expect(edgeStroke(edgeTo('Red'), CANVAS_INK)).toBe(RED);
    expect(markersInUse(edges, CANVAS_INK).map((marker) => marker.color).sort()).toEqual([RED, CANVAS_INK].sort());
  });

  it('keeps a colour an edit gave since the file was read, even black', () => {
    const plain = shape('Plain');
    const recoloured: ShapeRecord = { ...plain, style: { ...plain.style, stroke: '#00aa00' }, file: { ...plain.file!, read: { style: plain.style, theme: plain.theme } } };
    expect(keepsDefaultColor(recoloured, 'stroke')).toBe(false);
    expect(drawnColors(recoloured, NO_VOCABULARY, CANVAS_INK).colors.stroke).toBe('#00aa00');
    // Edited elsewhere (its text), the outline is still the file's default.
    const renamed: ShapeRecord = { ...plain, text: 'Renamed', file: { ...plain.file!, read: { style: plain.style, theme: plain.theme, text: plain.text } } };
    expect(keepsDefaultColor(renamed, 'stroke')).toBe(true);
  });

  it("colours a label on the canvas itself in the ink unless the file names its colour; the studio's own shapes never", () => {
    const styleOf = (text: string) => styleEntries(fileStyleText(shape(text).file) ?? '');
    expect(canvasLabelColor(styleOf('Said default'), undefined, FILE_INK)).toBe(CANVAS_INK);
    expect(canvasLabelColor(styleOf('Said default'), 'theme', FILE_INK)).toBe(CANVAS_INK);
    expect(canvasLabelColor(styleOf('Said default'), 'file', FILE_INK)).toBe(FILE_INK);
    expect(canvasLabelColor(styleOf('Red'), undefined, RED)).toBe(RED);
    expect(canvasLabelColor(new Map(), undefined, '#1f2933')).toBe('#1f2933');
  });

  it('takes the ink of the surface under a label: the theme on the canvas and its paper, the file on a fill it names', () => {
    expect(surfaceOfFill('none')).toBeUndefined();
    expect(surfaceOfFill('transparent')).toBeUndefined();
    expect(surfaceOfFill(CANVAS_PAPER)).toBe('theme');
    expect(surfaceOfFill('#ffffff')).toBe('file');
    expect(surfaceOfFill('white')).toBe('file');
    expect(inkOn(undefined)).toBe(CANVAS_INK);
    expect(inkOn('theme')).toBe(CANVAS_INK);
    expect(inkOn('file')).toBe(FILE_INK);
  });

  it("gives a swimlane's members its body (swimlaneFillColor, none unless named) and another container's its fill", () => {
    const style = (text: string) => styleEntries(text);
    expect(memberSurface(style('swimlane;swimlaneFillColor=#ffffff;fillColor=none'), true, 'none')).toBe('file');
    expect(memberSurface(style('swimlane;swimlaneFillColor=white'), true, CANVAS_PAPER)).toBe('file');
    expect(memberSurface(style('swimlane;fillColor=#dae8fc'), true, '#dae8fc')).toBeUndefined();
    expect(memberSurface(style('swimlane;swimlaneFillColor=none'), true, CANVAS_PAPER)).toBeUndefined();
    expect(memberSurface(style('rounded=0;fillColor=#f5f5f5'), false, '#f5f5f5')).toBe('file');
    expect(memberSurface(style('rounded=0'), false, CANVAS_PAPER)).toBe('theme');
    expect(memberSurface(style('rounded=0;fillColor=none'), false, 'none')).toBeUndefined();
  });

  it("draws a container's default outline in the ink, its theme's when it has one", () => {
    const box = records.find((r): r is GroupRecord => r.kind === 'group')!;
    const style = styleEntries(fileStyleText(box.file) ?? '');
    expect(frameColors(undefined, style, CANVAS_INK, CANVAS_PAPER)).toEqual({ fill: CANVAS_PAPER, stroke: CANVAS_INK });
    expect(frameColors(undefined, style)).toEqual({ fill: '#ffffff', stroke: FILE_INK });
    expect(frameColors({ fill: '#eeeeee', stroke: RED }, style, CANVAS_INK).stroke).toBe(RED);
  });

  it('lightens on the dark canvas a dark colour the file names (hue kept), and leaves one that reads as named', () => {
    for (const dark of ['#000000', '#000', 'black', '#8b0000', 'rgb(0, 0, 128)']) expect(readableOnCanvas(dark)).toBe(`light-dark(${dark}, oklch(from ${dark} 0.78 c h))`);
    for (const reads of ['#ff0000', '#f5a623', '#ffffff', 'rgb(0, 160, 0)', 'var(--diagram-ink)', 'steelblue']) expect(readableOnCanvas(reads)).toBe(reads);
  });
});
