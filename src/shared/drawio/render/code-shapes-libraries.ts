/**
 * Shapes of diagrams.net's libraries that its shape files (mxFloorplan.js, mxArrows.js,
 * mxC4.js, mxDFD.js, mxInfographic.js, mxMockupiOS.js, mxSysML.js) draw in code
 * rather than from a stencil, with their geometry and defaults.
 */
import { clamp, type Painter, type ShapeContext } from './code-shape-context';
import { PathData, polyline, roundedBox } from './code-shape-pen';
import { linearGradient, xmlAttr } from './stencil-figure';

/** A floor plan wall's thickness unless `wallThickness` says otherwise. */
export const WALL_THICKNESS = 10;

/** A floor plan shape's `wallThickness`, 10 unless set. */
export const wallThickness = (c: ShapeContext) => c.num('wallThickness', WALL_THICKNESS);

/** A wall: a bar `wallThickness` thick along the middle of its box. */
const wall: Painter = (c) => {
  const t = wallThickness(c);
  c.fig.rect(0, c.h / 2 - t / 2, c.w, t);
};

/** A window: the wall's bar with a line along its middle. */
const window: Painter = (c) => {
  wall(c);
  c.fig.path(new PathData().moveTo(0, c.h / 2).lineTo(c.w, c.h / 2), 'stroke');
};

/** A corner of walls: an L along the top and left sides, `wallThickness` thick. */
const wallCorner: Painter = (c) => {
  const { w, h } = c;
  const t = wallThickness(c);
  c.fig.path(polyline([[0, h], [0, 0], [w, 0], [w, t], [t, t], [t, h]], true));
};

/** Walls on three sides: a U open at the bottom, `wallThickness` thick. */
const wallU: Painter = (c) => {
  const { w, h } = c;
  const t = wallThickness(c);
  c.fig.path(polyline([[0, h], [0, 0], [w, 0], [w, h], [w - t, h], [w - t, t], [t, t], [t, h]], true));
};

/** A door's leaf: the 5 px frame across the top, and the swing (a quarter circle as wide as the door). */
export const DOOR_FRAME = 5;

const doorLeft: Painter = (c) => {
  const { w } = c;
  c.fig.rect(0, 0, w, DOOR_FRAME);
  c.fig.path(new PathData().moveTo(w, DOOR_FRAME).arcTo(w, w, 0, 0, 1, 0, DOOR_FRAME + w).lineTo(0, DOOR_FRAME), 'stroke');
};

const doorRight: Painter = (c) => {
  const { w } = c;
  c.fig.rect(0, 0, w, DOOR_FRAME);
  c.fig.path(new PathData().moveTo(0, DOOR_FRAME).arcTo(w, w, 0, 0, 0, w, DOOR_FRAME + w).lineTo(w, DOOR_FRAME), 'stroke');
};

const doorDouble: Painter = (c) => {
  const { w } = c;
  const half = w / 2;
  c.fig.rect(0, 0, w, DOOR_FRAME);
  c.fig.path(
    new PathData()
      .moveTo(half, 0)
      .lineTo(half, DOOR_FRAME)
      .moveTo(half, DOOR_FRAME)
      .arcTo(half, half, 0, 0, 1, 0, DOOR_FRAME + half)
      .lineTo(0, DOOR_FRAME)
      .moveTo(half, DOOR_FRAME)
      .arcTo(half, half, 0, 0, 0, w, DOOR_FRAME + half)
      .lineTo(w, DOOR_FRAME),
    'stroke',
  );
};

/** The depth of a stair's step. */
export const STAIR_STEP = 25;

/** Stairs: the box (at least 50 wide), a step line every 25 px, and the walking line with its arrow at the far end. */
const stairs: Painter = (c) => {
  const w = Math.max(c.w, 50);
  const { h } = c;
  c.fig.rect(0, 0, w, h);
  const steps = new PathData();
  for (let x = STAIR_STEP; x < w; x += STAIR_STEP) steps.moveTo(x, 0).lineTo(x, h);
  c.fig.path(steps, 'stroke');
  c.fig.path(new PathData().moveTo(0, h / 2).lineTo(w, h / 2).moveTo(w - STAIR_STEP, 0).lineTo(w, h / 2).lineTo(w - STAIR_STEP, h), 'stroke');
};

