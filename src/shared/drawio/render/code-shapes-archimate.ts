/**
 * The ArchiMate 3 palette (mxArchiMate3.js): each element's notation drawn in its whole box
 * (component, service, process, node, ...), and the boxes that carry a notation as a 15 px icon in
 * their top right corner (an application element's frame, square, rounded or octagonal per
 * `archiType`, with the icon its `appType` names; a technology box with its `techType`; a location
 * and a gap). One drawing serves an element and its icon, as diagrams.net draws an icon with the
 * element's own background. The first ArchiMate palette (mxArchiMate.js: application, business,
 * motivation and technology boxes with their icons) reuses these drawings where its geometry is the
 * same; its icons are outlines where the third's are filled, alike on the frame's own fill.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { Figure, PathData, fmt, polyline, styleDashArray } from './code-shape-pen';

/** What a notation is drawn with: the pen, its box, and the shape's stroke and fill colours. */
interface Ink {
  readonly fig: Figure;
  readonly w: number;
  readonly h: number;
  /** The shape's strokeColor (black unless set), which some icons fill with. */
  readonly strokeColor: string;
  /** The style's own fillColor (black unless set), which the course of action's dot is filled with. */
  readonly fillColor: string;
  /** The dash pattern of a dashed line the notation draws (a path's). */
  readonly dash: string;
}

type Notation = (k: Ink) => void;

const component: Notation = ({ fig, w, h }) => {
  fig.rect(w * 0.25, 0, w * 0.75, h).rect(0, h * 0.25, w * 0.5, h * 0.15).rect(0, h * 0.6, w * 0.5, h * 0.15);
};

const collaboration: Notation = ({ fig, w, h }) => {
  fig.ellipse(0, 0, w * 0.6, h).ellipse(w * 0.4, 0, w * 0.6, h);
};

const interfaceRing: Notation = ({ fig, w, h }) => {
  fig.ellipse(w * 0.5, 0, w * 0.5, h).path(polyline([[0, h * 0.5], [w * 0.5, h * 0.5]], false), 'stroke');
};

/** A required interface: a line into a half ring open to the right. */
const interfaceSocket: Notation = ({ fig, w, h }) => {
  fig.path(new PathData().moveTo(0, h * 0.5).lineTo(w * 0.6, h * 0.5).moveTo(w, 0).arcTo(w * 0.4, h * 0.5, 0, 0, 0, w, h), 'stroke');
};

/** A process: a wide arrow, its shaft `shaft` of the height from the top and bottom, its head from `head` of the width. */
const arrowOf =
  (shaft: number, head: number): Notation =>
  ({ fig, w, h }) => {
    fig.path(polyline([[0, h * shaft], [w * head, h * shaft], [w * head, 0], [w, h * 0.5], [w * head, h], [w * head, h * (1 - shaft)], [0, h * (1 - shaft)]], true));
  };

/** A function: a chevron pointing up, its sides `notch` of the height lower than its tip. */
const chevronOf =
  (notch: number): Notation =>
  ({ fig, w, h }) => {
    fig.path(polyline([[w * 0.5, 0], [w, h * notch], [w, h], [w * 0.5, h * (1 - notch)], [0, h], [0, h * notch]], true));
  };

const process = arrowOf(0.3, 0.6);
const businessFunction = chevronOf(0.2);

const interaction: Notation = ({ fig, w, h }) => {
  const d = new PathData().moveTo(w * 0.55, 0).arcTo(w * 0.45, h * 0.5, 0, 0, 1, w * 0.55, h).close();
  fig.path(d.moveTo(w * 0.45, 0).arcTo(w * 0.45, h * 0.5, 0, 0, 0, w * 0.45, h).close());
};

/** A service: a box with half-round ends (at most half the width each). */
const service: Notation = ({ fig, w, h }) => {
  const right = Math.max(w - h * 0.5, w * 0.5);
  const left = Math.min(h * 0.5, w * 0.5);
  fig.path(new PathData().moveTo(right, 0).arcTo(h * 0.5, h * 0.5, 0, 0, 1, right, h).lineTo(left, h).arcTo(h * 0.5, h * 0.5, 0, 0, 1, left, 0).close());
};

const parallelogram = (w: number, h: number) => polyline([[w * 0.25, 0], [w, 0], [w * 0.75, h], [0, h]], true);

