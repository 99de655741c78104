/**
 * Containers drawn in code as diagrams.net draws them: swimlane header bands (startSize, the
 * stylesheet's 23 for `swimlane;`, 40 for a bare `shape=swimlane`), vertical lanes, lane fills,
 * dividers, rounded lanes; UML frames' tabs, states, lifelines; AWS 4 groups with their icon.
 */
import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import type { StencilPaint } from './stencil-figure';
import { codeShapeLabelBox, codeShapeMarkup } from './code-shapes';
import { boxOf, draw, elementsOf, pointsOf } from './code-shapes-test-kit';

describe('swimlanes', () => {
  it('draws the header band startSize deep in the fill, the body outlined, and the divider', () => {
    const { paths } = draw('swimlane;startSize=30;fillColor=#dae8fc;strokeColor=#6c8ebf', 200, 120, { fill: '#dae8fc', stroke: '#6c8ebf' });
    const [head, body, divider] = paths;
    expect(pointsOf(head.attrs.d)).toEqual([[0, 30], [0, 0], [200, 0], [200, 30]]);
    expect(head.attrs.fill).toBe('#dae8fc');
    expect(pointsOf(body.attrs.d)).toEqual([[0, 30], [0, 120], [200, 120], [200, 30]]);
    // No swimlaneFillColor: the body is only outlined.
    expect(body.attrs.fill).toBe('none');
    expect(body.attrs.stroke).toBe('#6c8ebf');
    expect(pointsOf(divider.attrs.d)).toEqual([[0, 30], [200, 30]]);
    expect(codeShapeLabelBox(styleEntries('swimlane;startSize=30'), 200, 120)).toEqual({ x: 0, y: 0, w: 200, h: 30 });
  });

  it("takes the stylesheet's startSize: 23 for a `swimlane;` style, 40 for `shape=swimlane` alone", () => {
    expect(pointsOf(draw('swimlane;html=1', 160, 100).paths[0].attrs.d)[0]).toEqual([0, 23]);
    expect(pointsOf(draw('shape=swimlane;html=1', 160, 100).paths[0].attrs.d)[0]).toEqual([0, 40]);
    // A band deeper than the lane is cut to it, and the body is not drawn.
    expect(draw('swimlane;startSize=80', 160, 50).paths.map((p) => pointsOf(p.attrs.d))).toEqual([[[0, 50], [0, 0], [160, 0], [160, 50]], [[0, 50], [160, 50]]]);
  });

  it('puts the band at the left for horizontal=0, and the label in it', () => {
    const { paths } = draw('swimlane;horizontal=0;startSize=25', 300, 100);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[25, 0], [0, 0], [0, 100], [25, 100]]);
    expect(pointsOf(paths[1].attrs.d)).toEqual([[25, 0], [300, 0], [300, 100], [25, 100]]);
    expect(pointsOf(paths[2].attrs.d)).toEqual([[25, 0], [25, 100]]);
    expect(codeShapeLabelBox(styleEntries('swimlane;horizontal=0;startSize=25'), 300, 100)).toEqual({ x: 0, y: 0, w: 25, h: 100 });
  });

  it('fills the body with swimlaneFillColor, leaves the divider out with swimlaneLine=0, rounds with rounded=1', () => {
    const filled = draw('swimlane;startSize=20;swimlaneFillColor=#fff2cc;swimlaneLine=0', 100, 100);
    expect(filled.paths).toHaveLength(2);
    expect(filled.paths[1].attrs.fill).toBe('#fff2cc');
    const rounded = draw('swimlane;startSize=20;rounded=1', 100, 100);
    // startSize x 15% x 3 = 9: the header's top corners are quadratic curves 9 in.
    expect(rounded.paths[0].attrs.d).toMatch(/^M100,20 L100,9 Q100,0 91,0 L9,0 Q0,0 0,9 L0,20$/);
  });

  it('draws a table with a header as a swimlane and one without as a rectangle; a table row as its own sides', () => {
    expect(draw('shape=table;startSize=30;container=1', 200, 100).paths).toHaveLength(3);
    const plain = draw('shape=table;startSize=0;container=1', 200, 100);
    expect(plain.rects.map(boxOf)).toEqual([[0, 0, 200, 100]]);
    expect(codeShapeLabelBox(styleEntries('shape=table;startSize=0'), 200, 100)).toBeUndefined();
    // Its inner lines: across at each row's top after the first, down at each column's left, below a header.
    const grid = { rows: [60], columns: [80, 140] };
    const lined = codeShapeMarkup(styleEntries('shape=table;startSize=0'), { w: 200, h: 100, fill: '#fff', stroke: '#000', gradientId: 'g', table: grid })!;
    expect(pointsOf(elementsOf(lined).filter((e) => e.tag === 'path')[0].attrs.d)).toEqual([[0, 60], [200, 60], [80, 0], [80, 100], [140, 0], [140, 100]]);
    const headed = codeShapeMarkup(styleEntries('shape=table;startSize=30;rowLines=0'), { w: 200, h: 100, fill: '#fff', stroke: '#000', gradientId: 'g', table: grid })!;
    expect(pointsOf(elementsOf(headed).filter((e) => e.tag === 'path').at(-1)!.attrs.d)).toEqual([[80, 30], [80, 100], [140, 30], [140, 100]]);
    // A row with no sides draws no line (the table draws them).
    const row = draw('shape=tableRow;horizontal=0;startSize=0;top=0;left=0;bottom=0;right=0;fillColor=none', 200, 40, { fill: 'none' });
    expect(row.paths).toHaveLength(0);
  });

  it("lays diagrams.net's glass over a lane's top as tall as its header, a vertical lane's too", () => {
    const lane = draw('swimlane;startSize=30;glass=1', 200, 100);
    expect(lane.paths.at(-1)!.attrs.d).toBe('M-1,-1 L-1,12 Q100,21 201,12 L201,-1 Z');
    // A vertical lane's header is at its left; diagrams.net lays the glass across its top all the same.
    expect(draw('swimlane;startSize=30;glass=1;horizontal=0', 200, 100).paths.at(-1)!.attrs.d).toBe('M-1,-1 L-1,12 Q100,21 201,12 L201,-1 Z');
    expect(draw('swimlane;startSize=30;horizontal=0', 200, 100).markup).not.toContain('glass');
  });
});

