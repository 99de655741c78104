/**
 * diagrams.net's named edge ends, drawn with its geometry: read from files made here (UML
 * interfaces and entity relations at sizes and strokes the corpus does not use), each marker's
 * drawing measured back from the tip by L = size + stroke + 1.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { edgeMarkerIds, markerMarkup, markersInUse } from './cell-paint';
import { edgesBetweenBoxes } from './test-edges';
import { fileMarker, fileMarkerAttributes, fileMarkerBody, markerShortening, type FileMarker } from './file-markers';

const edges = edgesBetweenBoxes;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'path' || name === 'circle' });
/** The numbers of a path's d, as x,y pairs. */
const points = (d: string) => [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe("diagrams.net's named edge ends", () => {
  it('reads the name, size, stroke and fill of each end, and the one the studio writes once an edit changes the head', () => {
    const [socket, lollipop, er] = edges(['endArrow=halfCircle;endFill=0;endSize=6;', 'endArrow=oval;endFill=0;endSize=10;strokeWidth=2;', 'startArrow=ERmandOne;endArrow=ERzeroToMany;startFill=0;endFill=1;']);
    expect(fileMarker(socket, 'target')).toEqual({ name: 'halfCircle', size: 6, strokeWidth: 1, filled: false });
    expect(fileMarker(lollipop, 'target')).toEqual({ name: 'oval', size: 10, strokeWidth: 2, filled: false });
    expect(fileMarker(er, 'source')).toMatchObject({ name: 'ERmandOne', size: 6 });
    expect(fileMarker(er, 'target')).toMatchObject({ name: 'ERzeroToMany', filled: true });
    expect(fileMarker(socket, 'source')).toBeUndefined();
    // A head the person or the AI changed is drawn as diagrams.net draws what the studio writes for it,
    // at the file's size and stroke. (An edit keeps what was read in file.read, as the store does.)
    const edit = (edge: typeof er, targetArrow: typeof er.targetArrow) => ({ ...edge, targetArrow, file: { ...edge.file!, read: { targetArrow: edge.targetArrow } } });
    expect(fileMarker(edit(er, 'diamond'), 'target')).toEqual({ name: 'diamond', size: 6, strokeWidth: 1, filled: true });
    expect(edgeMarkerIds(edit(er, 'diamond')).end).toMatch(/^tandem-file-marker-diamond-6-1-/);
    expect(fileMarker(edit(lollipop, 'arrow'), 'target')).toEqual({ name: 'classic', size: 10, strokeWidth: 2, filled: true });
    expect(fileMarker(edit(socket, 'crow-foot'), 'target')).toMatchObject({ name: 'ERmany' });
    // No head: nothing drawn there.
    expect(fileMarker(edit(socket, 'none'), 'target')).toBeUndefined();
    expect(edgeMarkerIds(er).end).toMatch(/^tandem-file-marker-ERzeroToMany-6-1-/);
  });

  it('draws a socket as a half circle L deep and 2L wide, opening to the tip', () => {
    const marker = { name: 'halfCircle', size: 6, strokeWidth: 1, filled: false } as const;
    const a = fileMarkerAttributes(marker);
    const [path] = parser.parse(fileMarkerBody(marker, '#000')).path;
    const p = points(path.d);
    const L = 8;
    // Starts and ends level with the tip, L to either side; its bottom L behind the tip, on the line.
    expect(p[0]).toEqual([a.refX, a.refY - L]);
    expect(p[p.length - 1]).toEqual([a.refX, a.refY + L]);
    expect(p).toContainEqual([a.refX - L, a.refY]);
    // The box holds it: nothing beyond the tip, room for the stroke.
    expect(a.markerWidth).toBeGreaterThanOrEqual(L + 1);
    expect(a.markerHeight).toBeGreaterThanOrEqual(2 * L + 1);
  });

  it('draws a lollipop as a circle of the end size on the tip, and ER ends as bars, crow feet and rings', () => {
    const oval = { name: 'oval', size: 10, strokeWidth: 1, filled: false } as const;
    const [circle] = parser.parse(fileMarkerBody(oval, '#111')).circle;
    const a = fileMarkerAttributes(oval);
    // Centred on the edge's end; the line stops r before it, where the marker's reference point is.
    expect([Number(circle.cx), Number(circle.cy), Number(circle.r)]).toEqual([a.refX + 5, a.refY, 5]);
    expect(a.markerWidth).toBeGreaterThanOrEqual(a.refX + 10);
    // endFill=0: only its outline (diagrams.net strokes it without a fill); filled: in the line's colour.
    expect(circle.fill).toBe('none');
    expect(parser.parse(fileMarkerBody({ ...oval, filled: true }, '#111')).circle[0].fill).toBe('#111');

    const L = 6 + 1 + 1;
    const one = (name: 'ERone' | 'ERmandOne' | 'ERmany' | 'ERzeroToMany') => {
      const marker = { name, size: 6, strokeWidth: 1, filled: true } as const;
      const at = fileMarkerAttributes(marker);
      const parsed = parser.parse(fileMarkerBody(marker, '#000'));
      return { at, path: points(parsed.path[0].d).map(([x, y]) => [at.refX - x, y - at.refY]), circles: parsed.circle ?? [] };
    };
    // ERone: one bar L long, L/2 behind the tip.
    expect(one('ERone').path).toEqual([[L / 2, -L / 2], [L / 2, L / 2]]);
    // ERmandOne: bars at L/2 and L.
    expect(one('ERmandOne').path.map(([back]) => back)).toEqual([L / 2, L / 2, L, L]);
    // ERmany: the crow's foot, its toes L/2 either side of the tip, its heel L behind.
    expect(one('ERmany').path).toEqual([[0, -L / 2], [L, 0], [0, L / 2]]);
    // ERzeroToMany: the foot and a white ring of the size's diameter 1.5 L behind.
    const zero = one('ERzeroToMany');
    expect(zero.circles[0]).toMatchObject({ r: '3', fill: '#ffffff' });
    expect(zero.at.refX - Number(zero.circles[0].cx)).toBe(1.5 * L);
  });

  it('writes each marker once per name, size and colour, in its own box', () => {
    const list = edges(['endArrow=ERmany;', 'endArrow=ERmany;', 'endArrow=ERmany;endSize=12;', 'endArrow=ERone;strokeColor=#ff0000;']);
    const specs = markersInUse(list);
    expect(specs.map((s) => s.id)).toHaveLength(3);
    const markup = markerMarkup(specs.find((s) => s.file?.size === 12)!);
    expect(markup).toMatch(/^<marker id="tandem-file-marker-ERmany-12-1-[^"]*" viewBox="0 0 [\d.]+ [\d.]+" markerWidth="[\d.]+"/);
    expect(markerMarkup(specs.find((s) => s.color === '#ff0000')!)).toContain('stroke="#ff0000"');
  });

  it("draws the rest of diagrams.net's menu: half arrows on the line's right at its end and left at its start, a box, circles, a cross and a dash", () => {
    const drawn = (name: string, extra: Partial<FileMarker> = {}) => {
      const marker = { name, size: 6, strokeWidth: 2, filled: true, ...extra } as FileMarker;
      const at = fileMarkerAttributes(marker);
      const parsed = parser.parse(`<g>${fileMarkerBody(marker, '#000')}</g>`).g;
      // Back from the tip (the line's unshortened end) and across the line, as mxMarker measures them.
      const tip = at.refX + markerShortening(marker);
      const paths = (parsed.path ?? []).map((path: { d: string }) => points(path.d).map(([x, y]) => [tip - x, y - at.refY]));
      const circles = (parsed.circle ?? []).map((c: { cx: string; r: string; fill: string }) => ({ back: tip - Number(c.cx), r: Number(c.r), fill: c.fill }));
      return { paths, circles, shortening: markerShortening(marker), fills: (parsed.path ?? []).map((path: { fill: string }) => path.fill) };
    };
    const U = 6 + 2;
    const pull = 2 * 1.118;
    // async: tip pulled back by the stroke x 1.118, back U and U / 2 across; -y (the right going forward) at the end.
    const end = drawn('async');
    expect(end.paths[0].map(([back, across]: number[]) => [Math.round(back * 100) / 100, across])).toEqual([[Math.round(pull * 100) / 100, 0], [Math.round((pull + U) * 100) / 100, -U / 2], [Math.round((pull + U) * 100) / 100, 0]]);
    expect(end.shortening).toBeCloseTo(U + pull);
    expect(drawn('async', { atSource: true }).paths[0][1][1]).toBe(U / 2);
    expect(drawn('async', { filled: false }).fills).toEqual(['none']);
    // openAsync: one stroke from the end itself; the line runs to the end.
    expect(drawn('openAsync').paths[0]).toEqual([[0, 0], [U, -U / 2]]);
    expect(drawn('openAsync').shortening).toBe(0);
    // box: a square of side U + 1 behind the end, the line stopping at its back.
    const box = drawn('box');
    expect(box.paths[0]).toEqual([[0, (U + 1) / 2], [0, -(U + 1) / 2], [U + 1, -(U + 1) / 2], [U + 1, (U + 1) / 2]]);
    expect(box.shortening).toBe(U + 1);
    // circle: radius U, centred U + stroke back; the line stops at its far side. circlePlus adds a cross a stroke inside it.
    expect(drawn('circle').circles).toEqual([{ back: U + 2, r: U, fill: '#000' }]);
    expect(drawn('circle').shortening).toBe(2 * U + 2);
    const plus = drawn('circlePlus', { filled: false });
    expect(plus.circles[0]).toMatchObject({ back: U + 2, fill: 'none' });
    expect(plus.paths).toEqual([[[2, 0], [2 * (U + 2) - 2, 0]], [[U + 2, U], [U + 2, -U]]]);
    // cross and dash: over the square one half-side further back; the line runs through to the end.
    const half = (U + 1) / 2;
    expect(drawn('dash').paths).toEqual([[[half, half], [3 * half, -half]]]);
    expect(drawn('cross').paths).toEqual([[[half, half], [3 * half, -half]], [[half, -half], [3 * half, half]]]);
    expect(drawn('cross').shortening).toBe(0);
    // The start's half arrow is its own marker.
    const [both] = edges(['startArrow=async;endArrow=async;']);
    expect(edgeMarkerIds(both).start).not.toBe(edgeMarkerIds(both).end);
  });
});