const requirement: Notation = ({ fig, w, h }) => {
  fig.path(parallelogram(w, h));
};

const constraint: Notation = ({ fig, w, h }) => {
  fig.path(`${parallelogram(w, h)} ${new PathData().moveTo(w * 0.45, 0).lineTo(w * 0.2, h)}`);
};

/**
 * A round head and a tail at x = 0: notched (an event), hollowed (event2) or bulging left past the
 * box (the first ArchiMate palette's service, as diagrams.net draws it).
 */
const eventOf =
  (tail: 'notch' | 'hollow' | 'bulge'): Notation =>
  ({ fig, w, h }) => {
    const r = h * 0.5;
    const d = new PathData().moveTo(w - r, 0).arcTo(r, r, 0, 0, 1, w - r, h).lineTo(0, h);
    if (tail === 'notch') d.lineTo(r, r).lineTo(0, 0);
    else d.arcTo(r, r, 0, 0, tail === 'bulge' ? 1 : 0, 0, 0);
    fig.path(d.close());
  };

const actor: Notation = ({ fig, w, h }) => {
  fig.ellipse(w * 0.2, 0, w * 0.6, h * 0.3);
  fig.path(new PathData().moveTo(w * 0.5, h * 0.3).lineTo(w * 0.5, h * 0.75).moveTo(0, h * 0.45).lineTo(w, h * 0.45).moveTo(0, h).lineTo(w * 0.5, h * 0.75).lineTo(w, h), 'stroke');
};

const role: Notation = ({ fig, w, h }) => {
  fig.path(new PathData().moveTo(w * 0.8, 0).lineTo(w * 0.2, 0).arcTo(w * 0.2, h * 0.5, 0, 0, 0, w * 0.2, h).lineTo(w * 0.8, h));
  fig.ellipse(w * 0.6, 0, w * 0.4, h);
};

/** A box with a wavy bottom (deliverable, representation, gap). */
const wave = (w: number, h: number) =>
  new PathData().moveTo(0, 0).lineTo(w, 0).lineTo(w, h * 0.85).arcTo(w * 0.35, h * 0.35, 0, 0, 0, w * 0.5, h * 0.85).arcTo(w * 0.35, h * 0.35, 0, 0, 1, 0, h * 0.85).close();

const deliverable: Notation = ({ fig, w, h }) => {
  fig.path(wave(w, h));
};

/** A horizontal line 15 px down the box (a business object's, a contract's and a representation's header). */
const headerLine = (fig: Figure, w: number, y: number) => fig.path(polyline([[0, y], [w, y]], false), 'stroke');

const representation: Notation = ({ fig, w, h }) => {
  fig.path(wave(w, h));
  headerLine(fig, w, 15);
};

const businessObject: Notation = ({ fig, w, h }) => {
  fig.rect(0, 0, w, h);
  if (h >= 15) headerLine(fig, w, 15);
};

const contract: Notation = (k) => {
  businessObject(k);
  if (k.h >= 30) headerLine(k.fig, k.w, k.h - 15);
};

const product: Notation = ({ fig, w, h }) => {
  fig.rect(0, 0, w, h);
  if (h >= 15) fig.path(polyline([[0, 15], [w * 0.6, 15], [w * 0.6, 0]], false), 'stroke');
};

/** A pin, drawn 3 px in from each side of its box by its callers. */
const pin: Notation = ({ fig, w, h }) => {
  const d = new PathData().moveTo(w * 0.5, h).arcTo(w * 0.1775, h * 0.3, 0, 0, 0, w * 0.345, h * 0.7).arcTo(w * 0.538, h * 0.364, 0, 0, 1, w * 0.5, 0);
  fig.path(d.arcTo(w * 0.538, h * 0.364, 0, 0, 1, w * 0.655, h * 0.7).arcTo(w * 0.1775, h * 0.3, 0, 0, 0, w * 0.5, h), 'stroke');
};

const gapSign: Notation = ({ fig, w, h }) => {
  fig.ellipse(w * 0.15, 0, w * 0.7, h, 'stroke');
  fig.path(new PathData().moveTo(0, h * 0.35).lineTo(w, h * 0.35).moveTo(0, h * 0.65).lineTo(w, h * 0.65), 'stroke');
};

