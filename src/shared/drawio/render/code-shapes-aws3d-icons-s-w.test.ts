/** AWS 3D icons S-W (mxAWS3D.js): marks in the fill colour, the workflow's round badge. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';
import { AWS3D_ICONS_S_W } from './code-shapes-aws3d-icons-s-w';

const aws3d = 'shape=mxgraph.aws3d.';

describe('AWS 3D icons S-W', () => {
  it('holds the palette from s3 to workflowService', () => {
    expect(Object.keys(AWS3D_ICONS_S_W).map((name) => name.slice('mxgraph.aws3d.'.length))).toEqual([
      's3', 's3Bucket', 'searchEngine', 'secureConnection', 'securityTokenService', 'simpleDb', 'simpleDb2', 'snapshot', 'sqs', 'vpcGateway', 'webServer', 'worker', 'workflowService',
    ]);
  });

  it("draws the SQS's body at its formula's corners and its arrows in the fill colour", () => {
    const { paths } = draw(`${aws3d}sqs;`, 184, 212.75, { fill: '#ECECEC', stroke: '#5E5E5E' });
    // diagrams.net: (0, 0.7485h) (0, 0.584h) (0.1658w, 0.1666h) (0.5w, 0) (0.8337w, 0.1666h) (w, 0.584h) (w, 0.7485h) (0.5w, h).
    expect(pointsOf(paths[0].attrs.d)).toEqual([[0, 159.24], [0, 124.25], [30.51, 35.44], [92, 0], [153.4, 35.44], [184, 124.25], [184, 159.24], [92, 212.75]]);
    expect(paths.filter((p) => p.attrs.fill === '#ECECEC')).toHaveLength(2);
  });

  it("draws the workflow service's badge as an ellipse filled in the stroke colour", () => {
    const { paths } = draw(`${aws3d}workflowService;`, 181.5, 210, { stroke: '#5E5E5E' });
    const badge = paths.find((p) => p.attrs.fill === '#5E5E5E');
    // diagrams.net: ellipse(0.2925w, 0.031h, 0.4116w, 0.2925h).
    expect(badge?.attrs.d).toBe('M53.09,37.22 A37.35,30.71 0 1 1 127.79,37.22 A37.35,30.71 0 1 1 53.09,37.22 Z');
    // Its lines in the fill colour, two line widths.
    expect(paths.find((p) => p.attrs.stroke === '#ffffff' && p.attrs.fill === 'none')?.attrs['stroke-width']).toBe('2');
  });

  it("draws the second SimpleDB's mark with a line three widths wide in the fill colour", () => {
    const { paths } = draw(`${aws3d}simpleDb2;`, 181.5, 210, { fill: '#ECECEC' });
    expect(paths.find((p) => p.attrs.stroke === '#ECECEC')?.attrs['stroke-width']).toBe('3');
  });
});
