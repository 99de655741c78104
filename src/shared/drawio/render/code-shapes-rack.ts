/**
 * The general rack shapes of diagrams.net's rack/mxRack.js (cabinets numbered by unit, cover
 * plates, cable ducts, routing banks, shelves, bases and legs, resizable and the legacy 1U/2U/4U
 * ones of fixed size) and the cabinets of mxCabinets.js, with their geometry and defaults.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { CANVAS_FONT, PathData, polyline, styleDashArray } from './code-shape-pen';
import { dimension } from './code-shapes-floorplan';

/** The width of the legacy fixed-size rack units, and the height of one unit. */
const UNIT_W = 160.9;
const UNIT_H = 14.8;
/** The frame of a rack cabinet: 21 px at the top and bottom, 9 px at the sides. */
const FRAME_END = 21;
const FRAME_SIDE = 9;
/** The grey of a rack cabinet's frame, of a Neat-Patch, and of the unit number ticks. */
const FRAME_GREY = '#f4f4f4';
const PATCH_GREY = '#666666';
const TICK_GREY = '#dddddd';

/** A line `width` px wide (a shelf's 2 px), dashed as the style says. */
function lineOf(c: ShapeContext, width: number): { strokeWidth: number; dash?: string } {
  return { strokeWidth: width, dash: styleDashArray(c.style, width) };
}

/** A cabinet's frame (x0 from the left, w wide, h high) in `fill`: its ends and sides, and a screw in each corner. */
function cabinetFrame(c: ShapeContext, x0: number, w: number, h: number, fill: string): void {
  c.fig.rect(x0, 0, w, FRAME_END, 'fillStroke', { fill });
  c.fig.rect(x0, h - FRAME_END, w, FRAME_END, 'fillStroke', { fill });
  c.fig.rect(x0, FRAME_END, FRAME_SIDE, h - 2 * FRAME_END, 'fillStroke', { fill });
  c.fig.rect(x0 + w - FRAME_SIDE, FRAME_END, FRAME_SIDE, h - 2 * FRAME_END, 'fillStroke', { fill });
  for (const [x, y] of [[2.5, 7.5], [w - 8.5, 7.5], [2.5, h - 13.5], [w - 8.5, h - 13.5]]) c.fig.ellipse(x0 + x, y, 6, 6, 'stroke');
}

/** Where a cabinet's unit numbers go: centred on textX, the ticks between units from tickFrom to tickTo. */
interface UnitColumn {
  readonly textX: number;
  readonly tickFrom: number;
  readonly tickTo: number;
  /** The top of the first unit, the number of units and each one's height. */
  readonly top: number;
  readonly count: number;
  readonly unit: number;
  readonly label: (i: number) => string;
  readonly tick: string;
  readonly textSize: number;
}

/** Unit numbers beside a cabinet, each in the middle of its unit (textColor, #666666), and the ticks between the units. */
function unitNumbers(c: ShapeContext, column: UnitColumn): void {
  const { top, count, unit } = column;
  const paint = { ...CANVAS_FONT, size: column.textSize, color: c.color('textColor', '#666666'), anchor: 'middle' as const };
  for (let i = 0; i < count; i++) c.fig.text(column.textX, top + unit / 2 + i * unit, column.label(i), paint);
  const ticks = new PathData();
  for (let i = 0; i <= count; i++) ticks.moveTo(column.tickFrom, top + i * unit).lineTo(column.tickTo, top + i * unit);
  c.fig.path(ticks, 'stroke', { stroke: column.tick });
}

/**
 * A rack cabinet: the box in fillColor, its frame in fillColor2 (#f4f4f4) when it is wider than
 * 42 and higher than 42, and unless numDisp=off the units (rackUnitSize, 20 px) numbered in a
 * 24 px column on its left, ascending from the bottom unless numDisp=descend.
 */
const container: Painter = (c) => {
  const numbering = c.style.get('numDisp') ?? 'ascend';
  const numbered = numbering !== 'off';
  const x0 = numbered ? 24 : 0;
  const w = numbered ? Math.max(c.w - 24, 0) : c.w;
  const { h } = c;
  c.fig.rect(x0, 0, w, h);
  if (w > 42 && h > 42) cabinetFrame(c, x0, w, h, c.color('fillColor2', FRAME_GREY));
  if (!numbered || w <= 42) return;
  const unit = c.num('rackUnitSize', 20);
  const count = Math.floor((Math.abs(h) - 2 * FRAME_END) / unit);
  const label = (i: number) => String(numbering === 'descend' ? i + 1 : count - i);
  unitNumbers(c, { textX: x0 - 12, tickFrom: 0, tickTo: x0, top: FRAME_END, count, unit, label, tick: c.stroke, textSize: 12 });
};