/** A box seen in three dimensions: its front face and its top and right sides `depth` deep. */
const cuboid = (fig: Figure, w: number, h: number, dx: number, dy: number) => {
  const outline = polyline([[0, dy], [dx, 0], [w, 0], [w, h - dy], [w - dx, h], [0, h]], true);
  fig.path(`${outline} ${new PathData().moveTo(0, dy).lineTo(w - dx, dy).lineTo(w - dx, h).moveTo(w, 0).lineTo(w - dx, dy)}`);
};

const node: Notation = ({ fig, w, h }) => cuboid(fig, w, h, w * 0.25, h * 0.25);

/** A device: a screen with round corners (`corner` of its width and height) on a stand. */
const deviceOf =
  (corner: number): Notation =>
  ({ fig, w, h }) => {
    const [rx, ry, top] = [w * corner, h * corner, h * 0.88];
    const screen = new PathData().moveTo(rx, 0).lineTo(w - rx, 0).arcTo(rx, ry, 0, 0, 1, w, ry).lineTo(w, top - ry).arcTo(rx, ry, 0, 0, 1, w - rx, top);
    fig.path(screen.lineTo(rx, top).arcTo(rx, ry, 0, 0, 1, 0, top - ry).lineTo(0, ry).arcTo(rx, ry, 0, 0, 1, rx, 0).close());
    fig.path(polyline([[w * 0.1, top], [0, h], [w, h], [w * 0.9, top]], false));
  };
const device = deviceOf(0.1);

const systemSoftware: Notation = ({ fig, w, h }) => {
  fig.ellipse(w * 0.3, 0, w * 0.7, h * 0.7, 'stroke').ellipse(0, h * 0.02, w * 0.98, h * 0.98);
};

const artifact: Notation = ({ fig, w, h }) => {
  fig.path(polyline([[0, 0], [w * 0.7, 0], [w, h * 0.22], [w, h], [0, h]], true));
  fig.path(polyline([[w * 0.7, 0], [w * 0.7, h * 0.22], [w, h * 0.22]], false), 'stroke');
};

/** Chevrons at both ends of a line across the middle: `spread` of the width deep, the line dashed or not. */
const chevronLine =
  (spread: number, dashed: boolean): Notation =>
  ({ fig, w, h, dash }) => {
    fig.path(new PathData().moveTo(w * spread, h).lineTo(0, h * 0.5).lineTo(w * spread, 0).moveTo(w * (1 - spread), h).lineTo(w, h * 0.5).lineTo(w * (1 - spread), 0), 'stroke');
    fig.path(polyline([[0, h * 0.5], [w, h * 0.5]], false), 'stroke', dashed ? { dash } : {});
  };

const distribution: Notation = ({ fig, w, h }) => {
  fig.path(polyline([[w * 0.1, h * 0.25], [w * 0.9, h * 0.25], [w, h * 0.5], [w * 0.9, h * 0.75], [w * 0.1, h * 0.75], [0, h * 0.5]], false));
  fig.path(new PathData().moveTo(w * 0.2, 0).lineTo(0, h * 0.5).lineTo(w * 0.2, h).moveTo(w * 0.8, 0).lineTo(w, h * 0.5).lineTo(w * 0.8, h), 'stroke');
};

/** A battery: three cells in a rounded case with a terminal at its right. */
const resource: Notation = ({ fig, w, h }) => {
  const d = new PathData();
  for (const x of [0.51, 0.35, 0.19]) d.moveTo(w * x, h * 0.34).lineTo(w * x, h * 0.65);
  d.moveTo(w * 0.91, h * 0.4).curveTo(w * 0.93, h * 0.39, w * 0.95, h * 0.39, w * 0.97, h * 0.4).curveTo(w * 0.99, h * 0.4, w, h * 0.41, w, h * 0.43);
  d.curveTo(w, h * 0.48, w, h * 0.52, w, h * 0.57).curveTo(w, h * 0.58, w * 0.99, h * 0.59, w * 0.98, h * 0.6).curveTo(w * 0.96, h * 0.6, w * 0.93, h * 0.6, w * 0.91, h * 0.6);
  d.moveTo(0, h * 0.73).curveTo(0, h * 0.6, 0, h * 0.43, 0, h * 0.27).curveTo(0, h * 0.24, w * 0.03, h * 0.21, w * 0.08, h * 0.21);
  d.curveTo(w * 0.33, h * 0.2, w * 0.61, h * 0.2, w * 0.84, h * 0.21).curveTo(w * 0.88, h * 0.22, w * 0.89, h * 0.24, w * 0.9, h * 0.26);
  d.curveTo(w * 0.91, h * 0.41, w * 0.91, h * 0.57, w * 0.9, h * 0.72).curveTo(w * 0.9, h * 0.74, w * 0.88, h * 0.78, w * 0.83, h * 0.79);
  d.curveTo(w * 0.57, h * 0.79, w * 0.32, h * 0.79, w * 0.06, h * 0.79).curveTo(w * 0.02, h * 0.78, 0, h * 0.76, 0, h * 0.73).close();
  fig.path(d, 'stroke');
};

