/**
 * The floor plan shapes of diagrams.net's mxFloorplan.js beyond walls, plain doors and stairs
 * (those are in code-shapes-libraries.ts): rooms, dimensions, the rest landing of stairs, the
 * doors with their `dx` (the part of the width a leaf or a panel takes), openings and windows,
 * each with its geometry and defaults.
 */
import { clamp, type Painter, type ShapeContext } from './code-shape-context';
import { PathData, polyline, styleDashArray } from './code-shape-pen';
import { DOOR_FRAME, wallThickness } from './code-shapes-libraries';

/** A door's `dx` in px: the style's fraction (`fallback` unless set) of the width, the fraction at most the width itself as diagrams.net clamps it. */
function doorSize(c: ShapeContext, fallback: number): number {
  return c.w * clamp(c.num('dx', fallback), 0, c.w);
}

/**
 * A line drawn `times` the style's strokeWidth (0.5 unless set, the default these doors read),
 * as a bi-fold or an accordion door draws its panels.
 */
function panelPaint(c: ShapeContext): { strokeWidth: number; dash?: string } {
  const strokeWidth = c.num('strokeWidth', 0.5) * 3;
  return { strokeWidth, dash: styleDashArray(c.style, strokeWidth) };
}

/** A room: the box with a hole wallThickness in from each side. */
const room: Painter = (c) => {
  const { w, h } = c;
  const t = wallThickness(c);
  const outline = new PathData().moveTo(0, h).lineTo(0, 0).lineTo(w, 0).lineTo(w, h).close();
  c.fig.path(outline.moveTo(t, t).lineTo(t, h - t).lineTo(w - t, h - t).lineTo(w - t, t).close());
};

/** A dimension: the measuring line 20 px from the top (or bottom) with its two heads, and the ticks down (or up) the sides. */
export function dimension(atBottom: boolean): Painter {
  return (c) => {
    const { w, h } = c;
    const at = (y: number) => (atBottom ? h - y : y);
    const far = atBottom ? 0 : h;
    c.fig.path(
      new PathData()
        .moveTo(0, at(20)).lineTo(w, at(20))
        .moveTo(10, at(15)).lineTo(0, at(20)).lineTo(10, at(25))
        .moveTo(w - 10, at(15)).lineTo(w, at(20)).lineTo(w - 10, at(25))
        .moveTo(0, at(15)).lineTo(0, far)
        .moveTo(w, at(15)).lineTo(w, far),
      'stroke',
    );
  };
}

/** Stairs with a rest: at least 50 wide and as wide as high; steps every 25 px up to the landing (half the height before the end), the walking line and the landing's arrow. */
const stairsRest: Painter = (c) => {
  const { h } = c;
  const w = Math.max(c.w, 50, h);
  c.fig.rect(0, 0, w, h);
  const steps = new PathData();
  for (let x = 25; x < w - h / 2; x += 25) steps.moveTo(x, 0).lineTo(x, h);
  c.fig.path(steps, 'stroke');
  c.fig.path(
    new PathData()
      .moveTo(0, h / 2).lineTo(w, h / 2)
      .moveTo(w, 0).lineTo(w - h / 2, h / 2).lineTo(w, h)
      .moveTo(w - h / 2, 0).lineTo(w - h / 2, h)
      .moveTo(0, h / 2).lineTo(w, h / 2),
    'stroke',
  );
};

/** Two leaves of uneven widths under the frame: the small one dx (0.3 of the width) wide swinging left, the other right. */
const doorUneven: Painter = (c) => {
  const { w } = c;
  const dx = doorSize(c, 0.3);
  c.fig.rect(0, 0, w, DOOR_FRAME);
  c.fig.path(
    new PathData()
      .moveTo(dx, 0).lineTo(dx, DOOR_FRAME)
      .arcTo(dx, dx, 0, 0, 1, 0, DOOR_FRAME + dx).lineTo(0, DOOR_FRAME)
      .moveTo(dx, DOOR_FRAME)
      .arcTo(w - dx, w - dx, 0, 0, 0, w, DOOR_FRAME + w - dx).lineTo(w, DOOR_FRAME),
    'stroke',
  );
};

