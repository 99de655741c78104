/**
 * What a cell's drawing takes from the cells around it, as diagrams.net resolves it when it draws:
 * a colour given as `inherit` (its parent's) or `swimlane` (the nearest swimlane's around it,
 * mxCellRenderer's resolveColor), and a label's `%name%` placeholders with `placeholders=1` (the
 * cell's own data, else its containers', nearest first, then its layer's and its page's root
 * cell's; Graph's replacePlaceholders). Only the
 * drawing changes: the cell keeps its text and style as the file has them. Pure.
 */
import { textToHtml } from '../label-html';
import { attribute, fileCellId, fileStyleText, type EdgeRecord, type GroupRecord, type LayerRecord, type PageRecord, type ShapeRecord } from '../model';
import { styleEntries } from '../stencils';
import type { ShapeColors } from './cell-paint';

type Groups = ReadonlyMap<string, GroupRecord>;
/** The layers and pages a shape lies on, whose data placeholders reach after its containers'. */
export interface Surroundings {
  layers: ReadonlyMap<string, LayerRecord>;
  pages: ReadonlyMap<string, PageRecord>;
}
const STYLE_KEYS = { fill: 'fillColor', stroke: 'strokeColor', fontColor: 'fontColor' } as const;
/** What a reference that finds no cell leaves: diagrams.net's white fill, black stroke and text. */
const UNRESOLVED = { fill: '#ffffff', stroke: '#000000', fontColor: '#000000' } as const;
/** A group's chain of containers is followed this far at most (a file could loop). */
const MAX_DEPTH = 64;

const isReference = (value: string) => value === 'inherit' || value === 'swimlane';

/** Whether any of the colours names another cell's. */
export function referencesColor(colors: ShapeColors): boolean {
  return isReference(colors.fill) || isReference(colors.stroke) || isReference(colors.fontColor);
}

function isSwimlane(group: GroupRecord): boolean {
  const style = styleEntries(fileStyleText(group.file) ?? '');
  return style.has('swimlane') || style.get('shape') === 'swimlane' || (group.swimlane !== undefined && style.size === 0);
}

/** A group's own colour for `key` as its file gives it, a reference followed on from there. */
function groupColor(group: GroupRecord, key: keyof ShapeColors, groups: Groups, depth: number): string {
  const value = styleEntries(fileStyleText(group.file) ?? '').get(STYLE_KEYS[key]);
  if (value === undefined || value === 'default') return UNRESOLVED[key];
  return isReference(value) && depth < MAX_DEPTH ? resolve(value, key, group.parentId, groups, depth + 1) : value;
}

function resolve(value: string, key: keyof ShapeColors, parentId: string | undefined, groups: Groups, depth: number): string {
  let group = parentId === undefined ? undefined : groups.get(parentId);
  if (value === 'swimlane') {
    for (let hops = 0; group && !isSwimlane(group) && hops < MAX_DEPTH; hops++) group = group.parentId === undefined ? undefined : groups.get(group.parentId);
  }
  return group ? groupColor(group, key, groups, depth) : UNRESOLVED[key];
}

/** The colours with each `inherit` or `swimlane` replaced by the colour it refers to. */
export function referencedColors(colors: ShapeColors, parentId: string | undefined, groups: Groups): ShapeColors {
  if (!referencesColor(colors)) return colors;
  const one = (key: keyof ShapeColors) => (isReference(colors[key]) ? resolve(colors[key], key, parentId, groups, 0) : colors[key]);
  return { fill: one('fill'), stroke: one('stroke'), fontColor: one('fontColor') };
}

/** The container an edge is written in (its file parent), when it is one: found by its id in the file. */
function edgeParent(edge: Pick<EdgeRecord, 'file'>, groups: Groups): GroupRecord | undefined {
  const parent = edge.file?.parent;
  if (parent === undefined) return undefined;
  const byId = groups.get(parent);
  if (byId && fileCellId(byId) === parent) return byId;
  for (const group of groups.values()) if (fileCellId(group) === parent) return group;
  return undefined;
}