/** Steps: three blocks rising to the right, their joints drawn. */
const capability: Notation = ({ fig, w, h }) => {
  const steps = polyline([[w, 0], [w, h], [0, h], [0, h * 0.67], [w * 0.33, h * 0.67], [w * 0.33, h * 0.33], [w * 0.67, h * 0.33], [w * 0.67, 0]], true);
  const joints = new PathData().moveTo(w * 0.67, h * 0.33).lineTo(w, h * 0.33).moveTo(w * 0.33, h * 0.67).lineTo(w, h * 0.67);
  fig.path(`${steps} ${joints.moveTo(w * 0.33, h * 0.67).lineTo(w * 0.33, h).moveTo(w * 0.67, h * 0.33).lineTo(w * 0.67, h)}`, 'stroke');
};

/** A course of action: an arrow curving up into a target, its bull's eye in the style's fillColor. */
const course: Notation = ({ fig, w, h, fillColor }) => {
  fig.path(new PathData().moveTo(0, h).arcTo(w * 0.7, h * 0.7, 0, 0, 1, w * 0.41, h * 0.56).moveTo(w * 0.14, h * 0.54).lineTo(w * 0.41, h * 0.56).lineTo(w * 0.3, h * 0.78), 'stroke');
  fig.ellipse(w * 0.4, 0, w * 0.6, h * 0.6, 'stroke').ellipse(w * 0.5, h * 0.1, w * 0.4, h * 0.4, 'stroke');
  fig.ellipse(w * 0.6, h * 0.2, w * 0.2, h * 0.2, 'fill', { fill: fillColor });
};

/** A network: a slanted plane with a node in the stroke colour at each corner. */
const network: Notation = ({ fig, w, h, strokeColor }) => {
  fig.path(polyline([[w * 0.4, h * 0.2], [w * 0.85, h * 0.2], [w * 0.6, h * 0.8], [w * 0.15, h * 0.8]], true), 'stroke');
  for (const [x, y] of [[0.25, 0], [0.7, 0], [0, 0.6], [0.45, 0.6]]) fig.ellipse(w * x, h * y, w * 0.3, h * 0.4, 'fill', { fill: strokeColor });
};

const assessment: Notation = ({ fig, w, h }) => {
  fig.ellipse(w * 0.2, 0, w * 0.8, h * 0.8, 'stroke').path(polyline([[0, h], [w * 0.32, h * 0.68]], false), 'stroke');
};

const goal: Notation = ({ fig, w, h, strokeColor }) => {
  fig.ellipse(0, 0, w, h, 'stroke').ellipse(w * 0.15, h * 0.15, w * 0.7, h * 0.7, 'stroke');
  fig.ellipse(w * 0.3, h * 0.3, w * 0.4, h * 0.4, 'fillStroke', { fill: strokeColor });
};

const driver: Notation = ({ fig, w, h, strokeColor }) => {
  fig.ellipse(w * 0.1, h * 0.1, w * 0.8, h * 0.8, 'stroke');
  const spokes = new PathData().moveTo(0, h * 0.5).lineTo(w, h * 0.5).moveTo(w * 0.5, 0).lineTo(w * 0.5, h);
  fig.path(spokes.moveTo(w * 0.145, h * 0.145).lineTo(w * 0.855, h * 0.855).moveTo(w * 0.145, h * 0.855).lineTo(w * 0.855, h * 0.145), 'stroke');
  fig.ellipse(w * 0.35, h * 0.35, w * 0.3, h * 0.3, 'fillStroke', { fill: strokeColor });
};

