/**
 * Shapes diagrams.net draws in code rather than from a stencil (swimlanes and tables, AWS 4
 * groups, floor-plan walls, BPMN, UML frames and states, brackets, ...), as SVG markup in a
 * w x h box: the one drawing the canvas shows and an export writes. Each shape's geometry comes
 * from diagrams.net's own shape classes (see the code-shapes-* files); the style's `direction`,
 * `rotation`, `flipH`/`flipV`, `rounded`, `dashed`, `strokeWidth` and colours apply as its
 * mxShape applies them. Pure: no DOM, so the export runs it in Node.
 */
import { groupIcon, numberOf, screenTurn, type LabelRestyle, type Painter, type Rect, type ShapeContext, type StencilDrawer, type StencilsInside, type TableGrid } from './code-shape-context';
import { Figure, fmt, styleDashArray } from './code-shape-pen';
import { screenOffset } from './screen-offset';
import { directedBounds } from '../geometry';
import { BASIC_SHAPES } from './code-shapes-basic';
import { BASIC_LIBRARY_SHAPES } from './code-shapes-basic-library';
import { BASIC_ARC_SHAPES } from './code-shapes-basic-arcs';
import { BASIC_RECT_SHAPES } from './code-shapes-basic-rect';
import { ARROW_SHAPES } from './code-shapes-arrows';
import { BPMN_SHAPES, bpmnTaskStencils } from './code-shapes-bpmn';
import { CONTAINER_SHAPES, containerLabelBox } from './code-shapes-containers';
import { FLOWCHART_SHAPES } from './code-shapes-flowchart';
import { LIBRARY_SHAPES } from './code-shapes-libraries';
import { MOCKUP_SHAPES } from './code-shapes-mockup';
import { MOCKUP_CONTROL_SHAPES, ruler2LabelStyle } from './code-shapes-mockup-controls';
import { MOCKUP_CHART_SHAPES } from './code-shapes-mockup-charts';
import { MOCKUP_STEP_SHAPES } from './code-shapes-mockup-steps';
import { MOCKUP_FORM_SHAPES } from './code-shapes-mockup-forms';
import { MOCKUP_BAR_SHAPES } from './code-shapes-mockup-bars';
import { MOCKUP_TEXT_SHAPES } from './code-shapes-mockup-text';
import { MOCKUP_MEDIA_SHAPES } from './code-shapes-mockup-media';
import { MOCKUP_ICON_SHAPES } from './code-shapes-mockup-icons';
import { UML_PARTICIPANTS } from './code-shapes-uml';
import { ER_SHAPES } from './code-shapes-er';
import { INFOGRAPHIC_SHAPES } from './code-shapes-infographic';
import { ARCHIMATE_SHAPES } from './code-shapes-archimate';
import { AWS3D_SHAPES } from './code-shapes-aws3d';
import { BOOTSTRAP_SHAPES } from './code-shapes-bootstrap';
import { ANDROID_SHAPES } from './code-shapes-android';
import { GMDL_SHAPES } from './code-shapes-gmdl';
import { IOS7_SHAPES } from './code-shapes-ios7ui';
import { SYSML_SHAPES } from './code-shapes-sysml';
import { SYSML_STATE_SHAPES, sysmlComposite } from './code-shapes-sysml-states';
import { BPMN_DATA_SHAPES } from './code-shapes-bpmn-data';
import { UML25_DFD_SHAPES } from './code-shapes-uml25-dfd';
import { EIP_SHAPES } from './code-shapes-eip';
import { FLOORPLAN_SHAPES } from './code-shapes-floorplan';
import { LEAN_SHAPES } from './code-shapes-lean';
import { RACK_SHAPES } from './code-shapes-rack';
import { CORE_SHAPES, extFrameMargin } from './code-shapes-core';
import { ELECTRICAL_SHAPES } from './code-shapes-electrical';
import { PID2_SHAPES } from './code-shapes-pid2';
import { PID2_VALVE_SHAPES } from './code-shapes-pid2-valves';
import { SINGLE_SHAPES, SINGLE_SHAPE_STENCILS } from './code-shapes-singles';
import { IOS_SHAPES } from './code-shapes-ios';
import { gradientDefinition } from './stencil-figure';
import { IMAGE_STYLE_NAMES } from './image-source';
import { sketcherOf } from './sketch';

export type { StencilDrawer, TableGrid } from './code-shape-context';
export { numberOf } from './code-shape-context';

export interface CodeShapeBox {
  readonly w: number;
  readonly h: number;
  readonly fill: string;
  readonly stroke: string;
  /** An id the figure may give a gradient or clip path of its own (unique on the page). */
  readonly gradientId: string;
  /** A table's grid, which diagrams.net draws from its rows and cells (see TableGrid). */
  readonly table?: TableGrid;
  /** The cell's id in its file, which seeds a hand-drawn (sketch=1) figure as diagrams.net seeds it. */
  readonly cellId?: string;
  /** The cell's label (its HTML when it has one), which some shapes draw from (a ruler's numbers). */
  readonly label?: string;
}

