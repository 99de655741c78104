/**
 * diagrams.net's containers drawn in code: swimlanes and tables (mxSwimlane, TableShape), UML
 * frames, states and lifelines and AWS 4 groups with their icon; and where each
 * puts its label (a swimlane's header band, a frame's tab, a lifeline's head).
 */
import { UML_PARTICIPANTS } from './code-shapes-uml';
import { clamp, drawStencil, type Painter, type Rect, type ShapeContext } from './code-shape-context';
import { PathData, polyline, roundedBox } from './code-shape-pen';
import { glassEffect, rectangle, rectangleRadius } from './code-shapes-basic';
import { styleNumber } from '../stencils';

/** mxConstants.DEFAULT_STARTSIZE: a `shape=swimlane` without the stylesheet's `swimlane` style. */
export const DEFAULT_START_SIZE = 40;
/** The `swimlane` style of diagrams.net's stylesheet (a style starting `swimlane;`) sets startSize 23. */
export const SWIMLANE_STYLE_START_SIZE = 23;

/** The height of a swimlane's header band (its width for `horizontal=0`), before clamping to the box. */
export function startSize(style: ReadonlyMap<string, string>): number {
  const value = Number(style.get('startSize'));
  if (style.has('startSize') && Number.isFinite(value)) return Math.max(0, value);
  return style.has('swimlane') && style.get('swimlane') === '' ? SWIMLANE_STYLE_START_SIZE : DEFAULT_START_SIZE;
}

const isHorizontal = (c: ShapeContext) => c.style.get('horizontal') !== '0';

/** The corner radius of a rounded swimlane: arcSize/2 px when absolute, else startSize x arcSize% x 3. */
function swimlaneRadius(c: ShapeContext, start: number): number {
  const r = c.style.get('absoluteArcSize') === '1' ? Math.min(c.w / 2, c.h / 2, c.num('arcSize', 20) / 2) : start * (c.num('arcSize', 15) / 100) * 3;
  return Math.min((isHorizontal(c) ? c.h : c.w) - start, Math.min(start, r));
}

/**
 * A swimlane: the header band `startSize` deep filled with fillColor, the body below (or right of
 * it, for `horizontal=0`) filled with swimlaneFillColor or only outlined, the dividing line unless
 * `swimlaneLine=0`, and a dashed separatorColor line when set.
 */
export const swimlane: Painter = (c) => {
  const horizontal = isHorizontal(c);
  const start = Math.min(startSize(c.style), horizontal ? c.h : c.w);
  const bodyFill = c.color('swimlaneFillColor', 'none');
  const head = c.style.get('swimlaneHead') !== '0';
  const body = c.style.get('swimlaneBody') !== '0';
  // Drawn as for a horizontal lane in a box turned to match, then mapped back for a vertical one.
  const [w, h] = horizontal ? [c.w, c.h] : [c.h, c.w];
  const at = (x: number, y: number): [number, number] => (horizontal ? [x, y] : [y, x]);
  const path = (points: ReadonlyArray<readonly [number, number]>) => polyline(points.map(([x, y]) => at(x, y)), false);
  const r = c.rounded ? swimlaneRadius(c, start) : 0;
  const bodyMode = bodyFill === 'none' ? 'stroke' : 'fillStroke';
  if (r > 0) {
    const rx = Math.min(w / 2, r);
    const curve = (points: ReadonlyArray<readonly [number, number, ('L' | 'Q')?]>) => {
      const data = new PathData();
      let n = 0;
      while (n < points.length) {
        const [x, y, kind] = points[n];
        if (n === 0) data.moveTo(...at(x, y));
        else if (kind === 'Q') {
          const [ex, ey] = points[n + 1];
          data.quadTo(...at(x, y), ...at(ex, ey));
          n++;
        } else data.lineTo(...at(x, y));
        n++;
      }
      return data;
    };
    if (head) c.fig.path(curve([[w, start], [w, r], [w, 0, 'Q'], [w - rx, 0], [rx, 0], [0, 0, 'Q'], [0, r], [0, start]]));
    if (body && start < h) {
      c.fig.path(curve([[0, start], [0, h - r], [0, h, 'Q'], [rx, h], [w - rx, h], [w, h, 'Q'], [w, h - r], [w, start]]), bodyMode, { fill: bodyFill });
    }
  } else {
    if (head) c.fig.path(path([[0, start], [0, 0], [w, 0], [w, start]]));
    if (body && start < h) c.fig.path(path([[0, start], [0, h], [w, h], [w, start]]), bodyMode, { fill: bodyFill });
  }
  if (c.style.get('swimlaneLine') !== '0' && head && start > 0) c.fig.path(path([[0, start], [w, start]]), 'stroke');
  const separator = c.color('separatorColor', 'none');
  if (separator !== 'none') c.fig.path(path([[w, start], [w, h]]), 'stroke', { stroke: separator, dash: `${3 * c.strokeWidth} ${3 * c.strokeWidth}` });
  // diagrams.net's glass over the lane's top, as tall as the header: a vertical lane's too, though
  // its header is at its left (diagrams.net paints it there all the same).
  if (head) glassEffect(c, 0, 0, c.w, start, r);
};