const material: Notation = ({ fig, w, h }) => {
  const hexagon = polyline([[0, h * 0.5], [w * 0.25, 0], [w * 0.75, 0], [w, h * 0.5], [w * 0.75, h], [w * 0.25, h]], true);
  const bonds = new PathData().moveTo(w * 0.15, h * 0.5).lineTo(w * 0.31, h * 0.2).moveTo(w * 0.69, h * 0.2).lineTo(w * 0.85, h * 0.5).moveTo(w * 0.68, h * 0.8).lineTo(w * 0.32, h * 0.8);
  fig.path(`${hexagon} ${bonds}`, 'stroke');
};

/** A principle: a bulging square with an exclamation mark in the stroke colour. */
const principle: Notation = ({ fig, w, h, strokeColor }) => {
  const [r, a, b] = [w * 2.3, 0.05, 0.95];
  fig.path(new PathData().moveTo(w * a, h * a).arcTo(r, h * 2.3, 0, 0, 1, w * b, h * a).arcTo(r, h * 2.3, 0, 0, 1, w * b, h * b).arcTo(r, h * 2.3, 0, 0, 1, w * a, h * b).arcTo(r, h * 2.3, 0, 0, 1, w * a, h * a).close(), 'stroke');
  fig.path(polyline([[w * 0.45, h * 0.7], [w * 0.42, h * 0.15], [w * 0.58, h * 0.15], [w * 0.55, h * 0.7]], true), 'fill', { fill: strokeColor });
  fig.rect(w * 0.45, h * 0.75, w * 0.1, h * 0.1, 'fill', { fill: strokeColor });
};

/** An outcome: a target hit by an arrow from the top right. */
const outcome: Notation = ({ fig, w, h }) => {
  fig.ellipse(0, h * 0.2, w * 0.8, h * 0.8, 'stroke').ellipse(w * 0.15, h * 0.35, w * 0.5, h * 0.5, 'stroke').ellipse(w * 0.3, h * 0.5, w * 0.2, h * 0.2, 'stroke');
  const arrow = new PathData().moveTo(w * 0.4, h * 0.6).lineTo(w * 0.9, h * 0.1).moveTo(w * 0.42, h * 0.4).lineTo(w * 0.4, h * 0.6).lineTo(w * 0.6, h * 0.58);
  fig.path(arrow.moveTo(w * 0.8, 0).lineTo(w * 0.75, h * 0.25).lineTo(w, h * 0.2), 'stroke');
};

/** The teeth of equipment's two gears, as fractions of the icon (the large one top right, the small one bottom left). */
const GEAR_TEETH: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [[0.68, 0.52], [0.67, 0.45], [0.61, 0.43], [0.56, 0.48], [0.5, 0.42], [0.54, 0.36], [0.52, 0.31], [0.45, 0.31], [0.45, 0.22], [0.52, 0.21], [0.54, 0.16], [0.5, 0.11], [0.56, 0.05], [0.62, 0.09], [0.67, 0.07], [0.68, 0], [0.77, 0], [0.78, 0.07], [0.83, 0.09], [0.89, 0.05], [0.95, 0.11], [0.91, 0.16], [0.93, 0.21], [1, 0.22], [1, 0.31], [0.93, 0.31], [0.91, 0.36], [0.95, 0.41], [0.89, 0.47], [0.83, 0.43], [0.78, 0.45], [0.77, 0.52]],
  [[0.21, 0.98], [0.22, 0.89], [0.16, 0.85], [0.08, 0.88], [0.02, 0.79], [0.09, 0.74], [0.08, 0.67], [0, 0.63], [0.03, 0.53], [0.12, 0.54], [0.16, 0.48], [0.13, 0.4], [0.22, 0.35], [0.28, 0.42], [0.36, 0.41], [0.39, 0.33], [0.5, 0.36], [0.49, 0.45], [0.55, 0.49], [0.63, 0.45], [0.69, 0.54], [0.62, 0.6], [0.63, 0.67], [0.71, 0.7], [0.68, 0.8], [0.59, 0.79], [0.55, 0.85], [0.59, 0.93], [0.49, 0.98], [0.43, 0.91], [0.36, 0.92], [0.32, 1]],
];

