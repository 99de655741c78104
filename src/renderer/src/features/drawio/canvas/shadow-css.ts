/**
 * The CSS a cell's figure takes to cast diagrams.net's shadow (see shared/drawio/render/shadow):
 * a shape's, a container's and an image's figure, an edge's line with its arrowheads; never the label.
 */
import { useMemo, type CSSProperties } from 'react';
import { cellShadow, dropShadowCss } from '../../../../../shared/drawio/render/shadow';

export function shadowCss(style: ReadonlyMap<string, string>, on?: boolean): CSSProperties | undefined {
  const look = cellShadow(style, on);
  return look && { filter: dropShadowCss(look) };
}

export function useShadowCss(style: ReadonlyMap<string, string>, on?: boolean): CSSProperties | undefined {
  return useMemo(() => shadowCss(style, on), [style, on]);
}
