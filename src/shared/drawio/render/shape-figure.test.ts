/** Which style a shape of a file is drawn with in code, as diagrams.net draws it. */
import { describe, expect, it } from 'vitest';
import { shape } from '../../../renderer/src/testing/drawio-fixtures';
import type { ShapeRecord } from '../model';
import { styleEntries } from '../stencils';
import { codeShapeName, isInvisibleGroup } from './code-shapes';
import { shapeFigureStyle } from './shape-figure';

const read = (type: ShapeRecord['type']) => ({ read: { type } }) as unknown as ShapeRecord['file'];
const figure = (style: string, patch: Partial<ShapeRecord> = {}) => shapeFigureStyle(shape('s1', { type: 'box', file: read('box'), ...patch }), styleEntries(style));

describe('the figure of a shape from a file', () => {
  it("draws a style that names no shape as diagrams.net's rectangle, and its ellipse and code shapes as themselves", () => {
    expect(codeShapeName(figure('rounded=0;whiteSpace=wrap;html=1;')!)).toBe('rect');
    expect(figure('rounded=1;whiteSpace=wrap;html=1;strokeWidth=3;')?.get('strokeWidth')).toBe('3');
    expect(codeShapeName(figure('ellipse;whiteSpace=wrap;html=1;aspect=fixed;', { type: 'circle', file: read('circle') })!)).toBe('ellipse');
    expect(codeShapeName(figure('shape=cylinder3;size=15;')!)).toBe('cylinder3');
  });

  it('leaves to the stencil, the image and the text what draws them', () => {
    expect(figure('shape=mxgraph.cisco.routers.router;html=1;')).toBeUndefined();
    expect(figure('text;html=1;strokeColor=none;fillColor=none;')).toBeUndefined();
    expect(figure('shape=image;image=data:image/png,x;', { look: 'image' })).toBeUndefined();
    // A shape made here, with no style of a file, keeps the studio's own outline.
    expect(figure('')).toBeUndefined();
  });

  it('follows an edit: another type is drawn by the studio, a rounded or dashed flag set since is drawn', () => {
    expect(figure('rounded=0;whiteSpace=wrap;', { type: 'db' })).toBeUndefined();
    const edited = figure('rounded=0;whiteSpace=wrap;', { style: { rounded: true, dashed: true } });
    expect([edited?.get('rounded'), edited?.get('dashed')]).toEqual(['1', '1']);
    expect(figure('rounded=1;dashed=1;', { style: { dashed: false } })?.get('dashed')).toBe('0');
  });

  it("knows diagrams.net's invisible `group`, and not a group the studio made or one with a shape", () => {
    expect(isInvisibleGroup(styleEntries('group'))).toBe(true);
    expect(isInvisibleGroup(styleEntries('group;tandemGroup=1'))).toBe(false);
    expect(isInvisibleGroup(styleEntries('rounded=0;container=1'))).toBe(false);
  });
});
