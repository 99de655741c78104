/**
 * Loops (an edge from a shape to itself) as diagrams.net's loop style draws them: two points a grid
 * step beside the box on the side `direction` names, or through a waypoint; the ends leave the
 * outline toward them; both ends fixed, straight between them; `orthogonalLoop=1` with a fixed
 * end and two waypoints or more keep their own edge style. Edges read from small files made here.
 */
import { describe, expect, it } from 'vitest';
import { readDrawioFile } from '../../../main/domains/drawio/file/drawio-file';
import type { EdgeRecord } from '../model';
import { styleEntries } from '../stencils';
import { drawsLoop, loopBends, loopEndsOrthogonal } from './edge-loop';
import { edgeRoute } from './edge-route';

const BOX = { x: 100, y: 100, w: 80, h: 40 };

/** The loop of a file with one box (BOX) and one edge from it to itself, in `style`, through `points`. */
function loop(style: string, points: Array<[number, number]> = []): EdgeRecord {
  const waypoints = points.length ? `<Array as="points">${points.map(([x, y]) => `<mxPoint x="${x}" y="${y}"/>`).join('')}</Array>` : '';
  const xml =
    '<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
    `<mxCell id="a" value="A" style="rounded=0;" vertex="1" parent="1"><mxGeometry x="${BOX.x}" y="${BOX.y}" width="${BOX.w}" height="${BOX.h}" as="geometry"/></mxCell>` +
    `<mxCell id="e" style="${style}" edge="1" parent="1" source="a" target="a"><mxGeometry relative="1" as="geometry">${waypoints}</mxGeometry></mxCell>` +
    '</root></mxGraphModel></diagram></mxfile>';
  return readDrawioFile(xml, 'made.drawio').find((r): r is EdgeRecord => r.kind === 'edge')!;
}

const routeOf = (edge: EdgeRecord) => edgeRoute(edge, BOX, BOX);

describe('loops in diagrams.net\'s loop style', () => {
  it('sets its two points 20 px right of the box by default, 10 px above and below its middle, and on the side direction names', () => {
    const style = (text: string) => styleEntries(text);
    expect(loopBends(BOX, style(''), [], false)).toEqual([
      { x: 200, y: 110 },
      { x: 200, y: 130 },
    ]);
    expect(loopBends(BOX, style('direction=east'), [], false)).toEqual([
      { x: 80, y: 110 },
      { x: 80, y: 130 },
    ]);
    expect(loopBends(BOX, style('direction=north'), [], false)).toEqual([
      { x: 130, y: 80 },
      { x: 150, y: 80 },
    ]);
    expect(loopBends(BOX, style('direction=south;segment=15'), [], false)).toEqual([
      { x: 125, y: 170 },
      { x: 155, y: 170 },
    ]);
  });

  it('runs through a waypoint beside the box at its distance, across the box through one above it, and ignores one inside it', () => {
    expect(loopBends(BOX, styleEntries(''), [{ x: 40, y: 150 }], false)).toEqual([
      { x: 40, y: 90 },
      { x: 40, y: 150 },
    ]);
    expect(loopBends(BOX, styleEntries(''), [{ x: 170, y: 60 }], false)).toEqual([
      { x: 110, y: 60 },
      { x: 170, y: 60 },
    ]);
    expect(loopBends(BOX, styleEntries(''), [{ x: 120, y: 120 }], false)).toEqual(loopBends(BOX, styleEntries(''), [], false));
    // Both ends fixed: its waypoints as they are.
    expect(loopBends(BOX, styleEntries(''), [{ x: 40, y: 150 }], true)).toEqual([{ x: 40, y: 150 }]);
  });

  it('is drawn for one cell at both ends only, with fewer than two waypoints, and not for orthogonalLoop=1 with a fixed end', () => {
    const none = styleEntries('');
    const port = { face: 'left' as const, at: 0.5 };
    expect(drawsLoop(none, true, [], undefined, undefined)).toBe(true);
    expect(drawsLoop(none, false, [], undefined, undefined)).toBe(false);
    expect(drawsLoop(none, true, [{ x: 0, y: 0 }, { x: 1, y: 1 }], undefined, undefined)).toBe(false);
    expect(drawsLoop(none, true, [], port, undefined)).toBe(true);
    expect(drawsLoop(styleEntries('orthogonalLoop=1'), true, [], port, undefined)).toBe(false);
    expect(drawsLoop(styleEntries('orthogonalLoop=1;edgeStyle=orthogonalEdgeStyle'), true, [], undefined, undefined)).toBe(true);
    expect(loopEndsOrthogonal(styleEntries('edgeStyle=orthogonalEdgeStyle'))).toBe(true);
    expect(loopEndsOrthogonal(styleEntries('edgeStyle=orthogonalEdgeStyle;orthogonal=0'))).toBe(false);
    expect(loopEndsOrthogonal(styleEntries('edgeStyle=none'))).toBe(false);
  });

  it('routes a file loop round the box: from the outline toward its points and back, straight toward them or across', () => {
    // Toward the first point from the centre (140,120): the right side at 120 - 10 * 40/60.
    const plain = routeOf(loop('endArrow=classic;rounded=0;'));
    expect(plain.path).toBe('M180,113.33 L200,110 L200,130 L180,126.67');
    expect(plain.labelLine).toHaveLength(4);
    // An orthogonal edge style: the ends leave straight toward the points.
    expect(routeOf(loop('edgeStyle=orthogonalEdgeStyle;rounded=0;orthogonalLoop=1;')).path).toBe('M180,110 L200,110 L200,130 L180,130');
    // Both ends fixed (left and right middles): straight across between them.
    expect(routeOf(loop('endArrow=none;rounded=0;exitX=0;exitY=0.5;entryX=1;entryY=0.5;')).path).toBe('M100,120 L180,120');
    // Above the box through a waypoint.
    expect(routeOf(loop('rounded=0;direction=north;', [[150, 50]])).path).toMatch(/^M[\d.]+,100 L130,50 L150,50 L[\d.]+,100$/);
  });

  it('keeps its own edge style with orthogonalLoop=1 and a fixed end, as with two waypoints', () => {
    const kept = routeOf(loop('edgeStyle=orthogonalEdgeStyle;rounded=0;orthogonalLoop=1;exitX=1;exitY=0.5;entryX=0.5;entryY=0;', [[220, 120], [220, 60], [140, 60]]));
    expect(kept.path).toBe('M180,120 L220,120 L220,60 L140,60 L140,100');
  });
});
