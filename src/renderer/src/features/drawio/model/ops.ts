/**
 * Op builders: every edit a person makes, written as drawio ops (drawio-reference.md). Shapes are
 * named by their stable id (`#s12`) so an op never depends on a label; new shapes get an alias
 * that is free on the page.
 */
import { freeAlias, quoted, word } from '../../../common/fcp-text';
import { boundsOf, rectsOverlap, type Point, type Rect } from '../../../../../shared/drawio/geometry';
import { SHAPE_TYPES, isShapeType, type CustomTypeRecord, type EdgeRecord, type GroupRecord, type Port, portText, type ShapeRecord, type StyleOverrides } from '../../../../../shared/drawio/model';
import { pushTo } from '../../../../../shared/list-map';

export { checkpointAction, freeAlias, openAction, quoted, saveAsAction, word } from '../../../common/fcp-text';

export function shapeRef(id: string): string {
  return `#${id}`;
}

export const round = (n: number): number => Math.round(n);

// ---- aliases --------------------------------------------------------------------------------

/** The aliases of the page's shapes, lower case. */
export function takenAliases(shapes: Iterable<ShapeRecord>, pageId: string): Set<string> {
  const taken = new Set<string>();
  for (const s of shapes) if (s.pageId === pageId) taken.add(s.alias.toLowerCase());
  return taken;
}

/** The palette's alias for a new shape of `type`: `Box1`, `Db2`..., a library shape's own name (`aws4.lambda`: `Lambda1`). */
export function paletteAlias(type: string, taken: ReadonlySet<string>): string {
  const name = type.slice(type.lastIndexOf('.') + 1);
  const stem = name.charAt(0).toUpperCase() + name.slice(1);
  return freeAlias(`${stem}1`, taken);
}

// ---- shapes -----------------------------------------------------------------------------------

/** The size a new shape of `type` gets: a custom type's own size, else its base type's. */
export function typeSize(type: string, customTypes: ReadonlyMap<string, CustomTypeRecord> = new Map()): { w: number; h: number } {
  const lower = type.toLowerCase();
  const custom = customTypes.get(lower);
  const base = isShapeType(lower) ? lower : (custom?.base ?? 'box');
  return { w: custom?.w ?? SHAPE_TYPES[base].w, h: custom?.h ?? SHAPE_TYPES[base].h };
}

/** `add TYPE ALIAS at:X,Y`, where X,Y is the top-left corner. */
export function addShapeOp(type: string, alias: string, at: Point): string {
  return `add ${word(type)} ${word(alias)} at:${round(at.x)},${round(at.y)}`;
}

/** `at`, or the first step down-right of it where a `size` box covers none of `occupied`. */
export function clearSpot(at: Point, size: { w: number; h: number }, occupied: readonly Rect[], step = 30, tries = 12): Point {
  for (let n = 0; n < tries; n++) {
    const spot = { x: at.x + n * step, y: at.y + n * step };
    if (!occupied.some((box) => rectsOverlap({ ...spot, ...size }, box))) return spot;
  }
  return at;
}

/**
 * Adds a shape of `type` centred on `center` with a free palette alias; if something is there
 * already (a box of `occupied`), a little down-right so the new shape is not hidden under it.
 * Answers the op and the new shape's alias.
 */
export function paletteAddOp(
  type: string,
  center: Point,
  taken: ReadonlySet<string>,
  size = typeSize(type),
  occupied: readonly Rect[] = [],
): { op: string; alias: string } {
  const at = clearSpot({ x: Math.round(center.x - size.w / 2), y: Math.round(center.y - size.h / 2) }, size, occupied);
  const alias = paletteAlias(type, taken);
  return { op: addShapeOp(type, alias, at), alias };
}

/**
 * One `move` of everything a person moved together (a drag, a nudge, an alignment). With several
 * shapes the core moves them by their bounding box, so `to` is where that box's top-left corner
 * goes. Group refs (`@group:NAME`) stand for their members. Always `strict:true`: a person's move
 * changes exactly what they moved, never pushes the shapes it lands on (the AI's plain `move` does).
 */
export function moveOp(refs: readonly string[], to: Point): string {
  return `move ${refs.join(' ')} to:${round(to.x)},${round(to.y)} strict:true`;
}

export function groupSelector(name: string): string {
  return `@group:${word(name)}`;
}

/** What moves as one piece: a shape on its own, or a group standing for its members. */
export interface MoveUnit {
  ref: string;
  members: readonly ShapeRecord[];
  box: Rect;
}

/**
 * A group a move names: with `shapeIds`, the shapes it moves (its own and those of the groups
 * nested in it, as `@group:` selects them); without, its own members.
 */
export type MovedGroup = Pick<GroupRecord, 'id' | 'name' | 'frame'> & { shapeIds?: readonly string[] };

