/**
 * The iOS 6 palette's devices and screen backgrounds, as diagrams.net's mxMockupiOS.js draws them:
 * the iPhone and the iPad (a black body of 25 px corners, its gloss, the screen in its bgStyle —
 * bgGreen unless set, bgWhite, bgGray, bgFlat in the fill, bgStriped or bgMap — the camera, the
 * home button), and the flat, striped and map backgrounds.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData } from './code-shape-pen';
import { ovalCornerBox } from './code-shapes-mockup-forms';
import { alpha, shade } from './code-shapes-ios-kit';
import { mapBlocks } from './code-shapes-ios-map';

type Box = readonly [x: number, y: number, w: number, h: number];

/** Vertical stripes every `step` px across a box, in `stroke`. */
function stripes(c: ShapeContext, [x, y, w, h]: Box, step: number, stroke: string): void {
  const lines = new PathData();
  for (let i = step; i < w; i += step) lines.moveTo(x + i, y).lineTo(x + i, y + h);
  c.fig.path(lines, 'stroke', { stroke, strokeWidth: 1 });
}

/** The map's blocks over a box, filled and outlined as given. */
function map(c: ShapeContext, [x, y, w, h]: Box, paint: { fill: string; stroke: string; strokeWidth: number }): void {
  for (const block of mapBlocks(x, y, w, h)) {
    if ('path' in block) c.fig.path(block.path, 'fillStroke', paint);
    else c.fig.ellipse(...block.ellipse, 'fillStroke', paint);
  }
}

/** A flat background: a box in the fill and stroke. */
const bgFlat: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
};

/** A striped background: the box (1 px), stripes every 5 px in strokeColor2 (none unless set), the box's outline again. */
const bgStriped: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h, 'fillStroke', { strokeWidth: 1 });
  stripes(c, [0, 0, c.w, c.h], 5, c.color('strokeColor2', ''));
  c.fig.rect(0, 0, c.w, c.h, 'stroke', { strokeWidth: 1 });
};

/** A map background: the box, the map's blocks in fillColor2 outlined in strokeColor2 (none unless set), the box's outline 1 px. */
const bgMap: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
  map(c, [0, 0, c.w, c.h], { fill: c.color('fillColor2', ''), stroke: c.color('strokeColor2', ''), strokeWidth: 0.5 });
  c.fig.rect(0, 0, c.w, c.h, 'stroke', { strokeWidth: 1 });
};

/** What sets an iPhone and an iPad apart, in fractions of the device's box unless said. */
interface Device {
  readonly screen: Box;
  /** The outline of the white or striped screen's box, and the map's outline width. */
  readonly screenStroke: string;
  readonly mapStrokeWidth: number;
  readonly stripeStep: number;
  /** The second, inner outline, 2.5 to 5 px in. */
  readonly innerOutline: (w: number, h: number) => PathData;
  readonly camera: Box;
  /** The iPhone's speaker slot: its box and corner radii (x, y), or none. */
  readonly speaker?: readonly [number, number, number, number, number, number];
  /** The home button: its shaded face, its ring, its dark half-moon and the square on it (box, corner radii in h). */
  readonly home: Box;
  readonly ring: Box;
  readonly ringPaint: { readonly stroke: string; readonly strokeWidth: number };
  readonly halfMoon: readonly [x1: number, x2: number, y: number, rx: number, ry: number, rx2: number, ry2: number];
  readonly square: readonly [number, number, number, number, number, number];
}

const scale = ([x, y, w, h]: Box, W: number, H: number): Box => [x * W, y * H, w * W, h * H];

const IPHONE: Device = {
  screen: [0.0625, 0.15, 0.875, 0.7],
  screenStroke: '#000000',
  mapStrokeWidth: 1,
  stripeStep: 5,
  innerOutline: (w, h) => ovalCornerBox(5, 5, w - 10, h - 10, 22.5, 22.5),
  camera: [0.4875, 0.04125, 0.025, 0.0125],
  speaker: [0.375, 0.075, 0.25, 0.01875, 0.02, 0.01],
  home: [0.4, 0.875, 0.2, 0.1],
  ring: [0.404, 0.876, 0.19, 0.095],
  ringPaint: { stroke: '#333333', strokeWidth: 1.5 },
  halfMoon: [0.4025, 0.5975, 0.925, 0.0975, 0.04625, 0.2, 0.1],
  square: [0.4575, 0.905, 0.0875, 0.04375, 0.00625, 0.00625],
};

