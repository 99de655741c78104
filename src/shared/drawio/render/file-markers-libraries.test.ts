/**
 * The edge ends diagrams.net's shape libraries register (SysML's), read from edges' styles and
 * drawn as mxSysML.js draws them: each part measured back from the end by L = size + stroke + 1,
 * none shortening the line.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { edgeMarkerIds, markersInUse } from './cell-paint';
import { edgesBetweenBoxes } from './test-edges';
import { fileMarker, fileMarkerAttributes, fileMarkerBody, markerShortening, type FileMarker } from './file-markers';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'path' || name === 'circle' });
/** A path's points (after M, L and an arc's flags, not its radii), as x,y pairs. */
const points = (d: string) => [...d.matchAll(/[ML ](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

/** A marker's parts, back from the end (the marker's reference point, the line not being shortened) and across the line. */
function drawn(name: string, extra: Partial<FileMarker> = {}) {
  const marker = { name, size: 6, strokeWidth: 2, filled: true, ...extra } as FileMarker;
  const at = fileMarkerAttributes(marker);
  const parsed = parser.parse(`<g>${fileMarkerBody(marker, '#123456')}</g>`).g;
  const paths = (parsed.path ?? []).map((path: { d: string; fill: string }) => ({ d: path.d, fill: path.fill, points: points(path.d).map(([x, y]) => [at.refX - x, y - at.refY]) }));
  const circles = (parsed.circle ?? []).map((c: { cx: string; cy: string; r: string; fill: string }) => ({ back: at.refX - Number(c.cx), across: Number(c.cy) - at.refY, r: Number(c.r), fill: c.fill }));
  return { at, paths, circles, shortening: markerShortening(marker) };
}

describe("the shape libraries' edge ends", () => {
  const L = 6 + 2 + 1;

  it('reads each SysML end from the style, with the fillColor its interfaces are filled with', () => {
    const [both, filled, plain] = edgesBetweenBoxes(['startArrow=sysMLLost;endArrow=sysMLx;endSize=10;strokeWidth=3;', 'endArrow=sysMLReqInt;fillColor=#ffcc00;', 'endArrow=sysMLProvInt;fillColor=none;']);
    expect(fileMarker(both, 'source')).toEqual({ name: 'sysMLLost', size: 6, strokeWidth: 3, filled: true });
    expect(fileMarker(both, 'target')).toEqual({ name: 'sysMLx', size: 10, strokeWidth: 3, filled: true });
    expect(fileMarker(filled, 'target')).toMatchObject({ name: 'sysMLReqInt', fillColor: '#ffcc00' });
    expect(fileMarker(plain, 'target')).not.toHaveProperty('fillColor');
    // Its own marker per fill colour.
    expect(edgeMarkerIds(filled).end).not.toBe(edgeMarkerIds({ ...filled, file: plain.file }).end);
    expect(markersInUse([both, filled, plain]).map((spec) => spec.file?.name)).toEqual(['sysMLLost', 'sysMLx', 'sysMLReqInt', 'sysMLProvInt']);
  });

  it('draws none of them shortening the line, and a start the same as an end (symmetric about the line)', () => {
    for (const name of ['sysMLPackCont', 'sysMLReqInt', 'sysMLProvInt', 'sysMLx', 'sysMLLost', 'sysMLFound']) {
      expect(drawn(name).shortening).toBe(0);
      expect(fileMarkerBody({ name, size: 6, strokeWidth: 2, filled: true } as FileMarker, '#000')).not.toBe('');
    }
  });

  it('draws package containment as a ring of the size on the line L/2 back, crossed by a bar L long', () => {
    const { paths, circles } = drawn('sysMLPackCont');
    expect(paths[0].points).toEqual([[L / 2, L / 2], [L / 2, -L / 2]]);
    expect(circles).toEqual([{ back: L / 2, across: 0, r: 3, fill: 'none' }]);
  });

  it("draws the interfaces: a ring L/2 back and a half circle L wide round the end's back, in the edge's fillColor", () => {
    expect(drawn('sysMLReqInt').circles).toEqual([{ back: L / 2, across: 0, r: 3, fill: 'none' }]);
    expect(drawn('sysMLReqInt', { fillColor: '#ffcc00' }).circles[0].fill).toBe('#ffcc00');
    const [arc] = drawn('sysMLProvInt', { fillColor: '#ffcc00' }).paths;
    // From L/2 on the line's left to L/2 on its right, through the end, turning round behind it.
    expect(arc.points).toEqual([[0, L / 2], [0, -L / 2]]);
    expect(arc.d).toMatch(new RegExp(` A${L / 2},${L / 2} 0 0 1 `));
    expect(arc.fill).toBe('#ffcc00');
    // The box holds the half circle behind the end.
    expect(drawn('sysMLProvInt').at.refX).toBeGreaterThanOrEqual(L / 2);
  });

  it('draws the X centred on the end, L across, reaching past it', () => {
    const { paths, at } = drawn('sysMLx', { size: 10, strokeWidth: 1 });
    const X = 10 + 1 + 1;
    expect(paths.map((p: { points: number[][] }) => p.points)).toEqual([[[X / 2, X / 2], [-X / 2, -X / 2]], [[-X / 2, X / 2], [X / 2, -X / 2]]]);
    expect(at.markerWidth).toBeGreaterThanOrEqual(at.refX + X / 2);
  });

  it("draws lost and found messages' dots filled in the line's colour L/2 back, lost with an open arrow pointing into it", () => {
    const lost = drawn('sysMLLost', { filled: false });
    expect(lost.paths[0].points).toEqual([[1.5 * L, L / 2], [L / 2, 0], [1.5 * L, -L / 2]]);
    expect(lost.paths[0].fill).toBe('none');
    expect(lost.circles).toEqual([{ back: L / 2, across: 0, r: 3, fill: '#123456' }]);
    expect(drawn('sysMLFound').circles).toEqual([{ back: L / 2, across: 0, r: 3, fill: '#123456' }]);
  });
});