/** A block arrow: the shaft `dy` of the height (each side), the head `dx` px long, a `notch` in the tail. */
const arrow: Painter = (c) => {
  const { w, h } = c;
  const dy = (h / 2) * clamp(c.num('dy', 0.5), 0, 1);
  const dx = clamp(c.num('dx', 0.5), 0, w);
  const notch = clamp(c.num('notch', 0), 0, w);
  c.fig.path(polyline([[0, dy], [w - dx, dy], [w - dx, 0], [w, h / 2], [w - dx, h], [w - dx, h - dy], [0, h - dy], [notch, h / 2]], true));
  if (c.style.get('headCrossline') === '1') c.fig.path(new PathData().moveTo(w - dx, dy).lineTo(w - dx, h - dy), 'stroke');
  if (c.style.get('tailCrossline') === '1') c.fig.path(new PathData().moveTo(notch, dy).lineTo(notch, h - dy), 'stroke');
};

/** A C4 person: the head (half the width or a third of the height), the body a rounded box from 0.8 of the head down. */
const c4Person: Painter = (c) => {
  const { w, h } = c;
  const head = Math.min(w / 2, h / 3);
  const r = head / 2;
  const top = head * 0.8;
  c.fig.ellipse(w / 2 - head / 2, 0, head, head);
  c.fig.path(roundedBox(new PathData(), 0, top, w, h, r).close());
  c.fig.ellipse(w / 2 - head / 2, 0, head, head);
};

/** A DFD data store with an id: open on the right, the id's column 30 px (at most the width) wide. */
const dataStoreId: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline([[w, h], [0, h], [0, 0], [w, 0]], false));
  const s = Math.min(30, w);
  c.fig.path(new PathData().moveTo(s, 0).lineTo(s, h), 'stroke');
};

/** A simple ribbon: a notch `notch1` deep in its tail, a point `notch2` long at its head (both 0.5 unless set). */
const ribbonSimple: Painter = (c) => {
  const { w, h } = c;
  const notch1 = clamp(c.num('notch1', 0.5), 0, w);
  const notch2 = clamp(c.num('notch2', 0.5), 0, w);
  c.fig.path(polyline([[0, h], [notch1, h / 2], [0, 0], [w - notch2, 0], [w, h / 2], [w - notch2, h]], true));
};

/**
 * An iOS pin: a grey stem from 40% of the height down, a head (the top 40%) shaded from fillColor2
 * to fillColor3 at 90% opacity, and a white highlight on it.
 */
const iPin: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(new PathData().moveTo(w / 2, h * 0.4).lineTo(w / 2, h), 'stroke', { stroke: '#666666', strokeWidth: 1.5 });
  const top = c.color('fillColor2', '#000000');
  const bottom = c.color('fillColor3', '#000000');
  c.fig.raw(linearGradient(c.gradientId, top, bottom, 'south'));
  c.fig.ellipse(0, 0, w, h * 0.4, 'fillStroke', { fill: `url(#${xmlAttr(c.gradientId)})`, stroke: c.color('strokeColor', '#000000'), strokeWidth: 1, opacity: 0.9 });
  c.fig.ellipse(w * 0.2, h * 0.08, w * 0.3, h * 0.12, 'fill', { fill: '#ffffff', opacity: 0.5 });
};

