/**
 * The connection points of the Basic palette's shapes (`mxgraph.basic.*`, mxBasic.js) that
 * diagrams.net lays out from their size and keys (their getConstraints): callouts above their
 * pointer, a wave along its crests, frames on both their outer and inner edges, ... read and
 * clamped as mxBasic.js reads each (some clamp a share to the width, as written there). Points as
 * size-dependent-points.ts writes them.
 */
import { clamp } from './code-shape-context';
import { styleNumber } from '../stencils';
import { isoCube2, px, share, type ConstraintPoint, type PointsOf } from './size-dependent-points';

type Style = ReadonlyMap<string, string>;

/** A key clamped to [0, limit]. */
const key = (style: Style, name: string, fallback: number, limit: number) => clamp(styleNumber(style, name, fallback), 0, limit);
/** A share of the box moved by pixels. */
const at = (x: number, y: number, dx: number, dy: number): ConstraintPoint => [x, y, 0, dx, dy];
/** A frame's thickness dx, at most half the shorter side. */
const frameWidth = (style: Style, w: number, h: number) => Math.min(w / 2, h / 2, key(style, 'dx', 0.5, w));

const rectCallout: PointsOf = (style, w, h) => {
  const dx = key(style, 'dx', 0.5, w);
  const dy = key(style, 'dy', 0.5, h);
  return [
    share(0, 0), share(0.25, 0), share(0.5, 0), share(0.75, 0), share(1, 0),
    px(w, (h - dy) / 2), px(w, h - dy), px(dx - dy, h), px(0, h - dy), px(0, (h - dy) / 2),
  ];
};

const roundRectCallout: PointsOf = (style, w, h) => {
  const dy = key(style, 'dy', 0.5, h);
  const r = Math.min((h - dy) / 2, w / 2, key(style, 'size', 10, h));
  const dx = Math.min(w - r - dy / 2, Math.max(r + dy / 2, key(style, 'dx', 0.5, w)));
  const body = h - dy;
  const corner = r * 0.293;
  return [
    ...(r < w / 4 ? [share(0.25, 0), share(0.75, 0)] : []),
    ...(r < body / 4 ? [px(w, body / 4), px(w, body * 0.75), px(0, body / 4), px(0, body * 0.75)] : []),
    px(corner, corner), share(0.5, 0), px(w - corner, corner), px(w, body / 2), px(0, body / 2), px(w - corner, body - corner), px(corner, body - corner), px(dx - dy, h),
  ];
};

const wave: PointsOf = (style, w, h) => {
  const dy = h * key(style, 'dy', 0.5, h);
  return [
    px(0, dy / 2), px(w / 6, h * 0.015), px(w / 3, dy / 2), px(w / 2, dy * 0.95), px(w * 0.67, dy / 2), px(w * 0.83, h * 0.015), px(w, dy / 2), px(w, h / 2),
    px(w, h - dy / 2), px(w * 0.83, h - dy * 0.95), px(w * 0.67, h - dy / 2), px(w / 2, h - dy * 0.04), px(w / 3, h - dy / 2), px(w / 6, h - dy * 0.95), px(0, h - dy / 2), px(0, h / 2),
  ];
};

/** An octagon's or a snipped rectangle's cut: dx (pixels, doubled) within a quarter of the shorter side. */
const cut = (style: Style, w: number, h: number) => Math.min(w / 2, h / 2, key(style, 'dx', 0.5, w) * 2) / 2;

const octagon: PointsOf = (style, w, h) => {
  const dx = cut(style, w, h);
  return [share(0.5, 0), share(0.5, 1), share(0, 0.5), share(1, 0.5), px(dx, dx), px(w - dx, dx), px(w - dx, h - dx), px(dx, h - dx)];
};

const diagSnipRect: PointsOf = (style, w, h) => {
  const dx = cut(style, w, h);
  return [px(dx, dx), share(0.5, 0), share(1, 0), share(1, 0.5), px(w - dx, h - dx), share(0.5, 1), share(0, 1), share(0, 0.5)];
};

const acuteTriangle: PointsOf = (style, w, h) => {
  const apex = w * key(style, 'dx', 0.5, w);
  return [share(1, 1), share(0.5, 1), share(0, 1), px(apex, 0), px(apex / 2, h / 2), px(w - (w - apex) / 2, h / 2)];
};

const obtuseTriangle: PointsOf = (style, w, h) => {
  const foot = w * key(style, 'dx', 0.5, w);
  return [share(0, 0), share(1, 1), px(w / 2, h / 2), px((w + foot) / 2, h), px(foot, h), px(foot / 2, h / 2)];
};

const cone: PointsOf = (style, w, h) => {
  const apex = w * key(style, 'dx', 0.5, w);
  const rim = h * key(style, 'dy', 0.9, h);
  return [px(apex, 0), px(w, rim), px(w / 2, h), px(0, rim)];
};

