/**
 * What lies behind a cell on the canvas, for its default ink (see default-ink's Surface): a filled
 * shape painted under it that holds it (a region a state diagram lays its texts on), else the
 * nearest container around it that paints where its members sit (a class box's white body, a
 * filled frame), or the canvas itself. A label with no colour of its own inside a white class box
 * or on a pale yellow region is then drawn in the file's black in dark theme too, not in the
 * theme's light ink.
 */
import { fileStyleText, shapeStyleText, type GroupRecord, type ShapeRecord } from '../../../../../shared/drawio/model';
import { drawnColors, themeColors, type Vocabulary } from '../../../../../shared/drawio/render/cell-paint';
import { codeShapeName, containerStyle, isInvisibleGroup } from '../../../../../shared/drawio/render/code-shapes';
import { startSize } from '../../../../../shared/drawio/render/code-shapes-containers';
import { CANVAS_INK, CANVAS_PAPER, frameColors, memberSurface, surfaceOfFill, type Surface } from '../../../../../shared/drawio/render/default-ink';
import { styleEntries } from '../../../../../shared/drawio/stencils';
import { useDrawio } from '../editor/drawio-context';
import { pushTo } from '../../../../../shared/list-map';

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

/** A cell drawn flush with the edge of the shape under it is still held by it. */
const HOLD_SLACK = 1;

type Box = Pick<ShapeRecord, 'x' | 'y' | 'w' | 'h'>;

const holds = (outer: Box, inner: Box) =>
  inner.x >= outer.x - HOLD_SLACK && inner.y >= outer.y - HOLD_SLACK && inner.x + inner.w <= outer.x + outer.w + HOLD_SLACK && inner.y + inner.h <= outer.y + outer.h + HOLD_SLACK;

/** Figures whose fill covers their box (or nearly: an ellipse), so what lies in the box lies on the fill; a UML frame fills only its tab. */
const BOX_FIGURES = new Set(['rect', 'rectangle', 'label', 'ellipse']);

function paintsItsBox(record: ShapeRecord): boolean {
  const style = styleEntries(shapeStyleText(record) ?? '');
  const shape = style.get('shape');
  return !style.has('swimlane') && (shape === undefined || BOX_FIGURES.has(shape));
}

interface UnderShapes {
  shapes: ReadonlyMap<string, ShapeRecord>;
}

const underCache = new WeakMap<ReadonlyMap<string, ShapeRecord>, { vocabulary: Vocabulary; surfaces: ReadonlyMap<string, Surface> }>();

interface Filled {
  readonly record: ShapeRecord;
  readonly surface: Surface;
}

/** The side of a square of the grid the filled shapes are filed under. */
const GRID = 256;
/** A shape covering more squares than this is tried for every text of its container instead of filed square by square. */
const MAX_SQUARES = 64;

/**
 * The filled shapes of each container, filed under the grid squares their boxes cover (widened by
 * the slack), so a text asks only the shapes over its top-left corner: a shape that holds a box
 * covers its corner. Without it a page of many texts on many regions is texts x regions per edit.
 */
class FilledIndex {
  private readonly squares = new Map<string, Filled[]>();
  private readonly wide = new Map<string, Filled[]>();

  add(container: string, filled: Filled): void {
    const { x, y, w, h } = filled.record;
    const [left, top] = [Math.floor((x - HOLD_SLACK) / GRID), Math.floor((y - HOLD_SLACK) / GRID)];
    const [right, bottom] = [Math.floor((x + w + HOLD_SLACK) / GRID), Math.floor((y + h + HOLD_SLACK) / GRID)];
    const count = (right - left + 1) * (bottom - top + 1);
    if (!(count <= MAX_SQUARES)) return pushTo(this.wide, container, filled);
    for (let column = left; column <= right; column++) {
      for (let row = top; row <= bottom; row++) pushTo(this.squares, `${container}\u0000${column},${row}`, filled);
    }
  }

  /** The filled shapes of `container` that may hold a box whose top-left corner is at x, y. */
  *near(container: string, x: number, y: number): Iterable<Filled> {
    yield* this.squares.get(`${container}\u0000${Math.floor(x / GRID)},${Math.floor(y / GRID)}`) ?? [];
    yield* this.wide.get(container) ?? [];
  }
}


/**
 * For each cell of a file that paints no fill of its own (a text cell), the surface of the topmost
 * filled shape beside it in its container (painted before it, so under it) whose box holds its
 * box; cells on nothing are left out. Worked out once per set of shapes, not per cell.
 */
export function surfacesUnder(state: UnderShapes & Vocabulary): ReadonlyMap<string, Surface> {
  const cached = underCache.get(state.shapes);
  if (cached && cached.vocabulary.customTypes === state.customTypes && cached.vocabulary.customThemes === state.customThemes) return cached.surfaces;
  const container = (record: ShapeRecord) => `${record.pageId}\u0000${record.groupId ?? ''}`;
  const filled = new FilledIndex();
  const bare: ShapeRecord[] = [];
  for (const record of state.shapes.values()) {
    const surface = surfaceOfFill(drawnColors(record, state, CANVAS_INK, CANVAS_PAPER).colors.fill);
    if (surface && paintsItsBox(record)) filled.add(container(record), { record, surface });
    else if (!surface && record.file) bare.push(record);
  }
  const surfaces = new Map<string, Surface>();
  for (const record of bare) {
    let top: Filled | undefined;
    for (const under of filled.near(container(record), record.x, record.y)) {
      if (under.record.order < record.order && holds(under.record, record) && (!top || under.record.order > top.record.order)) top = under;
    }
    if (top) surfaces.set(record.id, top.surface);
  }
  underCache.set(state.shapes, { vocabulary: { customTypes: state.customTypes, customThemes: state.customThemes }, surfaces });
  return surfaces;
}

/** The surface behind a shape: a filled shape under it (surfacesUnder), else its containers' (surfaceBehind). */
export function useSurfaceUnder(record: Pick<ShapeRecord, 'id' | 'groupId'>): Surface | undefined {
  const under = useDrawio((s) => surfacesUnder(s).get(record.id));
  const behind = useSurfaceBehind(record.groupId);
  return under ?? behind;
}
