/** An edge's dashes: a file's as diagrams.net draws them (its pattern in widths of the line), the studio's own otherwise. */
import { describe, expect, it } from 'vitest';
import type { EdgeRecord } from '../model';
import { EDGE_DASHES, edgeDashes } from './cell-paint';

const fileEdge = (style: string, lineStyle: EdgeRecord['lineStyle']) =>
  ({ lineStyle, file: { source: { tag: 'mxCell', attributes: [['style', style]], children: [] } } }) as unknown as Pick<EdgeRecord, 'file' | 'lineStyle'>;

describe('edge dashes', () => {
  it("draws a file's dashed edge in its pattern, scaled by its width unless fixDash", () => {
    expect(edgeDashes(fileEdge('dashed=1;', 'dashed'))).toBe('3 3');
    expect(edgeDashes(fileEdge('dashed=1;strokeWidth=2;', 'dashed'))).toBe('6 6');
    expect(edgeDashes(fileEdge('dashed=1;dashPattern=8 4 2 4;strokeWidth=1.5;', 'dashed'))).toBe('12 6 3 6');
    expect(edgeDashes(fileEdge('dashed=1;dashPattern=1 2;strokeWidth=2;fixDash=1;', 'dotted'))).toBe('1 2');
    expect(edgeDashes(fileEdge('endArrow=none;', 'solid'))).toBeUndefined();
  });

  it('draws a line an edit restyled in the pattern the file will be written with, not the stale one', () => {
    // Was dashed 5 5, now dotted: the writer gives it 1 4.
    expect(edgeDashes(fileEdge('dashed=1;dashPattern=5 5;', 'dotted'))).toBe('1 4');
    // Was solid, now dashed: diagrams.net's default.
    expect(edgeDashes(fileEdge('strokeWidth=3;', 'dashed'))).toBe('9 9');
    // A pattern of nothing drawable falls back to the default.
    expect(edgeDashes(fileEdge('dashed=1;dashPattern=0 0;', 'dashed'))).toBe('3 3');
  });

  it("draws an edge made here in the studio's dashes", () => {
    expect(edgeDashes({ lineStyle: 'dotted' } as Pick<EdgeRecord, 'file' | 'lineStyle'>)).toBe(EDGE_DASHES.dotted);
  });
});
