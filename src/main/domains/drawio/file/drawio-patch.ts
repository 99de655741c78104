/**
 * Changing a cell a file had, in place: the attributes an edit changed get their new values where
 * they were (a new one goes where diagrams.net writes it), everything else of the cell stays as
 * read, in its order. drawio-write.ts decides what changed; this file only rewrites the XML.
 */
import { attribute, childElement } from './drawio-xml';
import type { Attribute, XmlNode } from '../../../../shared/drawio/model';

/** A change of attributes: a value sets one, undefined removes it. */
export type AttributeChange = readonly [name: string, value: string | undefined];

export interface CellPatch {
  /** `mxCell` attributes; `value` and `id` go to the wrapper (as `label` and `id`) of a wrapped cell. */
  readonly attributes: readonly AttributeChange[];
  /** `mxGeometry` attributes (x, y, width, height, relative). */
  readonly geometry: readonly AttributeChange[];
  /** New waypoints as an `<Array as="points">`, or null to remove them; absent leaves them. */
  readonly points?: XmlNode | null;
  /**
   * An edge's loose ends (`<mxPoint as="sourcePoint|targetPoint">`) or a relative vertex's
   * `<mxPoint as="offset">`: a new point, or null to remove it.
   */
  readonly endPoints?: ReadonlyArray<readonly [as: GeometryPointName, point: XmlNode | null]>;
  /** Wrapper attributes (custom data); a bare cell is wrapped in `<object>` to hold a new one. */
  readonly data: readonly AttributeChange[];
}

export type EndPointName = 'sourcePoint' | 'targetPoint';
export type GeometryPointName = EndPointName | 'offset';

/** Where diagrams.net writes a cell's attributes and its geometry's, in order. */
const CELL_ORDER = ['id', 'value', 'style', 'vertex', 'edge', 'connectable', 'parent', 'source', 'target', 'visible'];
const GEOMETRY_ORDER = ['x', 'y', 'width', 'height', 'relative', 'as'];

/**
 * `attributes` with `name` set to `value` in its place, or, when new, before the first attribute
 * that `order` puts after it (else at the end); undefined removes it.
 */
export function withAttribute(attributes: readonly Attribute[], name: string, value: string | undefined, order: readonly string[]): Attribute[] {
  const at = attributes.findIndex(([key]) => key === name);
  if (value === undefined) return at < 0 ? [...attributes] : attributes.filter((_, i) => i !== at);
  if (at >= 0) return attributes.map((entry, i) => (i === at ? ([name, value] as const) : entry));
  const rank = order.indexOf(name);
  const before = rank < 0 ? -1 : attributes.findIndex(([key]) => order.indexOf(key) > rank);
  const out = [...attributes];
  out.splice(before < 0 ? out.length : before, 0, [name, value]);
  return out;
}

function isEmpty(patch: CellPatch): boolean {
  return patch.attributes.length === 0 && patch.geometry.length === 0 && patch.points === undefined && !patch.endPoints?.length && patch.data.length === 0;
}

const isGeometry = (node: XmlNode) => node.tag === 'mxGeometry' && attribute(node, 'as') !== 'alternateBounds';
const isPoints = (node: XmlNode) => node.tag === 'Array' && attribute(node, 'as') === 'points';
const isEndPoint = (node: XmlNode, as?: GeometryPointName) =>
  node.tag === 'mxPoint' && (as === undefined ? ['sourcePoint', 'targetPoint'].includes(attribute(node, 'as') ?? '') : attribute(node, 'as') === as);

