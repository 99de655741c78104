/**
 * The look of the studio's own group frame (a group made here, or a file's group the studio draws
 * as a frame): a faint dashed, rounded box, solid in its theme's colours when it has one; a lane is
 * square with its title in a band. The canvas's PlainFrame sets it as CSS variables (drawio.css
 * lays the frame out with them) and the export draws it as SVG: one look for both.
 */
import type { CSSProperties } from 'react';
import type { Theme } from '../model';

export interface GroupFrameLook {
  stroke: string;
  strokeWidth: number;
  dashed: boolean;
  radius: number;
  fill: string;
  /** 0..1: the page shows through the frame. */
  fillOpacity: number;
  /** A lane's title band. */
  band: { fill: string; fillOpacity: number };
  title: { fontSize: number; fontWeight: number; color: string; padding: { x: number; y: number } };
}

const UNTHEMED = { stroke: '#9aa5b1', fill: '#f0f3f7', fontColor: '#4a5560' };
/** The dashes of an unthemed frame in SVG (a browser's `dashed` border draws about the same). */
export const GROUP_FRAME_DASHES = '5 3';

export function groupFrameLook(colors: Pick<Theme, 'fill' | 'stroke' | 'fontColor'> | undefined, lane: boolean): GroupFrameLook {
  return {
    stroke: colors?.stroke ?? UNTHEMED.stroke,
    strokeWidth: 1.5,
    dashed: !colors && !lane,
    radius: lane ? 0 : 10,
    fill: lane ? '#ffffff' : (colors?.fill ?? UNTHEMED.fill),
    fillOpacity: lane ? 0.35 : colors ? 0.45 : 0.55,
    band: colors ? { fill: colors.fill, fillOpacity: 1 } : { fill: UNTHEMED.fill, fillOpacity: 0.8 },
    title: { fontSize: 11, fontWeight: 600, color: colors?.fontColor ?? UNTHEMED.fontColor, padding: { x: 10, y: 4 } },
  };
}

/** A colour seen through at `opacity`, as CSS. */
function seeThrough(color: string, opacity: number): string {
  return opacity >= 1 ? color : `color-mix(in srgb, ${color} ${Math.round(opacity * 100)}%, transparent)`;
}

/** The look as the CSS variables drawio.css's .group-frame and .group-title read. */
export function groupFrameCssVariables(look: GroupFrameLook): CSSProperties {
  return {
    '--frame-stroke': look.stroke,
    '--frame-stroke-width': `${look.strokeWidth}px`,
    '--frame-stroke-style': look.dashed ? 'dashed' : 'solid',
    '--frame-radius': `${look.radius}px`,
    '--frame-fill': seeThrough(look.fill, look.fillOpacity),
    '--frame-band-fill': seeThrough(look.band.fill, look.band.fillOpacity),
    '--frame-title-size': `${look.title.fontSize}px`,
    '--frame-title-weight': String(look.title.fontWeight),
    '--frame-title-color': look.title.color,
    '--frame-title-padding': `${look.title.padding.y}px ${look.title.padding.x}px`,
  } as CSSProperties;
}
