/** Single library shapes drawn in code: GCP 2's double rectangle, the flowchart's document2, IBM's box. */
import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import { codeShapeStencils } from './code-shapes';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';

describe('single library shapes', () => {
  it("draws GCP 2's double rectangle as two boxes 8 px shorter, the back one 8 px down and right", () => {
    const { rects } = draw('shape=mxgraph.gcp2.doubleRect', 100, 60);
    expect(rects.map(boxOf)).toEqual([[8, 8, 92, 52], [0, 0, 92, 52]]);
    expect(rects.map((r) => r.attrs.rx)).toEqual(['1', '1']);
  });

  it("draws document2's wave `size` of the height deep along the bottom, under 5 px top corners", () => {
    const { paths } = draw('shape=mxgraph.flowchart.document2;size=0.25', 100, 60);
    expect(paths[0].attrs.d).toBe('M95,0 A5,5 0 0 1 100,5 L100,52.5 Q75,39 50,52.5 Q25,66 0,52.5 L0,7.5 L0,5 A5,5 0 0 1 5,0 Z');
    expect(pointsOf(draw('shape=mxgraph.flowchart.document2', 100, 60).paths[0].attrs.d)[1]).toEqual([100, 45]);
  });

  it("draws IBM's box and its type's tag 25 px at the top left in the stroke's colour, loading that stencil", () => {
    const drawn: Array<[string, readonly number[], string]> = [];
    const box = draw('shape=mxgraph.ibm.box;prType=vpc', 200, 100, { stroke: '#4376BB' }, (name, at, paint) => {
      drawn.push([name, at, paint.fill]);
      return '<g/>';
    });
    expect(box.rects.map(boxOf)).toEqual([[0, 0, 200, 100]]);
    expect(drawn).toEqual([['mxgraph.ibm.vpctag', [0, 0, 25, 25], '#4376BB']]);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.ibm.box;prType=cloud'))).toEqual(['mxgraph.ibm.cloudtag']);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.ibm.box'))).toEqual([]);
  });

  it("draws AWS 4's second group: its box, a 25 px square in the stroke's colour and its grIcon white in it", () => {
    const drawn: Array<[string, readonly number[], string]> = [];
    const group = draw('shape=mxgraph.aws4.group2;grIcon=mxgraph.aws4.group_vpc', 160, 100, { stroke: '#248814' }, (name, at, paint) => {
      drawn.push([name, at, paint.fill]);
      return '<g/>';
    });
    expect(group.rects.map(boxOf)).toEqual([[0, 0, 160, 100], [0, 0, 25, 25]]);
    expect([group.rects[1].attrs.fill, group.rects[1].attrs.stroke]).toEqual(['#248814', 'none']);
    expect(drawn).toEqual([['mxgraph.aws4.group_vpc', [2.5, 2.5, 20, 20], '#ffffff']]);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.aws4.group2;grIcon=mxgraph.aws4.group_vpc'))).toEqual(['mxgraph.aws4.group_vpc']);
  });

  it("draws Cisco 19's framed icon on its prIcon's background, the icon in the stroke's colour", () => {
    const drawnFor = (style: string, w = 64, h = 64) => {
      const drawn: Array<[string, readonly number[], string]> = [];
      const shape = draw(style, w, h, { fill: '#FAFAFA', stroke: '#005073' }, (name, at, paint) => {
        // On the shape's own half pixel: a stencil's own would put it half a pixel off diagrams.net's.
        expect(paint.nested).toBe(true);
        drawn.push([name, at, paint.fill]);
        return '<g/>';
      });
      return { shape, drawn };
    };
    expect(drawnFor('shape=mxgraph.cisco19.rect;prIcon=l2_modular').drawn).toEqual([
      ['mxgraph.cisco19.bg2', [0, 0, 64, 64], '#FAFAFA'],
      ['mxgraph.cisco19.l2_modular', [0, 0, 64, 64], '#005073'],
    ]);
    expect(drawnFor('shape=mxgraph.cisco19.rect').drawn.map(([name]) => name)).toEqual(['mxgraph.cisco19.bg1', 'mxgraph.cisco19.l2_switch']);
    const router = drawnFor('shape=mxgraph.cisco19.rect;prIcon=wireless_router', 100, 100);
    expect(router.drawn.map(([name]) => name)).toEqual(['mxgraph.cisco19.wireless_router']);
    expect(router.shape.ellipses.map((e) => [e.attrs.cx, e.attrs.cy, e.attrs.rx, e.attrs.ry].map(Number))).toEqual([[50, 58.5, 50, 41.5]]);
    expect(drawnFor('shape=mxgraph.cisco19.rect;prIcon=aci', 100, 100).drawn[0]).toEqual(['mxgraph.cisco19.acibg', [19.5, 19.5, 61, 61], '#FAFAFA']);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.cisco19.rect;prIcon=firewall'))).toEqual(['mxgraph.cisco19.bg6', 'mxgraph.cisco19.firewall']);
  });

  it("draws GCP 2's hexagon icon: its type's hexagons (alpha, paint), its icon in the fill, and its instance badge", () => {
    const drawn: Array<[string, readonly number[], string, string, number]> = [];
    const hex = draw('shape=mxgraph.gcp2.hexIcon;prIcon=bigquery;prType=shared;instNum=3', 100, 100, { fill: '#5184F3', stroke: 'none' }, (name, at, paint) => {
      drawn.push([name, at.map((v) => Number(v.toFixed(6))), paint.fill, paint.stroke, Number(paint.strokeWidth.toFixed(6))]);
      return '<path d="M0,0"/>';
    });
    expect(drawn).toEqual([
      ['mxgraph.gcp2.outline_blank_1', [2, 0, 96, 100], 'none', '#5184F3', 3.8],
      ['mxgraph.gcp2.outline_blank_2', [14, 1, 72, 98], 'none', '#5184F3', 3.8],
      ['mxgraph.gcp2.outline_blank_1', [13, 12, 74, 76], '#ffffff', '#5184F3', 3.8],
      ['mxgraph.gcp2.bigquery', [17, 16, 66, 68], '#5184F3', 'none', 1],
    ]);
    expect(hex.markup.match(/<g opacity="[\d.]+"/g)).toEqual(['<g opacity="0.4"', '<g opacity="0.7"']);
    expect(hex.ellipses).toHaveLength(2);
    expect(hex.markup).toContain('>3</text>');
    expect(codeShapeStencils(styleEntries('shape=mxgraph.gcp2.hexIcon'))).toEqual(['mxgraph.gcp2.compute_engine']);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.gcp2.hexIcon;prType=highmem;prIcon=gpu'))).toEqual(['mxgraph.gcp2.outline_highmem', 'mxgraph.gcp2.gpu']);
  });

  it("draws Cisco SAFE's composite icon: its icon, the background over it in the stroke's colour, the icon again in the fill", () => {
    const drawnFor = (style: string) => {
      const drawn: Array<[string, readonly number[], string, string]> = [];
      const shape = draw(`shape=mxgraph.cisco_safe.compositeIcon;${style}`, 50, 50, { fill: '#28A8E0', stroke: '#ffffff' }, (name, at, paint) => {
        drawn.push([name, at, paint.fill, paint.stroke]);
        return '<g/>';
      });
      return { shape, drawn };
    };
    const round = drawnFor('bgIcon=ellipse;resIcon=mxgraph.cisco_safe.capability.anomaly_detection');
    expect(round.drawn).toEqual([
      ['mxgraph.cisco_safe.capability.anomaly_detection', [0, 0, 50, 50], '#28A8E0', '#ffffff'],
      ['mxgraph.cisco_safe.capability.anomaly_detection', [0, 0, 50, 50], '#28A8E0', 'none'],
    ]);
    expect(round.shape.ellipses.map((e) => [e.attrs.rx, e.attrs.fill])).toEqual([['24.5', '#ffffff']]);
    const appliance = drawnFor('bgIcon=mxgraph.cisco_safe.architecture.generic_appliance;resIcon=mxgraph.cisco_safe.architecture.switch');
    expect(appliance.drawn).toEqual([
      ['mxgraph.cisco_safe.architecture.generic_appliance', [13, 13, 24, 24], '#ffffff', 'none'],
      ['mxgraph.cisco_safe.architecture.switch', [12.5, 12.5, 25, 25], '#28A8E0', 'none'],
    ]);
    expect(appliance.shape.paths[0].attrs.fill).toBe('#C2E0AE');
    expect(appliance.shape.ellipses).toHaveLength(8);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.cisco_safe.compositeIcon;bgIcon=threat1;resIcon=mxgraph.cisco_safe.threat.threat_a1'))).toEqual(['mxgraph.cisco_safe.threat.threat_a1']);
  });

  it("draws Kubernetes' icon: its frame in the stroke's colour, again 3 % in in the fill, and its prIcon 20 % in", () => {
    const drawn: Array<[string, readonly number[], string]> = [];
    draw('shape=mxgraph.kubernetes.icon;prIcon=pod', 100, 100, { fill: '#2875E2', stroke: '#ffffff' }, (name, at, paint) => {
      drawn.push([name, at.map((v) => Number(v.toFixed(6))), paint.fill]);
      return '<g/>';
    });
    expect(drawn).toEqual([
      ['mxgraph.kubernetes.frame', [0, 0, 100, 100], '#ffffff'],
      ['mxgraph.kubernetes.frame', [3, 3, 94, 94], '#2875E2'],
      ['mxgraph.kubernetes.pod', [20, 20, 60, 60], '#ffffff'],
    ]);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.kubernetes.icon'))).toEqual(['mxgraph.kubernetes.frame']);
  });

  it("draws Jira's issue card: its type's icon, its priority's, and its status badge at the top right", () => {
    const drawn: Array<[string, readonly number[], string]> = [];
    const card = draw('shape=mxgraph.atlassian.issue;issueType=bug;issuePriority=critical;issueStatus=inProgress', 200, 50, {}, (name, at, paint) => {
      drawn.push([name, at, paint.fill]);
      return '<g/>';
    });
    expect(drawn).toEqual([
      ['mxgraph.atlassian.bug', [5, 5, 10, 10], '#CE0000'],
      ['mxgraph.atlassian.critical', [86, 3, 8, 14], '#CE0000'],
    ]);
    expect(card.rects.map(boxOf)).toEqual([[0, 0, 200, 50], [115, 5, 80, 20]]);
    expect(card.markup).toContain('>IN PROGRESS</text>');
    expect(draw('shape=mxgraph.atlassian.issue;issueStatus=blocked', 200, 50).rects.map(boxOf)[1]).toEqual([200 - 5 - 7 * 6.5, 5, 7 * 6.5, 20]);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.atlassian.issue'))).toEqual(['mxgraph.atlassian.task', 'mxgraph.atlassian.double']);
  });
});
