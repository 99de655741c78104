/**
 * A diagrams.net file as an independent parser (fast-xml-parser, not drawio-read.ts) reads it:
 * its mxfile, pages and cells as plain element trees with attributes in file order, compressed
 * pages inflated here. Tests and the bench compare files through it: what a save kept, and which
 * cells (and which of their attributes) an edit changed. Imported by tests and bench only.
 */
import { inflateRawSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';

export type Attrs = ReadonlyArray<readonly [string, string]>;

/** An element: tag, attributes in order, child elements in order (text is ignored but for pages). */
export interface OutlineNode {
  readonly tag: string;
  readonly attrs: Attrs;
  readonly children: readonly OutlineNode[];
}

export interface OutlinePage {
  readonly diagram: Attrs;
  readonly compressed: boolean;
  readonly model: Attrs;
  /** The children of `<root>`, in file order. */
  readonly cells: readonly OutlineNode[];
}

export interface Outline {
  readonly mxfile: Attrs;
  readonly pages: readonly OutlinePage[];
}

type Raw = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
});

function tagOf(node: Raw): string {
  return Object.keys(node).find((key) => key !== ':@')!;
}

function rawChildren(node: Raw): Raw[] {
  const content = node[tagOf(node)];
  return Array.isArray(content) ? (content as Raw[]) : [];
}

function toNode(node: Raw): OutlineNode {
  const attrs = Object.entries((node[':@'] as Record<string, string> | undefined) ?? {}).map(([k, v]) => [k, String(v)] as const);
  const children = rawChildren(node)
    .filter((child) => !('#text' in child))
    .map(toNode);
  return { tag: tagOf(node), attrs, children };
}

function textOf(node: Raw): string {
  return rawChildren(node)
    .map((child) => String(child['#text'] ?? ''))
    .join('');
}

function elements(xml: string): Raw[] {
  return (parser.parse(xml) as Raw[]).filter((node) => !('#text' in node) && !tagOf(node).startsWith('?'));
}

export function attr(node: { readonly attrs: Attrs }, name: string): string | undefined {
  return node.attrs.find(([key]) => key === name)?.[1];
}

/** The `mxCell` of a cell, wrapped (`object`, `UserObject`) or not. */
export function innerCell(node: OutlineNode): OutlineNode {
  return node.tag === 'mxCell' ? node : (node.children.find((child) => child.tag === 'mxCell') ?? node);
}

export function cellId(node: OutlineNode): string {
  return attr(node, 'id') ?? '';
}

export function outline(xml: string): Outline {
  const [top] = elements(xml);
  const mxfileRaw = tagOf(top) === 'mxfile' ? top : { mxfile: [{ diagram: [top] }] };
  const pages = rawChildren(mxfileRaw)
    .filter((child) => !('#text' in child) && tagOf(child) === 'diagram')
    .map((diagram): OutlinePage => {
      let model = rawChildren(diagram).find((child) => !('#text' in child) && tagOf(child) === 'mxGraphModel');
      const compressed = !model && textOf(diagram).trim() !== '';
      if (!model && compressed) {
        const inflated = decodeURIComponent(inflateRawSync(Buffer.from(textOf(diagram).trim(), 'base64')).toString('utf8'));
        model = elements(inflated).find((node) => tagOf(node) === 'mxGraphModel');
      }
      const modelNode = model ? toNode(model) : undefined;
      const root = modelNode?.children.find((child) => child.tag === 'root');
      return { diagram: toNode(diagram).attrs, compressed, model: modelNode?.attrs ?? [], cells: root?.children ?? [] };
    });
  return { mxfile: tagOf(top) === 'mxfile' ? toNode(top).attrs : [], pages };
}

