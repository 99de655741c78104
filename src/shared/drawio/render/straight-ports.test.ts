/**
 * The fixed ends the studio writes so that diagrams.net's orthogonal connector draws an edge
 * between lined-up shapes straight: checked through the same routing the canvas and the export
 * use for diagrams.net's style (edgeRoute over edge-orthogonal), with and without the ports.
 */
import { describe, expect, it } from 'vitest';
import type { EdgeRecord } from '../model';
import { edgeRoute } from './edge-route';
import { pathPolyline } from './edge-label';
import { straightPorts } from './straight-ports';
import type { EndBox } from './edge-perimeter';

const made = (ports: Partial<Pick<EdgeRecord, 'exit' | 'entry'>> = {}) =>
  ({ lineStyle: 'solid', sourceArrow: 'none', targetArrow: 'arrow', ...ports }) as const;

/** The drawn route's points, with the studio's ports (or, given null, floating). */
function drawn(source: EndBox, target: EndBox, ports: ReturnType<typeof straightPorts> | null = straightPorts(source, target)) {
  return pathPolyline(edgeRoute(made(ports ?? {}), source, target).path).map((p) => ({ x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 }));
}

describe('the route the studio writes into an edge it makes', () => {
  const wide = { x: 200, y: 100, w: 240, h: 60 };
  const narrow = { x: 300, y: 260, w: 80, h: 50 };

  it('fixes both ends on the middle of the span two lined-up shapes share, which diagrams.net then draws straight', () => {
    // Floating, diagrams.net's connector joins the middles of the sides: a dog-leg.
    expect(drawn(wide, narrow, null)).toEqual([{ x: 320, y: 160 }, { x: 320, y: 210 }, { x: 340, y: 210 }, { x: 340, y: 260 }]);
    const ports = straightPorts(wide, narrow)!;
    // The narrow box's end is on the line already: it floats.
    expect(ports).toEqual({ exit: { face: 'bottom', at: (340 - 200) / 240 } });
    expect(drawn(wide, narrow)).toEqual([{ x: 340, y: 160 }, { x: 340, y: 260 }]);
    // Upwards and sideways, on partly shared spans.
    expect(drawn(narrow, wide)).toEqual([{ x: 340, y: 260 }, { x: 340, y: 160 }]);
    const left = { x: 0, y: 0, w: 100, h: 120 };
    const right = { x: 300, y: 80, w: 100, h: 100 };
    expect(straightPorts(left, right)).toEqual({ exit: { face: 'right', at: 100 / 120 }, entry: { face: 'left', at: 0.2 } });
    expect(drawn(left, right)).toEqual([{ x: 100, y: 100 }, { x: 300, y: 100 }]);
  });

  it('draws straight for every pair that shares a span across the edge, whichever way and however far apart', () => {
    const round = { kind: 'ellipse' as const };
    let checked = 0;
    for (const dx of [-150, -90, -30, 0, 10, 45, 100, 150]) {
      for (const gap of [30, 120]) {
        for (const perimeter of [undefined, round]) {
          const narrow = { x: 200 + 80 + dx, y: 160 + gap, w: 80, h: 50, ...(perimeter ? { perimeter } : {}) };
          for (const [source, target] of [[wide, narrow], [narrow, wide]] as const) {
            const ports = straightPorts(source, target);
            const line = drawn(source, target, ports);
            const [start, end] = [Math.max(source.x, target.x), Math.min(source.x + source.w, target.x + target.w)];
            // A round end is met straight only through its centre.
            const centre = narrow.x + narrow.w / 2;
            if (end <= start || (perimeter && (centre <= start || centre >= end))) {
              expect(ports).toBeUndefined();
              continue;
            }
            expect(line, JSON.stringify({ dx, gap, perimeter })).toHaveLength(2);
            expect(line[0].x).toBeCloseTo(line[1].x, 6);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('runs through the centre of a round or slanted end, where a fixed point is moved onto the outline', () => {
    const dot = { x: 600, y: 300, w: 40, h: 40, perimeter: { kind: 'ellipse' as const } };
    const top = { x: 600, y: 100, w: 120, h: 60 };
    expect(straightPorts(top, dot)).toEqual({ exit: { face: 'bottom', at: 20 / 120 } });
    expect(drawn(top, dot)).toEqual([{ x: 620, y: 160 }, { x: 620, y: 300 }]);
    // Two round ends off each other's centre line: no straight line joins them on both outlines.
    expect(straightPorts({ ...dot, x: 610, y: 100 }, dot)).toBeUndefined();
  });

  it('leaves the ends floating where diagrams.net draws them straight already, or no straight line joins the shapes', () => {
    // Centred on each other.
    expect(straightPorts({ x: 0, y: 0, w: 100, h: 40 }, { x: 25, y: 200, w: 50, h: 40 })).toBeUndefined();
    // Nothing shared across the edge, overlapping, turned, limited to some sides, or a loose point.
    expect(straightPorts({ x: 0, y: 0, w: 100, h: 40 }, { x: 300, y: 200, w: 50, h: 40 })).toBeUndefined();
    expect(straightPorts({ x: 0, y: 0, w: 100, h: 40 }, { x: 50, y: 20, w: 100, h: 40 })).toBeUndefined();
    const turned = { x: 300, y: 260, w: 80, h: 50, perimeter: { kind: 'rectangle' as const, turn: { rotation: 30, flipH: false, flipV: false } } };
    expect(straightPorts(wide, turned)).toBeUndefined();
    expect(straightPorts(wide, { ...narrow, perimeter: { kind: 'rectangle', portConstraint: 'east' } })).toBeUndefined();
    expect(straightPorts(wide, { x: 340, y: 260, w: 0, h: 0 })).toBeUndefined();
  });
});
