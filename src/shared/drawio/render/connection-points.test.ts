/**
 * A cell's connection points as diagrams.net finds them: style `points=`, else its stencil's
 * `<connections>`, else its code shape's constraints, else the default quarters.
 */
import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import { connectionPointAt, connectionPointMarks, connectionPointsOf, type StencilConstraintsOf } from './connection-points';
import { perimeterBox, perimeterOfStyle } from './edge-perimeter';

const box = { x: 0, y: 0, w: 100, h: 60 };
// `<connections>` of diagrams.net's mxgraph.arrows.arrow_down stencil (stencils/arrows.xml): N and S, off the outline.
const arrowDown: StencilConstraintsOf = (name) =>
  name === 'mxgraph.arrows.arrow_down' ? [{ x: 0.5, y: 0, perimeter: false }, { x: 0.5, y: 1, perimeter: false }] : undefined;

/** The cell of this style in `box`: with its perimeter and turn. */
const cellOf = (style: string) => perimeterBox(box, perimeterOfStyle(styleEntries(style)));

/** The point a drop at (x, y) on `box` attaches to, for a cell of this style. */
function snap(style: string, x: number, y: number, stencils?: StencilConstraintsOf) {
  return connectionPointAt(cellOf(style), { x, y }, connectionPointsOf(styleEntries(style), stencils));
}