/**
 * The pieces a move of these shapes and groups names. A shape whose group is moved too goes with
 * its group and is not named again; a group without members moves by its own frame (a container
 * from a file, named by its id), or not at all when it has none.
 */
export function moveUnits(shapeIds: Iterable<string>, groups: Iterable<MovedGroup>, shapes: ReadonlyMap<string, ShapeRecord>): MoveUnit[] {
  const units: MoveUnit[] = [];
  const groupIds = new Set<string>();
  const carried = new Set<string>();
  for (const group of groups) {
    if (groupIds.has(group.id)) continue;
    groupIds.add(group.id);
    const members = group.shapeIds
      ? group.shapeIds.flatMap((id) => shapes.get(id) ?? [])
      : [...shapes.values()].filter((s) => s.groupId === group.id);
    for (const member of members) carried.add(member.id);
    const box = boundsOf(members);
    if (box) units.push({ ref: groupSelector(group.name), members, box });
    else if (group.frame) units.push({ ref: shapeRef(group.id), members: [], box: group.frame });
  }
  for (const id of new Set(shapeIds)) {
    const shape = shapes.get(id);
    if (shape && !carried.has(id)) units.push({ ref: shapeRef(id), members: [shape], box: shape });
  }
  return units;
}

/** The ids of the shapes in a group and in the groups nested in it (containers from files). */
export function shapesWithin(
  groupId: string,
  groups: Iterable<Pick<GroupRecord, 'id' | 'parentId'>>,
  shapes: Iterable<Pick<ShapeRecord, 'id' | 'groupId'>>,
): string[] {
  const children = new Map<string, string[]>();
  for (const group of groups) {
    if (group.parentId === undefined) continue;
    pushTo(children, group.parentId, group.id);
  }
  const inside = new Set([groupId]);
  const pending = [groupId];
  while (pending.length > 0) {
    for (const child of children.get(pending.pop()!) ?? []) {
      if (inside.has(child)) continue;
      inside.add(child);
      pending.push(child);
    }
  }
  const ids: string[] = [];
  for (const shape of shapes) if (shape.groupId !== undefined && inside.has(shape.groupId)) ids.push(shape.id);
  return ids;
}

/** One `move` of all `units` by `delta`: their common bounding box goes `delta` further. */
export function moveByOp(units: readonly MoveUnit[], delta: Point): string | undefined {
  const box = boundsOf(units.map((u) => u.box));
  if (!box) return undefined;
  return moveOp(
    units.map((u) => u.ref),
    { x: box.x + delta.x, y: box.y + delta.y },
  );
}

export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/**
 * Lines the units up on one side (or centre line) of their common bounding box, as draw.io's
 * Align does: one strict `move` per unit that is not there yet.
 */
export function alignOps(units: readonly MoveUnit[], alignment: Alignment): string[] {
  const all = boundsOf(units.map((u) => u.box));
  if (!all || units.length < 2) return [];
  const ops: string[] = [];
  for (const { ref, box } of units) {
    const to = { x: box.x, y: box.y };
    if (alignment === 'left') to.x = all.x;
    else if (alignment === 'center') to.x = all.x + (all.w - box.w) / 2;
    else if (alignment === 'right') to.x = all.x + all.w - box.w;
    else if (alignment === 'top') to.y = all.y;
    else if (alignment === 'middle') to.y = all.y + (all.h - box.h) / 2;
    else to.y = all.y + all.h - box.h;
    if (round(to.x) !== round(box.x) || round(to.y) !== round(box.y)) ops.push(moveOp([ref], to));
  }
  return ops;
}

/** `order REFS to:front|back`: drawn over, or under, every other shape of the page. */
export function orderOp(refs: readonly string[], place: 'front' | 'back'): string | undefined {
  return refs.length ? `order ${refs.join(' ')} to:${place}` : undefined;
}

export function resizeOp(id: string, size: { w: number; h: number }): string {
  return `resize ${shapeRef(id)} to:${Math.max(1, round(size.w))}x${Math.max(1, round(size.h))}`;
}

export function labelOp(id: string, text: string): string {
  return `label ${shapeRef(id)} ${quoted(text)}`;
}

/** `connect #e7 via:X,Y;X,Y`: the waypoints of one edge, named by its id; none clears them. */
export function waypointsOp(edgeId: string, points: readonly Point[]): string {
  const via = points.length ? points.map((p) => `${round(p.x)},${round(p.y)}`).join(';') : 'none';
  return `connect #${edgeId} via:${via}`;
}

