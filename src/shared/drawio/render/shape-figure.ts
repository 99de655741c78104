/**
 * The style a shape of a file (or a palette) is drawn with in code, as diagrams.net draws it: its
 * code shape, or for a style that names no shape diagrams.net's own rectangle (and `ellipse`), at
 * the box's edge with the file's stroke width, the flags a person edited since (rounded, dashed)
 * taking their new value. Undefined for what is drawn otherwise: an image, a stencil, a shape the
 * studio made, a shape an edit gave another of the studio's types. The canvas and the export
 * both draw by it. Pure.
 */
import type { ShapeRecord } from '../model';
import { containerStyle } from './code-shapes';

/** The style flags an edit sets on a shape (its record's `style`) that its figure draws. */
const EDITED_FLAGS = ['rounded', 'dashed'] as const;

export function shapeFigureStyle(record: Pick<ShapeRecord, 'look' | 'type' | 'style' | 'file'>, fileStyle: ReadonlyMap<string, string>): ReadonlyMap<string, string> | undefined {
  if (record.look === 'image') return undefined;
  const readType = record.file?.read?.type;
  if (readType !== undefined && readType !== record.type) return undefined;
  const style = containerStyle(fileStyle);
  if (!style) return undefined;
  const edits = EDITED_FLAGS.filter((flag) => record.style[flag] !== undefined);
  if (edits.length === 0) return style;
  const edited = new Map(style);
  for (const flag of edits) edited.set(flag, record.style[flag] ? '1' : '0');
  return edited;
}