const IPAD: Device = {
  screen: [0.0928, 0.08, 0.8144, 0.816],
  screenStroke: '#18211b',
  mapStrokeWidth: 0.5,
  stripeStep: 7,
  // As diagrams.net draws it: its top edge ends 2.5 px short of where the corner's arc would start.
  innerOutline: (w, h) => {
    const r = 22.5;
    return new PathData()
      .moveTo(2.5, 2.5 + r).arcTo(r, r, 0, 0, 1, 2.5 + r, 2.5).lineTo(w - r - 5, 2.5).arcTo(r, r, 0, 0, 1, w - 2.5, r + 2.5)
      .lineTo(w - 2.5, h - r - 2.5).arcTo(r, r, 0, 0, 1, w - r - 2.5, h - 2.5).lineTo(r + 2.5, h - 2.5).arcTo(r, r, 0, 0, 1, 2.5, h - r - 2.5).close();
  },
  camera: [0.4948, 0.0444, 0.0103, 0.008],
  home: [0.4588, 0.912, 0.0825, 0.064],
  ring: [0.4588, 0.912, 0.0825, 0.064],
  ringPaint: { stroke: '#000000', strokeWidth: 2.5 },
  halfMoon: [0.4598, 0.5402, 0.944, 0.0402, 0.0296, 0.0825, 0.064],
  square: [0.4814, 0.9296, 0.0371, 0.0288, 0.00515, 0.004],
};

const FLAT_SCREENS: Readonly<Record<string, string>> = { bgWhite: '#ffffff', bgGreen: '#1f2923', bgGray: '#dddddd' };

/** The device's screen in its bgStyle, outlined in #18211b. */
function screen(c: ShapeContext, device: Device): void {
  const box = scale(device.screen, c.w, c.h);
  const style = c.style.get('bgStyle') ?? 'bgGreen';
  const flat = style === 'bgFlat' ? c.fill : FLAT_SCREENS[style];
  if (flat !== undefined) c.fig.rect(...box, 'fill', { fill: flat });
  else if (style === 'bgStriped' || style === 'bgMap') {
    const striped = style === 'bgStriped';
    c.fig.rect(...box, 'fillStroke', { fill: striped ? '#5D7585' : '#ffffff', stroke: device.screenStroke, strokeWidth: 1 });
    if (striped) stripes(c, box, device.stripeStep, '#657E8F');
    else map(c, box, { fill: '#96D1FF', stroke: '#008cff', strokeWidth: device.mapStrokeWidth });
  }
  c.fig.rect(...box, 'stroke', { stroke: '#18211b', strokeWidth: 1 });
}

function device(spec: Device): Painter {
  return (c) => {
    const { w, h } = c;
    const r = 25;
    c.fig.roundRect(0, 0, w, h, r, 'fillStroke', { fill: '#000000', stroke: '#000000' });
    const gloss = new PathData().moveTo(w * 0.325, 0).lineTo(w - r, 0).arcTo(r, r, 0, 0, 1, w, r).lineTo(w, h / 2).lineTo(w * 0.7, h / 2).close();
    c.fig.path(gloss, 'fill', { fill: shade(c, '#808080', '#000000') });
    screen(c, spec);
    c.fig.roundRect(0, 0, w, h, r, 'stroke', { stroke: '#dddddd', strokeWidth: 1.5, ...alpha(0.8) });
    c.fig.path(spec.innerOutline(w, h), 'stroke', { stroke: '#666666', strokeWidth: 1.5, ...alpha(0.8) });
    c.fig.ellipse(...scale(spec.camera, w, h), 'fillStroke', { fill: '#000099', stroke: '#000000', strokeWidth: 2.5 });
    if (spec.speaker) {
      const [x, y, sw, sh, rx, ry] = spec.speaker;
      c.fig.path(ovalCornerBox(x * w, y * h, sw * w, sh * h, rx * w, ry * h), 'fillStroke', { fill: '#444444', stroke: '#333333', strokeWidth: 1.5 });
    }
    c.fig.ellipse(...scale(spec.home, w, h), 'fill', { fill: shade(c, '#bbbbbb', '#000000') });
    c.fig.ellipse(...scale(spec.ring, w, h), 'stroke', { ...spec.ringPaint, ...alpha(0.5) });
    const [x1, x2, y, rx, ry, rx2, ry2] = spec.halfMoon;
    const moon = new PathData().moveTo(x1 * w, y * h).arcTo(rx * w, ry * h, 0, 0, 1, x2 * w, y * h).arcTo(rx2 * w, ry2 * h, 0, 0, 1, x1 * w, y * h).close();
    c.fig.path(moon, 'fillStroke', { ...spec.ringPaint, fill: '#000000', ...alpha(0.85) });
    const [sx, sy, sw, sh, srx, sry] = spec.square;
    c.fig.path(ovalCornerBox(sx * w, sy * h, sw * w, sh * h, srx * h, sry * h), 'stroke', { stroke: '#dddddd', strokeWidth: 1.5, ...alpha(0.7) });
  };
}

export const IOS_DEVICE_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.ios.iPhone': device(IPHONE),
  'mxgraph.ios.iPad': device(IPAD),
  'mxgraph.ios.iBgFlat': bgFlat,
  'mxgraph.ios.iBgStriped': bgStriped,
  'mxgraph.ios.iBgMap': bgMap,
};