/**
 * A table: a rectangle when it has no header (startSize 0), else a swimlane; then its inner lines
 * between rows and between columns (unless rowLines=0 or columnLines=0), below the header.
 */
const table: Painter = (c) => {
  const start = startSize(c.style);
  if (start === 0) rectangle(c);
  else swimlane(c);
  if (!c.table) return;
  // A table with a header band keeps the lines out of it (at its left for horizontal=0).
  const [left, top] = start === 0 ? [0, 0] : isHorizontal(c) ? [0, start] : [start, 0];
  const lines = new PathData();
  if (c.style.get('rowLines') !== '0') for (const y of c.table.rows) lines.moveTo(left, y).lineTo(c.w, y);
  if (c.style.get('columnLines') !== '0') for (const x of c.table.columns) lines.moveTo(x + left, top).lineTo(x + left, c.h);
  c.fig.path(lines, 'stroke');
};

/** A UML frame: the outline, and the tab (`width` x `height`, 60 x 30 unless set) with its cut corner. */
const umlFrame: Painter = (c) => {
  const { w, h } = c;
  const corner = 10;
  const [w0, h0] = umlFrameTab(c.style, w, h);
  const background = c.color('swimlaneFillColor', 'none');
  if (background !== 'none') c.fig.rect(0, 0, w, h, 'fill', { fill: background });
  c.fig.path(polyline([[0, 0], [w0, 0], [w0, Math.max(0, h0 - corner * 1.5)], [Math.max(0, w0 - corner), h0], [0, h0]], true));
  c.fig.path(polyline([[w0, 0], [w, 0], [w, h], [0, h], [0, h0]], false), 'stroke');
};

/** The size of a UML frame's tab: `width` and `height` (60 x 30), at least 10 x 15, at most the frame. */
export function umlFrameTab(style: ReadonlyMap<string, string>, w: number, h: number): [number, number] {
  return [Math.min(w, Math.max(10, styleNumber(style, 'width', 60))), Math.min(h, Math.max(15, styleNumber(style, 'height', 30)))];
}

/** A UML state: a rounded box (arcSize a fraction, 0.1, or px when absolute), its symbol and connection point. */
const umlState: Painter = (c) => {
  const { w, h } = c;
  const connection = c.style.get('umlStateConnection');
  let arc = c.num('arcSize', 0.1);
  if (c.style.get('absoluteArcSize') !== '1') arc = Math.min(w, h) * arc;
  arc = c.rounded ? Math.min(arc, w / 2, h / 2) : 0;
  const dx = connection ? 10 : 0;
  c.fig.path(roundedBox(new PathData(), dx, 0, w, h, arc).close());
  if (c.style.get('umlStateSymbol') === 'collapseState') {
    c.fig.roundRect(w - 40, h - 20, 10, 10, 3, 'stroke').roundRect(w - 20, h - 20, 10, 10, 3, 'stroke');
    c.fig.path(new PathData().moveTo(w - 30, h - 15).lineTo(w - 20, h - 15), 'stroke');
  }
  if (connection === 'connPointRefEntry' || connection === 'connPointRefExit') {
    c.fig.ellipse(0, h / 2 - 10, 20, 20);
    if (connection === 'connPointRefExit') {
      c.fig.path(new PathData().moveTo(5, h / 2 - 5).lineTo(15, h / 2 + 5).moveTo(15, h / 2 - 5).lineTo(5, h / 2 + 5), 'stroke');
    }
  }
};

