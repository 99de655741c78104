/**
 * A palette shape dragged onto the canvas (HTML drag and drop): the palette puts the type, and a
 * library shape's palette size, on the drag; the canvas reads it back, checked, where it is dropped.
 */

export const PALETTE_DRAG_TYPE = 'application/x-tandem-palette-shape';

export interface PaletteDrag {
  /** What `add` takes: `box`, a custom type, or a library shape (`aws4.lambda`). */
  readonly type: string;
  readonly size?: { readonly w: number; readonly h: number };
}

const MAX_TYPE_CHARS = 200;
const MAX_SIDE = 10_000;

export function writePaletteDrag(transfer: DataTransfer, drag: PaletteDrag): void {
  transfer.setData(PALETTE_DRAG_TYPE, JSON.stringify(drag));
  transfer.effectAllowed = 'copy';
}

/** Whether a drag carries a palette shape (its data can only be read on drop). */
export function carriesPaletteDrag(transfer: DataTransfer): boolean {
  return transfer.types.includes(PALETTE_DRAG_TYPE);
}

const side = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= MAX_SIDE;

/** The dropped palette shape, or undefined for anything else (another page's drag, a malformed one). */
export function readPaletteDrag(data: string): PaletteDrag | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { type, size } = parsed as { type?: unknown; size?: { w?: unknown; h?: unknown } };
  if (typeof type !== 'string' || type.length > MAX_TYPE_CHARS || !/^[\w.-]+$/.test(type)) return undefined;
  if (size === undefined) return { type };
  return side(size?.w) && side(size?.h) ? { type, size: { w: size.w, h: size.h } } : undefined;
}