/**
 * The edge as drawn when its stroke names another cell's (`strokeColor=inherit`, as diagrams.net's
 * SysML and UML palettes write the edges inside a block): the stroke of the container it is written
 * in (black when that container gives none), `swimlane` the nearest swimlane's around it. The same
 * record when its stroke is its own, so the canvas keeps its identity.
 */
export function withReferencedStroke<T extends Pick<EdgeRecord, 'stroke' | 'file'>>(edge: T, groups: Groups): T {
  if (edge.stroke === undefined || !isReference(edge.stroke)) return edge;
  return { ...edge, stroke: resolve(edge.stroke, 'stroke', edgeParent(edge, groups)?.id, groups, 0) };
}

const PLACEHOLDER = /%([A-Za-z_][\w.-]*)%/g;

/** Whether a shape's label has placeholders to fill (`placeholders=1` in its data). */
export function hasPlaceholders(record: Pick<ShapeRecord, 'file'>): boolean {
  return record.file?.data?.some(([name, value]) => name === 'placeholders' && value === '1') ?? false;
}

/**
 * A label's text (or HTML) with each `%name%` replaced by the value of `name` in the shape's data
 * or its containers' (nearest first); a name none of them has is left as it is written. `label`
 * and `placeholders` are not data to show.
 */
export function fillPlaceholders(
  text: string,
  record: Pick<ShapeRecord, 'file' | 'groupId'> & Partial<Pick<ShapeRecord, 'layerId' | 'pageId'>>,
  groups: Groups,
  escape: (value: string) => string = (v) => v,
  around?: Surroundings,
): string {
  const lookup = (name: string): string | undefined => {
    if (name === 'label' || name === 'placeholders' || name === 'id') return undefined;
    const own = record.file?.data?.find(([key]) => key === name)?.[1];
    if (own !== undefined) return own;
    let group = record.groupId === undefined ? undefined : groups.get(record.groupId);
    for (let hops = 0; group && hops < MAX_DEPTH; hops++) {
      const value = group.file?.data?.find(([key]) => key === name)?.[1];
      if (value !== undefined) return value;
      group = group.parentId === undefined ? undefined : groups.get(group.parentId);
    }
    // Then the layer's data and the page's root cell's (cell 0, where diagrams.net keeps a file's own properties).
    const layer = record.layerId === undefined ? undefined : around?.layers.get(record.layerId);
    const fromLayer = layer?.file?.data?.find(([key]) => key === name)?.[1];
    if (fromLayer !== undefined) return fromLayer;
    const root = record.pageId === undefined ? undefined : around?.pages.get(record.pageId)?.file?.root;
    return root && attribute(root, name);
  };
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = lookup(name);
    return value === undefined ? whole : escape(value);
  });
}

/** A shape as drawn with what it takes from around it: its colours resolved and its label's placeholders filled. */
export function drawnReferences(
  record: Pick<ShapeRecord, 'file' | 'groupId' | 'text' | 'html'> & Partial<Pick<ShapeRecord, 'layerId' | 'pageId'>>,
  colors: ShapeColors,
  groups: Groups,
  around?: Surroundings,
): { colors: ShapeColors; text: string; html?: string } {
  const filled = hasPlaceholders(record);
  return {
    colors: referencedColors(colors, record.groupId, groups),
    text: filled ? fillPlaceholders(record.text, record, groups, undefined, around) : record.text,
    ...(record.html !== undefined && { html: filled ? fillPlaceholders(record.html, record, groups, textToHtml, around) : record.html }),
  };
}

/** Whether a shape draws anything from around it (then it is drawn by drawnReferences). */
export function takesReferences(record: Pick<ShapeRecord, 'file'>, colors: ShapeColors): boolean {
  return referencesColor(colors) || hasPlaceholders(record);
}
