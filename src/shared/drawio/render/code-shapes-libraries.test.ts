/**
 * Library shapes diagrams.net draws in code: floor plans (walls 10 px thick unless wallThickness
 * says, doors swinging as wide as they are, stairs stepping every 25 px), block arrows, BPMN
 * events, C4 persons, DFD stores, ribbons, iOS pins and SysML item flows.
 */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';

describe('floor plans', () => {
  it('draws a wall as a bar 10 px thick along its middle, or wallThickness thick', () => {
    expect(draw('shape=mxgraph.floorplan.wall;fillColor=#000000', 100, 10).rects.map(boxOf)).toEqual([[0, 0, 100, 10]]);
    expect(draw('shape=mxgraph.floorplan.wall', 200, 40).rects.map(boxOf)).toEqual([[0, 15, 200, 10]]);
    expect(draw('shape=mxgraph.floorplan.wall;wallThickness=4', 200, 40).rects.map(boxOf)).toEqual([[0, 18, 200, 4]]);
    const window = draw('shape=mxgraph.floorplan.window', 100, 10);
    expect(window.rects.map(boxOf)).toEqual([[0, 0, 100, 10]]);
    expect(pointsOf(window.paths[0].attrs.d)).toEqual([[0, 5], [100, 5]]);
  });

  it('draws corner and U walls with the thickness on their sides', () => {
    expect(pointsOf(draw('shape=mxgraph.floorplan.wallCorner', 220, 100).paths[0].attrs.d)).toEqual([[0, 100], [0, 0], [220, 0], [220, 10], [10, 10], [10, 100]]);
    expect(pointsOf(draw('shape=mxgraph.floorplan.wallU;wallThickness=6', 100, 50).paths[0].attrs.d)).toEqual([[0, 50], [0, 0], [100, 0], [100, 50], [94, 50], [94, 6], [6, 6], [6, 50]]);
  });

  it('swings a door as wide as it is, under a 5 px frame; a double door in two halves', () => {
    const left = draw('shape=mxgraph.floorplan.doorLeft;aspect=fixed', 80, 85);
    expect(left.rects.map(boxOf)).toEqual([[0, 0, 80, 5]]);
    expect(left.paths[0].attrs.d).toBe('M80,5 A80,80 0 0 1 0,85 L0,5');
    expect(draw('shape=mxgraph.floorplan.doorRight', 80, 85).paths[0].attrs.d).toBe('M0,5 A80,80 0 0 0 80,85 L80,5');
    expect(draw('shape=mxgraph.floorplan.doorDouble', 160, 85).paths[0].attrs.d).toContain('A80,80 0 0 1 0,85');
  });

  it('steps stairs every 25 px, at least 50 wide, with the walking line and its arrow', () => {
    const stairs = draw('shape=mxgraph.floorplan.stairs', 100, 80);
    expect(pointsOf(stairs.paths[0].attrs.d)).toEqual([[25, 0], [25, 80], [50, 0], [50, 80], [75, 0], [75, 80]]);
    expect(pointsOf(stairs.paths[1].attrs.d)).toEqual([[0, 40], [100, 40], [75, 0], [100, 40], [75, 80]]);
    expect(draw('shape=mxgraph.floorplan.stairs', 30, 80).rects.map(boxOf)).toEqual([[0, 0, 50, 80]]);
  });
});

describe('arrows, C4, DFD, infographics, mockups, SysML', () => {
  it('draws a block arrow with its shaft dy of the height and its head dx long', () => {
    expect(pointsOf(draw('shape=mxgraph.arrows2.arrow;dy=0.8;dx=16;notch=0', 80, 10).paths[0].attrs.d)).toEqual([[0, 4], [64, 4], [64, 0], [80, 5], [64, 10], [64, 6], [0, 6], [0, 5]]);
    expect(pointsOf(draw('shape=mxgraph.arrows2.arrow;dy=0.6;dx=40;notch=10', 200, 100).paths[0].attrs.d).at(-1)).toEqual([10, 50]);
  });

  it('draws a C4 person with a head a third as high and a rounded body from 0.8 of the head', () => {
    const person = draw('shape=mxgraph.c4.person', 110, 140);
    const head = person.ellipses[0].attrs;
    expect([Number(head.rx), Number(head.cy)]).toEqual([23.33, 23.33]);
    expect(person.paths[0].attrs.d.startsWith('M0,60.67 A23.33,23.33 0 0 1 23.33,37.33')).toBe(true);
  });

  it('draws a DFD store open on the right with a 30 px id column, and a ribbon with its notch and point', () => {
    const store = draw('shape=mxgraph.dfd.dataStoreID', 100, 30);
    expect(pointsOf(store.paths[0].attrs.d)).toEqual([[100, 30], [0, 30], [0, 0], [100, 0]]);
    expect(pointsOf(store.paths[1].attrs.d)).toEqual([[30, 0], [30, 30]]);
    expect(pointsOf(draw('shape=mxgraph.infographic.ribbonSimple;notch1=20;notch2=0', 170, 40).paths[0].attrs.d)).toEqual([[0, 40], [20, 20], [0, 0], [170, 0], [170, 20], [170, 40]]);
  });

  it("draws an iOS pin's head shaded from fillColor2 to fillColor3 on a grey stem", () => {
    const pin = draw('shape=mxgraph.ios.iPin;fillColor2=#00dd00;fillColor3=#004400;strokeColor=#006600', 10, 25, { stroke: '#006600' });
    expect(pin.paths[0].attrs.stroke).toBe('#666666');
    expect(pin.markup).toContain('stop-color="#00dd00"');
    expect(pin.markup).toContain('stop-color="#004400"');
    expect(pin.ellipses[0].attrs).toMatchObject({ fill: 'url(#g1-own)', stroke: '#006600', ry: '5' });
  });

  it('draws SysML item flows with their ports, and a package with its name tab labelX wide', () => {
    const east = draw('shape=mxgraph.sysml.itemFlow;flowDir=e;flowType=out', 160, 120);
    expect(east.rects.map(boxOf)).toEqual([[0, 0, 150, 120], [140, 50, 20, 20]]);
    expect(east.paths).toHaveLength(1);
    expect(draw('shape=mxgraph.sysml.itemFlowLeft', 160, 120).rects.map(boxOf)).toEqual([[10, 0, 150, 120], [0, 20, 20, 20], [0, 50, 20, 20], [0, 80, 20, 20]]);
    const pkg = draw('shape=mxgraph.sysml.package;labelX=158', 890, 450);
    expect(pointsOf(pkg.paths[0].attrs.d)).toEqual([[0, 20], [148, 20], [158, 10], [158, 0]]);
  });
});
