/**
 * A shape whose file style names one of diagrams.net's stencils, drawn from that stencil: the
 * stencil in the cell's box (`shape=mxgraph.cisco.routers.router`), or a shape diagrams.net
 * builds in code around one (AWS 4's resource icon: a fillColor square, the `resIcon` stencil
 * inside in strokeColor). The hook says whether the stencils are there, so the node keeps its
 * simplified outline for a name no library has.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { shapeStyleText, type ShapeRecord } from '../model/records';
import { FRAMED_ICONS, stencilNamesOfStyle, styleEntries } from '../../../../../shared/drawio-stencils';
import { loadStencil, settledStencil, stencilMarkup, type LoadedStencil, type StencilPaint } from './stencils';
import type { LabelPlacement } from './shape-geometry';

export type StencilState = { status: 'none' | 'loading' | 'missing' } | { status: 'ready'; stencil: LoadedStencil };

/** The file's style of a record (what diagrams.net reads), as key/value pairs. */
export function useFileStyle(record: ShapeRecord): ReadonlyMap<string, string> {
  const text = shapeStyleText(record);
  return useMemo(() => styleEntries(text ?? ''), [text]);
}

export function useStencil(style: ReadonlyMap<string, string>, look: string | undefined): StencilState {
  const name = look === undefined || look === 'image' ? undefined : stencilNamesOfStyle(style)[0];
  const [, settle] = useState(0);
  const known = name === undefined ? undefined : settledStencil(name);
  useEffect(() => {
    if (name === undefined || known !== undefined) return;
    let live = true;
    void loadStencil(name).then(() => live && settle((n) => n + 1));
    return () => {
      live = false;
    };
  }, [name, known]);
  if (name === undefined) return { status: 'none' };
  if (known === undefined) return { status: 'loading' };
  return known === null ? { status: 'missing' } : { status: 'ready', stencil: known };
}

interface StencilBodyProps {
  stencil: LoadedStencil;
  style: ReadonlyMap<string, string>;
  w: number;
  h: number;
  fill: string;
  stroke: string;
}

/** How the cell's style paints its stencil, with the colours the shape has now. */
function paintOf(style: ReadonlyMap<string, string>, fill: string, stroke: string): StencilPaint {
  const number = (key: string, fallback: number) => {
    const value = Number(style.get(key) ?? fallback);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    fill,
    stroke,
    strokeWidth: number('strokeWidth', 1),
    dashed: style.get('dashed') === '1',
    direction: style.get('direction') ?? 'east',
    rotation: number('rotation', 0),
    flipH: style.get('flipH') === '1' || style.get('stencilFlipH') === '1',
    flipV: style.get('flipV') === '1' || style.get('stencilFlipV') === '1',
  };
}

/** The stencil's SVG, drawn once per size, colours and turn (see stencilMarkup). */
export function StencilBody({ stencil, style, w, h, fill, stroke }: StencilBodyProps) {
  const shape = style.get('shape') ?? '';
  const framed = FRAMED_ICONS[shape];
  const markup = useMemo(() => {
    const paint = paintOf(style, fill, stroke);
    if (!framed) return stencilMarkup(stencil, [0, 0, w, h], paint);
    const [x, y, iw, ih] = framed.inset;
    // The icon inside a frame is drawn upright, in the frame's stroke colour and without an outline.
    return stencilMarkup(stencil, [x * w, y * h, iw * w, ih * h], { ...paint, fill: stroke, stroke: 'none', direction: 'east', rotation: 0 });
  }, [stencil, style, framed, w, h, fill, stroke]);
  const gradientId = useId();
  const frameFill = shape === 'mxgraph.aws4.productIcon' ? stroke : fill;
  const gradient = framed && shape !== 'mxgraph.aws4.productIcon' ? frameGradient(style, fill) : undefined;
  return (
    <g data-stencil={stencil.entry.key}>
      {gradient && (
        <defs>
          <linearGradient id={gradientId} {...gradient.axis}>
            <stop offset="0" stopColor={gradient.from} />
            <stop offset="1" stopColor={gradient.to} />
          </linearGradient>
        </defs>
      )}
      {framed && <rect width={w} height={h} fill={gradient ? `url(#${gradientId})` : frameFill} />}
      {shape === 'mxgraph.aws4.productIcon' && <rect x={1} y={1} width={w - 2} height={w - 2} fill={fill} />}
      <g dangerouslySetInnerHTML={{ __html: markup }} />
    </g>
  );
}

/** Where each gradient direction puts the gradient's end (the fill colour is at its start). */
const GRADIENT_AXES: Readonly<Record<string, { x1: string; y1: string; x2: string; y2: string }>> = {
  south: { x1: '0', y1: '0', x2: '0', y2: '1' },
  north: { x1: '0', y1: '1', x2: '0', y2: '0' },
  east: { x1: '0', y1: '0', x2: '1', y2: '0' },
  west: { x1: '1', y1: '0', x2: '0', y2: '0' },
};

/**
 * A frame's gradient as diagrams.net paints one: from fillColor to gradientColor towards
 * gradientDirection (south when unset); none when gradientColor is unset or `none`.
 */
function frameGradient(style: ReadonlyMap<string, string>, fill: string) {
  const to = style.get('gradientColor');
  if (to === undefined || to === '' || to === 'none' || fill === 'none') return undefined;
  const axis = GRADIENT_AXES[style.get('gradientDirection') ?? 'south'] ?? GRADIENT_AXES.south;
  return { from: fill, to, axis };
}

/** Where diagrams.net puts a label: beside the shape when the style says so, else inside. */
export function stylePlacement(style: ReadonlyMap<string, string>): LabelPlacement | undefined {
  const vertical = style.get('verticalLabelPosition');
  if (vertical === 'bottom') return 'below';
  if (vertical === 'top') return 'above';
  const horizontal = style.get('labelPosition');
  if (horizontal === 'left' || horizontal === 'right') return horizontal;
  return undefined;
}
