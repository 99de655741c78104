/**
 * Floating edge ends as diagrams.net finds them: on the end's perimeter (the style's, else its
 * shape's own, else the box's rectangle, stencils included) toward the edge's next point, a fixed
 * connection point where the style names one, a loose end at its point. Made-up boxes.
 */
import { describe, expect, it } from 'vitest';
import type { ShapeRecord } from '../model';
import { edgeRoute } from './edge-route';
import { calloutBody, faceAt, fixedPoint, floatingEnds, perimeterBox, perimeterOfStyle, perimeterPoint, shapePerimeter, turnedPerimeterPoint, type EndBox } from './edge-perimeter';
import { styleEntries } from '../stencils';

const box = { x: 100, y: 100, w: 100, h: 50 };
const near = (actual: { x: number; y: number }, expected: { x: number; y: number }) => {
  expect(actual.x).toBeCloseTo(expected.x, 6);
  expect(actual.y).toBeCloseTo(expected.y, 6);
};

describe('perimeters', () => {
  it('reads the perimeter from the style, else from the shape, else the rectangle (a stencil too)', () => {
    const of = (style: string) => perimeterOfStyle(styleEntries(style)).kind;
    expect(of('ellipse;whiteSpace=wrap;html=1;')).toBe('ellipse');
    expect(of('rhombus;html=1;')).toBe('rhombus');
    expect(of('shape=mxgraph.cisco.routers.router;html=1;')).toBe('rectangle');
    expect(of('shape=mxgraph.aws4.lambda;perimeter=ellipsePerimeter;')).toBe('ellipse');
    expect(of('html=1;perimeter=orthogonalPerimeter;')).toBe('orthogonal');
    expect(of('shape=umlLifeline;perimeter=lifelinePerimeter;size=60;strokeWidth=2;')).toBe('lifeline');
    expect(perimeterOfStyle(styleEntries('shape=umlLifeline;perimeter=lifelinePerimeter;size=60;strokeWidth=2;'))).toEqual({ kind: 'lifeline', head: 60, strokeWidth: 2 });
    // A perimeter not drawn here ends on the box; a callout has its own when its style names it.
    expect(of('shape=cloud;perimeter=cloudPerimeter;')).toBe('rectangle');
    expect(perimeterOfStyle(styleEntries('shape=callout;perimeter=calloutPerimeter;'))).toEqual({ kind: 'callout', size: 30, direction: 'east' });
    expect(perimeterOfStyle(styleEntries('shape=callout;perimeter=calloutPerimeter;size=12;direction=south;flipH=1;'))).toMatchObject({ kind: 'callout', size: 12, direction: 'south', turn: { flipH: true } });
    // The stylesheet's named styles bring their perimeter; the shape alone does not (diagrams.net's
    // default vertex keeps the box's), nor does a named style the stylesheet does not have.
    expect(of('shape=ellipse;html=1;')).toBe('rectangle');
    expect(of('shape=rhombus;')).toBe('rectangle');
    expect(of('shape=triangle;')).toBe('rectangle');
    expect(of('shape=callout;size=12;')).toBe('rectangle');
    expect(of('ellipse;shape=doubleEllipse;whiteSpace=wrap;')).toBe('ellipse');
    expect(of('ellipse;perimeter=rectanglePerimeter;')).toBe('rectangle');
    // Its direction turns its outline and, a quarter at a time, its connection points.
    expect(perimeterOfStyle(styleEntries('triangle;whiteSpace=wrap;direction=north;'))).toEqual({
      kind: 'polygon',
      outline: 'triangle',
      size: 0,
      fixedSize: false,
      direction: 'north',
      turn: { rotation: 0, flipH: false, flipV: false, quarter: 270 },
    });
    expect(perimeterOfStyle(styleEntries('shape=hexagon;perimeter=hexagonPerimeter2;size=30;fixedSize=1;'))).toMatchObject({ kind: 'polygon', outline: 'hexagon', size: 30, fixedSize: true });
    expect(perimeterOfStyle(styleEntries('shape=parallelogram;perimeter=parallelogramPerimeter;'))).toMatchObject({ outline: 'parallelogram', size: 0.2, fixedSize: false });
    // The studio's own circle and decision have the ellipse's and the rhombus's.
    expect(shapePerimeter({ kind: 'shape', type: 'circle' } as ShapeRecord).kind).toBe('ellipse');
    expect(shapePerimeter({ kind: 'shape', type: 'decision' } as ShapeRecord).kind).toBe('rhombus');
  });

  it('ends on the rectangle where the ray from the centre toward the next point leaves it', () => {
    near(perimeterPoint(box, { x: 400, y: 125 }), { x: 200, y: 125 });
    // Toward a point up and to the right, through the top side (the box is wider than high).
    near(perimeterPoint(box, { x: 200, y: 25 }), { x: 150 + 25 * (50 / 100), y: 100 });
    near(perimeterPoint(box, { x: 0, y: 225 }), { x: 112.5, y: 150 });
    // Orthogonally: straight across from a point beside or above it.
    near(perimeterPoint(box, { x: 180, y: 0 }, true), { x: 180, y: 100 });
    near(perimeterPoint(box, { x: 400, y: 110 }, true), { x: 200, y: 110 });
    near(perimeterPoint({ ...box, perimeter: { kind: 'orthogonal' } }, { x: 400, y: 110 }), { x: 200, y: 110 });
  });

  it('ends on an ellipse and a rhombus where the ray meets their outline', () => {
    const ellipse: EndBox = { ...box, perimeter: { kind: 'ellipse' } };
    near(perimeterPoint(ellipse, { x: 150, y: 0 }), { x: 150, y: 100 });
    const diagonal = perimeterPoint(ellipse, { x: 250, y: 225 });
    expect(((diagonal.x - 150) / 50) ** 2 + ((diagonal.y - 125) / 25) ** 2).toBeCloseTo(1, 6);
    // Orthogonally from above it: straight down onto the outline at that x.
    near(perimeterPoint(ellipse, { x: 175, y: 0 }, true), { x: 175, y: 125 - 25 * Math.sqrt(1 - 0.25) });
    const rhombus: EndBox = { ...box, perimeter: { kind: 'rhombus' } };
    near(perimeterPoint(rhombus, { x: 300, y: 125 }), { x: 200, y: 125 });
    // Halfway along the upper right side toward a point on the diagonal.
    near(perimeterPoint(rhombus, { x: 250, y: 75 }), { x: 175, y: 112.5 });
  });

  it('ends on a triangle, a hexagon, a parallelogram and a trapezoid where the ray meets their outline', () => {
    const polygon = (style: string): EndBox => ({ ...box, perimeter: perimeterOfStyle(styleEntries(style)) });
    // A triangle pointing east: straight right leaves at its tip; up, through the slanted side.
    near(perimeterPoint(polygon('triangle;'), { x: 400, y: 125 }), { x: 200, y: 125 });
    near(perimeterPoint(polygon('triangle;'), { x: 150, y: 0 }), { x: 150, y: 112.5 });
    // Pointing north: straight up leaves at the tip, straight down through the base.
    near(perimeterPoint(polygon('triangle;direction=north;'), { x: 150, y: 0 }), { x: 150, y: 100 });
    near(perimeterPoint(polygon('triangle;direction=north;'), { x: 150, y: 400 }), { x: 150, y: 150 });
    // A hexagon's side points, and its cut corners (size 0.25 of the width): up-left of the centre meets the slanted side.
    near(perimeterPoint(polygon('shape=hexagon;perimeter=hexagonPerimeter2;'), { x: 400, y: 125 }), { x: 200, y: 125 });
    near(perimeterPoint(polygon('shape=hexagon;perimeter=hexagonPerimeter2;'), { x: 0, y: 125 }), { x: 100, y: 125 });
    const corner = perimeterPoint(polygon('shape=hexagon;perimeter=hexagonPerimeter2;'), { x: 50, y: 75 });
    // On the line from (125, 100) to (100, 125): x + y = 225.
    expect(corner.x + corner.y).toBeCloseTo(225, 6);
    // With fixedSize the cut is in pixels (10 px, not a quarter of the width): the same ray meets a steeper side, farther out.
    near(perimeterPoint(polygon('shape=hexagon;perimeter=hexagonPerimeter2;'), { x: 0, y: 75 }), { x: 112.5, y: 112.5 });
    near(perimeterPoint(polygon('shape=hexagon;perimeter=hexagonPerimeter2;fixedSize=1;size=10;'), { x: 0, y: 75 }), { x: 100 + 10 * (10 / 17), y: 125 - 25 * (10 / 17) });
    // A parallelogram leaning right: toward the left, its slanted side at mid-height (x = 100 + 0.2·100/2).
    near(perimeterPoint(polygon('shape=parallelogram;perimeter=parallelogramPerimeter;'), { x: 0, y: 125 }), { x: 110, y: 125 });
    // A trapezoid, narrow at the top: to the right at mid-height.
    near(perimeterPoint(polygon('shape=trapezoid;perimeter=trapezoidPerimeter;'), { x: 400, y: 125 }), { x: 190, y: 125 });
    // A connection point of a triangle is moved onto its outline unless the style says it is not on the perimeter.
    // The box's top right corner (1, 0) lands on the upper slanted side, a third of the way from the centre toward it.
    near(fixedPoint(polygon('triangle;'), { face: 'top', at: 1 }), { x: 150 + 50 / 3, y: 125 - 25 / 3 });
    near(fixedPoint(polygon('triangle;'), { face: 'top', at: 1 }, false), { x: 200, y: 100 });
  });

  it("ends on a callout's body, its box less the pointer, on the side the pointer is on", () => {
    const callout = (style: string): EndBox => ({ x: 100, y: 100, w: 100, h: 80, perimeter: perimeterOfStyle(styleEntries(`shape=callout;perimeter=calloutPerimeter;${style}`)) });
    expect(calloutBody(callout(''), callout('').perimeter!)).toEqual({ x: 100, y: 100, w: 100, h: 50 });
    // Straight down from the body's centre (150, 125): on the body's bottom, above the pointer's tip at y 180.
    near(perimeterPoint(callout(''), { x: 150, y: 400 }), { x: 150, y: 150 });
    // To the right, at the body's middle height, not the box's.
    near(perimeterPoint(callout(''), { x: 400, y: 125 }), { x: 200, y: 125 });
    // A pointer of 20 px (rounded from 19.6) facing south is on the left, flipped upward on the top.
    expect(calloutBody(callout('size=19.6;direction=south;'), callout('size=19.6;direction=south;').perimeter!)).toEqual({ x: 120, y: 100, w: 80, h: 80 });
    expect(calloutBody(callout('direction=north;'), callout('direction=north;').perimeter!)).toEqual({ x: 100, y: 100, w: 70, h: 80 });
    // Flipped upside down, the pointer is on top: an edge from above ends on the body (y 130), one from below on the box's foot.
    near(turnedPerimeterPoint(callout('flipV=1;'), { x: 150, y: -100 }), { x: 150, y: 130 });
    near(turnedPerimeterPoint(callout('flipV=1;'), { x: 150, y: 400 }), { x: 150, y: 180 });
    // Facing west (pointer on top) and flipped, the pointer is at the bottom again.
    near(turnedPerimeterPoint(callout('direction=west;flipV=1;'), { x: 150, y: 400 }), { x: 150, y: 150 });
    // A pointer taller than the box leaves a body of no height at its top.
    expect(calloutBody(callout('size=200;'), callout('size=200;').perimeter!)).toEqual({ x: 100, y: 100, w: 100, h: 0 });
    // A connection point at the pointer's tip (0.5, 1) moves onto the body's bottom, unless it is said not to be on the perimeter.
    near(fixedPoint(callout(''), { face: 'bottom', at: 0.5 }), { x: 150, y: 150 });
    near(fixedPoint(callout(''), { face: 'bottom', at: 0.5 }, false), { x: 150, y: 180 });
    // A floating edge from below ends on the body, with the bottom as its face.
    const ends = floatingEnds({ x: 130, y: 400, w: 40, h: 40 }, callout(''), []);
    near(ends.to, { x: 150, y: 150 });
    expect(ends.to.face).toBe('bottom');
  });

  it("ends on a lifeline's dashed line, below its head, at the next point's height", () => {
    const lifeline: EndBox = { x: 100, y: 0, w: 100, h: 400, perimeter: { kind: 'lifeline', head: 40, strokeWidth: 1 } };
    near(perimeterPoint(lifeline, { x: 500, y: 200 }), { x: 149.5, y: 200 });
    near(perimeterPoint(lifeline, { x: 0, y: 10 }), { x: 149.5, y: 40 });
    near(perimeterPoint(lifeline, { x: 0, y: 900 }), { x: 149.5, y: 400 });
    expect(faceAt(lifeline, { x: 149.5, y: 200 }, { x: 0, y: 200 })).toBe('left');
  });

  it('takes a fixed connection point as it is, aims the other end at it, and keeps a loose end at its point', () => {
    const target = { x: 400, y: 100, w: 100, h: 50 };
    // Fixed at the target's top left corner (entryX=0;entryY=0): the source aims there.
    const fixed = floatingEnds(box, target, [], undefined, { face: 'top', at: 0 });
    near(fixed.to, { x: 400, y: 100 });
    expect(fixed.to.face).toBe('top');
    near(fixed.from, perimeterPoint(box, { x: 400, y: 100 }));
    // A loose source (a box of no size): the target aims at its point.
    const loose = floatingEnds({ x: 20, y: 125, w: 0, h: 0 }, target, []);
    near(loose.from, { x: 20, y: 125 });
    near(loose.to, { x: 400, y: 125 });
    // Waypoints: each end aims at its nearest one.
    const bent = floatingEnds(box, target, [{ x: 150, y: 0 }, { x: 450, y: 0 }]);
    near(bent.from, { x: 150, y: 100 });
    near(bent.to, { x: 450, y: 100 });
    expect([bent.from.face, bent.to.face]).toEqual(['top', 'top']);
  });

  it('routes a straight file edge between an ellipse and a box from perimeter to perimeter, centre to centre', () => {
    const ball = perimeterBox({ x: 0, y: 0, w: 40, h: 40 }, { kind: 'ellipse' });
    const file = { source: { tag: 'mxCell', attributes: [['style', 'endArrow=none;']], children: [] } };
    const route = edgeRoute({ lineStyle: 'solid', straight: true, file } as never, ball, { x: 200, y: 100, w: 40, h: 40 });
    const [sx, sy, tx, ty] = route.path.match(/-?\d+(\.\d+)?/g)!.map(Number);
    // On the circle, on the line between the centres (slope 0.5), and on the box's left side.
    expect(Math.hypot(sx - 20, sy - 20)).toBeCloseTo(20, 1);
    expect((sy - 20) / (sx - 20)).toBeCloseTo(0.5, 2);
    expect([tx, ty]).toEqual([200, 110]);
  });

  it("moves a connection point onto an ellipse's outline unless the style says it is not on the perimeter", () => {
    const ellipse: EndBox = { x: 0, y: 0, w: 80, h: 80, perimeter: { kind: 'ellipse' } };
    // entryX=0;entryY=0, the box's corner: on the circle, 45 degrees up and left of its centre.
    const corner = fixedPoint(ellipse, { face: 'top', at: 0 });
    near(corner, { x: 40 - 40 * Math.SQRT1_2, y: 40 - 40 * Math.SQRT1_2 });
    expect(corner.face).toBe('top');
    near(fixedPoint(ellipse, { face: 'top', at: 0 }, false), { x: 0, y: 0 });
    // A rectangle's connection points are on its outline already.
    near(fixedPoint({ x: 0, y: 0, w: 80, h: 40 }, { face: 'right', at: 0.25 }), { x: 80, y: 10 });
  });

  it('places a connection point with its pixels, inside the box, and moves it onto the perimeter unless told not to', () => {
    const rect: EndBox = { x: 0, y: 0, w: 80, h: 40 };
    // exitX=1;exitY=0.5;exitDx=10;exitDy=-5 off the perimeter: the point as written, 10 px right and 5 up.
    near(fixedPoint(rect, { face: 'right', at: 0.5, dx: 10, dy: -5 }, false), { x: 90, y: 15 });
    // On the perimeter, the ray from the centre through that point meets the right side.
    near(fixedPoint(rect, { face: 'right', at: 0.5, dx: 10, dy: -5 }), { x: 80, y: 20 - 5 * (40 / 50) });
    // exitX=0.5;exitY=0.25 inside the box: as written off the perimeter, on the top side on it.
    near(fixedPoint(rect, { face: 'top', at: 0.5, x: 0.5, y: 0.25 }, false), { x: 40, y: 10 });
    near(fixedPoint(rect, { face: 'top', at: 0.5, x: 0.5, y: 0.25 }), { x: 40, y: 0 });
  });

  it('turns a connection point with a rotated shape and mirrors it with a flipped one', () => {
    const turned = (style: string): EndBox => perimeterBox({ x: 0, y: 0, w: 80, h: 40 }, perimeterOfStyle(styleEntries(style)));
    // A box turned a quarter clockwise: its right side's middle (80, 20) now points down, below the centre (40, 20).
    const down = fixedPoint(turned('rounded=0;rotation=90;'), { face: 'right', at: 0.5 });
    near(down, { x: 40, y: 60 });
    expect(down.face).toBe('bottom');
    // Flipped across, a point off the perimeter moves to the other side; on the perimeter a box's point stays.
    near(fixedPoint(turned('rounded=0;flipH=1;'), { face: 'right', at: 0.25 }, false), { x: 0, y: 10 });
    near(fixedPoint(turned('rounded=0;flipH=1;'), { face: 'right', at: 0.25 }), { x: 80, y: 10 });
    // A triangle flipped up and down points the same way on the page but its outline is mirrored:
    // its top right corner (1, 0) lands on the lower slanted side, mirrored from where it lands unflipped.
    near(fixedPoint(turned('triangle;flipV=1;'), { face: 'top', at: 1 }), { x: 40 + 40 / 3, y: 20 - 20 / 3 });
    // Facing south, a box's right middle point (its front) is at the bottom middle, on the outline or off it;
    // with anchorPointDirection=0 its points stay where the box has them.
    for (const onPerimeter of [true, false]) near(fixedPoint(turned('shape=mxgraph.cisco.routers.router;direction=south;'), { face: 'right', at: 0.5 }, onPerimeter), { x: 40, y: 40 });
    near(fixedPoint(turned('rounded=0;direction=west;'), { face: 'right', at: 0.25 }), { x: 0, y: 30 });
    near(fixedPoint(turned('rounded=0;direction=south;anchorPointDirection=0;'), { face: 'right', at: 0.5 }), { x: 80, y: 20 });
    // A floating end of a turned box ends on its turned outline: a box 80 by 40 turned a quarter is 40 wide.
    const ends = floatingEnds(turned('rounded=0;rotation=90;'), { x: 300, y: 0, w: 40, h: 40 }, []);
    near(ends.from, { x: 60, y: 20 });
    expect(ends.from.face).toBe('right');
  });

  it("stops a floating end the edge's perimeter spacing short of the outline, a fixed end not", () => {
    const file = (style: string) => ({ source: { tag: 'mxCell', attributes: [['style', style]], children: [] } });
    const right = { x: 300, y: 0, w: 100, h: 50 };
    const spaced = edgeRoute({ lineStyle: 'solid', straight: true, file: file('endArrow=none;perimeterSpacing=5;targetPerimeterSpacing=3;') } as never, { x: 0, y: 0, w: 100, h: 50 }, right);
    expect(spaced.path).toBe('M105,25 L292,25');
    // On an ellipse too: 4 px out along the ray.
    const ellipse = perimeterBox({ x: 0, y: 0, w: 50, h: 50 }, { kind: 'ellipse' });
    const round = edgeRoute({ lineStyle: 'solid', straight: true, file: file('endArrow=none;sourcePerimeterSpacing=4;') } as never, ellipse, { x: 300, y: 0, w: 50, h: 50 });
    expect(round.path).toBe('M54,25 L300,25');
    // A fixed end keeps its point; the orthogonal route's floating end keeps the spacing.
    const fixed = edgeRoute({ lineStyle: 'solid', straight: true, exit: { face: 'right', at: 0.5 }, file: file('endArrow=none;perimeterSpacing=5;') } as never, { x: 0, y: 0, w: 100, h: 50 }, right);
    expect(fixed.path).toBe('M100,25 L295,25');
    const routed = edgeRoute({ lineStyle: 'solid', file: file('edgeStyle=orthogonalEdgeStyle;rounded=0;targetPerimeterSpacing=6;') } as never, { x: 0, y: 0, w: 100, h: 50 }, right);
    expect(routed.path).toBe('M100,25 L294,25');
  });

  it('draws a straight loop with no waypoints round its box, not as a line of no length at its centre', () => {
    const file = { source: { tag: 'mxCell', attributes: [['style', 'endArrow=none;']], children: [] } };
    const route = edgeRoute({ lineStyle: 'solid', straight: true, file } as never, box, box);
    expect(route.from).not.toEqual(route.to);
    expect(route.path.length).toBeGreaterThan(20);
  });
});

