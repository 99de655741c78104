/**
 * The CSS a cell's figure takes to cast diagrams.net's shadow (see shared/drawio/render/shadow):
 * a shape's, a container's and an image's figure, an edge's line with its arrowheads; a label only
 * when its style says textShadow=1.
 */
import { useMemo, type CSSProperties } from 'react';
import { cellShadow, dropShadowCss, labelShadow, type ShadowLook } from '../../../../../shared/drawio/render/shadow';

/** The CSS filter casting `look`, none without one. */
export function filterOf(look: ShadowLook | undefined): CSSProperties | undefined {
  return look && { filter: dropShadowCss(look) };
}

export function shadowCss(style: ReadonlyMap<string, string>, on?: boolean): CSSProperties | undefined {
  return filterOf(cellShadow(style, on));
}

/** A label's own shadow (textShadow=1), for a shape's or a container's label. */
export function labelShadowCss(style: ReadonlyMap<string, string>): CSSProperties | undefined {
  return filterOf(labelShadow(style));
}

export function useShadowCss(style: ReadonlyMap<string, string>, on?: boolean): CSSProperties | undefined {
  return useMemo(() => shadowCss(style, on), [style, on]);
}
