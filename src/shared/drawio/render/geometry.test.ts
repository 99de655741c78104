import { describe, expect, it } from 'vitest';
import { SHAPE_TYPE_NAMES } from '../model';
import { edgeEnds, facingFaces, portPoint } from './edge-geometry';
import { shapeOutline } from './shape-geometry';

describe('edge ends', () => {
  const left = { x: 0, y: 0, w: 100, h: 50 };
  const right = { x: 300, y: 10, w: 100, h: 50 };
  const below = { x: 0, y: 300, w: 100, h: 50 };

  it('leaves by the face that looks at the other shape', () => {
    expect(facingFaces(left, right)).toEqual({ exit: 'right', entry: 'left' });
    expect(facingFaces(right, left)).toEqual({ exit: 'left', entry: 'right' });
    expect(facingFaces(left, below)).toEqual({ exit: 'bottom', entry: 'top' });
    expect(facingFaces(below, left)).toEqual({ exit: 'top', entry: 'bottom' });
  });

  it('uses exit and entry ports when the edge has them', () => {
    const { from, to } = edgeEnds(left, right, { face: 'bottom', at: 0.25 }, { face: 'top', at: 1 });
    expect(from).toEqual({ x: 25, y: 50, face: 'bottom' });
    expect(to).toEqual({ x: 400, y: 10, face: 'top' });
  });

  it('joins the middles of the faces that look at each other, where the edge has no ports', () => {
    const wide = { x: 0, y: 0, w: 200, h: 60 };
    const narrow = { x: 100, y: 200, w: 60, h: 40 };
    expect(edgeEnds(wide, narrow)).toEqual({ from: { x: 100, y: 60, face: 'bottom' }, to: { x: 130, y: 200, face: 'top' } });
    expect(edgeEnds(left, right)).toEqual({ from: { x: 100, y: 25, face: 'right' }, to: { x: 300, y: 35, face: 'left' } });
  });

  it('keeps a port given for one end, and the other end at its face middle', () => {
    const { from, to } = edgeEnds(left, right, { face: 'right', at: 0.2 });
    expect(from).toEqual({ x: 100, y: 10, face: 'right' });
    expect(to).toEqual({ x: 300, y: 35, face: 'left' });
  });

  it('puts points on the face, clamping the fraction', () => {
    expect(portPoint(left, { face: 'left', at: 2 })).toEqual({ x: 0, y: 50, face: 'left' });
  });
});

describe('shape outlines', () => {
  it('draws every built-in type inside its box', () => {
    for (const type of SHAPE_TYPE_NAMES) {
      const outline = shapeOutline(type, 120, 80);
      expect(outline.body, type).toMatch(/^M/);
      const numbers = (outline.body + ' ' + (outline.details ?? '')).match(/-?\d+(\.\d+)?/g)!.map(Number);
      expect(Math.min(...numbers), type).toBeGreaterThanOrEqual(0);
      expect(Math.max(...numbers), type).toBeLessThanOrEqual(120);
    }
  });

  it('adds the details that make a type recognisable', () => {
    expect(shapeOutline('db', 120, 80).details).toBeDefined();
    expect(shapeOutline('process', 120, 60).details).toBeDefined();
    expect(shapeOutline('actor', 40, 60).details).toBeDefined();
    expect(shapeOutline('box', 120, 60).body).not.toContain('A');
    expect(shapeOutline('box', 120, 60, { rounded: true }).body).toContain('A');
  });
});