/** Two leaves swinging to opposite sides of the frame (dx down from the top): the small one up, the other down. */
const doorOpposing: Painter = (c) => {
  const { w } = c;
  const dx = doorSize(c, 0.3);
  c.fig.rect(0, dx, w, DOOR_FRAME);
  c.fig.path(
    new PathData()
      .moveTo(dx, dx).lineTo(dx, dx + DOOR_FRAME)
      .arcTo(dx, dx, 0, 0, 0, 0, 0).lineTo(0, dx)
      .moveTo(dx, dx + DOOR_FRAME)
      .arcTo(w - dx, w - dx, 0, 0, 0, w, DOOR_FRAME + w).lineTo(w, dx + DOOR_FRAME),
    'stroke',
  );
};

/** A revolving door: two 5 px wings crossing in the middle, in the circle of the smaller side. */
const doorRevolving: Painter = (c) => {
  const { w, h } = c;
  const d = Math.min(w, h);
  c.fig.rect((w - d) / 2, h / 2 - 2.5, d, 5);
  c.fig.rect(w / 2 - 2.5, (h - d) / 2, 5, d);
  c.fig.ellipse((w - d) / 2, (h - d) / 2, d, d, 'stroke');
};

/** A pocket door: jambs at dx (0.5 of the width) and at the right end, the leaf from the left up to w - dx. */
const doorPocket: Painter = (c) => {
  const { w, h } = c;
  const dx = doorSize(c, 0.5);
  c.fig.rect(dx, h / 2 - 5, 5, 10);
  c.fig.rect(w - 5, h / 2 - 5, 5, 10);
  c.fig.rect(0, h / 2 - 2.5, w - dx, 5);
};

/** Two pocket doors meeting in the middle, their jambs dx in from each end. */
const doorDoublePocket: Painter = (c) => {
  const { w, h } = c;
  const dx = doorSize(c, 0.5);
  c.fig.rect(dx, h / 2 - 5, 5, 10);
  c.fig.rect(w - dx - 5, h / 2 - 5, 5, 10);
  c.fig.rect(0, h / 2 - 2.5, w / 2 - dx, 5);
  c.fig.rect(w / 2 + dx, h / 2 - 2.5, w / 2 - dx, 5);
};

/** Two half-width panels `thickness` tall side by side about the middle, the front one from dx (0.5 of the width). */
function halfPanels(c: ShapeContext, thickness: number): void {
  const { w, h } = c;
  const dx = doorSize(c, 0.5);
  c.fig.rect(0, h / 2, w / 2, thickness);
  c.fig.rect(dx, h / 2 - thickness, w / 2, thickness);
}

/** A sliding door: 5 px jambs at both ends and its two panels. */
function slidingDoor(thickness: number): Painter {
  return (c) => {
    const { w, h } = c;
    c.fig.rect(0, h / 2 - 5, 5, 10);
    c.fig.rect(w - 5, h / 2 - 5, 5, 10);
    halfPanels(c, thickness);
  };
}

/** A bi-fold door: jambs at the bottom corners, and a fold from each jamb to dx (0.5 of the width) in, its panels three strokes thick. */
const doorBifold: Painter = (c) => {
  const { w, h } = c;
  const dx = doorSize(c, 0.5);
  c.fig.rect(0, h - 10, 5, 10);
  c.fig.rect(w - 5, h - 10, 5, 10);
  const peak = Math.max((dx - 10) / 2 + 5, 5);
  const end = Math.max(dx, 5);
  c.fig.path(
    new PathData()
      .moveTo(5, h - 10).lineTo(peak, 0).lineTo(end, h - 10)
      .moveTo(w - 5, h - 10).lineTo(w - peak, 0).lineTo(w - end, h - 10),
    'stroke',
    panelPaint(c),
  );
};

/** An overhead door: jambs at the bottom corners, and the door raised between them up to the top. */
const doorOverhead: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, h - 10, 5, 10);
  c.fig.rect(w - 5, h - 10, 5, 10);
  c.fig.rect(5, 0, w - 10, h - 5);
};

/** An opening: a 5 px jamb at each end. */
const opening: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, 5, h);
  c.fig.rect(w - 5, 0, 5, h);
};

/** A glider window: the 10 px sill and two half-width 1 px panes, the front one from dx (0.5 of the width). */
const windowGlider: Painter = (c) => {
  c.fig.rect(0, c.h / 2 - 5, c.w, 10);
  halfPanels(c, 1);
};