/** Equipment: two gears, each a ring of teeth round a hole (drawn as four curves, as diagrams.net draws it). */
const equipment: Notation = ({ fig, w, h }) => {
  const d = new PathData();
  const hole = (points: ReadonlyArray<readonly [number, number]>) => {
    const at = points.map(([x, y]) => [w * x, h * y]);
    d.moveTo(at[0][0], at[0][1]);
    for (let i = 1; i + 2 < at.length; i += 3) d.curveTo(at[i][0], at[i][1], at[i + 1][0], at[i + 1][1], at[i + 2][0], at[i + 2][1]);
    d.close();
  };
  const teeth = (points: ReadonlyArray<readonly [number, number]>) => {
    points.forEach(([x, y], i) => (i === 0 ? d.moveTo(w * x, h * y) : d.lineTo(w * x, h * y)));
    d.lineTo(w * points[0][0], h * points[0][1]).close();
  };
  hole([[0.72, 0.38], [0.78, 0.38], [0.85, 0.34], [0.85, 0.26], [0.85, 0.18], [0.78, 0.14], [0.73, 0.14], [0.64, 0.14], [0.59, 0.2], [0.59, 0.26], [0.59, 0.33], [0.65, 0.38], [0.72, 0.38]]);
  teeth(GEAR_TEETH[0]);
  hole([[0.36, 0.81], [0.44, 0.81], [0.52, 0.75], [0.52, 0.67], [0.52, 0.59], [0.45, 0.51], [0.35, 0.51], [0.27, 0.51], [0.19, 0.58], [0.19, 0.67], [0.19, 0.74], [0.27, 0.82], [0.36, 0.81]]);
  teeth(GEAR_TEETH[1]);
  fig.path(d, 'stroke');
};

/** A technology box's plateau icon: three bars stepping down to the left, in the stroke colour. */
const plateau: Notation = ({ fig, w, h, strokeColor }) => {
  for (const [x, y] of [[0.4, 0], [0.2, 0.4], [0, 0.8]]) fig.rect(w * x, h * y, w * 0.6, h * 0.2, 'fill', { fill: strokeColor });
};

const facility: Notation = ({ fig, w, h }) => {
  const saw: Array<[number, number]> = [[0, h], [0, 0], [w * 0.13, 0], [w * 0.13, h * 0.7], [w * 0.42, h * 0.55], [w * 0.42, h * 0.7], [w * 0.71, h * 0.55], [w * 0.71, h * 0.7], [w, h * 0.55], [w, h]];
  fig.path(polyline(saw, true), 'stroke');
};

/**
 * Each icon an application box (and a technology box) draws 15 px square in its top right corner,
 * by `appType`, with the inset diagrams.net gives it on the left and right (x) and top and bottom (y).
 */
/** An icon's notation with its inset on the left and right and on the top and bottom of its 15 px box. */
type IconEntry = readonly [Notation, number, number];

/** Icons by a style key's value. */
type IconTable = Readonly<Record<string, IconEntry>>;

const APP_ICONS: IconTable = {
  comp: [component, 1, 0],
  collab: [collaboration, 0, 3],
  interface: [interfaceRing, 0, 4],
  interface2: [interfaceSocket, 0, 1],
  func: [businessFunction, 0, 0],
  interaction: [interaction, 0, 0],
  location: [pin, 3, 0],
  serv: [service, 0, 3],
  event: [eventOf('notch'), 0, 3],
  event2: [eventOf('hollow'), 0, 3],
  node: [node, 0, 0],
  netw: [network, 0, 2],
  commPath: [chevronLine(0.1, true), 0, 5],
  artifact: [artifact, 2, 0],
  actor: [actor, 3, 0],
  role: [role, 0, 4],
  proc: [process, 0, 3],
  driver: [driver, 0, 0],
  assess: [assessment, 0, 0],
  goal: [goal, 0, 0],
  principle: [principle, 0, 0],
  outcome: [outcome, 0, 0],
  requirement: [requirement, 0, 4],
  constraint: [constraint, 0, 4],
  material: [material, 0, 1],
  distribution: [distribution, 0, 4],
  resource: [resource, 0, 1],
  capability: [capability, 0, 0],
  course: [course, 0, 0],
  sysSw: [systemSoftware, 0, 0],
  path: [chevronLine(0.2, true), 0, 5],
};

