/**
 * One cell on its way into a `.drawio` file: made here, as diagrams.net writes one, or read from
 * the file, as it was read with what changed written in (see drawio-patch.ts). What changed is
 * what differs between two `Facts`: what the model says of the cell now and what it said of the
 * cell as read.
 */
import { formatNumber, markType } from './drawio-cells';
import { type AttributeChange, type CellPatch, type EndPointName, type GeometryPointName, changes, patchCell, patchStyleText } from './drawio-patch';
import { formatStyle, mergeStyle, parseStyle, type Style, type StyleFeature } from './drawio-style';
import { type BuilderNode, attribute, element, nodeElement } from './drawio-xml';
import type { Point } from '../../../../shared/drawio/geometry';
import { innerCell, type Attribute, type FileCell, type XmlNode } from '../../../../shared/drawio/model';

/** What the model says of one cell, as it would write it; compared between now and as read. */
export interface Facts {
  /** The label's value, given the style the cell is written with. */
  readonly value: (style: Style) => string | undefined;
  readonly style: Style;
  /** mxCell attributes besides id, value and style (parent, source, target, visible...). */
  readonly attributes: readonly AttributeChange[];
  /** A vertex's box relative to its parent (x, y, width, height as written; fractions for a relative one). */
  readonly box?: readonly AttributeChange[];
  /** A relative vertex's offset (see relative-geometry.ts). */
  readonly offset?: Point;
  /** An edge's waypoints, relative to its parent. */
  readonly points?: readonly Point[];
  /** An edge's loose ends, relative to its parent. */
  readonly endPoints?: Readonly<Partial<Record<EndPointName, Point>>>;
  /** This studio's data on the wrapper (`tandemAlias`...), written when `name` changed. */
  readonly data: readonly AttributeChange[];
  /** The name references use, for a shape or group. */
  readonly name?: string;
}

/** How a cell's style is kept: the features the model holds, and whether its type changed. */
export interface StyleRule {
  readonly features: readonly StyleFeature[];
  readonly retype?: string;
}

/** Whether a record's own fields are those it read. */
export function sameFields(own: Readonly<Record<string, unknown>>, read: Readonly<Record<string, unknown>>): boolean {
  const keys = new Set([...Object.keys(own), ...Object.keys(read)]);
  for (const key of keys) {
    const a = own[key];
    const b = read[key];
    if (a !== b && (typeof a !== 'object' || typeof b !== 'object' || JSON.stringify(a) !== JSON.stringify(b))) return false;
  }
  return true;
}

/** diagrams.net leaves out a coordinate that is 0. */
function coordinate(n: number): string | undefined {
  return n === 0 ? undefined : formatNumber(n);
}

export function boxAttributes(box: { x: number; y: number; w?: number; h?: number }): AttributeChange[] {
  return [
    ['x', coordinate(box.x)],
    ['y', coordinate(box.y)],
    ['width', box.w !== undefined ? formatNumber(box.w) : undefined],
    ['height', box.h !== undefined ? formatNumber(box.h) : undefined],
  ];
}

const END_POINTS: readonly EndPointName[] = ['sourcePoint', 'targetPoint'];

function endPointXml(point: Point, as: GeometryPointName): XmlNode {
  return { tag: 'mxPoint', attributes: [...boxAttributes(point).filter((a): a is Attribute => a[1] !== undefined), ['as', as]], children: [] };
}

function pointsNode(points: readonly Point[]): BuilderNode {
  return element('Array', { as: 'points' }, points.map((p) => element('mxPoint', { x: coordinate(p.x), y: coordinate(p.y) })));
}

function pointsXml(points: readonly Point[]): XmlNode {
  return {
    tag: 'Array',
    attributes: [['as', 'points']],
    children: points.map((p) => ({ tag: 'mxPoint', attributes: boxAttributes(p).filter((a): a is Attribute => a[1] !== undefined), children: [] })),
  };
}