const CODE_SHAPES: Readonly<Record<string, Painter>> = {
  ...BASIC_SHAPES, ...BPMN_SHAPES, ...FLOWCHART_SHAPES, ...CONTAINER_SHAPES, ...LIBRARY_SHAPES,
  ...MOCKUP_SHAPES, ...MOCKUP_CONTROL_SHAPES, ...MOCKUP_CHART_SHAPES, ...MOCKUP_STEP_SHAPES,
  ...MOCKUP_FORM_SHAPES, ...MOCKUP_BAR_SHAPES, ...MOCKUP_TEXT_SHAPES, ...MOCKUP_MEDIA_SHAPES,
  ...MOCKUP_ICON_SHAPES, ...UML_PARTICIPANTS, ...ER_SHAPES, ...INFOGRAPHIC_SHAPES, ...ARCHIMATE_SHAPES,
  ...BASIC_LIBRARY_SHAPES, ...BASIC_ARC_SHAPES, ...BASIC_RECT_SHAPES, ...ARROW_SHAPES,
  ...AWS3D_SHAPES,
  ...BOOTSTRAP_SHAPES, ...ANDROID_SHAPES, ...GMDL_SHAPES, ...IOS7_SHAPES,
  ...SYSML_SHAPES, ...SYSML_STATE_SHAPES, ...BPMN_DATA_SHAPES, ...UML25_DFD_SHAPES, ...EIP_SHAPES,
  // The composite draws other code shapes by name, this registry's.
  'mxgraph.sysml.composite': sysmlComposite((name) => (Object.hasOwn(CODE_SHAPES, name) ? CODE_SHAPES[name] : undefined)),
  ...FLOORPLAN_SHAPES, ...LEAN_SHAPES, ...RACK_SHAPES,
  ...CORE_SHAPES, ...ELECTRICAL_SHAPES, ...PID2_SHAPES, ...PID2_VALVE_SHAPES, ...SINGLE_SHAPES,
  ...IOS_SHAPES,
};

/** Every shape name drawn here. */
export const CODE_SHAPE_NAMES: readonly string[] = Object.keys(CODE_SHAPES).sort();

/**
 * The code shape a style draws: its `shape=`, or a named style of diagrams.net's stylesheet
 * that sets one (`swimlane;...`, `rhombus;...`, `triangle;...`); undefined when it is none of them.
 */
export function codeShapeName(style: ReadonlyMap<string, string>): string | undefined {
  const shape = style.get('shape');
  if (shape !== undefined && shape !== '') return Object.hasOwn(CODE_SHAPES, shape) ? shape : undefined;
  for (const [key, value] of style) if (value === '' && Object.hasOwn(CODE_SHAPES, key)) return key;
  return undefined;
}

/** Named styles of diagrams.net's stylesheet that draw something else than a box, or nothing (`group`). */
const NOT_A_BOX: ReadonlySet<string> = new Set(['group', 'text', ...IMAGE_STYLE_NAMES, 'label', 'edgeLabel']);

/**
 * The style a cell from a file is drawn with in code: its own when it names a code shape, and
 * diagrams.net's default rectangle when it names no shape at all; undefined for a cell drawn
 * otherwise (the invisible `group` style, a text, a stencil, a group the studio made and marked).
 */
export function containerStyle(style: ReadonlyMap<string, string>): ReadonlyMap<string, string> | undefined {
  if (codeShapeName(style) !== undefined) return style;
  // shape=label is diagrams.net's default vertex shape (mxLabel): the plain box, its picture drawn beside.
  if (style.get('shape') === 'label' && style.get('tandemGroup') !== '1') return new Map([...style, ['shape', 'rect']]);
  if (style.size === 0 || style.has('shape') || style.get('tandemGroup') === '1') return undefined;
  // diagrams.net's `group` and `text` are boxes of no fill and no stroke: one that names either
  // draws it (hand-drawn too, with sketch=1).
  if ((style.get('group') === '' || style.get('text') === '') && paintsItself(style)) return new Map([...GROUP_STYLE, ...style, ['shape', 'rect']]);
  // Its `label` is a box with round corners (the shape of an image beside bold text), glass and all;
  // `icon` extends it (the image above its text).
  if (style.get('label') === '' || style.get('icon') === '') return new Map([...LABEL_STYLE, ...style, ['shape', 'rect']]);
  // A named style of the stylesheet that is no box (a name it lacks leaves the default box).
  for (const [key, value] of style) if (value === '' && NOT_A_BOX.has(key)) return undefined;
  return new Map([...style, ['shape', 'rect']]);
}