/** `connect #e7 target:#s3` attaches an end to a cell; `connect #e7 target:X,Y` makes it loose there. */
export function edgeEndOp(edgeId: string, end: 'source' | 'target', to: { cellId: string; port?: Port } | { point: Point }): string {
  const where = 'cellId' in to ? shapeRef(to.cellId) : `${round(to.point.x)},${round(to.point.y)}`;
  // At one of the cell's connection points: the edge's exit (its source's) or entry (its target's).
  const port = 'cellId' in to && to.port ? ` ${end === 'source' ? 'exit' : 'entry'}:${portText(to.port)}` : '';
  return `connect #${edgeId} ${end}:${where}${port}`;
}

/** `label #e7 "text"`: an edge by its id (one with a loose end has no SRC -> TGT). */
export function edgeLabelOp(edgeId: string, text: string): string {
  return `label #${edgeId} ${quoted(text)}`;
}

export function connectOp(sourceId: string, targetId: string): string {
  return `connect ${shapeRef(sourceId)} -> ${shapeRef(targetId)}`;
}

export interface Removal {
  shapeIds: readonly string[];
  groups: readonly Pick<GroupRecord, 'id' | 'name'>[];
  edges: readonly Pick<EdgeRecord, 'id' | 'source' | 'target'>[];
}

/**
 * Deletes the selection as one batch. Removing a shape takes its edges along and a group's
 * removal takes its members, so those are not named again: a batch that names a record twice
 * would fail as a whole.
 */
export function removeOps(removal: Removal, shapes: ReadonlyMap<string, Pick<ShapeRecord, 'groupId'>>): string[] {
  const groupIds = new Set(removal.groups.map((g) => g.id));
  const shapeIds = removal.shapeIds.filter((id) => {
    const groupId = shapes.get(id)?.groupId;
    return !(groupId && groupIds.has(groupId));
  });
  const gone = (id: string) => shapeIds.includes(id) || groupIds.has(shapes.get(id)?.groupId ?? '');
  const ops: string[] = [];
  const seenPairs = new Set<string>();
  for (const edge of removal.edges) {
    if (gone(edge.source) || gone(edge.target)) continue;
    // A loose end or a container end is no shape to name the edge by: its id names it.
    if (!shapes.has(edge.source) || !shapes.has(edge.target)) {
      ops.push(`disconnect #${edge.id}`);
      continue;
    }
    const pair = `${edge.source}>${edge.target}`;
    if (seenPairs.has(pair)) continue;
    seenPairs.add(pair);
    ops.push(`disconnect ${shapeRef(edge.source)} -> ${shapeRef(edge.target)}`);
  }
  if (shapeIds.length) ops.push(`remove ${shapeIds.map(shapeRef).join(' ')}`);
  for (const group of removal.groups) ops.push(`remove ${groupSelector(group.name)}`);
  return ops;
}

/** A group name not used on the page yet: Group1, Group2... */
export function freeGroupName(groups: Iterable<Pick<GroupRecord, 'name' | 'pageId'>>, pageId: string): string {
  const taken = new Set<string>();
  for (const g of groups) if (g.pageId === pageId) taken.add(g.name.toLowerCase());
  return freeAlias('Group1', taken);
}

export function groupOp(shapeIds: readonly string[], name: string): string {
  return `group ${shapeIds.map(shapeRef).join(' ')} as:${word(name)}`;
}

export function ungroupOp(name: string): string {
  return `ungroup ${word(name)}`;
}

// ---- style --------------------------------------------------------------------------------------

export type StyleFlag = 'bold' | 'italic' | 'underline' | 'dashed' | 'shadow' | 'rounded';

/** One change made in the style panel. */
export type StyleChange =
  | { theme: string }
  | { fill: string }
  | { stroke: string }
  | { fontColor: string }
  | { fontSize: number }
  | { opacity: number }
  | { flag: StyleFlag; on: boolean };

export function styleArgument(change: StyleChange): string {
  if ('theme' in change) return `theme:${word(change.theme)}`;
  if ('fill' in change) return `fill:${change.fill}`;
  if ('stroke' in change) return `stroke:${change.stroke}`;
  if ('fontColor' in change) return `font-color:${change.fontColor}`;
  if ('fontSize' in change) return `font-size:${round(change.fontSize)}`;
  if ('opacity' in change) return `opacity:${round(change.opacity)}`;
  return change.on ? change.flag : `no-${change.flag}`;
}

/** `style #a #b ARG`: one op restyles the whole selection. */
export function styleOp(shapeIds: readonly string[], change: StyleChange): string {
  return `style ${shapeIds.map(shapeRef).join(' ')} ${styleArgument(change)}`;
}

// ---- copy and paste -------------------------------------------------------------------------

/** What Ctrl+C keeps: the shapes as they were and the edges among them. */
export interface DiagramClip {
  shapes: readonly ShapeRecord[];
  edges: readonly EdgeRecord[];
}

