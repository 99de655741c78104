/**
 * What lies behind a cell on the canvas, for its default ink (see default-ink's Surface): the
 * nearest container around it that paints where its members sit (a class box's white body, a
 * filled frame), or the canvas itself. A label with no colour of its own inside a white class box
 * is then drawn in the file's black in dark theme too, not in the theme's light ink.
 */
import { fileStyleText, type GroupRecord } from '../../../../../shared/drawio/model';
import { themeColors, type Vocabulary } from '../../../../../shared/drawio/render/cell-paint';
import { codeShapeName, containerStyle, isInvisibleGroup } from '../../../../../shared/drawio/render/code-shapes';
import { startSize } from '../../../../../shared/drawio/render/code-shapes-containers';
import { CANVAS_INK, CANVAS_PAPER, frameColors, memberSurface, type Surface } from '../../../../../shared/drawio/render/default-ink';
import { styleEntries } from '../../../../../shared/drawio/stencils';
import { useDrawio } from '../editor/drawio-context';

/** Containers nest no deeper than this in any file seen; a cycle in a damaged file ends here too. */
const MAX_DEPTH = 64;

/** Whether a container's members sit in a swimlane's body (filled with swimlaneFillColor), not on its fill. */
function bodyIsSwimlane(style: ReadonlyMap<string, string>): boolean {
  const name = codeShapeName(style);
  return name === 'swimlane' || name === 'umlFrame' || (name === 'table' && startSize(style) > 0);
}

/** The fill and stroke a container of a file is drawn in on the canvas: its defaults in the theme's ink and paper. */
export function canvasFrameColors(theme: { fill: string; stroke: string } | undefined, style: ReadonlyMap<string, string>) {
  return frameColors(theme, style, CANVAS_INK, CANVAS_PAPER);
}

/** The surface a container gives the cells inside it; undefined where it paints nothing there (a studio group, diagrams.net's invisible group). */
function groupSurface(group: GroupRecord, vocabulary: Vocabulary): Surface | undefined {
  const styleText = fileStyleText(group.file);
  if (styleText === undefined) return undefined;
  const style = styleEntries(styleText);
  if (isInvisibleGroup(style) || style.get('tandemGroup') === '1') return undefined;
  const drawn = containerStyle(style) ?? (style.get('shape') ? style : undefined);
  if (!drawn) return undefined;
  const { fill } = canvasFrameColors(group.theme ? themeColors(group.theme, vocabulary) : undefined, style);
  return memberSurface(style, bodyIsSwimlane(drawn), fill);
}

/** The surface behind a cell inside `groupId` (its container, then theirs): undefined is the canvas itself. */
export function surfaceBehind(groupId: string | undefined, groups: ReadonlyMap<string, GroupRecord>, vocabulary: Vocabulary): Surface | undefined {
  let id = groupId;
  for (let depth = 0; id !== undefined && depth < MAX_DEPTH; depth++) {
    const group = groups.get(id);
    if (!group) return undefined;
    const surface = groupSurface(group, vocabulary);
    if (surface) return surface;
    id = group.parentId;
  }
  return undefined;
}

/** The surface behind a cell inside `groupId`, followed as the containers change. */
export function useSurfaceBehind(groupId: string | undefined): Surface | undefined {
  return useDrawio((s) => surfaceBehind(groupId, s.groups, s));
}
