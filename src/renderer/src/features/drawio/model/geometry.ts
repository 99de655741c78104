/** Page geometry: points and rectangles in page px (top-left origin, as the records are). */
// The rectangle helpers are the core's own, so the two sides cannot disagree about overlap or bounds.
export { type Point, type Rect, boundsOf, nestGroups, rectsOverlap as overlaps } from '../../../../../shared/drawio/geometry';
import type { Point, Rect } from '../../../../../shared/drawio/geometry';
