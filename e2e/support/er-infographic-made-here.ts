/**
 * Made here for the viewer comparison: the legacy Entity Relation shapes (mxER.js) and the
 * Infographic shapes (mxInfographic.js) diagrams.net draws in code, in each button style and with
 * their own parameters, none of which the corpus uses.
 */
export const ER_INFOGRAPHIC_MADE_HERE = 'er-infographic-shapes.drawio';

/** A vertex made here: its id, style and box. */
export type Cell = readonly [id: string, style: string, x: number, y: number, w: number, h: number];

const er = 'html=1;dashed=0;whiteSpace=wrap;shape=mxgraph.er.';

const ER_CELLS: readonly Cell[] = [
  ['entity', `${er}entity;buttonText=Person;textColor=#333333;fontSize=14;fillColor=#ffffff;strokeColor=#666666;`, 20, 20, 120, 50],
  ['entity-rect', `${er}entity;buttonStyle=rect;fillColor=#dae8fc;strokeColor=#6c8ebf;`, 160, 20, 120, 50],
  ['entity-dbl', `${er}entity;buttonStyle=dblFrame;buttonText=Order;fillColor=#fff2cc;strokeColor=#d6b656;`, 300, 20, 120, 50],
  ['attribute', `${er}attribute;buttonText=id;fillColor=#ffffff;strokeColor=#666666;fontSize=14;`, 20, 90, 100, 50],
  ['attribute-dbl', `${er}attribute;buttonStyle=dblFrame;buttonText=tags;fillColor=#f5f5f5;strokeColor=#666666;fontSize=14;`, 140, 90, 100, 50],
  ['has', `${er}has;buttonText=has;fillColor=#ffffff;strokeColor=#666666;fontSize=14;`, 260, 90, 100, 60],
  ['has-dbl', `${er}has;buttonStyle=dblFrame;buttonText=owns;fillColor=#e1d5e7;strokeColor=#9673a6;fontSize=14;`, 380, 90, 100, 60],
  ['cloud', `${er}cloud;buttonText=Cloud;fillColor=#ffffff;strokeColor=#666666;`, 20, 170, 140, 90],
  ['note', `${er}note;buttonText=A note;fillColor=#ffffcc;fillColor2=#eeeeaa;strokeColor=#666666;fontSize=14;`, 180, 170, 120, 80],
  ['hierarchy', `${er}hierarchy;buttonText=Person;subText=Student;fillColor=#ffffff;strokeColor=#666666;fontSize=14;`, 320, 170, 180, 70],
  ['hierarchy-rect', `${er}hierarchy;buttonStyle=rect;buttonText=main;subText=sub;fillColor=#f5f5f5;strokeColor=#666666;fontSize=14;`, 320, 260, 180, 70],
  ['entity-ext', `${er}entityExt;buttonText=Customer;subText=+ id,+ name,+ address line;fillColor=#008cff;fillColor2=#ffffff;strokeColor=#666666;fontSize=14;`, 20, 280, 160, 100],
  ['entity-ext-rect', `${er}entityExt;buttonStyle=rect;buttonText=Item;subText=sku,price;fillColor=#60a917;fillColor2=#f5f5f5;strokeColor=#333333;fontSize=12;`, 200, 280, 100, 40],
  ['rrect', `${er}rrect;rSize=15;fillColor=#d5e8d4;strokeColor=#82b366;`, 200, 340, 100, 50],
  ['anchor', `${er}anchor;`, 300, 340, 20, 20],
  ['chens', `${er}chens;fillColor=#ffffff;strokeColor=#666666;fontSize=14;`, 20, 420, 400, 160],
  ['bachmans', `${er}bachmans;fillColor=#ffffff;strokeColor=#666666;fontSize=14;`, 440, 420, 320, 320],
  ['ie', `${er}ie;fillColor=#ffffff;strokeColor=#666666;fontSize=14;`, 20, 600, 400, 200],
  // Two names a side.
  ['hierarchy-two', `${er}hierarchy;buttonText=Person,Staff;subText=Student,Teacher;fillColor=#ffffff;strokeColor=#666666;fontSize=14;`, 520, 260, 180, 70],
  // No colours nor font size of their own: the default vertex style's.
  ['has-plain', `${er}has;buttonStyle=dblFrame;buttonText=plain;`, 440, 760, 100, 60],
  ['entity-ext-plain', `${er}entityExt;`, 560, 760, 160, 90],
];

