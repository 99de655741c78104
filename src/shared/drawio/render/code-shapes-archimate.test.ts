/** The ArchiMate 3 palette, as mxArchiMate3.js draws it. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';
import { CODE_SHAPE_NAMES } from './code-shapes';
import { readDrawioFile } from '../../../main/domains/drawio/file/drawio-file';
import { drawPage } from './svg-page';

const a3 = 'shape=mxgraph.archimate3.';

/** The translate of each icon group a shape draws. */
const iconOrigins = (markup: string) => [...markup.matchAll(/(?<!^)<g transform="translate\(([\d.-]+) ([\d.-]+)\)">/g)].map(([, x, y]) => [Number(x), Number(y)]);

describe('ArchiMate 3 shapes', () => {
  it('registers the 32 shapes of the palette', () => {
    expect(CODE_SHAPE_NAMES.filter((name) => name.startsWith('mxgraph.archimate3.'))).toHaveLength(32);
  });

  it('draws an application frame square, rounded or octagonal per archiType', () => {
    const square = draw(`${a3}application;`, 150, 75);
    expect(boxOf(square.rects[0])).toEqual([0, 0, 150, 75]);
    expect(iconOrigins(square.markup)).toEqual([]);
    const rounded = draw(`${a3}application;archiType=rounded;`, 150, 75);
    expect(rounded.rects[0].attrs).toMatchObject({ rx: '10', ry: '10', width: '150' });
    const oct = draw(`${a3}application;archiType=oct;`, 150, 75);
    expect(pointsOf(oct.paths[0].attrs.d)).toEqual([[0, 10], [10, 0], [140, 0], [150, 10], [150, 65], [140, 75], [10, 75], [0, 65]]);
    // Too small for 10 px cuts: a plain box.
    expect(draw(`${a3}application;archiType=oct;`, 18, 40).rects).toHaveLength(1);
  });

  it("puts the appType's icon 15 px square in the top right corner, inset as diagrams.net insets it, solid on a dashed frame", () => {
    const comp = draw(`${a3}application;appType=comp;dashed=1;`, 150, 75);
    // The component icon: 1 px in from each side of the 15 px box at (130, 5), its body 3/4 of 13 px wide.
    expect(iconOrigins(comp.markup)).toEqual([[131, 5]]);
    expect(boxOf(comp.rects[1])).toEqual([3.25, 0, 9.75, 15]);
    expect(comp.rects[0].attrs['stroke-dasharray']).toBe('3 3');
    expect(comp.rects[1].attrs['stroke-dasharray']).toBeUndefined();
    const serv = draw(`${a3}application;appType=serv;`, 100, 60);
    expect(iconOrigins(serv.markup)).toEqual([[80, 8]]);
    // A service 15 x 9: half-round ends of radius 4.5.
    expect(serv.paths[0].attrs.d).toBe('M10.5,0 A4.5,4.5 0 0 1 10.5,9 L4.5,9 A4.5,4.5 0 0 1 4.5,0 Z');
    const netw = draw(`${a3}application;appType=netw;strokeColor=#123456;`, 100, 60);
    // The network's four nodes filled in the stroke colour.
    expect(netw.ellipses.map((e) => e.attrs.fill)).toEqual(Array(4).fill('#123456'));
    // An outcome: three rings, unfilled, and its arrow.
    const outcome = draw(`${a3}application;appType=outcome;`, 100, 60);
    expect(circlesOf(outcome.ellipses).map(([x, y, r, fill]) => [x, y, r, fill])).toEqual([[6, 9, 6, 'none'], [6, 9, 3.75, 'none'], [6, 9, 1.5, 'none']]);
    // An appType diagrams.net does not know draws the frame alone.
    const unknown = draw(`${a3}application;appType=nothing;`, 100, 60);
    expect([unknown.rects.length, unknown.paths.length, iconOrigins(unknown.markup)]).toEqual([1, 0, []]);
    // Nor does a name every object has.
    expect(iconOrigins(draw(`${a3}application;appType=constructor;`, 100, 60).markup)).toEqual([]);
    expect(iconOrigins(draw(`${a3}tech;techType=toString;`, 100, 60).markup)).toEqual([]);
  });

  it('draws each element in its whole box with its own parameters', () => {
    const component = draw(`${a3}component;`, 60, 40);
    expect(component.rects.map(boxOf)).toEqual([[15, 0, 45, 40], [0, 10, 30, 6], [0, 24, 30, 6]]);
    // A service wider than tall: round ends of half its height.
    expect(draw(`${a3}service;`, 120, 40).paths[0].attrs.d).toBe('M100,0 A20,20 0 0 1 100,40 L20,40 A20,20 0 0 1 20,0 Z');
    // Taller than wide: the ends meet in the middle.
    expect(draw(`${a3}service;`, 30, 60).paths[0].attrs.d).toBe('M15,0 A30,30 0 0 1 15,60 L15,60 A30,30 0 0 1 15,0 Z');
    expect(pointsOf(draw(`${a3}process;`, 100, 50).paths[0].attrs.d)).toEqual([[0, 15], [60, 15], [60, 0], [100, 25], [60, 50], [60, 35], [0, 35]]);
    expect(pointsOf(draw(`${a3}event;`, 100, 40).paths[0].attrs.d)).toEqual([[80, 0], [0, 40], [20, 20], [0, 0]]);
    expect(draw(`${a3}event2;`, 100, 40).paths[0].attrs.d).toContain('A20,20 0 0 0 0,0');
    expect(circlesOf(draw(`${a3}collaboration;`, 100, 50).ellipses).map(([x]) => x)).toEqual([30, 70]);
  });

  it('draws a business object, contract and product with their header lines only where they fit', () => {
    expect(draw(`${a3}businessObject;`, 100, 60).paths[0].attrs.d).toBe('M0,15 L100,15');
    expect(draw(`${a3}businessObject;`, 100, 12).paths).toHaveLength(0);
    expect(draw(`${a3}contract;`, 100, 60).paths.map((p) => p.attrs.d)).toEqual(['M0,15 L100,15', 'M0,45 L100,45']);
    expect(draw(`${a3}contract;`, 100, 25).paths).toHaveLength(1);
    expect(draw(`${a3}product;`, 100, 60).paths[0].attrs.d).toBe('M0,15 L60,15 L60,0');
  });

  it('dashes a path but not a communication network', () => {
    const path = draw(`${a3}path;`, 100, 30);
    expect(path.paths[1].attrs['stroke-dasharray']).toBe('3 3');
    expect(path.paths[0].attrs['stroke-dasharray']).toBeUndefined();
    const wide = draw(`${a3}path;strokeWidth=2;`, 100, 30);
    expect(wide.paths[1].attrs['stroke-dasharray']).toBe('6 6');
    expect(draw(`${a3}commNetw;`, 100, 30).paths.every((p) => p.attrs['stroke-dasharray'] === undefined)).toBe(true);
  });

  it('draws a technology box 10 px deep with its techType icon, a device unless told', () => {
    const device = draw(`${a3}tech;`, 150, 75);
    expect(pointsOf(device.paths[0].attrs.d).slice(0, 6)).toEqual([[0, 10], [10, 0], [150, 0], [150, 65], [140, 75], [0, 75]]);
    expect(iconOrigins(device.markup)).toEqual([[120, 15]]);
    // The device's screen, 0.88 of the icon high, has round corners of a tenth of the icon.
    expect(device.paths[1].attrs.d).toContain('A1.5,1.5 0 0 1 15,1.5 L15,11.7');
    const plateau = draw(`${a3}tech;techType=plateau;strokeColor=#aa0000;`, 150, 75);
    expect(plateau.rects.map((r) => [boxOf(r), r.attrs.fill])).toEqual([
      [[6, 0, 9, 3], '#aa0000'],
      [[3, 6, 9, 3], '#aa0000'],
      [[0, 12, 9, 3], '#aa0000'],
    ]);
    // Equipment: two gears, each a ring of 32 teeth points round a hole of four curves.
    const gears = draw(`${a3}tech;techType=equipment;`, 150, 75).paths[1].attrs.d;
    expect(gears.match(/C/g)).toHaveLength(8);
    expect(gears.match(/M/g)).toHaveLength(4);
    expect(gears).toContain('L10.2,0 L11.55,0');
  });

  it('draws a location with its pin and a gap with its sign in the corner', () => {
    const location = draw(`${a3}location;`, 100, 50);
    expect(boxOf(location.rects[0])).toEqual([0, 0, 100, 50]);
    expect(iconOrigins(location.markup)).toEqual([[83, 5]]);
    const gap = draw(`${a3}gap;`, 100, 50);
    expect(gap.paths[0].attrs.d).toContain('L100,42.5 A35,17.5 0 0 0 50,42.5');
    expect(iconOrigins(gap.markup)).toEqual([[80, 7]]);
    expect(gap.ellipses).toHaveLength(1);
  });

  it("fills a course of action's bull's eye with the style's fillColor", () => {
    const course = draw(`${a3}course;fillColor=#00ff00;`, 60, 60, { fill: '#00ff00' });
    expect(course.ellipses.map((e) => [e.attrs.fill, e.attrs.stroke])).toEqual([
      ['none', '#000000'],
      ['none', '#000000'],
      ['#00ff00', 'none'],
    ]);
  });

  it("draws the first ArchiMate palette's framed elements with their icons, as mxArchiMate.js draws them", () => {
    expect(CODE_SHAPE_NAMES.filter((name) => name.startsWith('mxgraph.archimate.'))).toHaveLength(9);
    // An application without appType: a plain box with a component icon.
    const app = draw('shape=mxgraph.archimate.application;', 150, 75);
    expect(boxOf(app.rects[0])).toEqual([0, 0, 150, 75]);
    expect(iconOrigins(app.markup)).toEqual([[131, 5]]);
    // Its service's tail bulges left past the icon's box, where the third palette's stays inside.
    expect(draw('shape=mxgraph.archimate.application;appType=service;', 150, 75).paths[0].attrs.d).toBe('M10.5,0 A4.5,4.5 0 0 1 10.5,9 L0,9 A4.5,4.5 0 0 1 0,0 Z');
    // A business element: a rounded box with a process arrow, slimmer than the third palette's.
    const business = draw('shape=mxgraph.archimate.business;', 150, 75);
    expect(business.rects[0].attrs).toMatchObject({ rx: '10', width: '150' });
    expect(iconOrigins(business.markup)).toEqual([[130, 7]]);
    expect(pointsOf(business.paths[0].attrs.d)).toEqual([[0, 1.65], [9.75, 1.65], [9.75, 0], [15, 5.5], [9.75, 11], [9.75, 9.35], [0, 9.35]]);
    // A motivation element: an octagon, a stakeholder's icon unless told; a principle's mark in the stroke colour.
    const motiv = draw('shape=mxgraph.archimate.motiv;motivType=princ;strokeColor=#aa00aa;', 150, 75);
    expect(pointsOf(motiv.paths[0].attrs.d)[0]).toEqual([0, 10]);
    expect(motiv.rects.map((r) => r.attrs.fill)).toEqual(['#aa00aa']);
    // A technology box's device has corners of a twentieth.
    expect(draw('shape=mxgraph.archimate.tech;', 150, 75).paths[1].attrs.d).toContain('A0.75,0.75 0 0 1 15,0.75');
    // A representation is the wave alone, without the third palette's header line.
    expect(draw('shape=mxgraph.archimate.representation;', 100, 60).paths).toHaveLength(1);
  });

  it('draws the icon hand-drawn with its frame when the style is sketched', () => {
    const sketched = draw(`${a3}application;appType=comp;sketch=1;`, 150, 75);
    // Sketched outlines are paths, not rects: the frame's and the icon's alike.
    expect(sketched.rects).toHaveLength(0);
    expect(sketched.markup).toMatch(/<g transform="translate\(131 5\)"><path/);
  });

  it("is drawn so in a page's SVG export too, the icon at the cell's corner", () => {
    const cell = `<mxCell id="a" value="Billing" style="shape=mxgraph.archimate3.application;appType=comp;archiType=rounded;fillColor=#99ffff;html=1;" vertex="1" parent="1"><mxGeometry x="40" y="60" width="150" height="75" as="geometry"/></mxCell>`;
    const file = readDrawioFile(`<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cell}</root></mxGraphModel></diagram></mxfile>`, 'made.drawio');
    const body = drawPage(file, { image: () => undefined }).body;
    expect(body).toContain('rx="10"');
    expect(body).toContain('<g transform="translate(131 5)"><rect x="3.25" y="0" width="9.75" height="15"');
  });
});