/** A lifeline's head height: `size` (40), at most the cell's height. */
export function lifelineHead(style: ReadonlyMap<string, string>, h: number): number {
  const value = Number(style.get('size'));
  return clamp(style.has('size') && Number.isFinite(value) ? value : 40, 0, h);
}

/** A UML lifeline: its head (a rectangle `size` high, or its `participant`) and a dashed line down the middle (solid with lifelineDashed=0). */
const umlLifeline: Painter = (c) => {
  const size = lifelineHead(c.style, c.h);
  // Its head is the participant its style names (an actor, a boundary...), drawn in the head's box.
  const participant = UML_PARTICIPANTS[c.style.get('participant') ?? ''];
  const r = rectangleRadius(c, c.w, size);
  if (participant) participant({ ...c, h: size, num: c.num, color: c.color });
  else if (r > 0) c.fig.roundRect(0, 0, c.w, size, r);
  else c.fig.rect(0, 0, c.w, size);
  if (size < c.h) {
    const dashed = c.style.get('lifelineDashed') !== '0';
    c.fig.path(new PathData().moveTo(c.w / 2, size).lineTo(c.w / 2, c.h), 'stroke', { dash: dashed ? `${3 * c.strokeWidth} ${3 * c.strokeWidth}` : undefined });
  }
};

/** The side of an AWS 4 group's icon. */
export const AWS_GROUP_ICON = 25;

/** An AWS 4 group: its box (outlined unless grStroke=0) and its grIcon stencil, 25 px, in strokeColor at the top left (or centre). */
function awsGroup(centred: boolean): Painter {
  return (c) => {
    c.fig.rect(0, 0, c.w, c.h, c.style.get('grStroke') === '0' ? 'fill' : 'fillStroke');
    const icon = c.style.get('grIcon');
    if (!icon) return;
    const x = centred ? (c.w - AWS_GROUP_ICON) / 2 : 0;
    drawStencil(c, icon, [x, 0, AWS_GROUP_ICON, AWS_GROUP_ICON], { fill: c.stroke, stroke: 'none' });
  };
}

export const CONTAINER_SHAPES: Readonly<Record<string, Painter>> = {
  swimlane,
  table,
  umlFrame,
  umlState,
  umlLifeline,
  'mxgraph.aws4.group': awsGroup(false),
  'mxgraph.aws4.groupCenter': awsGroup(true),
};

/**
 * Where diagrams.net puts a container's label, in the cell's box: a swimlane's (or a table's
 * with a header) in its header band, a UML frame's in its tab, a lifeline's in its head;
 * undefined for the whole box.
 */
export function containerLabelBox(name: string, style: ReadonlyMap<string, string>, w: number, h: number): Rect | undefined {
  switch (name) {
    case 'swimlane':
    case 'mxgraph.bpmn.swimlane':
    case 'table': {
      const start = startSize(style);
      if (name === 'table' && start === 0) return undefined;
      return style.get('horizontal') === '0' ? { x: 0, y: 0, w: Math.min(start, w), h } : { x: 0, y: 0, w, h: Math.min(start, h) };
    }
    case 'umlFrame': {
      const [tw, th] = umlFrameTab(style, w, h);
      return { x: 0, y: 0, w: tw, h: th };
    }
    case 'umlLifeline':
      return { x: 0, y: 0, w, h: lifelineHead(style, h) };
    default:
      return undefined;
  }
}