describe('UML containers', () => {
  it("draws a frame's tab 60 x 30 with its cut corner by default, as wide and high as width and height say", () => {
    const frame = draw('shape=umlFrame;whiteSpace=wrap', 400, 300);
    expect(pointsOf(frame.paths[0].attrs.d)).toEqual([[0, 0], [60, 0], [60, 15], [50, 30], [0, 30]]);
    expect(pointsOf(frame.paths[1].attrs.d)).toEqual([[60, 0], [400, 0], [400, 300], [0, 300], [0, 30]]);
    const wide = draw('shape=umlFrame;width=240;height=20', 1080, 660);
    expect(pointsOf(wide.paths[0].attrs.d)).toEqual([[0, 0], [240, 0], [240, 5], [230, 20], [0, 20]]);
    expect(codeShapeLabelBox(styleEntries('shape=umlFrame;width=240;height=20'), 1080, 660)).toEqual({ x: 0, y: 0, w: 240, h: 20 });
  });

  it('draws a state rounded by an absolute arc, with the collapse symbol at its bottom right', () => {
    const state = draw('shape=umlState;rounded=1;absoluteArcSize=1;arcSize=10;umlStateSymbol=collapseState', 140, 60);
    expect(state.paths[0].attrs.d.startsWith('M0,10 A10,10 0 0 1 10,0 L130,0')).toBe(true);
    expect(state.rects.map(boxOf)).toEqual([[100, 40, 10, 10], [120, 40, 10, 10]]);
  });

  it("draws a lifeline's head 40 high and a dashed line down its middle", () => {
    const lifeline = draw('shape=umlLifeline;perimeter=lifelinePerimeter;container=1', 100, 600);
    expect(lifeline.rects.map(boxOf)).toEqual([[0, 0, 100, 40]]);
    expect(pointsOf(lifeline.paths[0].attrs.d)).toEqual([[50, 40], [50, 600]]);
    expect(lifeline.paths[0].attrs['stroke-dasharray']).toBe('3 3');
    expect(codeShapeLabelBox(styleEntries('shape=umlLifeline;size=60'), 100, 600)).toEqual({ x: 0, y: 0, w: 100, h: 60 });
  });
});

describe('AWS 4 groups', () => {
  const drawn: Array<{ name: string; box: readonly number[]; paint: StencilPaint }> = [];
  const stencils = (name: string, box: readonly [number, number, number, number], paint: StencilPaint) => {
    drawn.push({ name, box, paint });
    return `<path d="M0,0" data-icon="${name}"/>`;
  };

  it('draws the frame and its grIcon, 25 px, in the stroke colour at the top left; centred for groupCenter', () => {
    drawn.length = 0;
    const group = draw('shape=mxgraph.aws4.group;grIcon=mxgraph.aws4.group_vpc;strokeColor=#248814;fillColor=none;verticalAlign=top;align=left;spacingLeft=30', 400, 300, { fill: 'none', stroke: '#248814' }, stencils);
    expect(group.rects.map(boxOf)).toEqual([[0, 0, 400, 300]]);
    expect(group.rects[0].attrs.stroke).toBe('#248814');
    expect(group.markup).toContain('data-icon="mxgraph.aws4.group_vpc"');
    expect(drawn[0]).toMatchObject({ name: 'mxgraph.aws4.group_vpc', box: [0, 0, 25, 25], paint: { fill: '#248814', stroke: 'none' } });
    draw('shape=mxgraph.aws4.groupCenter;grIcon=mxgraph.aws4.group_region;grStroke=0', 300, 200, {}, stencils);
    expect(drawn[1].box).toEqual([137.5, 0, 25, 25]);
  });

  it('leaves the outline out with grStroke=0, and the icon out when no drawer is given', () => {
    const bare = draw('shape=mxgraph.aws4.group;grIcon=mxgraph.aws4.group_vpc;grStroke=0', 100, 100);
    expect(bare.rects[0].attrs.stroke).toBe('none');
    expect(bare.elements.filter((element) => element.tag !== 'g')).toHaveLength(1);
  });
});
