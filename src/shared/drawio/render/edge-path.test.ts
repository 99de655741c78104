/** Entity-relation edges routed as diagrams.net's mxEdgeStyle.EntityRelation routes them. */
import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import { entityRelationRoute, entityRelationSegment } from './edge-path';
import { perimeterOfStyle } from './edge-perimeter';

const corners = (source: Parameters<typeof entityRelationRoute>[0], target: Parameters<typeof entityRelationRoute>[1], segment = 30) =>
  entityRelationRoute(source, target, segment).path.corners;

describe('entity-relation edges', () => {
  const row = { x: 0, y: 0, w: 100, h: 20 };

  it('is the style edgeStyle=entityRelationEdgeStyle, with its segment (30 unless the style says)', () => {
    expect(entityRelationSegment(styleEntries('edgeStyle=entityRelationEdgeStyle;html=1;'))).toBe(30);
    expect(entityRelationSegment(styleEntries('edgeStyle=entityRelationEdgeStyle;segment=12;'))).toBe(12);
    expect(entityRelationSegment(styleEntries('edgeStyle=orthogonalEdgeStyle;'))).toBeUndefined();
  });

  it('leaves the right side of a row for a table to the right and enters its left side: a stub, a slant, a stub', () => {
    const target = { x: 300, y: 100, w: 100, h: 20 };
    expect(corners(row, target)).toEqual([
      { x: 100, y: 10 },
      { x: 130, y: 10 },
      { x: 270, y: 110 },
      { x: 300, y: 110 },
    ]);
    // And back: out of the left side, into the right side, the same way.
    expect(corners(target, row)).toEqual(corners(row, target).reverse());
  });

  it("leaves and enters at each shape's routing centre (routingCenterY), kept on its side", () => {
    // A mind map's topic as diagrams.net's library writes it: underlined, its branch leaving from the underline.
    const topic = { ...row, perimeter: perimeterOfStyle(styleEntries('shape=partialRectangle;bottom=1;routingCenterY=0.5;points=[[0,1],[1,1]];')) };
    const target = { x: 300, y: 100, w: 100, h: 20 };
    // As from the row's middle, but out of its bottom edge (half its height below the middle).
    expect(corners(topic, target)).toEqual(corners(row, target).map((p, i) => (i < 2 ? { ...p, y: 20 } : p)));
    expect(corners(target, { ...row, perimeter: { routingCenterY: -0.25 } })[3]).toEqual({ x: 100, y: 5 });
    // Curved (curved=1, as a mind map's branches): the same stops, as the control points of a curved edge.
    const curved = entityRelationRoute(topic, target, 30, 0, true).path;
    expect(curved.corners).toEqual(corners(topic, target));
    expect(curved.path).toBe('M100,20 Q130,20 200,65 Q270,110 300,110');
    // Past the box, the end stays on its side.
    expect(corners({ ...row, perimeter: { routingCenterY: 2 } }, target)[0]).toEqual({ x: 100, y: 20 });
  });

  it('goes round the outside when the rows overlap across, both leaving on the right', () => {
    const below = { x: 40, y: 100, w: 100, h: 20 };
    expect(corners(row, below, 20)).toEqual([
      { x: 100, y: 10 },
      { x: 160, y: 10 },
      { x: 160, y: 110 },
      { x: 140, y: 110 },
    ]);
  });

  it('bends halfway down between the stubs when they would cross', () => {
    const near = { x: 110, y: 50, w: 100, h: 20 };
    // Right of the row by 10 px only: the 30 px stubs overlap, so the line steps across at the middle height.
    expect(corners(row, near)).toEqual([
      { x: 100, y: 10 },
      { x: 130, y: 10 },
      { x: 130, y: 35 },
      { x: 80, y: 35 },
      { x: 80, y: 60 },
      { x: 110, y: 60 },
    ]);
  });
});