/** The cell `source` with `patch` applied; `source` itself when the patch changes nothing. */
export function patchCell(source: XmlNode, patch: CellPatch): XmlNode {
  if (isEmpty(patch)) return source;
  let wrapper: XmlNode | undefined = source.tag === 'mxCell' ? undefined : source;
  let cell: XmlNode = wrapper ? (childElement(wrapper, 'mxCell') ?? { tag: 'mxCell', attributes: [], children: [] }) : source;
  if (!wrapper && patch.data.some(([, value]) => value !== undefined)) {
    wrapper = { tag: 'object', attributes: [['label', attribute(cell, 'value') ?? ''], ['id', attribute(cell, 'id') ?? '']], children: [] };
    cell = { ...cell, attributes: cell.attributes.filter(([name]) => name !== 'id' && name !== 'value') };
  }
  let cellAttributes = cell.attributes;
  let wrapperAttributes = wrapper?.attributes ?? [];
  for (const [name, value] of patch.attributes) {
    if (wrapper && (name === 'value' || name === 'id')) {
      wrapperAttributes = withAttribute(wrapperAttributes, name === 'value' ? 'label' : 'id', value ?? '', ['label', 'id']);
    } else {
      cellAttributes = withAttribute(cellAttributes, name, value, CELL_ORDER);
    }
  }
  for (const [name, value] of patch.data) wrapperAttributes = withAttribute(wrapperAttributes, name, value, ['label', name, 'id']);
  let children = cell.children;
  if (patch.geometry.length > 0 || patch.points !== undefined || patch.endPoints?.length) {
    const at = children.findIndex(isGeometry);
    const geometry = at >= 0 ? children[at] : { tag: 'mxGeometry', attributes: [['as', 'geometry'] as const], children: [] };
    const patched = patchGeometry(geometry, patch);
    children = at >= 0 ? children.map((child, i) => (i === at ? patched : child)) : [patched, ...children];
  }
  const patchedCell: XmlNode = { tag: cell.tag, attributes: cellAttributes, children };
  if (!wrapper) return patchedCell;
  return {
    tag: wrapper.tag,
    attributes: wrapperAttributes,
    children: wrapper.children.length > 0 ? wrapper.children.map((child) => (child.tag === 'mxCell' ? patchedCell : child)) : [patchedCell],
  };
}

/** Geometry with new attributes and waypoints; the points go after any end points, before the rest. */
function patchGeometry(geometry: XmlNode, patch: CellPatch): XmlNode {
  let attributes = geometry.attributes;
  for (const [name, value] of patch.geometry) attributes = withAttribute(attributes, name, value, GEOMETRY_ORDER);
  let children = geometry.children;
  if (patch.points !== undefined) {
    const at = children.findIndex(isPoints);
    if (patch.points === null) children = children.filter((_, i) => i !== at);
    else if (at >= 0) children = children.map((child, i) => (i === at ? patch.points! : child));
    else {
      const before = children.findIndex((child) => !isEndPoint(child));
      const where = before < 0 ? children.length : before;
      children = [...children.slice(0, where), patch.points, ...children.slice(where)];
    }
  }
  for (const [as, point] of patch.endPoints ?? []) {
    const at = children.findIndex((child) => isEndPoint(child, as));
    if (point === null) children = children.filter((_, i) => i !== at);
    else if (at >= 0) children = children.map((child, i) => (i === at ? point : child));
    else {
      // diagrams.net writes sourcePoint, then targetPoint, before the waypoints; the offset last.
      const source = children.findIndex((child) => isEndPoint(child, 'sourcePoint'));
      const where = as === 'offset' ? children.length : as === 'targetPoint' && source >= 0 ? source + 1 : 0;
      children = [...children.slice(0, where), point, ...children.slice(where)];
    }
  }
  return { tag: geometry.tag, attributes, children };
}

/** The changes that turn `before` into `after`: each name whose value differs. */
export function changes(before: readonly AttributeChange[], after: readonly AttributeChange[]): AttributeChange[] {
  const was = new Map(before);
  return after.filter(([name, value]) => was.get(name) !== value);
}

/** A style's entries as parsed: key -> value, undefined for a bare name such as `ellipse`. */
type StyleEntries = ReadonlyMap<string, string | undefined>;

/**
 * The style text `text` (whose entries are `kept`) changed into `wanted`: each key whose entry
 * differs is set in its place (the last of repeated keys, the one diagrams.net reads) or removed,
 * new keys go at the end; every other byte of the text stays as written.
 */
export function patchStyleText(text: string, kept: StyleEntries, wanted: StyleEntries): string {
  const parts = text.split(';');
  const keyOf = (part: string) => part.split('=')[0].trim();
  const spell = (key: string, value: string | undefined) => (value === undefined ? key : `${key}=${value}`);
  let out = parts;
  for (const key of kept.keys()) if (!wanted.has(key)) out = out.filter((part) => keyOf(part) !== key);
  for (const [key, value] of wanted) {
    if (kept.has(key) && kept.get(key) === value) continue;
    let at = -1;
    out.forEach((part, i) => {
      if (keyOf(part) === key) at = i;
    });
    if (at >= 0) out = out.map((part, i) => (i === at ? spell(key, value) : part));
    else {
      // Before the empty piece a closing `;` leaves, so that the text still ends with one.
      const end = out.length > 0 && out[out.length - 1].trim() === '' ? out.length - 1 : out.length;
      out = [...out.slice(0, end), spell(key, value), ...out.slice(end)];
    }
  }
  return out.join(';');
}
