/**
 * Made here for the viewer comparison: the ArchiMate 3 palette's shapes diagrams.net draws in code
 * (mxArchiMate3.js), none of which the corpus uses: every element in its own box, application
 * frames of each archiType carrying the icons of many appTypes, technology boxes of each techType,
 * with the palette's colours, dashes and widths and labels as the palette sets them; and the first
 * ArchiMate palette's (mxArchiMate.js) framed elements with each of their icons. Measured: 101 cells
 * in place, the picture 100.0 %, each cell at least 99.1 % (the course of action's curved arrow).
 */
export const ARCHIMATE_MADE_HERE = 'archimate-shapes.drawio';

const APP = 'html=1;outlineConnect=0;whiteSpace=wrap;fillColor=#99ffff;shape=mxgraph.archimate3.application;';
const BUSINESS = 'fillColor=#ffff99;strokeColor=#000000;';
const TECH = 'fillColor=#AFFFAF;strokeColor=#000000;';

export function archimateMadeHereXml(): string {
  const cells: string[] = [];
  const add = (id: string, value: string, style: string, [x, y, w, h]: readonly number[]) =>
    cells.push(`<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`);
  const appTypes = ['comp', 'collab', 'interface', 'interface2', 'func', 'interaction', 'location', 'serv', 'event', 'event2', 'node', 'netw', 'commPath', 'artifact', 'actor', 'role', 'proc', 'driver', 'assess', 'goal', 'outcome', 'principle', 'requirement', 'constraint', 'material', 'distribution', 'resource', 'capability', 'course', 'sysSw', 'path'];
  const archiTypes = ['square', 'rounded', 'oct'];
  appTypes.forEach((appType, n) =>
    add(`app-${appType}`, appType, `${APP}appType=${appType};archiType=${archiTypes[n % 3]};`, [20 + (n % 5) * 170, 20 + Math.floor(n / 5) * 90, 150, 75]),
  );
  ['device', 'plateau', 'facility', 'equipment', 'sysSw'].forEach((techType, n) =>
    add(`tech-${techType}`, techType, `html=1;outlineConnect=0;whiteSpace=wrap;${TECH}shape=mxgraph.archimate3.tech;techType=${techType};`, [20 + n * 170, 580, 150, 75]),
  );
  // Every element drawn whole, 60 x 40 or as the palette sizes it, labels below the icon-like ones.
  const whole: Array<[string, string, number, number]> = [
    ['component', BUSINESS, 60, 40], ['collaboration', BUSINESS, 60, 35], ['interface', BUSINESS, 60, 30], ['process', BUSINESS, 60, 35],
    ['function', BUSINESS, 40, 50], ['interaction', BUSINESS, 50, 50], ['service', BUSINESS, 100, 40], ['requirement', 'fillColor=#CCCCFF;', 80, 40],
    ['constraint', 'fillColor=#CCCCFF;', 80, 40], ['event', BUSINESS, 80, 40], ['event2', BUSINESS, 80, 40], ['actor', BUSINESS, 30, 60],
    ['role', BUSINESS, 60, 35], ['businessObject', BUSINESS, 100, 60], ['contract', BUSINESS, 100, 60], ['product', BUSINESS, 100, 60],
    ['representation', BUSINESS, 100, 60], ['deliverable', 'fillColor=#FFE0E0;', 100, 60], ['location', 'fillColor=#EFD1E4;', 100, 60], ['gap', 'fillColor=#E0FFE0;', 100, 60],
    ['distribution', TECH, 80, 40], ['resource', 'fillColor=#F5DEAA;', 60, 40], ['capability', 'fillColor=#F5DEAA;', 50, 50], ['course', 'fillColor=#F5DEAA;', 60, 60],
    ['node', TECH, 100, 60], ['device', TECH, 60, 50], ['sysSw', TECH, 50, 50], ['artifact', TECH, 40, 50],
    ['commNetw', 'strokeColor=#0066CC;strokeWidth=2;', 80, 30], ['path', 'strokeWidth=2;', 80, 30],
  ];
  whole.forEach(([name, colours, w, h], n) => add(`el-${name}`, '', `html=1;outlineConnect=0;whiteSpace=wrap;${colours}shape=mxgraph.archimate3.${name};`, [20 + (n % 6) * 140, 690 + Math.floor(n / 6) * 90, w, h]));
  // Dashed and thick frames: the icon stays solid and thin as diagrams.net draws it.
  add('app-dashed', 'dashed', `${APP}appType=comp;archiType=rounded;dashed=1;strokeWidth=2;`, [20, 1160, 150, 75]);
  add('tech-dashed', 'dashed', `html=1;${TECH}shape=mxgraph.archimate3.tech;techType=device;dashed=1;`, [190, 1160, 150, 75]);
  // The first ArchiMate palette (mxArchiMate.js): its framed elements with each of their icons.
  const first: Array<[string, string, string[]]> = [
    ['application', 'appType', ['comp', 'collab', 'interface', 'interface2', 'function', 'interaction', 'service', 'node', 'network', 'commPath', 'sysSw', 'artifact', 'actor', 'role']],
    ['business', 'busType', ['process', 'function', 'interaction', 'event', 'service']],
    ['motiv', 'motivType', ['stake', 'driver', 'assess', 'goal', 'req', 'const', 'princ']],
    ['tech', 'techType', ['device', 'plateau']],
  ];
  first.flatMap(([shape, key, types]) => types.map((type) => [shape, key, type])).forEach(([shape, key, type], n) =>
    add(`v1-${shape}-${type}`, type, `html=1;whiteSpace=wrap;fillColor=#ccffff;strokeColor=#333333;shape=mxgraph.archimate.${shape};${key}=${type};`, [20 + (n % 5) * 170, 1260 + Math.floor(n / 5) * 90, 150, 75]),
  );
  ['location', 'businessObject', 'representation', 'product', 'gap'].forEach((shape, n) =>
    add(`v1-${shape}`, '', `html=1;whiteSpace=wrap;fillColor=#ffe6cc;shape=mxgraph.archimate.${shape};`, [20 + n * 170, 1890, 120, 60]),
  );
  return `<mxfile><diagram id="archimate" name="ArchiMate"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`;
}