export const PASTE_OFFSET = 20;

export function clipOf(shapeIds: Iterable<string>, shapes: ReadonlyMap<string, ShapeRecord>, edges: Iterable<EdgeRecord>): DiagramClip {
  const picked = new Map<string, ShapeRecord>();
  for (const id of shapeIds) {
    const shape = shapes.get(id);
    if (shape) picked.set(id, shape);
  }
  const inside = [...edges].filter((e) => picked.has(e.source) && picked.has(e.target));
  return { shapes: [...picked.values()].sort((a, b) => a.order - b.order), edges: inside };
}

const STYLE_FLAGS: readonly StyleFlag[] = ['bold', 'italic', 'underline', 'dashed', 'shadow', 'rounded'];

/** The `style` arguments that reproduce a shape's overrides (empty when it has none). */
export function overrideArguments(style: StyleOverrides): string[] {
  const args: string[] = [];
  if (style.fill !== undefined) args.push(styleArgument({ fill: style.fill }));
  if (style.stroke !== undefined) args.push(styleArgument({ stroke: style.stroke }));
  if (style.fontColor !== undefined) args.push(styleArgument({ fontColor: style.fontColor }));
  if (style.fontSize !== undefined) args.push(styleArgument({ fontSize: style.fontSize }));
  if (style.opacity !== undefined) args.push(styleArgument({ opacity: style.opacity }));
  for (const flag of STYLE_FLAGS) if (style[flag]) args.push(flag);
  return args;
}

function edgeArguments(edge: EdgeRecord): string[] {
  const args: string[] = [];
  if (edge.label) args.push(`label:${quoted(edge.label)}`);
  if (edge.lineStyle !== 'solid') args.push(`style:${edge.lineStyle}`);
  if (edge.sourceArrow !== 'none') args.push(`source-arrow:${edge.sourceArrow}`);
  if (edge.targetArrow !== 'arrow') args.push(`target-arrow:${edge.targetArrow}`);
  if (edge.exit) args.push(`exit:${portText(edge.exit)}`);
  if (edge.entry) args.push(`entry:${portText(edge.entry)}`);
  if (edge.stroke) args.push(`stroke:${edge.stroke}`);
  return args;
}

/** The ops of a paste and the aliases of the shapes it adds, in the clip's order. */
export interface PastePlan {
  ops: string[];
  aliases: string[];
}

/**
 * Ops that paste `clip` moved by `offset` (by default `PASTE_OFFSET` px below-right of where it
 * was): an `add` per shape (new free alias, same type, size, theme, text and look) and a
 * `connect` per edge between them, referring to the new aliases, which exist by then within the
 * same batch. `add at:X,Y` places exactly, so a paste never moves anything already there.
 */
export function pasteOps(clip: DiagramClip, taken: ReadonlySet<string>, offset: Point = { x: PASTE_OFFSET, y: PASTE_OFFSET }): PastePlan {
  const used = new Set(taken);
  const newAlias = new Map<string, string>();
  const ops: string[] = [];
  for (const shape of clip.shapes) {
    const alias = freeAlias(shape.alias, used);
    used.add(alias.toLowerCase());
    newAlias.set(shape.id, alias);
    const args = [`size:${round(shape.w)}x${round(shape.h)}`, `theme:${word(shape.theme)}`];
    if (shape.text !== shape.alias) args.push(`label:${quoted(shape.text)}`);
    ops.push(`${addShapeOp(shape.type, alias, { x: shape.x + offset.x, y: shape.y + offset.y })} ${args.join(' ')}`);
    const overrides = overrideArguments(shape.style);
    if (overrides.length) ops.push(`style ${word(alias)} ${overrides.join(' ')}`);
  }
  for (const edge of clip.edges) {
    const source = newAlias.get(edge.source);
    const target = newAlias.get(edge.target);
    if (!source || !target) continue;
    ops.push([`connect ${word(source)} -> ${word(target)}`, ...edgeArguments(edge)].join(' '));
  }
  return { ops, aliases: [...newAlias.values()] };
}

/** The offset that puts the clip's top-left corner at `at`. */
export function offsetTo(clip: DiagramClip, at: Point): Point {
  const box = boundsOf(clip.shapes);
  return box ? { x: at.x - box.x, y: at.y - box.y } : { x: 0, y: 0 };
}

// ---- document ---------------------------------------------------------------------------------

export function pageSwitchOp(name: string): string {
  return `page switch ${word(name)}`;
}

export function pageAddOp(name: string): string {
  return `page add ${word(name)}`;
}

export function layerVisibilityOp(name: string, visible: boolean): string {
  return `layer ${visible ? 'show' : 'hide'} ${word(name)}`;
}

export const LAYOUT_OP = 'layout @all algo:layered';
