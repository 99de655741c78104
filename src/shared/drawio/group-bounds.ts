/**
 * Where each group's container lies, the same for the file a save writes and the page the editor
 * draws. A container read from a file keeps the bounds it had there and grows only to hold what
 * was placed in it here (a member made, put in, moved or resized here); one that a file had
 * sticking out (at a negative offset, say) does not make it grow. A group made here surrounds its
 * members. Pure (types and geometry only), so the browser bundle uses it too.
 */
import { boundsOf, nestGroups, type Rect } from './geometry';
import type { GroupRecord, ShapeRecord } from './model';
import { pushTo } from '../list-map';

/** A box as a file gave it (no size when the file gave none). */
export interface ReadBox {
  readonly x: number;
  readonly y: number;
  readonly w?: number;
  readonly h?: number;
}

/** Where a group from a file was, in page coordinates. */
export function readBoxOf(group: GroupRecord): ReadBox | undefined {
  return group.file?.box;
}

function sized(box: ReadBox | undefined): box is Rect {
  return box !== undefined && box.w !== undefined && box.h !== undefined;
}

function sameBox(a: Rect, b: Rect): boolean {
  const near = (p: number, q: number) => Math.abs(p - q) < 1e-6;
  return near(a.x, b.x) && near(a.y, b.y) && near(a.w, b.w) && near(a.h, b.h);
}

function inside(box: Rect, frame: Rect): boolean {
  return box.x >= frame.x && box.y >= frame.y && box.x + box.w <= frame.x + frame.w && box.y + box.h <= frame.y + frame.h;
}

/** A shape its container must hold (see the file comment). */
function placedHere(shape: ShapeRecord, container: GroupRecord): boolean {
  if (!shape.file) return true;
  const read = shape.file.read as Partial<ShapeRecord> | undefined;
  if (!read) return false;
  if (read.groupId !== shape.groupId) return true;
  const was = { x: read.x ?? 0, y: read.y ?? 0, w: read.w ?? 0, h: read.h ?? 0 };
  if (sameBox(was, shape)) return false;
  const frame = readBoxOf(container);
  return !sized(frame) || inside(was, frame);
}

/**
 * Space between a group's frame and its members, and the band above them that holds its title:
 * one size for the frame the file is written with and the frame the canvas draws.
 */
export const GROUP_PADDING = 20;
export const GROUP_HEADER = 20;

/** A group's frame around its members' bounding box, with room for its title on top; undefined for none. */
export function groupFrame(members: Iterable<Rect>): Rect | undefined {
  return surrounding(members, GROUP_PADDING, GROUP_HEADER);
}

/** The box around `members` with `padding` on every side and a `header` band above; undefined for none. */
export function surrounding(members: Iterable<Rect>, padding: number, header: number): Rect | undefined {
  const box = boundsOf(members);
  if (!box) return undefined;
  return { x: box.x - padding, y: box.y - padding - header, w: box.w + 2 * padding, h: box.h + 2 * padding + header };
}

/**
 * Bounds of every group of `groups` (innermost first), from their members among `shapes`.
 * `surround` gives a group made here its bounds around its members (undefined: it is left out).
 */
export function groupBounds(
  groups: readonly GroupRecord[],
  shapes: Iterable<ShapeRecord>,
  surround: (members: readonly Rect[]) => Rect | undefined,
): Map<string, Rect> {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const { parentOf, depth } = nestGroups(groups);
  const members = new Map<string, Rect[]>();
  const placed = new Map<string, Rect[]>();
  const add = (map: Map<string, Rect[]>, id: string, rect: Rect) => {
    pushTo(map, id, rect);
  };
  for (const shape of shapes) {
    const container = shape.groupId !== undefined ? byId.get(shape.groupId) : undefined;
    if (!container) continue;
    add(members, container.id, shape);
    if (placedHere(shape, container)) add(placed, container.id, shape);
  }
  const bounds = new Map<string, Rect>();
  for (const group of [...groups].sort((a, b) => depth.get(b.id)! - depth.get(a.id)!)) {
    const readBox = readBoxOf(group);
    const moved = placed.get(group.id) ?? [];
    let box: Rect | undefined;
    if (group.frame) box = boundsOf([group.frame, ...moved]);
    else if (sized(readBox) && moved.length === 0) box = readBox;
    else box = surround(members.get(group.id) ?? []);
    if (!box) continue;
    bounds.set(group.id, box);
    const parent = parentOf.get(group.id);
    if (!parent) continue;
    add(members, parent.id, box);
    const read = group.file?.read as Partial<GroupRecord> | undefined;
    const regrouped = read !== undefined && group.parentId !== read.parentId;
    if (!group.file || regrouped || !sized(readBox) || !sameBox(readBox, box)) add(placed, parent.id, box);
  }
  return bounds;
}
