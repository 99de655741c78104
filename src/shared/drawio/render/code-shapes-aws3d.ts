/**
 * diagrams.net's AWS 3D palette (mxAWS3D.js): the isometric icons (see code-shapes-aws3d-ink.ts
 * and the icons-* files).
 */
import type { Painter } from './code-shape-context';
import { AWS3D_ICONS_A_D } from './code-shapes-aws3d-icons-a-d';
import { AWS3D_ICONS_E_R } from './code-shapes-aws3d-icons-e-r';
import { AWS3D_ICONS_S_W } from './code-shapes-aws3d-icons-s-w';

export const AWS3D_SHAPES: Readonly<Record<string, Painter>> = {
  ...AWS3D_ICONS_A_D,
  ...AWS3D_ICONS_E_R,
  ...AWS3D_ICONS_S_W,
};