function sameNode(a: OutlineNode, b: OutlineNode): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What differs between two files, in words (empty when the second keeps all of the first). */
export function differences(before: Outline, after: Outline): string[] {
  const out: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(before.mxfile, after.mxfile)) out.push(`mxfile attributes: ${JSON.stringify(before.mxfile)} -> ${JSON.stringify(after.mxfile)}`);
  if (before.pages.length !== after.pages.length) out.push(`pages: ${before.pages.length} -> ${after.pages.length}`);
  before.pages.forEach((page, index) => {
    const written = after.pages[index];
    if (!written) return;
    const where = `page ${index + 1}`;
    if (!same(page.diagram, written.diagram)) out.push(`${where} diagram: ${JSON.stringify(page.diagram)} -> ${JSON.stringify(written.diagram)}`);
    if (page.compressed !== written.compressed) out.push(`${where} compressed: ${page.compressed} -> ${written.compressed}`);
    if (!same(page.model, written.model)) out.push(`${where} mxGraphModel: ${JSON.stringify(page.model)} -> ${JSON.stringify(written.model)}`);
    for (const id of changedCells(page, written)) out.push(`${where} cell ${id}: ${cellChanges(page, written, id).join(', ')}`);
    const order = (p: OutlinePage) => p.cells.map(cellId).join(' ');
    if (out.length === 0 && order(page) !== order(written)) out.push(`${where}: cells in another order`);
  });
  return out;
}

function byId(page: OutlinePage): Map<string, OutlineNode> {
  return new Map(page.cells.map((cell) => [cellId(cell), cell]));
}

/** Ids of the cells added, removed or changed in any way, sorted. */
export function changedCells(before: OutlinePage, after: OutlinePage): string[] {
  const a = byId(before);
  const b = byId(after);
  const ids = new Set([...a.keys(), ...b.keys()]);
  return [...ids].filter((id) => !a.has(id) || !b.has(id) || !sameNode(a.get(id)!, b.get(id)!)).sort();
}

/** Ids of the cells in `after` that `before` did not have. */
export function addedCells(before: OutlinePage, after: OutlinePage): string[] {
  const a = byId(before);
  return after.cells.map(cellId).filter((id) => !a.has(id));
}

/**
 * What changed in one cell, as `added`, `removed`, `wrapper`, attribute names (`value`, `style`,
 * `parent`, data of the wrapper as `data:NAME`) and geometry parts (`geometry.x`, `geometry.points`...).
 */
export function cellChanges(before: OutlinePage, after: OutlinePage, id: string): string[] {
  const a = byId(before).get(id);
  const b = byId(after).get(id);
  if (!a) return ['added'];
  if (!b) return ['removed'];
  const out: string[] = [];
  if (a.tag !== b.tag) out.push('wrapper');
  const wrapperAttrs = (n: OutlineNode) => (n.tag === 'mxCell' ? [] : n.attrs.map(([k, v]) => [k === 'label' ? 'value' : `data:${k}`, v] as const));
  const cellAttrs = (n: OutlineNode) => [...wrapperAttrs(n), ...innerCell(n).attrs.filter(([k]) => n.tag === 'mxCell' || k !== 'id')];
  out.push(...attrChanges(cellAttrs(a), cellAttrs(b), ''));
  const geometry = (n: OutlineNode) => innerCell(n).children.find((child) => child.tag === 'mxGeometry');
  const ga = geometry(a);
  const gb = geometry(b);
  if (!ga !== !gb) out.push('geometry');
  else if (ga && gb) {
    out.push(...attrChanges(ga.attrs, gb.attrs, 'geometry.'));
    const parts = (g: OutlineNode) => new Map(g.children.map((child) => [`geometry.${attr(child, 'as') ?? child.tag}`, JSON.stringify(child)]));
    const pa = parts(ga);
    const pb = parts(gb);
    for (const key of new Set([...pa.keys(), ...pb.keys()])) if (pa.get(key) !== pb.get(key)) out.push(key);
  }
  const others = (n: OutlineNode) => JSON.stringify(innerCell(n).children.filter((child) => child.tag !== 'mxGeometry'));
  if (others(a) !== others(b)) out.push('children');
  if (out.length === 0) out.push('order of attributes');
  return out;
}

function attrChanges(a: Attrs, b: Attrs, prefix: string): string[] {
  const ma = new Map(a);
  const mb = new Map(b);
  return [...new Set([...ma.keys(), ...mb.keys()])].filter((key) => ma.get(key) !== mb.get(key)).map((key) => `${prefix}${key}`);
}

/** Style string to entries in order, as diagrams.net splits it. */
export function styleEntries(style: string | undefined): Array<[string, string | undefined]> {
  return (style ?? '')
    .split(';')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? [part, undefined] : [part.slice(0, eq), part.slice(eq + 1)];
    });
}
