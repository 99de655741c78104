/**
 * diagrams.net's default ink: the black a cell of a file (or of a diagrams.net palette) is drawn in
 * where its style names no colour (no strokeColor or fontColor, or `default`). The export draws it
 * black, as it is a file people share; the canvas draws it in the theme's ink (black in light,
 * light in dark), as diagrams.net's dark mode does, so a default line is not black on a dark canvas.
 * A colour the file names is drawn as named everywhere; the studio's own shapes keep their themes.
 * This module is the one place that decides which colours are default ink.
 */
import { shapeStyleText, type ShapeRecord } from '../model';
import { styleEntries } from '../stencils';

/** diagrams.net's default ink, as the export draws it. */
export const FILE_INK = '#000000';
/** The theme's ink on the canvas (theme.css `--diagram-ink`). */
export const CANVAS_INK = 'var(--diagram-ink)';

export type InkKey = 'strokeColor' | 'fontColor';

/** A style value that leaves the colour to diagrams.net's default. */
export function namesNoColor(value: string | undefined): boolean {
  return value === undefined || value === '' || value === 'default';
}

/** Whether the style of a cell of a file leaves `key` to the default ink; a cell made here (no style) never does. */
export function leavesDefaultInk(styleText: string | undefined, key: InkKey): boolean {
  return styleText !== undefined && namesNoColor(styleEntries(styleText).get(key));
}

/**
 * Whether a shape's outline is drawn in the default ink: its file names no stroke colour and no
 * edit has given it a colour or a theme since it was read.
 */
export function strokeIsDefaultInk(shape: Pick<ShapeRecord, 'file' | 'paletteStyle' | 'style' | 'theme'>): boolean {
  if (!leavesDefaultInk(shapeStyleText(shape), 'strokeColor')) return false;
  const read = shape.file?.read as Partial<Pick<ShapeRecord, 'style' | 'theme'>> | undefined;
  return read === undefined || (read.style?.stroke === shape.style.stroke && read.theme === shape.theme);
}

/**
 * The colour a shape's label is drawn in on the canvas: the theme's ink where the file names no
 * colour and the label lies on the canvas itself (beside its shape, or inside one without fill);
 * inside a filled shape the default black stays on its fill, and a named colour is drawn as named.
 */
export function canvasLabelColor(fileStyle: ReadonlyMap<string, string>, onCanvas: boolean, fontColor: string): string {
  return fileStyle.size > 0 && onCanvas && namesNoColor(fileStyle.get('fontColor')) ? CANVAS_INK : fontColor;
}

/**
 * The fill and stroke a container of a file is drawn in: its theme's when it has one (an edit may
 * have set it), else its file's, on diagrams.net's white and default ink.
 */
export function frameColors(theme: { fill: string; stroke: string } | undefined, fileStyle: ReadonlyMap<string, string>, ink: string = FILE_INK) {
  const stroke = fileStyle.get('strokeColor');
  return { fill: theme?.fill ?? fileStyle.get('fillColor') ?? '#ffffff', stroke: theme?.stroke ?? (namesNoColor(stroke) ? ink : stroke!) };
}
