/**
 * An edge's dashes as diagrams.net draws them: the file's dashPattern in units of the edge's
 * width (fixed with fixDash=1), 3 3 when it names none; a line an edit restyled in the pattern the
 * file will be written with; an edge made here from the style it is written with; and the same dash rule for a
 * shape drawn in code.
 */
import { describe, expect, it } from 'vitest';
import { edgeDashes, edgeMarkerIds, edgeStroke, markersInUse } from './cell-paint';
import { CANVAS_INK } from './default-ink';
import { edgesBetweenBoxes } from './test-edges';
import { styleDashArray } from './code-shape-pen';

const edges = edgesBetweenBoxes;

describe("an edge's dashes", () => {
  it("draws a file's dashPattern in units of the edge's width, 3 3 by default, fixed with fixDash", () => {
    const [plain, dashed, dotted, wide, fixed, solid, curved] = edges([
      'endArrow=none;',
      'dashed=1;endArrow=none;',
      'dashed=1;dashPattern=1 1;endArrow=none;',
      'dashed=1;dashPattern=8 3 1 3;strokeWidth=2;',
      'dashed=1;dashPattern=5 2;strokeWidth=3;fixDash=1;',
      'dashed=0;dashPattern=1 1;',
      'curved=1;dashed=1;dashPattern=4 2;',
    ]);
    expect(edgeDashes(plain)).toBeUndefined();
    expect(edgeDashes(dashed)).toBe('3 3');
    expect(edgeDashes(dotted)).toBe('1 1');
    expect(edgeDashes(wide)).toBe('16 6 2 6');
    expect(edgeDashes(fixed)).toBe('5 2');
    expect(edgeDashes(solid)).toBeUndefined();
    // A curved edge's line style is 'curved'; its dashes are still the file's.
    expect(edgeDashes(curved)).toBe('4 2');
  });

  it('draws a line an edit restyled in the pattern the file will be written with, not the stale one', () => {
    const [wasDashed, wasSolid] = edges(['dashed=1;dashPattern=5 5;', 'strokeWidth=3;']);
    const restyled = (edge: typeof wasDashed, lineStyle: 'dashed' | 'dotted' | 'solid') => ({ ...edge, lineStyle, file: { ...edge.file!, read: { lineStyle: edge.lineStyle } } });
    // Was dashed 5 5, now dotted: the writer gives it 1 4.
    expect(edgeDashes(restyled(wasDashed, 'dotted'))).toBe('1 4');
    // Was dashed, now solid: no dashes.
    expect(edgeDashes(restyled(wasDashed, 'solid'))).toBeUndefined();
    // Was solid, now dashed: diagrams.net's default, in widths of the 3 px line.
    expect(edgeDashes(restyled(wasSolid, 'dashed'))).toBe('9 9');
  });

  it('draws an edge made here in the dashes of the style it is written with: diagrams.net\'s 3 3, dotted 1 4', () => {
    const made = (lineStyle: 'dashed' | 'dotted' | 'solid') => ({ lineStyle, sourceArrow: 'none', targetArrow: 'arrow', file: undefined }) as const;
    expect(edgeDashes(made('dashed'))).toBe('3 3');
    expect(edgeDashes(made('dotted'))).toBe('1 4');
    expect(edgeDashes(made('solid'))).toBeUndefined();
  });

  it('reads a dash pattern as diagrams.net does, ignoring what is no length', () => {
    expect(styleDashArray(new Map([['dashed', '1'], ['dashPattern', '2 x 4']]), 1.5)).toBe('3 6');
    expect(styleDashArray(new Map([['dashed', '1'], ['dashPattern', '0 0']]), 1)).toBe('3 3');
    expect(styleDashArray(new Map([['dashPattern', '2 4']]), 1)).toBeUndefined();
  });
});

describe('an edge of no line (strokeColor=none)', () => {
  it('draws no line and no heads, as diagrams.net paints its heads in the line\'s colour', () => {
    const [hidden, filled, own, plain] = edges(['endArrow=classic;strokeColor=none;', 'endArrow=block;endFill=1;startArrow=oval;strokeColor=none;', 'endArrow=classic;strokeColor=#b85450;', 'endArrow=classic;']);
    expect(edgeStroke(hidden)).toBe('none');
    expect(edgeStroke(hidden, CANVAS_INK)).toBe('none');
    expect(edgeMarkerIds(hidden)).toEqual({ start: undefined, end: undefined });
    expect(edgeMarkerIds(filled, CANVAS_INK)).toEqual({ start: undefined, end: undefined });
    expect(markersInUse([hidden, filled])).toEqual([]);
    // A line of its own colour, or of none named, keeps its line and head.
    expect(edgeStroke(own)).toBe('#b85450');
    expect(edgeMarkerIds(own).end).toBeDefined();
    expect(edgeStroke(plain)).toBe('#000000');
    expect(markersInUse([hidden, plain])).toHaveLength(1);
  });
});