/**
 * A container from a file in diagrams.net's `group` style that names no fill and no stroke of its
 * own: it draws nothing (no fill, no stroke, no shape), and holds its cells together.
 */
export function isInvisibleGroup(style: ReadonlyMap<string, string>): boolean {
  return style.get('group') === '' && !style.get('shape') && style.get('tandemGroup') !== '1' && !paintsItself(style);
}

/** Whether a style names a fill or a stroke of its own (what a `group` or `text` style, unpainted in the stylesheet, then draws). */
function paintsItself(style: ReadonlyMap<string, string>): boolean {
  const painted = (key: string) => {
    const value = style.get(key);
    return value !== undefined && value !== 'none' && value !== '';
  };
  return painted('strokeColor') || painted('fillColor');
}

/** What diagrams.net's stylesheet gives its `label` style's box. */
const LABEL_STYLE: ReadonlyArray<[string, string]> = [['rounded', '1']];

/** What diagrams.net's stylesheet gives its `group` style. */
const GROUP_STYLE: ReadonlyArray<[string, string]> = [
  ['fillColor', 'none'],
  ['strokeColor', 'none'],
];

/** The code shapes that draw stencils inside themselves, by name. */
const STENCILS_INSIDE: Readonly<Record<string, StencilsInside>> = {
  'mxgraph.bpmn.task': bpmnTaskStencils,
  'mxgraph.aws4.group': groupIcon,
  'mxgraph.aws4.groupCenter': groupIcon,
  ...SINGLE_SHAPE_STENCILS,
};

/** The stencils a code shape draws inside itself (an AWS 4 group's `grIcon`, a BPMN task's marker and loop markers, an IBM box's tag), in the order it draws them. */
export function codeShapeStencils(style: ReadonlyMap<string, string>): string[] {
  const name = codeShapeName(style);
  return name !== undefined && Object.hasOwn(STENCILS_INSIDE, name) ? STENCILS_INSIDE[name](style) : [];
}

/** The box a code shape is painted in: diagrams.net draws it facing east in its box turned a quarter for north and south. */
function paintedSize(style: ReadonlyMap<string, string>, w: number, h: number): [number, number] {
  const direction = style.get('direction') ?? 'east';
  return direction === 'north' || direction === 'south' ? [h, w] : [w, h];
}

/** The code shapes that write into their cell's style as diagrams.net paints them, for the label to read, by name. */
const LABEL_RESTYLES: Readonly<Record<string, LabelRestyle>> = {
  'mxgraph.mockup.misc.ruler2': ruler2LabelStyle,
};

/**
 * The style a code shape's label is laid out by, for a cell of w x h: the cell's own, with what
 * the shape writes into it as diagrams.net paints it (a ruler2 moves its label to its first unit).
 */
export function codeShapeLabelStyle(style: ReadonlyMap<string, string>, w: number, h: number): ReadonlyMap<string, string> {
  const name = codeShapeName(style);
  if (name === undefined || !Object.hasOwn(LABEL_RESTYLES, name)) return style;
  return new Map([...style, ...LABEL_RESTYLES[name](style, ...paintedSize(style, w, h))]);
}

/** A colour value as diagrams.net resolves it: `default`, `inherit`, or another key's colour. */
function resolveColor(value: string | undefined, fallback: string, own: { fill: string; stroke: string }, isFill: boolean): string {
  if (value === undefined || value === '') return fallback;
  if (value === 'default' || value === 'inherit') return isFill ? '#ffffff' : '#000000';
  if (value === 'fillColor') return own.fill;
  if (value === 'strokeColor') return own.stroke;
  return value;
}

/**
 * The figure of a shape diagrams.net draws in code, or undefined when the style names none of
 * them. `stencils` draws a stencil inside the shape (an AWS 4 group's icon); without it the
 * shape is drawn without its icon.
 */
