/**
 * diagrams.net's stencils drawn in Node by maxGraph on linkedom: paths with their d, a stencil that
 * writes text, a name no library has; and the browser globals maxGraph needs are gone again after
 * loading and after drawing (the worker's other tasks must not see a browser).
 */
import { describe, expect, it } from 'vitest';
import type { StencilPaint } from '../../../../shared/drawio/render/stencil-figure';
import { nodeStencils } from './node-stencils';

const PAINT: StencilPaint = { fill: '#036897', stroke: '#ffffff', strokeWidth: 1, dashed: false, direction: 'east', rotation: 0, flipH: false, flipV: false };
const browserGlobals = () => ['window', 'document', 'location'].filter((name) => name in globalThis);

describe('stencils in Node', () => {
  it('draws a Cisco router as paths and a P&ID instrument with its letters, leaving no browser globals behind', async () => {
    const before = browserGlobals();
    const stencils = await nodeStencils();
    expect(browserGlobals()).toEqual(before);
    const router = stencils.drawing(() => stencils.stencil('mxgraph.cisco.routers.router')?.draw([0, 0, 50, 34], PAINT));
    expect(router).toMatch(/<path [^>]*d="M [\d.]+ [\d.]+/);
    expect(router).toContain('fill="#036897"');
    const instrument = stencils.drawing(() => stencils.stencil('mxgraph.pid.instruments.flow_indicator')?.draw([0, 0, 50, 50], PAINT));
    expect(instrument).toMatch(/<text[^>]*>FI<\/text>/);
    expect(browserGlobals()).toEqual(before);
    expect(stencils.drawing(() => stencils.stencil('mxgraph.nowhere.nothing'))).toBeUndefined();
  });
});