function samePoints(a: readonly Point[] | undefined, b: readonly Point[] | undefined): boolean {
  const text = (points: readonly Point[] | undefined) => (points ?? []).map((p) => `${formatNumber(p.x)},${formatNumber(p.y)}`).join(' ');
  return text(a) === text(b);
}

export function relative(points: readonly Point[] | undefined, origin: Point): Point[] | undefined {
  return points?.map((p) => ({ x: p.x - origin.x, y: p.y - origin.y }));
}

/** A cell made here, written as diagrams.net writes one. */
export function newCellNode(id: string, facts: Facts, kind: 'vertex' | 'edge' | undefined, extra: { connectable?: false } = {}): BuilderNode {
  const style = formatStyle(facts.style);
  const value = facts.value(facts.style);
  const cellAttributes: AttributeChange[] = [
    ['style', style === '' ? undefined : style],
    ['vertex', kind === 'vertex' ? '1' : undefined],
    ['edge', kind === 'edge' ? '1' : undefined],
    ['connectable', extra.connectable === false ? '0' : undefined],
    ...facts.attributes,
  ];
  const defined = (list: readonly AttributeChange[]) => list.filter((a): a is Attribute => a[1] !== undefined);
  const children: BuilderNode[] = [];
  if (facts.box) children.push(element('mxGeometry', [...defined(facts.box), ['as', 'geometry']]));
  else if (kind === 'edge') {
    const ends = END_POINTS.flatMap((as) => {
      const point = facts.endPoints?.[as];
      return point ? [nodeElement(endPointXml(point, as))] : [];
    });
    children.push(element('mxGeometry', [['relative', '1'], ['as', 'geometry']], [...ends, ...(facts.points?.length ? [pointsNode(facts.points)] : [])]));
  }
  const data = defined(facts.data);
  if (data.length === 0) {
    return element('mxCell', [['id', id], ...(value !== undefined ? [['value', value] as const] : []), ...defined(cellAttributes)], children);
  }
  return element('object', [['label', value ?? ''], ...data, ['id', id]], [element('mxCell', defined(cellAttributes), children)]);
}

/**
 * A cell read from a file: its XML as read with what changed between `read` and `now` (the facts
 * of the record as read and as it is) written in. `id` is the cell id it is written with.
 */
export function patchedCellNode(file: FileCell, id: string, now: Facts, read: Facts, rule: StyleRule): BuilderNode {
  const source = file.source;
  const cell = innerCell(source);
  const keptText = attribute(cell, 'style');
  const kept = parseStyle(keptText ?? '');
  const style = mergeStyle(kept, now.style, rule.features, read.style);
  if (rule.retype !== undefined) markType(style, rule.retype);
  const styleText = formatStyle(style) === formatStyle(kept) ? keptText : patchStyleText(keptText ?? '', kept, style);
  const attributes = changes(read.attributes, now.attributes);
  if (styleText !== keptText) attributes.push(['style', styleText]);
  const readValue = read.value(style);
  const value = now.value(style);
  if (value !== readValue) attributes.push(['value', value]);
  if (attribute(source, 'id') !== undefined && attribute(source, 'id') !== id) attributes.push(['id', id]);
  const patch: CellPatch = {
    attributes,
    geometry: now.box && read.box ? changes(read.box, now.box) : [],
    ...(!samePoints(read.points, now.points) && { points: now.points?.length ? pointsXml(now.points) : null }),
    endPoints: [...END_POINTS, 'offset' as const].flatMap((as) => {
      const [was, point] = as === 'offset' ? [read.offset, now.offset] : [read.endPoints?.[as], now.endPoints?.[as]];
      if (samePoints(was && [was], point && [point])) return [];
      return [[as, point ? endPointXml(point, as) : null] as const];
    }),
    // A name is written only where one was given here: an unchanged name stays as the file had it.
    data: now.name === read.name ? [] : changes(read.data, now.data),
  };
  return nodeElement(patchCell(source, patch));
}