/** The arrow drawn in a SysML item flow's port: into or out of the block, along the flow's side. */
function flowArrow(c: ShapeContext, x: number, y: number, w: number, h: number, toward: 'left' | 'right' | 'up' | 'down'): void {
  const path = new PathData();
  if (toward === 'right') path.moveTo(x, y + h / 2).lineTo(x + w, y + h / 2).moveTo(x + w * 0.75, y).lineTo(x + w, y + h / 2).lineTo(x + w * 0.75, y + h);
  if (toward === 'left') path.moveTo(x, y + h / 2).lineTo(x + w, y + h / 2).moveTo(x + w * 0.25, y).lineTo(x, y + h / 2).lineTo(x + w * 0.25, y + h);
  if (toward === 'down') path.moveTo(x + w / 2, y).lineTo(x + w / 2, y + h).moveTo(x, y + h * 0.75).lineTo(x + w / 2, y + h).lineTo(x + w, y + h * 0.75);
  if (toward === 'up') path.moveTo(x + w / 2, y + h).lineTo(x + w / 2, y).moveTo(x, y + h * 0.25).lineTo(x + w / 2, y).lineTo(x + w, y + h * 0.25);
  c.fig.path(path, 'stroke');
}

/** A SysML item flow: the block, and a 20 px port on the side `flowDir` names, with the arrow `flowType` (in, out) gives. */
const itemFlow: Painter = (c) => {
  const { w, h } = c;
  const dir = (c.style.get('flowDir') ?? 'none').toLowerCase();
  const type = c.style.get('flowType');
  const arrowOf = (into: 'left' | 'right' | 'up' | 'down', out: 'left' | 'right' | 'up' | 'down') => (type === 'in' ? into : type === 'out' ? out : undefined);
  const sides = {
    n: { block: [0, 10, w, h - 10], port: [w / 2 - 10, 0], arrow: [w / 2 - 5, 2, 10, 16], way: arrowOf('down', 'up') },
    s: { block: [0, 0, w, h - 10], port: [w / 2 - 10, h - 20], arrow: [w / 2 - 5, h - 18, 10, 16], way: arrowOf('up', 'down') },
    w: { block: [10, 0, w - 10, h], port: [0, h / 2 - 10], arrow: [2, h / 2 - 5, 16, 10], way: arrowOf('right', 'left') },
    e: { block: [0, 0, w - 10, h], port: [w - 20, h / 2 - 10], arrow: [w - 18, h / 2 - 5, 16, 10], way: arrowOf('left', 'right') },
  } as const;
  const side = sides[dir as keyof typeof sides];
  if (!side) return;
  c.fig.rect(side.block[0], side.block[1], side.block[2], side.block[3]);
  c.fig.rect(side.port[0], side.port[1], 20, 20);
  if (side.way) flowArrow(c, side.arrow[0], side.arrow[1], side.arrow[2], side.arrow[3], side.way);
};

/** A SysML block with three item-flow ports (20 px) on its left, or its right, side at a quarter, half and three quarters. */
function itemFlowSide(left: boolean): Painter {
  return (c) => {
    const { w, h } = c;
    c.fig.rect(left ? 10 : 0, 0, w - 10, h);
    for (const at of [0.25, 0.5, 0.75]) c.fig.rect(left ? 0 : w - 20, h * at - 10, 20, 20);
  };
}

export const LIBRARY_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.floorplan.wall': wall,
  'mxgraph.floorplan.window': window,
  'mxgraph.floorplan.wallCorner': wallCorner,
  'mxgraph.floorplan.wallU': wallU,
  'mxgraph.floorplan.doorLeft': doorLeft,
  'mxgraph.floorplan.doorRight': doorRight,
  'mxgraph.floorplan.doorDouble': doorDouble,
  'mxgraph.floorplan.stairs': stairs,
  'mxgraph.arrows2.arrow': arrow,
  'mxgraph.c4.person': c4Person,
  'mxgraph.dfd.dataStoreID': dataStoreId,
  'mxgraph.infographic.ribbonSimple': ribbonSimple,
  'mxgraph.ios.iPin': iPin,
  'mxgraph.sysml.itemFlow': itemFlow,
  'mxgraph.sysml.itemFlowLeft': itemFlowSide(true),
  'mxgraph.sysml.itemFlowRight': itemFlowSide(false),
};
