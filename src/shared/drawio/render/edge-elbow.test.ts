/**
 * diagrams.net's elbow edges: bent by their first waypoint only, sideways or top to bottom, from a
 * fixed end's point or a floating end's box; and a bend within half a pixel of its neighbour is
 * dropped, so the arrowhead turns with the line. Made-up ends.
 */
import { describe, expect, it } from 'vitest';
import { elbowBends, elbowRunsVertically } from './edge-elbow';
import { edgePath } from './edge-path';
import { edgeRoute } from './edge-route';

const left = { x: 0, y: 0, w: 40, h: 40 };
const right = { x: 200, y: 100, w: 40, h: 40 };
const elbowFile = (style: string) => ({ source: { tag: 'mxCell', attributes: [['style', style]], children: [] } });

describe('elbow edges', () => {
  it('runs sideways by default, top to bottom with elbow=vertical or a hint above or below both ends', () => {
    expect(elbowRunsVertically(left, right, undefined, false)).toBe(false);
    expect(elbowRunsVertically(left, right, undefined, true)).toBe(true);
    expect(elbowRunsVertically(left, right, { x: 100, y: 300 }, false)).toBe(true);
    // A hint beside both wins over elbow=vertical.
    expect(elbowRunsVertically(left, right, { x: 400, y: 50 }, true)).toBe(false);
    // Shapes whose spans across meet in a line only.
    expect(elbowRunsVertically({ x: 0, y: 0, w: 40, h: 40 }, { x: 40, y: 100, w: 40, h: 40 }, undefined, false)).toBe(true);
  });

  it('bends halfway between the facing sides, or at the hint, at each end\'s middle or the hint when it is within it', () => {
    expect(elbowBends(left, right, undefined, false)).toEqual([
      { x: 120, y: 20 },
      { x: 120, y: 120 },
    ]);
    expect(elbowBends(left, right, { x: 60, y: 130 }, false)).toEqual([
      { x: 60, y: 20 },
      { x: 60, y: 130 },
    ]);
    expect(elbowBends(left, right, undefined, true)).toEqual([
      { x: 20, y: 70 },
      { x: 220, y: 70 },
    ]);
    // Ends that face each other across: one bend between them, on the line.
    expect(elbowBends({ x: 0, y: 0, w: 40, h: 100 }, { x: 200, y: 20, w: 0, h: 0 }, undefined, true)).toEqual([{ x: 120, y: 20 }]);
  });

  it('routes a file edge by its first waypoint only, from a loose end and to a fixed corner', () => {
    const record = { lineStyle: 'solid', entry: { face: 'top', at: 0 }, points: [{ x: 60, y: 300 }, { x: 999, y: 999 }], file: elbowFile('edgeStyle=elbowEdgeStyle;endArrow=none;rounded=0;') };
    const loose = { x: 10, y: 20, w: 0, h: 0 };
    // Sideways: across at the hint's x.
    expect(edgeRoute(record as never, loose, right).path).toBe('M10,20 L60,20 L60,100 L200,100');
    // elbow=vertical: down to the hint's y, across, and down to the corner.
    const vertical = { ...record, file: elbowFile('edgeStyle=elbowEdgeStyle;elbow=vertical;endArrow=none;rounded=0;') };
    expect(edgeRoute(vertical as never, loose, right).path).toBe('M10,20 L10,300 L200,300 L200,100');
  });

  it('drops a bend within half a pixel of the stop before it or of the end', () => {
    const from = { x: 455, y: 362.83, face: 'right' as const };
    const to = { x: 580, y: 362.5, face: 'top' as const };
    expect(edgePath(from, to, [{ x: 455, y: 362.67 }, { x: 580, y: 362.67 }], 'straight').path).toBe('M455,362.83 L580,362.5');
    expect(edgePath(from, to, [{ x: 455, y: 300 }, { x: 580, y: 300 }], 'straight').path).toBe('M455,362.83 L455,300 L580,300 L580,362.5');
  });

  it("rounds a file edge's corners as diagrams.net's default edge style does, by half its arcSize, unless rounded=0", () => {
    const record = (style: string) => ({ lineStyle: 'solid', points: [{ x: 60, y: 300 }], file: elbowFile(`edgeStyle=elbowEdgeStyle;endArrow=none;${style}`) });
    const loose = { x: 10, y: 20, w: 0, h: 0 };
    expect(edgeRoute(record('') as never, loose, right).path).toBe('M10,20 L50,20 Q60,20 60,30 L60,110 Q60,120 70,120 L200,120');
    // A short leg rounds by half its length at most.
    expect(edgeRoute(record('arcSize=200;') as never, loose, right).path).toBe('M10,20 L35,20 Q60,20 60,70 L60,70 Q60,120 130,120 L200,120');
    expect(edgeRoute(record('rounded=0;') as never, loose, right).path).toBe('M10,20 L60,20 L60,120 L200,120');
    // An edge the studio made keeps its corners.
    expect(edgeRoute({ ...record(''), file: undefined } as never, loose, right).path).not.toContain('Q');
  });
});

