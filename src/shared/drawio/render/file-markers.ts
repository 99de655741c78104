/**
 * Edge ends diagrams.net draws by name that the studio's own heads do not cover, drawn with its
 * geometry (its mxMarker shapes): UML's socket (`halfCircle`) and lollipop (`oval`, sized by
 * endSize), and the entity-relation ends (`ERone`, `ERmandOne`, `ERmany`, `ERoneToMany`,
 * `ERzeroToOne`, `ERzeroToMany`). Each is measured from the end's tip back along the edge by
 * L = size + stroke width + 1. Used while the edge's head is the one the file gave it; the canvas
 * and the export draw them as SVG markers from here. Pure.
 */
import { fileStyleText, type EdgeRecord } from '../model';
import { styleEntries } from '../stencils';

const NAMES = ['halfCircle', 'oval', 'ERone', 'ERmandOne', 'ERmany', 'ERoneToMany', 'ERzeroToOne', 'ERzeroToMany'] as const;
export type FileMarkerName = (typeof NAMES)[number];

export interface FileMarker {
  name: FileMarkerName;
  /** `endSize`/`startSize` (diagrams.net's default 6). */
  size: number;
  strokeWidth: number;
  /** `endFill`/`startFill` is not 0: an ER circle filled white, a lollipop filled in the stroke's colour. */
  filled: boolean;
}

const DEFAULT_SIZE = 6;

function positive(value: string | undefined, fallback: number, most: number): number {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? Math.min(n, most) : fallback;
}

/** The named end an edge's file gives it at `end`, while its head there is still the one read from the file. */
export function fileMarker(edge: Pick<EdgeRecord, 'file' | 'sourceArrow' | 'targetArrow'>, end: 'source' | 'target'): FileMarker | undefined {
  const text = fileStyleText(edge.file);
  if (text === undefined) return undefined;
  const key = end === 'source' ? 'sourceArrow' : 'targetArrow';
  const read = edge.file?.read as Partial<EdgeRecord> | undefined;
  if (read && read[key] !== undefined && read[key] !== edge[key]) return undefined;
  const style = styleEntries(text);
  const prefix = end === 'source' ? 'start' : 'end';
  const name = style.get(`${prefix}Arrow`);
  if (!name || !(NAMES as readonly string[]).includes(name)) return undefined;
  return {
    name: name as FileMarkerName,
    size: positive(style.get(`${prefix}Size`), DEFAULT_SIZE, 60),
    strokeWidth: positive(style.get('strokeWidth'), 1, 20),
    filled: style.get(`${prefix}Fill`) !== '0',
  };
}

/** The marker's id: its name, size, stroke, fill and colour. */
export function fileMarkerId(marker: FileMarker, color: string): string {
  const size = `${marker.size}-${marker.strokeWidth}`.replace(/[^0-9-]/g, '_');
  return `tandem-file-marker-${marker.name}-${size}${marker.filled ? '' : '-open'}-${color.replace(/[^0-9a-zA-Z]/g, '')}`;
}

/** How far back from the tip the marker reaches (its box's width less any overhang past the tip). */
function reach(marker: FileMarker): { back: number; half: number; past: number } {
  const L = marker.size + marker.strokeWidth + 1;
  const r = marker.size / 2;
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

/** The `<marker>`'s attributes: user-space units, the tip at refX, turned along the path (reversed at a start). */
export function fileMarkerAttributes(marker: FileMarker) {
  const { back, half, past } = reach(marker);
  const pad = marker.strokeWidth;
  const [w, h] = [back + past + 2 * pad, 2 * (half + pad)];
  const f = (n: number) => Math.round(n * 100) / 100;
  return { viewBox: `0 0 ${f(w)} ${f(h)}`, markerWidth: f(w), markerHeight: f(h), markerUnits: 'userSpaceOnUse', refX: f(pad + back), refY: f(h / 2), orient: 'auto-start-reverse' } as const;
}

/** The marker's drawing, in its box with the tip at (refX, refY) and the edge coming in from the left. */
export function fileMarkerBody(marker: FileMarker, color: string): string {
  const a = fileMarkerAttributes(marker);
  const [x, y] = [a.refX, a.refY];
  const L = marker.size + marker.strokeWidth + 1;
  const r = marker.size / 2;
  const f = (n: number) => Math.round(n * 100) / 100;
  const stroke = `stroke="${color.replace(/"/g, '')}" stroke-width="${f(marker.strokeWidth)}"`;
  const bar = (back: number) => `M${f(x - back)},${f(y - L / 2)} L${f(x - back)},${f(y + L / 2)}`;
  const crow = `M${f(x)},${f(y - L / 2)} L${f(x - L)},${f(y)} L${f(x)},${f(y + L / 2)}`;
  const line = (d: string) => `<path d="${d}" fill="none" ${stroke}/>`;
  // An ER circle is white inside when filled (diagrams.net fills it white, not in the line's colour).
  const ring = `<circle cx="${f(x - 1.5 * L)}" cy="${f(y)}" r="${f(r)}" fill="${marker.filled ? '#ffffff' : 'none'}" ${stroke}/>`;
  switch (marker.name) {
    case 'oval':
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${marker.filled ? color.replace(/"/g, '') : '#ffffff'}" ${stroke}/>`;
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
  }
}
