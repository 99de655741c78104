/** The legacy Entity Relation shapes, as mxER.js draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf, textsOf } from './code-shapes-test-kit';

describe('ER shapes', () => {
  it('draws an entity as a box of 10 px corners, rect or double-framed, its buttonText in textColor in the middle', () => {
    const round = draw('shape=mxgraph.er.entity;buttonText=Person;textColor=#333333;fontSize=14', 100, 40);
    expect(round.paths[0].attrs.d).toBe('M0,10 A10,10 0 0 1 10,0 L90,0 A10,10 0 0 1 100,10 L100,30 A10,10 0 0 1 90,40 L10,40 A10,10 0 0 1 0,30 Z');
    expect(textsOf(round.markup)).toEqual([['Person', 50, '#333333', 14]]);
    const framed = draw('shape=mxgraph.er.entity;buttonStyle=dblFrame;fillColor=#ffeecc', 100, 40);
    // The inner frame a tenth of the shorter side in, stroked only.
    expect(pointsOf(framed.paths[1].attrs.d)).toEqual([[4, 4], [96, 4], [96, 36], [4, 36]]);
    expect(framed.paths[1].attrs.fill).toBe('none');
    // Without a fontSize, the default vertex style's 12.
    expect(textsOf(framed.markup)).toEqual([['Entity', 50, '#666666', 12]]);
  });

  it("draws attributes as ellipses and relations as rhombi, double-framed in the shape's fill", () => {
    const attribute = draw('shape=mxgraph.er.attribute;buttonStyle=dblFrame;buttonText=id', 80, 40, { fill: '#f5f5f5' });
    expect(circlesOf(attribute.ellipses)).toEqual([[40, 20, 40, '#f5f5f5', '#000000'], [40, 20, 36, 'none', '#000000']]);
    const has = draw('shape=mxgraph.er.has;buttonStyle=dblFrame;fillColor=#dae8fc', 100, 60, { fill: '#dae8fc' });
    expect(pointsOf(has.paths[1].attrs.d)).toEqual([[10, 30], [50, 6], [90, 30], [50, 54]]);
    expect(has.paths[0].attrs.fill).toBe('#dae8fc');
  });

  it("widens an extended entity to its longest attribute and lists them under a header in the shape's fill", () => {
    const ext = draw('shape=mxgraph.er.entityExt;buttonText=Order;subText=id,a much longer attribute name;fillColor=#008cff;fillColor2=#ffffff;strokeColor=#666666;fontSize=12', 40, 30, { fill: '#008cff', stroke: '#666666' });
    // Header 15 px (1.25 x 12) in the fill, the rest in fillColor2; at least three bands high.
    const header = ext.paths[1];
    expect(header.attrs.fill).toBe('#008cff');
    expect(pointsOf(header.attrs.d).at(-1)).toEqual([0, 15]);
    const w = Math.max(...pointsOf(ext.paths[0].attrs.d).map(([x]) => x));
    expect(w).toBeGreaterThan(100);
    expect(textsOf(ext.markup).map(([text, x, fill]) => [text, x, fill])).toEqual([['Order', w / 2, '#ffffff'], ['id', 5, '#666666'], ['a much longer attribute name', 5, '#666666']]);
    expect(Math.max(...pointsOf(ext.paths[0].attrs.d).map(([, y]) => y))).toBe(45);
  });

  it('folds a note in fillColor2, draws a hierarchy with its sub-box in the right half, and an rrect of rSize', () => {
    const note = draw('shape=mxgraph.er.note;fillColor2=#eeeeee', 100, 60);
    expect(pointsOf(note.paths[1].attrs.d)).toEqual([[80, 0], [100, 20], [80, 20]]);
    expect(note.paths[1].attrs.fill).toBe('#eeeeee');
    const hierarchy = draw('shape=mxgraph.er.hierarchy;buttonStyle=rect;buttonText=Person,x,z;subText=Student,y;fontSize=10', 200, 60);
    expect(pointsOf(hierarchy.paths[1].attrs.d)).toEqual([[100, 10], [190, 10], [190, 50], [100, 50]]);
    // Two names a side, one above the other across the middle (the third is not drawn).
    expect(textsOf(hierarchy.markup).map(([text, x]) => [text, x])).toEqual([['Person', 50], ['x', 50], ['Student', 140], ['y', 140]]);
    const rows = [...hierarchy.markup.matchAll(/<text x="[\d.]+" y="([\d.]+)">/g)].map(([, y]) => Number(y));
    expect(rows[1] - rows[0]).toBe(10);
    expect(draw('shape=mxgraph.er.rrect;rSize=6.7', 50, 50).rects[0].attrs.rx).toBe('6');
    expect(draw('shape=mxgraph.er.anchor', 50, 50).elements.filter((e) => e.tag !== 'g')).toEqual([]);
  });

  it("draws the notation legends' grids, markers and words", () => {
    const chen = draw('shape=mxgraph.er.chens;fontSize=20', 400, 200);
    expect(boxOf(chen.rects[0])).toEqual([0, 0, 400, 200]);
    expect(pointsOf(chen.paths[0].attrs.d)).toContainEqual([100, 100]);
    expect(textsOf(chen.markup).map(([text, , , size]) => [text, size]).slice(0, 4)).toEqual([["ERD Peter Chen's Notation", 20], ['Cardinality', 17], ['Optionality', 17], ['1', 14]]);
    const bachman = draw('shape=mxgraph.er.bachmans', 300, 300);
    // Two dots 20 px (h / 15) across on the optional rows.
    expect(circlesOf(bachman.ellipses).map(([x, y, r]) => [x, y, r])).toEqual([[128, 243.75, 10], [110, 281.25, 10]]);
    expect(textsOf(bachman.markup).map(([text]) => text)).toContain('has/forms');
    // The Information Engineering legend is at least five font sizes high.
    const ie = draw('shape=mxgraph.er.ie;fontSize=20', 300, 60);
    expect(boxOf(ie.rects[0])).toEqual([0, 0, 300, 100]);
    expect(ie.ellipses).toHaveLength(2);
    // Its last row (one or more) has no line: diagrams.net loses it.
    expect(pointsOf(ie.paths[0].attrs.d)).not.toContainEqual([12, 90]);
    expect(pointsOf(ie.paths[0].attrs.d)).toContainEqual([12, 70]);
  });
});