/** The legacy rack cabinet: 180 wide, unitNum (12) units of unitHeight (14.8) high, numbered (numDisp=on) from the bottom unless numDir=ascend. */
const rackCabinet: Painter = (c) => {
  const count = c.num('unitNum', 12);
  const unit = c.num('unitHeight', UNIT_H);
  const size = c.num('textSize', 12);
  const numbered = (c.style.get('numDisp') ?? 'on') === 'on';
  const x0 = numbered ? size * 2 : 0;
  const h = count * unit + 2 * FRAME_END;
  c.fig.rect(x0, 0, 180, h, 'fillStroke', { fill: '#ffffff' });
  cabinetFrame(c, x0, 180, h, FRAME_GREY);
  if (!numbered) return;
  const ascending = c.style.get('numDir') === 'ascend';
  const label = (i: number) => String(ascending ? i + 1 : count - i);
  unitNumbers(c, { textX: x0 - size, tickFrom: x0 - 2 * size, tickTo: x0, top: FRAME_END, count, unit, label, tick: TICK_GREY, textSize: size });
};

/** Rack numbering: unitNum (42) units of unitHeight (14.8), a 160.9 wide strip right of the numbers, counted from the bottom unless numDir=ascend. */
const rackNumbering: Painter = (c) => {
  const count = c.num('unitNum', 42);
  const unit = c.num('unitHeight', UNIT_H);
  const size = c.num('textSize', 12);
  c.fig.rect(size * 3, 0, UNIT_W, count * unit);
  const ascending = c.style.get('numDir') === 'ascend';
  const label = (i: number) => String(ascending ? i + 1 : count - i);
  unitNumbers(c, { textX: size, tickFrom: 0, tickTo: size * 3, top: 0, count, unit, label, tick: TICK_GREY, textSize: size });
};

/** A cover plate: the plate, its 9 px ends shaded black at 23 %, and their edges. */
const plate: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  if (w <= 2 * FRAME_SIDE) return;
  const shade = { fill: '#000000', opacity: 0.23 };
  c.fig.rect(0, 0, FRAME_SIDE, h, 'fill', shade);
  c.fig.rect(w - FRAME_SIDE, 0, FRAME_SIDE, h, 'fill', shade);
  c.fig.rect(0, 0, w, h, 'stroke');
  c.fig.rect(FRAME_SIDE, 0, w - 2 * FRAME_SIDE, h, 'stroke');
};

/** A cable duct's slots: a 3 px slot of 7 px over one `lower` px tall at each x. */
function ductSlots(c: ShapeContext, xs: readonly number[], lower: number): void {
  for (const x of xs) {
    c.fig.rect(x, 0, 3, 7, 'stroke');
    c.fig.rect(x, 7, 3, lower, 'stroke');
  }
}

/** A horizontal cable duct: slots 33 px apart, centred, 10 px in from the ends at least. */
const horCableDuct: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  const across = Math.floor((w - 20) / 33);
  if (across <= 0) return;
  const first = 10 + Math.floor((w - 20 - across * 33) / 2);
  ductSlots(c, Array.from({ length: across + 1 }, (_, i) => first + i * 33), 7.8);
};

/**
 * A horizontal routing bank: the box alone. mxRack.js counts its rows by mxRackContainer.unitSize,
 * which is not set (only the prototype's is), so diagrams.net draws none of its slots.
 */
const horRoutingBank: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h);
};

/** NEAT-PATCH in 12 px bold white, centred at (x, y). */
function patchName(c: ShapeContext, x: number, y: number): void {
  c.fig.text(x, y, 'NEAT-PATCH', { ...CANVAS_FONT, size: 12, color: '#ffffff', bold: true, anchor: 'middle' });
}

/** A Neat-Patch: a #666666 panel with its name 6 px above the bottom. */
const neatPatch: Painter = (c) => {
  c.fig.rect(0, 0, c.w, c.h, 'fillStroke', { fill: PATCH_GREY });
  patchName(c, c.w / 2, c.h - 6);
};

/** A shelf: a tray open at the top in a 2 px line, 1 px in from the sides. */
const shelf: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(polyline([[1, 0], [1, h - 1], [w - 1, h - 1], [w - 1, 1]], false), 'fillStroke', lineOf(c, 2));
};

/** A legacy cable duct `units` high (1 or 2): five slots 33.5 px apart. */
function cableDuctU(units: number): Painter {
  return (c) => {
    c.fig.rect(0, 0, UNIT_W, units * UNIT_H);
    ductSlots(c, [12, 45.5, 79, 112.5, 146], units * UNIT_H - 7);
  };
}

/** A legacy routing bank `units` high: a row of seven 17 x 6.8 slots 21 px apart in each unit. */
function routingBankU(units: number): Painter {
  return (c) => {
    c.fig.rect(0, 0, UNIT_W, units * UNIT_H);
    for (let row = 0; row < units; row++) for (let i = 0; i < 7; i++) c.fig.rect(10 + i * 21, 4 + row * UNIT_H, 17, 6.8, 'stroke');
  };
}

