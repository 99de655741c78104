/**
 * What every code shape shares: which styles name one, and how direction, rotation, flips,
 * strokes, dashes, gradients and colour keywords apply, as diagrams.net's mxShape applies them.
 */
import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import { CODE_SHAPE_NAMES, codeShapeLabelBox, codeShapeMarkup, codeShapeName, codeShapeStencils, containerStyle } from './code-shapes';
import { draw, elementsOf } from './code-shapes-test-kit';
import { screenOffset } from './screen-offset';

const name = (style: string) => codeShapeName(styleEntries(style));

describe('which styles are code shapes', () => {
  it('reads the shape key first, else a named style of the stylesheet', () => {
    expect(name('ellipse;shape=doubleEllipse;whiteSpace=wrap')).toBe('doubleEllipse');
    expect(name('swimlane;fontStyle=1;startSize=26')).toBe('swimlane');
    expect(name('rhombus;whiteSpace=wrap')).toBe('rhombus');
    expect(name('html=1;shape=mxgraph.floorplan.wall')).toBe('mxgraph.floorplan.wall');
    // What the studio's own types or a stencil draw.
    expect(name('rounded=0;whiteSpace=wrap;html=1')).toBeUndefined();
    expect(name('shape=rect;rounded=0')).toBe('rect');
    expect(name('ellipse;whiteSpace=wrap')).toBe('ellipse');
    expect(name('shape=mxgraph.cisco.routers.router')).toBeUndefined();
    expect(name('text;html=1')).toBeUndefined();
    expect(codeShapeMarkup(styleEntries('shape=nothing_known'), { w: 10, h: 10, fill: '#fff', stroke: '#000', gradientId: 'g' })).toBeUndefined();
  });

  it('draws every name it knows in a box (an anchor, a basic polygon with no polyCoords, SysML\'s none or a composite with no symbol0, a transparent box, nothing: it holds a label; Cisco 19\'s framed icon GCP 2\'s hexagon icon Cisco SAFE\'s composite icon and Kubernetes\' icon, all stencils, none given here), and nothing in an empty box', () => {
    const drawsNothing = (shape: string) => shape.endsWith('.anchor') || ['mxgraph.basic.polygon', 'mxgraph.sysml.none', 'mxgraph.sysml.composite', 'transparent', 'mxgraph.cisco19.rect', 'mxgraph.gcp2.hexIcon', 'mxgraph.cisco_safe.compositeIcon', 'mxgraph.kubernetes.icon'].includes(shape);
    expect(CODE_SHAPE_NAMES.length).toBeGreaterThan(50);
    for (const shape of CODE_SHAPE_NAMES) {
      const markup = codeShapeMarkup(styleEntries(`shape=${shape};flowDir=n;outline=standard;grIcon=x`), { w: 120, h: 80, fill: '#ffffff', stroke: '#000000', gradientId: 'g' });
      if (drawsNothing(shape)) expect(markup, shape).not.toMatch(/<(path|rect|ellipse)/);
      else expect(markup, shape).toMatch(/<(path|rect|ellipse)/);
      expect(markup, shape).not.toMatch(/NaN|Infinity/);
      expect(codeShapeMarkup(styleEntries(`shape=${shape}`), { w: 0, h: 80, fill: '#fff', stroke: '#000', gradientId: 'g' })).toBeUndefined();
    }
  });

  it('draws a container from a file as its code shape, or as the plain box diagrams.net draws for no shape', () => {
    const box = (style: string) => containerStyle(styleEntries(style))?.get('shape');
    expect(box('swimlane;startSize=30')).toBeUndefined();
    expect(codeShapeName(containerStyle(styleEntries('swimlane;startSize=30'))!)).toBe('swimlane');
    expect(box('rounded=1;whiteSpace=wrap;html=1;container=1;fillColor=#dae8fc')).toBe('rect');
    // Drawn otherwise: the invisible group style, a stencil, a group the studio made, a group with no file style.
    expect(containerStyle(styleEntries('group'))).toBeUndefined();
    expect(containerStyle(styleEntries('group;strokeColor=none;'))).toBeUndefined();
    // A group that names a stroke or a fill is the stylesheet's box: no fill and no stroke but what it names.
    expect(Object.fromEntries(containerStyle(styleEntries('group;strokeColor=#000000;'))!)).toMatchObject({ shape: 'rect', fillColor: 'none', strokeColor: '#000000' });
    expect(containerStyle(styleEntries('group;fillColor=#eeeeee;'))?.get('strokeColor')).toBe('none');
    // So is a text that names either (hand-drawn with sketch=1, as diagrams.net draws it); a bare text draws no box.
    expect(Object.fromEntries(containerStyle(styleEntries('text;html=1;sketch=1;fillColor=#ffcc00;'))!)).toMatchObject({ shape: 'rect', fillColor: '#ffcc00', strokeColor: 'none', sketch: '1' });
    expect(containerStyle(styleEntries('text;html=1;sketch=1;'))).toBeUndefined();
    // The stylesheet's `label` is a box with round corners, whose glass is drawn over it.
    expect(Object.fromEntries(containerStyle(styleEntries('label;glass=1;'))!)).toMatchObject({ shape: 'rect', rounded: '1', glass: '1' });
    expect(containerStyle(styleEntries('label;rounded=0;'))?.get('rounded')).toBe('0');
    // shape=label (the default vertex's shape, named) is the plain box, square unless rounded=1.
    expect(Object.fromEntries(containerStyle(styleEntries('shape=label;html=1;rounded=1;image=a.png'))!)).toMatchObject({ shape: 'rect', rounded: '1' });
    expect(containerStyle(styleEntries('shape=label;html=1;'))?.get('rounded')).toBeUndefined();
    const label = [...containerStyle(styleEntries('label;glass=1;'))!].map(([key, value]) => (value === '' ? key : `${key}=${value}`)).join(';');
    expect(draw(label, 140, 60).paths.some((path) => path.attrs.fill?.startsWith('url('))).toBe(true);
    expect(containerStyle(styleEntries('shape=mxgraph.aws4.lambda;container=1'))).toBeUndefined();
    expect(containerStyle(styleEntries('rounded=1;container=1;tandemGroup=1'))).toBeUndefined();
    expect(containerStyle(styleEntries(''))).toBeUndefined();
    // A named style the stylesheet lacks leaves diagrams.net's default box.
    expect(box('9E9E9E;fillColor=#F6F6F6;container=1')).toBe('rect');
    const plain = draw('shape=rect;rounded=1;dashed=1;container=1', 200, 100);
    expect(plain.rects[0].attrs).toMatchObject({ width: '200', height: '100', rx: '15', 'stroke-dasharray': '3 3' });
  });

  it("names an AWS 4 group's icon stencil", () => {
    expect(codeShapeStencils(styleEntries('shape=mxgraph.aws4.group;grIcon=mxgraph.aws4.group_vpc'))).toEqual(['mxgraph.aws4.group_vpc']);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.aws4.groupCenter;grIcon=mxgraph.aws4.group_region'))).toEqual(['mxgraph.aws4.group_region']);
    expect(codeShapeStencils(styleEntries('shape=mxgraph.aws4.group'))).toEqual([]);
    expect(codeShapeStencils(styleEntries('shape=umlFrame;grIcon=x'))).toEqual([]);
  });
});

