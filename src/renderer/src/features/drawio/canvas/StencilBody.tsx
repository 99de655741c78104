/**
 * A shape whose file style names one of diagrams.net's stencils, drawn from that stencil: the
 * stencil in the cell's box (`shape=mxgraph.cisco.routers.router`), or a shape diagrams.net
 * builds in code around one (AWS 4's resource icon: a fillColor square, the `resIcon` stencil
 * inside in strokeColor). The hook says whether the stencils are there, so the node keeps its
 * simplified outline for a name no library has.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { shapeStyleText, type ShapeRecord } from '../../../../../shared/drawio/model';
import { stencilNamesOfStyle, styleEntries } from '../../../../../shared/drawio/stencils';
import { stencilFigure } from '../../../../../shared/drawio/render/stencil-figure';
import { codeShapeName, codeShapeStencils } from '../../../../../shared/drawio/render/code-shapes';
import { drawStencil, loadStencil, settledStencil, type LoadedStencil } from './stencils';

export type StencilState = { status: 'none' | 'loading' | 'missing' } | { status: 'ready'; stencil: LoadedStencil };

/** The file's style of a record (what diagrams.net reads), as key/value pairs. */
export function useFileStyle(record: ShapeRecord): ReadonlyMap<string, string> {
  const text = shapeStyleText(record);
  return useMemo(() => styleEntries(text ?? ''), [text]);
}

/**
 * The stencil a style draws: the one its shape names, or, for a shape drawn in code, the one it
 * draws inside itself (an AWS 4 group's icon, for a group too, which has no look).
 */
function stencilToLoad(style: ReadonlyMap<string, string>, look: string | undefined): string | undefined {
  if (look === 'image') return undefined;
  if (codeShapeName(style) !== undefined) return codeShapeStencils(style)[0];
  return look === undefined ? undefined : stencilNamesOfStyle(style)[0];
}

/** Each of `names` as loaded so far (undefined: still loading, null: no library has it), loading the rest and rendering again as each arrives. */
function useSettledStencils(names: readonly string[]): Array<LoadedStencil | null | undefined> {
  const [, settle] = useState(0);
  const known = names.map(settledStencil);
  const waiting = names.filter((_, index) => known[index] === undefined).join('\n');
  useEffect(() => {
    if (waiting === '') return;
    let live = true;
    for (const name of waiting.split('\n')) void loadStencil(name).then(() => live && settle((n) => n + 1));
    return () => {
      live = false;
    };
  }, [waiting]);
  return known;
}

export function useStencil(style: ReadonlyMap<string, string>, look: string | undefined): StencilState {
  const name = stencilToLoad(style, look);
  const [known] = useSettledStencils(name === undefined ? [] : [name]);
  if (name === undefined) return { status: 'none' };
  if (known === undefined) return { status: 'loading' };
  return known === null ? { status: 'missing' } : { status: 'ready', stencil: known };
}

/** The stencils a shape drawn in code draws inside itself (see codeShapeStencils), by name, those loaded so far. */
export function useCodeShapeStencils(style: ReadonlyMap<string, string>): ReadonlyMap<string, LoadedStencil> {
  const names = useMemo(() => codeShapeStencils(style), [style]);
  const known = useSettledStencils(names);
  const loaded = names.flatMap((name, index) => (known[index] ? [[name, known[index]] as const] : []));
  const key = loaded.map(([name]) => name).join('\n');
  // The same names loaded are the same stencils (a loaded stencil stays loaded): one map while they hold.
  return useMemo(() => new Map(loaded), [key]);
}

interface StencilBodyProps {
  stencil: LoadedStencil;
  style: ReadonlyMap<string, string>;
  w: number;
  h: number;
  fill: string;
  stroke: string;
}

/** The stencil's figure (see stencilFigure), each stencil drawing made once per size, colours and turn. */
export function StencilBody({ stencil, style, w, h, fill, stroke }: StencilBodyProps) {
  const gradientId = useId();
  const markup = useMemo(
    () => stencilFigure(style, { w, h, fill, stroke, gradientId }, (box, paint) => drawStencil(stencil, box, paint)),
    [stencil, style, w, h, fill, stroke, gradientId],
  );
  return <g data-stencil={stencil.entry.key} dangerouslySetInnerHTML={{ __html: markup }} />;
}
