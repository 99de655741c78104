/**
 * Edge ends diagrams.net draws by name, drawn with its geometry (its mxMarker shapes) while the
 * edge's head is the one the file gave it: the arrowheads (`classic`, `block`, `open`, `diamond`
 * and their thin kinds, sized by endSize/startSize plus the stroke width, the tip pulled back by
 * part of the stroke so its mitred point lands on the end), UML's socket (`halfCircle`) and
 * lollipop (`oval`), and the entity-relation ends (`ERone`, `ERmandOne`, `ERmany`, `ERoneToMany`,
 * `ERzeroToOne`, `ERzeroToMany`, measured back from the tip by L = size + stroke width + 1), and
 * the rest of its menu: the half arrows (`async`, `openAsync`), `box`, `circle`, `circlePlus`,
 * `cross` and `dash`; and the ends the shape libraries add (SysML's, file-markers-libraries).
 * diagrams.net ends the line where the head's back is (`shortening`); the canvas and the export
 * draw the ends as SVG markers from here and shorten the path by the same. Pure.
 */
import type { EdgeRecord } from '../model';
import { edgeStyleText, madeEdgeStyle, type StyledEdge } from '../edge-style';
import { styleEntries } from '../stencils';
import type { Point } from '../geometry';
import { isLibraryMarker, LIBRARY_MARKERS, libraryMarkerParts, OWN_FILL_MARKERS } from './file-markers-libraries';
import { partsReach, type MarkerPart, type PartFill } from './marker-parts';

const ARROWHEADS = ['classic', 'classicThin', 'block', 'blockThin', 'open', 'openThin', 'diamond', 'diamondThin'] as const;
/** Heads drawn on one side of the line only: its right at the end, its left at the start, as diagrams.net draws them. */
const ONE_SIDED = ['async', 'openAsync'] as const;
/** The heads of diagrams.net's menu past the arrowheads, drawn as parts (see menuHeadParts). */
const MENU_HEADS = [...ONE_SIDED, 'box', 'circle', 'circlePlus', 'cross', 'dash'] as const;
const NAMES = [
  ...ARROWHEADS, ...MENU_HEADS, 'halfCircle', 'oval', 'ERone', 'ERmandOne', 'ERmany', 'ERoneToMany', 'ERzeroToOne', 'ERzeroToMany', ...LIBRARY_MARKERS,
] as const;
export type FileMarkerName = (typeof NAMES)[number];

/** Whether diagrams.net registers an edge end of this name (it draws nothing for any other). */
export function isDiagramsNetMarker(name: string): name is FileMarkerName {
  return (NAMES as readonly string[]).includes(name);
}

export interface FileMarker {
  name: FileMarkerName;
  /** `endSize`/`startSize` (diagrams.net's default 6). */
  size: number;
  strokeWidth: number;
  /** `endFill`/`startFill` is not 0: an ER circle filled white, a lollipop filled in the stroke's colour. */
  filled: boolean;
  /** A one-sided head (async) at the edge's start, which lies on the other side of the line. */
  atSource?: true;
  /** The edge's own `fillColor`, for the ends filled with it (SysML's interfaces); none unless the style names one. */
  fillColor?: string;
}

const DEFAULT_SIZE = 6;

function positive(value: string | undefined, fallback: number, most: number): number {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? Math.min(n, most) : fallback;
}

/** An edge's style with the head at `end` as it will be written (a head edited here written as madeEdgeStyle writes it). */
export function headStyle(edge: StyledEdge & Pick<EdgeRecord, 'file'>, end: 'source' | 'target'): Map<string, string> {
  const key = end === 'source' ? 'sourceArrow' : 'targetArrow';
  const read = edge.file?.read as Partial<EdgeRecord> | undefined;
  const style = styleEntries(edgeStyleText(edge));
  const prefix = end === 'source' ? 'start' : 'end';
  // A head edited here is written as the studio writes its heads (madeEdgeStyle): drawn as diagrams.net will draw that.
  if (read && read[key] !== undefined && read[key] !== edge[key]) {
    const made = madeEdgeStyle(edge);
    for (const written of [`${prefix}Arrow`, `${prefix}Fill`]) {
      const value = made.get(written);
      if (value === undefined) style.delete(written);
      else style.set(written, value);
    }
  }
  return style;
}