export function codeShapeMarkup(style: ReadonlyMap<string, string>, box: CodeShapeBox, stencils?: StencilDrawer): string | undefined {
  const name = codeShapeName(style);
  if (name === undefined || !(box.w > 0) || !(box.h > 0)) return undefined;
  // The stroke first: a fill of `strokeColor` (a UML end state's) is the stroke's colour.
  const stroke = resolveColor(box.stroke, '#000000', { fill: '#ffffff', stroke: '#000000' }, false);
  const own = { fill: resolveColor(box.fill, '#ffffff', { fill: '#ffffff', stroke }, true), stroke };
  // diagrams.net's stylesheet gives its `line` style a 4 px stroke.
  const strokeWidth = numberOf(style, 'strokeWidth', style.get('line') === '' ? 4 : 1);
  const dash = styleDashArray(style, strokeWidth);
  const gradient = gradientDefinition(style, own.fill, box.gradientId);
  const fig = new Figure(
    {
      fill: gradient ? `url(#${box.gradientId})` : own.fill,
      stroke: own.stroke,
      strokeWidth,
      dash,
      fillOpacity: numberOf(style, 'fillOpacity', 100) / 100,
      strokeOpacity: numberOf(style, 'strokeOpacity', 100) / 100,
    },
    sketcherOf(style, box.cellId),
  );
  if (gradient) fig.raw(gradient);

  const [w, h] = paintedSize(style, box.w, box.h);
  const context: ShapeContext = {
    w,
    h,
    style,
    fig,
    fill: own.fill,
    stroke: own.stroke,
    strokeWidth,
    rounded: style.get('rounded') === '1',
    num: (key, fallback) => numberOf(style, key, fallback),
    color: (key, fallback) => resolveColor(style.get(key), fallback, own, key.toLowerCase().includes('fill')),
    stencils,
    gradientId: `${box.gradientId}-own`,
    table: box.table,
    label: box.label,
  };
  CODE_SHAPES[name](context);
  const offset = screenOffset(strokeWidth);
  const transform = [offset ? `translate(${offset} ${offset})` : '', shapeTransform(style, box, w, h)].filter(Boolean).join(' ');
  const body = fig.toString();
  return transform ? `<g transform="${transform}">${body}</g>` : body;
}

/**
 * The SVG transform that puts a figure drawn in a w x h box facing east into the cell's box, as
 * mxShape does: centred, turned by the direction plus `rotation`, flipped about the centre (a
 * north or south direction swaps flipH and flipV).
 */
function shapeTransform(style: ReadonlyMap<string, string>, box: CodeShapeBox, w: number, h: number): string {
  const cx = box.w / 2;
  const cy = box.h / 2;
  const { turn, sx, sy } = screenTurn(style);
  const parts: string[] = [];
  if (turn !== 0) parts.push(`rotate(${fmt(turn)} ${fmt(cx)} ${fmt(cy)})`);
  if (sx !== 1 || sy !== 1) parts.push(`translate(${fmt(cx)} ${fmt(cy)}) scale(${sx} ${sy}) translate(${fmt(-cx)} ${fmt(-cy)})`);
  if (w !== box.w) parts.push(`translate(${fmt((box.w - w) / 2)} ${fmt((box.h - h) / 2)})`);
  return parts.join(' ');
}

/**
 * Where diagrams.net puts the label of a code shape, in the cell's box, when it is not the whole
 * box: a swimlane's header band, a UML frame's tab, a lifeline's head, below a C4 person's head,
 * above a document's wave or a callout's pointer.
 */
export function codeShapeLabelBox(style: ReadonlyMap<string, string>, w: number, h: number): Rect | undefined {
  const name = codeShapeName(style);
  if (name === undefined) return undefined;
  const container = containerLabelBox(name, style, w, h);
  if (container) return container;
  const bounded = style.get('boundedLbl') === '1';
  switch (name) {
    case 'mxgraph.c4.person': {
      const top = Math.min(w / 2, h / 3) * 0.8;
      return { x: 0, y: top, w, h: h - top };
    }
    case 'callout':
      // Above the pointer, wherever the shape's direction and flips put it.
      return directedBounds({ x: 0, y: 0, w, h }, { bottom: numberOf(style, 'size', 30) }, style.get('direction'), style.get('flipH') === '1', style.get('flipV') === '1');
    case 'document':
      return bounded ? { x: 0, y: 0, w, h: h * (1 - numberOf(style, 'size', 0.3)) } : undefined;
    case 'cylinder3': {
      if (!bounded) return undefined;
      const size = numberOf(style, 'size', 15) / (style.get('lid') === '0' ? 2 : 1);
      const top = Math.min(h, size * 2);
      return { x: 0, y: top, w, h: Math.max(0, h - top - size * 0.3) };
    }
    case 'note2': {
      if (!bounded) return undefined;
      const size = numberOf(style, 'size', 15);
      return { x: 0, y: Math.min(h, size), w, h: Math.max(0, h - 2 * size) };
    }
    case 'ext': {
      // Inside a double frame's inner box.
      if (style.get('double') !== '1') return undefined;
      const margin = extFrameMargin(style);
      return { x: margin, y: margin, w: Math.max(0, w - 2 * margin), h: Math.max(0, h - 2 * margin) };
    }
    case 'doubleEllipse': {
      // Inside the inner ellipse: diagrams.net's margin of 3 px plus the stroke, at most a fifth of the box.
      const margin = numberOf(style, 'margin', Math.min(3 + numberOf(style, 'strokeWidth', 1), w / 5, h / 5));
      return { x: margin, y: margin, w: Math.max(0, w - 2 * margin), h: Math.max(0, h - 2 * margin) };
    }
    default:
      return undefined;
  }
}