const ig = 'html=1;shape=mxgraph.infographic.';
const blue = 'fillColor=#10739E;strokeColor=none;';

const INFOGRAPHIC_CELLS: readonly Cell[] = [
  ['ribbon-rolled', `${ig}ribbonRolled;dx=185;dy=15;${blue}`, 20, 20, 200, 60],
  ['ribbon-double', `${ig}ribbonDoubleFolded;dx=25;dy=15;${blue}`, 240, 20, 200, 60],
  ['ribbon-front', `${ig}ribbonFrontFolded;dx=25;dy=15;notch=15;${blue}`, 460, 20, 200, 55],
  ['ribbon-back', `${ig}ribbonBackFolded;dx=25;dy=15;notch=15;fillColor=#F2931E;strokeColor=#333333;`, 680, 20, 200, 55],
  ['banner', `${ig}banner;dx=32;dy=17;notch=15;${blue}`, 20, 100, 300, 55],
  ['banner-single', `${ig}bannerSingleFold;dx=32;dx2=20;dy=17;notch=15;${blue}`, 340, 100, 250, 55],
  ['banner-half', `${ig}bannerHalfFold;dx=40;dx2=20;notch=15;${blue}`, 610, 100, 250, 80],
  ['bar-callout', `${ig}barCallout;dx=100;dy=30;${blue}`, 20, 200, 200, 70],
  ['flag', `${ig}flag;dx=30;dy=20;${blue}`, 240, 200, 200, 70],
  ['parallelogram', `${ig}parallelogram;dx=5;fillColor=#F2931E;strokeColor=none;`, 460, 200, 100, 30],
  ['parallelogram-wide', `${ig}parallelogram;dx=20;fillColor=#ffffff;strokeColor=#666666;`, 580, 200, 120, 40],
  ['numbered', `${ig}numberedEntryVert;dy=25;${blue}`, 720, 200, 80, 160],
  ['arch', `${ig}bendingArch;startAngle=0.75;endAngle=0.25;arcWidth=0.25;${blue}`, 20, 300, 100, 100],
  ['arch-long', `${ig}bendingArch;startAngle=0.1;endAngle=0.8;arcWidth=0.4;fillColor=#AE4132;strokeColor=#333333;`, 140, 300, 120, 100],
  ['part-ring', `${ig}partConcEllipse;startAngle=0;endAngle=0.75;arcWidth=0.4;${blue}`, 280, 300, 100, 100],
  ['part-ring-small', `${ig}partConcEllipse;startAngle=0.2;endAngle=0.4;arcWidth=0.25;fillColor=#12AAB5;strokeColor=none;`, 400, 300, 100, 100],
  ['dial', `${ig}circularDial;dy=15;${blue}`, 520, 300, 100, 140],
  ['callout', `${ig}circularCallout;dy=15;${blue}`, 20, 420, 100, 100],
  ['callout2', `${ig}circularCallout2;dy=15;strokeColor=#10739E;`, 140, 420, 60, 140],
  ['callout2-plain', `${ig}circularCallout2;`, 860, 200, 60, 140],
  ['callout2-filled', `${ig}circularCallout2;strokeColor=#AE4132;fillColor=#ffeeee;`, 220, 420, 100, 200],
  ['triangle', `${ig}shadedTriangle;${blue}`, 340, 460, 100, 80],
  ['pyramid', `${ig}shadedPyramid;${blue}`, 460, 460, 80, 120],
  ['step', `${ig}pyramidStep;fillColor=#F2931E;strokeColor=none;`, 560, 460, 100, 40],
  ['cylinder', `${ig}cylinder;${blue}`, 680, 420, 60, 120],
  ['cube', `${ig}shadedCube;isoAngle=15;${blue}`, 760, 420, 80, 90],
  ['cube-steep', `${ig}shadedCube;isoAngle=40;fillColor=#AE4132;strokeColor=#333333;`, 760, 530, 80, 90],
];

/** A page of vertices, each of no label. */
export function fileOf(name: string, cells: readonly Cell[]): string {
  const xml = cells.map(
    ([id, style, x, y, w, h]) => `<mxCell id="${id}" value="" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`,
  );
  return `<diagram id="${name.toLowerCase()}" name="${name}"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${xml.join('')}</root></mxGraphModel></diagram>`;
}

export const ER_INFOGRAPHIC_MADE_HERE_XML = `<mxfile>${fileOf('ER', ER_CELLS)}${fileOf('Infographic', INFOGRAPHIC_CELLS)}</mxfile>`;
