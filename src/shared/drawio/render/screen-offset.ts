/**
 * How far diagrams.net moves a shape right and down so that its lines fall on whole pixels
 * (mxShape.getSvgScreenOffset): half a pixel when its stroke is an odd number of pixels wide
 * (rounded, at least 1), else none. Edges are shapes too; labels and images are not moved.
 */
export function screenOffset(strokeWidth: number): number {
  return Math.max(1, Math.round(strokeWidth)) % 2 === 1 ? 0.5 : 0;
}
