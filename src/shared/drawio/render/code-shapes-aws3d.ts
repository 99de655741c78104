/**
 * diagrams.net's AWS 3D palette (mxAWS3D.js): the isometric icons (see code-shapes-aws3d-ink.ts
 * and the icons-* files), and its arrows and edges. The arrows and edges are vertices too (the
 * palette registers them as shapes with paintVertexShape and places them as vertices): each is
 * drawn corner to corner of its box with heads and tails of fixed pixel sizes.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData, polyline, styleDashArray, type Point } from './code-shape-pen';
import { AWS3D_ICONS_A_D } from './code-shapes-aws3d-icons-a-d';
import { AWS3D_ICONS_E_R } from './code-shapes-aws3d-icons-e-r';
import { AWS3D_ICONS_S_W } from './code-shapes-aws3d-icons-s-w';

/** A point of an arrow drawn pointing north east, mirrored to point elsewhere. */
type Place = (x: number, y: number) => Point;

function placer(c: ShapeContext, mirrorX: boolean, mirrorY: boolean): Place {
  return (x, y) => [mirrorX ? c.w - x : x, mirrorY ? c.h - y : y];
}

/**
 * The rounded tail at the bottom left of an arrow pointing north east, from the shaft's lower
 * edge round to its upper edge (four elliptic arcs); `sweep` is 0 once mirrored one way.
 */
function tail(path: PathData, at: Place, h: number, sweep: 0 | 1): PathData {
  const arcs: ReadonlyArray<[number, number, number, number]> = [
    [6, 3, 9, h - 0.4],
    [5.2, 3, 1, h - 1.4],
    [6, 2.8, 3, h - 5.4],
    [5, 3, 6.7, h - 5.2],
  ];
  const [sx, sy] = at(9.7, h - 3.5);
  path.lineTo(sx, sy);
  for (const [rx, ry, x, y] of arcs) path.arcTo(rx, ry, 0, 0, sweep, ...at(x, y));
  return path.close();
}

/** A solid arrow from a rounded tail to a barbed head 21 px long, in the shape's fill and stroke. */
function arrow(mirrorX: boolean, mirrorY: boolean): Painter {
  return (c) => {
    const at = placer(c, mirrorX, mirrorY);
    const path = new PathData().moveTo(...at(c.w - 17, 8));
    for (const [x, y] of [[c.w - 21, 5.5], [c.w, 0], [c.w - 9.7, 12.2], [c.w - 13.9, 9.8]]) path.lineTo(...at(x, y));
    c.fig.path(tail(path, at, c.h, mirrorX === mirrorY ? 1 : 0));
  };
}

const arrowlessNE: Painter = (c) => {
  const at = placer(c, false, false);
  c.fig.path(tail(new PathData().moveTo(c.w - 3.1, 0).lineTo(c.w, 1.8), at, c.h, 1));
};

/** The blue of the dashed edges. */
const EDGE_BLUE = '#2D6195';

/** A barbed head 21 px long at a corner, filled in the edges' blue without an outline. */
function dashedHead(c: ShapeContext, at: Place): void {
  c.fig.path(polyline([at(21, 5.5), at(0, 0), at(9.7, 12.2)], false), 'fill', { fill: EDGE_BLUE });
}

/** A dashed line 4 px wide with round ends, dashed as diagrams.net's canvas dashes (3 3 in line widths unless the style says). */
function dashedLine(c: ShapeContext, from: Point, to: Point): void {
  const dash = styleDashArray(new Map([...c.style, ['dashed', '1']]), 4);
  c.fig.path(polyline([from, to], false), 'stroke', { stroke: EDGE_BLUE, strokeWidth: 4, dash, lineCap: 'round' });
}

const dashedEdgeDouble: Painter = (c) => {
  dashedHead(c, placer(c, false, false));
  dashedHead(c, placer(c, true, true));
  dashedLine(c, [7.675, 4.425], [c.w - 7.675, c.h - 4.425]);
};

const dashedEdge: Painter = (c) => {
  dashedHead(c, placer(c, true, false));
  dashedLine(c, [c.w - 7.675, 4.425], [0, c.h]);
};

const dashedArrowlessEdge: Painter = (c) => dashedLine(c, [0, 0], [c.w, c.h]);

/** The yellow of the flat edges. */
const FLAT_YELLOW = '#F4B934';

/** A flat band from the bottom left to a square head 61 x 35 px at the top right. */
const flatEdge: Painter = (c) => {
  const { w, h } = c;
  const band: Point[] = [[w - 46, 8.8], [w - 61.2, 0], [w, 0], [w, 35.5], [w - 15.4, 26.5], [30.7, h], [0, h - 17.7]];
  c.fig.path(polyline(band, true), 'fill', { fill: FLAT_YELLOW });
};

/** A flat band with a square head at each end, top left and bottom right. */
const flatDoubleEdge: Painter = (c) => {
  const head: Point[] = [[15.3, 61.9], [30.8, 53.2], [15.4, 44.2], [0, 53.2], [15.4, 8.8], [92.1, 0], [76.5, 8.8], [92.1, 17.7], [107.4, 8.8]];
  const band = [...head, ...head.map(([x, y]): Point => [c.w - x, c.h - y])];
  c.fig.path(polyline(band, true), 'fill', { fill: FLAT_YELLOW });
};

export const AWS3D_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.aws3d.arrowNE': arrow(false, false),
  'mxgraph.aws3d.arrowSE': arrow(false, true),
  'mxgraph.aws3d.arrowSW': arrow(true, true),
  'mxgraph.aws3d.arrowNW': arrow(true, false),
  'mxgraph.aws3d.arrowlessNE': arrowlessNE,
  'mxgraph.aws3d.dashedEdgeDouble': dashedEdgeDouble,
  'mxgraph.aws3d.dashedEdge': dashedEdge,
  'mxgraph.aws3d.dashedArrowlessEdge': dashedArrowlessEdge,
  'mxgraph.aws3d.flatEdge': flatEdge,
  'mxgraph.aws3d.flatDoubleEdge': flatDoubleEdge,
  ...AWS3D_ICONS_A_D,
  ...AWS3D_ICONS_E_R,
  ...AWS3D_ICONS_S_W,
};
