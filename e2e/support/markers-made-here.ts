/**
 * Made here for the viewer comparison: the edge ends diagrams.net's shape libraries register
 * (mxSysML.js's sysMLPackCont, sysMLReqInt, sysMLProvInt, sysMLx, sysMLLost, sysMLFound) on free
 * edges, at both ends, filled and not, at sizes and stroke widths of their own, in colours (the
 * interfaces in the edge's fillColor too), going right, left, down and on a slant.
 */
export const MARKERS_MADE_HERE = 'markers.drawio';

const LIBRARY_ENDS = ['sysMLPackCont', 'sysMLReqInt', 'sysMLProvInt', 'sysMLx', 'sysMLLost', 'sysMLFound'];

/** A free edge: its style and its two points, no shapes at its ends. */
function freeEdge(id: string, style: string, [x1, y1, x2, y2]: readonly number[]): string {
  return `<mxCell id="${id}" style="${style}" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="${x1}" y="${y1}" as="sourcePoint"/><mxPoint x="${x2}" y="${y2}" as="targetPoint"/></mxGeometry></mxCell>`;
}

const CELLS = LIBRARY_ENDS.flatMap((end, n) => {
  const [x, y] = [20 + (n % 3) * 200, 20 + Math.floor(n / 3) * 200];
  const style = `html=1;startArrow=${end};endArrow=${end};startFill=${n % 2};endFill=1;startSize=${6 + (n % 3) * 3};endSize=${8 + (n % 2) * 4};strokeWidth=${1 + (n % 3)};`;
  const coloured = `${style}strokeColor=#b85450;fillColor=#f8cecc;`;
  return [
    freeEdge(`${end}-right`, style, [x, y, x + 150, y]),
    freeEdge(`${end}-left`, coloured, [x + 150, y + 40, x, y + 40]),
    freeEdge(`${end}-down`, style, [x + 20, y + 70, x + 20, y + 170]),
    freeEdge(`${end}-slant`, coloured, [x + 60, y + 80, x + 150, y + 160]),
  ];
});

export const MARKERS_MADE_HERE_XML = `<mxfile><diagram id="markers" name="Library ends"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${CELLS.join('')}</root></mxGraphModel></diagram></mxfile>`;