describe('turns, flips and paint', () => {
  // The turn and flips, without the half pixel of an odd stroke (tested on its own below).
  const transformOf = (style: string, w: number, h: number) => /^<g transform="(?:translate\(0\.5 0\.5\) ?)?([^"]*)">/.exec(draw(style, w, h).markup)?.[1] || undefined;

  it('moves a shape of an odd stroke width half a pixel right and down, as diagrams.net puts lines on whole pixels', () => {
    const offsetOf = (style: string) => /^<g transform="(translate\(0\.5 0\.5\))?/.exec(draw(style, 60, 40).markup)?.[1];
    expect(offsetOf('shape=rect;rounded=0')).toBe('translate(0.5 0.5)');
    expect(offsetOf('shape=rect;rounded=0;strokeWidth=3')).toBe('translate(0.5 0.5)');
    // strokeWidth=0 is drawn 1 px wide, so it is moved too; an even width is not.
    expect(offsetOf('shape=rect;rounded=0;strokeWidth=0')).toBe('translate(0.5 0.5)');
    expect(draw('shape=rect;strokeWidth=0', 60, 40).rects[0].attrs['stroke-width']).toBe('1');
    expect(offsetOf('shape=rect;rounded=0;strokeWidth=2')).toBeUndefined();
    expect(screenOffset(1.4)).toBe(0.5);
    expect(screenOffset(1.6)).toBe(0);
  });

  it('draws a south or north shape in its box turned a quarter, about the centre', () => {
    // A 60 x 100 cell pointing south: drawn 100 x 60 facing east, turned 90 degrees into place.
    expect(transformOf('triangle;direction=south', 60, 100)).toBe('rotate(90 30 50) translate(-20 20)');
    expect(draw('triangle;direction=south', 60, 100).paths[0].attrs.d).toBe('M0,0 L100,30 L0,60 Z');
    expect(transformOf('triangle;direction=west', 60, 100)).toBe('rotate(180 30 50)');
    expect(transformOf('triangle', 60, 100)).toBeUndefined();
  });

  it('adds rotation to the direction, and mirrors about the centre (flips swap for north and south)', () => {
    expect(transformOf('shape=mxgraph.arrows2.arrow;direction=north;rotation=35', 20, 270)).toBe('rotate(305 10 135) translate(-125 125)');
    expect(transformOf('shape=mxgraph.infographic.ribbonSimple;flipH=1', 100, 40)).toBe('translate(50 20) scale(-1 1) translate(-50 -20)');
    expect(transformOf('shape=step;direction=south;flipH=1', 40, 100)).toBe('rotate(90 20 50) translate(20 50) scale(1 -1) translate(-20 -50) translate(-30 30)');
  });

  it('strokes with strokeWidth, dashes dashPattern scaled by it, and names none where a colour is none', () => {
    const dashed = draw('shape=requiredInterface;dashed=1;strokeWidth=2', 20, 100);
    expect(dashed.paths[0].attrs).toMatchObject({ 'stroke-width': '2', 'stroke-dasharray': '6 6' });
    expect(draw('shape=hexagon;dashed=1;dashPattern=8 4', 100, 50).paths[0].attrs['stroke-dasharray']).toBe('8 4');
    const clear = draw('shape=hexagon', 100, 50, { fill: 'none', stroke: 'none' });
    expect(clear.paths[0].attrs).toMatchObject({ fill: 'none', stroke: 'none' });
    expect(clear.paths[0].attrs['stroke-width']).toBeUndefined();
  });

  it("strokes the stylesheet's `line` style 4 px wide unless strokeWidth says otherwise", () => {
    expect(draw('line;html=1;strokeColor=#23445D', 200, 10).paths[0].attrs['stroke-width']).toBe('4');
    expect(draw('line;strokeWidth=1;html=1', 200, 10).paths[0].attrs['stroke-width']).toBe('1');
    expect(draw('shape=line;html=1', 200, 10).paths[0].attrs['stroke-width']).toBe('1');
  });

  it('gives fill and stroke their own opacity with fillOpacity and strokeOpacity (percent)', () => {
    const faded = draw('shape=hexagon;fillOpacity=40;strokeOpacity=75', 100, 50);
    expect(faded.paths[0].attrs).toMatchObject({ 'fill-opacity': '0.4', 'stroke-opacity': '0.75' });
    expect(draw('shape=hexagon', 100, 50).paths[0].attrs['fill-opacity']).toBeUndefined();
  });

  it('resolves default and inherit, and fills with the gradient from fillColor to gradientColor', () => {
    const frame = draw('shape=umlFrame;fillColor=default', 200, 100, { fill: 'default', stroke: 'inherit' });
    expect(frame.paths[0].attrs).toMatchObject({ fill: '#ffffff', stroke: '#000000' });
    const shaded = draw('swimlane;startSize=20;fillColor=#dae8fc;gradientColor=#7ea6e0', 100, 100, { fill: '#dae8fc' });
    const stops = elementsOf(shaded.markup).filter((e) => e.tag === 'stop').map((e) => e.attrs['stop-color']);
    expect(stops).toEqual(['#dae8fc', '#7ea6e0']);
    expect(shaded.paths[0].attrs.fill).toBe('url(#g1)');
  });
});

describe('where the label goes', () => {
  const box = (style: string, w: number, h: number) => codeShapeLabelBox(styleEntries(style), w, h);

  it('puts it under the head of a C4 person and above the pointer of a callout; the whole box elsewhere', () => {
    // The head is the smaller of half the width and a third of the height.
    const top = (140 / 3) * 0.8;
    expect(box('shape=mxgraph.c4.person', 110, 140)).toEqual({ x: 0, y: top, w: 110, h: 140 - top });
    expect(box('shape=callout;size=20', 120, 80)).toEqual({ x: 0, y: 0, w: 120, h: 60 });
    expect(box('shape=document;boundedLbl=1', 100, 100)).toEqual({ x: 0, y: 0, w: 100, h: 70 });
    expect(box('shape=document', 100, 100)).toBeUndefined();
    expect(box('shape=hexagon', 100, 100)).toBeUndefined();
    expect(box('rounded=0;whiteSpace=wrap', 100, 100)).toBeUndefined();
  });
});