const TECH_ICONS: IconTable = { device: [device, 0, 0], plateau: [plateau, 0, 0], facility: [facility, 0, 0], equipment: [equipment, 0, 0], sysSw: [systemSoftware, 0, 0] };

function inkOf(c: ShapeContext, fig: Figure, w: number, h: number): Ink {
  return {
    fig,
    w,
    h,
    strokeColor: c.color('strokeColor', '#000000'),
    fillColor: c.color('fillColor', '#000000'),
    dash: styleDashArray(new Map([...c.style, ['dashed', '1']]), c.strokeWidth) ?? '3 3',
  };
}

/** A notation drawn in the shape's whole box. */
const whole =
  (notation: Notation): Painter =>
  (c) =>
    notation(inkOf(c, c.fig, c.w, c.h));

/**
 * A notation as an icon in a 15 px box at (x, y), `inset` in from its sides, drawn solid whatever
 * the shape's dashes (as diagrams.net's foregrounds set dashed off).
 */
function icon(c: ShapeContext, notation: Notation, x: number, y: number, [insetX, insetY]: readonly [number, number]): void {
  const fig = c.fig.inner({ dash: undefined });
  notation(inkOf(c, fig, 15 - 2 * insetX, 15 - 2 * insetY));
  c.fig.raw(`<g transform="translate(${fmt(x + insetX)} ${fmt(y + insetY)})">${fig}</g>`);
}

/**
 * A frame with the icon `choose` picks 15 px square, `right` px in from the right and `top` px
 * down: 20 and 5 in an element's corner, 30 and 15 on a technology box's front face.
 */
const framed =
  (frame: Painter, choose: (style: ReadonlyMap<string, string>) => IconEntry | undefined, [right, top]: readonly [number, number] = [20, 5]): Painter =>
  (c) => {
    frame(c);
    const chosen = choose(c.style);
    if (chosen) icon(c, chosen[0], c.w - right, top, [chosen[1], chosen[2]]);
  };

/** The icon a style's `key` names in a table, `fallback` when it names none (none when the name is not in the table). */
const byKey =
  (icons: IconTable, key: string, fallback: string) =>
  (style: ReadonlyMap<string, string>): IconEntry | undefined => {
    const name = style.get(key) ?? fallback;
    // Only the table's own names: a file's `appType=constructor` is no icon.
    return Object.hasOwn(icons, name) ? icons[name] : undefined;
  };

/** An octagon with 10 px cuts (a motivation element's; an application's `oct`, when at least 20 px a side). */
const octagon: Notation = ({ fig, w, h }) => {
  fig.path(polyline([[0, 10], [10, 0], [w - 10, 0], [w, 10], [w, h - 10], [w - 10, h], [10, h], [0, h - 10]], true));
};

const box: Notation = ({ fig, w, h }) => {
  fig.rect(0, 0, w, h);
};

const roundBox: Notation = ({ fig, w, h }) => {
  fig.roundRect(0, 0, w, h, 10);
};

/** The frame of an application element per `archiType`: square, rounded (10 px corners) or octagonal. */
const applicationFrame: Painter = (c) => {
  const type = c.style.get('archiType') ?? 'square';
  const k = inkOf(c, c.fig, c.w, c.h);
  if (type === 'rounded') roundBox(k);
  else if (type === 'oct' && c.w >= 20 && c.h >= 20) octagon(k);
  else box(k);
};

const technologyBox: Notation = ({ fig, w, h }) => cuboid(fig, w, h, 10, 10);


/** The shapes both ArchiMate palettes draw alike: a location with its pin, a gap with its sign, business objects and products. */
const SHARED = (prefix: string): Record<string, Painter> => ({
  [`${prefix}location`]: framed(whole(box), () => [pin, 3, 0]),
  [`${prefix}gap`]: framed(whole(deliverable), () => [gapSign, 0, 2]),
  [`${prefix}businessObject`]: whole(businessObject),
  [`${prefix}product`]: whole(product),
});

const A3 = 'mxgraph.archimate3.';

