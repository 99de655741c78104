/**
 * How shapes, edges and counts read in answers and queries. Verbs and queries share these, so a
 * shape looks the same in `+svc ...`, in `list` and in `describe`.
 */
import { headMarkerName } from '../../../shared/drawio/edge-style';
import { portText, type EdgeRecord, type ShapeRecord, type StyleOverrides } from '../../../shared/drawio/model';
import { fileMarker } from '../../../shared/drawio/render/file-markers';
import { quoteName } from './refs';
import type { Rect } from './store-index';
import type { DrawioView } from './view';

export { capLines, plural } from '../../fcp/text';

export function quoteText(text: string): string {
  return JSON.stringify(text);
}

export function position(r: { x: number; y: number }): string {
  return `(${r.x},${r.y})`;
}

export function geometry(r: Rect): string {
  return `@(${r.x},${r.y} ${r.w}x${r.h})`;
}

/** The name a shape id goes by in answers: its alias, or the id itself once the shape is gone. */
export function shapeName(view: DrawioView, shapeId: string): string {
  const shape = view.shape(shapeId);
  if (shape) return quoteName(shape.alias);
  // An edge's end may be a container.
  const group = view.group(shapeId);
  return group ? `group:${quoteName(group.name)}` : `#${shapeId}`;
}

/** `svc AuthService @(200,200 140x60) blue`, then `label:"..."` and `in:GROUP` when they apply. */
export function shapeSummary(view: DrawioView, shape: ShapeRecord): string {
  let out = `${shape.type} ${quoteName(shape.alias)} ${geometry(shape)} ${shape.theme}`;
  if (shape.text !== shape.alias) out += ` label:${quoteText(shape.text)}`;
  if (shape.groupId) out += ` in:${quoteName(view.group(shape.groupId)?.name ?? shape.groupId)}`;
  return out;
}

/** `AuthService(svc) @(200,200)`: the short form of `map`. */
export function shapeBrief(view: DrawioView, shape: ShapeRecord): string {
  let out = `${quoteName(shape.alias)}(${shape.type}) @${position(shape)}`;
  if (shape.text !== shape.alias) out += ` ${quoteText(shape.text)}`;
  if (shape.groupId) out += ` in:${quoteName(view.group(shape.groupId)?.name ?? shape.groupId)}`;
  return out;
}

/** The arrow an edge is drawn with, from its heads. */
export function arrowOf(edge: Pick<EdgeRecord, 'sourceArrow' | 'targetArrow'>): string {
  const source = edge.sourceArrow !== 'none';
  const target = edge.targetArrow !== 'none';
  if (source && target) return '<->';
  if (target) return '->';
  if (source) return '<-';
  return '--';
}

/** `AuthService->UserDB`. */
export function edgeEnds(view: DrawioView, edge: EdgeRecord, nameOf = (id: string) => shapeName(view, id)): string {
  // A loose end is named by its point: `@(40,300)->Lambda`.
  const end = (id: string, point: { x: number; y: number } | undefined) => (id === '' ? `@${position(roundPoint(point ?? { x: 0, y: 0 }))}` : nameOf(id));
  return `${end(edge.source, edge.sourcePoint)}${arrowOf(edge)}${end(edge.target, edge.targetPoint)}`;
}

/** `AuthService->UserDB "queries" solid`, then any head, port or colour that is not the default. */
export function edgeSummary(view: DrawioView, edge: EdgeRecord, nameOf = (id: string) => shapeName(view, id)): string {
  let out = edgeEnds(view, edge, nameOf);
  if (edge.label) out += ` ${quoteText(edge.label)}`;
  out += ` ${edge.lineStyle}`;
  if (edge.sourceArrow !== 'none' && edge.sourceArrow !== 'arrow') out += ` source-arrow:${edge.sourceArrow}`;
  if (edge.targetArrow !== 'none' && edge.targetArrow !== 'arrow') out += ` target-arrow:${edge.targetArrow}`;
  out += fileMarkerText(edge, 'source') + fileMarkerText(edge, 'target');
  if (edge.exit) out += ` exit:${portText(edge.exit)}`;
  if (edge.entry) out += ` entry:${portText(edge.entry)}`;
  if (edge.stroke) out += ` stroke:${edge.stroke}`;
  if (edge.points?.length) out += ` via:${waypoints(edge.points)}`;
  return out;
}

/**
 * The end a file draws where the studio's head name does not say it (`ERmandOne`, `box`, `block`,
 * SysML's ends...): ` target-marker:ERmandOne`, so the AI reads an entity-relation end as one.
 */
function fileMarkerText(edge: EdgeRecord, end: 'source' | 'target'): string {
  const head = end === 'source' ? edge.sourceArrow : edge.targetArrow;
  const marker = fileMarker(edge, end);
  return marker && marker.name !== headMarkerName(head) ? ` ${end}-marker:${marker.name}` : '';
}

/** Waypoints as `via:` takes them: `300,200;300,400`. */
export function waypoints(points: readonly { x: number; y: number }[]): string {
  return points.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).join(';');
}

function roundPoint(p: { x: number; y: number }): { x: number; y: number } {
  return { x: Math.round(p.x), y: Math.round(p.y) };
}

const STYLE_KEYS: ReadonlyArray<[keyof StyleOverrides, string]> = [
  ['fill', 'fill'],
  ['stroke', 'stroke'],
  ['fontColor', 'font-color'],
  ['fontSize', 'font-size'],
  ['opacity', 'opacity'],
];
const STYLE_FLAGS: ReadonlyArray<keyof StyleOverrides> = ['rounded', 'dashed', 'shadow', 'bold', 'italic', 'underline'];

/** Style overrides as the `style` verb would write them: `fill:#ff0000 bold no-shadow`. */
export function styleSummary(style: StyleOverrides): string {
  const parts: string[] = [];
  for (const [key, name] of STYLE_KEYS) if (style[key] !== undefined) parts.push(`${name}:${style[key]}`);
  for (const flag of STYLE_FLAGS) if (style[flag] !== undefined) parts.push(style[flag] ? flag : `no-${flag}`);
  return parts.join(' ');
}

