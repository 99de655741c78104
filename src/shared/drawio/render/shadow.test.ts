import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import { cellShadow, dropShadowCss, dropShadowFilter, labelShadow } from './shadow';

const shadowOf = (style: string, on?: boolean) => cellShadow(styleEntries(style), on);

describe("a cell's shadow, as diagrams.net 25 draws it", () => {
  it('is cast only when the style or the model says so, and is 2,3 px off, 2 px blurred, black at 25 %', () => {
    expect(shadowOf('rounded=1;fillColor=#fff;')).toBeUndefined();
    expect(shadowOf('shadow=0;')).toBeUndefined();
    expect(shadowOf('shadow=1;')).toEqual({ dx: 2, dy: 3, blur: 2, color: '#000000', opacity: 0.25 });
    // The model's flag (a `style REF no-shadow` edit) wins over what the file said.
    expect(shadowOf('shadow=1;', false)).toBeUndefined();
    expect(shadowOf('rounded=1;', true)?.dy).toBe(3);
    expect(dropShadowCss(shadowOf('shadow=1;')!)).toBe('drop-shadow(2px 3px 2px rgba(0, 0, 0, 0.25))');
  });

  it("takes the style's shadowOffsetX/Y, shadowBlur, shadowColor and shadowOpacity (0-100), as mxShape.getShadowStyle", () => {
    const look = shadowOf('shadow=1;shadowOffsetX=-4;shadowOffsetY=6;shadowBlur=5;shadowColor=#F0A;shadowOpacity=60;')!;
    expect(look).toEqual({ dx: -4, dy: 6, blur: 5, color: '#F0A', opacity: 0.6 });
    expect(dropShadowCss(look)).toBe('drop-shadow(-4px 6px 5px rgba(255, 0, 170, 0.6))');
    expect(dropShadowCss(shadowOf('shadow=1;shadowColor=red;shadowOpacity=250;shadowBlur=-3')!)).toBe('drop-shadow(2px 3px 0px color-mix(in srgb, red 100%, transparent))');
    expect(shadowOf('shadow=1;shadowColor=none;')).toBeUndefined();
    expect(shadowOf('shadow=1;shadowOffsetX=abc;')?.dx).toBe(2);
  });

  it('falls from a label only with textShadow=1, in the same look', () => {
    expect(labelShadow(styleEntries('shadow=1;'))).toBeUndefined();
    expect(labelShadow(styleEntries('textShadow=1;shadowColor=#ff0000;'))).toEqual({ dx: 2, dy: 3, blur: 2, color: '#ff0000', opacity: 0.25 });
  });

  it("is an SVG feDropShadow for the export, its deviation half CSS's blur radius, its region in user space around the figure", () => {
    const filter = dropShadowFilter('s1', shadowOf('shadow=1;')!, { x: 100, y: 50, w: 80, h: 0 });
    expect(filter).toContain('<filter id="s1" filterUnits="userSpaceOnUse"');
    expect(filter).toContain('<feDropShadow dx="2" dy="3" stdDeviation="1" flood-color="#000000" flood-opacity="0.25"/>');
    // A horizontal line (no height) still has a region: with a bounding-box region it would vanish.
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((name) => Number(new RegExp(` ${name}="(-?[\\d.]+)"`).exec(filter)![1]));
    expect(x).toBeLessThan(100);
    expect(y).toBeLessThan(50 - 3);
    expect(x + w).toBeGreaterThan(180 + 2 + 3);
    expect(y + h).toBeGreaterThan(50 + 3 + 3);
  });
});