/** The named end an edge's style gives it at `end`, or will give it once written (a head edited here). */
export function fileMarker(edge: StyledEdge & Pick<EdgeRecord, 'file'>, end: 'source' | 'target'): FileMarker | undefined {
  const style = headStyle(edge, end);
  const prefix = end === 'source' ? 'start' : 'end';
  // diagrams.net's default edge has a classic end arrow and no start arrow.
  const name = style.get(`${prefix}Arrow`) ?? (end === 'target' && edge.targetArrow === 'arrow' ? 'classic' : undefined);
  if (!name || !isDiagramsNetMarker(name)) return undefined;
  const fillColor = style.get('fillColor');
  return {
    name: name as FileMarkerName,
    size: positive(style.get(`${prefix}Size`), DEFAULT_SIZE, 60),
    strokeWidth: positive(style.get('strokeWidth'), 1, 20),
    filled: style.get(`${prefix}Fill`) !== '0',
    ...(end === 'source' && (ONE_SIDED as readonly string[]).includes(name) && { atSource: true as const }),
    ...(OWN_FILL_MARKERS.has(name) && fillColor && fillColor !== 'none' && { fillColor }),
  };
}

/** The marker's id: its name, size, stroke, fill and colour. */
export function fileMarkerId(marker: FileMarker, color: string): string {
  const size = `${marker.size}-${marker.strokeWidth}`.replace(/[^0-9-]/g, '_');
  const fill = marker.fillColor ? `-fill${marker.fillColor.replace(/[^0-9a-zA-Z]/g, '')}` : '';
  return `tandem-file-marker-${marker.name}${marker.atSource ? '-start' : ''}-${size}${marker.filled ? '' : '-open'}${fill}-${color.replace(/[^0-9a-zA-Z]/g, '')}`;
}

/**
 * An arrowhead as mxMarker draws it, pointing along +x with the end at the origin: its outline
 * (closed unless open), and how far back the line stops. U = size + stroke width is its length;
 * its half-width is U / 2 (U / 3 for a thin one; a diamond U / 2 and U / 3.4); the tip sits back
 * from the end by the stroke times 1.118 (a diamond's 0.7071, a thin one's 0.9862), and a classic
 * arrow's notch lies 3/4 U back.
 */
export function arrowheadGeometry(name: (typeof ARROWHEADS)[number], size: number, strokeWidth: number): { outline: Point[]; closed: boolean; shortening: number } {
  const U = size + strokeWidth;
  const thin = name.endsWith('Thin');
  if (name.startsWith('diamond')) {
    const tip = -strokeWidth * (thin ? 0.9862 : 0.7071);
    const half = U / (thin ? 3.4 : 2);
    return { outline: [{ x: tip, y: 0 }, { x: tip - U / 2, y: half }, { x: tip - U, y: 0 }, { x: tip - U / 2, y: -half }], closed: true, shortening: U - tip };
  }
  const tip = -strokeWidth * 1.118;
  const half = U / (thin ? 3 : 2);
  const [left, right] = [{ x: tip - U, y: half }, { x: tip - U, y: -half }];
  if (name.startsWith('open')) return { outline: [left, { x: tip, y: 0 }, right], closed: false, shortening: -2 * tip };
  const classic = name.startsWith('classic');
  const outline = classic ? [{ x: tip, y: 0 }, left, { x: tip - 0.75 * U, y: 0 }, right] : [{ x: tip, y: 0 }, left, right];
  return { outline, closed: true, shortening: (classic ? 0.75 : 1) * U - tip };
}

function isArrowhead(name: FileMarkerName): name is (typeof ARROWHEADS)[number] {
  return (ARROWHEADS as readonly string[]).includes(name);
}

function isMenuHead(name: FileMarkerName): name is (typeof MENU_HEADS)[number] {
  return (MENU_HEADS as readonly string[]).includes(name);
}

/**
 * The heads of diagrams.net's menu past the arrowheads, as its mxMarker draws them, and how far
 * each stops the line short of the end:
 * - `async`: half a block, U = size + stroke long and U / 2 wide, its tip back by the stroke x 1.118;
 *   `openAsync` its one side from the end itself;
 * - `box`: a square of side U + 1 behind the end; `cross` and `dash` an X and its one stroke over
 *   the same square one half-side further back, the line running through to the end;
 * - `circle`: a circle of radius R = size + stroke, its centre R + stroke back; `circlePlus` the
 *   same with a cross inside, its arms a stroke short of the ring.
 */
