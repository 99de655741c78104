/**
 * Where a group's title sits along its frame's top line, as its style says (`align`,
 * `spacingLeft`, `spacingRight`), which is all diagrams.net reads. For a group the studio made,
 * the studio chooses the place when it writes the group: right of the edges that cross the top
 * line (titleCrossings), so diagrams.net draws the title clear of them as the canvas does. A
 * file's own group keeps the place its style gives. Pure, tested in Node.
 */
import type { Rect } from '../geometry';
import { fileStyleText, type EdgeRecord, type GroupRecord, type ShapeRecord } from '../model';
import { styleEntries } from '../stencils';
import { textWidth } from './text-metrics';
import { pathPolyline } from './edge-label';
import { perimeterBox, shapePerimeter } from './edge-perimeter';
import { edgeRoute } from './edge-route';

/** Room kept between the title and an edge crossing the bar. */
export const TITLE_CLEARANCE = 8;

/**
 * The x positions (from the frame's left) where edges between a member of the group and a shape
 * outside it cross the frame's top line, along the routes they are drawn with (edgeRoute).
 */
export function titleCrossings(groupId: string, frame: Rect, shapes: ReadonlyMap<string, ShapeRecord>, edges: Iterable<EdgeRecord>): number[] {
  const crossings: number[] = [];
  const box = (shape: ShapeRecord) => perimeterBox({ x: shape.x, y: shape.y, w: shape.w, h: shape.h }, shapePerimeter(shape));
  for (const edge of edges) {
    const source = shapes.get(edge.source);
    const target = shapes.get(edge.target);
    if (!source || !target || (source.groupId === groupId) === (target.groupId === groupId)) continue;
    const line = pathPolyline(edgeRoute(edge, box(source), box(target)).path);
    for (let i = 1; i < line.length; i++) {
      const [a, b] = [line[i - 1], line[i]];
      if ((a.y - frame.y) * (b.y - frame.y) > 0 || a.y === b.y) continue;
      const x = a.x + ((frame.y - a.y) / (b.y - a.y)) * (b.x - a.x);
      if (x >= frame.x && x <= frame.x + frame.w) crossings.push(x - frame.x);
    }
  }
  return crossings.sort((a, b) => a - b);
}

/**
 * Where the title goes along a bar `width` wide: the leftmost stretch between `crossings` that
 * holds `titleWidth` with room to spare, else the widest stretch (where it is cut short).
 */
export function titlePlacement(width: number, crossings: readonly number[], titleWidth: number): { left: number; maxWidth: number } {
  const gaps: Array<{ left: number; maxWidth: number }> = [];
  let start = 0;
  for (const x of [...crossings].sort((a, b) => a - b)) {
    if (x < 0 || x > width) continue;
    gaps.push({ left: start, maxWidth: x - TITLE_CLEARANCE - start });
    start = Math.max(start, x + TITLE_CLEARANCE);
  }
  gaps.push({ left: start, maxWidth: width - start });
  const open = gaps.filter((g) => g.maxWidth > 0);
  const fits = open.find((g) => g.maxWidth >= titleWidth);
  if (fits) return fits;
  return open.reduce((best, g) => (g.maxWidth > best.maxWidth ? g : best), { left: 0, maxWidth: 0 });
}

/** The room left of the title of a group the studio made when no edge crosses its top line (its style's spacingLeft). */
export const STUDIO_TITLE_SPACING = 10;
/** diagrams.net's font size for a label whose style names none, the studio's groups' titles among them (bold). */
const DEFAULT_FONT_SIZE = 12;

/** A title's place as a style gives it. */
export interface TitleLayout {
  align: 'left' | 'center' | 'right';
  spacingLeft: number;
  spacingRight: number;
}

/** Whether the studio made the group (and so chooses its title's place): no file cell yet, or one it marked. */
export function isStudioGroup(group: GroupRecord): boolean {
  const style = fileStyleText(group.file);
  return style === undefined || styleEntries(style).get('tandemGroup') === '1';
}

/**
 * The spacingLeft the studio writes for the title of a group it made: the first stretch of the
 * frame's top line, between the edges crossing it, that holds the title (else the widest).
 */
export function studioTitleSpacing(
  group: Pick<GroupRecord, 'id' | 'text'>,
  frame: Rect,
  shapes: ReadonlyMap<string, ShapeRecord>,
  edges: Iterable<EdgeRecord>,
): number {
  const titleWidth = textWidth(group.text, DEFAULT_FONT_SIZE, true) + 2 * STUDIO_TITLE_SPACING;
  const { left } = titlePlacement(frame.w, titleCrossings(group.id, frame, shapes, edges), titleWidth);
  return STUDIO_TITLE_SPACING + left;
}

function spacingOf(style: ReadonlyMap<string, string>, key: string): number {
  const value = Number(style.get(key) ?? '0');
  return Number.isFinite(value) ? value : 0;
}

/**
 * Where a group's title goes: a group the studio made, where the studio writes it (studioTitleSpacing);
 * a file's own group, where its style puts it (diagrams.net centres a label whose style names no align).
 */
export function groupTitleLayout(group: GroupRecord, frame: Rect, shapes: ReadonlyMap<string, ShapeRecord>, edges: Iterable<EdgeRecord>): TitleLayout {
  if (isStudioGroup(group)) return { align: 'left', spacingLeft: studioTitleSpacing(group, frame, shapes, edges), spacingRight: 0 };
  const style = styleEntries(fileStyleText(group.file) ?? '');
  const align = style.get('align');
  return {
    align: align === 'left' || align === 'right' ? align : 'center',
    spacingLeft: spacingOf(style, 'spacingLeft'),
    spacingRight: spacingOf(style, 'spacingRight'),
  };
}

/**
 * Where a title box `titleWidth` wide (its text and `padding` either side) starts along a frame
 * `width` wide, and how wide it may grow, for `layout`: its text starts spacingLeft from the frame's left.
 */
export function titleBox(layout: TitleLayout, width: number, titleWidth: number, padding: number): { left: number; maxWidth: number } {
  const start = Math.max(0, layout.spacingLeft - padding);
  const end = Math.max(start, width - Math.max(0, layout.spacingRight - padding));
  const room = end - start;
  const shown = Math.min(titleWidth, room);
  const left = layout.align === 'left' ? start : layout.align === 'right' ? end - shown : start + (room - shown) / 2;
  return { left, maxWidth: end - left };
}
