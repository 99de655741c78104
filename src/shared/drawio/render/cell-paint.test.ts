/**
 * An edge's dashes as diagrams.net draws them: the file's dashPattern in units of the edge's
 * width (fixed with fixDash=1), 3 3 when it names none, the studio's own once an edit changes the
 * line style; and the same dash rule for a shape drawn in code.
 */
import { describe, expect, it } from 'vitest';
import { edgeDashes } from './cell-paint';
import { edgesBetweenBoxes } from './edge-test-kit';
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

  it("draws the studio's dashes once an edit changes the line style, and for an edge made here", () => {
    const [read] = edges(['dashed=1;dashPattern=1 1;']);
    const edited = { ...read, lineStyle: 'dashed' as const, file: { ...read.file!, read: { lineStyle: read.lineStyle } } };
    expect(read.lineStyle).toBe('dotted');
    expect(edgeDashes(edited)).toBe('8 5');
    expect(edgeDashes({ lineStyle: 'dashed', file: undefined })).toBe('8 5');
    expect(edgeDashes({ lineStyle: 'solid', file: undefined })).toBeUndefined();
  });

  it('reads a dash pattern as diagrams.net does, ignoring what is no length', () => {
    expect(styleDashArray(new Map([['dashed', '1'], ['dashPattern', '2 x 4']]), 1.5)).toBe('3 6');
    expect(styleDashArray(new Map([['dashed', '1'], ['dashPattern', '0 0']]), 1)).toBe('3 3');
    expect(styleDashArray(new Map([['dashPattern', '2 4']]), 1)).toBeUndefined();
  });
});