const pyramid: PointsOf = (style, w, h) => {
  const [dx1, dx2] = [w * key(style, 'dx1', 0.5, w), w * key(style, 'dx2', 0.6, w)];
  const [dy1, dy2] = [h * key(style, 'dy1', 0.9, h), h * key(style, 'dy2', 0.8, h)];
  return [
    px(dx1, 0), px((w + dx1) / 2, dy2 / 2), px(w, dy2), px((w + dx2) / 2, (h + dy2) / 2), px(dx2, h), px(dx2 / 2, (h + dy1) / 2), px(0, dy1), px(dx1 / 2, dy1 / 2),
  ];
};

const fourPointStar: PointsOf = (style, w) => {
  const dx = key(style, 'dx', 0.8, w) / 2;
  return [share(0.5, 0), share(0.5, 1), share(0, 0.5), share(1, 0.5), share(dx, dx), share(1 - dx, dx), share(1 - dx, 1 - dx), share(dx, 1 - dx)];
};

const frame: PointsOf = (style, w, h) => {
  const dx = frameWidth(style, w, h);
  const [innerW, innerH] = [w - 2 * dx, h - 2 * dx];
  return [
    share(0, 0), px(w / 4, 0), share(0.5, 0), px(w * 0.75, 0), share(1, 0), px(w, h / 4), share(1, 0.5), px(w, h * 0.75),
    share(1, 1), px(w * 0.75, h), share(0.5, 1), px(w / 4, h), share(0, 1), px(0, h * 0.75), share(0, 0.5), px(0, h / 4),
    px(dx, dx), px(innerW / 4 + dx, dx), at(0.5, 0, 0, dx), px((w * 1.5 - dx) / 2, dx), at(1, 0, -dx, dx), px(w - dx, innerH / 4 + dx),
    at(1, 0.5, -dx, 0), px(w - dx, innerH * 0.75 + dx), at(1, 1, -dx, -dx), px(innerW * 0.75 + dx, h - dx), at(0.5, 1, 0, -dx),
    px(innerW / 4 + dx, h - dx), at(0, 1, dx, -dx), px(dx, innerH * 0.75 + dx), at(0, 0.5, dx, 0), px(dx, innerH / 4 + dx),
  ];
};

/** A plaque's or a rounded frame: the sides' middles, outside and inside. */
const sideMiddlesFrame: PointsOf = (style, w, h) => {
  const dx = frameWidth(style, w, h);
  return [share(0.5, 0), share(1, 0.5), share(0.5, 1), share(0, 0.5), at(0.5, 0, 0, dx), at(1, 0.5, -dx, 0), at(0.5, 1, 0, -dx), at(0, 0.5, dx, 0)];
};

const frameCorner: PointsOf = (style, w, h) => {
  const dx = frameWidth(style, w, h);
  return [
    share(0, 0), share(0.5, 0), share(1, 0), at(1, 0, -dx, dx), px((w - 2 * dx) / 2 + dx, dx), px(dx, dx), px(dx, (h - 2 * dx) / 2 + dx), at(0, 1, dx, -dx), share(0, 1), share(0, 0.5),
  ];
};

const diagStripe: PointsOf = (style, w, h) => {
  const dx = Math.min(w, h, key(style, 'dx', 0.5, w));
  const down = Math.min((dx * 100) / w, h);
  const across = Math.min((dx * 100) / h, w);
  return [share(0, 1), share(0.5, 0.5), share(1, 0), px(w, down / 2), px(w, down), px((w + across) / 2, (down + h) / 2), px(across, h), px(across / 2, h)];
};

const layeredRect: PointsOf = (style, w, h) => {
  const dx = frameWidth(style, w, h);
  const quarters = [0.25, 0.5, 0.75];
  return [
    share(0, 0), ...quarters.map((q) => px((w - dx) * q, 0)), px(w - dx, 0), px(w - dx / 2, dx / 2), px(w, dx), ...quarters.map((q) => px(w, (h - dx) * q + dx)),
    px(w, h), ...[0.75, 0.5, 0.25].map((q) => px((w - dx) * q + dx, h)), px(dx, h), px(dx / 2, h - dx / 2), px(0, h - dx), ...[0.75, 0.5, 0.25].map((q) => px(0, (h - dx) * q)),
  ];
};

/** Each shape by its name in the palette (`mxgraph.basic.` + name). */
const BY_NAME: Readonly<Record<string, PointsOf>> = {
  rectCallout,
  roundRectCallout,
  wave2: wave,
  octagon2: octagon,
  isocube: isoCube2,
  acute_triangle: acuteTriangle,
  obtuse_triangle: obtuseTriangle,
  cone2: cone,
  pyramid,
  '4_point_star_2': fourPointStar,
  diag_snip_rect: diagSnipRect,
  frame,
  plaque_frame: sideMiddlesFrame,
  rounded_frame: sideMiddlesFrame,
  frame_corner: frameCorner,
  diag_stripe: diagStripe,
  layered_rect: layeredRect,
};

export const BASIC_POINTS: Readonly<Record<string, PointsOf>> = Object.fromEntries(Object.entries(BY_NAME).map(([name, points]) => [`mxgraph.basic.${name}`, points]));