function menuHeadParts(name: (typeof MENU_HEADS)[number], marker: FileMarker): { parts: MarkerPart[]; shortening: number } {
  const { size, strokeWidth: sw } = marker;
  const U = size + sw;
  const side = marker.atSource ? 1 : -1;
  const square = U + 1;
  // Filled in the line's colour unless the file says endFill=0.
  const fill: PartFill = marker.filled ? 'ink' : 'none';
  const slash: MarkerPart = { kind: 'path', points: [{ x: -square / 2, y: square / 2 }, { x: (-3 * square) / 2, y: -square / 2 }] };
  switch (name) {
    case 'async': {
      const tip = -sw * 1.118;
      return { parts: [{ kind: 'path', points: [{ x: tip, y: 0 }, { x: tip - U, y: (side * U) / 2 }, { x: tip - U, y: 0 }], closed: true, fill }], shortening: U - tip };
    }
    case 'openAsync':
      return { parts: [{ kind: 'path', points: [{ x: 0, y: 0 }, { x: -U, y: (side * U) / 2 }] }], shortening: 0 };
    case 'box':
      return { parts: [{ kind: 'path', points: [{ x: 0, y: square / 2 }, { x: 0, y: -square / 2 }, { x: -square, y: -square / 2 }, { x: -square, y: square / 2 }], closed: true, fill }], shortening: square };
    case 'dash':
      return { parts: [slash], shortening: 0 };
    case 'cross':
      return { parts: [slash, { kind: 'path', points: [{ x: -square / 2, y: -square / 2 }, { x: (-3 * square) / 2, y: square / 2 }] }], shortening: 0 };
    case 'circle':
    case 'circlePlus': {
      const centre = -(U + sw);
      const ring: MarkerPart = { kind: 'circle', cx: centre, r: U, fill };
      const plus: MarkerPart[] = [
        { kind: 'path', points: [{ x: -sw, y: 0 }, { x: 2 * centre + sw, y: 0 }] },
        { kind: 'path', points: [{ x: centre, y: U }, { x: centre, y: -U }] },
      ];
      return { parts: name === 'circlePlus' ? [ring, ...plus] : [ring], shortening: 2 * U + sw };
    }
  }
}

/** The parts a named end is drawn with and how far it stops the line short, for the ends drawn as parts (the menu's heads, the libraries' ends). */
function drawnParts(marker: FileMarker): { parts: MarkerPart[]; shortening: number } | undefined {
  if (isMenuHead(marker.name)) return menuHeadParts(marker.name, marker);
  if (isLibraryMarker(marker.name)) return { parts: libraryMarkerParts(marker.name, marker.size, marker.strokeWidth), shortening: 0 };
  return undefined;
}

/** How far back from the end diagrams.net stops the edge's line for this marker. */
export function markerShortening(marker: FileMarker): number {
  if (isArrowhead(marker.name)) return arrowheadGeometry(marker.name, marker.size, marker.strokeWidth).shortening;
  const drawn = drawnParts(marker);
  if (drawn) return drawn.shortening;
  return marker.name === 'oval' ? marker.size / 2 : 0;
}

/** How far back from the tip the marker reaches (its box's width less any overhang past the tip). */
function reach(marker: FileMarker): { back: number; half: number; past: number } {
  const L = marker.size + marker.strokeWidth + 1;
  const r = marker.size / 2;
  if (isArrowhead(marker.name)) {
    const { outline } = arrowheadGeometry(marker.name, marker.size, marker.strokeWidth);
    return { back: -Math.min(...outline.map((p) => p.x)), half: Math.max(...outline.map((p) => p.y)), past: 0 };
  }
  const drawn = drawnParts(marker);
  if (drawn) return partsReach(drawn.parts);
  switch (marker.name) {
    case 'oval':
      return { back: r, half: r, past: r };
    case 'halfCircle':
      return { back: L, half: L, past: 0 };
    case 'ERzeroToOne':
    case 'ERzeroToMany':
      return { back: 1.5 * L + r, half: Math.max(L / 2, r), past: 0 };
    default:
      return { back: L, half: L / 2, past: 0 };
  }
}

const f = (n: number) => Math.round(n * 100) / 100;

/** Where the end (the unshortened line's tip) sits in the marker's box. */
function tipOf(marker: FileMarker): Point {
  const { back, half } = reach(marker);
  const pad = marker.strokeWidth;
  return { x: pad + back, y: half + pad };
}

/**
 * The `<marker>`'s attributes: user-space units, turned along the path (reversed at a start). Its
 * reference point is where the shortened line ends, so the tip lands on the edge's end.
 */