/** A garden window: jambs at the bottom corners, and a frame 2 px thick around `windowPanes` panes (3, at most 20). */
const windowGarden: Painter = (c) => {
  const { w, h } = c;
  const panes = Math.min(c.num('windowPanes', 3), 20);
  const d = 2;
  const paneW = (w - 14 - (panes - 1) * d) / panes;
  c.fig.rect(0, h - 10, 5, 10);
  c.fig.rect(w - 5, h - 10, 5, 10);
  const path = new PathData().moveTo(5, h).lineTo(5, 0).lineTo(w - 5, 0).lineTo(w - 5, h).lineTo(w - 5 - d, h).lineTo(w - 5 - d, d);
  for (let i = 1; i < panes; i++) {
    const right = w - 5 - d - i * paneW - (i - 1) * d;
    path.lineTo(right, d).lineTo(right, h).lineTo(right - d, h).lineTo(right - d, d);
  }
  c.fig.path(path.lineTo(5 + d, d).lineTo(5 + d, h).close());
};

/** A bow window: a line stepping down the smaller of half the width and the height, across and up again. */
const windowBow: Painter = (c) => {
  const { w, h } = c;
  const d = Math.min(w / 2, h);
  c.fig.path(polyline([[0, (h - d) / 2], [d, (h + d) / 2], [w - d, (h + d) / 2], [w, (h - d) / 2]], false), 'stroke');
};

/** A bay window: a line from the top corners down through 0.15 and 0.35 of the width to the bottom. */
const windowBay: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline([[0, 0], [w * 0.15, h * 0.6], [w * 0.35, h], [w * 0.65, h], [w * 0.85, h * 0.6], [w, 0]], false), 'stroke');
};

/** An accordion door: jambs at both ends and the folded panels zigzagging from the left jamb to dx (0.5 of the width, kept 5 px from the ends). */
const doorAccordion: Painter = (c) => {
  const { w, h } = c;
  const dx = Math.min(w - 5, Math.max(5, doorSize(c, 0.5)));
  c.fig.rect(0, h / 2 - 5, 5, 10);
  c.fig.rect(w - 5, h / 2 - 5, 5, 10);
  const l = dx - 5;
  const folds: Array<[number, number]> = [[5, h / 2], [5 + l * 0.1, 0], [5 + l * 0.3, h], [5 + l * 0.5, 0], [5 + l * 0.7, h], [5 + l * 0.9, 0], [5 + l, h / 2]];
  c.fig.path(polyline(folds, false), 'stroke', panelPaint(c));
};

/** A double-action door: the 5 px leaf across the middle, its swing below, and its swing above dashed. */
const doorDoubleAction: Painter = (c) => {
  const { w, h } = c;
  const below = h / 2 + 2.5;
  const above = h / 2 - 2.5;
  c.fig.rect(0, above, w, 5);
  c.fig.path(new PathData().moveTo(w, below).arcTo(w, w, 0, 0, 1, 0, below + w).lineTo(0, below), 'stroke');
  const dash = styleDashArray(new Map([...c.style, ['dashed', '1']]), c.strokeWidth);
  c.fig.path(new PathData().moveTo(w, above).arcTo(w, w, 0, 0, 0, 0, above - w).lineTo(0, above), 'stroke', { dash });
};

export const FLOORPLAN_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.floorplan.room': room,
  'mxgraph.floorplan.dimension': dimension(false),
  'mxgraph.floorplan.dimensionBottom': dimension(true),
  'mxgraph.floorplan.stairsRest': stairsRest,
  'mxgraph.floorplan.doorUneven': doorUneven,
  'mxgraph.floorplan.doorOpposing': doorOpposing,
  'mxgraph.floorplan.doorRevolving': doorRevolving,
  'mxgraph.floorplan.doorPocket': doorPocket,
  'mxgraph.floorplan.doorDoublePocket': doorDoublePocket,
  'mxgraph.floorplan.doorBypass': slidingDoor(5),
  'mxgraph.floorplan.doorBifold': doorBifold,
  'mxgraph.floorplan.doorSlidingGlass': slidingDoor(2),
  'mxgraph.floorplan.doorOverhead': doorOverhead,
  'mxgraph.floorplan.opening': opening,
  'mxgraph.floorplan.windowGlider': windowGlider,
  'mxgraph.floorplan.windowGarden': windowGarden,
  'mxgraph.floorplan.windowBow': windowBow,
  'mxgraph.floorplan.windowBay': windowBay,
  'mxgraph.floorplan.doorAccordion': doorAccordion,
  'mxgraph.floorplan.doorDoubleAction': doorDoubleAction,
};