const ARCHIMATE3_SHAPES: Readonly<Record<string, Painter>> = {
  ...SHARED(A3),
  [`${A3}application`]: framed(applicationFrame, byKey(APP_ICONS, 'appType', '')),
  [`${A3}tech`]: framed(whole(technologyBox), byKey(TECH_ICONS, 'techType', 'device'), [30, 15]),
  [`${A3}component`]: whole(component),
  [`${A3}collaboration`]: whole(collaboration),
  [`${A3}interface`]: whole(interfaceRing),
  [`${A3}process`]: whole(process),
  [`${A3}function`]: whole(businessFunction),
  [`${A3}interaction`]: whole(interaction),
  [`${A3}service`]: whole(service),
  [`${A3}requirement`]: whole(requirement),
  [`${A3}constraint`]: whole(constraint),
  [`${A3}event`]: whole(eventOf('notch')),
  [`${A3}event2`]: whole(eventOf('hollow')),
  [`${A3}actor`]: whole(actor),
  [`${A3}role`]: whole(role),
  [`${A3}contract`]: whole(contract),
  [`${A3}representation`]: whole(representation),
  [`${A3}deliverable`]: whole(deliverable),
  [`${A3}distribution`]: whole(distribution),
  [`${A3}resource`]: whole(resource),
  [`${A3}capability`]: whole(capability),
  [`${A3}course`]: whole(course),
  [`${A3}node`]: whole(node),
  [`${A3}device`]: whole(device),
  [`${A3}sysSw`]: whole(systemSoftware),
  [`${A3}artifact`]: whole(artifact),
  [`${A3}commNetw`]: whole(chevronLine(0.2, false)),
  [`${A3}path`]: whole(chevronLine(0.2, true)),
};

/** The first ArchiMate palette's application icons (mxArchiMate.js), a component unless told; its service's tail bulges. */
const APP_ICONS_1: IconTable = {
  comp: APP_ICONS.comp,
  collab: APP_ICONS.collab,
  interface: APP_ICONS.interface,
  interface2: APP_ICONS.interface2,
  function: APP_ICONS.func,
  interaction: APP_ICONS.interaction,
  service: [eventOf('bulge'), 0, 3],
  node: APP_ICONS.node,
  network: APP_ICONS.netw,
  commPath: APP_ICONS.commPath,
  sysSw: APP_ICONS.sysSw,
  artifact: APP_ICONS.artifact,
  actor: APP_ICONS.actor,
  role: APP_ICONS.role,
};

/** Its business icons by `busType`, a process unless told: a slimmer arrow and a lower chevron than the third palette's. */
const BUSINESS_ICONS: IconTable = {
  process: [arrowOf(0.15, 0.65), 0, 2],
  function: [chevronOf(0.15), 2, 0],
  interaction: APP_ICONS.interaction,
  event: APP_ICONS.event2,
  service: APP_ICONS_1.service,
};

/** Its motivation icons by `motivType`, a stakeholder (a role) unless told. */
const MOTIVATION_ICONS: IconTable = {
  stake: APP_ICONS.role,
  driver: APP_ICONS.driver,
  assess: APP_ICONS.assess,
  goal: APP_ICONS.goal,
  req: APP_ICONS.requirement,
  const: APP_ICONS.constraint,
  princ: APP_ICONS.principle,
};

/** Its technology icons: a device with smaller corners, or a plateau. */
const TECH_ICONS_1: IconTable = { device: [deviceOf(0.05), 0, 0], plateau: TECH_ICONS.plateau };

const A1 = 'mxgraph.archimate.';

export const ARCHIMATE_SHAPES: Readonly<Record<string, Painter>> = {
  ...ARCHIMATE3_SHAPES,
  ...SHARED(A1),
  [`${A1}application`]: framed(whole(box), byKey(APP_ICONS_1, 'appType', 'comp')),
  [`${A1}business`]: framed(whole(roundBox), byKey(BUSINESS_ICONS, 'busType', 'process')),
  [`${A1}motiv`]: framed(whole(octagon), byKey(MOTIVATION_ICONS, 'motivType', 'stake')),
  [`${A1}tech`]: framed(whole(technologyBox), byKey(TECH_ICONS_1, 'techType', 'device'), [30, 15]),
  [`${A1}representation`]: whole(deliverable),
};