export function fileMarkerAttributes(marker: FileMarker) {
  const { past } = reach(marker);
  const tip = tipOf(marker);
  const [w, h] = [tip.x + past + marker.strokeWidth, 2 * tip.y];
  return { viewBox: `0 0 ${f(w)} ${f(h)}`, markerWidth: f(w), markerHeight: f(h), markerUnits: 'userSpaceOnUse', refX: f(tip.x - markerShortening(marker)), refY: f(tip.y), orient: 'auto-start-reverse' } as const;
}

/**
 * The marker's drawing, in its box with the tip at (refX, refY) and the edge coming in from the
 * left. `outline`: its strokes in another colour and width, the fills kept (a filledEdge's second head).
 */
export function fileMarkerBody(marker: FileMarker, color: string, outline?: { color: string; width: number }): string {
  const { x, y } = tipOf(marker);
  const L = marker.size + marker.strokeWidth + 1;
  const r = marker.size / 2;
  const stroke = `stroke="${(outline?.color ?? color).replace(/"/g, '')}" stroke-width="${f(outline?.width ?? marker.strokeWidth)}"`;
  const pathData = (outline: readonly Point[], closed: boolean) => outline.map((p, i) => `${i ? 'L' : 'M'}${f(x + p.x)},${f(y + p.y)}`).join(' ') + (closed ? ' Z' : '');
  // Filled in the line's colour unless the file says endFill=0 (then only outlined); an open arrow is never filled.
  const fill = (closed: boolean) => (closed && marker.filled ? color.replace(/"/g, '') : 'none');
  if (isArrowhead(marker.name)) {
    const { outline, closed } = arrowheadGeometry(marker.name, marker.size, marker.strokeWidth);
    return `<path d="${pathData(outline, closed)}" fill="${fill(closed)}" ${stroke} stroke-miterlimit="10"/>`;
  }
  const drawn = drawnParts(marker);
  if (drawn) {
    const paint = (fill: PartFill) => (fill === 'ink' ? color.replace(/"/g, '') : fill === 'own' && marker.fillColor ? marker.fillColor.replace(/"/g, '') : 'none');
    return drawn.parts
      .map((part) => {
        if (part.kind === 'path') return `<path d="${pathData(part.points, part.closed ?? false)}" fill="${paint(part.fill ?? 'none')}" ${stroke} stroke-miterlimit="10"/>`;
        if (part.kind === 'circle') return `<circle cx="${f(x + part.cx)}" cy="${f(y)}" r="${f(part.r)}" fill="${paint(part.fill)}" ${stroke}/>`;
        const [from, to] = [part.from, part.to].map((p) => `${f(x + p.x)},${f(y + p.y)}`);
        return `<path d="M${from} A${f(part.r)},${f(part.r)} 0 0 1 ${to}" fill="${paint(part.fill)}" ${stroke}/>`;
      })
      .join('');
  }
  const bar = (back: number) => `M${f(x - back)},${f(y - L / 2)} L${f(x - back)},${f(y + L / 2)}`;
  const crow = `M${f(x)},${f(y - L / 2)} L${f(x - L)},${f(y)} L${f(x)},${f(y + L / 2)}`;
  const line = (d: string) => `<path d="${d}" fill="none" ${stroke}/>`;
  // An ER circle is white inside when filled (diagrams.net fills it white, not in the line's colour).
  const ring = `<circle cx="${f(x - 1.5 * L)}" cy="${f(y)}" r="${f(r)}" fill="${marker.filled ? '#ffffff' : 'none'}" ${stroke}/>`;
  switch (marker.name) {
    case 'oval':
      // Filled in the line's colour, or (endFill=0) only outlined: the line stops at the circle's back, so nothing shows inside.
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${marker.filled ? color.replace(/"/g, '') : 'none'}" ${stroke}/>`;
    case 'halfCircle':
      return line(`M${f(x)},${f(y - L)} Q${f(x - L)},${f(y - L)} ${f(x - L)},${f(y)} Q${f(x - L)},${f(y + L)} ${f(x)},${f(y + L)}`);
    case 'ERone':
      return line(bar(L / 2));
    case 'ERmandOne':
      return line(`${bar(L / 2)} ${bar(L)}`);
    case 'ERmany':
      return line(crow);
    case 'ERoneToMany':
      return line(`${bar(L)} ${crow}`);
    case 'ERzeroToOne':
      return ring + line(bar(L / 2));
    case 'ERzeroToMany':
      return ring + line(crow);
    default:
      return '';
  }
}
