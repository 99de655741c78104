/** SysML's state-machine, sequence and use-case shapes and its composite, with mxSysML.js's geometry. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';

describe('SysML states and sequences', () => {
  it('draws a composite state and a region under their tabs, the region halved by a dashed line', () => {
    const state = draw('shape=mxgraph.sysml.compState', 200, 100);
    expect(state.rects.map(boxOf)).toEqual([[0, 20, 200, 80], [15, 0, 110, 20]]);
    expect(state.rects[0].attrs.rx).toBe('10');
    const region = draw('shape=mxgraph.sysml.region;strokeWidth=2', 200, 100);
    expect(region.rects.map(boxOf)).toEqual([[0, 20, 200, 80], [15, 0, 50, 20]]);
    expect(region.rects[1].attrs['stroke-width']).toBe('4');
    expect(pointsOf(region.paths[0].attrs.d)).toEqual([[100, 20], [100, 100]]);
    expect(region.paths[0].attrs['stroke-dasharray']).toBe('6 6');
    // diagrams.net dashes it in widths of the line, with the style's dashPattern, whatever fixDash says.
    expect(draw('shape=mxgraph.sysml.region;strokeWidth=2;fixDash=1;dashPattern=4 2', 200, 100).paths[0].attrs['stroke-dasharray']).toBe('8 4');
  });

  it("draws a state machine's bull's eye on its right side, filled in the stroke colour", () => {
    const machine = draw('shape=mxgraph.sysml.stateMachine', 120, 60, { stroke: '#82b366' });
    expect(machine.rects.map(boxOf)).toEqual([[0, 0, 110, 60]]);
    expect(circlesOf(machine.ellipses)).toEqual([[110, 30, 10, 'none', '#82b366'], [110, 30, 7, '#82b366', '#82b366']]);
    expect(draw('shape=mxgraph.sysml.submState', 120, 60).ellipses).toHaveLength(2);
  });

  it('draws a continuation round at the ends of its longer side', () => {
    expect(draw('shape=mxgraph.sysml.cont', 100, 40).paths[0].attrs.d).toBe('M80,0 A20,20 0 0 1 80,40 L20,40 A20,20 0 0 1 20,0 Z');
    expect(draw('shape=mxgraph.sysml.cont', 40, 100).paths[0].attrs.d).toBe('M0,80 A20,20 0 0 0 40,80 L40,20 A20,20 0 0 0 0,20 Z');
  });

  it('draws coregion brackets, a dimension, a partition, an X and a use case with extension points', () => {
    expect(pointsOf(draw('shape=mxgraph.sysml.coregion', 20, 100).paths[0].attrs.d)).toEqual([[0, 10], [0, 0], [20, 0], [20, 10], [0, 90], [0, 100], [20, 100], [20, 90]]);
    const dimension = pointsOf(draw('shape=mxgraph.sysml.dimension', 200, 60).paths[0].attrs.d);
    expect(dimension.slice(0, 5)).toEqual([[0, 20], [200, 20], [10, 15], [0, 20], [10, 25]]);
    expect(dimension.at(-1)).toEqual([200, 60]);
    expect(pointsOf(draw('shape=mxgraph.sysml.actPart', 100, 300).paths[0].attrs.d)).toEqual([[0, 0], [0, 300], [100, 0], [100, 300]]);
    expect(pointsOf(draw('shape=mxgraph.sysml.x', 20, 20).paths[0].attrs.d)).toEqual([[0, 0], [20, 20], [0, 20], [20, 0]]);
    const useCase = draw('shape=mxgraph.sysml.useCaseExtPt', 200, 100);
    expect(pointsOf(useCase.paths[0].attrs.d)).toEqual([[4, 35], [196, 35]]);
  });
});

describe('the SysML composite', () => {
  const model =
    'shape=mxgraph.sysml.composite;symbol0=folder;tabWidth=80;tabHeight=20;tabPosition=left;symbol1=triangle;symbol1Width=7;symbol1Height=10;symbol1Align=right;symbol1VerticalAlign=top;symbol1Spacing=8;symbol1VSpacing=25;symbol1Direction=north;strokeWidth=2;dashed=1';

  it('draws symbol0 over the box and symbol1 at its size, aligned and turned by its direction, undashed', () => {
    const composite = draw(model, 160, 90);
    // The folder with its tab 80 px wide on the left.
    expect(pointsOf(composite.paths[0].attrs.d).slice(0, 4)).toEqual([[0, 20], [0, 0], [80, 0], [80, 20]]);
    expect(composite.paths[0].attrs['stroke-dasharray']).toBe('6 6');
    // The triangle in its 7 x 10 box, 8 px from the right and 25 from the top, turned north about its centre.
    expect(composite.markup).toContain('<g transform="translate(145 25) rotate(270 3.5 5)">');
    expect(pointsOf(composite.paths[1].attrs.d)).toEqual([[0, 0], [7, 5], [0, 10]]);
    expect(composite.paths[1].attrs['stroke-dasharray']).toBeUndefined();
  });

  it('centres and bottom-aligns symbols, and draws nothing for a symbol0 it does not know', () => {
    const centred = draw('shape=mxgraph.sysml.composite;symbol0=rect;symbol1=ellipse;symbol1Width=20;symbol1Height=10;symbol1Align=center;symbol1VerticalAlign=bottom;symbol1VSpacing=5', 100, 60);
    expect(centred.markup).toContain('translate(40 45)');
    // rounded=1 rounds none of its shapes: diagrams.net never applies the style to them.
    expect(draw('shape=mxgraph.sysml.composite;symbol0=rectangle;rounded=1', 100, 60).rects[0].attrs.rx).toBeUndefined();
    expect(draw('shape=mxgraph.sysml.composite;symbol0=nothing', 100, 60).elements.filter((e) => e.tag !== 'g')).toEqual([]);
  });
});
