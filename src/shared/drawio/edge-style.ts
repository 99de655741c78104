/**
 * The style an edge made in the studio is written with, and the style every edge is drawn from:
 * a file's own, else the one it will be written with. So the canvas, the export and diagrams.net
 * read one style for each edge and cannot disagree about its route, width, dashes or heads. Pure.
 */
import { fileStyleText, portAnchor, type ArrowHead, type EdgeRecord, type EdgeStyleName, type Port } from './model';
import { styleEntries } from './stencils';

/** The base of an edge made here (before its line style, arrows and ports); diagrams.net routes it orthogonally. */
export const EDGE_BASE_STYLE = 'edgeStyle=orthogonalEdgeStyle;rounded=0;orthogonalLoop=1;jettySize=auto;html=1;';

/** The keys each line style adds; diagrams.net's own dash patterns (3 3 for dashed, none given). */
export const LINE_STYLE_KEYS: Record<EdgeStyleName, ReadonlyArray<readonly [string, string]>> = {
  solid: [],
  orthogonal: [],
  dashed: [['dashed', '1']],
  dotted: [
    ['dashed', '1'],
    ['dashPattern', '1 4'],
  ],
  curved: [['curved', '1']],
  animated: [['flowAnimation', '1']],
};

/** draw.io marker name (and whether it is filled) for each arrow head. */
const ARROW_MARKERS: Record<ArrowHead, { marker: string; filled?: boolean }> = {
  arrow: { marker: 'classic' },
  'open-arrow': { marker: 'open' },
  diamond: { marker: 'diamond', filled: true },
  circle: { marker: 'oval', filled: true },
  'crow-foot': { marker: 'ERmany' },
  none: { marker: 'none' },
};

/** What of an edge its written style says. */
export type StyledEdge = Pick<EdgeRecord, 'lineStyle' | 'sourceArrow' | 'targetArrow' | 'exit' | 'entry' | 'stroke' | 'straight'>;

/** The style the model writes for an edge of its own, key by key in the order it writes them. */
export function madeEdgeStyle(edge: StyledEdge): Map<string, string> {
  const style = styleEntries(EDGE_BASE_STYLE);
  for (const [key, value] of LINE_STYLE_KEYS[edge.lineStyle] ?? []) style.set(key, value);
  setArrow(style, 'start', edge.sourceArrow);
  setArrow(style, 'end', edge.targetArrow);
  if (edge.exit) setPort(style, 'exit', edge.exit);
  if (edge.entry) setPort(style, 'entry', edge.entry);
  if (edge.stroke !== undefined) style.set('strokeColor', edge.stroke);
  if (edge.straight) style.delete('edgeStyle');
  return style;
}

/** The diagrams.net end the studio writes for a head (`classic` for an arrow). */
export function headMarkerName(head: ArrowHead): string {
  return (ARROW_MARKERS[head] ?? ARROW_MARKERS.arrow).marker;
}

function setArrow(style: Map<string, string>, end: 'start' | 'end', head: ArrowHead): void {
  const { marker, filled } = ARROW_MARKERS[head] ?? ARROW_MARKERS.arrow;
  style.set(`${end}Arrow`, marker);
  if (filled) style.set(`${end}Fill`, '1');
}

/** A port as diagrams.net writes a connection constraint: its point, and the pixels added (0 unless given). */
function setPort(style: Map<string, string>, end: 'exit' | 'entry', port: Port): void {
  const { x, y, dx, dy } = portAnchor(port);
  style.set(`${end}X`, String(x));
  style.set(`${end}Y`, String(y));
  style.set(`${end}Dx`, String(dx));
  style.set(`${end}Dy`, String(dy));
  if (port.perimeter === false) style.set(`${end}Perimeter`, '0');
}

/** The style text an edge is drawn from: its file's, else the one it will be written with. */
export function edgeStyleText(edge: StyledEdge & Pick<EdgeRecord, 'file'>): string {
  const text = fileStyleText(edge.file);
  if (text !== undefined) return text;
  let out = '';
  for (const [key, value] of madeEdgeStyle(edge)) out += `${key}=${value};`;
  return out;
}
