/** AWS 3D icons A-D (mxAWS3D.js), at the size their lines were drawn for. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';
import { AWS3D_ICONS_A_D } from './code-shapes-aws3d-icons-a-d';

const aws3d = 'shape=mxgraph.aws3d.';

describe('AWS 3D icons A-D', () => {
  it('holds the palette from ami to dynamoDb', () => {
    expect(Object.keys(AWS3D_ICONS_A_D).map((name) => name.slice('mxgraph.aws3d.'.length))).toEqual([
      'ami', 'ami2', 'application', 'application_server', 'application2', 'cloudfront', 'customerGateway', 'dataCenter', 'dataServer', 'decider', 'dynamoDb',
    ]);
  });

  it("draws the application's hexagonal body at its formula's corners", () => {
    const { paths } = draw(`${aws3d}application;`, 62, 68.8, { fill: '#4286c5', stroke: '#57A2D8' });
    // diagrams.net: (0, 0.2544h) (0.5w, 0) (w, 0.2544h) (w, 0.7485h) (0.5w, h) (0, 0.7485h).
    expect(pointsOf(paths[0].attrs.d)).toEqual([[0, 17.5], [31, 0], [62, 17.5], [62, 51.5], [31, 68.8], [0, 51.5]]);
    expect(paths[0].attrs.fill).toBe('#4286c5');
  });

  it("draws the application server's badge with elliptic corners scaled with the box", () => {
    const { markup } = draw(`${aws3d}application_server;`, 123, 124);
    // diagrams.net: arcTo(0.0325w, 0.0202h, 0, 0, 1, 0.374w, 0.4153h).
    expect(markup).toContain('A4,2.5 0 0 1 46,51.5');
    expect(draw(`${aws3d}application_server;`, 246, 124).markup).toContain('A8,2.5 0 0 1 92,51.5');
  });

  it("draws the customer gateway's second body, behind the first, from (0.4199w, 0.5447h)", () => {
    const { paths } = draw(`${aws3d}customerGateway;`, 116.7, 102.8);
    expect(pointsOf(paths[0].attrs.d).slice(0, 6)).toEqual([[49, 56], [49, 3.6], [104.4, 0], [116.7, 7.1], [116.7, 42.5], [79.5, 74.5]]);
  });
});