describe('connection points of a cell', () => {
  it("takes a stencil's own connection points, not the quarters", () => {
    expect(snap('shape=mxgraph.arrows.arrow_down;', 51, 58, arrowDown)).toEqual({ face: 'bottom', at: 0.5, perimeter: false });
    // The middle of its left side is no point of the stencil's: the end attaches floating.
    expect(snap('shape=mxgraph.arrows.arrow_down;', 1, 30, arrowDown)).toBeUndefined();
    // The same shape while its stencil is not loaded keeps the default points.
    expect(snap('shape=mxgraph.arrows.arrow_down;', 1, 30)).toEqual({ face: 'left', at: 0.5 });
  });

  it("a style's points= win over its stencil's", () => {
    expect(snap('shape=mxgraph.arrows.arrow_down;points=[[0,0.5]];', 1, 30, arrowDown)).toEqual({ face: 'left', at: 0.5 });
    expect(snap('shape=mxgraph.arrows.arrow_down;points=[[0,0.5]];', 51, 58, arrowDown)).toBeUndefined();
  });

  it("an ellipse has diagrams.net's eight points: toward the box's corners and middles, on the ellipse; no quarters", () => {
    // The box's top-left corner point is drawn on the ellipse, on the ray from its centre: 50 - 50/√2, 30 - 30/√2.
    expect(snap('ellipse;whiteSpace=wrap;', 15, 9)).toEqual({ face: 'top', at: 0 });
    expect(snap('ellipse;whiteSpace=wrap;', 1, 1)).toBeUndefined();
    expect(snap('ellipse;whiteSpace=wrap;', 99, 31)).toEqual({ face: 'right', at: 0.5 });
    expect(snap('ellipse;whiteSpace=wrap;', 25, 1)).toBeUndefined();
    // Named by shape= as well, and a rhombus shares them (its corner points on its slopes' middles).
    expect(snap('shape=ellipse;', 25, 1)).toBeUndefined();
    expect(snap('rhombus;', 75, 45)).toEqual({ face: 'bottom', at: 1 });
  });

  it('a triangle has points on its back side, its tip and the middles of its slopes', () => {
    expect(snap('triangle;', 99, 30)).toEqual({ face: 'right', at: 0.5 });
    expect(snap('triangle;', 1, 16)).toEqual({ face: 'left', at: 0.25 });
    // The top's middle, moved onto the slope below it (at x 50 the slope is 15 down).
    expect(snap('triangle;', 50, 14)).toEqual({ face: 'top', at: 0.5 });
    // A quarter of the top and the corners are none of its points.
    expect(snap('triangle;', 25, 1)).toBeUndefined();
    expect(snap('triangle;', 100, 0)).toBeUndefined();
  });

  it("a turned shape's points turn with it: a triangle facing south has its tip at the bottom", () => {
    expect(snap('triangle;direction=south;', 50, 59)).toEqual({ face: 'right', at: 0.5 });
    expect(snap('triangle;direction=south;', 99, 30)).toBeUndefined();
    // A rotated rectangle's default points turn too: rotated a half turn, its top-left corner point is at the bottom right.
    expect(snap('rotation=180;', 99, 59)).toEqual({ face: 'top', at: 0 });
  });

  it("a code shape of a library takes the points its library declares (flowchart's document2, off the outline)", () => {
    expect(connectionPointsOf(styleEntries('shape=mxgraph.flowchart.document2;'))?.length).toBe(9);
    expect(snap('shape=mxgraph.flowchart.document2;', 99, 16)).toEqual({ face: 'right', at: 0.25, perimeter: false });
    expect(snap('shape=mxgraph.flowchart.document2;', 0, 0)).toBeUndefined();
    // A code shape is drawn in place of a stencil of its name, so its points are the code shape's.
    const sameName: StencilConstraintsOf = () => [{ x: 0, y: 0, perimeter: true }];
    expect(connectionPointsOf(styleEntries('shape=mxgraph.flowchart.document2;'), sameName)?.length).toBe(9);
  });

  it("marks where a cell's points are, to show them: its own, else the default sixteen", () => {
    const marks = connectionPointMarks(cellOf('ellipse;'), connectionPointsOf(styleEntries('ellipse;')));
    expect(marks).toHaveLength(8);
    expect(marks).toContainEqual({ x: 100, y: 30 });
    expect(marks).not.toContainEqual({ x: 25, y: 0 });
    const arrow = 'shape=mxgraph.arrows.arrow_down;';
    expect(connectionPointMarks(cellOf(arrow), connectionPointsOf(styleEntries(arrow), arrowDown))).toEqual([{ x: 50, y: 0 }, { x: 50, y: 60 }]);
    expect(connectionPointMarks(box)).toHaveLength(16);
    expect(connectionPointMarks(box)).toContainEqual({ x: 25, y: 0 });
  });

  it("a shape whose diagrams.net class sets no constraints, or whose style says points=[], has no points: a drop on it attaches floating, nothing is marked", () => {
    // mxgraph.basic.rect (the app's) and uml25's action (a library's) set `constraints = null`, with no getConstraints.
    for (const style of ['shape=mxgraph.basic.rect;', 'shape=mxgraph.uml25.action;', 'shape=mxgraph.basic.rect;rotation=90;']) {
      expect(connectionPointsOf(styleEntries(style))).toEqual([]);
      // At the top's quarter and the left side's middle, where a rectangle has its points.
      expect(snap(style, 25, 1)).toBeUndefined();
      expect(snap(style, 1, 30)).toBeUndefined();
      expect(connectionPointMarks(cellOf(style), connectionPointsOf(styleEntries(style)))).toEqual([]);
    }
    // A style's own points still win over the class's none.
    expect(snap('shape=mxgraph.basic.rect;points=[[0.25,0]];', 25, 1)).toEqual({ face: 'top', at: 0.25 });
    // And a style's points=[] declares none on a shape that has them.
    expect(connectionPointsOf(styleEntries('rounded=0;points=[];'))).toEqual([]);
    expect(snap('rounded=0;points=[];', 25, 1)).toBeUndefined();
  });

  it('a rectangle, or a shape with no points of its own, keeps the default quarters', () => {
    expect(connectionPointsOf(styleEntries('rounded=0;whiteSpace=wrap;'))).toBeUndefined();
    expect(connectionPointsOf(styleEntries('shape=mxgraph.nothing.here;'), arrowDown)).toBeUndefined();
    expect(snap('rounded=1;', 25, 1)).toEqual({ face: 'top', at: 0.25 });
  });
});