/** The legacy 2U Neat-Patch. */
const neatPatch2U: Painter = (c) => {
  c.fig.rect(0, 0, UNIT_W, 2 * UNIT_H, 'fillStroke', { fill: PATCH_GREY });
  patchName(c, UNIT_W / 2, 24);
};

/** A legacy shelf `units` high. */
function shelfU(units: number): Painter {
  return (c) => c.fig.path(polyline([[0, 0], [0, units * UNIT_H], [UNIT_W, units * UNIT_H], [UNIT_W, 0]], false), 'fillStroke', lineOf(c, 2));
}

/** A channel base (at least 20 x 20): the base 5 px above the floor on two black 5 px feet 10 px in. */
const channelBase: Painter = (c) => {
  const w = Math.max(c.w, 20);
  const h = Math.max(c.h, 20);
  const feet = () => [[10, h - 15], [w - 15, h - 15]];
  for (const [x, y] of feet()) c.fig.rect(x, y, 5, 15);
  c.fig.rect(0, 0, w, h - 5);
  for (const [x, y] of feet()) c.fig.rect(x, y, 5, 15, 'fillStroke', { fill: '#000000' });
};

/** A cabinet leg (at least 20 x 20): an L with its notches. */
const cabinetLeg: Painter = (c) => {
  const w = Math.max(c.w, 20);
  const h = Math.max(c.h, 20);
  c.fig.path(
    polyline(
      [[0, h - 10], [5, h - 10], [5, h - 12], [9, h - 12], [9, h - 10], [w - 10, h - 10], [w - 10, 9], [w - 12, 9], [w - 12, 5], [w - 10, 5], [w - 10, 0], [w, 0], [w, h], [0, h]],
      true,
    ),
  );
};

/**
 * A cabinet (mxCabinets.js): the box, its 15 px top, its sides' lines, and a 40 px stand with
 * hasStand=1, else a 15 px plinth (its default, the text "1", is not the number 1 it asks for).
 */
const cabinet: Painter = (c) => {
  const { w, h } = c;
  const wall = 15;
  c.fig.rect(0, 0, w, h);
  c.fig.rect(0, 0, w, wall, 'stroke');
  c.fig.path(new PathData().moveTo(wall, wall).lineTo(wall, h).moveTo(w - wall, wall).lineTo(w - wall, h), 'stroke');
  const stand = c.style.has('hasStand') && c.num('hasStand', 0) === 1 ? 40 : wall;
  c.fig.rect(0, h - stand, w, stand);
};

/** A cover plate (mxCabinets.js): the plate with a 25 px slot across it, 10 px in from the sides. */
const coverPlate: Painter = (c) => {
  const { w, h } = c;
  const plateOutline = polyline([[0, 0], [w, 0], [w, h], [0, h]], true);
  const slot = polyline([[10, h / 2 - 12.5], [10, h / 2 + 12.5], [w - 10, h / 2 + 12.5], [w - 10, h / 2 - 12.5]], true);
  c.fig.path(`${plateOutline} ${slot}`);
};

export const RACK_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.rackGeneral.container': container,
  'mxgraph.rackGeneral.rackCabinet': rackCabinet,
  'mxgraph.rackGeneral.rackNumbering': rackNumbering,
  'mxgraph.rackGeneral.plate': plate,
  'mxgraph.rackGeneral.horCableDuct': horCableDuct,
  'mxgraph.rackGeneral.horRoutingBank': horRoutingBank,
  'mxgraph.rackGeneral.neatPatch': neatPatch,
  'mxgraph.rackGeneral.shelf': shelf,
  'mxgraph.rackGeneral.horCableDuct1U': cableDuctU(1),
  'mxgraph.rackGeneral.horCableDuct2U': cableDuctU(2),
  'mxgraph.rackGeneral.horRoutingBank1U': routingBankU(1),
  'mxgraph.rackGeneral.horRoutingBank2U': routingBankU(2),
  'mxgraph.rackGeneral.neatPatch2U': neatPatch2U,
  'mxgraph.rackGeneral.shelf1U': shelfU(1),
  'mxgraph.rackGeneral.shelf2U': shelfU(2),
  'mxgraph.rackGeneral.shelf4U': shelfU(4),
  'mxgraph.rackGeneral.channelBase': channelBase,
  'mxgraph.rackGeneral.cabinetLeg': cabinetLeg,
  'mxgraph.cabinets.cabinet': cabinet,
  'mxgraph.cabinets.coverPlate': coverPlate,
  'mxgraph.cabinets.dimension': dimension(false),
  'mxgraph.cabinets.dimensionBottom': dimension(true),
};
