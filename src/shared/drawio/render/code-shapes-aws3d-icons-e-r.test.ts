/** AWS 3D icons E-R (mxAWS3D.js): the Oracle badges, the fixed shades, the Lambda's logo. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';
import { AWS3D_ICONS_E_R } from './code-shapes-aws3d-icons-e-r';

const aws3d = 'shape=mxgraph.aws3d.';

describe('AWS 3D icons E-R', () => {
  it('holds the palette from ebs to route53', () => {
    expect(Object.keys(AWS3D_ICONS_E_R)).toHaveLength(18);
    expect(Object.keys(AWS3D_ICONS_E_R)).toContain('mxgraph.aws3d.elasticBeanstalk');
    expect(Object.keys(AWS3D_ICONS_E_R)).toContain('mxgraph.aws3d.route53');
  });

  it("draws the Oracle server's red band under white lines half a line wide", () => {
    const { paths } = draw(`${aws3d}oracleServer;`, 123, 133);
    const band = paths.find((p) => p.attrs.fill === '#ff0000');
    // diagrams.net: (0, 0.5866h) (0.5w, 0.8359h) (w, 0.5866h) (w, 0.6986h) (0.5w, 0.9486h) (0, 0.6986h), filled red.
    expect(pointsOf(band?.attrs.d ?? '')).toEqual([[0, 78.02], [61.5, 111.17], [123, 78.02], [123, 92.91], [61.5, 126.16], [0, 92.91]]);
    expect(paths.find((p) => p.attrs.stroke === '#ffffff')?.attrs['stroke-width']).toBe('1');
    expect(draw(`${aws3d}oracleServer;`, 246, 266).paths.find((p) => p.attrs.stroke === '#ffffff')?.attrs['stroke-width']).toBe('1');
  });

  it("shades the RDS slave's sides at fixed opacities the style's shadingCols does not change", () => {
    const shades = (style: string) =>
      draw(`${aws3d}rdsSlave;${style}`, 123, 133, { stroke: '#5E5E5E' })
        .paths.filter((p) => p.attrs.fill === '#000000')
        .map((p) => p.attrs['fill-opacity']);
    expect(shades('')).toEqual(['0.1', '0.3']);
    expect(shades('shadingCols=0.5,0.5;flipH=1;')).toEqual(['0.1', '0.3']);
  });

  it("draws the Lambda's logo in grey and its lambda in white, whatever the shape's colours", () => {
    const { paths } = draw(`${aws3d}lambda;`, 92, 109.5, { fill: '#123456', stroke: '#654321' });
    expect(paths.map((p) => p.attrs.fill)).toContain('#5e5e5e');
    expect(paths.map((p) => p.attrs.fill)).toContain('#ffffff');
    // diagrams.net: moveTo(0.3804w, 0.1169h) then arcTo(0.5435w, 0.4566h, 0, 0, 1, 0.6087w, 0.1123h).
    expect(paths.find((p) => p.attrs.fill === '#5e5e5e')?.attrs.d).toMatch(/^M35,12\.8 A50,50 0 0 1 56,12\.3 /);
  });
});
